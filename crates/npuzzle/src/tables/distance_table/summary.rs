//! What a distance table says about its board: how many states at each distance, the
//! farthest ones.

#[cfg(doc)]
use super::{Layout, HARDEST_KEPT};

/// How many boards lie at each distance from the goal, and the hardest of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// `counts[d]` is the number of boards exactly `d` moves from the goal.
    pub counts: Vec<u64>,
    /// Indices (see [`Layout::index`]) of up to [`HARDEST_KEPT`] boards at the largest
    /// distance, smallest index first.
    pub hardest: Vec<u64>,
}

/// The mean distance of a distribution, `counts[d]` boards at each distance `d`.
pub fn mean_distance(counts: &[u64]) -> f64 {
    let total: f64 = counts
        .iter()
        .enumerate()
        .map(|(d, &c)| d as f64 * c as f64)
        .sum();
    total / counts.iter().sum::<u64>() as f64
}

impl Summary {
    /// Number of boards counted.
    pub fn states(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The largest distance.
    pub fn max(&self) -> usize {
        self.counts.len() - 1
    }

    /// The mean distance over all boards.
    pub fn mean(&self) -> f64 {
        mean_distance(&self.counts)
    }

    pub(super) fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for list in [&self.counts, &self.hardest] {
            out.extend_from_slice(&(list.len() as u64).to_le_bytes());
            for value in list {
                out.extend_from_slice(&value.to_le_bytes());
            }
        }
        out
    }

    /// Reads [`Summary::to_bytes`]; returns it and the bytes it took.
    pub(super) fn from_bytes(bytes: &[u8]) -> Option<(Summary, usize)> {
        let mut words = bytes
            .chunks_exact(8)
            .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")));
        let mut lists = Vec::new();
        for _ in 0..2 {
            let length = usize::try_from(words.next()?)
                .ok()
                .filter(|&l| l <= 1 << 20)?;
            let list: Vec<u64> = words.by_ref().take(length).collect();
            if list.len() != length {
                return None;
            }
            lists.push(list);
        }
        let used = 8 * (2 + lists[0].len() + lists[1].len());
        let hardest = lists.pop()?;
        let counts = lists.pop()?;
        (!counts.is_empty()).then_some((Summary { counts, hardest }, used))
    }
}
