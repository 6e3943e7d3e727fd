//! The battle line's report: each stage's table of what every unit did,
//! the number of units fleeing at the end, and each unit's P(flees), read
//! through a [`Measure`] from either engine's tally.

use super::engines::{exact_cells, Did, Layout, LineKernel, EXACT_BUDGET};
use super::{BattleLine, Event, LineUnit};
use crate::plot::{table_series, Axis, Figure, Mark, Panel, Shape};
use crate::query::measure::{CountMeasure, ExactMeasure, Measure};
use crate::query::{run_fields, simulate, widest, Settings};
use crate::report::{
    trim_number, Column, Engine, Field, Key, Outcome, Report, Table, TableKind, Text, Value,
};

/// Key of the mean number of units fleeing at the end.
pub const MEAN_FLEEING: &str = "mean_fleeing";

/// Key of P(unit `u` has fled by the end).
pub fn p_flees(u: usize) -> Key {
    format!("p_{}_flees", BattleLine::unit_key(u)).into()
}

/// Every engine of `settings`, as a report.
pub(super) fn report(line: &BattleLine, settings: &Settings) -> Report {
    let layout = Layout::new(line);
    let outcomes = settings.outcomes(
        || match exact_cells(line, EXACT_BUDGET) {
            Some(p) => outcome(line, Engine::Exact, &ExactMeasure(&p), &layout),
            None => Outcome::refused(
                Engine::Exact,
                crate::text!("too many outcomes to enumerate within its budget of about a second (accepted: --method monte-carlo or dice)"),
            ),
        },
        |engine| {
            let kernel = LineKernel::new(line);
            let run = simulate(engine, &kernel, &settings.sampling, |t, n| {
                let o = outcome(line, engine, &CountMeasure { counts: t, trials: n }, &layout);
                let cells = o.tables.iter().flat_map(|t| t.rows.iter()).flat_map(|r| &r.1);
                let estimates: Vec<_> = cells.filter_map(Value::estimate).collect();
                widest(&estimates)
            });
            let m = CountMeasure {
                counts: &run.tally,
                trials: run.trials,
            };
            let mut o = outcome(line, engine, &m, &layout);
            o.fields.extend(run_fields(run.trials, settings.sampling.seed));
            o
        },
    );
    Report {
        query: "panic",
        summary: line.summary(),
        facts: facts(line),
        outcomes,
    }
}

/// What every engine shares: the units and the event.
fn facts(line: &BattleLine) -> Vec<Field> {
    let unit = line.edition.unit();
    let mut facts: Vec<Field> = line
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let mut text = crate::text!(
                "US {}, Ld {}, flees {}, at ({}, {}) {}",
                u.unit_strength,
                u.ld,
                u.flee.to_string(),
                trim_number(u.at.x, 2),
                trim_number(u.at.y, 2),
                unit
            );
            if u.fleeing {
                text = text.then(crate::text!(", fleeing"));
            }
            if !u.tests {
                text = text.then(crate::text!(", takes no panic test"));
            }
            Field::new(BattleLine::unit_key(i), u.name.clone(), Value::Text(text))
        })
        .collect();
    facts.push(Field::new(
        "event",
        crate::text!("event"),
        Value::Text(event_text(line)),
    ));
    facts.push(Field::new(
        "turns",
        crate::text!("later starts of turn"),
        Value::Int(u64::from(line.turns)),
    ));
    facts
}

fn event_text(line: &BattleLine) -> Text {
    let name = |u: usize| line.units[u].name.clone();
    match &line.event {
        Event::Broken { unit, pursuit, .. } => match pursuit {
            Some(p) => crate::text!(
                "{} breaks in close combat, pursued {}",
                name(*unit),
                p.to_string()
            ),
            None => crate::text!("{} breaks in close combat", name(*unit)),
        },
        Event::Destroyed { unit } => crate::text!("{} is destroyed in close combat", name(*unit)),
        Event::Caught { unit } => crate::text!("{} is caught fleeing a charge", name(*unit)),
        Event::Shot {
            unit, casualties, ..
        } => crate::text!(
            "{} loses {} of {} models to shooting",
            name(*unit),
            *casualties,
            line.units[*unit].standing
        ),
        Event::Fleeing => crate::text!("units are fleeing at the start of the turn"),
    }
}

