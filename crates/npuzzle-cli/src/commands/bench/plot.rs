//! SVG plots of a benchmark: nodes and time against solution length, a series per
//! configuration.

use std::path::Path;

use plotters::prelude::*;

use super::report::{mean, BenchReport, Run, Series};

/// Writes `nodes.svg` and `time.svg` into `dir`.
pub fn plots(dir: &Path, report: &BenchReport) -> anyhow::Result<()> {
    crate::output::create_dir(dir)?;
    plot(
        &dir.join("nodes.svg"),
        "nodes expanded",
        &report.series,
        |r| r.report.stats.expanded as f64,
    )?;
    plot(&dir.join("time.svg"), "seconds", &report.series, |r| {
        r.report.stats.seconds
    })?;
    Ok(())
}

/// An SVG plot of a measure against solution length, one series (mean per length) a pair.
fn plot(
    path: &Path,
    measure: &str,
    series: &[Series],
    value: impl Fn(&Run) -> f64,
) -> anyhow::Result<()> {
    let points_of: Vec<Vec<(f64, f64)>> = series
        .iter()
        .map(|s| {
            let mut by_length = std::collections::BTreeMap::<usize, Vec<f64>>::new();
            for r in &s.runs {
                if let Some(len) = r.length {
                    by_length.entry(len).or_default().push(value(r).max(1e-9));
                }
            }
            by_length
                .into_iter()
                .map(|(len, v)| (len as f64, mean(&v)))
                .collect()
        })
        .collect();
    let labelled: Vec<(String, Vec<(f64, f64)>)> = series
        .iter()
        .map(|s| s.config.clone())
        .zip(points_of)
        .collect();
    draw(
        path,
        &format!("{measure} against solution length (mean per length)"),
        "solution length (moves)",
        measure,
        &labelled,
    )
}

/// An SVG plot of `series` (a label and its points), y on a log scale.
pub fn draw(
    path: &Path,
    caption: &str,
    x_desc: &str,
    y_desc: &str,
    series: &[(String, Vec<(f64, f64)>)],
) -> anyhow::Result<()> {
    let points = series.iter().flat_map(|(_, p)| p);
    let (x_max, y_min, y_max) = points.fold(
        (1.0f64, f64::INFINITY, 1e-9f64),
        |(x, lo, hi), &(px, py)| (x.max(px), lo.min(py), hi.max(py)),
    );
    let y_min = if y_min.is_finite() { y_min } else { 1e-9 };
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d(0f64..x_max + 1.0, (y_min / 2.0..y_max * 2.0).log_scale())?;
    chart
        .configure_mesh()
        .light_line_style(RGBColor(238, 238, 238))
        .bold_line_style(RGBColor(200, 200, 200))
        .x_desc(x_desc)
        .y_desc(y_desc)
        .draw()?;
    for (i, (label, points)) in series.iter().enumerate() {
        let colour = Palette99::pick(i).to_rgba();
        chart
            .draw_series(LineSeries::new(
                points.iter().copied(),
                colour.stroke_width(2),
            ))?
            .label(label.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
            });
        chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled())))?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
