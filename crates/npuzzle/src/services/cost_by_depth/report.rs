//! A row of the table as programs read it: an element of `npuzzle bench --depths
//! --json`'s `by_depth` array, a dict of Python's `bench_by_depth` (a row of a
//! `pandas.DataFrame`). Means over no boards (every search gave up) are left empty
//! (`null`), not `NaN`, which JSON cannot hold.

use super::published::{aima, BookColumn, BookFigure};
use super::{Counting, DepthRow};

impl DepthRow {
    /// The nodes `counting` counts, as a mean over the row's boards.
    #[must_use]
    pub fn counted(&self, counting: Counting) -> f64 {
        match counting {
            Counting::Generated => self.mean_generated,
            Counting::Expanded => self.mean_expanded,
        }
    }

    /// The book's cell this row answers to, where the book prints one (3x3 boards, the
    /// configurations of its columns, its depths).
    #[must_use]
    pub fn book_figure(&self) -> Option<(BookColumn, BookFigure)> {
        let column = self.book?;
        aima(column, self.depth).map(|figure| (column, figure))
    }
}

/// One configuration at one depth.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DepthRowReport {
    /// The configuration, as `--configs` writes it (`astar:manhattan`).
    pub config: String,
    /// The optimal distance of every board of the row.
    pub depth: usize,
    /// Boards solved (those that gave up are left out of the means).
    pub instances: usize,
    /// Boards whose search gave up at a limit.
    pub gave_up: usize,
    /// Mean nodes generated.
    pub mean_generated: Option<f64>,
    /// Mean nodes expanded.
    pub mean_expanded: Option<f64>,
    /// The mean of each board's b*.
    pub effective_branching_factor: Option<f64>,
    /// The book's figures for the cell, when asked for and printed.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub published: Option<PublishedCell>,
}

/// The book's figures beside a row.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PublishedCell {
    /// The table: `aima`.
    pub source: &'static str,
    /// The book's column (`A*(h1)`).
    pub column: &'static str,
    /// The book's mean nodes generated.
    pub nodes: f64,
    /// The row's counted nodes over the book's.
    pub ratio: Option<f64>,
    /// The book's b*, where printed.
    pub effective_branching_factor: Option<f64>,
}

impl DepthRowReport {
    /// The report of `row`, its nodes counted by `counting` for the ratio to the book's,
    /// with the book's figures when `published`.
    #[must_use]
    pub fn new(row: &DepthRow, counting: Counting, published: bool) -> DepthRowReport {
        let finite = |v: f64| v.is_finite().then_some(v);
        DepthRowReport {
            config: row.config.clone(),
            depth: row.depth,
            instances: row.instances,
            gave_up: row.gave_up,
            mean_generated: finite(row.mean_generated),
            mean_expanded: finite(row.mean_expanded),
            effective_branching_factor: finite(row.effective_branching_factor),
            published: row
                .book_figure()
                .filter(|_| published)
                .map(|(column, figure)| PublishedCell {
                    source: "aima",
                    column: column.name(),
                    nodes: figure.nodes,
                    ratio: finite(row.counted(counting) / figure.nodes),
                    effective_branching_factor: figure.branching,
                }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(book: Option<BookColumn>, mean: f64) -> DepthRow {
        DepthRow {
            config: "astar:misplaced".into(),
            depth: 12,
            instances: 3,
            gave_up: 0,
            mean_generated: mean,
            mean_expanded: mean / 2.0,
            effective_branching_factor: 1.4,
            book,
        }
    }

    #[test]
    fn the_books_cell_only_when_asked_and_printed() {
        let answered = row(Some(BookColumn::AstarMisplaced), 454.0);
        let report = DepthRowReport::new(&answered, Counting::Generated, true);
        let cell = report.published.unwrap();
        assert_eq!((cell.column, cell.nodes), ("A*(h1)", 227.0));
        assert_eq!(cell.ratio, Some(2.0));
        let expanded = DepthRowReport::new(&answered, Counting::Expanded, true);
        assert_eq!(expanded.published.unwrap().ratio, Some(1.0));
        assert!(DepthRowReport::new(&answered, Counting::Generated, false)
            .published
            .is_none());
        assert!(
            DepthRowReport::new(&row(None, 1.0), Counting::Generated, true)
                .published
                .is_none()
        );
    }

    #[test]
    fn means_over_no_boards_are_empty() {
        let report = DepthRowReport::new(&row(None, f64::NAN), Counting::Generated, false);
        assert_eq!((report.mean_generated, report.mean_expanded), (None, None));
        assert_eq!(report.effective_branching_factor, Some(1.4));
    }
}
