//! The `charge` query's chart: P(contact) against distance, exact for
//! each reaction, with the Monte Carlo reach tables of its report.

use super::{Charge, Reaction, P_CONTACT};
use crate::plot::{self, Axis, Figure, Mark, Panel, Point, Series};
use crate::report::{trim_number, Report, Text};
use crate::rules::Edition;

impl Charge {
    /// P(contact) against distance, one curve per reaction: holding, and
    /// fleeing with the target's dice (or, if it holds, with either flee
    /// dice), all exact; Monte Carlo reach tables in the report as points
    /// with intervals; a marker at the declared distance.
    pub fn figure(&self, report: &Report) -> Figure {
        let unit = self.edition.unit();
        let range = self.charge_range();
        // Fine steps: P(contact) jumps where a flee roll stops reaching.
        let step = if self.edition == Edition::Imperial {
            0.05
        } else {
            0.1
        };
        let last = ((range.max(self.distance) / step).ceil() + 30.0) as i64;
        let distances: Vec<f64> = (0..=last).map(|k| k as f64 * step).collect();
        let flees = |target_flies: bool| Reaction::Flee {
            target_move: 0.0,
            target_flies,
        };
        let reactions = match self.reaction {
            Reaction::Flee { .. } => vec![Reaction::Hold, self.reaction],
            // Unknown M: both flee dice (a fast or flying target flees farther).
            Reaction::Hold => vec![Reaction::Hold, flees(false), flees(true)],
        };
        let mut series: Vec<Series> = reactions
            .into_iter()
            .enumerate()
            .map(|(colour, reaction)| {
                let charge = Charge { reaction, ..*self };
                let name = charge.reaction_name();
                let points = distances
                    .iter()
                    .map(|&d| Point {
                        x: d,
                        y: charge.exact_contact(d),
                        interval: None,
                    })
                    .collect();
                Series {
                    colour,
                    name: crate::text!("{}, exact", name),
                    mark: Mark::Line,
                    points,
                }
            })
            .collect();
        let declared = self.reaction_name();
        for mut s in plot::table_series(report, "reach_table", P_CONTACT, Mark::Line) {
            if s.points.iter().any(|p| p.interval.is_some()) {
                s.name = crate::text!("{}, {}", declared.clone(), s.name);
                s.colour += 3;
                series.push(s);
            }
        }
        series.push(Series {
            colour: 7,
            name: crate::text!(
                "declared distance ({} {})",
                trim_number(self.distance, 2),
                unit
            ),
            mark: Mark::Line,
            points: vec![
                Point {
                    x: self.distance,
                    y: 0.0,
                    interval: None,
                },
                Point {
                    x: self.distance,
                    y: 1.0,
                    interval: None,
                },
            ],
        });
        Figure {
            title: self.summary(),
            panels: vec![Panel {
                title: match self.charger_dice {
                    Some(d) => crate::text!(
                        "P(contact) against distance (charge range {})",
                        self.rolled(d, |r| self.range_at(r))
                    ),
                    None => crate::text!(
                        "P(contact) against distance (charge range {} {})",
                        trim_number(range, 2),
                        unit
                    ),
                },
                x_label: crate::text!("distance to the target ({})", unit),
                y_label: crate::text!("P(contact)"),
                axis: Axis::Numbers,
                probability: true,
                wide: true,
                series,
            }],
        }
    }

    /// "holds", or "flees (5D6 cm)": the reaction as a chart names it.
    fn reaction_name(&self) -> Text {
        match self.flee_roll() {
            Some(roll) => crate::text!("flees ({} {})", roll.to_string(), self.edition.unit()),
            None => crate::text!("holds"),
        }
    }
}
