//! Helpers shared by the browser tests (wasm-bindgen-test in headless Chromium).
#![allow(dead_code)]

/// A fresh element in the page's body to render a component into.
pub fn root() -> web_sys::Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    root
}
