//! A range of optimal distances, ends included, as users write it: `A..B`, `A..`, `..B`
//! or a single `N`.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Optimal distances from `min` to `max` moves, both included; no `max` is no upper end.
///
/// ```
/// use npuzzle::services::distance_stats::DepthRange;
///
/// let range: DepthRange = "50..55".parse()?;
/// assert!(range.contains(50) && range.contains(55) && !range.contains(56));
/// assert_eq!("..40".parse::<DepthRange>()?, DepthRange { min: 0, max: Some(40) });
/// assert_eq!("60..".parse::<DepthRange>()?.max, None);
/// assert_eq!("31".parse::<DepthRange>()?.to_string(), "31");
/// assert!("9..3".parse::<DepthRange>().is_err() && "-2..5".parse::<DepthRange>().is_err());
/// # Ok::<(), npuzzle::services::distance_stats::DepthRangeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepthRange {
    /// The fewest moves in the range.
    pub min: u32,
    /// The most moves in the range, if it has an upper end.
    pub max: Option<u32>,
}

/// Why a range of distances could not be read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DepthRangeError {
    /// An end that is not a whole number of moves.
    #[error("'{0}' is not a number of moves: write A..B, A.., ..B or N (A and B whole numbers, ends included)")]
    NotANumber(String),
    /// A negative end.
    #[error("'{0}' is negative: distances are counted in moves from 0")]
    Negative(String),
    /// An upper end below the lower one.
    #[error("the range {min}..{max} is empty: its end is below its start")]
    Empty {
        /// The start given.
        min: u32,
        /// The end given.
        max: u32,
    },
}

impl DepthRange {
    /// Whether `distance` lies in the range.
    pub fn contains(&self, distance: u32) -> bool {
        distance >= self.min && self.max.is_none_or(|max| distance <= max)
    }
}

impl FromStr for DepthRange {
    type Err = DepthRangeError;

    fn from_str(text: &str) -> Result<DepthRange, DepthRangeError> {
        let text = text.trim();
        let end = |part: &str| -> Result<u32, DepthRangeError> {
            let part = part.trim();
            let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
            if part.strip_prefix('-').is_some_and(digits) {
                return Err(DepthRangeError::Negative(part.to_string()));
            }
            // Digits alone: `parse` would take a leading `+` too.
            match part.parse() {
                Ok(n) if digits(part) => Ok(n),
                _ => Err(DepthRangeError::NotANumber(part.to_string())),
            }
        };
        let (min, max) = match text.split_once("..") {
            None => {
                let n = end(text)?;
                (n, Some(n))
            }
            Some((a, b)) => (
                if a.trim().is_empty() { 0 } else { end(a)? },
                if b.trim().is_empty() {
                    None
                } else {
                    Some(end(b)?)
                },
            ),
        };
        if let Some(max) = max.filter(|&max| max < min) {
            return Err(DepthRangeError::Empty { min, max });
        }
        Ok(DepthRange { min, max })
    }
}

impl fmt::Display for DepthRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.max {
            Some(max) if max == self.min => write!(f, "{max}"),
            Some(max) => write!(f, "{}..{max}", self.min),
            None => write!(f, "{}..", self.min),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{DepthRange, DepthRangeError};

    fn read(text: &str) -> Result<DepthRange, DepthRangeError> {
        text.parse()
    }

    #[test]
    fn every_form_reads() {
        let range = |min, max| DepthRange { min, max };
        assert_eq!(read("3..7"), Ok(range(3, Some(7))));
        assert_eq!(read(" 3 .. 7 "), Ok(range(3, Some(7))));
        assert_eq!(read("3..3"), Ok(range(3, Some(3))));
        assert_eq!(read("12"), Ok(range(12, Some(12))));
        assert_eq!(read("40.."), Ok(range(40, None)));
        assert_eq!(read("..40"), Ok(range(0, Some(40))));
        assert_eq!(read(".."), Ok(range(0, None)));
        for text in ["3..7", "12", "40..", "0..40"] {
            assert_eq!(read(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn bad_ranges_say_what_is_wrong() {
        assert_eq!(read("7..3"), Err(DepthRangeError::Empty { min: 7, max: 3 }));
        assert_eq!(read("-3..5"), Err(DepthRangeError::Negative("-3".into())));
        assert_eq!(read("..-5"), Err(DepthRangeError::Negative("-5".into())));
        for text in [
            "",
            "abc",
            "3...5",
            "3..5..7",
            "3-5",
            "+3",
            "1.5",
            "99999999999",
        ] {
            assert!(
                matches!(read(text), Err(DepthRangeError::NotANumber(_))),
                "{text}: {:?}",
                read(text)
            );
        }
        assert!(read("7..3").unwrap_err().to_string().contains("empty"));
    }
}
