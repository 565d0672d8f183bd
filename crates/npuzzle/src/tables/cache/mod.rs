//! Table files on disk: precomputed tables (distance tables, pattern databases) are built
//! once, written here, and later mapped into memory instead of rebuilt.
//!
//! ```
//! use npuzzle::tables::cache::{Cache, CacheError, Origin};
//!
//! let dir = tempfile::tempdir()?;
//! let cache = Cache::new(dir.path());
//! let (table, origin) = cache.load_or_build("squares.tbl", "the squares of 0..8", || {
//!     Ok::<_, CacheError>((0u8..8).map(|i| i * i).collect())
//! })?;
//! assert_eq!(origin, Origin::Built);
//! assert_eq!(table[3], 9);
//! // Next time it is mapped from the file, checked against its identity and checksum.
//! let (_, origin) =
//!     cache.load_or_build::<CacheError>("squares.tbl", "the squares of 0..8", || unreachable!())?;
//! assert_eq!(origin, Origin::Loaded);
//! assert!(cache.load("squares.tbl", "something else").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A file is `MAGIC`, a little-endian `u32` header length, a text header of `key=value`
//! lines, zero padding to a 64-byte boundary, then the payload. The header names the
//! format version, the table's identity (what it is a table *of*: board, goal, tile
//! groups…), the payload length and its xxh3-64 checksum. Every byte is checked before a
//! file is used ([`verify`]): a file cut short, padded, of another version or identity, or
//! with a flipped bit anywhere is reported, never used, and callers rebuild it. The
//! payload's hash is taken once per file as the file system holds it: a stamp beside a
//! checked file (`.NAME.checked`) vouches for its bytes until the file changes, so later
//! processes need not read hundreds of megabytes before their first lookup (the stamp's
//! module says why that is as safe).
//! Files are written to a temporary name of their own and renamed into place, so a killed
//! build leaves no half-written table behind, and two processes building the same table
//! at once each rename a whole file into place: the last wins, and both are valid.
//!
//! A cache made [`Cache::onto_huge_pages`] reads each table of 8 MiB or more into memory
//! of its own on 2 MiB pages where the system has them (Linux's transparent huge pages),
//! rather than mapping the file: a search's random lookups then rarely miss the
//! processor's page-table cache.
//!
//! The file layout and its checks are in `file_format`, the reading onto huge pages in
//! `huge_pages`, why a file cannot be used in `cache_error`; their public items are named
//! from here.

mod cache_error;
mod file_format;
mod huge_pages;

use std::fs;
use std::io::{self, Write};
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::SystemTime;

use memmap2::Mmap;
use xxhash_rust::xxh3::xxh3_64;

use crate::tables::table_stamp;

use cache_error::io_error;
pub use cache_error::CacheError;
use file_format::{checked, claimed_identity, header};
pub use file_format::{read_header, verify, Header, TableFileError, FORMAT_VERSION, MAGIC};
use huge_pages::{map_file_onto_huge_pages, read_onto_huge_pages};

/// A verified table, mapped from its file (or read from it onto huge pages).
pub struct Table {
    map: Mmap,
    offset: usize,
}

impl Table {
    /// The payload's xxh3-64 checksum, as its header gives it (checked against every
    /// byte when the file was loaded, or when it was stamped, so reading it costs
    /// nothing).
    pub fn checksum(&self) -> u64 {
        read_header(&self.map)
            .ok()
            .and_then(|h| u64::from_str_radix(h.checksum, 16).ok())
            .unwrap_or_else(|| xxh3_64(self))
    }
}

impl Deref for Table {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        &self.map[self.offset..]
    }
}

/// How [`Cache::load_or_build`] got its table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A valid file was already there.
    Loaded,
    /// No file was there; the table was built and written.
    Built,
    /// A file was there but not usable (the reason given); it was rebuilt.
    Rebuilt(String),
}

/// How the table was had, in words: `loaded`, `built`, `rebuilt (why)`.
impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Loaded => f.write_str("loaded"),
            Origin::Built => f.write_str("built"),
            Origin::Rebuilt(why) => write!(f, "rebuilt ({why})"),
        }
    }
}

/// A directory of table files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cache {
    dir: PathBuf,
    /// Whether tables of 8 MiB and more are read onto huge pages
    /// rather than mapped.
    huge_pages: bool,
    /// Whether every load hashes the whole payload, stamps or not.
    every_byte: bool,
}

impl Cache {
    /// A cache in `dir` (created when first written).
    pub fn new(dir: impl Into<PathBuf>) -> Cache {
        Cache {
            dir: dir.into(),
            huge_pages: false,
            every_byte: false,
        }
    }

