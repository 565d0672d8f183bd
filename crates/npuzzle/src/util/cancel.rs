//! Stopping work from outside: a flag that one thread sets and the work it stops reads.
//!
//! ```
//! use npuzzle::util::cancel::CancelToken;
//! use npuzzle::search::{bfs, GiveUp, Limits, Outcome};
//!
//! let token = CancelToken::new();
//! let limits = Limits { cancel: Some(token.clone()), ..Limits::NONE };
//! token.cancel(); // from another thread, typically: a Ctrl-C handler, a closed client
//! let search = bfs(&0u64, |&n| [n + 1, n + 2], |_| false, &limits);
//! assert_eq!(search.outcome, Outcome::GaveUp(GiveUp::Interrupted));
//! ```
//!
//! **One way to stop anything.** The token travels in [`crate::search::Limits`] (and so
//! in every [`crate::SolveOptions`] and [`crate::RunSettings`]) and is read wherever the
//! time limit is: by every search, the fast IDA* on any number of threads, the
//! constructive method, and the builds of distance tables and pattern databases. A search
//! then gives up with [`crate::search::GiveUp::Interrupted`]; a build fails with its
//! module's `Interrupted` error and leaves nothing in the cache. Work checks the token as
//! often as it reads its clock (every thousand nodes or so, every chunk of a build), so
//! it stops within milliseconds; the check is one relaxed load, cheap enough for the
//! fast search's inner loop.
//!
//! **Why a shared flag, not a signal handler or a channel.** The work runs on threads
//! the caller does not own (rayon's, the parallel search's scoped ones), and the caller
//! that wants it stopped (a Python interpreter that saw Ctrl-C, a server whose client
//! left) is on another: an atomic flag is the one thing all of them can read without a
//! lock, and it needs no thread of its own.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A flag shared by the work it stops and whoever may stop it: clones share one flag.
/// Once set it stays set; make a new token for new work. A token made with
/// [`CancelToken::child_of`] is also set while its parent is.
#[derive(Clone, Debug, Default)]
pub struct CancelToken {
    flag: Arc<AtomicBool>,
    parent: Option<Box<CancelToken>>,
}

impl CancelToken {
    /// A token not yet set.
    #[must_use]
    pub fn new() -> CancelToken {
        CancelToken::default()
    }

    /// A token not yet set that is set while `parent` is: work that may be stopped on
    /// its own (a search whose answer is no longer needed) and still stops with the
    /// work it is part of.
    ///
    /// ```
    /// use npuzzle::util::cancel::CancelToken;
    ///
    /// let whole = CancelToken::new();
    /// let part = CancelToken::child_of(Some(&whole));
    /// part.cancel();
    /// assert!(part.is_cancelled() && !whole.is_cancelled());
    /// let other = CancelToken::child_of(Some(&whole));
    /// whole.cancel();
    /// assert!(other.is_cancelled());
    /// ```
    #[must_use]
    pub fn child_of(parent: Option<&CancelToken>) -> CancelToken {
        CancelToken {
            flag: Arc::default(),
            parent: parent.map(|parent| Box::new(parent.clone())),
        }
    }

    /// A token set whenever `flag` is: a flag that something other than a token sets,
    /// such as a signal handler (the command line's Ctrl-C registers one with
    /// `signal-hook`), so that the signal stops the work as any token does.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use std::sync::Arc;
    /// use npuzzle::util::cancel::CancelToken;
    ///
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let token = CancelToken::sharing(Arc::clone(&flag));
    /// assert!(!token.is_cancelled());
    /// flag.store(true, Ordering::SeqCst); // as the handler does
    /// assert!(token.is_cancelled());
    /// ```
    #[must_use]
    pub fn sharing(flag: Arc<AtomicBool>) -> CancelToken {
        CancelToken { flag, parent: None }
    }

    /// Asks the work holding a clone of this token to stop (not its parent's).
    pub fn cancel(&self) {
        // Relaxed: the work only needs to see the flag soon, not anything written before.
        self.flag.store(true, Relaxed);
    }

