//! The cluster's addresses, as timely's users write them: one `host:port` a line, line
//! *i* for process *i*.
//!
//! ```
//! use npuzzle_cluster::HostFile;
//! let hosts = HostFile::parse("# lab machines\n10.0.0.1:2101\n\n10.0.0.2:2101\n", "hosts")?;
//! assert_eq!(hosts.addresses(), ["10.0.0.1:2101", "10.0.0.2:2101"]);
//! assert!(HostFile::parse("10.0.0.1\n", "hosts").is_err()); // no port
//! # Ok::<(), npuzzle_cluster::HostFileError>(())
//! ```
//!
//! Blank lines and lines starting with `#` are skipped, so the *i*-th address (from 0)
//! is process *i*'s whatever the comments.

use std::io::Read;
use std::path::Path;

/// The most bytes a host file may hold: far more than a line per process of any cluster.
const MAX_HOST_FILE: u64 = 1 << 20;

/// A host file that cannot be used, naming the file and line.
#[derive(Debug, thiserror::Error)]
pub enum HostFileError {
    /// The file could not be read.
    #[error("cannot read the host file {file}")]
    Read {
        /// The file.
        file: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A line that is not `host:port`.
    #[error("{file} line {line}: '{text}' is not host:port (such as 10.0.0.2:2101)")]
    NotAnAddress {
        /// The file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// What it says.
        text: String,
    },
    /// The same address twice.
    #[error("{file} lines {first} and {second} both give {address}: each process needs its own")]
    Repeated {
        /// The file.
        file: String,
        /// The first line giving it.
        first: usize,
        /// The second.
        second: usize,
        /// The address.
        address: String,
    },
    /// More than a host file holds: not a host file (`/dev/zero` would never end).
    #[error("the host file {file} holds more than {limit} bytes: not a host file (one host:port a line)")]
    TooLong {
        /// The file.
        file: String,
        /// The most bytes a host file may hold.
        limit: u64,
    },
    /// No address at all.
    #[error("{file} gives no address: write one host:port a line, line i for process i")]
    Empty {
        /// The file.
        file: String,
    },
}

/// The addresses of a cluster's processes, in process order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostFile {
    addresses: Vec<String>,
}

impl HostFile {
    /// Reads a host file.
    ///
    /// # Errors
    /// When it cannot be read or [`HostFile::parse`] refuses it.
    pub fn read(path: &Path) -> Result<HostFile, HostFileError> {
        let file = path.display().to_string();
        let read = |source| HostFileError::Read {
            file: file.clone(),
            source,
        };
        let mut text = String::new();
        std::fs::File::open(path)
            .map_err(read)?
            .take(MAX_HOST_FILE + 1)
            .read_to_string(&mut text)
            .map_err(read)?;
        if text.len() as u64 > MAX_HOST_FILE {
            return Err(HostFileError::TooLong {
                file,
                limit: MAX_HOST_FILE,
            });
        }
        HostFile::parse(&text, &file)
    }

    /// Reads the text of a host file; `file` names it in errors.
    ///
    /// # Errors
    /// A line that is not `host:port` with a port from 1 to 65535, an address given
    /// twice, or no address.
    pub fn parse(text: &str, file: &str) -> Result<HostFile, HostFileError> {
        let mut addresses: Vec<(usize, String)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let valid = line.rsplit_once(':').is_some_and(|(host, port)| {
                !host.is_empty()
                    && !host.contains(char::is_whitespace)
                    && port.parse::<u16>().is_ok_and(|p| p > 0)
            });
            if !valid {
                return Err(HostFileError::NotAnAddress {
                    file: file.to_string(),
                    line: i + 1,
                    text: npuzzle::puzzle::notation::quoted(line),
                });
            }
            if let Some((first, _)) = addresses.iter().find(|(_, a)| a == line) {
                return Err(HostFileError::Repeated {
                    file: file.to_string(),
                    first: *first,
                    second: i + 1,
                    address: line.to_string(),
                });
            }
            addresses.push((i + 1, line.to_string()));
        }
        if addresses.is_empty() {
            return Err(HostFileError::Empty {
                file: file.to_string(),
            });
        }
        Ok(HostFile {
            addresses: addresses.into_iter().map(|(_, a)| a).collect(),
        })
    }

    /// The addresses, process 0's first.
    pub fn addresses(&self) -> &[String] {
        &self.addresses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_are_named() {
        let cases = [
            ("a:1\nb\n", "hosts line 2: 'b' is not host:port"),
            ("a:0\n", "hosts line 1: 'a:0' is not host:port"),
            ("a:70000\n", "is not host:port"),
            (":80\n", "is not host:port"),
            ("a:1\n#x\na:1\n", "hosts lines 1 and 3 both give a:1"),
            ("# nothing\n\n", "hosts gives no address"),
        ];
        for (text, message) in cases {
            let error = HostFile::parse(text, "hosts").unwrap_err().to_string();
            assert!(error.contains(message), "{text:?}: {error}");
        }
        let ok = HostFile::parse("[::1]:2101\nlocalhost:2102\n", "hosts").unwrap();
        assert_eq!(ok.addresses().len(), 2);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_without_end_is_refused_not_read_forever() {
        let error = HostFile::read(Path::new("/dev/zero")).unwrap_err();
        assert!(
            matches!(error, HostFileError::TooLong { limit, .. } if limit == MAX_HOST_FILE),
            "{error}"
        );
        assert!(error
            .to_string()
            .contains("/dev/zero holds more than 1048576 bytes"));
    }
}
