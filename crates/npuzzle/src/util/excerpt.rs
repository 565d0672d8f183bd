//! Pieces of input as error messages quote them: a message never echoes megabytes back.
//!
//! ```
//! use npuzzle::util::excerpt::shortened;
//!
//! assert_eq!(shortened("12x"), "12x");
//! assert_eq!(shortened(&"9".repeat(100)), format!("{}…", "9".repeat(24)));
//! ```

/// A piece of input as an error message quotes it: itself, or its first characters and
/// an ellipsis when it is long.
pub fn shortened(token: &str) -> String {
    const KEPT: usize = 24;
    if token.chars().count() <= KEPT {
        token.to_string()
    } else {
        format!("{}…", token.chars().take(KEPT).collect::<String>())
    }
}
