//! Zero-aware pattern databases and catalogues of partitions: lower bounds against exact
//! distances on every board of small puzzles, at least the classic tables, the largest of
//! their partitions, updated move by move exactly as computed from scratch, and the
//! canonical path on one thread or two.

use crate::common::all_distances;

use npuzzle::fast_idastar::{Estimate, FastBoard, LinearConflict};
use npuzzle::pdb::{PartitionSet, PatternDatabase, TableKind};
use npuzzle::solving::fast_solve;
use npuzzle::tables::catalogue::Catalogue;
use npuzzle::util::progress::Silent;
use npuzzle::{parse_board, solve, Algorithm, Board, Move, RunSettings, Size, SolveOptions};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

/// The partitions of catalogue text `spec` for `goal`, as zero-aware or classic tables.
fn set(goal: &Board, spec: &str, kind: TableKind) -> PartitionSet {
    let partitions = spec.parse::<Catalogue>().unwrap().partitions(goal).unwrap();
    PartitionSet::new(partitions, kind, None)
}

/// On every board of `goal`'s puzzle: the zero-aware estimate of each partition is a
/// lower bound at least the classic one, and the catalogue's is a lower bound at least
/// the largest of them (more with the families of disjoint groups beside the partitions:
/// returns on how many boards).
fn check_everywhere(goal: &Board, catalogue: &str) -> usize {
    let dist = all_distances(goal);
    let zero_aware =
        PatternDatabase::build(goal, &set(goal, catalogue, TableKind::ZeroAware), &Silent);
    let parts: Vec<(PatternDatabase, PatternDatabase)> = catalogue
        .split(';')
        .map(|p| {
            (
                PatternDatabase::build(goal, &set(goal, p, TableKind::Classic), &Silent),
                PatternDatabase::build(goal, &set(goal, p, TableKind::ZeroAware), &Silent),
            )
        })
        .collect();
    let mut stronger = 0;
    let mut families = 0;
    for (board, &d) in &dist {
        let h = zero_aware.estimate_board(board);
        assert!(
            h <= d,
            "{catalogue}: estimate {h} > distance {d} for {board}"
        );
        let mut largest = 0;
        for (classic, zero) in &parts {
            let (c, z) = (classic.estimate_board(board), zero.estimate_board(board));
            assert!(
                c <= z && z <= d,
                "{board}: classic {c}, zero-aware {z}, distance {d}"
            );
            stronger += usize::from(c < z);
            largest = largest.max(z);
        }
        assert!(h >= largest, "{board}: {h} under the largest partition sum");
        families += usize::from(h > largest);
    }
    assert!(stronger > 0, "{catalogue}: zero-awareness tells somewhere");
    families
}

#[test]
fn zero_aware_catalogues_bound_every_3x3_board() {
    let size = Size::square(3).unwrap();
    for goal in [Board::goal(size), Board::blank_first_goal(size)] {
        check_everywhere(&goal, "4-4; 1,4,7/2,5,8/3,6; 1,2,3,4/5,6,7,8");
        check_everywhere(&goal, "3-3-2");
    }
    check_everywhere(
        &parse_board("123804765", None).unwrap(),
        "4-4; 1,8,7,6/2,3,4,5",
    );
}

#[test]
fn zero_aware_catalogues_bound_every_2x4_board() {
    let goal = Board::goal(Size::new(4, 2).unwrap());
    check_everywhere(&goal, "4-3; 1,2,5,6/3,4,7; 1,5/2,6/3,7/4");
}

#[test]
fn one_group_of_every_tile_is_the_exact_distance() {
    for goal in [
        Board::goal(Size::square(3).unwrap()),
        Board::goal(Size::new(4, 2).unwrap()),
    ] {
        let tiles = goal.size().cells() - 1;
        let db = PatternDatabase::build(
            &goal,
            &set(&goal, &tiles.to_string(), TableKind::ZeroAware),
            &Silent,
        );
        for (board, d) in all_distances(&goal) {
            assert_eq!(db.estimate_board(&board), d, "{board}");
        }
    }
}

