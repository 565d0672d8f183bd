//! Stamps of checked table files: once every byte of a table file has matched its
//! checksum, a small stamp beside it (`.NAME.checked`) records which file on disk that
//! was, so that later processes map the file without reading all of it again. Reading
//! 290 MB of the 15-puzzle's 7-8 tables to hash them cost every process 50–70 ms of CPU
//! before its first search, twenty times a short search.
//!
//! **Why a stamp is as good as the hash.** A stamp names the file by what the kernel keeps
//! for it: device, inode, size, and the modification and change times to the nanosecond,
//! with the checksum the file's header claims. Every way of changing a file's bytes
//! through the file system — a write in place, a truncation, an editor's save, a copy or
//! a rename of another file into its place, a restore from a backup — gives it a new
//! inode or a new change time, and the change time is set by the kernel to the clock:
//! no call lets a program set it back. So a file whose stamp matches holds the bytes
//! that were hashed. Two things are left:
//! - A change within the clock tick of the last one would keep the change time (file
//!   systems stamp times with a coarse clock). A stamp is therefore written only for a
//!   file last changed at least [`RACY`] before it was checked (as git treats an index
//!   entry as racy): any later change falls in a later tick.
//! - Storage returning other bytes than were written, with no error and no change seen
//!   by the file system. Hashing at load does not close that either: a mapped table's
//!   pages are dropped under memory pressure and read again from the disk during the
//!   search, after the hash. What the hash and the stamp both promise is that the file,
//!   as the file system holds it, is the one that was checked; disks, and the file
//!   systems that checksum their blocks, answer for the rest.
//!
//! Everything else a load checks (the header byte for byte, the identity, the length)
//! is still checked every time, and a stamp that is damaged, of another file, or missing
//! only means every byte is hashed again (and the stamp written anew).

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

use xxhash_rust::xxh3::xxh3_64;

/// How long before its check a file must have last changed for its stamp to be written:
/// more than any file system's timestamp granularity (FAT's is 2 s).
pub(crate) const RACY: Duration = Duration::from_secs(5);

/// The first line of every stamp.
const MAGIC: &str = "npuzzle checked table file v1";

/// What the file system says of a file without reading it: enough to tell the same bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FileState {
    device: u64,
    inode: u64,
    size: u64,
    modified: (i64, i64),
    changed: (i64, i64),
}

impl FileState {
    /// The state `metadata` gives, where the system has inodes and change times.
    #[cfg(unix)]
    #[expect(
        clippy::unnecessary_wraps,
        reason = "`None` elsewhere: one signature for every system"
    )]
    fn of(metadata: &fs::Metadata) -> Option<FileState> {
        use std::os::unix::fs::MetadataExt;
        Some(FileState {
            device: metadata.dev(),
            inode: metadata.ino(),
            size: metadata.size(),
            modified: (metadata.mtime(), metadata.mtime_nsec()),
            changed: (metadata.ctime(), metadata.ctime_nsec()),
        })
    }

    /// Elsewhere a file's state cannot be told without reading it: no stamps.
    #[cfg(not(unix))]
    fn of(_: &fs::Metadata) -> Option<FileState> {
        None
    }

    /// The stamp's text for this state and `checksum`, its own checksum last.
    fn text(self, checksum: u64) -> String {
        let body = format!(
            "{MAGIC}\ndevice={}\ninode={}\nsize={}\nmodified={}.{:09}\nchanged={}.{:09}\n\
             xxh3={checksum:016x}\n",
            self.device,
            self.inode,
            self.size,
            self.modified.0,
            self.modified.1,
            self.changed.0,
            self.changed.1,
        );
        format!("{body}check={:016x}\n", xxh3_64(body.as_bytes()))
    }

    /// Whether the file last changed at least [`RACY`] before `checked`.
    fn settled_before(self, checked: SystemTime) -> bool {
        let latest = self.modified.max(self.changed);
        let Ok(seconds) = u64::try_from(latest.0) else {
            return false;
        };
        let changed = SystemTime::UNIX_EPOCH
            + Duration::from_secs(seconds)
            + Duration::from_nanos(latest.1.clamp(0, 999_999_999) as u64);
        changed + RACY <= checked
    }
}

/// The payload checksum the stamp at `stamp` vouches for, when it is undamaged and names
/// the file `metadata` describes as it is now.
pub(crate) fn vouched(stamp: &Path, metadata: &fs::Metadata) -> Option<u64> {
    let state = FileState::of(metadata)?;
    let text = fs::read_to_string(stamp).ok()?;
    let checksum = text
        .lines()
        .find_map(|line| line.strip_prefix("xxh3="))
        .and_then(|hex| u64::from_str_radix(hex, 16).ok())?;
    // The whole text, byte for byte: a flip anywhere, or another file's stamp, differs.
    (text == state.text(checksum)).then_some(checksum)
}

/// Records at `stamp` that the file `metadata` describes matched `checksum` in every
/// byte, in a check started at `checked`; `temporary` is a path of the directory no
/// other writer uses, renamed into place. Best effort: nothing is written for a file
/// changed too recently to be told apart from a later change ([`RACY`]), and a stamp
/// that cannot be written only means the next load hashes the file again.
pub(crate) fn record(
    stamp: &Path,
    temporary: &Path,
    metadata: &fs::Metadata,
    checksum: u64,
    checked: SystemTime,
) {
    let Some(state) = FileState::of(metadata) else {
        return;
    };
    if !state.settled_before(checked) {
        return;
    }
    if fs::write(temporary, state.text(checksum)).is_err() || fs::rename(temporary, stamp).is_err()
    {
        let _ = fs::remove_file(temporary);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stamp_vouches_only_for_the_file_it_names_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t.tbl");
        let stamp = dir.path().join(".t.tbl.checked");
        let temporary = dir.path().join(".t.tbl.checked.partial");
        fs::write(&file, b"some table").unwrap();
        let metadata = fs::metadata(&file).unwrap();
        // Just written: too recent to stamp.
        record(&stamp, &temporary, &metadata, 7, SystemTime::now());
        assert!(!stamp.exists() && !temporary.exists());
        let later = SystemTime::now() + RACY + Duration::from_secs(1);
        record(&stamp, &temporary, &metadata, 7, later);
        if cfg!(not(unix)) {
            assert_eq!(vouched(&stamp, &metadata), None);
            return;
        }
        assert_eq!(vouched(&stamp, &metadata), Some(7));
        assert!(!temporary.exists());
        // Every flipped bit of the stamp voids it.
        let text = fs::read(&stamp).unwrap();
        for bit in 0..text.len() * 8 {
            let mut flipped = text.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            fs::write(&stamp, &flipped).unwrap();
            assert_eq!(vouched(&stamp, &metadata), None, "bit {bit}");
        }
        fs::write(&stamp, &text).unwrap();
        assert_eq!(vouched(&stamp, &metadata), Some(7));
        // The same bytes written again: a new change time, no longer vouched for.
        std::thread::sleep(Duration::from_millis(50));
        fs::write(&file, b"some table").unwrap();
        assert_eq!(vouched(&stamp, &fs::metadata(&file).unwrap()), None);
        // Another file's metadata is not vouched for either.
        let other = dir.path().join("u.tbl");
        fs::write(&other, b"some table").unwrap();
        assert_eq!(vouched(&stamp, &fs::metadata(&other).unwrap()), None);
    }
}
