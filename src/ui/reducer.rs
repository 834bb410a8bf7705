//! The one shape of every table's reducer: a state with `apply(&mut self, msg) -> bool`, plain
//! Rust, built and tested natively; and one thin wrapper, [`Reducer`], that makes any such state
//! a `yew::Reducible` for the page. A message that changed nothing (a stale timer, a bot's late
//! move) keeps the same `Rc`, so nothing re-renders.

/// A table's state that messages change. `apply` returns `false` when the message changed
/// nothing (then the page keeps the state it had).
pub trait Apply: Clone {
    type Msg;
    fn apply(&mut self, msg: Self::Msg) -> bool;
}

/// A table's state as the page's `use_reducer` holds it; it reads as the state itself.
#[derive(Clone, PartialEq)]
pub struct Reducer<S>(pub S);

impl<S> std::ops::Deref for Reducer<S> {
    type Target = S;
    fn deref(&self) -> &S {
        &self.0
    }
}

#[cfg(target_arch = "wasm32")]
impl<S: Apply + 'static> yew::Reducible for Reducer<S> {
    type Action = S::Msg;

    fn reduce(self: std::rc::Rc<Self>, msg: S::Msg) -> std::rc::Rc<Self> {
        let mut next = self.0.clone();
        if next.apply(msg) {
            std::rc::Rc::new(Reducer(next))
        } else {
            self
        }
    }
}
