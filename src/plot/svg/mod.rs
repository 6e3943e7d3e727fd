//! Draws a [`Figure`] as SVG text with plotters (its SVG backend, text as
//! `<text>` elements so no font files are needed). Panels sit two to a row,
//! a wide panel alone on its row; every series has a legend entry.

use super::{Axis, Figure, Mark, Panel};
mod grid;
mod legend;
mod map;
use crate::report::trim_number;
use legend::{legend, legend_corner, swatch};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Figure width and the height of a row of panels, in pixels.
const WIDTH: u32 = 1100;
const ROW_HEIGHT: u32 = 360;
/// Lines of at most this many points mark each point (a distribution's
/// values exist only at whole numbers).
const MARKED_POINTS: usize = 40;
const TITLE_HEIGHT: u32 = 50;
pub(super) const FONT: &str = "sans-serif";

pub(super) fn colour(i: usize) -> RGBColor {
    let [r, g, b] = super::PALETTE[i % super::PALETTE.len()];
    RGBColor(r, g, b)
}

pub(super) type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
pub(super) type Failure = Box<dyn std::error::Error>;

/// The SVG text of `figure`.
pub fn draw(figure: &Figure<String>) -> Result<String, String> {
    let rows = rows(&figure.panels);
    let title = title_lines(&figure.title);
    let height = title_height(&title) + rows.iter().map(|r| row_height(r)).sum::<u32>();
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (WIDTH, height)).into_drawing_area();
        draw_into(&root, &title, &rows).map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(text.chars().map(xml_char).collect())
}

/// A character XML 1.0 allows as it is, else U+FFFD: plotters escapes
/// markup but passes control characters (a name's `\u0001`) through, and
/// no escape can write them in XML 1.0.
fn xml_char(c: char) -> char {
    match c {
        '\t' | '\n' | '\r' => c,
        '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => '\u{fffd}',
        _ => c,
    }
}

/// Panels grouped into rows: a wide panel alone, the others in pairs.
fn rows(panels: &[Panel<String>]) -> Vec<Vec<&Panel<String>>> {
    let mut rows: Vec<Vec<&Panel<String>>> = Vec::new();
    for p in panels {
        match rows.last_mut() {
            Some(row) if !p.wide && row.len() == 1 && !row[0].wide => row.push(p),
            _ => rows.push(vec![p]),
        }
    }
    rows
}

/// A row is as tall as its tallest panel: a bar list grows with its bars.
fn row_height(row: &[&Panel<String>]) -> u32 {
    row.iter()
        .map(|p| match &p.axis {
            Axis::Numbers => ROW_HEIGHT,
            Axis::Map(_) => ROW_HEIGHT + 140,
            Axis::Grid { rows, columns } => grid::grid_height(rows, columns),
            Axis::Categories(names) => {
                let bars = (names.len() * p.series.len().max(1)) as u32;
                (90 + bars * 16 + names.len() as u32 * 8).clamp(180, 700)
            }
        })
        .max()
        .unwrap_or(ROW_HEIGHT)
}

/// A title's lines: broken at spaces to fit the figure's width (about 11
/// pixels a character of its 20 px bold type), so none is cut.
fn title_lines(title: &str) -> Vec<String> {
    words_in_lines(title, (WIDTH as usize - 40) / 11)
}