    /// The same directory, each load hashing every byte of the payload when `yes`, even
    /// of a file a stamp vouches for (see the module documentation): for `pdb verify`,
    /// which is asked to read everything.
    #[must_use]
    pub fn checking_every_byte(self, yes: bool) -> Cache {
        Cache {
            every_byte: yes,
            ..self
        }
    }

    /// The same directory, its large tables (8 MiB and more) read into memory on huge
    /// pages when `yes` and the system has them, rather than mapped from their files:
    /// for the tables of long searches. Lookups are faster (1.07× for the 24-puzzle's
    /// 6-6-6-6, 1.14× for its catalogue: docs/BENCHMARKS.md, "Changes measured and kept"); reading costs 0.1–0.5 s
    /// for 300 MB (the kernel may first compact memory to find huge pages), and every
    /// process holds its own copy.
    #[must_use]
    pub fn onto_huge_pages(self, yes: bool) -> Cache {
        Cache {
            huge_pages: yes,
            ..self
        }
    }

    /// The cache named by `$NPUZZLE_CACHE_DIR`, else `$XDG_CACHE_HOME/npuzzle`, else
    /// `$HOME/.cache/npuzzle`, else `npuzzle-cache` in the system's temporary directory.
    pub fn from_env() -> Cache {
        let var = |name| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let dir = var("NPUZZLE_CACHE_DIR")
            .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("npuzzle")))
            .or_else(|| var("HOME").map(|d| d.join(".cache").join("npuzzle")))
            .unwrap_or_else(|| std::env::temp_dir().join("npuzzle-cache"));
        Cache::new(dir)
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The path of the file called `name`.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Maps the file `name` and checks it is a valid table of `identity`: its header
    /// byte for byte, and its payload against the checksum, hashed unless a stamp vouches
    /// for this very file (then a stamp is written, once the file is old enough).
    ///
    /// # Errors
    /// When the file is missing, unreadable, or not a valid table of `identity` (magic,
    /// version, identity, length or checksum off).
    pub fn load(&self, name: &str, identity: &str) -> Result<Table, CacheError> {
        let path = self.path(name);
        let file = match fs::File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(CacheError::Missing(path)),
            Err(e) => return Err(io_error(&path)(e)),
        };
        let metadata = file.metadata().map_err(io_error(&path))?;
        let length = metadata.len();
        let on_huge_pages = if self.huge_pages {
            read_onto_huge_pages(&file, length)
        } else {
            None
        };
        let map = if let Some(memory) = on_huge_pages {
            memory
        } else {
            // SAFETY: the map is read-only and files are only ever replaced by rename,
            // never rewritten in place, so its contents do not change under us.
            #[allow(unsafe_code)]
            let map = unsafe { Mmap::map(&file) }.map_err(io_error(&path))?;
            map_file_onto_huge_pages(&map);
            map
        };
        let stamp = self.path(&format!(".{name}.checked"));
        let vouched = (!self.every_byte)
            .then(|| table_stamp::vouched(&stamp, &metadata))
            .flatten();
        let offset = if let Some(Ok((offset, _))) =
            vouched.map(|checksum| checked(&map, identity, Some(checksum)))
        {
            offset
        } else {
            // No stamp, or one this header does not agree with: every byte.
            let started = SystemTime::now();
            let (offset, checksum) =
                checked(&map, identity, None).map_err(|why| CacheError::Invalid {
                    path,
                    why: why.to_string(),
                })?;
            let temporary = self.unique_path(&format!("{name}.checked"));
            table_stamp::record(&stamp, &temporary, &metadata, checksum, started);
            offset
        };
        Ok(Table { map, offset })
    }

    /// Writes `payload` as the table of `identity` in the file `name`, atomically.
    ///
    /// # Errors
    /// When the directory cannot be created or the file cannot be written or renamed into
    /// place.
    pub fn store(&self, name: &str, identity: &str, payload: &[u8]) -> Result<(), CacheError> {
        fs::create_dir_all(&self.dir).map_err(io_error(&self.dir))?;
        let path = self.path(name);
        let temporary = self.unique_path(name);
        let write = || -> io::Result<()> {
            let mut file = io::BufWriter::new(fs::File::create(&temporary)?);
            file.write_all(&header(identity, payload))?;
            file.write_all(payload)?;
            file.into_inner()
                .map_err(std::io::IntoInnerError::into_error)?
                .sync_all()?;
            fs::rename(&temporary, &path)?;
            // The rename itself is on disk only once the directory is; a file system that
            // cannot sync a directory has nothing to do here.
            if let Ok(dir) = fs::File::open(&self.dir) {
                let _ = dir.sync_all();
            }
            Ok(())
        };
        write().map_err(|e| {
            let _ = fs::remove_file(&temporary);
            io_error(&path)(e)
        })
    }

    /// The files in the cache (temporary files of builds in progress excluded), sorted by
    /// name, each with the identity its header claims (`None` if the header is unreadable).
    /// The claim is not verified: [`Cache::load`] does that.
    ///
    /// # Errors
    /// When the directory exists but cannot be read (a missing directory lists nothing).
    pub fn list(&self) -> Result<Vec<(String, Option<String>)>, CacheError> {
        let entries = match fs::read_dir(&self.dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io_error(&self.dir)(e)),
        };
        let mut out = Vec::new();
        for entry in entries {
            let entry = entry.map_err(io_error(&self.dir))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || !entry.path().is_file() {
                continue;
            }
            out.push((name, claimed_identity(&entry.path())));
        }
        out.sort();
        Ok(out)
    }

    /// A path in the directory that no other writer uses, in this process or another:
    /// two builds of the same table each write their own file and rename it into place;
    /// the last rename wins, and either file is whole and valid.
    fn unique_path(&self, name: &str) -> PathBuf {
        static WRITES: AtomicU64 = AtomicU64::new(0);
        self.path(&format!(
            ".{name}.{}-{}.partial",
            std::process::id(),
            WRITES.fetch_add(1, Ordering::Relaxed)
        ))
    }

    /// Whether a file can be written into the directory (made if missing): a file is
    /// created there and removed.
    ///
    /// # Errors
    /// [`CacheError::Unwritable`] when it cannot.
    pub fn check_writable(&self) -> Result<(), CacheError> {
        let unwritable = |source| CacheError::Unwritable {
            dir: self.dir.clone(),
            source,
        };
        fs::create_dir_all(&self.dir).map_err(unwritable)?;
        let probe = self.unique_path("probe");
        fs::File::create(&probe).map_err(unwritable)?;
        let _ = fs::remove_file(&probe);
        Ok(())
    }

    /// The table of `identity` in file `name`: loaded if a valid file is there, otherwise
    /// built with `build`, written, and loaded back. A build that fails (one stopped
    /// from outside, see [`crate::util::cancel`]) writes nothing.
    ///
    /// # Errors
    /// When a rebuilt table cannot be stored or read back, or what `build` failed with.
    pub fn load_or_build<E: From<CacheError>>(
        &self,
        name: &str,
        identity: &str,
        build: impl FnOnce() -> Result<Vec<u8>, E>,
    ) -> Result<(Table, Origin), E> {
        let origin = match self.load(name, identity) {
            Ok(table) => return Ok((table, Origin::Loaded)),
            Err(CacheError::Missing(_)) => Origin::Built,
            Err(CacheError::Invalid { why, .. }) => Origin::Rebuilt(why),
            Err(e) => return Err(e.into()),
        };
        self.check_writable()?;
        self.store(name, identity, &build()?)?;
        Ok((self.load(name, identity)?, origin))
    }
}

