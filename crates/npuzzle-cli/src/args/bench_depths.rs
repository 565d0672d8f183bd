//! The flags of `bench --depths`: the table of search cost against solution depth.

use clap::{Args, ValueEnum};

/// `bench --depths LIST` and the flags that go with it.
#[derive(Clone, Debug, Default, Args)]
pub struct DepthArgs {
    /// Instead of random boards, a table by optimal depth: for each depth (e.g.
    /// 2,4,6,8,10,12,14,16,18,20,22,24), --count boards drawn uniformly among all boards
    /// at exactly that distance (from the exact distance table up to 10 cells, from every
    /// board at the depth listed from the goal up to 16); per configuration and depth the mean nodes and the effective branching
    /// factor b* (default configurations astar:misplaced,astar:manhattan).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub depths: Vec<usize>,
    /// Which nodes b* counts with --depths: generated (the book's) or expanded.
    #[arg(long, value_name = "NODES", value_enum, hide_possible_values = true, default_value_t = CountingArg::Generated, requires = "depths")]
    pub counting: CountingArg,
    /// The equation b* solves with --depths: n-plus-one (N + 1 = 1 + b* + ... + b*^d, the
    /// book's text) or n (N = 1 + b* + ... + b*^d, the root among the nodes, as the book's
    /// table comes out at depth 2).
    #[arg(long, value_name = "EQUATION", value_enum, hide_possible_values = true, default_value_t = EquationArg::NPlusOne, requires = "depths")]
    pub bstar: EquationArg,
    /// Whether iddfs configurations with --depths never step straight back to the board
    /// they came from: on (the library's iddfs) or off (the book's IDS, whose column
    /// --published aima compares with).
    #[arg(long, value_name = "ON|OFF", value_enum, hide_possible_values = true, default_value_t = SwitchArg::On, requires = "depths")]
    pub iddfs_parent_pruning: SwitchArg,
    /// With --depths, print a published table's figures beside each cell with the ratio:
    /// aima (Russell & Norvig, 3rd ed., Fig. 3.29, on 3x3).
    #[arg(
        long,
        value_name = "TABLE",
        value_enum,
        hide_possible_values = true,
        requires = "depths"
    )]
    pub published: Option<PublishedArg>,
}

/// A `--counting` value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum CountingArg {
    /// Successors generated, those already seen included.
    #[default]
    Generated,
    /// Nodes expanded.
    Expanded,
}

/// A `--bstar` value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum EquationArg {
    /// N + 1 = 1 + b* + ... + b*^d.
    #[default]
    #[value(name = "n-plus-one")]
    NPlusOne,
    /// N = 1 + b* + ... + b*^d.
    N,
}

/// An `on`/`off` value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SwitchArg {
    /// On.
    #[default]
    On,
    /// Off.
    Off,
}

/// A `--published` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PublishedArg {
    /// Russell & Norvig, Artificial Intelligence: A Modern Approach, 3rd ed., Fig. 3.29.
    Aima,
}
