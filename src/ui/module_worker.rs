//! Starting one of the site's worker modules (the search worker, the drills' worker, a table's
//! host) and letting it go, written once for every page's end of a worker: `search_worker.rs`,
//! `drills/worker.rs` and `friends/session.rs` each only say what their messages mean.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Event, MessageEvent, Worker};

/// A module worker for as long as this lives: dropped, its callbacks are detached (a message
/// already on its way finds no listener) and the worker is stopped.
pub struct ModuleWorker {
    worker: Worker,
    _listener: Closure<dyn FnMut(MessageEvent)>,
    _failed: Closure<dyn FnMut(Event)>,
}

impl ModuleWorker {
    /// Starts the module at `url` (relative to the page): each message it posts goes to
    /// `on_message`, and a failure (a module that cannot load: its files missing, a browser
    /// without module workers; or an error the worker did not catch) to `on_failed`. `None` if
    /// this browser cannot start it (then neither is called).
    pub fn start(
        url: &str,
        mut on_message: impl FnMut(&Worker, JsValue) + 'static,
        mut on_failed: impl FnMut(&Worker) + 'static,
    ) -> Option<ModuleWorker> {
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = Worker::new_with_options(url, &options).ok()?;
        let listener = {
            let worker = worker.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| on_message(&worker, e.data()))
        };
        worker.set_onmessage(Some(listener.as_ref().unchecked_ref()));
        let failed = {
            let worker = worker.clone();
            Closure::<dyn FnMut(Event)>::new(move |_: Event| on_failed(&worker))
        };
        worker.set_onerror(Some(failed.as_ref().unchecked_ref()));
        Some(ModuleWorker { worker, _listener: listener, _failed: failed })
    }

    /// Posts `message` to the worker (one that stopped drops it).
    #[inline]
    pub fn post(&self, message: &JsValue) {
        let _ = self.worker.post_message(message);
    }
}

impl Drop for ModuleWorker {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}
