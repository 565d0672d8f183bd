//! The instances benchmarked: seeded random boards, or a file of published instances
//! (a board a line, optionally followed by its optimal length; `#` comments, of which
//! `# metric: mtm` says the lengths count multi-tile moves), read by the one parser of
//! that format.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{bail, Context};
use npuzzle::puzzle::random::{random_board, random_walk};
use npuzzle::util::plural::counted;

use npuzzle::{parse_board, Board, Metric, Size};
use rand::rngs::StdRng;
use rand::SeedableRng;

use crate::input::{self, goal_alone, goal_of, read_file_bounded, utf8};

/// One board to solve.
pub struct Instance {
    /// Its number in the set, from 1.
    pub number: usize,
    /// Its line in the file (its number for random boards).
    pub line: usize,
    /// The board.
    pub board: Board,
    /// The published optimal length, when the file gives one.
    pub optimum: Option<usize>,
}

/// The instances, their goal, and a sentence saying where they came from.
pub struct InstanceSet {
    /// The boards.
    pub instances: Vec<Instance>,
    /// The goal every board is solved towards.
    pub goal: Board,
    /// Where they came from.
    pub source: String,
    /// The metric the file's optimal lengths count in (`# metric: mtm`; single-tile
    /// when the file does not say).
    pub optimum_metric: Metric,
}

/// The metric a comment line names (`# metric: mtm`), if it names one.
fn metric_comment(line: &str) -> Option<&str> {
    let rest = line.strip_prefix('#')?.trim_start();
    let value = rest.strip_prefix("metric:")?;
    Some(value.trim())
}

/// Reads a file of instances (`size` for boards that are not square), of at most `limit`
/// bytes (see [`read_file_bounded`]).
pub fn from_file(
    path: &Path,
    size: Option<Size>,
    goal: Option<&str>,
    limit: Option<u64>,
) -> anyhow::Result<InstanceSet> {
    let bytes = read_file_bounded(path, limit)?;
    let text = utf8(bytes, &path.display().to_string())?;
    let mut instances = Vec::new();
    let mut optimum_metric = Metric::SingleTile;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if let Some(name) = metric_comment(line) {
            optimum_metric = name
                .parse()
                .map_err(|e| anyhow::anyhow!("{} line {number}: # metric: {e}", path.display()))?;
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let fits = |n: usize| {
            size.map_or_else(
                || {
                    let root = (n as f64).sqrt().round() as usize;
                    root >= 2 && root * root == n
                },
                |s| s.cells() == n,
            )
        };
        let (board_tokens, optimum) = if fits(tokens.len()) {
            (&tokens[..], None)
        } else if tokens.len() > 1 && fits(tokens.len() - 1) {
            let last = tokens[tokens.len() - 1];
            let optimum = last.parse().with_context(|| {
                format!(
                    "{} line {number}: the last number, the optimal length, is '{last}'",
                    path.display()
                )
            })?;
            (&tokens[..tokens.len() - 1], Some(optimum))
        } else {
            bail!(
                "{} line {number}: {} numbers make no board (give --size for boards that are \
                 not square)",
                path.display(),
                tokens.len()
            );
        };
        let board = parse_board(&board_tokens.join(" "), size)
            .with_context(|| format!("{} line {number}", path.display()))?;
        instances.push(Instance {
            number: instances.len() + 1,
            line: number,
            board,
            optimum,
        });
    }
    let first = instances
        .first()
        .with_context(|| format!("{} holds no boards", path.display()))?;
    let goal = goal_of(goal, first.board.size())?;
    if let Some(other) = instances.iter().find(|i| i.board.size() != goal.size()) {
        bail!(
            "{} line {}: a {} board among {} boards",
            path.display(),
            other.line,
            other.board.size(),
            goal.size()
        );
    }
    let source = format!(
        "{} from `{}`, goal `{goal}`",
        counted(instances.len() as u64, "instance", "instances"),
        path.display()
    );
    Ok(InstanceSet {
        instances,
        goal,
        source,
        optimum_metric,
    })
}

/// `count` seeded random boards towards `goal` (default: the standard 3x3 goal), made
/// only if they fit in the memory `limit` allows (see [`input::memory_bound`]).
pub fn random(
    count: usize,
    seed: u64,
    walk: Option<usize>,
    goal: Option<&str>,
    size: Option<Size>,
    limit: Option<u64>,
) -> anyhow::Result<InstanceSet> {
    let three = Size::square(3).expect("3x3 is a size");
    let goal = goal_alone(goal, size, three)?;
    // A board's cells and what holds them: `--count 18446744073709551615` was a panic
    // (a capacity overflow), a large count on a large board the machine's memory.
    let per_board = goal.size().cells() as u64 * 4 + 64;
    let (bound, source) = input::memory_bound(limit);
    let need = (count as u64).saturating_mul(per_board);
    if need > bound {
        bail!(
            "--count {count}: {count} random {} boards take {}, more than {source} ({})",
            goal.size(),
            npuzzle::util::memory::shown(need),
            npuzzle::util::memory::shown(bound)
        );
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let instances = (1..=count)
        .map(|number| Instance {
            number,
            line: number,
            board: match walk {
                Some(k) => random_walk(&goal, k, &mut rng),
                None => random_board(&goal, &mut rng),
            },
            optimum: None,
        })
        .collect();
    let kind = walk.map_or("uniformly random".to_string(), |k| {
        format!("{k}-move random-walk")
    });
    let source = format!(
        "{count} {kind} {} {} (seed {seed}), goal `{goal}`",
        goal.size(),
        if count == 1 { "board" } else { "boards" }
    );
    Ok(InstanceSet {
        instances,
        goal,
        source,
        optimum_metric: Metric::SingleTile,
    })
}

impl InstanceSet {
    /// Keeps the published optima only where they count in `metric`: a file's lengths
    /// in another metric are not compared, and the source says so.
    pub fn compare_in(&mut self, metric: Metric) {
        if metric == self.optimum_metric || self.instances.iter().all(|i| i.optimum.is_none()) {
            return;
        }
        for instance in &mut self.instances {
            instance.optimum = None;
        }
        let _ = write!(
            self.source,
            " (its optimal lengths count {}: not compared in {})",
            self.optimum_metric.in_words(),
            metric.in_words()
        );
    }

    /// Keeps the instances numbered in `numbers` (all when empty), then the first `first`.
    pub fn select(&mut self, numbers: &[usize], first: Option<usize>) -> anyhow::Result<()> {
        let count = self.instances.len();
        if let Some(&bad) = numbers.iter().find(|&&i| i > count) {
            bail!("--instances: there is no board {bad} (boards 1..{count})");
        }
        if !numbers.is_empty() {
            self.instances.retain(|i| numbers.contains(&i.number));
        }
        if let Some(first) = first {
            self.instances.truncate(first);
        }
        if self.instances.is_empty() {
            bail!("no boards selected");
        }
        Ok(())
    }
}
