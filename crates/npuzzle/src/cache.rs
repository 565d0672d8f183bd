//! Table files on disk: precomputed tables (distance tables, pattern databases) are built
//! once, written here, and later mapped into memory instead of rebuilt.
//!
//! ```
//! use npuzzle::cache::{Cache, Origin};
//!
//! let dir = tempfile::tempdir()?;
//! let cache = Cache::new(dir.path());
//! let (table, origin) = cache.load_or_build("squares.tbl", "the squares of 0..8", || {
//!     (0u8..8).map(|i| i * i).collect()
//! })?;
//! assert_eq!(origin, Origin::Built);
//! assert_eq!(table[3], 9);
//! // Next time it is mapped from the file, checked against its identity and checksum.
//! let (_, origin) = cache.load_or_build("squares.tbl", "the squares of 0..8", || unreachable!())?;
//! assert_eq!(origin, Origin::Loaded);
//! assert!(cache.load("squares.tbl", "something else").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A file is `MAGIC`, a little-endian `u32` header length, a text header of `key=value`
//! lines, zero padding to a 64-byte boundary, then the payload. The header names the
//! format version, the table's identity (what it is a table *of*: board, goal, tile
//! groups…), the payload length and its xxh3-64 checksum. A file whose magic, version,
//! identity, length or checksum is off is reported, never used; callers rebuild it.
//! Files are written to a temporary name and renamed into place, so a killed build
//! leaves no half-written table behind.

use std::fs;
use std::io::{self, Write};
use std::ops::Deref;
use std::path::{Path, PathBuf};

use memmap2::Mmap;
use thiserror::Error;
use xxhash_rust::xxh3::xxh3_64;

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
    /// Reading or writing failed (the cause is the error's source).
    #[error("{path}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The failure.
        source: io::Error,
    },
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> CacheError + '_ {
    move |source| CacheError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A verified table, mapped from its file.
pub struct Table {
    map: Mmap,
    offset: usize,
}

impl Deref for Table {
    type Target = [u8];
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

/// A directory of table files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    /// A cache in `dir` (created when first written).
    pub fn new(dir: impl Into<PathBuf>) -> Cache {
        Cache { dir: dir.into() }
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

    /// Maps the file `name` and checks it is a valid table of `identity`.
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
        // SAFETY: the map is read-only and files are only ever replaced by rename, never
        // rewritten in place, so its contents do not change under us.
        #[allow(unsafe_code)]
        let map = unsafe { Mmap::map(&file) }.map_err(io_error(&path))?;
        let offset = verify(&map, identity).map_err(|why| CacheError::Invalid { path, why })?;
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
        let temporary = self.path(&format!(".{name}.{}.partial", std::process::id()));
        let write = || -> io::Result<()> {
            let mut file = io::BufWriter::new(fs::File::create(&temporary)?);
            file.write_all(&header(identity, payload))?;
            file.write_all(payload)?;
            file.into_inner()
                .map_err(std::io::IntoInnerError::into_error)?
                .sync_all()?;
            fs::rename(&temporary, &path)
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

    /// The table of `identity` in file `name`: loaded if a valid file is there, otherwise
    /// built with `build`, written, and loaded back.
    ///
    /// # Errors
    /// When a rebuilt table cannot be stored or read back.
    pub fn load_or_build(
        &self,
        name: &str,
        identity: &str,
        build: impl FnOnce() -> Vec<u8>,
    ) -> Result<(Table, Origin), CacheError> {
        let origin = match self.load(name, identity) {
            Ok(table) => return Ok((table, Origin::Loaded)),
            Err(CacheError::Missing(_)) => Origin::Built,
            Err(CacheError::Invalid { why, .. }) => Origin::Rebuilt(why),
            Err(e) => return Err(e),
        };
        self.store(name, identity, &build())?;
        Ok((self.load(name, identity)?, origin))
    }
}

fn header(identity: &str, payload: &[u8]) -> Vec<u8> {
    let text = format!(
        "version={FORMAT_VERSION}\nidentity={}\nlength={}\nxxh3={:016x}\n",
        identity.replace('\n', " "),
        payload.len(),
        xxh3_64(payload)
    );
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(text.as_bytes());
    out.resize(out.len().next_multiple_of(ALIGN), 0);
    out
}

/// The identity a file's header names, read without checking the payload.
fn claimed_identity(path: &Path) -> Option<String> {
    use std::io::Read;
    let mut file = fs::File::open(path).ok()?;
    let mut head = [0u8; 12];
    file.read_exact(&mut head).ok()?;
    if &head[..MAGIC.len()] != MAGIC {
        return None;
    }
    let text_len = u32::from_le_bytes(head[8..12].try_into().ok()?) as usize;
    let mut text = vec![0u8; text_len.min(1 << 16)];
    file.read_exact(&mut text).ok()?;
    let text = String::from_utf8(text).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("identity="))
        .map(str::to_string)
}

/// Checks a file's header and payload; returns where the payload starts.
fn verify(bytes: &[u8], identity: &str) -> Result<usize, String> {
    if bytes.len() < MAGIC.len() + 4 || &bytes[..MAGIC.len()] != MAGIC {
        return Err("not an npuzzle table file".into());
    }
    let text_len = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")) as usize;
    let text = bytes
        .get(12..12 + text_len)
        .and_then(|t| std::str::from_utf8(t).ok())
        .ok_or("header is truncated or not text")?;
    let field = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
            .ok_or(format!("header has no {key}"))
    };
    let version = field("version")?;
    if version != FORMAT_VERSION.to_string() {
        return Err(format!(
            "format version {version}, expected {FORMAT_VERSION}"
        ));
    }
    let found = field("identity")?;
    let wanted = identity.replace('\n', " ");
    if found != wanted {
        return Err(format!("it is a table of '{found}', not of '{wanted}'"));
    }
    let length: usize = field("length")?.parse().map_err(|_| "bad length field")?;
    let offset = (12 + text_len).next_multiple_of(ALIGN);
    if bytes.len() != offset + length {
        return Err(format!(
            "payload is {} bytes, the header says {length} (truncated or padded)",
            bytes.len().saturating_sub(offset)
        ));
    }
    let checksum = field("xxh3")?;
    if checksum != format!("{:016x}", xxh3_64(&bytes[offset..])) {
        return Err("checksum does not match: the file is corrupt".into());
    }
    Ok(offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_rejects_damage() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path().join("sub"));
        let payload: Vec<u8> = (0..10_000u32).map(|i| (i * 7) as u8).collect();
        let (table, origin) = cache
            .load_or_build("t.bin", "test table", || payload.clone())
            .unwrap();
        assert_eq!(origin, Origin::Built);
        assert_eq!(&*table, &payload[..]);
        let (_, origin) = cache
            .load_or_build("t.bin", "test table", || unreachable!())
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
            .load_or_build("t.bin", "test table", || payload.clone())
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
            .load_or_build("t.bin", "test table", || payload.clone())
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
}
