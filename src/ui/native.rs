//! The native build's `ui`: only the modules that decode what the page reads from links and
//! localStorage. They are the page's own files (no copies), so what the tests and fuzzers check
//! is what the page runs. Everything here must stay free of yew, web-sys and gloo (storage's
//! browser calls are compiled for wasm only).

pub mod settings;
pub mod stats;
pub mod storage;

pub mod shedding {
    pub mod link;
    pub mod saved;
}
