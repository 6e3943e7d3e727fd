//! A chart's legend: a line or swatch per series, in the corner of the
//! plot its points cover least; none for a lone series (the caption names
//! it).

use super::{Failure, FONT};
use crate::plot::{Axis, Mark, Panel};
use plotters::prelude::*;

/// The corner of the plot the legend covers least: the one with the fewest
/// points (or bar lengths) in the box of about a third of each axis there.
/// `horizontal`: bars run from 0 along x at category rows (x = value).
pub(super) fn legend_corner(
    panel: &Panel<String>,
    (x0, x1): (f64, f64),
    (y0, y1): (f64, f64),
    horizontal: bool,
) -> SeriesLabelPosition {
    let n = match &panel.axis {
        Axis::Categories(names) => names.len() as f64,
        Axis::Numbers | Axis::Map(_) | Axis::Grid { .. } => 0.0,
    };
    // Each point as the box it covers on the plot, in 0..1 coordinates.
    let boxes: Vec<[f64; 4]> = panel
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(move |p| (s.mark, p)))
        .map(|(mark, p)| {
            let fx = |x: f64| (x - x0) / (x1 - x0);
            let fy = |y: f64| (y - y0) / (y1 - y0);
            if horizontal {
                let row = fy(n - 1.0 - p.x);
                [fx(0.0), fx(p.y), row, row]
            } else if mark == Mark::Bars {
                [fx(p.x), fx(p.x), fy(0.0), fy(p.y)]
            } else {
                [fx(p.x), fx(p.x), fy(p.y), fy(p.y)]
            }
        })
        .collect();
    let corners = [
        (SeriesLabelPosition::UpperRight, [0.6, 1.0, 0.65, 1.0]),
        (SeriesLabelPosition::UpperLeft, [0.0, 0.4, 0.65, 1.0]),
        (SeriesLabelPosition::LowerRight, [0.6, 1.0, 0.0, 0.35]),
        (SeriesLabelPosition::LowerLeft, [0.0, 0.4, 0.0, 0.35]),
    ];
    let overlaps =
        |a: &[f64; 4], b: &[f64; 4]| a[0] <= b[1] && b[0] <= a[1] && a[2] <= b[3] && b[2] <= a[3];
    corners
        .into_iter()
        .min_by_key(|(_, area)| boxes.iter().filter(|b| overlaps(b, area)).count())
        .map_or(SeriesLabelPosition::UpperRight, |(corner, _)| corner)
}

/// A bar series' legend mark: a square of its colour.
pub(super) fn swatch(c: RGBColor) -> impl Fn((i32, i32)) -> Rectangle<(i32, i32)> {
    move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], c.filled())
}

/// The legend, in `corner`; none for a lone series (the caption names it).
pub(super) fn legend<'a, DB, X, Y>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    panel: &Panel<String>,
    corner: SeriesLabelPosition,
) -> Result<(), Failure>
where
    DB: DrawingBackend + 'a,
    DB::ErrorType: 'static,
    X: plotters::coord::ranged1d::Ranged<ValueType = f64>,
    Y: plotters::coord::ranged1d::Ranged<ValueType = f64>,
{
    if panel.series.len() < 2 {
        return Ok(());
    }
    chart
        .configure_series_labels()
        .position(corner)
        .label_font((FONT, 12))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .draw()?;
    Ok(())
}
