//! `npuzzle rank` and `npuzzle unrank`: a board's permutation rank (its Lehmer code, the
//! Cantor expansion) with the working, and the board of a rank. The library ranks
//! ([`npuzzle::puzzle::rank::BoardRank`]); this renders.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use npuzzle::parse_board;
use npuzzle::puzzle::notation::quoted;
use npuzzle::puzzle::rank::{unrank_board, BoardRank};
use serde_json::json;

use crate::args::{RankArgs, UnrankArgs};
use crate::input::{argument_or_stdin, BoardsTaken};
use crate::output::{self, Format, Render};

/// The boards `rank` reads: at most 34 cells, as a rank fits a `u128`.
const RANKED: BoardsTaken = BoardsTaken {
    cells: npuzzle::puzzle::rank::MAX_BOARD_RANKED,
    said: "a board of 34 cells, the largest rank ranks",
};

/// A rank and its working, as printed.
struct Ranked {
    board: String,
    size: String,
    working: BoardRank,
}

pub fn run(args: &RankArgs) -> anyhow::Result<ExitCode> {
    let text = argument_or_stdin(&args.board, RANKED, None)?;
    let board =
        parse_board(&text, args.size).with_context(|| format!("board '{}'", quoted(&text)))?;
    let working = BoardRank::of(&board).with_context(|| format!("board '{}'", quoted(&text)))?;
    let ranked = Ranked {
        board: board.to_string(),
        size: board.size().to_string(),
        working,
    };
    output::print(&ranked, Format::json_or(args.json, Format::Text))?;
    Ok(ExitCode::SUCCESS)
}

pub fn run_unrank(args: &UnrankArgs) -> anyhow::Result<ExitCode> {
    let board = unrank_board(args.rank, args.size)
        .with_context(|| format!("npuzzle unrank {} --size {}", args.rank, args.size))?;
    let working = BoardRank::of(&board).expect("a board unranked is ranked");
    let ranked = Ranked {
        board: board.to_string(),
        size: board.size().to_string(),
        working,
    };
    if args.json {
        output::print(&ranked, Format::Json)?;
    } else {
        println!("{}", ranked.board);
    }
    Ok(ExitCode::SUCCESS)
}

impl Render for Ranked {
    fn json(&self) -> serde_json::Value {
        let w = &self.working;
        // Ranks of boards past 20 cells pass 2^64, and JSON readers keep integers exactly
        // only to 2^53 (JavaScript) or 2^64: the big numbers are decimal strings.
        json!({
            "board": self.board,
            "size": self.size,
            "rank": w.rank.to_string(),
            "cantor": w.cantor().to_string(),
            "cells": w.cells,
            "digits": w.digits,
            "weights": w.weights.iter().map(u128::to_string).collect::<Vec<_>>(),
        })
    }

    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        let w = &self.working;
        let n = w.cells.len();
        let value_width = w.weights.first().map_or(1, |v| v.to_string().len());
        let weights: Vec<String> = (0..n)
            .map(|i| format!("{:>2}! = {:>value_width$}", n - 1 - i, w.weights[i]))
            .collect();
        let terms: Vec<String> = (0..n)
            .map(|i| (u128::from(w.digits[i]) * w.weights[i]).to_string())
            .collect();
        let weight_width = weights.iter().map(String::len).max().unwrap_or(0).max(10);
        let term_width = terms.iter().map(String::len).max().unwrap_or(0).max(4);
        writeln!(
            out,
            "board: {} ({}, read row by row, the blank as 0)",
            self.board, self.size
        )?;
        writeln!(
            out,
            "cell  value  smaller after  {:>weight_width$}  {:>term_width$}",
            "× (n-1-i)!", "term"
        )?;
        for i in 0..n {
            writeln!(
                out,
                "{i:>4}  {:>5}  {:>13}  {:>weight_width$}  {:>term_width$}",
                w.cells[i], w.digits[i], weights[i], terms[i]
            )?;
        }
        writeln!(
            out,
            "rank:   {} (the sum of the terms; the in-order board is 0)",
            w.rank
        )?;
        writeln!(out, "cantor: {} (rank + 1, as textbooks count)", w.cantor())
    }
}