    /// Whether [`CancelToken::cancel`] was called on this token or a clone, or on its
    /// parent's.
    #[inline]
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Relaxed)
            || self
                .parent
                .as_deref()
                .is_some_and(CancelToken::is_cancelled)
    }

    /// Whether `token` is given and set: the check of work whose token is optional.
    #[inline]
    #[must_use]
    pub fn is_set(token: Option<&CancelToken>) -> bool {
        token.is_some_and(CancelToken::is_cancelled)
    }
}

/// How often [`CancelToken::until`] looks at the clock and the parent token.
const WATCH_EVERY: Duration = Duration::from_millis(10);

impl CancelToken {
    /// Runs `work` with a token that is set once `deadline` passes or `parent` is set
    /// (a thread of its own watches both while `work` runs), for work that reads a token
    /// but no clock: a table build within a search's time limit. Without a deadline,
    /// `work` gets `parent` itself and no thread is started.
    pub fn until<T>(
        parent: Option<&CancelToken>,
        deadline: Option<Instant>,
        work: impl FnOnce(Option<&CancelToken>) -> T,
    ) -> T {
        let Some(deadline) = deadline else {
            return work(parent);
        };
        let child = CancelToken::new();
        let done = AtomicBool::new(false);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                while !done.load(Relaxed) {
                    let now = Instant::now();
                    if now >= deadline || CancelToken::is_set(parent) {
                        child.cancel();
                        return;
                    }
                    std::thread::sleep(WATCH_EVERY.min(deadline - now));
                }
            });
            let out = work(Some(&child));
            done.store(true, Relaxed);
            out
        })
    }
}

impl PartialEq for CancelToken {
    /// Two tokens are equal when they are clones of one another (one flag), as options
    /// holding them are compared.
    fn eq(&self, other: &CancelToken) -> bool {
        Arc::ptr_eq(&self.flag, &other.flag)
    }
}

impl Eq for CancelToken {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_one_flag_and_others_do_not() {
        let token = CancelToken::new();
        let clone = token.clone();
        let other = CancelToken::new();
        assert!(!CancelToken::is_set(Some(&clone)) && !CancelToken::is_set(None));
        assert_eq!(token, clone);
        assert_ne!(token, other);
        token.cancel();
        assert!(clone.is_cancelled() && CancelToken::is_set(Some(&clone)));
        assert!(!other.is_cancelled());
        let from_another_thread = CancelToken::new();
        let seen = from_another_thread.clone();
        std::thread::spawn(move || from_another_thread.cancel())
            .join()
            .unwrap();
        assert!(seen.is_cancelled());
    }

    #[test]
    fn until_sets_its_token_at_the_deadline_or_with_the_parent() {
        let waited = |parent: Option<&CancelToken>, deadline: Option<Instant>| {
            CancelToken::until(parent, deadline, |token| {
                let started = Instant::now();
                while !CancelToken::is_set(token) {
                    if started.elapsed() > Duration::from_secs(30) {
                        return None;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
                Some(started.elapsed())
            })
        };
        let soon = Instant::now() + Duration::from_millis(50);
        let took = waited(None, Some(soon)).expect("set at the deadline");
        assert!(took >= Duration::from_millis(40), "{took:?}");
        let parent = CancelToken::new();
        parent.cancel();
        let far = Instant::now() + Duration::from_secs(3600);
        assert!(
            waited(Some(&parent), Some(far)).is_some(),
            "set with the parent"
        );
        // No deadline: the parent itself, and a token never set stays unset.
        let unset = CancelToken::new();
        #[expect(
            clippy::redundant_closure_for_method_calls,
            reason = "`Option::cloned` is ambiguous here (`&T` or `&mut T`)"
        )]
        let passed = CancelToken::until(Some(&unset), None, |token| token.cloned());
        assert_eq!(passed, Some(unset));
        let quick = CancelToken::until(None, Some(far), CancelToken::is_set);
        assert!(!quick, "work done before its deadline is not stopped");
    }
}
