//! Large tables read into memory on 2 MiB pages (Linux's transparent huge pages) rather
//! than mapped from their files.

use std::fs;

use memmap2::Mmap;

/// Tables of this size and more are read into memory on huge pages
/// ([`read_onto_huge_pages`]).
const HUGE_PAGES_FROM: usize = 8 << 20;
/// Tables larger than this are mapped even so: the 15-puzzle's 2.7 GB five-colour
/// multi-tile table took 8.6-9.6 s to read onto huge pages (the kernel gathering 2 MiB
/// pages for it) where reading its file takes 0.35 s, and the huge pages spared a 43-move
/// antipode's search a tenth of its 14.5 s.
const HUGE_PAGES_UP_TO: usize = 1 << 30;

/// The bytes of `file` (of `length` bytes) read into memory of the process's own,
/// backed by 2 MiB pages (Linux's transparent huge pages); `None` where the system has
/// none, or the table is small or very large, or the reading fails (the caller maps the
/// file instead).
///
/// Why: a search looks its tables up at random over hundreds of megabytes. On 4 KiB pages
/// nearly every lookup also misses the processor's page-table cache, and the walk that
/// follows is one more dependent load; 2 MiB pages cover 512 times the memory per entry.
/// Read, not copied from a map of the file: no page faults on the file's side (copying
/// from the map took three times as long).
pub(super) fn read_onto_huge_pages(file: &fs::File, length: u64) -> Option<Mmap> {
    #[cfg(target_os = "linux")]
    if (HUGE_PAGES_FROM as u64..=HUGE_PAGES_UP_TO as u64).contains(&length)
        && transparent_huge_pages()
    {
        use std::io::Read as _;
        let length = usize::try_from(length).ok()?;
        let mut memory = memmap2::MmapMut::map_anon(length).ok()?;
        memory.advise(memmap2::Advice::HugePage).ok()?;
        let mut reader = file;
        reader.read_exact(&mut memory).ok()?;
        return memory.make_read_only().ok();
    }
    let _ = (file, length);
    None
}

/// Asks that `map`, a table file mapped whole, be read and mapped on 2 MiB pages where
/// the file system keeps files in large pieces (Linux 6.x: ext4 since 6.16, xfs): the
/// pages the search faults in are then read 2 MiB at a time and mapped 2 MiB a
/// translation, and stay so in the page cache for the next process, with no copy. A
/// hint: where the kernel cannot, the map stays as it is. Measured on a 2.7 GB
/// multi-tile table in 2 MiB pieces: 50 million random reads 0.58 s against 0.76–0.83 s;
/// the antipodes' search, its tables already in 2 MiB pieces either way, within the noise.
pub(super) fn map_file_onto_huge_pages(map: &Mmap) {
    #[cfg(target_os = "linux")]
    if map.len() >= HUGE_PAGES_FROM {
        let _ = map.advise(memmap2::Advice::HugePage);
    }
    let _ = map;
}

/// Whether the kernel gives huge pages to memory that asks for them (not `never`).
#[cfg(target_os = "linux")]
fn transparent_huge_pages() -> bool {
    fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
        .is_ok_and(|modes| !modes.contains("[never]"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::cache::{Cache, CacheError};
    use xxhash_rust::xxh3::xxh3_64;

    #[test]
    fn a_table_read_onto_huge_pages_is_the_file_and_still_checked() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path()).onto_huge_pages(true);
        let payload: Vec<u8> = (0..HUGE_PAGES_FROM as u32 + 12_345)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
            .collect();
        cache.store("big.bin", "big table", &payload).unwrap();
        let table = cache.load("big.bin", "big table").unwrap();
        assert!(*table == payload[..], "the copy holds the payload");
        assert_eq!(table.checksum(), xxh3_64(&payload));
        // Damage near the end is found in the copy, as in the file.
        let path = dir.path().join("big.bin");
        let mut bytes = fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x10;
        fs::write(&path, bytes).unwrap();
        assert!(matches!(
            cache.load("big.bin", "big table"),
            Err(CacheError::Invalid { .. })
        ));
    }
}
