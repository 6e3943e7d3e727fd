//! `sweep` and `compare`: the "what if" of list building. A sweep runs one
//! query file or combat scenario over a grid of values (`--vary`); a
//! comparison runs several files side by side. Every run uses the same seed
//! and stream layout (common random numbers), so a difference between two
//! rows is the loadouts', not the dice's.

use crate::text;
mod compare;
pub(crate) mod figure;
mod fit;
pub mod matchup;
pub mod query;
pub(crate) mod vary;

pub use compare::{compare_queries, compare_report, Compared};
pub use fit::{Comparison, Swept};
pub use query::Query;
pub use vary::{grid, Vary};

use crate::error::{InputError, Origin};
use crate::query::{Method, Settings};
use crate::report::{Column, Engine, Field, Outcome, Report, Table, TableKind, Text, Value};
use std::path::Path;

/// One grid point of a sweep: the varied values and the query they give.
pub struct Point {
    /// The varied values, in `--vary` order.
    pub values: Vec<String>,
    /// The query they give.
    pub query: Query,
}

/// Builds every point of a sweep of `file` (each before any runs, so bad
/// input stops at once). `sets` apply to every point. An error is the
/// file's own (or a `--set`'s) if the file without the varied values fails
/// the same way, else the `--vary` values' at that point.
pub fn sweep_points(
    load_query: impl Fn(&Path, &[String]) -> Result<Query, InputError>,
    file: &Path,
    sets: &[String],
    varies: &[Vary],
) -> Result<Vec<Point>, InputError> {
    let points = grid(varies)?;
    let mut built = Vec::with_capacity(points.len());
    for point in points {
        let assigned: Vec<String> = point
            .iter()
            .map(|&(k, i)| varies[k].set(&varies[k].values[i]))
            .collect();
        let mut all = sets.to_vec();
        all.extend(assigned.iter().cloned());
        let query = load_query(file, &all).map_err(|e| match load_query(file, sets) {
            Err(own) if own == e => own,
            _ => blame_vary(e, &assigned),
        })?;
        let values = point
            .iter()
            .map(|&(k, i)| varies[k].values[i].clone())
            .collect();
        built.push(Point { values, query });
    }
    Ok(built)
}

/// An error the values `assigned` by `--vary` caused, named as theirs.
fn blame_vary(e: InputError, assigned: &[String]) -> InputError {
    // An override the file refused already shows the overrides.
    if e.origin == Origin::Override {
        InputError::new("--vary", e.message)
    } else {
        InputError::new("--vary", text!("{} (at {})", e.text(), assigned.join(", ")))
    }
}

/// The one engine a sweep or comparison runs.
fn engine_of(settings: &Settings) -> Result<Engine, InputError> {
    match settings.method.engines()[..] {
        [engine] => Ok(engine),
        _ => Err(InputError::new(
            "--method",
            text!("a sweep or comparison runs one engine (accepted: exact, monte-carlo, dice)"),
        )),
    }
}

/// Each query's report with `settings`, all by one engine, and the note
/// of `--method auto`'s choice: exact if every query fits the exact
/// engine, else fast Monte Carlo for every one (with the same seed).
fn reports<'q>(
    queries: impl Iterator<Item = &'q Query> + Clone,
    settings: &Settings,
) -> (Vec<Report>, Option<Text>) {
    let mut reports: Vec<Report> = queries.clone().map(|q| q.report(settings)).collect();
    if settings.method != Method::Auto {
        return (reports, None);
    }
    let declined = reports.iter().enumerate().find_map(|(i, r)| {
        let o = r.outcome(Engine::MonteCarlo)?;
        Some((i, o.note.clone()?))
    });
    let Some((i, why)) = declined else {
        let note = crate::text!("worked out exactly: every way each run can go");
        return (reports, Some(note));
    };
    let monte_carlo = Settings {
        method: Method::MonteCarlo,
        ..*settings
    };
    for (report, q) in reports.iter_mut().zip(queries) {
        if report.outcome(Engine::Exact).is_some() {
            *report = q.report(&monte_carlo);
        }
    }
    let note = crate::text!("{} (at run {})", why, i as u64 + 1);
    (reports, Some(note))
}

/// The one engine that ran `reports`: the one `asked` for, or the one
/// `--method auto` chose.
fn engine_run(asked: Engine, reports: &[Report]) -> Engine {
    let ran = reports.first().and_then(|r| r.outcomes.first());
    ran.map_or(asked, |o| o.engine)
}

/// The headline fields of `report` for `query`: (key, label, value); a
/// field the engine does not report is absent.
fn headline(query: &Query, report: &Report, engine: Engine) -> Vec<(String, Text, Value)> {
    let outcome = report.outcome(engine);
    query
        .headline()
        .iter()
        .filter_map(|key| {
            let field = outcome?.fields.iter().find(|f| f.key == *key)?;
            Some((key.to_string(), field.label.clone(), field.value.clone()))
        })
        .collect()
}

