//! `npuzzle rank` and `npuzzle unrank`: the rank with its working, the board back, and
//! the errors for ranks and sizes out of range.

use crate::common::{json_of, npuzzle, stdout_of};

/// Lehmer digits counted here, independently of the library.
fn digits(cells: &[u64]) -> Vec<u64> {
    (0..cells.len())
        .map(|i| cells[i + 1..].iter().filter(|&&w| w < cells[i]).count() as u64)
        .collect()
}

fn factorial(n: u64) -> u128 {
    (1..=n).map(u128::from).product()
}

#[test]
fn rank_json_holds_the_working_and_unrank_gives_the_board_back() {
    for (board, size) in [
        ("8 6 7/2 5 4/3 0 1", "3x3"),
        ("1 2 3/4 5 6/7 8 0", "3x3"),
        ("0 1 2 3 4 5 6 7", "4x2"),
        ("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "4x4"),
        (
            "24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0",
            "5x5",
        ),
    ] {
        let ranked = json_of(&["rank", board, "--size", size, "--json"], "");
        let cells: Vec<u64> = ranked["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        let found: Vec<u64> = ranked["digits"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(found, digits(&cells), "{board}");
        let n = cells.len() as u64;
        let expected: u128 = found
            .iter()
            .enumerate()
            .map(|(i, &d)| u128::from(d) * factorial(n - 1 - i as u64))
            .sum();
        let rank: u128 = ranked["rank"].as_str().unwrap().parse().unwrap();
        let cantor: u128 = ranked["cantor"].as_str().unwrap().parse().unwrap();
        assert_eq!((rank, cantor), (expected, expected + 1), "{board}");
        let back = json_of(&["unrank", &rank.to_string(), "--size", size, "--json"], "");
        assert_eq!(back["board"], ranked["board"], "{board}");
        let plain = stdout_of(&["unrank", &rank.to_string(), "--size", size], "");
        assert_eq!(plain.trim_end(), ranked["board"].as_str().unwrap());
    }
}

#[test]
fn the_working_in_text_adds_up_to_the_rank() {
    let text = stdout_of(&["rank", "-"], "8 6 7/2 5 4/3 0 1\n");
    let terms: u128 = text
        .lines()
        .skip(2)
        .take(9)
        .map(|line| {
            line.split_whitespace()
                .last()
                .unwrap()
                .parse::<u128>()
                .unwrap()
        })
        .sum();
    let rank_line = text.lines().find(|l| l.starts_with("rank:")).unwrap();
    let rank: u128 = rank_line
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(terms, rank, "{text}");
    let cantor_line = text.lines().find(|l| l.starts_with("cantor:")).unwrap();
    assert!(
        cantor_line.starts_with(&format!("cantor: {}", rank + 1)),
        "{text}"
    );
}

#[test]
fn the_in_order_board_is_cantor_1_and_its_last_two_swapped_2() {
    let first = json_of(&["rank", "0 1 2/3 4 5", "--size", "3x2", "--json"], "");
    let second = json_of(&["rank", "0 1 2/3 5 4", "--size", "3x2", "--json"], "");
    assert_eq!(
        (first["cantor"].as_str(), second["cantor"].as_str()),
        (Some("1"), Some("2"))
    );
}

/// Runs `npuzzle args`, expecting a usage error whose message holds every one of `says`.
fn refused(args: &[&str], says: &[&str]) {
    let out = npuzzle().args(args).assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    for part in says {
        assert!(stderr.contains(part), "{args:?}: {stderr}");
    }
}

#[test]
fn ranks_and_sizes_out_of_range_are_refused_by_name() {
    let nine = factorial(9).to_string();
    refused(
        &["unrank", &nine, "--size", "3x3"],
        &["out of range", "362879"],
    );
    refused(&["unrank", "-1", "--size", "3x3"], &["not a rank"]);
    refused(
        &["unrank", "12x", "--size", "3x3"],
        &["'12x' is not a rank"],
    );
    refused(
        &["unrank", &"9".repeat(40), "--size", "3x3"],
        &["past every rank"],
    );
    refused(&["unrank", "0", "--size", "3y3"], &["--size", "3y3"]);
    refused(&["unrank", "0", "--size", "1x3"], &["--size"]);
    refused(&["unrank", "0", "--size", "6x6"], &["36 cells", "34"]);
    refused(&["unrank", "0"], &["--size"]);
    let big: Vec<String> = (0..36).map(|t| t.to_string()).collect();
    refused(&["rank", &big.join(" ")], &["board", "36 cells"]);
    refused(&["rank", "1 2 3/4 5"], &["board '1 2 3/4 5'"]);
    // The largest rank of the largest size is accepted, one more is not.
    let last = (factorial(34) - 1).to_string();
    let board = stdout_of(&["unrank", &last, "--size", "17x2"], "");
    assert!(board.starts_with("33 32 31"), "{board}");
    refused(
        &["unrank", &factorial(34).to_string(), "--size", "17x2"],
        &["out of range"],
    );
}
