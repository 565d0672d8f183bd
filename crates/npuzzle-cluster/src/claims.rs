//! One process's side of handing out a round's items: the items granted to it and not yet
//! taken, and how many to ask for next.
//!
//! Process 0 hands items out in increasing order. The answer is the serial search's
//! whatever the grants, but the last iteration's cost is not: once a goal turns up in
//! item `i`, whatever a process has searched past `i` was wasted. So a process asks for
//! as few items as keep its threads busy through one round trip to process 0 (measured
//! as it goes), never running far ahead of the others, and process 0 caps a grant at a
//! share of what is left, so the round's last items are spread out and everyone ends
//! together.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// A round trip assumed before one is measured.
const FIRST_ROUND_TRIP: Duration = Duration::from_millis(5);

/// The most items asked for at once, per thread.
const MOST_PER_THREAD: usize = 256;

/// The items of the current round on one process.
pub(crate) struct Claims {
    /// Granted and not yet taken, in order.
    granted: VecDeque<usize>,
    /// When the request on its way was sent, if one is.
    asked_at: Option<Instant>,
    /// No items are left in the round.
    pub done: bool,
    /// When the round began here, and how many items were taken since.
    started: Instant,
    taken: usize,
    /// The last round trip measured.
    round_trip: Duration,
}

impl Claims {
    pub(crate) fn new() -> Claims {
        Claims {
            granted: VecDeque::new(),
            asked_at: None,
            done: false,
            started: Instant::now(),
            taken: 0,
            round_trip: FIRST_ROUND_TRIP,
        }
    }

    /// Forgets the last round's items (keeping the round trip measured).
    pub(crate) fn next_round(&mut self) {
        *self = Claims {
            round_trip: self.round_trip,
            ..Claims::new()
        };
    }

    /// The next item granted, if one is at hand.
    pub(crate) fn take(&mut self) -> Option<usize> {
        let item = self.granted.pop_front()?;
        self.taken += 1;
        Some(item)
    }

    /// How many items to ask for now, if a request should go out: none is on its way,
    /// items are left, and those at hand would run out within a round trip.
    pub(crate) fn request(&mut self, threads: usize) -> Option<usize> {
        if self.done || self.asked_at.is_some() {
            return None;
        }
        let want = self.want(threads);
        if self.granted.len() > want / 2 {
            return None;
        }
        self.asked_at = Some(Instant::now());
        Some(want)
    }

    /// Items that keep `threads` threads busy for two round trips, judged by how fast
    /// items have gone so far this round (one a thread before anything is known).
    fn want(&self, threads: usize) -> usize {
        if self.taken == 0 {
            return threads;
        }
        let per_item = self.started.elapsed().as_secs_f64() / self.taken as f64;
        let items = (2.0 * self.round_trip.as_secs_f64() / per_item.max(1e-9)).ceil();
        (items as usize).clamp(threads, MOST_PER_THREAD * threads)
    }

    /// Records a grant of items `start..end` (none: the round has none left).
    pub(crate) fn granted(&mut self, start: usize, end: usize) {
        if let Some(asked) = self.asked_at.take() {
            self.round_trip = asked.elapsed();
        }
        if start == end {
            self.done = true;
        }
        self.granted.extend(start..end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asks_once_at_a_time_and_takes_in_order() {
        let mut claims = Claims::new();
        assert_eq!(claims.request(2), Some(2));
        assert_eq!(claims.request(2), None, "one request on its way at a time");
        claims.granted(4, 6);
        assert_eq!(claims.take(), Some(4));
        assert_eq!(claims.take(), Some(5));
        assert_eq!(claims.take(), None);
        assert!(claims.request(2).is_some());
        claims.granted(9, 9);
        assert!(claims.done);
        assert_eq!(claims.request(2), None);
        claims.next_round();
        assert!(!claims.done && claims.request(1) == Some(1));
    }
}
