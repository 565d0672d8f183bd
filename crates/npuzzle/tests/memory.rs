//! Memory budgets hold: a search given `max_bytes` never has more than that allocated
//! (within 10%), and what it reports as its peak is what the allocator saw. Measured with
//! a counting allocator around the system one, in this test binary only.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

use npuzzle::search::{GiveUp, Limits};
use npuzzle::{parse_board, solve, Algorithm, Board, EstimateChoice, HeuristicKind};
use npuzzle::{SolveOptions, Status};

/// The system allocator, counting the bytes it has handed out and their peak.
struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

#[expect(
    unsafe_code,
    reason = "a global allocator is unsafe to implement; this one only forwards and counts"
)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = NOW.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(now, Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One measurement at a time: the counters are global.
static SERIAL: Mutex<()> = Mutex::new(());

/// Bytes allocated at the peak of `work`, above what was allocated before it.
fn peak_of<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let before = NOW.load(Relaxed);
    PEAK.store(before, Relaxed);
    let result = work();
    (result, PEAK.load(Relaxed) - before)
}

/// A 15-puzzle position far from its goal: every search runs into a budget of megabytes.
const HARD_4X4: &str = "0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1";

#[test]
fn searches_stay_within_their_byte_budget() {
    let _one = SERIAL.lock().unwrap();
    let start = parse_board(HARD_4X4, None).unwrap();
    let goal = Board::goal(start.size());
    for budget in [16u64 << 20, 64 << 20] {
        for algorithm in [Algorithm::Astar, Algorithm::Bidirectional, Algorithm::Bfs] {
            let options = SolveOptions {
                algorithm,
                estimate: if algorithm == Algorithm::Astar {
                    EstimateChoice::Heuristic(HeuristicKind::Manhattan)
                } else {
                    EstimateChoice::Auto
                },
                limits: Limits {
                    max_bytes: Some(budget),
                    ..Limits::NONE
                },
                ..SolveOptions::default()
            };
            let (solution, peak) = peak_of(|| solve(&start, &goal, &options).unwrap());
            let Status::GaveUp(GiveUp::Memory { budget: b, held }) = solution.status else {
                panic!("{algorithm}: {:?}", solution.status);
            };
            assert_eq!(b, budget);
            let measured = peak as f64;
            assert!(
                measured <= budget as f64 * 1.1,
                "{algorithm}: {peak} bytes allocated under a budget of {budget}"
            );
            let counted = solution.stats.peak_bytes as f64;
            // What the search counts includes the growth it would need next; it is within
            // 10% of what was really allocated, or above it (never far below).
            assert!(
                counted >= measured * 0.9,
                "{algorithm}: counted {counted} bytes, allocated {measured}"
            );
            eprintln!(
                "{algorithm} budget {budget}: {held} nodes held, {peak} bytes allocated at the \
                 peak ({:.1} bytes a node), {counted} counted",
                measured / held as f64
            );
        }
    }
}

#[test]
fn wide_states_count_their_heap() {
    let _one = SERIAL.lock().unwrap();
    // A 5x5 board (25 cells: each state a boxed slice) with breadth-first search.
    let start = parse_board(
        "7 10 12 1 3/20 15 18 13 6/2 22 11 17 8/23 14 4 0 9/5 16 19 24 21",
        None,
    )
    .unwrap();
    let goal = Board::goal(start.size());
    let budget = 32u64 << 20;
    let options = SolveOptions {
        algorithm: Algorithm::Bfs,
        limits: Limits {
            max_bytes: Some(budget),
            ..Limits::NONE
        },
        ..SolveOptions::default()
    };
    let (solution, peak) = peak_of(|| solve(&start, &goal, &options).unwrap());
    assert!(
        matches!(solution.status, Status::GaveUp(GiveUp::Memory { .. })),
        "{:?}",
        solution.status
    );
    assert!(peak as f64 <= budget as f64 * 1.1, "{peak}");
}
