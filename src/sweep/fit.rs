//! A sweep or comparison set out to fit 80 columns, the table output's
//! default: a row per headline figure, named by its label alone, and a
//! column per point or run (numbered; a comparison's key names its runs),
//! printed in blocks of columns that fit a line, each block repeating the
//! labels. Each cell is short, as the matchup's: a probability to one
//! decimal, a mean to two, an estimate's centre marked `~`. `--wide`
//! prints the table of JSON and CSV, every figure's key and interval.

use super::compare::{beyond_chance, difference};
use crate::report::lang::Lang;
use crate::report::table::in_lines;
use crate::report::{Column, Engine, Field, Report, Table, TableKind, Text, Value};
use crate::report::{DIFFERENCE, DIFFERENCE_OF_PERCENT, PER_100_POINTS};
use crate::words::escape::escaped;

/// Most characters of a line.
const LINE: usize = 80;

/// The fewest characters a label keeps on a line when it must wrap.
const LABEL_MIN: usize = 20;

/// A column of the fitted table: its header and its cell in each row.
struct Col {
    header: Text,
    cells: Vec<Value>,
}

/// Columns printed side by side, never split between blocks (a variant's
/// value and its difference).
type Group = Vec<Col>;

/// The fitted table's words: its title and its index column's name.
struct Words {
    title: Text,
    index: Text,
}

/// What a fitted view says first: a summary short enough for a line,
/// and what was swept or compared, a fact of its own (label and value),
/// where the summary leaves it out.
pub(super) struct Head {
    pub(super) summary: Text,
    pub(super) subject: Option<(Text, Text)>,
}

/// A sweep's report and what its fitted view needs.
pub struct Swept {
    /// The report: a row per point, its varied values, then a column per
    /// headline figure with its key. JSON's, CSV's, and the table's with
    /// `--wide`.
    pub report: Report,
    pub(super) head: Head,
    /// How many of the report's first columns are varied values.
    pub(super) varied: usize,
}

impl Swept {
    /// Fitted to 80 columns: the varied values, then each figure, a row
    /// each; a column per point.
    pub fn fitted(&self, lang: Lang) -> Report {
        let report = &self.report;
        let Some(table) = report.outcomes.first().and_then(|o| o.table("sweep")) else {
            return report.clone();
        };
        let varied = self.varied;
        let labels = table.columns.iter().map(|c| c.label.clone()).collect();
        let groups = table
            .rows
            .iter()
            .map(|(point, cells)| {
                let cells = (cells.iter().enumerate())
                    .map(|(c, v)| match c < varied {
                        true => v.clone(),
                        false => short(v),
                    })
                    .collect();
                vec![Col {
                    header: Text::kept(point.to_string()),
                    cells,
                }]
            })
            .collect();
        let words = Words {
            title: table.title.clone(),
            index: table.index.label.clone(),
        };
        fitted(report, &self.head, &words, labels, groups, Vec::new(), lang)
    }
}

/// A comparison's report and what its other views need.
pub struct Comparison {
    /// The report: a row per figure with its key; each run's value, and
    /// each against the first its difference and whether it is
    /// significant (or different). JSON's, and the table's with `--wide`.
    pub report: Report,
    pub(super) head: Head,
    /// What the runs are (files, variants), the key's header.
    pub(super) runs: Text,
    /// Each run's name, the baseline's first.
    pub(super) names: Vec<Text>,
    /// Each figure's label, the report's rows'.
    pub(super) labels: Vec<Text>,
    /// Each figure's value in each run, the baseline's first.
    pub(super) values: Vec<Vec<Value>>,
}

impl Comparison {
    /// Fitted to 80 columns: the key of the runs' numbers, then a row per
    /// figure; a column per run, each other than the first with its
    /// difference to the first beside it, marked `* ` where Monte Carlo's
    /// is beyond chance at 95%.
    pub fn fitted(&self, lang: Lang) -> Report {
        let engine = self.report.outcomes.first().map(|o| o.engine);
        let monte_carlo = engine.is_some_and(|e| e != Engine::Exact);
        let number = |i: usize| Text::kept((i + 1).to_string());
        let column = |i: usize| self.values.iter().map(move |v| v[i].clone());
        let mut groups = vec![vec![Col {
            header: number(0),
            cells: column(0).map(|v| short(&v)).collect(),
        }]];
        for i in 1..self.names.len() {
            let differences = self.values.iter().map(|v| {
                let mark = monte_carlo && beyond_chance(&v[0], &v[i]) == Some(true);
                match (short(&difference(&v[0], &v[i])), mark) {
                    (Value::Text(d), true) => Value::Text(Text::kept(format!("* {d}"))),
                    (d, _) => d,
                }
            });
            groups.push(vec![
                Col {
                    header: number(i),
                    cells: column(i).map(|v| short(&v)).collect(),
                },
                Col {
                    header: crate::text!("{} - {}", number(i), number(0)),
                    cells: differences.collect(),
                },
            ]);
        }
        let words = Words {
            title: match monte_carlo {
                true => crate::text!("Headline figures against run 1 (*: beyond chance at 95%)"),
                false => crate::text!("Headline figures against run 1"),
            },
            index: crate::text!("figure"),
        };
        let key = self.key();
        fitted(
            &self.report,
            &self.head,
            &words,
            self.labels.clone(),
            groups,
            vec![key],
            lang,
        )
    }

