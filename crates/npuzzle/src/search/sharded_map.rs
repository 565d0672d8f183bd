//! The searches' default visited set, [`ShardedMap`].

use std::hash::{BuildHasher, BuildHasherDefault, Hash};

use super::node_map::{hash_map_growth_bytes, hash_map_table_bytes, FastHashMap, NodeMap};
use super::GROWTH_SLACK;

/// log2 of [`SHARDS`].
const SHARD_BITS: u32 = 8;

/// The small maps one [`ShardedMap`] is cut into: enough that the largest growth is a
/// few milliseconds at a billion nodes, few enough that empty ones cost nothing to make
/// (an empty map allocates nothing) and a small search pays no more than a little
/// bookkeeping per insertion.
pub const SHARDS: usize = 1 << SHARD_BITS;

/// Spreads the hash's bits before the shard is taken from the top of the product. The
/// small maps index and tag their entries by the hash's low and top bits: a shard taken
/// straight from either would leave every entry of a map with the same bits there (all
/// tags alike, probes comparing every key); taken from a multiple of the whole hash it
/// is independent of both. (The 64-bit golden ratio, as Fibonacci hashing uses.)
const SPREAD: u64 = 0x9e37_79b9_7f4a_7c15;

/// The searches' default visited set: one hash map cut into [`SHARDS`] small ones, so
/// that no single growth stalls a search past its time limit. The bytes it takes are
/// kept as it goes, so [`NodeMap::bytes`] costs nothing per call.
///
/// A hash table grows by doubling: every entry is moved into a table twice the size, in
/// one call that no limit can interrupt. On this project's shared two-core machine one
/// map of 7.3 million boards took 0.1–0.5 s to grow and one of 29 million 1.9–2.5 s, so
/// a BFS told to stop after 5 s stopped after 5.54 s (`npuzzle solve --algorithm bfs
/// --max-seconds 5`, issue 34). Cut into 256 maps chosen by the node's hash, each
/// growth moves a 256th of the entries, milliseconds at any size, well inside the time
/// between two looks at the clock. The maps fill evenly, so the memory is that of one
/// map, and a growth holds only one small map twice where one large map holds its old
/// and new tables together (a BFS of 2 million expansions peaked at 227 MB, against
/// 331 MB in one map). The price, measured side
/// by side on 15-puzzles (2 million expansions, medians of five): 3–18% more CPU time
/// for BFS and 10–14% for bidirectional BFS, depending on the machine's load, and under
/// 4% for A*, which does more per node. Neither 64 nor 16 maps did measurably better,
/// nor one hash per lookup instead of two (hashbrown's `HashTable`).
///
/// ```
/// use npuzzle::search::{NodeMap, ShardedMap};
///
/// let mut map = ShardedMap::default();
/// for n in 0..10_000u64 {
///     map.insert(n, n * n);
/// }
/// assert_eq!((map.len(), map.get(&99)), (10_000, Some(&9801)));
/// ```
pub struct ShardedMap<N, V> {
    shards: Box<[FastHashMap<N, V>]>,
    len: usize,
    /// The bytes every shard's table takes.
    tables: usize,
    /// What the shards within [`GROWTH_SLACK`] of full would allocate by growing.
    growths: usize,
    /// The largest capacity of any shard (tables never shrink).
    largest: usize,
}

impl<N, V> Default for ShardedMap<N, V> {
    fn default() -> Self {
        ShardedMap {
            shards: (0..SHARDS).map(|_| FastHashMap::default()).collect(),
            len: 0,
            tables: 0,
            // An empty map allocates its first table on its first insertion.
            growths: SHARDS * hash_map_growth_bytes(0, 0, std::mem::size_of::<(N, V)>()),
            largest: 0,
        }
    }
}

impl<N: Eq + Hash, V> ShardedMap<N, V> {
    fn shard(node: &N) -> usize {
        let hash = BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(node);
        (hash.wrapping_mul(SPREAD) >> (64 - SHARD_BITS)) as usize
    }

