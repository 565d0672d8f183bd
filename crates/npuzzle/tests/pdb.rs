//! Pattern databases against exact distances, and the fast IDA* with them.

use crate::common::all_distances;

use std::collections::HashMap;

use npuzzle::fast_idastar::LinearConflict;
use npuzzle::pdb::{self, PartitionSet, PatternDatabase, TableKind};
use npuzzle::solving::fast_solve;
use npuzzle::tables::cache::{Cache, Origin};
use npuzzle::util::progress::Silent;
use npuzzle::RunSettings;
use npuzzle::{parse_board, solve, Algorithm, Board, Size, SolveOptions};
use rand::SeedableRng;

/// The classic tables of one partition.
fn classic(groups: &[Vec<u8>]) -> PartitionSet {
    PartitionSet::classic(groups.to_vec())
}

fn check_bounds(goal: &Board, spec: &str, exact: bool) {
    let groups = pdb::parse_groups(spec, goal).unwrap();
    let dist = all_distances(goal);
    for kind in [TableKind::Classic, TableKind::ZeroAware] {
        let set = PartitionSet::new(vec![groups.clone()], kind, None);
        check_set_bounds(goal, &set, &dist, exact);
    }
}

/// Every board's estimate under `set` is at most its distance (and equal to it when
/// `exact`), and some are equal.
fn check_set_bounds(goal: &Board, set: &PartitionSet, dist: &HashMap<Board, u32>, exact: bool) {
    let spec = set.partitions_text();
    let db = PatternDatabase::build(goal, set, &Silent);
    assert_eq!(dist.len(), (1..=goal.size().cells()).product::<usize>() / 2);
    let mut tight = 0;
    for (board, &d) in dist {
        let h = db.estimate_board(board);
        assert!(h <= d, "{spec}: estimate {h} > distance {d} for {board}");
        if exact {
            assert_eq!(
                h, d,
                "{spec}: one group of every tile is the exact distance"
            );
        }
        tight += usize::from(h == d);
    }
    assert!(tight > 0);
}

#[test]
fn lower_bounds_everywhere_on_3x3() {
    let size = Size::square(3).unwrap();
    for goal in [Board::goal(size), Board::blank_first_goal(size)] {
        check_bounds(&goal, "8", true);
        check_bounds(&goal, "4-4", false);
        check_bounds(&goal, "3-3-2", false);
        check_bounds(&goal, "1,5,8/2,3/4,7", false);
    }
    // The centre-blank goal of the judges: blank on the diagonal, reflection applies.
    let centre = parse_board("123804765", None).unwrap();
    let groups = pdb::parse_groups("4-4", &centre).unwrap();
    assert!(PatternDatabase::build(&centre, &classic(&groups), &Silent).reflects());
    check_bounds(&centre, "4-4", false);
}

#[test]
fn lower_bounds_everywhere_on_2x4() {
    let goal = Board::goal(Size::new(4, 2).unwrap());
    check_bounds(&goal, "7", true);
    check_bounds(&goal, "4-3", false);
    check_bounds(&goal, "2-2-3", false);
    let groups = pdb::parse_groups("4-3", &goal).unwrap();
    assert!(
        !PatternDatabase::build(&goal, &classic(&groups), &Silent).reflects(),
        "not square"
    );
}

#[test]
fn reflection_only_where_the_goal_maps_to_itself() {
    let size = Size::square(4).unwrap();
    let off_diagonal = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15", None).unwrap();
    for (goal, reflects) in [
        (Board::blank_first_goal(size), true),
        (Board::goal(size), true),
        (off_diagonal, false),
    ] {
        let groups = pdb::parse_groups("3-3-3-3-3", &goal).unwrap();
        assert_eq!(
            PatternDatabase::build(&goal, &classic(&groups), &Silent).reflects(),
            reflects,
            "{goal}"
        );
    }
}

#[test]
fn pdb_idastar_matches_bfs_lengths_and_generic_moves() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    for (w, h, spec) in [(3, 3, "4-4"), (4, 2, "4-3"), (3, 3, "3-3-2")] {
        let goal = Board::goal(Size::new(w, h).unwrap());
        let groups = pdb::parse_groups(spec, &goal).unwrap();
        let db = PatternDatabase::build(&goal, &classic(&groups), &Silent);
        for _ in 0..15 {
            let start = npuzzle::puzzle::random::random_board(&goal, &mut rng);
            let exact = solve(
                &start,
                &goal,
                &SolveOptions {
                    algorithm: Algorithm::Bfs,
                    ..SolveOptions::default()
                },
            )
            .unwrap();
            let fast = fast_solve::solve_with(&start, &goal, &db, &RunSettings::default()).unwrap();
            assert_eq!(fast.length(), exact.length(), "{start}");
            assert_eq!(fast.moves, exact.moves, "canonical path for {start}");
        }
    }
}