/// A cache in a temporary directory, one for the whole test process: tests that build
/// tables must not write them into the user's cache ([`Cache::from_env`]), nor read
/// what is there.
#[cfg(test)]
pub(crate) fn scratch() -> Cache {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    Cache::new(DIR.get_or_init(|| tempfile::tempdir().unwrap()).path())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_built_for_a_directory_that_cannot_take_it() {
        // A table was built for minutes and then lost: the directory (`/proc`, a path
        // under a file) could not take its file. Now that is found before building.
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a-file");
        std::fs::write(&file, b"not a directory").unwrap();
        for place in [file.join("sub"), PathBuf::from("/proc")] {
            let cache = Cache::new(&place);
            let mut built = false;
            let error = cache
                .load_or_build("t.bin", "test table", || {
                    built = true;
                    Ok::<_, CacheError>(vec![1, 2, 3])
                })
                .err()
                .expect("no table");
            assert!(!built, "{}: built for nothing", place.display());
            assert!(error.to_string().starts_with(&place.display().to_string()));
        }
        let error = Cache::new("/proc")
            .load_or_build("t.bin", "test table", || Ok::<_, CacheError>(Vec::new()))
            .err()
            .expect("no table");
        assert!(matches!(error, CacheError::Unwritable { .. }), "{error:?}");
        assert_eq!(error.to_string(), "/proc cannot hold table files");
        // A directory that can is made, and left without the probe.
        let fresh = Cache::new(dir.path().join("new"));
        fresh.check_writable().unwrap();
        assert_eq!(
            std::fs::read_dir(dir.path().join("new")).unwrap().count(),
            0
        );
    }

    #[test]
    fn round_trip_and_rejects_damage() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path().join("sub"));
        let payload: Vec<u8> = (0..10_000u32).map(|i| (i * 7) as u8).collect();
        let (table, origin) = cache
            .load_or_build("t.bin", "test table", || {
                Ok::<_, CacheError>(payload.clone())
            })
            .unwrap();
        assert_eq!(origin, Origin::Built);
        assert_eq!(&*table, &payload[..]);
        let (_, origin) = cache
            .load_or_build::<CacheError>("t.bin", "test table", || unreachable!())
            .unwrap();
        assert_eq!(origin, Origin::Loaded);

        // Another identity is not trusted.
        assert!(matches!(
            cache.load("t.bin", "other"),
            Err(CacheError::Invalid { .. })
        ));

        // A flipped byte, then a truncation, are detected and rebuilt.
        let path = cache.path("t.bin");
        let mut bytes = fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        fs::write(&path, &bytes).unwrap();
        let (table, origin) = cache
            .load_or_build("t.bin", "test table", || {
                Ok::<_, CacheError>(payload.clone())
            })
            .unwrap();
        assert!(
            matches!(origin, Origin::Rebuilt(ref why) if why.contains("checksum")),
            "{origin:?}"
        );
        assert_eq!(&*table, &payload[..]);
        drop(table);
        let bytes = fs::read(&path).unwrap();
        fs::write(&path, &bytes[..bytes.len() - 100]).unwrap();
        let (_, origin) = cache
            .load_or_build("t.bin", "test table", || {
                Ok::<_, CacheError>(payload.clone())
            })
            .unwrap();
        assert!(
            matches!(origin, Origin::Rebuilt(ref why) if why.contains("truncated")),
            "{origin:?}"
        );
        fs::write(&path, b"garbage").unwrap();
        assert!(matches!(
            cache.load("t.bin", "test table"),
            Err(CacheError::Invalid { .. })
        ));
    }

    #[test]
    fn a_stamp_spares_the_hash_until_the_file_changes() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        let payload: Vec<u8> = (0..50_000u32).map(|i| (i * 13) as u8).collect();
        cache.store("t.tbl", "stamped", &payload).unwrap();
        let path = cache.path("t.tbl");
        let stamp = cache.path(".t.tbl.checked");
        // Loaded just after it was written: hashed, and too recent to stamp.
        assert_eq!(&*cache.load("t.tbl", "stamped").unwrap(), &payload[..]);
        assert!(!stamp.exists());
        // As a load long after the write stamps it (a check started `RACY` later).
        let stamp_now = |cache: &Cache| {
            let metadata = fs::metadata(&path).unwrap();
            let later = SystemTime::now() + table_stamp::RACY;
            let temporary = cache.unique_path("t.tbl.checked");
            table_stamp::record(&stamp, &temporary, &metadata, xxh3_64(&payload), later);
        };
        stamp_now(&cache);
        if cfg!(not(unix)) {
            return;
        }
        assert!(stamp.exists());
        assert_eq!(&*cache.load("t.tbl", "stamped").unwrap(), &payload[..]);
        // Everything but the payload's hash is still checked: another identity is not
        // trusted for its stamp.
        assert!(cache.load("t.tbl", "other").is_err());
        // A file damaged in place after its stamp — one flipped bit, same size — is
        // caught: the write changed the file, so the stamp no longer vouches for it.
        let mut bytes = fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x04;
        std::thread::sleep(std::time::Duration::from_millis(50));
        fs::write(&path, &bytes).unwrap();
        assert!(
            matches!(cache.load("t.tbl", "stamped"), Err(CacheError::Invalid { ref why, .. }) if why.contains("checksum")),
        );
        let (table, origin) = cache
            .load_or_build::<CacheError>("t.tbl", "stamped", || Ok(payload.clone()))
            .unwrap();
        assert!(matches!(origin, Origin::Rebuilt(_)), "{origin:?}");
        assert_eq!(&*table, &payload[..]);
        // The stamp is what spares the hash: one forged for a damaged file is believed,
        // except by a cache asked to check every byte (`pdb verify`).
        drop(table);
        fs::write(&path, &bytes).unwrap();
        stamp_now(&cache);
        assert!(
            cache.load("t.tbl", "stamped").is_ok(),
            "the forged stamp was used"
        );
        assert!(cache
            .clone()
            .checking_every_byte(true)
            .load("t.tbl", "stamped")
            .is_err());
    }

    #[test]
    fn writers_racing_on_one_table_leave_one_valid_file() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        let payload: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
        std::thread::scope(|scope| {
            for _ in 0..8 {
                scope.spawn(|| {
                    for _ in 0..5 {
                        cache.store("t.bin", "raced", &payload).unwrap();
                        // Whatever rename came last, the file there is whole.
                        assert_eq!(&*cache.load("t.bin", "raced").unwrap(), &payload[..]);
                    }
                });
            }
        });
        let names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            // A stamp of the checked file, on a machine slow enough to write one.
            .filter(|name| name != ".t.bin.checked")
            .collect();
        assert_eq!(names, ["t.bin"], "no temporary file is left behind");
    }
}
