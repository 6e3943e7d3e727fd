//! The readable table printed by default: the summary, the shared facts,
//! the headline (the figures the answer leads with, short), the fields with
//! one column per engine, then each table with the engines' columns side by
//! side; every label in the units' names where the headline gives them.

use super::lang::Lang;
use super::{trim_number, Engine, Export, Headline, Report, TableKind, Value, PER_100_POINTS};
use crate::words::escape::{escaped, escaped_lines};

/// Readable tables, their words in `lang`, led by the `headline` figures.
pub struct TableExport {
    /// Language of the words.
    pub lang: Lang,
    /// The figures shown first, and the units' names in the labels.
    pub headline: Headline,
}

impl Export for TableExport {
    fn render(&self, report: &Report) -> String {
        let lang = self.lang;
        let report = &*self.headline.naming(report);
        let mut out = format!("{}\n\n", escaped(&report.summary.render(lang)));
        let facts: Vec<Vec<String>> = report
            .facts
            .iter()
            .map(|f| vec![f.label.render(lang), f.value.show(lang)])
            .collect();
        out += &layout(&facts, false, false, 0);
        if !facts.is_empty() {
            out.push('\n');
        }
        let lead: Vec<Vec<String>> = (self.headline.figures(report))
            .map(|(_, label, value)| vec![label.render(lang), value.headline(lang)])
            .collect();
        if !lead.is_empty() {
            out += &layout(&lead, false, true, 0);
            out.push('\n');
        }
        if report.outcomes.iter().any(|o| !o.fields.is_empty()) {
            let grid = fields_grid(report, text_cell, false, self.lang);
            out += &layout(&grid, true, true, 0);
        }
        for key in table_keys(report) {
            let Some(table) = report
                .outcomes
                .iter()
                .flat_map(|o| &o.tables)
                .find(|t| t.key == key)
            else {
                continue;
            };
            // A detail table is JSON's alone: too long to read as a table.
            if table.detail {
                continue;
            }
            // An answer with nothing to say (no unit's charge in doubt)
            // is left out of the text; JSON keeps it empty.
            if table.kind == TableKind::Answers && table.rows.is_empty() {
                continue;
            }
            if table.kind == (TableKind::Matrix { fit: true }) {
                let grid = table_grid(report, key, short_cell, self.lang);
                out += &format!("\n{}\n", escaped_lines(&table.title.render(lang)));
                let blocks: Vec<String> = column_blocks(&grid, LINE)
                    .iter()
                    .map(|block| layout(block, true, true, 0))
                    .collect();
                out += &blocks.join("\n");
                continue;
            }
            let cell = match table.kind {
                TableKind::Answers => short_cell,
                _ => text_cell,
            };
            let mut grid = table_grid(report, key, cell, self.lang);
            if table.kind == TableKind::Answers {
                out += &format!("\n{}\n", escaped_lines(&table.title.render(lang)));
                out += &layout_names_left(&grid, &text_columns(table));
                continue;
            }
            let bars = table.is_distribution() && add_histogram(report, key, &mut grid, self.lang);
            out += &format!("\n{}\n", escaped_lines(&table.title.render(lang)));
            out += &layout(&grid, true, true, usize::from(bars));
        }
        out
    }
}

/// Header row plus rows of cells.
pub type Grid = Vec<Vec<String>>;

/// The cells of one value of `engine` (`None`: the engine has no such value).
/// Tables keep a value in one cell; CSV splits estimates into three.
pub type CellFn = fn(Engine, Option<&Value>, Lang) -> Vec<String>;

/// A value as one cell of text (`-` where the engine has none).
pub fn text_cell(_: Engine, v: Option<&Value>, lang: Lang) -> Vec<String> {
    vec![v.map_or_else(|| "-".to_string(), |v| v.show(lang))]
}

/// The characters a fitted matrix's line keeps to.
const LINE: usize = 80;

/// A matrix's or an answer's cell to fit 80 columns: a probability (or
/// one per 100 points, the column says so) to one decimal, another number
/// to one, an estimate's centre marked `~` (JSON, CSV and `--wide` give
/// intervals).
pub(crate) fn short_cell(_: Engine, v: Option<&Value>, lang: Lang) -> Vec<String> {
    let pct = |p: f64| format!("{:.1}%", p * 100.0 + 0.0);
    vec![match v {
        Some(Value::Prob(p) | Value::Num(p, PER_100_POINTS)) => pct(*p),
        Some(Value::ProbEst(e) | Value::NumEst(e, PER_100_POINTS)) => {
            format!("~{}", pct(e.estimate))
        }
        Some(Value::Num(x, "")) => trim_number(*x, 1),
        Some(v) => v.show(lang),
        None => "-".to_string(),
    }]
}

