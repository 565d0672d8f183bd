//! Tables kept on disk and what they are built from: verified table files (the cache), the
//! partitions and catalogues of tiles pattern databases are built over, and the complete
//! distance tables of boards up to 12 cells.
//!
//! ```
//! use npuzzle::tables::partition::Partition;
//!
//! let partition: Partition = "7-8".parse()?;
//! assert_eq!(partition.to_string(), "7-8");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod cache;
pub mod catalogue;
pub mod distance_table;
pub mod multi_tile_database;
pub mod partition;
pub(crate) mod table_stamp;
pub mod walking_distance;
