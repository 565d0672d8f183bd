//! Asking the memory early for a byte a search will read soon: a table lookup of a large
//! database is a cache miss, and a search that asks for all of a node's children's
//! entries before it reads the first waits for those misses together, not one after
//! another.
//!
//! ```
//! use npuzzle::util::prefetch::prefetch;
//!
//! let table = vec![7u8; 1 << 20];
//! prefetch(&table, 12_345); // a hint: nothing is read, nothing can fail
//! prefetch(&table, usize::MAX); // outside the table: no hint at all
//! assert_eq!(table[12_345], 7);
//! ```

/// Hints that `bytes[index]` will be read soon. Does nothing where `index` is outside
/// `bytes`, or on processors without a prefetch instruction the build targets.
#[inline]
#[allow(unsafe_code)]
pub fn prefetch(bytes: &[u8], index: usize) {
    let Some(byte) = bytes.get(index) else {
        return;
    };
    #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch reads nothing and cannot fault; the address is inside `bytes`.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(byte).cast::<i8>()) };
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
    let _ = byte;
}
