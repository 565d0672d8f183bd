//! The layout of a table file and its checks: `MAGIC`, a little-endian `u32` header
//! length, a text header of `key=value` lines, zero padding to a 64-byte boundary, then the
//! payload; every byte checked before a file is used.

use std::fs;
use std::path::Path;

use thiserror::Error;
use xxhash_rust::xxh3::xxh3_64;

/// The first bytes of every table file.
pub const MAGIC: &[u8; 8] = b"NPUZTBL\n";
/// The version of the file layout; a file of another version is rebuilt.
pub const FORMAT_VERSION: u32 = 1;
const ALIGN: usize = 64;

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
    /// The header is not byte for byte the one [`super::Cache::store`] writes.
    #[error("the header is not in the form this program writes: the file is corrupt")]
    HeaderForm,
}

/// The header of a table of `identity` holding `payload`.
pub(super) fn header(identity: &str, payload: &[u8]) -> Vec<u8> {
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
pub(super) fn claimed_identity(path: &Path) -> Option<String> {
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
/// [`super::Cache::store`] writes for this identity, length and checksum (padding included), and
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
pub(super) fn checked(
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

    /// A small table file's bytes and its identity.
    fn small_file() -> (Vec<u8>, &'static str) {
        let identity = "test table";
        let payload: Vec<u8> = (0..200u32).map(|i| (i * 31 + 7) as u8).collect();
        let mut bytes = header(identity, &payload);
        bytes.extend_from_slice(&payload);
        (bytes, identity)
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
}
