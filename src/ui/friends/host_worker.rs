//! The `main` of a family's host worker module (`friends_host`, `friends_uno_host`): the game,
//! its bots and `net::Host` in a Web Worker (see [`crate::net::worker`]). No yew is reached from
//! here, so the worker's module carries none.

use crate::net::worker::{to_bytes, Family, FromWorker, Worker};
use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Reads the page's messages and posts the worker's answers, for family `F`.
pub fn run<F: Family>() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post = {
        let scope = scope.clone();
        move |m: &FromWorker| {
            let _ = scope.post_message(&js_sys::Uint8Array::from(&to_bytes(m)[..]));
        }
    };
    let worker = RefCell::new(Worker::<F>::default());
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let Ok(bytes) = e.data().dyn_into::<js_sys::Uint8Array>() else { return };
        // Messages come one at a time (a worker's event loop): the borrow is always free.
        let Ok(mut worker) = worker.try_borrow_mut() else { return };
        for m in worker.handle(&bytes.to_vec()) {
            post(&m);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The listener lives as long as the worker.
    on_message.forget();
    // Messages posted before this module was up were not read: the page waits for this.
    let _ = scope.post_message(&js_sys::Uint8Array::from(&to_bytes(&FromWorker::Ready)[..]));
}