/// `text` broken at spaces into lines of at most `most` characters (a
/// word longer than a line on a line of its own).
pub(super) fn words_in_lines(text: &str, most: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= most => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The title's height: [`TITLE_HEIGHT`] for one line, 26 px more a line.
fn title_height(lines: &[String]) -> u32 {
    TITLE_HEIGHT + 26 * lines.len().saturating_sub(1) as u32
}

fn draw_into(root: &Area, title: &[String], rows: &[Vec<&Panel<String>>]) -> Result<(), Failure> {
    root.fill(&WHITE)?;
    let (top, mut rest) = root.split_vertically(title_height(title));
    for (i, line) in title.iter().enumerate() {
        top.draw(&Text::new(
            line.clone(),
            (20, 15 + 26 * i as i32),
            (FONT, 20).into_font().style(FontStyle::Bold),
        ))?;
    }
    for row in rows {
        let (line, below) = rest.split_vertically(row_height(row));
        rest = below;
        // A narrow panel left alone on the last row keeps its width.
        let cells = if row[0].wide {
            vec![line]
        } else {
            line.split_evenly((1, 2))
        };
        for (panel, cell) in row.iter().zip(&cells) {
            draw_panel(&cell.margin(5, 10, 10, 15), panel)?;
        }
    }
    Ok(())
}

/// Tick labels: percent for probabilities, with enough decimals for the
/// axis's span.
fn value_label(probability: bool, span: f64) -> impl Fn(&f64) -> String {
    move |v: &f64| {
        if probability {
            let decimals = if span >= 0.05 { 0 } else { 2 };
            format!("{}%", trim_number(v * 100.0, decimals))
        } else {
            trim_number(*v, 3)
        }
    }
}

fn draw_panel(area: &Area, panel: &Panel<String>) -> Result<(), Failure> {
    match &panel.axis {
        Axis::Numbers => draw_numbers(area, panel),
        Axis::Categories(names) => draw_categories(area, panel, names),
        Axis::Map(shapes) => map::draw_map(area, panel, shapes),
        Axis::Grid { rows, columns } => grid::draw_grid(area, panel, rows, columns),
    }
}

/// x is a number: lines with bands and bars with error bars.
fn draw_numbers(area: &Area, panel: &Panel<String>) -> Result<(), Failure> {
    let xs = panel.series.iter().flat_map(|s| &s.points).map(|p| p.x);
    let (x_lo, x_hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
        (a.min(x), b.max(x))
    });
    let (x_lo, x_hi) = if x_lo.is_finite() {
        (x_lo, x_hi)
    } else {
        (0.0, 1.0)
    };
    let bars = panel.series.iter().any(|s| s.mark == Mark::Bars);
    let step = min_step(panel);
    let pad = if bars || x_hi == x_lo {
        step / 2.0
    } else {
        0.0
    };
    let y = panel.value_range();
    let span = y.end - y.start;
    let mut chart = ChartBuilder::on(area)
        .caption(caption(panel), (FONT, 15))
        .margin(5)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(x_lo - pad..x_hi + pad, y.clone())?;
    let y_label = value_label(panel.probability, span);
    // Counts (casualties, models): label whole numbers only.
    let whole = panel
        .series
        .iter()
        .flat_map(|s| &s.points)
        .all(|p| p.x.fract() == 0.0);
    let x_label = move |x: &f64| {
        if whole && x.fract().abs() > 1e-9 {
            String::new()
        } else {
            trim_number(*x, 2)
        }
    };
    let x_ticks = if whole {
        ((x_hi - x_lo) as usize + 1).clamp(2, 12)
    } else {
        10
    };
    let corner = legend_corner(panel, (x_lo - pad, x_hi + pad), (y.start, y.end), false);
    chart
        .configure_mesh()
        .light_line_style(WHITE.mix(0.0))
        .x_labels(x_ticks)
        .x_desc(panel.x_label.as_str())
        .y_desc(panel.y_label.as_str())
        .x_label_formatter(&x_label)
        .y_label_formatter(&y_label)
        .label_style((FONT, 12))
        .axis_desc_style((FONT, 13))
        .draw()?;
    let bar_series = panel.series.iter().filter(|s| s.mark == Mark::Bars).count();
    let mut slot = 0;
    for series in &panel.series {
        let c = colour(series.colour);
        match series.mark {
            Mark::Line => {
                let band: Vec<(f64, f64)> = series
                    .points
                    .iter()
                    .filter_map(|p| p.interval.map(|[lo, _]| (p.x, lo)))
                    .chain(
                        series
                            .points
                            .iter()
                            .rev()
                            .filter_map(|p| p.interval.map(|[_, hi]| (p.x, hi))),
                    )
                    .collect();
                if !band.is_empty() {
                    chart.draw_series(std::iter::once(Polygon::new(band, c.mix(0.2).filled())))?;
                }
                chart
                    .draw_series(LineSeries::new(
                        series.points.iter().map(|p| (p.x, p.y)),
                        c.stroke_width(2),
                    ))?
                    .label(series.name.as_str())
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 16, y)], c.stroke_width(2))
                    });
                if series.points.len() <= MARKED_POINTS {
                    chart.draw_series(
                        series
                            .points
                            .iter()
                            .map(|p| Circle::new((p.x, p.y), 3, c.filled())),
                    )?;
                }
            }
            Mark::Bars => {
                let width = step * 0.8 / bar_series as f64;
                let offset = -step * 0.4 + width * slot as f64;
                slot += 1;
                chart
                    .draw_series(series.points.iter().map(|p| {
                        let x0 = p.x + offset;
                        Rectangle::new([(x0, 0.0), (x0 + width, p.y)], c.filled())
                    }))?
                    .label(series.name.as_str())
                    .legend(swatch(c));
                chart.draw_series(series.points.iter().filter_map(|p| {
                    let [lo, hi] = p.interval?;
                    let x = p.x + offset + width / 2.0;
                    Some(ErrorBar::new_vertical(
                        x,
                        lo,
                        p.y,
                        hi,
                        BLACK.stroke_width(1),
                        4,
                    ))
                }))?;
            }
        }
    }
    legend(&mut chart, panel, corner)
}

