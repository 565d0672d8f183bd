//! One group's table: where its bytes live, how entries are packed, and the payload of
//! its file.

#![expect(
    clippy::inline_always,
    reason = "called for every generated node of the search: inlining is not left to the cost model"
)]

use crate::board::{Board, Size};
use crate::cache::Table;
use crate::partition::group_text;
use crate::progress::Progress;
use crate::rank::PartialRank;

use super::build;

/// Bytes before the entries in a payload: the entry width, then padding.
pub(super) const PAYLOAD_HEADER: usize = 64;

/// Where a table's bytes live: mapped from its cache file, or built in memory.
pub(super) enum Storage {
    Mapped(Table),
    Owned(Vec<u8>),
}

impl Storage {
    pub(super) fn bytes(&self) -> &[u8] {
        match self {
            Storage::Mapped(t) => t,
            Storage::Owned(v) => v,
        }
    }
}

/// One group's table.
pub(super) struct GroupTable {
    pub(super) tiles: Vec<u8>,
    pub(super) ranker: PartialRank,
    /// Bits per entry: 4 or 8.
    pub(super) bits: u8,
    pub(super) storage: Storage,
}

impl GroupTable {
    pub(super) fn from_payload(
        tiles: &[u8],
        n: usize,
        storage: Storage,
    ) -> Result<GroupTable, String> {
        let ranker = PartialRank::new(n, tiles.len());
        let bytes = storage.bytes();
        let bits = *bytes.first().ok_or("empty payload")?;
        let entries = ranker.count as usize;
        let expected = match bits {
            4 => entries.div_ceil(2),
            8 => entries,
            _ => return Err(format!("unknown entry width {bits}")),
        };
        if bytes.len() != PAYLOAD_HEADER + expected {
            return Err(format!(
                "payload of {} bytes, expected {}",
                bytes.len(),
                PAYLOAD_HEADER + expected
            ));
        }
        Ok(GroupTable {
            tiles: tiles.to_vec(),
            ranker,
            bits,
            storage,
        })
    }

    #[inline(always)]
    pub(super) fn entry(&self, rank: u64) -> u8 {
        let data = &self.storage.bytes()[PAYLOAD_HEADER..];
        if self.bits == 4 {
            (data[(rank >> 1) as usize] >> ((rank & 1) * 4)) & 15
        } else {
            data[rank as usize]
        }
    }

    /// The largest entry (for reports).
    pub(super) fn max_entry(&self) -> u8 {
        (0..self.ranker.count)
            .map(|r| self.entry(r))
            .max()
            .unwrap_or(0)
    }
}

/// The payload of a group's file: entry width, padding, entries.
pub(super) fn payload(size: Size, goal: &Board, tiles: &[u8], progress: &dyn Progress) -> Vec<u8> {
    let goal_pos = goal.positions();
    let goal_cells: Vec<u8> = tiles.iter().map(|&t| goal_pos[t as usize] as u8).collect();
    let what = format!("pattern database {size} tiles {}", group_text(tiles));
    let depths = build::depths(size, &goal_cells, goal.blank() as u8, progress, &what);
    let (extras, max) = build::extras(size, &goal_cells, &depths);
    drop(depths);
    let mut out = vec![0u8; PAYLOAD_HEADER];
    if max <= 15 {
        out[0] = 4;
        out.extend(
            extras
                .chunks(2)
                .map(|pair| pair[0] | pair.get(1).map_or(0, |hi| hi << 4)),
        );
    } else {
        out[0] = 8;
        out.extend_from_slice(&extras);
    }
    out
}
