//! `npuzzle batch` input (plain boards and JSON Lines) and the results file a resumed run
//! reads. The first byte chooses: 0 the rest is batch input; 1 it is an earlier run's
//! output.

use npuzzle::is_solvable;
use npuzzle_cli::fuzzing::{batch_input, batch_record, batch_results};
use serde_json::Value;

use crate::choose;

/// Feeds `bytes` to the batch's readers (see the module documentation).
///
/// # Panics
/// When a reader breaks its promise: every line gets an id that its result record carries
/// back exactly (JSON in, the same JSON out), ids are unique, a bad line's record says what
/// is wrong, and a line read as a board is a valid board with a goal of its size.
pub fn check(bytes: &[u8]) {
    let (choice, rest) = choose(bytes, 2);
    if choice == 1 {
        if let Err(e) = batch_results(rest) {
            assert!(e.contains("line") || e.contains("UTF-8"), "{e}");
        }
        return;
    }
    let text = String::from_utf8_lossy(rest);
    let lines = match batch_input(&text) {
        Ok(lines) => lines,
        Err(e) => {
            assert!(e.contains("more than one line"), "{e}");
            return;
        }
    };
    let mut seen = std::collections::HashSet::new();
    for line in &lines {
        assert!(seen.insert(line.id.clone()), "id {} twice", line.id);
        let id: Value = serde_json::from_str(&line.id)
            .unwrap_or_else(|e| panic!("id {:?} is not JSON: {e}", line.id));
        // Both records a line can get carry its id back as written.
        let record: Value = serde_json::from_str(&line.error_record)
            .unwrap_or_else(|e| panic!("{:?} is not JSON: {e}", line.error_record));
        assert_eq!(record["id"], id, "{}", line.error_record);
        let solved = batch_record(r#"{"status":"solved"}"#, &line.id);
        let solved: Value = serde_json::from_str(&solved).expect("a solved record is JSON");
        assert_eq!(solved["id"], id);
        // The results file reads the ids back as the batch wrote them.
        let ids = batch_results(format!("{}\n", line.error_record).as_bytes())
            .expect("a record the batch wrote reads back");
        assert_eq!(ids, [line.id.trim()]);
        match &line.read {
            Ok((start, goal)) => {
                assert_eq!(start.size(), goal.size());
                let _ = is_solvable(start, goal);
            }
            Err(message) => {
                assert!(!message.is_empty());
                assert_eq!(record["error"].as_str(), Some(message.as_str()));
            }
        }
    }
}