    /// Counts again the bytes of `shard`, which held `len` of `capacity` before an
    /// insertion that grew it or brought it within the slack of full.
    #[cold]
    #[inline(never)]
    fn recount(&mut self, shard: usize, len: usize, capacity: usize) {
        let entry = std::mem::size_of::<(N, V)>();
        let map = &self.shards[shard];
        self.tables = self.tables - hash_map_table_bytes(capacity, entry)
            + hash_map_table_bytes(map.capacity(), entry);
        self.growths = self.growths - hash_map_growth_bytes(len, capacity, entry)
            + hash_map_growth_bytes(map.len(), map.capacity(), entry);
        self.largest = self.largest.max(map.capacity());
    }
}

impl<N: Eq + Hash, V> NodeMap<N, V> for ShardedMap<N, V> {
    fn get(&self, node: &N) -> Option<&V> {
        self.shards[Self::shard(node)].get(node)
    }

    fn get_mut(&mut self, node: &N) -> Option<&mut V> {
        let shard = Self::shard(node);
        self.shards[shard].get_mut(node)
    }

    fn insert(&mut self, node: N, value: V) {
        let shard = Self::shard(&node);
        let map = &mut self.shards[shard];
        let (len, capacity) = (map.len(), map.capacity());
        map.insert(node, value);
        let added = map.len() - len;
        self.len += added;
        // The bytes change only when the shard grows or comes within the slack of full:
        // rarely, and then counted apart, so that the common insertion stays a few
        // instructions (a search's lookups overlap their cache misses only while the
        // loop around them is short: counting every time cost a fifth of BFS's speed).
        let near = |len: usize| len + GROWTH_SLACK > capacity;
        if map.capacity() != capacity || near(len + added) != near(len) {
            self.recount(shard, len, capacity);
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    /// The shards' tables, and the growth of those within [`GROWTH_SLACK`] nodes of
    /// full. One expansion stores at most [`GROWTH_SLACK`] nodes, so at most that many
    /// shards grow before the next count: the growth counted is at most that many of
    /// the largest growth (256 empty shards are not 256 allocations to come).
    fn bytes(&self) -> usize {
        let entry = std::mem::size_of::<(N, V)>();
        let most = GROWTH_SLACK * hash_map_growth_bytes(self.largest, self.largest, entry);
        self.tables + self.growths.min(most)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn behaves_like_one_map_and_counts_its_bytes_as_its_shards_do() {
        let mut sharded = ShardedMap::default();
        let mut plain = HashMap::new();
        for i in 0..200_000u64 {
            // Keys shaped like packed boards: few low bits change between neighbours.
            let key = i.wrapping_mul(0x1_0000_0001) ^ (i << 40);
            sharded.insert(key, i);
            plain.insert(key, i);
            if i % 3 == 0 {
                sharded.insert(key, i + 1);
                plain.insert(key, i + 1);
            }
            if i % 9_973 == 0 {
                let entry = std::mem::size_of::<(u64, u64)>();
                let tables: usize = sharded
                    .shards
                    .iter()
                    .map(|m| hash_map_table_bytes(m.capacity(), entry))
                    .sum();
                let growths: usize = sharded
                    .shards
                    .iter()
                    .map(|m| hash_map_growth_bytes(m.len(), m.capacity(), entry))
                    .sum();
                assert_eq!((sharded.tables, sharded.growths), (tables, growths));
                assert!(sharded.bytes() >= tables);
            }
        }
        assert_eq!(sharded.len(), plain.len());
        for (key, value) in &plain {
            assert_eq!(sharded.get(key), Some(value));
        }
        assert_eq!(sharded.get(&u64::MAX), None);
        *sharded.get_mut(&0).unwrap() = 7;
        assert_eq!(sharded.get(&0), Some(&7));
        // The shards fill evenly: none holds more than twice its share.
        let most = sharded.shards.iter().map(HashMap::len).max().unwrap();
        assert!(most < 2 * plain.len() / SHARDS, "{most}");
        // About one map's memory (plus what the growth of up to eight shards would add).
        let one = <HashMap<u64, u64, _> as NodeMap<u64, u64>>::bytes(&plain);
        assert!(sharded.bytes() < 2 * one, "{} vs {one}", sharded.bytes());
    }

    #[test]
    fn an_empty_map_counts_a_few_first_tables_not_hundreds() {
        let map = ShardedMap::<u64, u64>::default();
        assert_eq!(map.len(), 0);
        assert!(map.is_empty());
        assert!(map.bytes() < 2048, "{}", map.bytes());
    }
}
