//! `--lang` for charts: a figure's texts in the report's language, by the
//! same translator as the report's ([`Lang::translator`]).

use super::{Axis, Figure};
use crate::report::lang::Lang;

impl Lang {
    /// The figure with its titles, axis labels and series names in this
    /// language.
    pub fn figure(self, mut figure: Figure) -> Figure {
        if self == Lang::En {
            return figure;
        }
        let tr = self.translator(&figure.names);
        figure.title = tr(&figure.title);
        for p in &mut figure.panels {
            p.title = tr(&p.title);
            p.x_label = tr(&p.x_label);
            p.y_label = tr(&p.y_label);
            if let Axis::Categories(categories) = &mut p.axis {
                for c in categories {
                    *c = tr(c);
                }
            }
            for s in &mut p.series {
                s.name = tr(&s.name);
            }
        }
        figure
    }
}
