//! `pdb build --metric mtm`: the coloured multi-tile databases a multi-tile solve reads,
//! built, loaded and read as a user would, and the cache they need.

use predicates::prelude::*;

use crate::common;

use common::npuzzle;

/// A multi-tile solve of a 5x3 board one move from the goal, with the cache `cache`.
fn solve_near_the_five_by_three_goal(cache: &str) -> assert_cmd::assert::Assert {
    npuzzle()
        .args([
            "solve",
            "--metric",
            "mtm",
            "1 2 3 4 5/6 7 8 9 10/11 12 13 0 14",
        ])
        .args(["--cache-dir", cache])
        .assert()
}

#[test]
fn pdb_build_best_in_the_multi_tile_metric_builds_the_coloured_tables_solve_reads() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    let build = |extra: &[&str]| {
        let mut command = npuzzle();
        command.args(["pdb", "build", "--metric", "mtm", "--cache-dir", cache]);
        command.args(extra);
        command.assert()
    };
    // The 5x3 board's two tables (63 million entries): built, then loaded.
    // Not quiet: quiet, a build says nothing but its errors.
    build(&["best", "--size", "5x3"])
        .success()
        .stdout(predicate::str::contains(
            "table:     small multi-tile database built",
        ))
        .stdout(predicate::str::contains(
            "table:     multi-tile database built",
        ))
        .stdout(predicate::str::contains(
            "colours:   1,2,6,7/3,4,8,9/5,10,14/11,12,13",
        ));
    build(&["best", "--size", "5x3"])
        .success()
        .stdout(predicate::str::contains("multi-tile database loaded").count(2));
    // solve reads them, and says so.
    solve_near_the_five_by_three_goal(cache)
        .success()
        .stdout(predicate::str::contains(
            "small multi-tile database loaded, multi-tile database loaded",
        ));
    // Partitions count single-tile moves; boards without coloured tables say so; a
    // table larger than --max-memory is refused before anything is built.
    build(&["7-8"])
        .code(2)
        .stderr(predicate::str::contains("takes best"));
    build(&["best", "--size", "3x3"])
        .code(2)
        .stderr(predicate::str::contains(
            "no coloured multi-tile databases fit the 3x3",
        ));
    build(&["best", "--max-memory", "1G", "-q"])
        .code(2)
        .stderr(predicate::str::contains(
            "the five-colour multi-tile database takes 2690688000 bytes to build, more than \
             --max-memory 1073741824",
        ));
    assert!(!std::path::Path::new(cache)
        .join("mtm-colours-4x4-1.2.3.4.8.12-5.6.7.9.10.11-13.14.15.tbl")
        .exists());
}

/// A cache directory that cannot hold files is the error, before any notice of a build
/// and before anything is printed: from `pdb build` and from a solve that would build.
#[test]
fn a_cache_that_cannot_hold_tables_is_told_before_any_build_notice() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "not a directory").unwrap();
    let cache = file.join("cache");
    let cache = cache.to_str().unwrap();
    npuzzle()
        .args(["pdb", "build", "best", "--metric", "mtm", "--size", "5x3"])
        .args(["--cache-dir", cache])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("cannot hold table files"))
        .stderr(predicate::str::contains("building").not());
    solve_near_the_five_by_three_goal(cache)
        .failure()
        .stderr(predicate::str::contains("cannot hold table files"))
        .stderr(predicate::str::contains("building").not());
}
