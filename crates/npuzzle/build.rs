//! Builds what the library embeds rather than computes in every process, with the
//! library's own code (compiled here too, which is why those files use nothing else from
//! the crate):
//! - the nine 3x3 distance tables (one per goal blank cell, 181,440 bytes each), with
//!   `src/tables/distance_table/packed.rs` and the ranking it uses, `src/puzzle/rank/nibbles.rs` (see
//!   `distance_table` for why the 3x3 tables are embedded rather than built at run time);
//! - for the goal `1 2 3/4 5 6/7 8 0` (HDU 1043's) and the default move order, each 3x3
//!   board's canonical path in strides of four moves (725 KB; see `packed::canonical_strides`):
//!   the move strings HDU 1043 built from a search at run time cost about 25 ms, most of
//!   a judge run of 20,000 cases;
//! - the move-pruning machines every fast IDA* starts with (words of 8 and 10 moves in
//!   the default order), with `src/fast_idastar/forbidden_words.rs`: finding the
//!   10-move words costs 0.02–0.09 s, which every process paid before its first search.

use std::path::PathBuf;

#[allow(dead_code)] // the library uses more of them than the build does
#[path = "src/puzzle/rank/nibbles.rs"]
mod nibbles;

/// The library's path to `nibbles`, which `packed.rs` names.
mod puzzle {
    pub(crate) mod rank {
        pub(crate) use crate::nibbles;
    }
}

#[allow(dead_code)]
#[path = "src/tables/distance_table/packed.rs"]
mod packed;

#[allow(dead_code)]
#[path = "src/fast_idastar/forbidden_words.rs"]
mod forbidden_words;

/// The default move order, l r d u (`Move::ALL`), as the blank's steps.
const ALL: forbidden_words::Steps = [(-1, 0), (1, 0), (0, 1), (0, -1)];

/// The default move order, l r d u, as the packed core's slots (up, down, left, right).
const DEFAULT_SLOTS: [usize; 4] = [2, 3, 1, 0];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/tables/distance_table/packed.rs");
    println!("cargo::rerun-if-changed=src/puzzle/rank/nibbles.rs");
    println!("cargo::rerun-if-changed=src/fast_idastar/forbidden_words.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut tables = Vec::with_capacity(9 * 181_440);
    for goal_blank in 0..9 {
        let shape = packed::TableShape::new(3, 3, goal_blank);
        let mut boards = Vec::new();
        let (distances, _) =
            packed::exact_distances(&shape, |layer| boards.extend_from_slice(layer));
        tables.extend_from_slice(&distances);
        if goal_blank == 8 {
            let strides: Vec<u8> =
                packed::canonical_strides(&shape, &distances, &boards, &DEFAULT_SLOTS)
                    .iter()
                    .flat_map(|s| s.to_le_bytes())
                    .collect();
            std::fs::write(out.join("eight_puzzle_strides.bin"), strides).expect("writing OUT_DIR");
        }
    }
    std::fs::write(out.join("eight_puzzle_tables.bin"), tables).expect("writing OUT_DIR");
    for length in [8, 10] {
        let bytes: Vec<u8> = forbidden_words::machine(ALL, length, forbidden_words::UNBOUNDED)
            .iter()
            .flatten()
            .flat_map(|t| t.to_le_bytes())
            .collect();
        std::fs::write(out.join(format!("move_pruner_{length}.bin")), bytes)
            .expect("writing OUT_DIR");
    }
}
