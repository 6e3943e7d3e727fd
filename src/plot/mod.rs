//! `--plot FILE`: a report's numbers as charts. A query turns its report
//! into a [`Figure`] (panels of series, built here from the report's tables
//! and fields, or by the query where it draws more, as `charge` does).
//! [`write()`] writes it whole or not at all, in the format its name ends in:
//! `.svg` drawn by `svg/` (plotters' SVG backend, in the `svg` feature),
//! `.json` the figure itself (`json.rs`), which the web page draws.

use crate::text;
mod json;
mod lang;
#[cfg(feature = "svg")]
pub(crate) mod svg;

use crate::error::InputError;
use crate::report::{Engine, Report, Text, Value};
use std::path::Path;

/// Series colours (Tableau 10), by a series' `colour` index (modulo its
/// length): engines keep their colour across panels because every panel
/// lists them in the same order.
pub const PALETTE: [[u8; 3]; 8] = [
    [31, 119, 180],
    [255, 127, 14],
    [44, 160, 44],
    [214, 39, 40],
    [148, 103, 189],
    [140, 86, 75],
    [227, 119, 194],
    [127, 127, 127],
];

/// A titled page of panels, its words a [`Text`] until drawn in a language
/// ([`Figure::render`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Figure<L = Text> {
    /// The page's title.
    pub title: L,
    /// Its charts.
    pub panels: Vec<Panel<L>>,
}

/// One chart: axes and the series drawn on them.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Panel<L = Text> {
    /// The chart's title.
    pub title: L,
    /// What the x axis (the category axis for [`Axis::Categories`]) counts.
    pub x_label: L,
    /// What the values are.
    pub y_label: L,
    /// How points are placed.
    pub axis: Axis<L>,
    /// The values are probabilities: axis 0..1 (or less), ticks in percent.
    pub probability: bool,
    /// Takes a whole row of the figure.
    pub wide: bool,
    /// What is drawn.
    pub series: Vec<Series<L>>,
}

/// How points are placed.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Axis<L = Text> {
    /// `x` is a number (a distance, a casualty count).
    Numbers,
    /// `x` is the index of a named category; drawn as horizontal bars with
    /// the names down the side, so long names stay readable.
    Categories(Vec<L>),
    /// `x` is the index of a shape on the table (a unit seen from above),
    /// drawn where it stands, shaded by the first series' value.
    Map(Vec<Shape<L>>),
    /// `x` is a cell of a table, `row * columns + column` (a heat map).
    Grid {
        /// The rows' names, top to bottom.
        rows: Vec<L>,
        /// The columns' names, left to right.
        columns: Vec<L>,
    },
}

/// A unit seen from above: its name and its corners on the table.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Shape<L = Text> {
    /// Its name.
    pub name: L,
    /// Its corners, in order round it.
    pub corners: [(f64, f64); 4],
}

/// How a series is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// Connected points; intervals as a shaded band.
    Line,
    /// One bar per point (side by side with the other series' bars);
    /// intervals as error bars.
    Bars,
}

/// A named list of points.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Series<L = Text> {
    /// The series' name, in the legend.
    pub name: L,
    /// How it is drawn.
    pub mark: Mark,
    /// Index into the figure's palette: an engine keeps its colour in every
    /// panel ([`engine_colour`]).
    pub colour: usize,
    /// Its points.
    pub points: Vec<Point>,
}

/// A value at `x`, with its 95% interval when it is an estimate.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Point {
    /// The x value (a category's index on a category axis).
    pub x: f64,
    /// The y value.
    pub y: f64,
    /// Its 95% interval, for estimates.
    pub interval: Option<[f64; 2]>,
}

impl<L> Panel<L> {
    /// The value axis: from 0 (or below, for negative values) to a little
    /// above the highest value or interval end; probabilities stop at 100%.
    /// Every drawing of the panel uses it (`svg/`, and the page from the
    /// JSON's `value_range`).
    pub fn value_range(&self) -> std::ops::Range<f64> {
        let (lo, hi) = self
            .series
            .iter()
            .flat_map(|s| &s.points)
            .flat_map(|p| {
                let [lo, hi] = p.interval.unwrap_or([p.y, p.y]);
                [lo.min(p.y), hi.max(p.y)]
            })
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                (lo.min(v), hi.max(v))
            });
        if !lo.is_finite() {
            return 0.0..1.0;
        }
        let lo = lo.min(0.0);
        // Nothing above zero (a charge out of reach): a whole unit of axis.
        let mut hi = if hi - lo < 1e-12 { lo + 1.0 } else { hi };
        hi += (hi - lo) * 0.08;
        if self.probability && hi > 0.9 {
            hi = 1.0;
        }
        lo..hi
    }
}