    /// The runs by number: each file's name or each variant's changes.
    fn key(&self) -> Table {
        Table {
            detail: false,
            // Its names read from the left.
            kind: TableKind::Answers,
            key: "runs".into(),
            title: crate::text!("Runs (the columns' numbers)"),
            index: Column::new("run", crate::text!("run")),
            columns: vec![Column::new("name", self.runs.clone())],
            rows: (self.names.iter().enumerate())
                .map(|(i, name)| (Value::Int(i as u64 + 1), vec![Value::Text(name.clone())]))
                .collect(),
        }
    }

    /// The report for CSV: its columns named by the runs (`spearmen`,
    /// `spearmen_minus_halberdiers`, `spearmen_different`), not by
    /// letters as JSON keys them; a name two runs share is numbered.
    pub fn csv(&self) -> Report {
        let names: Vec<String> = self.names.iter().map(|n| n.render(Lang::En)).collect();
        let named: Vec<String> = (names.iter().enumerate())
            .map(|(i, n)| match names.iter().filter(|m| *m == n).count() {
                1 => n.clone(),
                _ => format!("{n} ({})", i + 1),
            })
            .collect();
        let mut report = self.report.clone();
        let tables = report.outcomes.iter_mut().flat_map(|o| &mut o.tables);
        for table in tables.filter(|t| t.key == "compare") {
            for (c, column) in table.columns.iter_mut().enumerate() {
                // `a`, then `b`, `b_minus_a`, `b_different`, ... per run.
                let (run, part) = match c {
                    0 => (0, 0),
                    c => (1 + (c - 1) / 3, (c - 1) % 3),
                };
                let Some(name) = named.get(run) else {
                    continue;
                };
                column.key = match (part, column.key.split_once('_')) {
                    (1, _) => format!("{name}_minus_{}", named[0]),
                    (2, Some((_, rest))) => format!("{name}_{rest}"),
                    _ => name.clone(),
                }
                .into();
            }
        }
        report
    }
}

/// `report` (its summary, facts and note) with `before`'s tables, then
/// the figures a row each (`labels`) and `groups`' columns, in blocks
/// that fit [`LINE`] characters in `lang`.
fn fitted(
    report: &Report,
    head: &Head,
    words: &Words,
    labels: Vec<Text>,
    groups: Vec<Group>,
    before: Vec<Table>,
    lang: Lang,
) -> Report {
    let width = |t: &Text| escaped(&t.render(lang)).chars().count();
    let col_width = |c: &Col| {
        (c.cells.iter())
            .map(|v| escaped(&v.show(lang)).chars().count())
            .chain([width(&c.header)])
            .max()
            .unwrap_or(0)
    };
    let group_width = |g: &Group| g.iter().map(|c| 2 + col_width(c)).sum::<usize>();
    let widest = groups.iter().map(group_width).max().unwrap_or(0);
    let room = LINE.saturating_sub(widest).max(LABEL_MIN);
    // Each row's label in lines that leave room for a block's columns.
    let lines: Vec<Vec<Text>> = labels
        .iter()
        .map(|l| match width(l) <= room {
            true => vec![l.clone()],
            false => wrapped(&escaped(&l.render(lang)), room),
        })
        .collect();
    let label_width = (lines.iter().flatten())
        .map(width)
        .chain([width(&words.index)])
        .max()
        .unwrap_or(0);
    let blocks = in_lines(groups, label_width, group_width, LINE);
    let count = blocks.len();
    let mut tables = before;
    for table in &mut tables {
        table.title = fit_line(&table.title, lang);
    }
    for (b, block) in blocks.into_iter().enumerate() {
        let cols: Vec<Col> = block.into_iter().flatten().collect();
        let mut rows = Vec::new();
        for (r, label) in lines.iter().enumerate() {
            for (l, line) in label.iter().enumerate() {
                // The values beside a label's first line.
                let cells = (cols.iter())
                    .map(|c| match l {
                        0 => c.cells.get(r).cloned().unwrap_or(Value::Absent),
                        _ => Value::Text(Text::kept("")),
                    })
                    .collect();
                rows.push((Value::Text(line.clone()), cells));
            }
        }
        tables.push(Table {
            detail: false,
            kind: TableKind::Plain,
            key: format!("figures_{}", b + 1).into(),
            title: fit_line(
                &match (b, count) {
                    (0, _) | (_, 1) => words.title.clone(),
                    _ => crate::text!("{} (continued)", words.title.clone()),
                },
                lang,
            ),
            index: Column::new("figure", words.index.clone()),
            columns: (cols.iter().enumerate())
                .map(|(c, col)| Column::new(format!("column_{}", c + 1), col.header.clone()))
                .collect(),
            rows,
        });
    }
    let mut fitted = report.clone();
    fitted.summary = head.summary.clone();
    if let Some((label, value)) = &head.subject {
        let facts = subject_facts(&report.facts, label, value, lang);
        fitted.facts = facts.into_iter().chain(report.facts.clone()).collect();
    }
    if let Some(outcome) = fitted.outcomes.first_mut() {
        outcome.tables = tables;
    }
    fitted
}