/// Random walks from `goal` with `db`: the node updated move by move has the value of
/// the node computed from scratch on the board reached, and a step told a limit gives
/// that value when it is within the limit, else a lower bound on it above the limit.
fn incremental_matches_scratch(goal: &Board, db: &PatternDatabase, moves: usize, seed: u64) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut board = npuzzle::puzzle::random::random_board(goal, &mut rng);
    let mut fast = FastBoard::new(&board);
    let mut node = db.init(&fast);
    for _ in 0..moves {
        assert_eq!(db.value(&node), db.value(&db.init(&fast)), "{board}");
        let legal: Vec<Move> = Move::ALL
            .into_iter()
            .filter(|&m| board.moved(m).is_some())
            .collect();
        let mv = legal[rng.gen_range(0..legal.len())];
        let blank = board.blank();
        let to = board.size().step(blank, mv).unwrap();
        let tile = board.tile_at(to) as u8;
        board.apply(mv);
        fast.tiles[blank] = tile;
        fast.tiles[to] = 0;
        fast.pos[tile as usize] = blank as u8;
        fast.pos[0] = to as u8;
        let parent = node;
        node = db.step(&parent, &fast, tile, to, blank);
        let value = db.value(&node);
        for limit in value.saturating_sub(4)..=value + 1 {
            let (_, within) = db.step_within(&parent, &fast, tile, to, blank, limit);
            if value <= limit {
                assert_eq!(within, value, "{board}, limit {limit}");
            } else {
                assert!(
                    limit < within && within <= value,
                    "{board}: {within} for limit {limit}, value {value}"
                );
            }
        }
    }
}

#[test]
fn catalogues_update_move_by_move_as_from_scratch() {
    let four = Board::blank_first_goal(Size::square(4).unwrap());
    let db = PatternDatabase::build(
        &four,
        &set(
            &four,
            "4-4-4-3; 1,5,9,13/2,6,10,14/3,7,11,15/4,8,12",
            TableKind::ZeroAware,
        ),
        &Silent,
    );
    assert!(db.reflects());
    incremental_matches_scratch(&four, &db, 3000, 1);
    let five = Board::blank_first_goal(Size::square(5).unwrap());
    let db = PatternDatabase::build(
        &five,
        &set(
            &five,
            "3-3-3-3-3-3-3-3; 1,5,10/2,6,11/3,7,12/4,8,13/9,14,19/15,20,21/16,17,22/18,23,24",
            TableKind::ZeroAware,
        ),
        &Silent,
    );
    incremental_matches_scratch(&five, &db, 3000, 2);
    let without = db.without_reflection();
    incremental_matches_scratch(&five, &without, 1000, 3);
    // One partition of classic tables takes a step of its own.
    let classic =
        PatternDatabase::build(&four, &set(&four, "4-4-4-3", TableKind::Classic), &Silent);
    assert!(classic.reflects());
    incremental_matches_scratch(&four, &classic, 3000, 4);
    incremental_matches_scratch(&four, &classic.without_reflection(), 1000, 5);
}

#[test]
fn catalogue_searches_give_the_canonical_path() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(13);
    for (w, h, spec) in [
        (3, 3, "4-4; 1,4,7/2,5,8/3,6"),
        (4, 2, "4-3; 1,2,5,6/3,4,7"),
        (4, 3, "4-4-3; 1,5,9/2,6,10/3,7,11/4,8"),
    ] {
        let goal = Board::goal(Size::new(w, h).unwrap());
        let db = PatternDatabase::build(&goal, &set(&goal, spec, TableKind::ZeroAware), &Silent);
        for _ in 0..8 {
            let start = npuzzle::puzzle::random::random_board(&goal, &mut rng);
            let exact = solve(
                &start,
                &goal,
                &SolveOptions {
                    algorithm: Algorithm::Idastar,
                    ..SolveOptions::default()
                },
            )
            .unwrap();
            for threads in [1, 2] {
                let settings = RunSettings {
                    threads,
                    ..RunSettings::default()
                };
                let fast = fast_solve::solve_with(&start, &goal, &db, &settings).unwrap();
                assert_eq!(
                    fast.moves, exact.moves,
                    "canonical path for {start}, {threads} threads"
                );
            }
        }
    }
}

#[test]
fn catalogue_walks_on_the_24_puzzle_agree_with_linear_conflict() {
    let goal = Board::blank_first_goal(Size::square(5).unwrap());
    let db = PatternDatabase::build(
        &goal,
        &set(
            &goal,
            "3-3-3-3-3-3-3-3; 1,5,10/2,6,11/3,7,12/4,8,13/9,14,19/15,20,21/16,17,22/18,23,24",
            TableKind::ZeroAware,
        ),
        &Silent,
    );
    let mut rng = rand::rngs::StdRng::seed_from_u64(24);
    for _ in 0..4 {
        let start = npuzzle::puzzle::random::random_walk(&goal, 36, &mut rng);
        let lc = fast_solve::solve_with(
            &start,
            &goal,
            &LinearConflict::new(&goal),
            &RunSettings::default(),
        )
        .unwrap();
        assert!(db.estimate_board(&start) as usize <= lc.moves.len());
        for threads in [1, 2] {
            let settings = RunSettings {
                threads,
                ..RunSettings::default()
            };
            let with_db = fast_solve::solve_with(&start, &goal, &db, &settings).unwrap();
            assert_eq!(with_db.moves, lc.moves, "{start} on {threads} threads");
        }
    }
}