/// Random walks of `steps` moves from `goal`'s board, solved with the database of
/// `partition` on one and two threads: the linear-conflict search's canonical path each
/// time, and the database's estimate a lower bound.
fn small_groups_agree_with_linear_conflict(goal: &Board, partition: &str, steps: usize) {
    let groups = pdb::parse_groups(partition, goal).unwrap();
    let db = PatternDatabase::build(goal, &classic(&groups), &Silent);
    let mut rng = rand::rngs::StdRng::seed_from_u64(steps as u64);
    for _ in 0..5 {
        let start = npuzzle::puzzle::random::random_walk(goal, steps, &mut rng);
        let lc = fast_solve::solve_with(
            &start,
            goal,
            &LinearConflict::new(goal),
            &RunSettings::default(),
        )
        .unwrap();
        assert!(db.estimate_board(&start) as usize <= lc.moves.len());
        for threads in [1, 2] {
            let settings = RunSettings {
                threads,
                ..RunSettings::default()
            };
            let with_db = fast_solve::solve_with(&start, goal, &db, &settings).unwrap();
            assert_eq!(with_db.moves, lc.moves, "{start} on {threads} threads");
        }
    }
}

#[test]
fn random_4x4_boards_with_small_groups_are_bounded_and_consistent_with_lc() {
    small_groups_agree_with_linear_conflict(
        &Board::blank_first_goal(Size::square(4).unwrap()),
        "4-4-4-3",
        40,
    );
}

#[test]
fn random_24_puzzle_walks_with_small_groups_on_one_and_two_threads() {
    small_groups_agree_with_linear_conflict(
        &Board::blank_first_goal(Size::square(5).unwrap()),
        "3-3-3-3-3-3-3-3",
        36,
    );
}

#[test]
fn easier_korf_instances_with_5_5_5() {
    let goal = Board::blank_first_goal(Size::square(4).unwrap());
    let groups = pdb::parse_groups("5-5-5", &goal).unwrap();
    let db = PatternDatabase::build(&goal, &classic(&groups), &Silent);
    assert!(db.reflects());
    // Korf's instances 55, 16, 42 and 79 (data/korf100.txt), with their published optima.
    for (board, optimum) in [
        ("13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11", 41),
        ("1 3 2 5 10 9 15 6 8 14 13 11 12 4 7 0", 42),
        ("4 5 7 2 9 14 12 13 0 3 6 11 8 1 15 10", 42),
        ("0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15", 42),
    ] {
        let start = parse_board(board, None).unwrap();
        let s = fast_solve::solve_with(&start, &goal, &db, &RunSettings::default()).unwrap();
        assert_eq!(s.length(), Some(optimum), "{board}");
        let mut b = start.clone();
        b.apply_all(&s.moves).unwrap();
        assert_eq!(b, goal);
        assert!(s.optimal);
        let two_threads = RunSettings {
            threads: 2,
            ..RunSettings::default()
        };
        let parallel = fast_solve::solve_with(&start, &goal, &db, &two_threads).unwrap();
        assert_eq!(parallel.moves, s.moves, "{board} on two threads");
    }
}

#[test]
fn the_24_puzzle_6_6_6_6_is_korf_and_felners_partition_turned_to_the_blank() {
    let size = Size::square(5).unwrap();
    let blank_first = Board::blank_first_goal(size);
    let groups = pdb::parse_groups("6-6-6-6", &blank_first).unwrap();
    assert_eq!(
        npuzzle::tables::partition::groups_text(&groups),
        "1,2,5,6,7,12/3,4,8,9,13,14/10,11,15,16,20,21/17,18,19,22,23,24"
    );
    // Blank bottom-right: the same blocks turned half a turn, each tile renamed to the
    // one whose goal cell is the turned cell.
    let blank_last = Board::goal(size);
    let groups = pdb::parse_groups("6-6-6-6", &blank_last).unwrap();
    assert_eq!(
        npuzzle::tables::partition::groups_text(&groups),
        "1,2,3,6,7,8/4,5,9,10,14,15/11,12,16,17,21,22/13,18,19,20,23,24"
    );
    // Elsewhere, and with other sizes, groups follow the goal order.
    let middle = parse_board(
        "1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15 16 17 18 19 20 21 22 23 24",
        None,
    )
    .unwrap();
    let groups = pdb::parse_groups("6-6-6-6", &middle).unwrap();
    assert_eq!(groups[0], vec![1, 2, 3, 4, 5, 6]);
    let groups = pdb::parse_groups("6-6-6-5", &blank_first).unwrap();
    assert_eq!(groups[0], vec![1, 2, 3, 4, 5, 6]);
}