/// What was swept or compared as the first of `facts`, its value in
/// lines that fit beside the facts' labels (a fact without a label for
/// each line after the first).
fn subject_facts(facts: &[Field], label: &Text, value: &Text, lang: Lang) -> Vec<Field> {
    let width = (facts.iter().map(|f| &f.label))
        .chain([label])
        .map(|l| escaped(&l.render(lang)).chars().count())
        .max()
        .unwrap_or(0);
    let room = LINE.saturating_sub(width + 2).max(LABEL_MIN);
    let lines = wrapped(&escaped(&value.render(lang)), room);
    (lines.into_iter().enumerate())
        .map(|(i, line)| match i {
            0 => Field::new("subject", label.clone(), Value::Text(line)),
            i => Field::new(
                format!("subject_{}", i + 1),
                Text::kept(""),
                Value::Text(line),
            ),
        })
        .collect()
}

/// A title in `lang` in lines that fit [`LINE`] (a table's title may
/// take several).
fn fit_line(title: &Text, lang: Lang) -> Text {
    let shown = escaped(&title.render(lang));
    match shown.chars().count() <= LINE {
        true => title.clone(),
        false => {
            let lines: Vec<String> = (wrapped(&shown, LINE).iter())
                .map(|l| l.render(lang))
                .collect();
            Text::kept(lines.join("\n"))
        }
    }
}

/// `text` in lines of at most `room` characters, broken at spaces (a
/// word longer than a line is a line of its own).
fn wrapped(text: &str, room: usize) -> Vec<Text> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= room => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines.into_iter().map(Text::kept).collect()
}

/// A value as the fitted table shows it: a probability (or one per 100
/// points) in percent to one decimal, a difference of them in points, a
/// mean to two decimals, an estimate's centre marked `~`; texts and
/// counts as they are.
fn short(v: &Value) -> Value {
    let percent = |p: f64| format!("{:.1}%", p * 100.0 + 0.0);
    let number = |x: f64, unit: &str| match unit {
        "" => format!("{:.2}", x + 0.0),
        unit => format!("{:.2} {unit}", x + 0.0),
    };
    let shown = match v {
        Value::Prob(p) | Value::Num(p, PER_100_POINTS) => percent(*p),
        Value::ProbEst(e) | Value::NumEst(e, PER_100_POINTS) => format!("~{}", percent(e.estimate)),
        Value::Num(x, DIFFERENCE_OF_PERCENT) => format!("{} pp", signed(x * 100.0, 1)),
        Value::Num(x, DIFFERENCE) => signed(*x, 2),
        Value::Num(x, unit) => number(*x, unit),
        Value::NumEst(e, unit) => format!("~{}", number(e.estimate, unit)),
        other => return other.clone(),
    };
    Value::Text(Text::kept(shown))
}

/// `x` to `decimals` decimals with its sign (`+29.2`, `-1.5`), `0` for
/// a difference that rounds to none.
fn signed(x: f64, decimals: usize) -> String {
    let shown = format!("{:.decimals$}", x.abs());
    match shown.chars().all(|c| c == '0' || c == '.') {
        true => "0".to_string(),
        false if x < 0.0 => format!("-{shown}"),
        false => format!("+{shown}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_values_are_a_players_reading() {
        let shown = |v: Value| short(&v).to_string();
        assert_eq!(shown(Value::Prob(0.527383)), "52.7%");
        assert_eq!(shown(Value::Num(0.30, DIFFERENCE_OF_PERCENT)), "+30.0 pp");
        assert_eq!(shown(Value::Num(-0.00001, DIFFERENCE_OF_PERCENT)), "0 pp");
        assert_eq!(shown(Value::Num(-1.6667, DIFFERENCE)), "-1.67");
        assert_eq!(shown(Value::Num(4.3639, "")), "4.36");
        assert_eq!(shown(Value::Num(1.0, "")), "1.00");
        assert_eq!(shown(Value::Int(7)), "7");
    }

    #[test]
    fn long_labels_wrap_at_spaces() {
        let lines: Vec<String> = wrapped("P(20 Halberdiers with Captain win)", 20)
            .iter()
            .map(|t| t.render(Lang::En))
            .collect();
        assert_eq!(lines, ["P(20 Halberdiers", "with Captain win)"]);
    }
}
