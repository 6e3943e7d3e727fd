//! A map panel ([`Axis::Map`](crate::plot::Axis::Map)): units drawn from above
//! where they stand, at the same scale on both axes, each shaded by its
//! value (darker is likelier) and labelled below with its name and that
//! value.

use super::{caption, colour, Area, Failure, FONT};
use crate::plot::{Panel, Shape};
use crate::report::trim_number;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Draws `shapes` on `area`, shaded by the first series of `panel`.
pub(super) fn draw_map(
    area: &Area,
    panel: &Panel<String>,
    shapes: &[Shape<String>],
) -> Result<(), Failure> {
    let (x, y) = extent(shapes, area.dim_in_pixel());
    let mut chart = ChartBuilder::on(area)
        .caption(caption(panel), (FONT, 15))
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(40)
        .build_cartesian_2d(x.0..x.1, y.0..y.1)?;
    chart
        .configure_mesh()
        .light_line_style(WHITE.mix(0.0))
        .x_desc(panel.x_label.as_str())
        .label_style((FONT, 11))
        .axis_desc_style((FONT, 12))
        .draw()?;
    let value = |i: usize, s: usize| {
        let series = panel.series.get(s)?;
        series
            .points
            .iter()
            .find(|p| p.x as usize == i)
            .map(|p| p.y)
    };
    let shade = colour(panel.series.first().map_or(0, |s| s.colour));
    for (i, shape) in shapes.iter().enumerate() {
        let p = value(i, 0).unwrap_or(0.0).clamp(0.0, 1.0);
        let outline: Vec<(f64, f64)> = shape.corners.to_vec();
        chart.draw_series(std::iter::once(Polygon::new(
            outline.clone(),
            shade.mix(0.1 + 0.8 * p).filled(),
        )))?;
        let mut closed = outline;
        closed.push(shape.corners[0]);
        chart.draw_series(std::iter::once(PathElement::new(
            closed,
            BLACK.stroke_width(1),
        )))?;
        // Below the unit, centred: the name and the first series' value.
        let label = match value(i, 0) {
            Some(v) => format!("{}: {}%", shape.name, trim_number(v * 100.0, 1)),
            None => shape.name.clone(),
        };
        let (cx, _) = centre(shape);
        let below = shape
            .corners
            .iter()
            .map(|c| c.1)
            .fold(f64::INFINITY, f64::min);
        let style = (FONT, 12)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(HPos::Center, VPos::Top));
        chart.draw_series(std::iter::once(Text::new(label, (cx, below - 0.5), style)))?;
    }
    Ok(())
}

fn centre(shape: &Shape<String>) -> (f64, f64) {
    let n = shape.corners.len() as f64;
    let (x, y) = shape
        .corners
        .iter()
        .fold((0.0, 0.0), |(x, y), c| (x + c.0, y + c.1));
    (x / n, y / n)
}

/// The x and y ranges that hold every shape with a margin, widened so one
/// cm is as long across as up on a panel of `pixels`.
fn extent(shapes: &[Shape<String>], pixels: (u32, u32)) -> ((f64, f64), (f64, f64)) {
    let corners = shapes.iter().flat_map(|s| s.corners.iter());
    let (mut x0, mut x1, mut y0, mut y1) = corners.fold(
        (
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ),
        |(a, b, c, d), p| (a.min(p.0), b.max(p.0), c.min(p.1), d.max(p.1)),
    );
    if !x0.is_finite() {
        (x0, x1, y0, y1) = (0.0, 1.0, 0.0, 1.0);
    }
    let margin = 5.0;
    let (mut w, mut h) = (x1 - x0 + 2.0 * margin, y1 - y0 + 2.0 * margin);
    let aspect = f64::from(pixels.0.max(1)) / f64::from(pixels.1.max(1));
    if w / h < aspect {
        w = h * aspect;
    } else {
        h = w / aspect;
    }
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    ((cx - w / 2.0, cx + w / 2.0), (cy - h / 2.0, cy + h / 2.0))
}