/// The title and key of stage `s`.
fn stage_name(line: &BattleLine, s: usize) -> (String, Text) {
    let turn = s + usize::from(line.event.is_fleeing());
    match turn {
        0 => (
            "phase".into(),
            crate::text!("By the end of the event's phase"),
        ),
        t => (
            format!("turn_{t}"),
            crate::text!("After start of turn {} (tests, rallies, flee moves)", t),
        ),
    }
}

/// A unit's P(has fled by the end), agreeing with its name: "P(Spearmen
/// have fled by the end)", a unit of many models whose name reads as many.
fn has_fled(unit: &LineUnit) -> Text {
    let name = unit.name.render(crate::Lang::En);
    match unit.models > 1 && crate::query::plural_name(&name) {
        true => crate::text!("P({} have fled by the end)", unit.name.clone()),
        false => crate::text!("P({} has fled by the end)", unit.name.clone()),
    }
}

/// One engine's figures.
fn outcome(line: &BattleLine, engine: Engine, m: &dyn Measure, layout: &Layout) -> Outcome {
    let last = line.stages() - 1;
    let mut fields: Vec<Field> = line
        .units
        .iter()
        .enumerate()
        .map(|(u, unit)| {
            Field::new(
                p_flees(u),
                has_fled(unit),
                m.prob(&[layout.cell(last, u, Did::Fled)]),
            )
        })
        .collect();
    let n = line.units.len();
    let (mean, sd) = m.moments(layout.fleeing_count(0)..layout.fleeing_count(n + 1));
    fields.push(Field::new(
        MEAN_FLEEING,
        crate::text!("mean units fleeing at the end"),
        mean,
    ));
    fields.push(Field::new(
        "sd_fleeing",
        crate::text!("sd of units fleeing at the end"),
        sd,
    ));
    let mut tables: Vec<Table> = (0..line.stages())
        .map(|s| stage_table(line, s, m, layout))
        .collect();
    tables.push(fleeing_pmf(n, m, layout));
    Outcome {
        engine,
        fields,
        note: None,
        tables,
    }
}

fn stage_table(line: &BattleLine, s: usize, m: &dyn Measure, layout: &Layout) -> Table {
    let (key, title) = stage_name(line, s);
    let rows = line
        .units
        .iter()
        .enumerate()
        .map(|(u, unit)| {
            let cells = Did::ALL
                .iter()
                .map(|&did| m.prob(&[layout.cell(s, u, did)]))
                .collect();
            (Value::Text(unit.name.clone()), cells)
        })
        .collect();
    Table {
        detail: false,
        kind: TableKind::Plain,
        key: key.into(),
        title,
        index: Column::new("name", crate::text!("unit")),
        columns: vec![
            Column::new("p_tests", crate::text!("P(has tested for panic)")),
            Column::new("p_flees", crate::text!("P(has fled)")),
            Column::new("p_fleeing", crate::text!("P(fleeing)")),
            Column::new("p_rallied", crate::text!("P(has rallied)")),
        ],
        rows,
    }
}

fn fleeing_pmf(n: usize, m: &dyn Measure, layout: &Layout) -> Table {
    let rows = (0..=n)
        .map(|k| {
            let at_least: Vec<usize> = (k..=n).map(|j| layout.fleeing_count(j)).collect();
            (
                Value::Int(k as u64),
                [m.prob(&[layout.fleeing_count(k)]), m.prob(&at_least)],
            )
        })
        .collect();
    Table::distribution(
        "fleeing_pmf",
        crate::text!("Units fleeing at the end"),
        Column::new("units", crate::text!("units fleeing")),
        [crate::text!("P(= k)"), crate::text!("P(>= k)")],
        rows,
    )
}

/// The line drawn with each unit's P(has fled by the end), and the bars
/// of it.
pub(super) fn figure(line: &BattleLine, report: &Report) -> Figure {
    let last = stage_name(line, line.stages() - 1).0;
    let title = crate::text!("P(has fled by the end)");
    let shapes = line
        .units
        .iter()
        .map(|u| Shape {
            name: u.name.clone(),
            corners: u.at.corners(),
        })
        .collect();
    let map = Panel {
        title: crate::text!("The line: P(has fled by the end)"),
        x_label: Text::kept(line.edition.unit()),
        y_label: Text::kept(line.edition.unit()),
        axis: Axis::Map(shapes),
        probability: true,
        wide: true,
        series: table_series(report, &last, "p_flees", Mark::Bars),
    };
    let mut figure = Figure {
        title: report.summary.clone(),
        panels: vec![map],
    };
    figure
        .panels
        .extend(crate::plot::table_bars(report, &last, "p_flees", title));
    figure
}
