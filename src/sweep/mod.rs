//! `sweep` and `compare`: the "what if" of list building. A sweep runs one
//! query file or combat scenario over a grid of values (`--vary`); a
//! comparison runs several files side by side. Every run uses the same seed
//! and stream layout (common random numbers), so a difference between two
//! rows is the loadouts', not the dice's.

use crate::text;
pub(crate) mod figure;
pub mod matchup;
pub mod query;
pub(crate) mod vary;

pub use query::Query;
pub use vary::{grid, Vary};

use crate::error::{InputError, Origin};
use crate::query::{Method, Settings};
use crate::report::{Column, Engine, Field, Outcome, Report, Table, TableKind, Text, Value};
use std::path::{Path, PathBuf};

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
) -> Result<Report, InputError> {
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
    Ok(Report {
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

/// The queries of a comparison, all of one kind.
pub fn compare_queries(
    load_query: impl Fn(&Path, &[String]) -> Result<Query, InputError>,
    files: &[PathBuf],
    sets: &[String],
) -> Result<Vec<Query>, InputError> {
    let queries = files
        .iter()
        .map(|f| load_query(f, sets))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(first) = queries.first() {
        for (q, f) in queries.iter().zip(files).skip(1) {
            if q.kind() != first.kind() {
                return Err(InputError::new(
                    f.display().to_string(),
                    text!(
                        "a {} query; a comparison needs one kind (accepted: {} files, like {})",
                        q.kind(),
                        first.kind(),
                        files[0].display()
                    ),
                ));
            }
        }
    }
    Ok(queries)
}

/// Whether `b - a` is beyond chance at 95%: Monte Carlo values as normal
/// with their intervals' spread, treated as independent. Under common random
/// numbers the two runs are positively correlated, so this overstates the
/// spread of the difference: a "yes" is safe, a "no" may be a small real
/// difference. Two exact values differ or not (the column is "different?").
fn significant(a: &Value, b: &Value) -> Value {
    let spread = |v: &Value| match v {
        Value::ProbEst(e) | Value::NumEst(e, _) => Some((e.estimate, e.half_width() / 1.96)),
        Value::Prob(x) | Value::Num(x, _) => Some((*x, 0.0)),
        _ => None,
    };
    let (Some((x, sx)), Some((y, sy))) = (spread(a), spread(b)) else {
        return Value::Absent;
    };
    let sd = (sx * sx + sy * sy).sqrt();
    let text = if sd == 0.0 {
        if x == y {
            crate::text!("no")
        } else {
            crate::text!("yes")
        }
    } else if (y - x).abs() > 1.96 * sd {
        crate::text!("yes")
    } else {
        crate::text!("no")
    };
    Value::Text(text)
}

/// The difference `b - a` of two values, as a signed number: in
/// percentage points for probabilities and rates in them, else in the
/// values' own terms.
fn difference(a: &Value, b: &Value) -> Value {
    use crate::report::{DIFFERENCE, DIFFERENCE_OF_PERCENT, PER_100_POINTS};
    let unit = match a {
        Value::Prob(_)
        | Value::ProbEst(_)
        | Value::Num(_, PER_100_POINTS)
        | Value::NumEst(_, PER_100_POINTS) => DIFFERENCE_OF_PERCENT,
        _ => DIFFERENCE,
    };
    let mid = |v: &Value| match v {
        Value::ProbEst(e) | Value::NumEst(e, _) => Some(e.estimate),
        Value::Prob(x) | Value::Num(x, _) => Some(*x),
        _ => None,
    };
    match (mid(a), mid(b)) {
        (Some(x), Some(y)) => Value::Num(y - x, unit),
        _ => Value::Absent,
    }
}

/// What a comparison compares: files, or a fight picked by flags and its
/// variants.
pub enum Compared {
    /// Files, the first the baseline.
    Files(Vec<PathBuf>),
    /// The picked fight (its title) and each variant's changes.
    Variants(Text, Vec<String>),
}

impl Compared {
    /// Each run's name, the baseline's first.
    fn names(&self) -> Vec<Text> {
        match self {
            Compared::Files(files) => files
                .iter()
                .map(|f| {
                    Text::kept(f.file_stem().map_or_else(
                        || f.display().to_string(),
                        |s| s.to_string_lossy().into_owned(),
                    ))
                })
                .collect(),
            Compared::Variants(_, variants) => std::iter::once(text!("as picked"))
                .chain(variants.iter().map(Text::kept))
                .collect(),
        }
    }

    /// The report's summary (`kind` the queries') and its table's title.
    fn summary(&self, kind: &str) -> (Text, Text) {
        match self {
            Compared::Files(files) => (
                text!(
                    "Comparison of {} {}, the same seed for each",
                    files.len(),
                    text!("{} files", kind_label(kind))
                ),
                text!("Headline figures, each against the first file"),
            ),
            Compared::Variants(title, variants) => (
                match variants.len() {
                    1 => text!(
                        "Comparison of {} and 1 variant, the same seed for both",
                        title.clone()
                    ),
                    n => text!(
                        "Comparison of {} and {} variants, the same seed for each",
                        title.clone(),
                        n
                    ),
                },
                text!("Headline figures, each variant against the fight as picked"),
            ),
        }
    }
}

/// Runs each query with the same `settings` (the same seed: common random
/// numbers) and sets their headline figures side by side, each against the
/// first (the first file, or the fight as picked): the difference, and
/// whether it is significant (Monte Carlo) or different (exact).
pub fn compare_report(
    compared: &Compared,
    queries: &[Query],
    settings: &Settings,
) -> Result<Report, InputError> {
    let asked = engine_of(settings)?;
    let (reports, note) = reports(queries.iter(), settings);
    let engine = engine_run(asked, &reports);
    let figures: Vec<Vec<(String, Text, Value)>> = queries
        .iter()
        .zip(&reports)
        .map(|(q, r)| headline(q, r, engine))
        .collect();
    let names = compared.names();
    let mut columns = vec![Column::new("a", names[0].clone())];
    for (i, name) in names.iter().enumerate().skip(1) {
        let tag = (b'a' + i as u8) as char;
        columns.push(Column::new(tag.to_string(), name.clone()));
        columns.push(Column::new(
            format!("{tag}_minus_a"),
            text!("{} - {}", name.clone(), names[0].clone()),
        ));
        // Exact differences are differences: no chance to rule out.
        columns.push(match engine {
            Engine::Exact => Column::new(format!("{tag}_different"), crate::text!("different?")),
            _ => Column::new(format!("{tag}_significant"), crate::text!("significant?")),
        });
    }
    let rows = figures[0]
        .iter()
        .map(|(key, label, a)| {
            let mut cells = vec![a.clone()];
            for other in &figures[1..] {
                let b = other
                    .iter()
                    .find(|f| &f.0 == key)
                    .map_or(Value::Absent, |f| f.2.clone());
                cells.push(b.clone());
                cells.push(difference(a, &b));
                cells.push(significant(a, &b));
            }
            (
                Value::Text(crate::text!("{} ({})", label.clone(), key)),
                cells,
            )
        })
        .collect();
    let (summary, title) = compared.summary(queries[0].kind());
    Ok(Report {
        query: "compare",
        summary,
        facts: run_facts(settings, engine, &reports),
        outcomes: vec![Outcome {
            engine,
            fields: Vec::new(),
            note,
            tables: vec![Table {
                detail: false,
                kind: TableKind::Plain,
                key: "compare".into(),
                title,
                index: Column::new("figure", crate::text!("figure")),
                columns,
                rows,
            }],
        }],
    })
}
