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

use std::fs;
use std::io::{self, Write};
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::SystemTime;

use memmap2::Mmap;
use thiserror::Error;
use xxhash_rust::xxh3::xxh3_64;

use crate::tables::table_stamp;
use crate::util::fault::Fault;

/// The first bytes of every table file.
pub const MAGIC: &[u8; 8] = b"NPUZTBL\n";
/// The version of the file layout; a file of another version is rebuilt.
pub const FORMAT_VERSION: u32 = 1;
const ALIGN: usize = 64;

/// Why a table file could not be used.
#[derive(Debug, Error)]
pub enum CacheError {
    /// The file does not exist.
    #[error("{0} does not exist")]
    Missing(PathBuf),
    /// The file exists but is not a valid table of what was asked for.
    #[error("{path} is not usable: {why}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// A table would be built for nothing: the directory cannot take its file (checked
    /// before building, which can take minutes; the cause is the error's source).
    #[error("{dir} cannot hold table files")]
    Unwritable {
        /// The cache directory.
        dir: PathBuf,
        /// Why not.
        source: io::Error,
    },
    /// Reading or writing failed (the cause is the error's source).
    #[error("{path}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The failure.
        source: io::Error,
    },
}

impl CacheError {
    /// Whose fault it is: always the environment's (a file that is missing, damaged or
    /// cannot be read or written; a directory that cannot take files).
    pub fn fault(&self) -> Fault {
        match self {
            CacheError::Missing(_)
            | CacheError::Invalid { .. }
            | CacheError::Unwritable { .. }
            | CacheError::Io { .. } => Fault::Environment,
        }
    }
}

