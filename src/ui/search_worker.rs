//! The search worker as messages: its `main` ([`run`], the `search_work` module, no yew) and the
//! page's end of it ([`SearchWorker`]). What is asked and answered, and the search itself, are in
//! `bots/work.rs` (and, for the casino replay's analysis, `bots/casino_analysis.rs`); here the
//! bytes are only carried: the request as a `Uint8Array`, the reply as a string.

use crate::bots::casino_analysis::CasinoAsk;
use crate::bots::work::{Reply, Request, READY, UNKNOWN};
use crate::ui::module_worker::ModuleWorker;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// The worker's module beside the page (trunk's loader shim of the `search_work` bin).
const WORKER_URL: &str = "search_work_loader.js";

/// What the table says when the worker cannot start (an old browser, a failed download): the
/// hard bots then play the normal level's moves, and the game goes on.
pub const UNAVAILABLE: &str =
    "The hard bots cannot think ahead in this browser, so they play the normal level's moves for now.";

/// The worker's `main`: each request is searched to the end as it comes (the page's thread is
/// not this one), and its reply posted.
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post = |scope: &DedicatedWorkerGlobalScope, reply: String| {
        let _ = scope.post_message(&JsValue::from_str(&reply));
    };
    let on_message = {
        let scope = scope.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            // Text is the replay page's analysis, bytes a table's search or, by their first
            // byte, the casino replay's analysis; anything else is a page of another build's.
            let reply = match (e.data().as_string(), e.data().dyn_into::<js_sys::Uint8Array>()) {
                (Some(text), _) => crate::ui::replay::serve_text(&text),
                (None, Ok(bytes)) => crate::ui::replay::serve_bytes(&bytes.to_vec()),
                (None, Err(_)) => UNKNOWN.to_string(),
            };
            post(&scope, reply);
        })
    };
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The listener lives as long as the worker.
    on_message.forget();
    // A message posted before this module was up was not read: the page waits for this.
    post(&scope, READY.to_string());
}

/// The table's search worker, for as long as this lives (dropped: the worker is stopped). Each
/// reply it reads goes to `on_reply`, or `None` once if the worker could not start or stopped.
pub struct SearchWorker {
    worker: ModuleWorker,
    ready: Rc<Cell<bool>>,
    /// A request asked before the worker was up: only the latest is worth searching.
    waiting: Rc<RefCell<Option<JsValue>>>,
}

impl SearchWorker {
    /// Starts the worker; `None` if this browser cannot (then `on_reply` is never called).
    pub fn start(on_reply: impl Fn(Option<Reply>) + 'static) -> Option<SearchWorker> {
        Self::start_reading(WORKER_URL, Reply::decode, on_reply)
    }

    /// Starts the worker from its module at `url`, relative to the page (another page than the
    /// table's, a replay's analysis, starts the table's own worker, never a second build), its
    /// replies read by `read` (each analysis reads its own: [`crate::ui::replay::Judgement`],
    /// [`casino_analysis::CasinoReply`], so the casino replay links no shedding reader).
    pub fn start_reading<R: 'static>(
        url: &str,
        read: impl Fn(&str) -> Option<R> + 'static,
        on_reply: impl Fn(Option<R>) + 'static,
    ) -> Option<SearchWorker> {
        let on_reply = Rc::new(on_reply);
        let ready = Rc::new(Cell::new(false));
        let waiting: Rc<RefCell<Option<JsValue>>> = Rc::default();
        let on_message = {
            let (on_reply, ready, waiting) = (on_reply.clone(), ready.clone(), waiting.clone());
            move |worker: &web_sys::Worker, data: JsValue| {
                // Anything but a reply it could have sent is dropped (the bot's move is then the
                // table's timer's to worry about: no reply, no move, but nothing breaks).
                let Some(text) = data.as_string() else { return };
                if text == READY {
                    ready.set(true);
                    if let Some(message) = waiting.borrow_mut().take() {
                        let _ = worker.post_message(&message);
                    }
                    return;
                }
                let Some(reply) = read(&text) else { return };
                on_reply(Some(reply));
            }
        };
        // A module that cannot load, or a worker that stopped (a request it could not search).
        let on_failed = move |worker: &web_sys::Worker| {
            worker.terminate();
            on_reply(None);
        };
        let worker = ModuleWorker::start(url, on_message, on_failed)?;
        Some(SearchWorker { worker, ready, waiting })
    }

    /// Asks for a search: at once if the worker is up, else when it is.
    pub fn ask(&self, request: &Request) {
        self.send(js_sys::Uint8Array::from(&request.encode()[..]).into());
    }

    /// Asks for the judgement of a decision of a finished game ([`crate::ui::replay::judge_request`]).
    pub fn ask_judge(&self, text: &str) {
        self.send(JsValue::from_str(text));
    }

    /// Asks for the judgement of a decision of a casino shoe (its view's [`CasinoAsk`]).
    pub fn ask_casino(&self, ask: &CasinoAsk) {
        self.send(js_sys::Uint8Array::from(&ask.encode()[..]).into());
    }

    fn send(&self, message: JsValue) {
        if self.ready.get() {
            self.worker.post(&message);
        } else {
            *self.waiting.borrow_mut() = Some(message);
        }
    }
}