/// The grid split into blocks of its columns, each with the first
/// column and as many of the next as fit `line` characters (one at
/// least).
fn column_blocks(grid: &Grid, line: usize) -> Vec<Grid> {
    let cols = grid.iter().map(Vec::len).max().unwrap_or(0);
    let width = |c: usize| {
        grid.iter()
            .filter_map(|r| r.get(c))
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0)
    };
    in_lines(1..cols, width(0), |&c| 2 + width(c), line)
        .iter()
        .map(|block| {
            grid.iter()
                .map(|row| {
                    std::iter::once(0)
                        .chain(block.iter().copied())
                        .filter_map(|c| row.get(c).cloned())
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// `items` in blocks of a line of `line` characters each: a block starts
/// with `first` characters (the labels every block repeats), then as many
/// items (`width` each) as fit beside them, one at least.
pub(crate) fn in_lines<T>(
    items: impl IntoIterator<Item = T>,
    first: usize,
    width: impl Fn(&T) -> usize,
    line: usize,
) -> Vec<Vec<T>> {
    let mut blocks: Vec<Vec<T>> = Vec::new();
    let mut used = line;
    for item in items {
        let w = width(&item);
        if used + w > line {
            blocks.push(Vec::new());
            used = first;
        }
        used += w;
        if let Some(block) = blocks.last_mut() {
            block.push(item);
        }
    }
    blocks
}

/// Fields of every outcome: one row per field (first seen order, named by
/// label, or by key with `by_key`), one column per engine (named in `lang`).
pub fn fields_grid(report: &Report, cell: CellFn, by_key: bool, lang: Lang) -> Grid {
    let mut header = vec![String::new()];
    for o in &report.outcomes {
        header.push(o.engine.title().render(lang));
    }
    let mut grid = vec![header];
    for key in field_keys(report) {
        let name = match by_key {
            true => key.to_string(),
            false => (report.outcomes.iter().flat_map(|o| &o.fields))
                .find(|f| f.key == key)
                .map_or_else(String::new, |f| f.label.render(lang)),
        };
        let mut row = vec![name];
        for o in &report.outcomes {
            let value = o.fields.iter().find(|f| f.key == key).map(|f| &f.value);
            row.extend(cell(o.engine, value, lang));
        }
        grid.push(row);
    }
    grid
}

/// Field keys in first-seen order: the rows of [`fields_grid`].
pub fn field_keys(report: &Report) -> Vec<&str> {
    first_seen(
        report
            .outcomes
            .iter()
            .flat_map(|o| &o.fields)
            .map(|f| &*f.key),
    )
}

/// Table keys in first-seen order.
pub fn table_keys(report: &Report) -> Vec<&str> {
    first_seen(
        report
            .outcomes
            .iter()
            .flat_map(|o| &o.tables)
            .map(|t| &*t.key),
    )
}

/// `keys` in the order first seen, each once (the engines of a report
/// share most keys).
pub(crate) fn first_seen<'a>(keys: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut seen: Vec<&str> = Vec::new();
    for key in keys {
        if !seen.contains(&key) {
            seen.push(key);
        }
    }
    seen
}

/// The table `key` of every outcome, side by side: the index column, then
/// each outcome's columns (labelled with the engine, named in `lang`, when
/// there are several).
pub fn table_grid(report: &Report, key: &str, cell: CellFn, lang: Lang) -> Grid {
    let tables: Vec<_> = report
        .outcomes
        .iter()
        .filter_map(|o| {
            o.tables
                .iter()
                .find(|t| t.key == key)
                .map(|t| (o.engine, t))
        })
        .collect();
    let Some((_, first)) = tables.first() else {
        return Grid::new();
    };
    let several = tables.len() > 1;
    let mut header = vec![first.index.label.render(lang)];
    for (engine, t) in &tables {
        for c in &t.columns {
            let label = c.label.render(lang);
            header.push(if several {
                format!("{label} ({})", engine.title().render(lang))
            } else {
                label
            });
        }
    }
    let mut grid = vec![header];
    for (r, (index, _)) in first.rows.iter().enumerate() {
        let mut row = cell(Engine::Exact, Some(index), lang);
        for (engine, t) in &tables {
            match t.rows.get(r) {
                Some((_, values)) => {
                    for v in values {
                        row.extend(cell(*engine, Some(v), lang));
                    }
                }
                // A shorter table: keep the columns, leave the cells empty.
                None => {
                    for _ in &t.columns {
                        row.extend(cell(*engine, None, lang));
                    }
                }
            }
        }
        grid.push(row);
    }
    grid
}

/// Characters of the longest histogram bar.
const BAR_WIDTH: usize = 24;

/// Appends a bar of P(= k) to each row of a distribution table's grid, from
/// the first engine that has the table (exact, when it ran). Whether it did.
fn add_histogram(report: &Report, key: &str, grid: &mut Grid, lang: Lang) -> bool {
    let Some((engine, table)) = report
        .outcomes
        .iter()
        .find_map(|o| o.table(key).map(|t| (o.engine, t)))
    else {
        return false;
    };
    let Some((c, values)) = p_column(table) else {
        return false;
    };
    let max = values.iter().copied().fold(0.0, f64::max);
    let several = report.outcomes.len() > 1;
    let mut header = crate::text!("{} bar", table.columns[c].label.clone()).render(lang);
    if several {
        header += &format!(" ({})", engine.title().render(lang));
    }
    for (r, row) in grid.iter_mut().enumerate() {
        row.push(match r {
            0 => header.clone(),
            r => values
                .get(r - 1)
                .map_or_else(String::new, |v| super::bars::bar(*v, max, BAR_WIDTH)),
        });
    }
    true
}

/// A distribution table's P(= k) column: its index, and its value in each
/// row (0 where a row has none), which the histograms' bars draw.
pub(super) fn p_column(table: &super::Table) -> Option<(usize, Vec<f64>)> {
    let c = table.columns.iter().position(|c| c.key == "p")?;
    let values = table
        .rows
        .iter()
        .map(|(_, cells)| cells.get(c).and_then(Value::central).unwrap_or(0.0))
        .collect();
    Some((c, values))
}

/// Which of a table's columns, the index first, hold only texts (names,
/// read from the left).
fn text_columns(table: &super::Table) -> Vec<bool> {
    let index = table.rows.iter().all(|(i, _)| matches!(i, Value::Text(_)));
    let columns = (0..table.columns.len()).map(|c| {
        table
            .rows
            .iter()
            .all(|(_, cells)| matches!(cells.get(c), Some(Value::Text(_) | Value::Absent) | None))
    });
    std::iter::once(index).chain(columns).collect()
}

/// An answers table's grid with its header underlined: the columns in
/// `names` left-aligned (the first always), the others right-aligned.
fn layout_names_left(grid: &Grid, names: &[bool]) -> String {
    aligned(grid, true, |c| {
        c == 0 || names.get(c).copied().unwrap_or(false)
    })
}

/// Pads a grid into aligned columns (the first left-aligned, the others
/// right-aligned with `numeric`, but for the last `left_tail`: bars grow
/// from the left); with `header`, the first row is underlined.
fn layout(grid: &Grid, header: bool, numeric: bool, left_tail: usize) -> String {
    let cols = grid.iter().map(Vec::len).max().unwrap_or(0);
    aligned(grid, header, |c| {
        c == 0 || !numeric || c >= cols - left_tail
    })
}

/// Pads a grid into aligned columns, those `left` says left-aligned and
/// the others right-aligned; with `header`, the first row is underlined.
fn aligned(grid: &Grid, header: bool, left: impl Fn(usize) -> bool) -> String {
    // Names as read, shown escaped: each cell one line, in its order.
    let grid: Grid = (grid.iter())
        .map(|row| row.iter().map(|cell| escaped(cell)).collect())
        .collect();
    let grid = &grid;
    let cols = grid.iter().map(Vec::len).max().unwrap_or(0);
    let width: Vec<usize> = (0..cols)
        .map(|c| {
            grid.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for (i, row) in grid.iter().enumerate() {
        let line: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, s)| {
                let pad = " ".repeat(width[c] - s.chars().count());
                match left(c) {
                    true => format!("{s}{pad}"),
                    false => format!("{pad}{s}"),
                }
            })
            .collect();
        out += line.join("  ").trim_end();
        out.push('\n');
        if header && i == 0 {
            let total = width.iter().sum::<usize>() + 2 * cols.saturating_sub(1);
            out += &"-".repeat(total);
            out.push('\n');
        }
    }
    out
}