/// Runs every point with `settings` and tabulates the headline figures, one
/// row per point.
pub fn sweep_report(
    swept: &Text,
    varies: &[Vary],
    points: &[Point],
    settings: &Settings,
) -> Result<Swept, InputError> {
    let asked = engine_of(settings)?;
    let (reports, note) = reports(points.iter().map(|p| &p.query), settings);
    let engine = engine_run(asked, &reports);
    let mut columns: Vec<Column> = varies
        .iter()
        .map(|v| Column::new(v.key.clone(), Text::kept(&v.key)))
        .collect();
    let mut rows = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    for (i, (point, report)) in points.iter().zip(&reports).enumerate() {
        let figures = headline(&point.query, report, engine);
        if i == 0 {
            for (key, label, _) in &figures {
                keys.push(key.clone());
                columns.push(Column::new(key.clone(), label.clone()));
            }
        }
        let mut cells: Vec<Value> = point
            .values
            .iter()
            .map(|v| Value::Text(Text::term(v)))
            .collect();
        cells.extend(keys.iter().map(|k| {
            figures
                .iter()
                .find(|f| &f.0 == k)
                .map_or(Value::Absent, |f| f.2.clone())
        }));
        rows.push((Value::Int(i as u64 + 1), cells));
    }
    let kind = points.first().map_or("", |p| p.query.kind());
    let head = fit::Head {
        summary: match points.len() {
            1 => crate::text!("Sweep ({}): 1 point", kind_label(kind)),
            n => crate::text!(
                "Sweep ({}): {} points, the same seed for each",
                kind_label(kind),
                n
            ),
        },
        subject: Some((crate::text!("swept"), swept.clone())),
    };
    let report = Report {
        query: "sweep",
        summary: match points.len() {
            1 => crate::text!("Sweep of {} ({}): 1 point", swept.clone(), kind_label(kind)),
            n => crate::text!(
                "Sweep of {} ({}): {} points, the same seed for each",
                swept.clone(),
                kind_label(kind),
                n
            ),
        },
        facts: run_facts(settings, engine, &reports),
        outcomes: vec![Outcome {
            engine,
            fields: Vec::new(),
            note,
            tables: vec![Table {
                detail: false,
                kind: TableKind::Plain,
                key: "sweep".into(),
                title: crate::text!("Headline figures at each point"),
                index: Column::new("point", crate::text!("point")),
                columns,
                rows,
            }],
        }],
    };
    Ok(Swept {
        report,
        head,
        varied: varies.len(),
    })
}

/// A query kind in words.
fn kind_label(kind: &str) -> Text {
    match kind {
        "combat" => crate::text!("combat"),
        "charge" => crate::text!("charge"),
        "flee" => crate::text!("flee"),
        "leadership" => crate::text!("leadership"),
        "attacks" => crate::text!("attacks"),
        other => Text::kept(other),
    }
}

/// The facts every sweep and comparison prints: engine, the trials that
/// ran (with `--precision`, the fewest and the most a point took), seed.
fn run_facts(settings: &Settings, engine: Engine, reports: &[Report]) -> Vec<Field> {
    let mut facts = vec![Field::new(
        "engine",
        crate::text!("engine"),
        Value::Text(engine.title()),
    )];
    if engine != Engine::Exact {
        match (settings.sampling.precision, trials_run(reports)) {
            (Some(precision), Some((fewest, most))) => {
                facts.push(Field::new(
                    "precision",
                    crate::text!("precision asked (95% half-width)"),
                    Value::Num(precision, ""),
                ));
                facts.push(Field::new(
                    "trials_fewest",
                    crate::text!("trials, fewest at a point"),
                    Value::Int(fewest),
                ));
                facts.push(Field::new(
                    "trials_most",
                    crate::text!("trials, most at a point"),
                    Value::Int(most),
                ));
            }
            _ => facts.push(Field::new(
                "trials",
                crate::text!("trials per point"),
                Value::Int(settings.sampling.trials),
            )),
        }
        facts.push(Field::new(
            "seed",
            crate::text!("seed (every point)"),
            Value::Int(settings.sampling.seed),
        ));
    }
    facts
}

/// The fewest and the most trials any estimate of `reports` ran.
fn trials_run(reports: &[Report]) -> Option<(u64, u64)> {
    let trials = reports
        .iter()
        .flat_map(|r| &r.outcomes)
        .flat_map(|o| &o.fields)
        .filter_map(|f| match &f.value {
            Value::ProbEst(e) | Value::NumEst(e, _) => Some(e.trials),
            _ => None,
        });
    trials.fold(None, |range, t| match range {
        None => Some((t, t)),
        Some((fewest, most)) => Some((fewest.min(t), most.max(t))),
    })
}
