//! `bench --depths`: the table of search cost by solution depth, its JSON shape, the
//! book's figures beside it, the plot, and the sizes it refuses.

use crate::common::{json_of, npuzzle, stdout_of};

#[test]
fn by_depth_has_a_row_per_configuration_and_depth() {
    let report = json_of(
        &[
            "bench",
            "--depths",
            "2,6",
            "--count",
            "12",
            "--published",
            "aima",
            "--json",
            "-q",
        ],
        "",
    );
    assert_eq!(report["counting"], "generated");
    assert_eq!(report["bstar_equation"], "n-plus-one");
    assert!(report["conventions"].as_str().unwrap().contains("parent"));
    let rows = report["by_depth"].as_array().unwrap();
    let keys: Vec<(String, u64)> = rows
        .iter()
        .map(|r| {
            (
                r["config"].as_str().unwrap().to_string(),
                r["depth"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        keys,
        [
            ("astar:misplaced", 2),
            ("astar:manhattan", 2),
            ("astar:misplaced", 6),
            ("astar:manhattan", 6)
        ]
        .map(|(c, d)| (c.to_string(), d))
    );
    for row in rows {
        for field in [
            "config",
            "depth",
            "instances",
            "mean_generated",
            "mean_expanded",
            "effective_branching_factor",
        ] {
            assert!(!row[field].is_null(), "{field}: {row}");
        }
        assert_eq!(row["instances"], 12);
        let generated = row["mean_generated"].as_f64().unwrap();
        assert!(generated >= row["mean_expanded"].as_f64().unwrap());
        let published = &row["published"];
        assert_eq!(published["source"], "aima");
        let ratio = published["ratio"].as_f64().unwrap();
        assert!((ratio - generated / published["nodes"].as_f64().unwrap()).abs() < 1e-9);
    }
}

#[test]
fn the_conventions_change_b_star_and_nothing_else() {
    let run = |extra: &[&str]| {
        let mut args = vec!["bench", "--depths", "8", "--count", "10", "--json", "-q"];
        args.extend_from_slice(extra);
        json_of(&args, "")["by_depth"][0].clone()
    };
    let book = run(&[]);
    let expanded = run(&["--counting", "expanded"]);
    let rooted = run(&["--bstar", "n"]);
    let b = |row: &serde_json::Value| row["effective_branching_factor"].as_f64().unwrap();
    assert_eq!(book["mean_generated"], expanded["mean_generated"]);
    assert!(b(&expanded) < b(&book));
    assert!(b(&rooted) < b(&book));
}

#[test]
fn iddfs_without_parent_pruning_does_more_work_on_the_same_boards_and_says_so() {
    let run = |pruning: &str| {
        let args = [
            "bench",
            "--depths",
            "6",
            "--count",
            "20",
            "--configs",
            "iddfs",
            "--iddfs-parent-pruning",
            pruning,
            "--json",
            "-q",
        ];
        json_of(&args, "")
    };
    let (pruned, unpruned) = (run("on"), run("off"));
    assert_eq!(pruned["iddfs_parent_pruning"], true);
    assert_eq!(unpruned["iddfs_parent_pruning"], false);
    assert!(unpruned["conventions"]
        .as_str()
        .unwrap()
        .contains("may step straight back"));
    let nodes = |r: &serde_json::Value, field: &str| r["by_depth"][0][field].as_f64().unwrap();
    for field in ["mean_generated", "mean_expanded"] {
        assert!(nodes(&unpruned, field) > nodes(&pruned, field), "{field}");
    }
    assert_eq!(unpruned["by_depth"][0]["instances"], 20);
}

#[test]
fn markdown_states_the_conventions_and_plots_are_written() {
    let dir = tempfile::tempdir().unwrap();
    let plots = dir.path().join("plots");
    let text = stdout_of(
        &[
            "bench",
            "--depths",
            "2,4",
            "--count",
            "5",
            "-q",
            "--plots",
            plots.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        text.contains("| config | depth | boards | mean generated | mean expanded | b* |"),
        "{text}"
    );
    assert!(text.contains("N + 1 = 1 + b*"), "{text}");
    let svg = std::fs::read_to_string(plots.join("nodes-by-depth.svg")).unwrap();
    assert!(svg.contains("astar:manhattan"));
}

#[test]
fn twelve_cells_and_the_fifteen_puzzle_draw_from_the_layers_at_the_exact_depth() {
    for (size, goal) in [
        ("4x3", "1 2 3 4/5 6 7 8/9 10 11 0"),
        ("4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0"),
    ] {
        let report = json_of(
            &[
                "bench",
                "--depths",
                "3,9",
                "--count",
                "6",
                "--goal",
                goal,
                "--configs",
                "bfs",
                "--json",
                "-q",
            ],
            "",
        );
        let rows = report["by_depth"].as_array().unwrap();
        assert_eq!(rows.len(), 2, "{size}");
        assert!(rows
            .iter()
            .all(|r| r["instances"] == 6 && r["gave_up"] == 0));
        // Deeper boards cost BFS more (the library's tests solve each drawn board).
        assert!(
            rows[0]["mean_expanded"].as_f64().unwrap() < rows[1]["mean_expanded"].as_f64().unwrap()
        );
    }
}

#[test]
fn sizes_without_an_exact_table_and_impossible_depths_are_refused() {
    let refused = |args: &[&str], says: &str| {
        let out = npuzzle().args(args).assert().code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    };
    refused(
        &["bench", "--depths", "10", "--size", "5x5", "-q"],
        "5x5 has 25 cells",
    );
    refused(&["bench", "--depths", "40", "-q"], "the farthest are 31");
    refused(&["bench", "--depths", "0", "-q"], "depth 0");
    refused(&["bench", "--counting", "expanded"], "--depths");
    refused(
        &[
            "bench",
            "--depths",
            "2",
            "--count",
            "18446744073709551615",
            "-q",
        ],
        "--count",
    );
}

/// `--depths 30 --size 4x4` listed layers for 8 s and 1.6 GB before it was refused: a
/// depth past what the layers can list is now refused before any layer is made, with the
/// reason and the depths that can be drawn; a depth past the farthest board of a size
/// listed by layers, as at once.
#[test]
fn depths_the_layers_cannot_list_are_refused_before_any_is_made() {
    let nothing = std::path::Path::new("/dev/null");
    for (args, says) in [
        (
            vec!["bench", "--depths", "2,30", "--size", "4x4", "-q"],
            "depths 1 to 25 can be drawn",
        ),
        (
            vec!["bench", "--depths", "2,40", "--size", "3x5", "-q"],
            "can be drawn",
        ),
        (
            vec!["bench", "--depths", "60", "--size", "4x3", "-q"],
            "the farthest are",
        ),
    ] {
        let (code, stderr, peak, elapsed) = crate::common::measured(&args, nothing);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(elapsed.as_secs() < 5, "{args:?}: {elapsed:?}");
        // With the test process the child may be forked from: far below 1.6 GB.
        assert!(peak < 256 << 20, "{args:?}: {peak} bytes at the peak");
    }
}
