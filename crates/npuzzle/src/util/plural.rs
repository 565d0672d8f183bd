//! Counts written with their nouns: "1 move", "2 moves". Every message that writes a
//! count before a noun goes through [`counted`], so none says "1 moves".
//!
//! ```
//! use npuzzle::util::plural::counted;
//! assert_eq!(counted(1, "move", "moves"), "1 move");
//! assert_eq!(counted(0, "move", "moves"), "0 moves");
//! assert_eq!(counted(31, "search", "searches"), "31 searches");
//! ```

/// `n` and the noun that agrees with it: `one` for exactly 1, `many` otherwise (English
/// writes "0 moves").
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn only_one_is_singular() {
        for n in [0, 2, 3, 10, 11, 21, 101, u64::MAX] {
            assert!(counted(n, "node", "nodes").ends_with(" nodes"), "{n}");
        }
        assert_eq!(counted(1, "node", "nodes"), "1 node");
    }
}
