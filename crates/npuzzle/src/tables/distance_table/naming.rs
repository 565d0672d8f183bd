//! How the tables of each metric are named: in reports, and in their files and identities.

use crate::puzzle::metric::Metric;

/// How the tables of a metric are named: in reports, and in their files and identities.
pub(super) struct MetricNaming {
    /// In reports and errors: `distance table`.
    pub(super) name: &'static str,
    /// Before the size in the file's name.
    pub(super) file_prefix: &'static str,
    /// At the end of the file's identity.
    pub(super) counted: &'static str,
}

impl MetricNaming {
    pub(super) fn of(metric: Metric) -> MetricNaming {
        match metric {
            // The single-tile tables keep the names they have always had.
            Metric::SingleTile => MetricNaming {
                name: "distance table",
                file_prefix: "",
                counted: "",
            },
            Metric::MultiTile => MetricNaming {
                name: "multi-tile distance table",
                file_prefix: "mtm-",
                counted: ", moves counted in the multi-tile metric",
            },
        }
    }
}

/// What the distance tables of `metric` are called in reports and errors: `distance
/// table`, `multi-tile distance table`.
///
/// ```
/// use npuzzle::tables::distance_table::table_name;
/// use npuzzle::Metric;
/// assert_eq!(table_name(Metric::MultiTile), "multi-tile distance table");
/// ```
pub fn table_name(metric: Metric) -> &'static str {
    MetricNaming::of(metric).name
}
