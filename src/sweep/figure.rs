//! `--plot` for sweeps and comparisons. A sweep draws each headline figure
//! against the first varied value, one line (with its interval band) per
//! combination of the other varied values; text values (weapons), and two
//! or three numbers, become categories with bars. A comparison draws each headline figure as bars,
//! one per file.

use super::Vary;
use crate::plot::{Axis, Figure, Mark, Panel, Point, Series};
use crate::report::{Report, Text, Value};

/// The figure of a sweep report built by [`super::sweep_report`].
pub fn sweep_figure(varies: &[Vary], report: &Report) -> Figure {
    let mut figure = Figure {
        title: report.summary.clone(),
        panels: Vec::new(),
    };
    let Some(table) = report.outcomes.first().and_then(|o| o.table("sweep")) else {
        return figure;
    };
    let text = |v: &Value| v.to_string();
    let nv = varies.len();
    let mut firsts: Vec<String> = Vec::new();
    // Rows grouped by the values of the other varied fields.
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for (r, (_, cells)) in table.rows.iter().enumerate() {
        let first = text(&cells[0]);
        if !firsts.contains(&first) {
            firsts.push(first);
        }
        let name = (1..nv)
            .map(|k| format!("{}={}", varies[k].key, text(&cells[k])))
            .collect::<Vec<_>>()
            .join(", ");
        match groups.iter_mut().find(|(n, _)| *n == name) {
            Some((_, rows)) => rows.push(r),
            None => groups.push((name, vec![r])),
        }
    }
    let numbers = firsts.iter().all(|v| v.parse::<f64>().is_ok());
    // Two or three values are bars: a line would suggest values between.
    let numeric = numbers && firsts.len() > 3;
    let x_of = |cell: &Value| {
        let v = text(cell);
        if numeric {
            v.parse::<f64>().unwrap_or(0.0)
        } else {
            firsts.iter().position(|f| *f == v).unwrap_or(0) as f64
        }
    };
    let engine = report.outcomes[0].engine.title();
    for (c, column) in table.columns.iter().enumerate().skip(nv) {
        let series = groups
            .iter()
            .enumerate()
            .map(|(colour, (name, rows))| Series {
                colour,
                name: if name.is_empty() {
                    engine.clone()
                } else {
                    Text::kept(name)
                },
                mark: if numeric { Mark::Line } else { Mark::Bars },
                points: rows
                    .iter()
                    .filter_map(|&r| {
                        let cells = &table.rows[r].1;
                        Point::of(x_of(&cells[0]), cells.get(c)?)
                    })
                    .collect(),
            })
            .collect();
        figure.panels.push(Panel {
            title: column.label.clone(),
            x_label: Text::kept(&varies[0].key),
            y_label: column.label.clone(),
            axis: if numeric {
                Axis::Numbers
            } else {
                Axis::Categories(
                    firsts
                        .iter()
                        .map(|v| {
                            if numbers {
                                Text::kept(v)
                            } else {
                                Text::term(v)
                            }
                        })
                        .collect(),
                )
            },
            probability: is_probability(table.rows.iter().filter_map(|(_, v)| v.get(c))),
            wide: false,
            series,
        });
    }
    figure
}

/// The figure of a comparison report built by [`super::compare_report`]:
/// probabilities in one panel, other figures (means) in another.
pub fn compare_figure(report: &Report) -> Figure {
    let mut figure = Figure {
        title: report.summary.clone(),
        panels: Vec::new(),
    };
    let Some(table) = report.outcomes.first().and_then(|o| o.table("compare")) else {
        return figure;
    };
    // One column per file: `a`, `b`, ... (the others are differences).
    let files: Vec<usize> = (0..table.columns.len())
        .filter(|&c| table.columns[c].key.len() == 1)
        .collect();
    let titles = [
        (true, crate::text!("Probabilities")),
        (false, crate::text!("Other figures")),
    ];
    for (probability, title) in titles {
        let rows: Vec<usize> = (0..table.rows.len())
            .filter(|&r| is_probability(table.rows[r].1.first().into_iter()) == probability)
            .collect();
        if rows.is_empty() {
            continue;
        }
        let categories = rows
            .iter()
            .map(|&r| match &table.rows[r].0 {
                // "P(attacker wins) (p_attacker_wins)": the label alone.
                Value::Text(t) => t.argument(0).unwrap_or_else(|| t.clone()),
                other => Text::kept(other.to_string()),
            })
            .collect();
        let series = files
            .iter()
            .enumerate()
            .map(|(colour, &c)| Series {
                colour,
                name: table.columns[c].label.clone(),
                mark: Mark::Bars,
                points: rows
                    .iter()
                    .enumerate()
                    .filter_map(|(i, &r)| Point::of(i as f64, table.rows[r].1.get(c)?))
                    .collect(),
            })
            .collect();
        figure
            .panels
            .push(Panel::bars(title, categories, probability, series));
    }
    figure
}

/// Whether the values are probabilities (exact or estimated).
fn is_probability<'a>(mut values: impl Iterator<Item = &'a Value>) -> bool {
    values.any(|v| matches!(v, Value::Prob(_) | Value::ProbEst(_)))
}

/// The figure of a matchup report built by [`super::matchup::matchup_report`]:
/// a heat map of P(charger wins) for each direction, its rows and columns
/// the units' whole labels (the drawing keys those too long for a column).
pub fn matchup_figure(report: &Report) -> Figure {
    // The lists by name: the picture wraps a long title.
    let title = match (report.fact("a"), report.fact("b")) {
        (Some(Value::Text(a)), Some(Value::Text(b))) => {
            crate::text!("Matchup: {} against {}", a.clone(), b.clone())
        }
        _ => report.summary.clone(),
    };
    let mut figure = Figure {
        title,
        panels: Vec::new(),
    };
    let Some(outcome) = report.outcomes.first() else {
        return figure;
    };
    for (list, key) in ["a_charges_b", "b_charges_a"].into_iter().enumerate() {
        let Some(table) = outcome.table(key) else {
            continue;
        };
        // The charged list's units by their whole labels, in the
        // columns' order (the table's columns may be their numbers).
        let enemy = ["B", "A"][list];
        let named: Vec<Text> = outcome
            .table("units")
            .into_iter()
            .flat_map(|t| &t.rows)
            .filter(|(l, _)| l.to_string() == enemy)
            .filter_map(|(_, cells)| match cells.first() {
                Some(Value::Text(t)) => Some(t.clone()),
                _ => None,
            })
            .collect();
        let columns = match named.len() == table.columns.len() {
            true => named,
            false => table.columns.iter().map(|c| c.label.clone()).collect(),
        };
        let width = table.columns.len();
        let points = table
            .rows
            .iter()
            .enumerate()
            .flat_map(|(r, (_, cells))| {
                cells
                    .iter()
                    .enumerate()
                    .filter_map(move |(c, v)| Point::of((r * width + c) as f64, v))
            })
            .collect();
        figure.panels.push(Panel {
            title: table.title.clone(),
            x_label: crate::text!("charged"),
            y_label: crate::text!("charger"),
            axis: Axis::Grid {
                rows: table
                    .rows
                    .iter()
                    .map(|(i, _)| Text::kept(i.to_string()))
                    .collect(),
                columns,
            },
            probability: true,
            wide: true,
            series: vec![Series {
                // The panel's title says what the cells hold.
                name: Text::kept(""),
                mark: Mark::Bars,
                colour: 0,
                points,
            }],
        });
    }
    figure
}
