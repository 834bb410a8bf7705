//! The drills' worker as messages: its `main` ([`run`], the `drills_work` module, no yew) and
//! the page's end of it ([`Helper`]). What is asked and answered, and the work itself, are in
//! `work.rs`; here the numbers are only carried, as a `Float64Array` each way.

use super::work::{serve, Reply, Request};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// The worker's module beside the page (trunk's loader shim of the `drills_work` bin).
const WORKER_URL: &str = "drills_work_loader.js";

fn numbers(e: &MessageEvent) -> Option<Vec<f64>> {
    e.data().dyn_into::<js_sys::Float64Array>().ok().map(|a| a.to_vec())
}

/// The worker's `main`: each request is worked out to the end as it comes (a worker may take
/// its time: the page's thread is not this one), its replies posted as they are found.
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post = move |scope: &DedicatedWorkerGlobalScope, r: Reply| {
        let _ = scope.post_message(&js_sys::Float64Array::from(&r.encode()[..]));
    };
    let on_message = {
        let scope = scope.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            match numbers(&e).and_then(|v| Request::decode(&v)) {
                Some(request) => serve(&request, &mut |r| post(&scope, r)),
                None => post(&scope, Reply::Refused),
            }
        })
    };
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The listener lives as long as the worker.
    on_message.forget();
    // A message posted before this module was up was not read: the page waits for this.
    post(&scope, Reply::Ready);
}

/// One request in a worker of its own, for as long as this lives (dropped: the worker is
/// stopped, so work for rules the player has left stops with it). Each reply, or `None` if
/// the worker could not start or sent something unreadable, goes to `on_reply`; after the last
/// one (the plays, the rows or a refusal) the worker stops.
pub struct Helper {
    worker: web_sys::Worker,
    _listener: Closure<dyn FnMut(MessageEvent)>,
    _failed: Closure<dyn FnMut(web_sys::Event)>,
}

impl Helper {
    /// Starts the worker and sends it `request` once it is up; `None` if this browser cannot
    /// start it (then `on_reply` is never called).
    pub fn start(request: Request, on_reply: impl Fn(Option<Reply>) + 'static) -> Option<Helper> {
        Helper::start_at(WORKER_URL, request, on_reply)
    }

    /// [`Helper::start`] with the worker's module at `url` (another page's: `bankroll/` uses
    /// the one built beside the drills page).
    pub fn start_at(url: &str, request: Request, on_reply: impl Fn(Option<Reply>) + 'static) -> Option<Helper> {
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(url, &options).ok()?;
        let on_reply = std::rc::Rc::new(on_reply);
        let listener = {
            let (worker, on_reply) = (worker.clone(), on_reply.clone());
            Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                match numbers(&e).and_then(|v| Reply::decode(&v)) {
                    Some(Reply::Ready) => {
                        let _ = worker.post_message(&js_sys::Float64Array::from(&request.encode()[..]));
                    }
                    Some(Reply::Progress(p)) => on_reply(Some(Reply::Progress(p))),
                    Some(Reply::First(plays)) => on_reply(Some(Reply::First(plays))),
                    last => {
                        worker.terminate();
                        on_reply(last);
                    }
                }
            })
        };
        worker.set_onmessage(Some(listener.as_ref().unchecked_ref()));
        // A module that cannot load (its files missing, a browser without module workers).
        let failed = {
            let worker = worker.clone();
            Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
                worker.terminate();
                on_reply(None);
            })
        };
        worker.set_onerror(Some(failed.as_ref().unchecked_ref()));
        Some(Helper { worker, _listener: listener, _failed: failed })
    }
}

impl Drop for Helper {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}
