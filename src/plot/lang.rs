//! `--lang` for charts: a figure's words rendered in a language, by key
//! ([`Text::render`]), just before it is drawn.

use super::{Axis, Figure, Panel, Series, Shape};
use crate::report::lang::Lang;
use crate::report::Text;

impl Figure {
    /// The figure with its titles, axis labels and series names in `lang`.
    pub fn render(&self, lang: Lang) -> Figure<String> {
        let r = |t: &Text| t.render(lang);
        Figure {
            title: r(&self.title),
            panels: self
                .panels
                .iter()
                .map(|p| Panel {
                    title: r(&p.title),
                    x_label: r(&p.x_label),
                    y_label: r(&p.y_label),
                    axis: match &p.axis {
                        Axis::Numbers => Axis::Numbers,
                        Axis::Categories(c) => Axis::Categories(c.iter().map(r).collect()),
                        Axis::Map(shapes) => Axis::Map(
                            shapes
                                .iter()
                                .map(|s| Shape {
                                    name: r(&s.name),
                                    corners: s.corners,
                                })
                                .collect(),
                        ),
                        Axis::Grid { rows, columns } => Axis::Grid {
                            rows: rows.iter().map(r).collect(),
                            columns: columns.iter().map(r).collect(),
                        },
                    },
                    probability: p.probability,
                    wide: p.wide,
                    series: p
                        .series
                        .iter()
                        .map(|s| Series {
                            name: r(&s.name),
                            mark: s.mark,
                            colour: s.colour,
                            points: s.points.clone(),
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}
