//! `npuzzle pdb build|list|verify`, and the loading of pattern databases for `solve` and
//! `bench-file`.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context};
use npuzzle::pdb::{self, registry, PartitionSet, TableKind};
use npuzzle::solving::plan::{coloured_tables, ColouredTable};
use npuzzle::tables::multi_tile_database::build_notice;
use npuzzle::tables::multi_tile_database::{MultiTileDatabase, MultiTileDatabaseError};
use npuzzle::tables::partition::{group_text, groups_text};
use npuzzle::util::plural::counted;
use npuzzle::{Board, Metric, Size};

use crate::args::{BuildTarget, CacheArgs, PdbBuildArgs, PdbCommand};
use crate::input::{self, goal_alone};
use crate::options::interruptible_build_limits;

pub fn run(command: &PdbCommand) -> anyhow::Result<ExitCode> {
    match command {
        PdbCommand::Build(args) => build(args),
        PdbCommand::List(cache) => list(cache),
        PdbCommand::Verify(cache) => verify(cache),
    }
}

fn build(args: &PdbBuildArgs) -> anyhow::Result<ExitCode> {
    let four = Size::square(4).expect("4x4 is a size");
    let goal = goal_alone(args.goal.goal.as_deref(), args.goal.size, four)?;
    if args.metric.metric == Metric::MultiTile {
        return build_multi_tile(args, &goal);
    }
    let set = match (&args.partition, &args.catalogue) {
        (_, Some(text)) => {
            let catalogue = input::catalogue(text).context("--catalogue")?;
            PartitionSet::of_catalogue(&catalogue, &goal).context("--catalogue")?
        }
        (Some(BuildTarget::Partition(partition)), None) => {
            PartitionSet::classic(partition.groups(&goal)?)
        }
        (Some(BuildTarget::Best), None) => {
            npuzzle::solving::plan::best_set(&goal).with_context(|| {
                format!(
                    "no pattern databases fit the {} board of goal {goal}",
                    goal.size()
                )
            })?
        }
        (None, None) => bail!("name a partition, best, or --catalogue"),
    };
    pdb::check_buildable(&goal, &set)?;
    let cache = args.cache.cache();
    let progress = args.cache.progress();
    let limits = interruptible_build_limits(args.max_memory)?;
    let cost = pdb::build_forecast::forecast(&cache, &goal, &set);
    let within = limits
        .max_bytes
        .is_none_or(|budget| cost.peak_bytes <= budget);
    if cost.missing > 0 && within && !args.cache.quiet {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        eprintln!("{}", cost.describe(cores));
    }
    let loaded = registry::shared(&cache, &goal, &set, &limits, progress.0.as_ref())
        .with_context(|| format!("pattern database in {}", cache.dir().display()))?;
    let db = &loaded.db;
    let mut out = summary_out(args);
    writeln!(out, "goal:      {goal}")?;
    if set.partitions().len() > 1 || set.kind() != TableKind::Classic {
        writeln!(out, "set:       {}", set.describe())?;
        writeln!(out, "partitions: {}", set.partitions_text())?;
    }
    writeln!(out, "groups:    {}", groups_text(&db.groups()))?;
    writeln!(out, "tables:    {}", loaded.origin)?;
    for g in db.groups() {
        writeln!(
            out,
            "file:      {}",
            cache.path(&pdb::file_name(&goal, &g, set.kind())).display()
        )?;
    }
    writeln!(
        out,
        "size:      {} bytes; reflection {}",
        db.table_bytes(),
        if db.reflects() {
            "applies"
        } else {
            "does not apply"
        }
    )?;
    let largest: Vec<String> = db.max_entries().iter().map(u8::to_string).collect();
    writeln!(
        out,
        "largest:   {} (entries are (moves - manhattan)/2; 4 bits hold up to 15)",
        largest.join(", ")
    )?;
    writeln!(out, "seconds:   {:.2}", loaded.seconds)?;
    Ok(ExitCode::SUCCESS)
}

/// Where a build's summary (what was loaded and built, where, how large) goes: stdout,
/// or nowhere under `--quiet`, which leaves a build nothing to say but its errors.
fn summary_out(args: &PdbBuildArgs) -> Box<dyn Write> {
    if args.cache.quiet {
        Box::new(io::sink())
    } else {
        Box::new(io::stdout().lock())
    }
}

