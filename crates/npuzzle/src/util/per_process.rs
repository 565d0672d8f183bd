//! Values made once per process and shared by every search that reads them: the
//! zero-aware rankings, the move pruners. Making one holds the lock, so two threads asking
//! for the same value at once make it once.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// A process-wide map from keys to the values made for them (a `static`). Each key has
/// a slot of its own, so making one value does not hold up asking for another.
pub(crate) type PerProcess<K, V> = OnceLock<Mutex<HashMap<K, Arc<OnceLock<Arc<V>>>>>>;

/// The value of `key` in `values`, made by `make` the first time it is asked for. The map
/// is locked only to find the key's slot: while one thread makes a value (the 14-move
/// pruner takes seconds), others get the values already made; callers asking for the same
/// key wait for the one making it.
pub(crate) fn get_or_make<K: Eq + Hash, V>(
    values: &'static PerProcess<K, V>,
    key: K,
    make: impl FnOnce() -> V,
) -> Arc<V> {
    let slot = Arc::clone(
        values
            .get_or_init(Mutex::default)
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(key)
            .or_default(),
    );
    Arc::clone(slot.get_or_init(|| Arc::new(make())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    #[test]
    fn making_one_value_holds_up_neither_another_nor_a_second_asker() {
        static VALUES: PerProcess<u32, u32> = PerProcess::new();
        assert_eq!(*get_or_make(&VALUES, 2, || 20), 20);
        let (release, released) = mpsc::channel::<()>();
        let (started, has_started) = mpsc::channel::<()>();
        std::thread::scope(|scope| {
            let slow = scope.spawn(move || {
                get_or_make(&VALUES, 1, || {
                    started.send(()).unwrap();
                    // Made only once the other key was read (or after ten seconds).
                    u32::from(released.recv_timeout(Duration::from_secs(10)).is_ok())
                })
            });
            has_started.recv().unwrap();
            // Key 1 is being made: key 2 is there all the same.
            assert_eq!(*get_or_make(&VALUES, 2, || unreachable!()), 20);
            release.send(()).unwrap();
            assert_eq!(
                *slow.join().unwrap(),
                1,
                "key 2 was read while key 1 was made"
            );
        });
        // Made once: later askers get the same value.
        assert_eq!(*get_or_make(&VALUES, 1, || unreachable!()), 1);
    }
}
