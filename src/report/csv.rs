//! CSV output of a query's records (a matchup's every pair of units) or
//! else its first table (the reach table, a PMF); a query without a table
//! prints its fields instead, one row per key. Monte Carlo
//! values take three columns: the estimate and its 95% interval (`_lo`,
//! `_hi`). Probabilities are plain fractions, not percent.

use super::lang::Lang;
use super::table::{fields_grid, table_grid, table_keys};
use super::{clean, Engine, Export, Report, Value};

/// CSV: one row per figure and engine, and the tables.
pub struct CsvExport;

impl Export for CsvExport {
    fn render(&self, report: &Report) -> String {
        let mut keys = table_keys(report);
        if let Some(records) = report
            .outcomes
            .iter()
            .flat_map(|o| &o.tables)
            .find(|t| t.kind == super::TableKind::Records)
        {
            keys.retain(|k| *k == records.key);
        }
        let mut grid = match keys.first() {
            // The header is replaced by `csv_header`'s keys.
            Some(key) => table_grid(report, key, cells, Lang::En),
            None => fields_grid(report, cells, true, Lang::En),
        };
        if let Some(header) = grid.first_mut() {
            *header = csv_header(report, keys.first().copied());
        }
        drop_empty_intervals(&mut grid);
        grid.iter()
            .map(|row| row.iter().map(|c| quote(c)).collect::<Vec<_>>().join(",") + "\n")
            .collect()
    }
}

/// Removes `_lo`/`_hi` columns with no value in any row: a Monte Carlo
/// table's text or count columns (a sweep's varied value) have no interval.
fn drop_empty_intervals(grid: &mut [Vec<String>]) {
    let Some(header) = grid.first() else {
        return;
    };
    let keep: Vec<bool> = header
        .iter()
        .enumerate()
        .map(|(c, key)| {
            let interval = key.ends_with("_lo") || key.ends_with("_hi");
            !interval
                || grid[1..]
                    .iter()
                    .any(|row| row.get(c).is_some_and(|v| !v.is_empty()))
        })
        .collect();
    for row in grid.iter_mut() {
        let mut c = 0;
        row.retain(|_| {
            c += 1;
            keep.get(c - 1).copied().unwrap_or(true)
        });
    }
}

/// Monte Carlo engines report an interval with every value.
fn has_interval(engine: Engine) -> bool {
    engine != Engine::Exact
}

fn cells(engine: Engine, v: Option<&Value>, _: Lang) -> Vec<String> {
    let mut out = match v {
        None | Some(Value::Absent) => vec![],
        Some(Value::Prob(x) | Value::Num(x, _)) => vec![clean(*x).to_string()],
        Some(Value::ProbEst(e) | Value::NumEst(e, _)) => vec![
            clean(e.estimate).to_string(),
            clean(e.ci95[0]).to_string(),
            clean(e.ci95[1]).to_string(),
        ],
        Some(Value::Int(n)) => vec![n.to_string()],
        Some(Value::Text(s)) => vec![s.to_string()],
    };
    // Keep every row as wide as the header.
    out.resize(if has_interval(engine) { 3 } else { 1 }, String::new());
    out
}

/// Column keys, suffixed with the engine when there are several, and
/// `_lo`/`_hi` after each Monte Carlo column.
fn csv_header(report: &Report, table: Option<&str>) -> Vec<String> {
    let several = report.outcomes.len() > 1;
    let mut header = Vec::new();
    let mut push = |key: &str, engine: Engine| {
        let base = if several {
            format!("{key}_{}", engine.key())
        } else {
            key.to_string()
        };
        if has_interval(engine) {
            header.push(format!("{base}_lo"));
            header.push(format!("{base}_hi"));
            header.insert(header.len() - 2, base);
        } else {
            header.push(base);
        }
    };
    let mut first = "key";
    for o in &report.outcomes {
        match table.and_then(|key| o.tables.iter().find(|t| t.key == key)) {
            Some(t) => {
                first = &t.index.key;
                for c in &t.columns {
                    push(&c.key, o.engine);
                }
            }
            None => push("value", o.engine),
        }
    }
    header.insert(0, first.to_string());
    header
}

fn quote(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