/// `pdb build --metric mtm best`: the coloured multi-tile databases `solve` reads
/// towards `goal`, each loaded or built into the cache.
fn build_multi_tile(args: &PdbBuildArgs, goal: &Board) -> anyhow::Result<ExitCode> {
    if args.catalogue.is_some() || !matches!(args.partition, Some(BuildTarget::Best)) {
        bail!(
            "--metric mtm: pdb build takes best, the coloured multi-tile databases solve \
             reads; partitions and catalogues are additive single-tile tables"
        );
    }
    let tables = coloured_tables(goal);
    if tables.is_empty() {
        bail!(
            "--metric mtm: no coloured multi-tile databases fit the {} board of goal {goal} \
             (there are tables of 4x4 and 5x3 with the blank last; a multi-tile solve of any \
             other board reads none)",
            goal.size()
        );
    }
    let cache = args.cache.cache();
    let limits = interruptible_build_limits(args.max_memory)?;
    for table in &tables {
        let path = cache.path(&MultiTileDatabase::file_name(&table.colouring));
        let bytes = table.colouring.entries();
        if let Some(budget) = limits.max_bytes.filter(|&b| !path.exists() && bytes > b) {
            bail!(
                "the {} takes {bytes} bytes to build, more than --max-memory {budget}",
                table.name
            );
        }
    }
    // A directory that cannot hold the files to build is the error, before anything is
    // printed or built.
    let missing = |table: &&ColouredTable| {
        !cache
            .path(&MultiTileDatabase::file_name(&table.colouring))
            .exists()
    };
    if let Some(table) = tables.iter().find(missing) {
        cache
            .check_writable()
            .map_err(MultiTileDatabaseError::from)
            .with_context(|| format!("{} in {}", table.name, cache.dir().display()))?;
    }
    let progress = args.cache.progress();
    let mut out = summary_out(args);
    writeln!(out, "goal:      {goal}")?;
    for table in tables {
        let started = Instant::now();
        let path = cache.path(&MultiTileDatabase::file_name(&table.colouring));
        if !path.exists() && !args.cache.quiet {
            eprintln!("{}", build_notice(&table.colouring, &path));
        }
        let colouring = table.colouring.clone();
        let (database, origin) = MultiTileDatabase::load_or_build(
            colouring,
            &cache,
            progress.0.as_ref(),
            limits.cancel.as_ref(),
        )
        .with_context(|| format!("{} in {}", table.name, cache.dir().display()))?;
        // Tiles of at most 16 cells: each fits a byte, as the partitions' tiles do.
        let classes: Vec<Vec<u8>> = (table.colouring.classes().iter())
            .map(|class| class.iter().map(|&tile| tile as u8).collect())
            .collect();
        writeln!(out, "table:     {} {origin}", table.name)?;
        writeln!(out, "colours:   {}", groups_text(&classes))?;
        writeln!(out, "file:      {}", path.display())?;
        writeln!(out, "size:      {} bytes", database.entries())?;
        writeln!(out, "seconds:   {:.2}", started.elapsed().as_secs_f64())?;
    }
    Ok(ExitCode::SUCCESS)
}

fn list(args: &CacheArgs) -> anyhow::Result<ExitCode> {
    let cache = args.cache();
    let mut out = io::stdout().lock();
    writeln!(out, "cache: {}", cache.dir().display())?;
    for (name, identity) in cache.list()? {
        let bytes = std::fs::metadata(cache.path(&name)).map_or(0, |m| m.len());
        let what = match identity.as_deref().and_then(pdb::parse_identity) {
            Some(table) => {
                let kind = match table.kind {
                    TableKind::Classic => "",
                    TableKind::ZeroAware => "zero-aware ",
                };
                format!(
                    "{kind}pattern database {}, goal {}, tiles {}",
                    table.size,
                    table.goal,
                    group_text(&table.group)
                )
            }
            None => identity.unwrap_or_else(|| "not a table file".to_string()),
        };
        writeln!(out, "{name}\t{bytes}\t{what}")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn verify(args: &CacheArgs) -> anyhow::Result<ExitCode> {
    // Asked to check: every byte, whatever stamps say.
    let cache = args.cache().checking_every_byte(true);
    let mut out = io::stdout().lock();
    let mut bad = 0;
    for (name, identity) in cache.list()? {
        let verdict = match identity {
            // The cache directory may hold the user's own files: only `.tbl` files are
            // tables, and only a table can be invalid.
            None if std::path::Path::new(&name).extension() != Some("tbl".as_ref()) => {
                writeln!(out, "{name}: not a table file, left alone")?;
                continue;
            }
            None => "invalid: no readable table header".to_string(),
            Some(identity) => match cache.load(&name, &identity) {
                Ok(_) => "ok".to_string(),
                Err(e) => format!("invalid: {e:#}"),
            },
        };
        if verdict != "ok" {
            bad += 1;
        }
        writeln!(out, "{name}: {verdict}")?;
    }
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        writeln!(
            out,
            "{}: rebuilt when next used",
            counted(bad as u64, "invalid table", "invalid tables")
        )?;
        ExitCode::from(1)
    })
}
