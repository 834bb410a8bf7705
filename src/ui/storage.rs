//! Versioned localStorage. Every saved value is text: a first line naming the format and its
//! version, then `key=value` lines. An old or unreadable save is recognised and reported, never
//! a crash. (Plain text rather than JSON keeps serde out of the page's download.)

#[cfg(target_arch = "wasm32")]
use gloo_storage::{LocalStorage, Storage};

/// The longest save read back, in bytes. A real one is a few kilobytes (a long British match is
/// about 20 KB of move codes); anything longer was not written by this page and is refused
/// before it is parsed.
pub const MAX_SAVE_BYTES: usize = 256 * 1024;

/// A value the page stores.
pub trait Stored: Sized {
    fn encode(&self) -> Vec<(&'static str, String)>;
    fn decode(fields: &Fields) -> Option<Self>;
}

/// The `key=value` lines of a save.
pub struct Fields<'a>(Vec<(&'a str, &'a str)>);

impl<'a> Fields<'a> {
    pub fn get(&self, key: &str) -> Option<&'a str> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }
    pub fn parse<T: std::str::FromStr>(&self, key: &str) -> Option<T> {
        self.get(key)?.parse().ok()
    }
    pub fn flag(&self, key: &str) -> Option<bool> {
        match self.get(key)? {
            "1" => Some(true),
            "0" => Some(false),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum LoadProblem {
    /// Saved by another version of the app.
    OldVersion(u32),
    /// Not readable at all.
    Corrupt,
    /// Far longer than anything the page writes.
    TooLong(usize),
}

impl LoadProblem {
    pub fn notice(&self, what: &str) -> String {
        match self {
            LoadProblem::OldVersion(v) => {
                format!("Your saved {what} came from another version of the game (format {v}) and could not be restored. It was set aside.")
            }
            LoadProblem::Corrupt => format!("Your saved {what} could not be read and was set aside."),
            LoadProblem::TooLong(_) => format!("Your saved {what} was far too long to be read and was set aside."),
        }
    }
}

const HEADER: &str = "blackjack v";

pub fn encode<T: Stored>(version: u32, value: &T) -> String {
    let mut out = format!("{HEADER}{version}\n");
    for (k, v) in value.encode() {
        out.push_str(k);
        out.push('=');
        out.push_str(&v);
        out.push('\n');
    }
    out
}

pub fn decode<T: Stored>(raw: &str, version: u32) -> Result<T, LoadProblem> {
    if raw.len() > MAX_SAVE_BYTES {
        return Err(LoadProblem::TooLong(raw.len()));
    }
    let mut lines = raw.lines();
    let found: u32 =
        lines.next().and_then(|l| l.strip_prefix(HEADER)).and_then(|v| v.parse().ok()).ok_or(LoadProblem::Corrupt)?;
    if found != version {
        return Err(LoadProblem::OldVersion(found));
    }
    let fields = Fields(lines.filter_map(|l| l.split_once('=')).collect());
    T::decode(&fields).ok_or(LoadProblem::Corrupt)
}

#[cfg(target_arch = "wasm32")]
/// Loads `key`: `Ok(None)` when nothing is saved.
pub fn load<T: Stored>(key: &str, version: u32) -> Result<Option<T>, LoadProblem> {
    match LocalStorage::raw().get_item(key) {
        Ok(Some(raw)) => decode(&raw, version).map(Some),
        Ok(None) => Ok(None),
        Err(_) => Err(LoadProblem::Corrupt),
    }
}

#[cfg(target_arch = "wasm32")]
pub fn save<T: Stored>(key: &str, version: u32, value: &T) {
    // Storage can be full or disabled (private mode); the game goes on either way.
    let _ = LocalStorage::raw().set_item(key, &encode(version, value));
}

/// Whether anything is stored under `key` (a table another page saved: read, never decoded here).
#[cfg(target_arch = "wasm32")]
pub fn has(key: &str) -> bool {
    LocalStorage::raw().get_item(key).is_ok_and(|v| v.is_some())
}

/// Keeps an unreadable save under another key so nothing is silently destroyed.
#[cfg(target_arch = "wasm32")]
pub fn set_aside(key: &str) {
    let storage = LocalStorage::raw();
    if let Ok(Some(raw)) = storage.get_item(key) {
        let _ = storage.set_item(&format!("{key}.unreadable"), &raw);
    }
    let _ = storage.remove_item(key);
}

/// Loads `key`, or the default when nothing is saved; an unreadable save is set aside and
/// becomes a notice naming `what` ("statistics", "chips"): the page starts afresh, never a crash.
#[cfg(target_arch = "wasm32")]
pub fn load_or_notice<T: Stored + Default>(key: &str, version: u32, what: &str) -> (T, Option<String>) {
    match load::<T>(key, version) {
        Ok(saved) => (saved.unwrap_or_default(), None),
        Err(problem) => {
            set_aside(key);
            (T::default(), Some(problem.notice(what)))
        }
    }
}

#[cfg(target_arch = "wasm32")]
/// Loads and rebuilds a saved game: `(None, None)` when nothing is saved. A save that cannot be
/// read or rebuilt is set aside and becomes a notice: never a crash, nothing silently lost.
pub fn resume<S: Stored, T, E: std::fmt::Display>(
    key: &str,
    version: u32,
    what: &str,
    rebuild: impl FnOnce(&S) -> Result<T, E>,
) -> (Option<T>, Option<String>) {
    match load::<S>(key, version) {
        Ok(Some(saved)) => match rebuild(&saved) {
            Ok(t) => (Some(t), None),
            Err(e) => {
                set_aside(key);
                (None, Some(format!("Your saved {what} could not be restored ({e}); it was set aside.")))
            }
        },
        Ok(None) => (None, None),
        Err(problem) => {
            set_aside(key);
            (None, Some(problem.notice(what)))
        }
    }
}
