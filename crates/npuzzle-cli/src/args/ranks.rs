//! The arguments of `rank` and `unrank`: a board's permutation rank, both ways.

use clap::Args;
use npuzzle::Size;

/// `npuzzle rank`.
#[derive(Debug, Args)]
pub struct RankArgs {
    /// The board, in any notation solve reads (- reads it from stdin).
    pub board: String,
    /// Board size, columns x rows (3x4), needed when the tiles do not form a square.
    #[arg(long, short = 's')]
    pub size: Option<Size>,
    /// Print one JSON object instead of the working.
    #[arg(long)]
    pub json: bool,
}

/// `npuzzle unrank`.
#[derive(Debug, Args)]
pub struct UnrankArgs {
    /// The rank, from 0 (npuzzle rank prints it); below cells!.
    #[arg(value_name = "R", value_parser = rank_value, allow_negative_numbers = true)]
    pub rank: u128,
    /// Board size, columns x rows (at most 34 cells).
    #[arg(long, short = 's')]
    pub size: Size,
    /// Print one JSON object instead of the board.
    #[arg(long)]
    pub json: bool,
}

/// A rank: a whole number that fits the 128 bits every rank of at most 34 cells does.
fn rank_value(text: &str) -> Result<u128, String> {
    let digits = text.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "'{text}' is not a rank: ranks are whole numbers from 0"
        ));
    }
    digits
        .parse::<u128>()
        .map_err(|_| format!("'{text}' is past every rank: the largest, 34! − 1, has 39 digits"))
}