/// The smallest gap between neighbouring x values (1 if there is none), so
/// bars never overlap.
fn min_step(panel: &Panel<String>) -> f64 {
    let mut xs: Vec<f64> = panel
        .series
        .iter()
        .flat_map(|s| &s.points)
        .map(|p| p.x)
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    let step = xs
        .windows(2)
        .map(|w| w[1] - w[0])
        .fold(f64::INFINITY, f64::min);
    if step.is_finite() && step > 0.0 {
        step
    } else {
        1.0
    }
}

/// Categories down the side, one horizontal bar per series in each, with
/// error bars for estimates.
fn draw_categories(area: &Area, panel: &Panel<String>, names: &[String]) -> Result<(), Failure> {
    let n = names.len().max(1);
    let widest = names.iter().map(|s| s.chars().count()).max().unwrap_or(0);
    let x = panel.value_range();
    let span = x.end - x.start;
    let mut chart = ChartBuilder::on(area)
        .caption(caption(panel), (FONT, 15))
        .margin(5)
        .x_label_area_size(40)
        .y_label_area_size((widest as u32 * 7 + 20).min(WIDTH / 3))
        .build_cartesian_2d(x.clone(), -0.5..n as f64 - 0.5)?;
    let x_label = value_label(panel.probability, span);
    let corner = legend_corner(panel, (x.start, x.end), (-0.5, n as f64 - 0.5), true);
    // Category 0 at the top: row r is drawn at y = n - 1 - r.
    let y_label = |y: &f64| {
        let r = n as f64 - 1.0 - y;
        if (r - r.round()).abs() < 1e-6 && r >= -0.5 {
            names.get(r.round() as usize).cloned().unwrap_or_default()
        } else {
            String::new()
        }
    };
    chart
        .configure_mesh()
        .disable_y_mesh()
        .light_line_style(WHITE.mix(0.0))
        .y_labels(n + 1)
        .x_desc(panel.y_label.as_str())
        // What the categories are, if the panel names it (a sweep's key).
        .y_desc(panel.x_label.as_str())
        .x_label_formatter(&x_label)
        .y_label_formatter(&y_label)
        .label_style((FONT, 12))
        .axis_desc_style((FONT, 13))
        .draw()?;
    let count = panel.series.len().max(1);
    let height = 0.8 / count as f64;
    for (i, series) in panel.series.iter().enumerate() {
        let c = colour(series.colour);
        let row = |x: f64| n as f64 - 1.0 - x + 0.4 - height * (i as f64 + 1.0);
        chart
            .draw_series(series.points.iter().map(|p| {
                let y0 = row(p.x);
                Rectangle::new([(0.0, y0), (p.y, y0 + height)], c.filled())
            }))?
            .label(series.name.as_str())
            .legend(swatch(c));
        chart.draw_series(series.points.iter().filter_map(|p| {
            let [lo, hi] = p.interval?;
            let y = row(p.x) + height / 2.0;
            Some(ErrorBar::new_horizontal(
                y,
                lo,
                p.y,
                hi,
                BLACK.stroke_width(1),
                4,
            ))
        }))?;
    }
    legend(&mut chart, panel, corner)
}