/// The 3x4 catalogue's tables, built once for all cases.
fn three_by_four() -> &'static (Board, PatternDatabase) {
    static DB: std::sync::OnceLock<(Board, PatternDatabase)> = std::sync::OnceLock::new();
    DB.get_or_init(|| {
        let goal = Board::goal(Size::new(4, 3).unwrap());
        let db = PatternDatabase::build(
            &goal,
            &set(
                &goal,
                "4-4-3; 1,2,5,6/3,4,7,8/9,10,11; 1,5,9/2,6,10/3,7,11/4,8",
                TableKind::ZeroAware,
            ),
            &Silent,
        );
        (goal, db)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn catalogue_estimates_bound_random_3x4_boards(seed in any::<u64>()) {
        let (goal, db) = three_by_four();
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let start = npuzzle::puzzle::random::random_board(goal, &mut rng);
        let exact = fast_solve::solve_with(&start, goal, &LinearConflict::new(goal), &RunSettings::default())
            .unwrap();
        prop_assert!(db.estimate_board(&start) as usize <= exact.moves.len());
        let with_db = fast_solve::solve_with(&start, goal, db, &RunSettings::default()).unwrap();
        prop_assert_eq!(with_db.moves, exact.moves);
    }
}

#[test]
fn the_strongest_cached_set_is_preferred_and_files_are_per_kind() {
    let dir = tempfile::tempdir().unwrap();
    let cache = npuzzle::tables::cache::Cache::new(dir.path());
    let goal = Board::goal(Size::square(3).unwrap());
    let catalogue = set(&goal, "4-4; 1,4,7/2,5,8/3,6", TableKind::ZeroAware);
    let classic = set(&goal, "4-4", TableKind::Classic);
    // Nothing cached: nothing found.
    assert!(npuzzle::pdb::registry::cached(
        &cache,
        &goal,
        std::slice::from_ref(&catalogue),
        &Silent
    )
    .is_none());
    PatternDatabase::load_or_build(&cache, &goal, &classic, &Silent, None).unwrap();
    let found =
        npuzzle::pdb::registry::cached(&cache, &goal, std::slice::from_ref(&catalogue), &Silent)
            .unwrap();
    assert_eq!(
        found.db.set(),
        &classic,
        "the classic partition, while the catalogue is missing"
    );
    // Zero-aware tables have their own files beside the classic ones of the same groups.
    let (_, origins) =
        PatternDatabase::load_or_build(&cache, &goal, &catalogue, &Silent, None).unwrap();
    assert!(
        origins.iter().all(|o| o.file.starts_with("zpdb-")),
        "{origins:?}"
    );
    assert_eq!(
        npuzzle::pdb::cached_groups(&cache, &goal, TableKind::ZeroAware).len(),
        5
    );
    assert_eq!(
        npuzzle::pdb::cached_groups(&cache, &goal, TableKind::Classic).len(),
        2
    );
    // The cache directory changed, so the registry looks again and finds the catalogue.
    let found =
        npuzzle::pdb::registry::cached(&cache, &goal, std::slice::from_ref(&catalogue), &Silent)
            .unwrap();
    assert_eq!(found.db.set(), &catalogue);
    assert!(found.db.groups().len() == 5 && found.db.reflects());
}

#[test]
fn families_of_disjoint_groups_from_both_orientations_bound_every_3x3_board() {
    // Two partitions into pairs (rows, columns), and two into a row, a row and a pair:
    // their groups on the board and on its mirror image make families besides the
    // partitions, which must raise the estimate somewhere and never past the distance.
    let goal = Board::blank_first_goal(Size::square(3).unwrap());
    for catalogue in [
        "1,2/3,4/5,6/7,8; 1,3/2,4/5,7/6,8",
        "1,2,3/4,5,6/7,8; 1,4/2,5,7/3,6,8",
    ] {
        let families = check_everywhere(&goal, catalogue);
        assert!(families > 0, "{catalogue}: the families tell somewhere");
    }
}
