//! Values made once per process and shared by every search that reads them: the
//! zero-aware rankings, the move pruners. Making one holds the lock, so two threads asking
//! for the same value at once make it once.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// A process-wide map from keys to the values made for them (a `static`).
pub(crate) type PerProcess<K, V> = OnceLock<Mutex<HashMap<K, Arc<V>>>>;

/// The value of `key` in `values`, made by `make` the first time it is asked for.
pub(crate) fn get_or_make<K: Eq + Hash, V>(
    values: &'static PerProcess<K, V>,
    key: K,
    make: impl FnOnce() -> V,
) -> Arc<V> {
    let mut values = values
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    Arc::clone(values.entry(key).or_insert_with(|| Arc::new(make())))
}
