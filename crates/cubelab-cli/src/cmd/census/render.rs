//! The plots of the library's census reports (their text, CSV and SVG: `cubelab_api::census`).

use crate::output::write_atomic;
use crate::svg::BarChart;
use cubelab::census::report::CensusReport;
use cubelab::words::count;
use std::collections::BTreeMap;
use std::path::Path;

/// Draws a histogram (value -> count) as an SVG bar chart to `path`, atomically.
pub(super) fn plot_histogram(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    hist: &BTreeMap<u64, u64>,
) -> anyhow::Result<()> {
    let bars: Vec<(u64, u64)> = hist.iter().map(|(k, v)| (*k, *v)).collect();
    let chart = BarChart { title, x_label, y_label, bars: &bars, marks: None };
    write_atomic(path, chart.svg().as_bytes())
}

/// Draws a report's histogram: refused, in one line, for reports that have none.
pub(super) fn plot_report(report: &CensusReport, path: &Path) -> anyhow::Result<()> {
    match report {
        CensusReport::SolutionNumbers(r) => plot_histogram(
            path,
            &format!(
                "Solution numbers for target {} ({})",
                r.target,
                count(r.collections, "collection", "collections")
            ),
            "solution number",
            "collections of 8",
            &r.histogram,
        ),
        CensusReport::AllTargets(r) => match r.targets.first() {
            Some(first) => plot_histogram(
                path,
                &format!(
                    "Solution numbers of target {}{}",
                    first.target,
                    if r.agree { " (every target has this distribution)" } else { " (the distributions differ)" }
                ),
                "solution number",
                "collections of 8",
                &first.histogram,
            ),
            None => Ok(()),
        },
        CensusReport::Targets(r) => plot_histogram(
            path,
            &format!("Targets built by {} of {}", count(r.sets, "set", "sets"), count(r.size, "cube", "cubes")),
            "number of targets built",
            "sets",
            &r.histogram,
        ),
        CensusReport::AllSizes(r) => {
            let maxes: Vec<(u64, u64)> = r.sizes.iter().map(|t| (t.size as u64, t.max.unwrap_or(0))).collect();
            let means: Vec<(u64, f64)> = r.sizes.iter().map(|t| (t.size as u64, t.mean)).collect();
            let chart = BarChart {
                title: &format!("Targets built by every subset, by size ({})", count(r.sets, "set", "sets")),
                x_label: "set size (number of cubes)",
                y_label: "targets built",
                bars: &maxes,
                marks: Some(("mean over the sets of this size", "most built by one set of this size", &means)),
            };
            write_atomic(path, chart.svg().as_bytes())
        }
        CensusReport::Multisets(r) => plot_histogram(
            path,
            &format!("Targets built by {} of 8 cubes", count(r.multisets, "multiset", "multisets")),
            "number of targets built",
            "multisets",
            &r.histogram,
        ),
        other => anyhow::bail!("--plot: the {} census has no histogram to draw", other.census()),
    }
}