impl Point {
    /// The point of a reported value at `x`: exact values have no interval,
    /// estimates their 95% one. Text and absent values have no point.
    pub fn of(x: f64, value: &Value) -> Option<Point> {
        Some(Point {
            x,
            y: value.central()?,
            interval: value.estimate().map(|e| e.ci95),
        })
    }
}

#[cfg(feature = "svg")]
impl Figure<String> {
    /// The SVG text of the figure.
    pub fn to_svg(&self) -> Result<String, String> {
        svg::draw(self)
    }
}

/// The chart formats `--plot` writes, by the file name's ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartFormat {
    /// An SVG drawing (`.svg`), in builds with the `svg` feature.
    Svg,
    /// The figure's panels and points as JSON (`.json`), to draw elsewhere.
    Json,
}

impl ChartFormat {
    /// The format `path` names by its ending (any case), if this build
    /// writes it. A device or a FIFO of no such ending (`/dev/stdout`) is drawn as
    /// SVG (JSON in a build without it).
    pub fn of(path: &Path) -> Option<ChartFormat> {
        let ending = path.extension().unwrap_or_default();
        if cfg!(feature = "svg") && ending.eq_ignore_ascii_case("svg") {
            Some(ChartFormat::Svg)
        } else if ending.eq_ignore_ascii_case("json") {
            Some(ChartFormat::Json)
        } else if crate::files::is_stream_path(path) {
            Some(match cfg!(feature = "svg") {
                true => ChartFormat::Svg,
                false => ChartFormat::Json,
            })
        } else {
            None
        }
    }

    /// The endings this build accepts, as errors list them.
    pub fn accepted() -> Text {
        match cfg!(feature = "svg") {
            true => text!("a file name ending in .svg or .json, e.g. charge.svg"),
            false => text!("a file name ending in .json, e.g. charge.json"),
        }
    }
}

/// Writes `figure` to `path` in the format its name ends in, whole or not
/// at all ([`crate::files::write_whole`]).
pub fn write(figure: &Figure<String>, path: &Path) -> Result<(), InputError> {
    let text = match ChartFormat::of(path) {
        #[cfg(feature = "svg")]
        Some(ChartFormat::Svg) => figure
            .to_svg()
            .map_err(|e| InputError::new("--plot", text!("cannot draw the chart: {}", e)))?,
        Some(ChartFormat::Json) => figure.to_json(),
        _ => {
            return Err(InputError::new(
                "--plot",
                text!("{} (accepted: {})", path.display(), ChartFormat::accepted()),
            ))
        }
    };
    crate::files::write_whole(path, &text).map_err(|e| cannot_write(path, e))
}

/// Checks, before a long run, that [`write()`] will be able to write
/// `path` ([`crate::files::check_output`]). Leaves nothing behind.
pub fn check_writable(path: &Path) -> Result<(), InputError> {
    crate::files::check_output("--plot", path, ChartFormat::accepted())
}

fn cannot_write(path: &Path, e: std::io::Error) -> InputError {
    InputError::new("--plot", text!("cannot write {}: {}", path.display(), e))
}

/// The palette index of an engine's series.
pub fn engine_colour(engine: Engine) -> usize {
    match engine {
        Engine::Exact => 0,
        Engine::MonteCarlo => 1,
        Engine::Dice => 2,
    }
}

/// A bar panel of a table whose rows are named (text index): one bar per
/// row and engine, of column `column`; `None` if no engine has the table.
pub fn table_bars(report: &Report, table: &str, column: &str, title: Text) -> Option<Panel> {
    let first = report.outcomes.iter().find_map(|o| o.table(table))?;
    let categories = first
        .rows
        .iter()
        .map(|(index, _)| match index {
            Value::Text(t) => t.clone(),
            other => Text::kept(other.to_string()),
        })
        .collect();
    let series = table_series(report, table, column, Mark::Bars);
    Some(Panel::bars(title, categories, true, series))
}

/// One series per engine of column `column` of the table `table`: x is the
/// row's index value (its position when the index is text).
pub fn table_series(report: &Report, table: &str, column: &str, mark: Mark) -> Vec<Series> {
    report
        .outcomes
        .iter()
        .filter_map(|o| {
            let t = o.table(table)?;
            let c = t.columns.iter().position(|c| c.key == column)?;
            let points = t
                .rows
                .iter()
                .enumerate()
                .filter_map(|(i, (index, values))| {
                    let x = index.exact().unwrap_or(i as f64);
                    Point::of(x, values.get(c)?)
                })
                .collect();
            Some(Series {
                name: o.engine.title(),
                mark,
                colour: engine_colour(o.engine),
                points,
            })
        })
        .collect()
}