/// What is wrong with the bytes of a table file ([`read_header`], [`verify`]): why the
/// file is not used (callers rebuild it).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableFileError {
    /// The bytes do not start with [`MAGIC`] and a header length.
    #[error("not an npuzzle table file")]
    NotTableFile,
    /// The header text is cut short or not UTF-8.
    #[error("header is truncated or not text")]
    UnreadableHeader,
    /// A field the header must have is missing.
    #[error("header has no {0}")]
    MissingField(&'static str),
    /// The file is of another format version.
    #[error("format version {0}, expected {FORMAT_VERSION}")]
    Version(String),
    /// The file is a table of something else.
    #[error("it is a table of '{found}', not of '{wanted}'")]
    Identity {
        /// The identity the header gives.
        found: String,
        /// The identity asked for.
        wanted: String,
    },
    /// The length field is not a number.
    #[error("bad length field")]
    BadLength,
    /// The payload is not as long as the header says.
    #[error("payload is {found} bytes, the header says {claimed} (truncated or padded)")]
    Length {
        /// The payload's bytes in the file.
        found: usize,
        /// The bytes the header claims.
        claimed: usize,
    },
    /// The payload does not match its checksum.
    #[error("checksum does not match: the file is corrupt")]
    Checksum,
    /// The header is not byte for byte the one [`Cache::store`] writes.
    #[error("the header is not in the form this program writes: the file is corrupt")]
    HeaderForm,
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> CacheError + '_ {
    move |source| CacheError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Tables of this size and more are read into memory on huge pages
/// ([`read_onto_huge_pages`]).
const HUGE_PAGES_FROM: usize = 8 << 20;

/// The bytes of `file` (of `length` bytes) read into memory of the process's own,
/// backed by 2 MiB pages (Linux's transparent huge pages); `None` where the system has
/// none, or the table is small, or the reading fails (the caller maps the file instead).
///
/// Why: a search looks its tables up at random over hundreds of megabytes. On 4 KiB pages
/// nearly every lookup also misses the processor's page-table cache, and the walk that
/// follows is one more dependent load; 2 MiB pages cover 512 times the memory per entry.
/// Read, not copied from a map of the file: no page faults on the file's side (copying
/// from the map took three times as long).
fn read_onto_huge_pages(file: &fs::File, length: u64) -> Option<Mmap> {
    #[cfg(target_os = "linux")]
    if length >= HUGE_PAGES_FROM as u64 && transparent_huge_pages() {
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

/// Whether the kernel gives huge pages to memory that asks for them (not `never`).
#[cfg(target_os = "linux")]
fn transparent_huge_pages() -> bool {
    fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
        .is_ok_and(|modes| !modes.contains("[never]"))
}

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
    /// Whether tables of [`HUGE_PAGES_FROM`] bytes and more are read onto huge pages
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
        let map = match on_huge_pages {
            Some(memory) => memory,
            // SAFETY: the map is read-only and files are only ever replaced by rename,
            // never rewritten in place, so its contents do not change under us.
            #[allow(unsafe_code)]
            None => unsafe { Mmap::map(&file) }.map_err(io_error(&path))?,
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

fn header(identity: &str, payload: &[u8]) -> Vec<u8> {
    header_bytes(identity, payload.len(), xxh3_64(payload))
}

/// The header of a table of `identity` whose payload has `length` bytes and checksum
/// `checksum`, padding included: the only form a valid file's header takes.
fn header_bytes(identity: &str, length: usize, checksum: u64) -> Vec<u8> {
    let text = format!(
        "version={FORMAT_VERSION}\nidentity={}\nlength={length}\nxxh3={checksum:016x}\n",
        identity.replace('\n', " "),
    );
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(text.as_bytes());
    out.resize(out.len().next_multiple_of(ALIGN), 0);
    out
}

/// A table file's header, as read (not yet checked against anything).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header<'a> {
    /// The `version` field.
    pub version: &'a str,
    /// The `identity` field: what the file claims to be a table of.
    pub identity: &'a str,
    /// The `length` field: the payload's length in bytes.
    pub length: &'a str,
    /// The `xxh3` field: the payload's checksum, 16 hex digits.
    pub checksum: &'a str,
    /// Where the payload starts: after the header text, padded to 64 bytes.
    pub payload_offset: usize,
}

/// Reads the header at the start of `bytes` (the whole file, or at least its header).
///
/// # Errors
/// When the bytes do not start with [`MAGIC`], the header text is cut short or not UTF-8,
/// or a field is missing.
pub fn read_header(bytes: &[u8]) -> Result<Header<'_>, TableFileError> {
    let Some((magic, rest)) = bytes.split_first_chunk::<8>() else {
        return Err(TableFileError::NotTableFile);
    };
    let Some((text_len, _)) = rest.split_first_chunk::<4>() else {
        return Err(TableFileError::NotTableFile);
    };
    if magic != MAGIC {
        return Err(TableFileError::NotTableFile);
    }
    let text_len = u32::from_le_bytes(*text_len) as usize;
    let text = bytes
        .get(12..12 + text_len)
        .and_then(|t| std::str::from_utf8(t).ok())
        .ok_or(TableFileError::UnreadableHeader)?;
    let field = |key: &'static str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
            .ok_or(TableFileError::MissingField(key))
    };
    Ok(Header {
        version: field("version")?,
        identity: field("identity")?,
        length: field("length")?,
        checksum: field("xxh3")?,
        payload_offset: (12 + text_len).next_multiple_of(ALIGN),
    })
}

/// The identity a file's header names, read without checking the payload.
fn claimed_identity(path: &Path) -> Option<String> {
    use std::io::Read;
    let mut head = Vec::new();
    // A real header is a few hundred bytes; 64 KiB bounds what a stray file costs.
    fs::File::open(path)
        .ok()?
        .take(1 << 16)
        .read_to_end(&mut head)
        .ok()?;
    read_header(&head).ok().map(|h| h.identity.to_string())
}

/// Checks that `bytes` are a whole, undamaged table file of `identity`; returns where its
/// payload starts. Every byte is covered: the header must be exactly the one
/// [`Cache::store`] writes for this identity, length and checksum (padding included), and
/// the payload must match the checksum, so a flipped bit or a cut anywhere is caught.
///
/// # Errors
/// What is wrong with the file ([`TableFileError`]: "checksum does not match: the file is
/// corrupt", "payload is 10 bytes, the header says 20 (truncated or padded)").
pub fn verify(bytes: &[u8], identity: &str) -> Result<usize, TableFileError> {
    checked(bytes, identity, None).map(|(offset, _)| offset)
}

/// [`verify`], the payload's checksum taken to be `vouched` when a stamp vouches for it
/// (every other check made as ever); returns where the payload starts and its checksum.
fn checked(
    bytes: &[u8],
    identity: &str,
    vouched: Option<u64>,
) -> Result<(usize, u64), TableFileError> {
    let header = read_header(bytes)?;
    if header.version != FORMAT_VERSION.to_string() {
        return Err(TableFileError::Version(header.version.to_string()));
    }
    let wanted = identity.replace('\n', " ");
    if header.identity != wanted {
        return Err(TableFileError::Identity {
            found: header.identity.to_string(),
            wanted,
        });
    }
    let length: usize = header
        .length
        .parse()
        .map_err(|_| TableFileError::BadLength)?;
    let offset = header.payload_offset;
    if offset.checked_add(length) != Some(bytes.len()) {
        return Err(TableFileError::Length {
            found: bytes.len().saturating_sub(offset),
            claimed: length,
        });
    }
    let checksum = vouched.unwrap_or_else(|| xxh3_64(&bytes[offset..]));
    if header.checksum != format!("{checksum:016x}") {
        return Err(TableFileError::Checksum);
    }
    if bytes[..offset] != header_bytes(identity, length, checksum) {
        return Err(TableFileError::HeaderForm);
    }
    Ok((offset, checksum))
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

    /// A small table file's bytes and its identity.
    fn small_file() -> (Vec<u8>, &'static str) {
        let identity = "test table";
        let payload: Vec<u8> = (0..200u32).map(|i| (i * 31 + 7) as u8).collect();
        let mut bytes = header(identity, &payload);
        bytes.extend_from_slice(&payload);
        (bytes, identity)
    }

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

    #[test]
    fn every_flipped_bit_and_every_cut_is_detected() {
        let (bytes, identity) = small_file();
        assert_eq!(verify(&bytes, identity), Ok(bytes.len() - 200));
        for bit in 0..bytes.len() * 8 {
            let mut damaged = bytes.clone();
            damaged[bit / 8] ^= 1 << (bit % 8);
            assert!(
                verify(&damaged, identity).is_err(),
                "bit {bit} (byte {}) flipped went unnoticed",
                bit / 8
            );
        }
        for length in 0..bytes.len() {
            assert!(
                verify(&bytes[..length], identity).is_err(),
                "cut at {length}"
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        let error = verify(&longer, identity).unwrap_err();
        assert_eq!(
            error,
            TableFileError::Length {
                found: 201,
                claimed: 200
            }
        );
        assert_eq!(
            error.to_string(),
            "payload is 201 bytes, the header says 200 (truncated or padded)"
        );
        assert_eq!(
            verify(&bytes, "another table"),
            Err(TableFileError::Identity {
                found: identity.to_string(),
                wanted: "another table".to_string()
            })
        );
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
    fn headers_read_without_the_payload() {
        let (bytes, identity) = small_file();
        let header = read_header(&bytes[..100]).unwrap();
        assert_eq!(header.identity, identity);
        assert_eq!(header.length, "200");
        assert_eq!(header.payload_offset, bytes.len() - 200);
        assert_eq!(
            read_header(b"NPUZTBL\n\xff\xff\xff\xff"),
            Err(TableFileError::UnreadableHeader)
        );
        assert_eq!(
            read_header(b"PK\x03\x04"),
            Err(TableFileError::NotTableFile)
        );
        let mut no_checksum = b"NPUZTBL\n".to_vec();
        let text = b"version=1\nidentity=x\nlength=0\n";
        no_checksum.extend_from_slice(&(text.len() as u32).to_le_bytes());
        no_checksum.extend_from_slice(text);
        assert_eq!(
            read_header(&no_checksum),
            Err(TableFileError::MissingField("xxh3"))
        );
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
