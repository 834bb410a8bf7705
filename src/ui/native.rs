//! The native build's `ui`: the modules that decode what the page reads from links and
//! localStorage, and the tables' reducers with their words. They are the page's own files (no
//! copies), so what the tests and fuzzers check is what the page runs. Everything here must stay
//! free of yew, web-sys and gloo (storage's browser calls are compiled for wasm only).

pub mod daily;
pub mod reducer;
pub mod replay;
pub mod settings;
pub mod stats;
pub mod storage;
pub mod text;

/// Tables with friends: the friend's side (`peer`), its words, and each family's page but its
/// drawn table.
pub mod friends {
    pub mod casino;
    pub mod newcomer;
    pub mod news;
    pub mod page;
    pub mod peer;
    pub mod room;
    pub mod shedding;
    pub mod uno;
    pub mod words;
}

pub mod casino {
    pub mod bank;
    pub mod daily;
    pub mod grade;
    pub mod history;
    pub mod replay;
    pub mod replay_analysis;
    pub mod screen;
    #[cfg(test)]
    mod screen_tests;
    pub mod state;
    pub mod words;
}

pub mod drills {
    pub mod session;
    pub mod state;
    pub mod test_mode;
    pub mod work;
}

pub mod shedding {
    pub mod link;
    pub mod saved;
    pub mod screen;
    pub mod state;
    pub mod words;
}

pub mod uno {
    pub mod replay;
    pub mod screen;
    pub mod state;
    pub mod words;
}
