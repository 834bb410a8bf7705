//! The drills' worker as messages: its `main` ([`run`], the `drills_work` module, no yew) and
//! the pages' ends of it: the drills' ([`Helper`]) and the casino table's grading
//! ([`GradeWorker`]). What is asked and answered, and the work itself, are in `work.rs` and
//! `ui/casino/grade.rs`; here the numbers are only carried, as a `Float64Array` each way.

use super::work::{serve, Reply, Request};
use crate::ui::casino::grade::{GradeReply, Grader, GRADE_TAG};
use crate::ui::module_worker::ModuleWorker;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// The worker's module beside the page (trunk's loader shim of the `drills_work` bin).
const WORKER_URL: &str = "drills_work_loader.js";

fn numbers(data: JsValue) -> Option<Vec<f64>> {
    data.dyn_into::<js_sys::Float64Array>().ok().map(|a| a.to_vec())
}

fn post_numbers(scope: &DedicatedWorkerGlobalScope, v: &[f64]) {
    let _ = scope.post_message(&js_sys::Float64Array::from(v));
}

/// A slice of the grader's work, run by a timer.
type Slice = Closure<dyn FnMut()>;

/// How long the index plays being worked out for the casino table hold the worker at a time
/// (ms) before it reads the asks that came meanwhile: an ask waits at most about this long.
const SLICE_MS: f64 = 25.0;

/// The worker's `main`: each drills request is worked out to the end as it comes (a worker may
/// take its time: the page's thread is not this one), its replies posted as they are found. The
/// casino table's grading messages (first number [`GRADE_TAG`]) go to one [`Grader`], which works
/// its index plays out in slices between them (a timer each), so an ask is answered at once.
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post = move |scope: &DedicatedWorkerGlobalScope, r: Reply| post_numbers(scope, &r.encode());
    let grader = Rc::new(RefCell::new(Grader::default()));
    // The next slice of the grader's work, while it has some: one timer at a time.
    let slice: Rc<RefCell<Option<Slice>>> = Rc::default();
    let due = Rc::new(Cell::new(false));
    let schedule = {
        let (scope, slice, due, grader) = (scope.clone(), slice.clone(), due.clone(), grader.clone());
        move || {
            if due.get() || !grader.borrow().busy() {
                return;
            }
            // `setTimeout` through the global object: the worker's scope type has no binding for
            // it without another web-sys feature.
            let set_timeout = js_sys::Reflect::get(&scope, &JsValue::from_str("setTimeout"))
                .ok()
                .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
            if let (Some(set_timeout), Some(f)) = (set_timeout, slice.borrow().as_ref()) {
                due.set(set_timeout.call2(&scope, f.as_ref(), &JsValue::from_f64(0.0)).is_ok());
            }
        }
    };
    let schedule = Rc::new(schedule);
    *slice.borrow_mut() = Some({
        let (scope, grader, due, schedule) = (scope.clone(), grader.clone(), due.clone(), schedule.clone());
        Closure::<dyn FnMut()>::new(move || {
            due.set(false);
            let start = js_sys::Date::now();
            while grader.borrow().busy() && js_sys::Date::now() - start < SLICE_MS {
                let news = grader.borrow_mut().step();
                if let Some(news) = news {
                    post_numbers(&scope, &news.encode());
                }
            }
            (*schedule)();
        })
    });
    let on_message = {
        let scope = scope.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let v = numbers(e.data());
            if let Some(v) = v.as_ref().filter(|v| v.first() == Some(&GRADE_TAG)) {
                let replies = grader.borrow_mut().handle(v);
                for r in replies {
                    post_numbers(&scope, &r.encode());
                }
                return (*schedule)();
            }
            match v.and_then(|v| Request::decode(&v)) {
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
    _worker: ModuleWorker,
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
        let on_reply = Rc::new(on_reply);
        let on_message = {
            let on_reply = on_reply.clone();
            move |worker: &web_sys::Worker, data: JsValue| match numbers(data).and_then(|v| Reply::decode(&v)) {
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
        };
        // A module that cannot load (its files missing, a browser without module workers).
        let on_failed = move |worker: &web_sys::Worker| {
            worker.terminate();
            on_reply(None);
        };
        let worker = ModuleWorker::start(url, on_message, on_failed)?;
        Some(Helper { _worker: worker })
    }
}

/// The casino table's grading in the drills' worker, for as long as this lives (dropped: the
/// worker is stopped). Asks go in order (those asked before the worker is up wait for it, at
/// most [`MAX_WAITING`]); each answer goes to `on_reply`, or `None` if the worker could not
/// start or sent something it could not have sent for these asks (an old worker cached), and
/// the page then goes without.
pub struct GradeWorker {
    worker: ModuleWorker,
    ready: Rc<Cell<bool>>,
    waiting: Rc<RefCell<Vec<Vec<f64>>>>,
}

/// Asks kept while the worker starts (a table makes one a decision).
const MAX_WAITING: usize = 64;

impl GradeWorker {
    /// Starts the worker from its module at `url` (the drills page's, from the casino table);
    /// `None` if this browser cannot (then `on_reply` is never called).
    pub fn start(url: &str, on_reply: impl Fn(Option<GradeReply>) + 'static) -> Option<GradeWorker> {
        let on_reply = Rc::new(on_reply);
        let ready = Rc::new(Cell::new(false));
        let waiting: Rc<RefCell<Vec<Vec<f64>>>> = Rc::default();
        let on_message = {
            let (on_reply, ready, waiting) = (on_reply.clone(), ready.clone(), waiting.clone());
            move |worker: &web_sys::Worker, data: JsValue| {
                let v = numbers(data);
                if v.as_deref() == Some(&Reply::Ready.encode()[..]) {
                    ready.set(true);
                    for ask in waiting.borrow_mut().drain(..) {
                        let _ = worker.post_message(&js_sys::Float64Array::from(&ask[..]));
                    }
                    return;
                }
                on_reply(v.and_then(|v| GradeReply::decode(&v)));
            }
        };
        // A module that cannot load (its files missing, a browser without module workers), or a
        // worker that stopped.
        let on_failed = move |worker: &web_sys::Worker| {
            worker.terminate();
            on_reply(None);
        };
        let worker = ModuleWorker::start(url, on_message, on_failed)?;
        Some(GradeWorker { worker, ready, waiting })
    }

    /// Posts `message` (a grading ask or a `prepare`): at once if the worker is up, else when it is.
    pub fn ask(&self, message: Vec<f64>) {
        if self.ready.get() {
            self.worker.post(&js_sys::Float64Array::from(&message[..]));
        } else {
            let mut waiting = self.waiting.borrow_mut();
            if waiting.len() >= MAX_WAITING {
                waiting.remove(0);
            }
            waiting.push(message);
        }
    }
}