#[test]
fn corrupt_or_truncated_tables_are_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let cache = Cache::new(dir.path());
    let goal = Board::goal(Size::square(3).unwrap());
    let groups = pdb::parse_groups("4-4", &goal).unwrap();
    let (db, origins) =
        PatternDatabase::load_or_build(&cache, &goal, &classic(&groups), &Silent, None).unwrap();
    assert!(origins.iter().all(|o| o.origin == Origin::Built));
    let start = parse_board("8 6 7/2 5 4/3 0 1", None).unwrap();
    let reference = db.estimate_board(&start);
    drop(db);
    let (_, origins) =
        PatternDatabase::load_or_build(&cache, &goal, &classic(&groups), &Silent, None).unwrap();
    assert!(origins.iter().all(|o| o.origin == Origin::Loaded));

    let path = cache.path(&pdb::file_name(&goal, &groups[0], TableKind::Classic));
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() - 1000;
    bytes[middle] ^= 0x5a;
    std::fs::write(&path, &bytes).unwrap();
    assert!(PatternDatabase::load(&cache, &goal, &classic(&groups)).is_err());
    let (db, origins) =
        PatternDatabase::load_or_build(&cache, &goal, &classic(&groups), &Silent, None).unwrap();
    assert!(
        matches!(&origins[0].origin, Origin::Rebuilt(why) if why.contains("checksum")),
        "{origins:?}"
    );
    assert_eq!(origins[1].origin, Origin::Loaded);
    assert_eq!(db.estimate_board(&start), reference);
    drop(db);

    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    let (db, origins) =
        PatternDatabase::load_or_build(&cache, &goal, &classic(&groups), &Silent, None).unwrap();
    assert!(
        matches!(&origins[0].origin, Origin::Rebuilt(why) if why.contains("truncated")),
        "{origins:?}"
    );
    assert_eq!(db.estimate_board(&start), reference);

    // A table of another goal is never taken for this one.
    let other = Board::blank_first_goal(goal.size());
    std::fs::copy(
        &path,
        cache.path(&pdb::file_name(&other, &groups[0], TableKind::Classic)),
    )
    .unwrap();
    assert!(PatternDatabase::load(&cache, &other, &classic(&groups[..1])).is_err());
    assert_eq!(pdb::find_cached(&cache, &goal), Some(groups.clone()));
}

#[test]
fn partitions_are_validated_with_clear_errors() {
    let goal = Board::blank_first_goal(Size::square(4).unwrap());
    assert_eq!(
        pdb::parse_groups("7-8", &goal).unwrap(),
        vec![(1..=7).collect::<Vec<u8>>(), (8..=15).collect()]
    );
    assert_eq!(
        pdb::parse_groups("1,2/3", &goal).unwrap(),
        vec![vec![1, 2], vec![3]]
    );
    for (spec, needle) in [
        ("8-8", "16 tiles"),
        ("1,2/2,3", "disjoint"),
        ("0,1", "blank"),
        ("1,16", "not on a 4x4"),
        ("1,x", "'x'"),
        ("7-a", "'a'"),
        ("", "empty"),
        ("1,2//3", "group 2 is empty"),
    ] {
        let err = pdb::parse_groups(spec, &goal).unwrap_err().to_string();
        assert!(err.contains(needle), "{spec}: {err}");
    }
    let big = Board::goal(Size::square(6).unwrap());
    let err = pdb::parse_groups("9", &big).unwrap_err().to_string();
    assert!(err.contains("GiB"), "{err}");
}

#[test]
fn a_build_stopped_by_its_token_stores_nothing() {
    use npuzzle::search::Limits;
    use npuzzle::util::cancel::CancelToken;
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let cache = Cache::new(dir.path());
    let goal = Board::goal(Size::square(4).unwrap());
    // Seven tiles: tens of seconds of building, far longer than the test waits.
    let groups = pdb::parse_groups("7-7-1", &goal).unwrap();
    let set = classic(&groups);
    let files = || std::fs::read_dir(dir.path()).map_or(0, Iterator::count);
    for wait in [Duration::ZERO, Duration::from_millis(200)] {
        let token = CancelToken::new();
        let started = Instant::now();
        let built = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(wait);
                token.cancel();
            });
            PatternDatabase::load_or_build(&cache, &goal, &set, &Silent, Some(&token))
        });
        assert!(
            matches!(built, Err(pdb::PdbError::Interrupted { ref group }) if group == "1,2,3,4,5,6,7"),
            "{:?}",
            built.err()
        );
        assert!(started.elapsed() < Duration::from_secs(60));
        assert_eq!(files(), 0, "nothing is stored");
    }
    // Through the registry, with the limits of a solve.
    let token = CancelToken::new();
    token.cancel();
    let limits = Limits {
        cancel: Some(token),
        ..Limits::NONE
    };
    let shared = pdb::registry::shared(&cache, &goal, &set, &limits, &Silent);
    assert!(matches!(shared, Err(pdb::PdbError::Interrupted { .. })));
    assert_eq!(files(), 0);
}
