//! Memory in bytes: reading a budget (`4G`, `512M`), printing one, the machine's
//! available memory and the process's address-space limit (the default budget is half
//! the smaller), and what a heap allocation of a given size really takes.
//!
//! ```
//! use npuzzle::util::memory::{budget, parse_bytes, shown, heap_block};
//!
//! assert_eq!(parse_bytes("4G")?, 4 << 30);
//! assert_eq!(parse_bytes("1.5 GiB")?, 3 << 29);
//! assert_eq!(parse_bytes("512m")?, 512 << 20);
//! assert_eq!(parse_bytes("1000")?, 1000);
//! assert!(parse_bytes("lots").is_err());
//! assert_eq!(shown(3 << 29), "1.5 GiB");
//! assert_eq!(heap_block(100), 112); // a 100-byte allocation takes a 112-byte chunk
//! assert_eq!(budget(512 << 20)?, 512 << 20);
//! assert!(budget(0).is_err()); // no search or table fits in less than a megabyte
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use thiserror::Error;

/// A memory size that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}' is not an amount of memory: write bytes or a number with K, M, G or T (4G, 512M, 1.5GiB)")]
pub struct BytesError(pub String);

/// The smallest memory budget a search may be given: no search or table fits in less.
pub const MIN_BUDGET: u64 = 1 << 20;

/// A memory budget too small for any search.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{} is less than {}: no search or table fits in it", shown(*.0), shown(MIN_BUDGET))]
pub struct BudgetError(pub u64);

/// `bytes` as a memory budget a user asks for: at least [`MIN_BUDGET`]. Every front end
/// reads its budget through this, so none runs a search that cannot fit.
///
/// # Errors
/// [`BudgetError`] below [`MIN_BUDGET`].
pub fn budget(bytes: u64) -> Result<u64, BudgetError> {
    if bytes < MIN_BUDGET {
        return Err(BudgetError(bytes));
    }
    Ok(bytes)
}

/// Reads an amount of memory: a number of bytes, or a number with a unit `K`, `M`, `G`
/// or `T` (powers of 1024, with or without `B` or `iB`, any case).
///
/// # Errors
/// [`BytesError`] for anything else, and for amounts past `u64`.
pub fn parse_bytes(text: &str) -> Result<u64, BytesError> {
    let bad = || BytesError(crate::util::excerpt::shortened(text));
    let trimmed = text.trim();
    let split = trimmed
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(trimmed.len());
    let (number, unit) = trimmed.split_at(split);
    let number: f64 = number.parse().map_err(|_| bad())?;
    let unit = unit.trim().to_ascii_lowercase();
    let unit = unit
        .strip_suffix("ib")
        .or_else(|| unit.strip_suffix('b'))
        .unwrap_or(&unit);
    let scale: u64 = match unit {
        "" => 1,
        "k" => 1 << 10,
        "m" => 1 << 20,
        "g" => 1 << 30,
        "t" => 1 << 40,
        _ => return Err(bad()),
    };
    let bytes = number * scale as f64;
    if !(bytes.is_finite() && bytes >= 0.0 && bytes < u64::MAX as f64) {
        return Err(bad());
    }
    Ok(bytes.round() as u64)
}

/// An amount of memory as people read it: `512 MiB`, `1.5 GiB`.
pub fn shown(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        crate::util::plural::counted(bytes, "byte", "bytes")
    } else if (value - value.round()).abs() < 0.05 {
        format!("{value:.0} {}", UNITS[unit])
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// The memory the machine can still give, in bytes (`MemAvailable` of `/proc/meminfo`);
/// `None` where that cannot be read.
pub fn available_bytes() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The address space this process may still map under its limit (`RLIMIT_AS`, what
/// `ulimit -v` sets): the limit less what is mapped now (`VmSize`); `None` where there
/// is no limit or `/proc` cannot be read.
pub fn address_space_left() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let soft = limits
        .lines()
        .find_map(|l| l.strip_prefix("Max address space"))?
        .split_whitespace()
        .next()?;
    // "unlimited" is no number: no limit.
    let limit: u64 = soft.parse().ok()?;
    Some(limit.saturating_sub(status_bytes("VmSize:")?))
}

/// A field of this process's `/proc/self/status` given in kB, in bytes.
fn status_bytes(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix(field))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}

/// The budget a command takes when none is given: half of what it could have when it
/// starts, so one search cannot take the machine, nor pass the process's own limit: half
/// the memory available, or half the address space its `RLIMIT_AS` leaves where that is
/// less (a search past the limit would fail an allocation and abort, where one within its
/// budget gives up and says so).
pub fn default_budget() -> Option<u64> {
    [available_bytes(), address_space_left()]
        .into_iter()
        .flatten()
        .min()
        .map(|b| b / 2)
}

/// The bytes the allocator takes for an allocation of `size` bytes: a chunk of a header
/// and the size, rounded up to 16 bytes, 32 at the least (the C allocator's rule on
/// 64-bit Linux); nothing for nothing.
pub fn heap_block(size: usize) -> usize {
    if size == 0 {
        0
    } else {
        (size + 8).next_multiple_of(16).max(32)
    }
}