/// The two panels of every distribution table in the report: P(= k) as
/// bars and P(>= k) ("k or more") as lines with interval bands. Rows past
/// the last one any engine puts at 0.01% or more are left out.
pub fn distribution_panels(report: &Report) -> Vec<Panel> {
    let mut panels = Vec::new();
    for key in crate::report::table::table_keys(report) {
        let Some(table) = report.outcomes.iter().find_map(|o| o.table(key)) else {
            continue;
        };
        if table.detail || !table.is_distribution() {
            continue;
        }
        let mut eq = table_series(report, key, "p", Mark::Bars);
        let mut ge = table_series(report, key, "p_at_least", Mark::Line);
        let last = eq
            .iter()
            .flat_map(|s| &s.points)
            .filter(|p| p.y >= 1e-4)
            .map(|p| p.x)
            .fold(f64::NEG_INFINITY, f64::max);
        for s in eq.iter_mut().chain(ge.iter_mut()) {
            s.points.retain(|p| p.x <= last);
        }
        for (series, column) in [(eq, "p"), (ge, "p_at_least")] {
            let label = &table
                .columns
                .iter()
                .find(|c| c.key == column)
                .expect("checked")
                .label;
            panels.push(Panel {
                title: crate::text!("{}: {}", table.title.clone(), label.clone()),
                x_label: table.index.label.clone(),
                y_label: label.clone(),
                axis: Axis::Numbers,
                probability: true,
                wide: false,
                series,
            });
        }
    }
    panels
}

/// A bar panel of the fields `keys` (in that order; those no engine has are
/// skipped), one bar per engine, named by the field labels.
pub fn fields_panel(report: &Report, title: Text, keys: &[&str], probability: bool) -> Panel {
    let present: Vec<&str> = keys
        .iter()
        .copied()
        .filter(|k| report.outcomes.iter().any(|o| o.field(k).is_some()))
        .collect();
    let categories = present
        .iter()
        .map(|k| {
            let label = report
                .outcomes
                .iter()
                .find_map(|o| o.fields.iter().find(|f| f.key == *k))
                .map_or_else(|| Text::kept(*k), |f| f.label.clone());
            label.event()
        })
        .collect();
    let series = report
        .outcomes
        .iter()
        .map(|o| Series {
            name: o.engine.title(),
            mark: Mark::Bars,
            colour: engine_colour(o.engine),
            points: present
                .iter()
                .enumerate()
                .filter_map(|(i, k)| Point::of(i as f64, o.field(k)?))
                .collect(),
        })
        .filter(|s| !s.points.is_empty())
        .collect();
    Panel::bars(title, categories, probability, series)
}

impl Panel {
    /// A full-width panel of named bars (probabilities or other values).
    pub fn bars(
        title: Text,
        categories: Vec<Text>,
        probability: bool,
        series: Vec<Series>,
    ) -> Panel {
        Panel {
            title,
            x_label: Text::default(),
            y_label: if probability {
                crate::text!("probability")
            } else {
                crate::text!("value")
            },
            axis: Axis::Categories(categories),
            probability,
            wide: true,
            series,
        }
    }
}

/// The keys of the probability fields (`p_...`, not per-points ones) that
/// some engine puts above zero, in report order.
pub fn probability_keys(report: &Report) -> Vec<&str> {
    let fields = report.outcomes.iter().flat_map(|o| &o.fields);
    crate::report::table::first_seen(
        fields
            .filter(|f| {
                let positive = Point::of(0.0, &f.value).is_some_and(|p| p.y > 0.0);
                positive && matches!(f.value, Value::Prob(_) | Value::ProbEst(_))
            })
            .map(|f| &*f.key),
    )
}

/// The default figure of a report: its probabilities as bars, then its
/// distributions.
pub fn report_figure(report: &Report) -> Figure {
    let mut panels = Vec::new();
    let keys = probability_keys(report);
    if !keys.is_empty() {
        panels.push(fields_panel(
            report,
            crate::text!("Probabilities"),
            &keys,
            true,
        ));
    }
    panels.extend(distribution_panels(report));
    Figure {
        title: report.summary.clone(),
        panels,
    }
}
