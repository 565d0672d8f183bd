//! `npuzzle compare`: every algorithm and heuristic pair on one board, as JSON and as a table.

use serde_json::Value;

use crate::common::stdout_of;

#[test]
fn compare_reports_every_pair() {
    let out = stdout_of(
        &["compare", "283104765", "--goal", "123804765", "--json"],
        "",
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 9);
    assert!(rows.iter().all(|r| r["length"] == 4));
    let table = stdout_of(&["compare", "283104765", "--goal", "123804765"], "");
    assert!(table.contains("iddfs") && table.contains("linear-conflict"));
}
