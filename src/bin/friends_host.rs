//! The host of a table with friends, in a Web Worker of its own (`friends/friends_host_*`): the
//! game, its bots and `net::Host` (see `blackjack::net::worker`). No yew: the host's page starts
//! this module only when a player opens a table, so a friend's page never fetches it.

#[cfg(target_arch = "wasm32")]
fn main() {
    use blackjack::net::worker::{to_bytes, FromWorker, Worker};
    use std::cell::RefCell;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post = {
        let scope = scope.clone();
        move |m: &FromWorker| {
            let _ = scope.post_message(&js_sys::Uint8Array::from(&to_bytes(m)[..]));
        }
    };
    let worker = RefCell::new(Worker::default());
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

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The host of a table with friends runs in the browser, in a Web Worker (see README.md).");
}
