//! Values made once per process and shared by every search that reads them: the
//! zero-aware rankings, the move pruners. Making one holds the lock, so two threads asking
//! for the same value at once make it once.

use std::collections::HashMap;
use std::convert::Infallible;
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// A process-wide map from keys to the values made for them (a `static`). Each key has
/// a slot of its own, so making one value does not hold up asking for another.
pub(crate) type PerProcess<K, V> = OnceLock<Mutex<HashMap<K, Arc<Mutex<Option<Arc<V>>>>>>>;

/// The value of `key` in `values`, made by `make` the first time it is asked for. The map
/// is locked only to find the key's slot: while one thread makes a value (the 14-move
/// pruner takes seconds), others get the values already made; callers asking for the same
/// key wait for the one making it.
pub(crate) fn get_or_make<K: Eq + Hash, V>(
    values: &'static PerProcess<K, V>,
    key: K,
    make: impl FnOnce() -> V,
) -> Arc<V> {
    match get_or_try_make(values, key, || Ok::<_, Infallible>(Some(make()))) {
        Ok(Some(value)) => value,
        Ok(None) => unreachable!("make always gives a value"),
        Err(never) => match never {},
    }
}

/// [`get_or_make`] for a `make` that can fail or find nothing to make (a table that is
/// not cached and too large to build at once): then nothing is kept, and the next caller
/// asking for `key` tries again. The same slots: a build of one key (a distance table: a
/// minute; a pattern database: minutes) holds up only callers of that key.
///
/// # Errors
/// `make`'s.
pub(crate) fn get_or_try_make<K: Eq + Hash, V, E>(
    values: &'static PerProcess<K, V>,
    key: K,
    make: impl FnOnce() -> Result<Option<V>, E>,
) -> Result<Option<Arc<V>>, E> {
    let slot = Arc::clone(
        values
            .get_or_init(Mutex::default)
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(key)
            .or_default(),
    );
    // A make that panicked left the slot empty: the value is made again.
    let mut value = slot.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(kept) = value.as_ref() {
        return Ok(Some(Arc::clone(kept)));
    }
    let Some(fresh) = make()? else {
        return Ok(None);
    };
    let fresh = Arc::new(fresh);
    *value = Some(Arc::clone(&fresh));
    Ok(Some(fresh))
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

    #[test]
    fn a_failed_or_empty_make_is_not_kept_and_blocks_no_other_key() {
        static VALUES: PerProcess<u32, u32> = PerProcess::new();
        assert_eq!(
            get_or_try_make(&VALUES, 1, || Err::<Option<u32>, _>("no")),
            Err("no")
        );
        assert_eq!(get_or_try_make(&VALUES, 1, || Ok::<_, ()>(None)), Ok(None));
        // Neither was kept: the next asker makes it.
        assert_eq!(
            *get_or_try_make(&VALUES, 1, || Ok::<_, ()>(Some(7)))
                .unwrap()
                .unwrap(),
            7
        );
        assert_eq!(*get_or_make(&VALUES, 1, || unreachable!()), 7);
        let (release, released) = mpsc::channel::<()>();
        let (started, has_started) = mpsc::channel::<()>();
        std::thread::scope(|scope| {
            let slow = scope.spawn(move || {
                get_or_try_make(&VALUES, 2, || {
                    started.send(()).unwrap();
                    let read = released.recv_timeout(Duration::from_secs(10)).is_ok();
                    Ok::<_, ()>(Some(u32::from(read)))
                })
            });
            has_started.recv().unwrap();
            assert_eq!(*get_or_make(&VALUES, 1, || unreachable!()), 7);
            release.send(()).unwrap();
            assert_eq!(
                *slow.join().unwrap().unwrap().unwrap(),
                1,
                "key 1 was read while key 2 was made"
            );
        });
    }
}
