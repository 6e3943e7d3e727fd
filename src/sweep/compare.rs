//! `compare`: files of one kind, or a picked fight and its variants, run
//! side by side with the same seed, each headline figure against the
//! first run's: the difference, and whether it is beyond chance.

use super::{
    engine_of, engine_run, fit, headline, kind_label, reports, run_facts, Comparison, Query,
};
use crate::error::InputError;
use crate::query::Settings;
use crate::report::{Column, Engine, Outcome, Report, Table, TableKind, Text, Value};
use crate::text;
use std::path::{Path, PathBuf};

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
    match beyond_chance(a, b) {
        None => Value::Absent,
        Some(true) => Value::Text(crate::text!("yes")),
        Some(false) => Value::Text(crate::text!("no")),
    }
}

/// Whether `b - a` is beyond chance at 95% ([`significant`]); `None`
/// where either is no number.
pub(super) fn beyond_chance(a: &Value, b: &Value) -> Option<bool> {
    let spread = |v: &Value| match v {
        Value::ProbEst(e) | Value::NumEst(e, _) => Some((e.estimate, e.half_width() / 1.96)),
        Value::Prob(x) | Value::Num(x, _) => Some((*x, 0.0)),
        _ => None,
    };
    let ((x, sx), (y, sy)) = (spread(a)?, spread(b)?);
    let sd = (sx * sx + sy * sy).sqrt();
    Some(match sd == 0.0 {
        true => x != y,
        false => (y - x).abs() > 1.96 * sd,
    })
}

/// The difference `b - a` of two values, as a signed number: in
/// percentage points for probabilities and rates in them, else in the
/// values' own terms.
pub(super) fn difference(a: &Value, b: &Value) -> Value {
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

    /// What the runs are, in a word: files, or variants' changes.
    fn runs(&self) -> Text {
        match self {
            Compared::Files(_) => text!("file"),
            Compared::Variants(..) => text!("changes"),
        }
    }

    /// The fitted view's summary, short, and the picked fight it leaves
    /// for a line of its own ([`Comparison::fitted`]).
    fn head(&self, summary: &Text) -> fit::Head {
        match self {
            Compared::Files(_) => fit::Head {
                summary: summary.clone(),
                subject: None,
            },
            Compared::Variants(title, variants) => fit::Head {
                summary: match variants.len() {
                    1 => text!(
                        "Comparison of the fight as picked and 1 variant, the same seed for both"
                    ),
                    n => text!(
                        "Comparison of the fight as picked and {} variants, the same seed for each",
                        n
                    ),
                },
                subject: Some((text!("fight"), title.clone())),
            },
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
) -> Result<Comparison, InputError> {
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
    let values: Vec<Vec<Value>> = figures[0]
        .iter()
        .map(|(key, _, a)| {
            let others = figures[1..].iter().map(|other| {
                (other.iter().find(|f| &f.0 == key)).map_or(Value::Absent, |f| f.2.clone())
            });
            std::iter::once(a.clone()).chain(others).collect()
        })
        .collect();
    let rows = figures[0]
        .iter()
        .zip(&values)
        .map(|((key, label, _), runs)| {
            let a = &runs[0];
            let mut cells = vec![a.clone()];
            for b in &runs[1..] {
                cells.push(b.clone());
                cells.push(difference(a, b));
                cells.push(significant(a, b));
            }
            (
                Value::Text(crate::text!("{} ({})", label.clone(), key)),
                cells,
            )
        })
        .collect();
    let (summary, title) = compared.summary(queries[0].kind());
    let head = compared.head(&summary);
    let report = Report {
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
    };
    Ok(Comparison {
        report,
        head,
        runs: compared.runs(),
        names,
        labels: figures[0].iter().map(|f| f.1.clone()).collect(),
        values,
    })
}
