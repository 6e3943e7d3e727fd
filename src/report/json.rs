//! JSON output. One engine: a flat object of the facts and that engine's
//! fields and tables, plus `"method"`. `--method all`: the facts, then one
//! object per engine under `exact`, `monte_carlo` and `dice`. Exact values are
//! numbers; Monte Carlo values are `{ "estimate", "ci95": [lo, hi], "trials" }`.

use super::{clean, Export, Field, Outcome, Report, Table, Value};
use serde_json::{json, Map, Value as Json};

/// JSON: the whole report.
pub struct JsonExport;

impl Export for JsonExport {
    fn render(&self, report: &Report) -> String {
        let mut root = Map::new();
        root.insert("query".into(), json!(report.query));
        insert_fields(&mut root, &report.facts);
        match report.outcomes.as_slice() {
            [one] => {
                root.insert("method".into(), json!(one.engine.label()));
                insert_outcome(&mut root, one);
            }
            many => {
                root.insert("method".into(), json!("all"));
                for o in many {
                    let mut obj = Map::new();
                    insert_outcome(&mut obj, o);
                    root.insert(o.engine.key().into(), Json::Object(obj));
                }
            }
        }
        let mut s =
            serde_json::to_string_pretty(&Json::Object(root)).expect("JSON of plain values");
        s.push('\n');
        s
    }
}

fn insert_outcome(obj: &mut Map<String, Json>, outcome: &Outcome) {
    insert_fields(obj, &outcome.fields);
    for t in &outcome.tables {
        obj.insert(t.key.to_string(), table(t));
    }
}

fn insert_fields(obj: &mut Map<String, Json>, fields: &[Field]) {
    for f in fields {
        obj.insert(f.key.to_string(), value(&f.value));
    }
}

fn table(t: &Table) -> Json {
    Json::Array(
        t.rows
            .iter()
            .map(|(index, cells)| {
                let mut row = Map::new();
                row.insert(t.index.key.to_string(), value(index));
                for (c, v) in t.columns.iter().zip(cells) {
                    row.insert(c.key.to_string(), value(v));
                }
                Json::Object(row)
            })
            .collect(),
    )
}

/// A value as JSON: numbers stay numbers (integers print without a decimal
/// point), Monte Carlo values become objects.
pub fn value(v: &Value) -> Json {
    match v {
        Value::Prob(p) | Value::Num(p, _) => number(*p),
        Value::ProbEst(e) | Value::NumEst(e, _) => json!({
            "estimate": clean(e.estimate),
            "ci95": [clean(e.ci95[0]), clean(e.ci95[1])],
            "trials": e.trials,
        }),
        Value::Int(n) => json!(n),
        Value::Text(s) => json!(s.to_string()),
        Value::Absent => Json::Null,
    }
}

fn number(x: f64) -> Json {
    let x = clean(x);
    if x.fract() == 0.0 && x.abs() < 9.0e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}
