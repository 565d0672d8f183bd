//! `--cluster FILE --process I`: joining the cluster a command runs on (see
//! docs/CLUSTER.md). The engine is `npuzzle_cluster`; this only reads the flags.

use std::time::Duration;

use anyhow::Context;
use npuzzle_cluster::{Cluster, ClusterOptions, HostFile};

use crate::args::ClusterArgs;

/// Joins the cluster the flags name, searching with `threads` threads here; `None`
/// without `--cluster`.
pub fn join(args: &ClusterArgs, threads: usize) -> anyhow::Result<Option<Cluster>> {
    let (Some(file), Some(process)) = (&args.cluster, args.process) else {
        return Ok(None);
    };
    let hosts = HostFile::read(file)?;
    let cluster = Cluster::join(&ClusterOptions {
        hosts,
        process,
        threads,
        timeout: Duration::from_secs_f64(args.cluster_timeout),
    })
    .with_context(|| {
        format!(
            "joining the cluster of {} as process {process}",
            file.display()
        )
    })?;
    Ok(Some(cluster))
}
