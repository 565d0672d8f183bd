//! The distance-table commands end to end: `stats` (from tables, from the published
//! 15-puzzle counts, and `--probability`, exact or sampled), the judges answering from
//! tables, and `solve` reporting the table as the algorithm used.

use predicates::prelude::*;

use crate::common;

use common::npuzzle;

fn json(output: &[u8]) -> serde_json::Value {
    serde_json::from_slice(output).expect("one JSON object")
}

#[test]
fn stats_3x3_json_has_the_published_distribution() {
    let out = npuzzle()
        .args(["stats", "--size", "3x3", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let stats = json(&out);
    assert_eq!(stats["states"], 181_440);
    assert_eq!(stats["max"], 31);
    let counts: Vec<u64> = serde_json::from_value(stats["counts"].clone()).unwrap();
    assert_eq!(counts.len(), 32);
    assert_eq!(counts[31], 2);
    assert_eq!(counts.iter().sum::<u64>(), 181_440);
    assert_eq!(
        stats["hardest"],
        serde_json::json!(["6 4 7/8 5 0/3 2 1", "8 6 7/2 5 4/3 0 1"])
    );
    let mean = stats["mean"].as_f64().unwrap();
    assert!((mean - 21.9724).abs() < 1e-4, "{mean}");
}

#[test]
fn stats_text_and_errors() {
    npuzzle()
        .args(["stats", "--size", "2x2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("states:  12"))
        .stdout(predicate::str::contains("max:     6 moves (1 board)"))
        .stdout(predicate::str::contains("  0 3/2 1"));
    npuzzle()
        .args(["stats", "--size", "6x3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--size 6x3: no exact distribution of 6x3 boards in the single-tile metric",
        ))
        .stderr(predicate::str::contains("at most 12 cells"))
        .stderr(predicate::str::contains("4x4, 5x3, 7x2 and 8x2"));
    npuzzle()
        .args(["stats", "--size", "3x6", "--metric", "mtm"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no exact distribution of 3x6 boards in the multi-tile metric",
        ));
    npuzzle()
        .args(["stats", "--size", "3y3"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("'3y3' is not a board size"));
}

#[test]
fn stats_4x4_answers_from_the_published_counts() {
    let out = npuzzle()
        .args(["stats", "--size", "4x4", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let stats = json(&out);
    assert_eq!(stats["states"], 10_461_394_944_000_u64);
    assert_eq!(stats["max"], 80);
    let counts: Vec<u64> = serde_json::from_value(stats["counts"].clone()).unwrap();
    assert_eq!((counts.len(), counts[80]), (81, 17));
    assert!((stats["mean"].as_f64().unwrap() - 52.5895).abs() < 1e-4);
    assert_eq!(stats["source"], "published");
    let citation = stats["citation"].as_str().unwrap();
    assert!(
        citation.contains("Korf") && citation.contains("A089484"),
        "{citation}"
    );
    // Korf & Schultze's 17 positions, listed as `data/hardest15.txt` has them.
    let hardest = stats["hardest"].as_array().unwrap();
    assert_eq!(hardest.len(), 17);
    assert_eq!(hardest[0], "0 11 9 13/12 15 10 14/3 7 6 2/4 8 5 1");
    // A table's distribution says so too.
    let eight = json(
        &npuzzle()
            .args(["stats", "--size", "3x3", "--json"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone(),
    );
    assert_eq!(eight["source"], "table");
    assert_eq!(eight["citation"], serde_json::Value::Null);
    npuzzle()
        .args(["stats", "--size", "4x4"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "source:  published counts, not counted here: R. E. Korf",
        ))
        .stdout(predicate::str::contains("max:     80 moves (17 boards)"))
        .stdout(predicate::str::contains("mean:    52.5895 moves"))
        .stdout(predicate::str::contains("hardest boards (all):"));
    // Published counts without the boards say so.
    npuzzle()
        .args(["stats", "--size", "5x3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("max:     84 moves (1 board)"))
        .stdout(predicate::str::contains("hardest boards: not listed"));
}

#[test]
fn stats_of_13_to_16_cells_answer_from_published_counts_in_both_metrics() {
    // (size, metric, radius, boards at it, start of the citation)
    for (size, metric, radius, hardest, cited) in [
        ("4x4", "mtm", 43, 16, "lightln2"),
        ("5x3", "stm", 84, 1, "lightln2"),
        ("3x5", "mtm", 44, 1, "lightln2"),
        ("2x7", "stm", 108, 1, "lightln2"),
        ("8x2", "mtm", 57, 80, "lightln2"),
    ] {
        let stats = json(
            &npuzzle()
                .args(["stats", "--size", size, "--metric", metric, "--json"])
                .assert()
                .success()
                .get_output()
                .stdout
                .clone(),
        );
        assert_eq!(stats["size"], size);
        assert_eq!(stats["metric"], metric);
        assert_eq!(stats["source"], "published");
        assert_eq!(stats["max"], radius, "{size} {metric}");
        let counts: Vec<u64> = serde_json::from_value(stats["counts"].clone()).unwrap();
        assert_eq!(counts[radius], hardest, "{size} {metric}");
        assert_eq!(
            counts.iter().sum::<u64>(),
            stats["states"].as_u64().unwrap()
        );
        assert!(stats["citation"].as_str().unwrap().starts_with(cited));
    }
    // The chance of a 4x4 scramble needing 43 multi-tile moves: the 16 antipodes.
    npuzzle()
        .args([
            "stats",
            "--size",
            "4x4",
            "--metric",
            "mtm",
            "--probability",
            "43",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "exact: 16 of 10461394944000 boards",
        ))
        .stdout(predicate::str::contains("Norskog"));
}

#[test]
fn probability_is_exact_from_a_distribution() {
    let exact = json(
        &npuzzle()
            .args(["stats", "--size", "3x3", "--probability", "31", "--json"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone(),
    );
    assert_eq!(exact["exact"], true);
    assert_eq!(exact["source"], "table");
    assert_eq!(
        (exact["boards"].as_u64(), exact["states"].as_u64()),
        (Some(2), Some(181_440))
    );
    assert_eq!(exact["range"], serde_json::json!({"min": 31, "max": 31}));
    assert_eq!(exact["samples"], serde_json::Value::Null);
    assert!((exact["probability"].as_f64().unwrap() - 2.0 / 181_440.0).abs() < 1e-15);
    npuzzle()
        .args(["stats", "--size", "4x4", "--probability", "80"])
        .assert()
        .success()
        .stdout(predicate::str::contains("range:   80 (exactly 80 moves)"))
        .stdout(predicate::str::contains(
            "chance:  1.625e-12 (1 in 615376173176), exact: 17 of 10461394944000 boards",
        ))
        .stdout(predicate::str::contains(
            "source:  published counts: R. E. Korf",
        ));
    // Open ranges: below and above 53 moves make up every board.
    let share = |range: &str| {
        json(
            &npuzzle()
                .args(["stats", "--size", "4x4", "--probability", range, "--json"])
                .assert()
                .success()
                .get_output()
                .stdout
                .clone(),
        )["boards"]
            .as_u64()
            .unwrap()
    };
    assert_eq!(share("..52") + share("53.."), 10_461_394_944_000);
}

#[test]
fn probability_is_sampled_where_no_distribution_is_known() {
    // Forced to sample a 3x3: the interval holds the exact answer (seeded: one draw).
    let exact = json(
        &npuzzle()
            .args([
                "stats",
                "--size",
                "3x3",
                "--probability",
                "20..23",
                "--json",
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone(),
    )["probability"]
        .as_f64()
        .unwrap();
    let sampled = json(
        &npuzzle()
            .args([
                "stats",
                "--size",
                "3x3",
                "--probability",
                "20..23",
                "--sample",
            ])
            .args(["--samples", "300", "--seed", "3", "--json"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone(),
    );
    assert_eq!(sampled["exact"], false);
    assert_eq!(sampled["source"], "sampled");
    assert_eq!(sampled["samples"]["solved"], 300);
    assert_eq!(sampled["samples"]["seed"], 3);
    assert_eq!(sampled["interval"]["method"], "wilson");
    let (low, high) = (
        sampled["interval"]["low"].as_f64().unwrap(),
        sampled["interval"]["high"].as_f64().unwrap(),
    );
    assert!(
        low <= exact && exact <= high,
        "{exact} outside {low}..{high}"
    );
    // 15 cells: no table, so sampled when asked, and said so.
    npuzzle()
        .args([
            "stats",
            "--size",
            "3x5",
            "--probability",
            "..50",
            "--sample",
            "--samples",
            "20",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "range:   0..50 (at most 50 moves)",
        ))
        .stdout(predicate::str::contains("sampled; 95 % interval"))
        .stdout(predicate::str::contains(
            "of 20 random boards solved optimally in the range (seed 1,",
        ));
    // 18 cells: no table, nothing published, so sampled unasked, and said so.
    npuzzle()
        .args(["stats", "--size", "6x3", "--probability", "..100"])
        .args(["--samples", "2", "--seed", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("sampled; 95 % interval"))
        .stdout(predicate::str::contains(
            "2 of 2 random boards solved optimally in the range (seed 1,",
        ));
    // The time budget ends the sampling; the boards solved by then answer.
    let cut = json(
        &npuzzle()
            .args([
                "stats",
                "--size",
                "3x5",
                "--probability",
                "..50",
                "--sample",
                "--samples",
                "1000000",
            ])
            .args(["--max-seconds", "1", "--json"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone(),
    );
    assert_eq!(cut["samples"]["cut_short"], true);
    let solved = cut["samples"]["solved"].as_u64().unwrap();
    assert!(solved > 0 && solved < 1_000_000, "{solved}");
}

#[test]
fn bad_ranges_are_refused_naming_the_flag() {
    for (range, said) in [
        ("9..3", "the range 9..3 is empty"),
        ("-3..5", "'-3' is negative"),
        ("abc", "'abc' is not a number of moves"),
        ("3...5", "is not a number of moves"),
    ] {
        npuzzle()
            .args(["stats", "--size", "3x3", "--probability", range])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "invalid value '{range}' for '--probability <RANGE>'"
            )))
            .stderr(predicate::str::contains(said));
    }
    // The sampling flags belong to --probability.
    npuzzle()
        .args(["stats", "--size", "3x3", "--samples", "5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--probability <RANGE>"));
    npuzzle()
        .args([
            "stats",
            "--size",
            "3x3",
            "--probability",
            "3",
            "--samples",
            "0",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--samples"));
}

#[test]
fn judges_answer_from_tables() {
    // A goal with the blank in a corner, one of the nine embedded tables: 31 moves, then
    // the 32 states of the path, start and goal included.
    let out = npuzzle()
        .args(["judge", "path"])
        .write_stdin("8 6 7\n2 5 4\n3 0 1\n1 2 3\n4 5 6\n7 8 0\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 33);
    assert_eq!(lines[0], "31");
    assert_eq!(lines[1], "867254301");
    assert_eq!(lines[32], "123456780");
    // A hardest board (31 moves), an unsolvable one, one spread over lines with a '/',
    // then a bad token: the answers before it are printed, then the error, exit 1.
    npuzzle()
        .args(["judge", "hdu1043"])
        .write_stdin(
            "8 6 7 2 5 4 3 x 1\n2 1 3 4 5 6 7 8 x\n1 2 3 /\n4 5 6\n7 x 8\n1 2 3 4 5 6 7 8 9\n",
        )
        .assert()
        .code(1)
        .stdout(format!("{}\nunsolvable\nr\n", hardest_moves()))
        .stderr("error: case 4, token 9 ('9') on line 6: expected a tile 1-8 or x\n");
}

/// The canonical moves of 8 6 7/2 5 4/3 0 1, from `solve` with IDA* (the reference).
fn hardest_moves() -> String {
    let out = npuzzle()
        .args([
            "solve",
            "8 6 7/2 5 4/3 0 1",
            "--algorithm",
            "idastar",
            "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    json(&out)["moves"].as_str().unwrap().to_string()
}

#[test]
fn solve_reports_the_algorithm_used() {
    let run = |args: &[&str]| {
        let out = npuzzle()
            .args(args)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        json(&out)
    };
    let auto = run(&["solve", "8 6 7/2 5 4/3 0 1", "--json"]);
    assert_eq!(auto["algorithm"], "table");
    assert_eq!(auto["length"], 31);
    assert_eq!(auto["optimal"], true);
    assert_eq!(auto["moves"], hardest_moves());
    let table = run(&[
        "solve",
        "2 1/3 0",
        "--size",
        "2x2",
        "--algorithm",
        "table",
        "--json",
    ]);
    assert_eq!(table["status"], "unsolvable");
    let fifteen = run(&["solve", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15", "--json"]);
    assert_eq!(fifteen["algorithm"], "fast-idastar");
    npuzzle()
        .args([
            "solve",
            "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15",
            "--algorithm",
            "table",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("table cannot search a 4x4 board"));
}
