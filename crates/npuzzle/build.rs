//! Builds the nine 3x3 distance tables (one per goal blank cell, 181,440 bytes each) that
//! the library embeds, with the library's own builder (`src/distance_table/packed.rs`
//! and the ranking it uses, `src/rank/nibbles.rs`, which is why those use nothing else from
//! the crate). See `distance_table` for why
//! the 3x3 tables are embedded rather than built at run time.

use std::path::PathBuf;

#[allow(dead_code)] // the library uses more of them than the build does
#[path = "src/rank/nibbles.rs"]
mod nibbles;

/// The library's path to `nibbles`, which `packed.rs` names.
mod rank {
    pub(crate) use super::nibbles;
}

#[allow(dead_code)]
#[path = "src/distance_table/packed.rs"]
mod packed;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/distance_table/packed.rs");
    println!("cargo::rerun-if-changed=src/rank/nibbles.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut tables = Vec::with_capacity(9 * 181_440);
    for goal_blank in 0..9 {
        let shape = packed::TableShape::new(3, 3, goal_blank);
        let (distances, _) = packed::exact_distances(&shape, |_| {});
        tables.extend_from_slice(&distances);
    }
    std::fs::write(out.join("eight_puzzle_tables.bin"), tables).expect("writing OUT_DIR");
}
