//! The configurations `--configs` names: the library's [`BenchConfig`], a `cat=` part
//! read as a catalogue file where one exists.

use npuzzle::services::bench_config::BenchConfig;

/// `text` as a configuration, a `cat=` part naming a catalogue or a file of one.
pub fn parse(text: &str) -> Result<BenchConfig, String> {
    BenchConfig::parse_with(text, |name| {
        crate::input::catalogue(name).map_err(|e| format!("{e:#}"))
    })
}

/// The configurations benchmarked when none are named.
pub const DEFAULT_CONFIGS: &str = "bfs,bidirectional,astar:manhattan,astar:linear-conflict,idastar:manhattan,idastar:linear-conflict";