/// The panel's title; a lone series is named there instead of in a legend.
pub(super) fn caption(panel: &Panel<String>) -> String {
    match &panel.series[..] {
        [only] if !only.name.is_empty() => format!("{} ({})", panel.title, only.name),
        _ => panel.title.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::{Point, Series};

    fn panel(wide: bool, points: &[(f64, f64)], mark: Mark) -> Panel<String> {
        Panel {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            axis: Axis::Numbers,
            probability: true,
            wide,
            series: vec![Series {
                name: "s".into(),
                mark,
                colour: 0,
                points: points
                    .iter()
                    .map(|&(x, y)| Point {
                        x,
                        y,
                        interval: None,
                    })
                    .collect(),
            }],
        }
    }

    #[test]
    fn wide_panels_take_a_row_and_others_pair_up() {
        let (w, n) = (panel(true, &[], Mark::Line), panel(false, &[], Mark::Line));
        let panels = [w.clone(), n.clone(), n.clone(), n.clone(), w, n];
        let sizes: Vec<usize> = rows(&panels).iter().map(Vec::len).collect();
        assert_eq!(sizes, [1, 2, 1, 1, 1]);
    }

    #[test]
    fn the_legend_goes_where_the_data_is_not() {
        let rising: Vec<(f64, f64)> = (0..=10).map(|i| (i as f64, i as f64 / 10.0)).collect();
        let p = panel(false, &rising, Mark::Line);
        let corner = legend_corner(&p, (0.0, 10.0), (0.0, 1.0), false);
        assert!(
            matches!(corner, SeriesLabelPosition::UpperLeft),
            "{corner:?}"
        );
        // Falling ("k or more"): the upper right is free.
        let falling: Vec<(f64, f64)> = rising.iter().map(|&(x, y)| (x, 1.0 - y)).collect();
        let p = panel(false, &falling, Mark::Line);
        let corner = legend_corner(&p, (0.0, 10.0), (0.0, 1.0), false);
        assert!(
            matches!(corner, SeriesLabelPosition::UpperRight),
            "{corner:?}"
        );
        // Tall bars on the right fill the right-hand corners from 0 up.
        let bars = [(0.0, 0.05), (1.0, 0.05), (9.0, 0.9), (10.0, 0.9)];
        let p = panel(false, &bars, Mark::Bars);
        let corner = legend_corner(&p, (0.0, 10.0), (0.0, 1.0), false);
        assert!(
            matches!(corner, SeriesLabelPosition::UpperLeft),
            "{corner:?}"
        );
    }

    #[test]
    fn probability_axes_stop_at_one_and_start_at_zero() {
        let p = panel(false, &[(0.0, 0.95), (1.0, 0.5)], Mark::Bars);
        assert_eq!(p.value_range(), 0.0..1.0);
        let p = panel(false, &[(0.0, 0.2)], Mark::Bars);
        let r = p.value_range();
        assert!(r.start == 0.0 && r.end > 0.2 && r.end < 0.25, "{r:?}");
        // All zero: the axis still spans 0 to 100%.
        let p = panel(false, &[(0.0, 0.0), (1.0, 0.0)], Mark::Line);
        assert_eq!(p.value_range(), 0.0..1.0);
    }
}
