//! Versioned localStorage: every saved value sits in an envelope with a format version,
//! so an old or corrupt save is recognised and reported, never a crash.

use gloo_storage::{LocalStorage, Storage};
use serde::{de::DeserializeOwned, Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
struct Envelope<T> {
    version: u32,
    data: T,
}

#[derive(Clone, Debug, PartialEq)]
pub enum LoadProblem {
    /// Saved by another version of the app; the text says which.
    OldVersion(u32),
    /// Not readable at all.
    Corrupt,
}

impl LoadProblem {
    pub fn notice(&self, what: &str) -> String {
        match self {
            LoadProblem::OldVersion(v) => {
                format!("Your saved {what} came from an older version of the game (format {v}) and could not be restored. Defaults are in use.")
            }
            LoadProblem::Corrupt => format!("Your saved {what} could not be read and was set aside. Defaults are in use."),
        }
    }
}

/// Loads `key`: `Ok(None)` when nothing is saved.
pub fn load<T: DeserializeOwned>(key: &str, version: u32) -> Result<Option<T>, LoadProblem> {
    let raw: String = match LocalStorage::raw().get_item(key) {
        Ok(Some(raw)) => raw,
        Ok(None) => return Ok(None),
        Err(_) => return Err(LoadProblem::Corrupt),
    };
    // Read the version alone first (other fields ignored), so an old format is named as such.
    #[derive(Deserialize)]
    struct VersionOnly {
        version: u32,
    }
    let found = serde_json::from_str::<VersionOnly>(&raw).map_err(|_| LoadProblem::Corrupt)?.version;
    if found != version {
        return Err(LoadProblem::OldVersion(found));
    }
    serde_json::from_str::<Envelope<T>>(&raw).map(|e| Some(e.data)).map_err(|_| LoadProblem::Corrupt)
}

pub fn save<T: Serialize>(key: &str, version: u32, data: &T) {
    // Storage can be full or disabled (private mode); the game goes on either way.
    let _ = LocalStorage::set(key, Envelope { version, data });
}

/// Keeps an unreadable save under another key so nothing is silently destroyed.
pub fn set_aside(key: &str) {
    let storage = LocalStorage::raw();
    if let Ok(Some(raw)) = storage.get_item(key) {
        let _ = storage.set_item(&format!("{key}.unreadable"), &raw);
    }
    let _ = storage.remove_item(key);
}
