//! Table files in a cache directory: anyone who can write there can put any bytes in one.
//! The first byte chooses: 0 the bytes are a whole file, read as each kind of table; 1 the
//! bytes are the payload of a pattern-database file whose header is right (checksum and
//! all), so the checks past the header are reached too; 2 they are the identity line a
//! header names.

use std::sync::atomic::{AtomicU64, Ordering};

use npuzzle::pdb::{self, PartitionSet, PatternDatabase, TableKind};
use npuzzle::tables::cache::{self, Cache};
use npuzzle::tables::distance_table::{DistanceTable, Layout};
use npuzzle::{parse_board, Board, Size};

use crate::choose;

/// Feeds `bytes` to the parsers (see the module documentation).
///
/// # Panics
/// When the table readers break their promise on `bytes`: a file is used only if
/// it is exactly what was asked for, and anything else is an error, never a panic.
pub fn check(bytes: &[u8]) {
    let (choice, rest) = choose(bytes, 3);
    match choice {
        0 => whole_file(rest),
        1 => pdb_payload(rest),
        _ => {
            let text = String::from_utf8_lossy(rest);
            if let Some(table) = pdb::parse_identity(&text) {
                assert!(
                    text.contains(&table.size) && text.contains(&table.goal),
                    "{table:?}"
                );
            }
        }
    }
}

/// The goal and tile group of the pattern-database table the checks write.
fn pdb_table() -> (Board, Vec<Vec<u8>>) {
    let goal = Board::goal(Size::square(3).expect("3x3"));
    (goal, vec![vec![1, 2]])
}

/// Both kinds of table: classic, and zero-aware (whose one-bit entries are walked).
const KINDS: [TableKind; 2] = [TableKind::Classic, TableKind::ZeroAware];

/// A cache directory of the call's own, removed when dropped.
struct Scratch(Cache);

impl Scratch {
    fn new() -> Scratch {
        static CALLS: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "npuzzle-fuzz-{}-{}",
            std::process::id(),
            CALLS.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        Scratch(Cache::new(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(self.0.dir());
    }
}

fn whole_file(bytes: &[u8]) {
    if let Ok(header) = cache::read_header(bytes) {
        assert!(header.payload_offset >= 12 && header.payload_offset % 64 == 0);
    }
    let (goal, groups) = pdb_table();
    let scratch = Scratch::new();
    let cache = &scratch.0;
    for kind in KINDS {
        let identity = pdb::identity(&goal, &groups[0], kind);
        if let Ok(offset) = cache::verify(bytes, &identity) {
            // Only a file byte for byte as written passes.
            assert!(offset <= bytes.len());
        }
        std::fs::write(cache.path(&pdb::file_name(&goal, &groups[0], kind)), bytes)
            .expect("scratch");
        let set = PartitionSet::new(vec![groups.clone()], kind, None);
        if let Ok(db) = PatternDatabase::load(cache, &goal, &set) {
            estimate_some_boards(&db, &goal);
        }
    }
    let layout = Layout::new(Size::new(4, 3).expect("4x3"), 11).expect("a 4x3 layout");
    let (name, _) = DistanceTable::cache_name(&layout);
    std::fs::write(cache.path(&name), bytes).expect("scratch");
    if let Err(e) = DistanceTable::load(layout, cache) {
        assert!(!e.to_string().is_empty());
    }
}

fn pdb_payload(payload: &[u8]) {
    let (goal, groups) = pdb_table();
    let scratch = Scratch::new();
    let cache = &scratch.0;
    for kind in KINDS {
        let name = pdb::file_name(&goal, &groups[0], kind);
        // The store writes a right header around any payload: only the payload is in doubt.
        cache
            .store(&name, &pdb::identity(&goal, &groups[0], kind), payload)
            .expect("scratch");
        let set = PartitionSet::new(vec![groups.clone()], kind, None);
        match PatternDatabase::load(cache, &goal, &set) {
            Ok(db) => estimate_some_boards(&db, &goal),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}

/// A database that loaded answers for any board of its goal's size, without panicking.
fn estimate_some_boards(db: &PatternDatabase, goal: &Board) {
    for text in [
        "8 6 7/2 5 4/3 0 1",
        "1 2 3/4 5 6/7 8 0",
        "0 1 2/3 4 5/6 7 8",
    ] {
        let board = parse_board(text, Some(goal.size())).expect("a valid board");
        let _ = db.estimate_board(&board);
    }
}
