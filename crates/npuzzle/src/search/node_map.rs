//! Visited sets: where a search keeps what it knows about each node it has seen.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash};
use std::marker::PhantomData;

/// A hash map with a fast non-cryptographic hasher (`FxHash`); search nodes are not
/// attacker-chosen keys, and `SipHash` would cost more than the search itself.
pub type FastHashMap<K, V> = HashMap<K, V, BuildHasherDefault<rustc_hash::FxHasher>>;

/// The map operations a search needs from its visited set.
pub trait NodeMap<N, V> {
    /// The value stored for `node`.
    fn get(&self, node: &N) -> Option<&V>;
    /// The value stored for `node`, to change.
    fn get_mut(&mut self, node: &N) -> Option<&mut V>;
    /// Stores `value` for `node`, replacing any earlier one.
    fn insert(&mut self, node: N, value: V);
    /// Number of nodes stored.
    fn len(&self) -> usize;
    /// The bytes the map has allocated, plus what its growth would allocate beside them
    /// when it is within [`super::GROWTH_SLACK`] nodes of full (a hash table grows by
    /// doubling, the old table alive while the new one fills): the most it can take by
    /// the next expansion. Heap owned by the nodes and values themselves is not counted
    /// here.
    fn bytes(&self) -> usize;
    /// Whether no node is stored.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A map lent to a search, so that the caller keeps it past the search: freeing millions
/// of nodes takes seconds, which a caller under a time limit may spend after answering.
impl<N, V, M: NodeMap<N, V>> NodeMap<N, V> for &mut M {
    fn get(&self, node: &N) -> Option<&V> {
        (**self).get(node)
    }
    fn get_mut(&mut self, node: &N) -> Option<&mut V> {
        (**self).get_mut(node)
    }
    fn insert(&mut self, node: N, value: V) {
        (**self).insert(node, value);
    }
    fn len(&self) -> usize {
        (**self).len()
    }
    fn bytes(&self) -> usize {
        (**self).bytes()
    }
}

impl<N: Eq + Hash, V, S: std::hash::BuildHasher> NodeMap<N, V> for HashMap<N, V, S> {
    fn get(&self, node: &N) -> Option<&V> {
        HashMap::get(self, node)
    }
    fn get_mut(&mut self, node: &N) -> Option<&mut V> {
        HashMap::get_mut(self, node)
    }
    fn insert(&mut self, node: N, value: V) {
        HashMap::insert(self, node, value);
    }
    fn len(&self) -> usize {
        HashMap::len(self)
    }
    fn bytes(&self) -> usize {
        let entry = std::mem::size_of::<(N, V)>();
        let capacity = self.capacity();
        hash_map_table_bytes(capacity, entry) + hash_map_growth_bytes(self.len(), capacity, entry)
    }
}

/// The buckets of a standard map of `capacity`: it is a `SwissTable`, a power of two of
/// buckets, 7/8 of them usable (all but one below 8).
fn buckets(capacity: usize) -> usize {
    match capacity {
        0 => 0,
        c if c < 7 => (c + 1).next_power_of_two(),
        c => (c * 8 / 7).next_power_of_two(),
    }
}

/// The bytes of a table of `buckets` buckets of `entry`-byte entries: each an entry and
/// a control byte, plus one group of control bytes.
fn table_bytes(buckets: usize, entry: usize) -> usize {
    if buckets == 0 {
        0
    } else {
        buckets * (entry + 1) + 16
    }
}

/// The bytes a standard map of `capacity` (entries of `entry` bytes) has allocated.
pub(super) fn hash_map_table_bytes(capacity: usize, entry: usize) -> usize {
    table_bytes(buckets(capacity), entry)
}

/// What a standard map holding `len` of `capacity` would allocate beside its table by
/// growing, when it is within [`super::GROWTH_SLACK`] nodes of full; else 0.
pub(super) fn hash_map_growth_bytes(len: usize, capacity: usize, entry: usize) -> usize {
    if len + super::GROWTH_SLACK > capacity {
        table_bytes((buckets(capacity) * 2).max(4), entry)
    } else {
        0
    }
}

const PAGE_BITS: u32 = 10;
const PAGE: usize = 1 << PAGE_BITS;

/// A visited set addressed by a perfect hash (such as a permutation's rank): no hashing,
/// no collisions. The index maps to a slot in pages of 1024 `u32`s (4 KiB) allocated on
/// first touch, and the slot to a dense vector of values: a short search in a space of
/// hundreds of millions of indices holds only the pages it touches, and starting a
/// search costs nothing, however large the space.
pub struct IndexedMap<N, V, F> {
    index: F,
    capacity: usize,
    /// `pages[i >> PAGE_BITS][i & (PAGE - 1)]` is 1 + the value's place, or 0 when absent.
    pages: Vec<Option<Box<[u32]>>>,
    values: Vec<V>,
    _node: PhantomData<fn(&N)>,
}

impl<N, V, F: Fn(&N) -> usize> IndexedMap<N, V, F> {
    /// A map for nodes whose `index` is always below `capacity` (at most 2^32 - 1 nodes).
    pub fn new(capacity: usize, index: F) -> Self {
        IndexedMap {
            index,
            capacity,
            pages: Vec::new(),
            values: Vec::new(),
            _node: PhantomData,
        }
    }

    fn slot(&self, node: &N) -> (usize, usize) {
        let i = (self.index)(node);
        assert!(
            i < self.capacity,
            "perfect hash {i} out of range {}",
            self.capacity
        );
        (i >> PAGE_BITS, i & (PAGE - 1))
    }

    fn place(&self, node: &N) -> Option<usize> {
        let (page, offset) = self.slot(node);
        let stored = self.pages.get(page)?.as_ref()?[offset];
        (stored != 0).then(|| stored as usize - 1)
    }
}

impl<N, V, F: Fn(&N) -> usize> NodeMap<N, V> for IndexedMap<N, V, F> {
    fn get(&self, node: &N) -> Option<&V> {
        self.place(node).map(|p| &self.values[p])
    }
    fn get_mut(&mut self, node: &N) -> Option<&mut V> {
        self.place(node).map(|p| &mut self.values[p])
    }
    fn insert(&mut self, node: N, value: V) {
        if let Some(p) = self.place(&node) {
            self.values[p] = value;
            return;
        }
        let (page, offset) = self.slot(&node);
        if self.pages.len() <= page {
            self.pages.resize_with(page + 1, || None);
        }
        self.values.push(value);
        let place = u32::try_from(self.values.len()).expect("fewer than 2^32 nodes");
        self.pages[page].get_or_insert_with(|| vec![0; PAGE].into_boxed_slice())[offset] = place;
    }
    fn len(&self) -> usize {
        self.values.len()
    }
    fn bytes(&self) -> usize {
        let pages = self.pages.iter().flatten().count() * (PAGE * 4 + 16);
        super::vec_bytes::<Option<Box<[u32]>>>(self.pages.len(), self.pages.capacity())
            + pages
            + PAGE * 4
            + super::vec_bytes::<V>(self.values.len(), self.values.capacity())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexed_map_behaves_like_a_map() {
        let mut m = IndexedMap::new(100_000, |n: &u64| *n as usize);
        assert!(m.is_empty());
        m.insert(5, "a");
        m.insert(99_999, "b");
        m.insert(5, "c");
        assert_eq!(m.len(), 2);
        assert_eq!(m.get(&5), Some(&"c"));
        assert_eq!(m.get(&6), None);
        assert_eq!(m.get(&50_000), None);
        *m.get_mut(&99_999).unwrap() = "d";
        assert_eq!(m.get(&99_999), Some(&"d"));
    }
}
