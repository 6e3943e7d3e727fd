//! `--html`: the report as a fragment of HTML for a page, the answer first.
//! The headline figures (the query's own for its answer, [`Question::lead`])
//! in large type, whole or to one decimal, then the facts, the figures as a table with one column per engine
//! (rows that are zero in every engine folded under "all figures"), then
//! each table, a distribution's P(= k) drawn as a bar, a matrix of
//! probabilities (a matchup's) as a heat map. Every word is in the
//! language asked for; every text is escaped, names from files included.
//!
//! [`Question::lead`]: crate::query::Question::lead
//!
//! # Example
//!
//! ```
//! use mathhammer::report::{html::HtmlExport, Export, Field, Headline, Outcome, Report, Engine, Value};
//! use mathhammer::{text, Lang};
//! let report = Report {
//!     query: "charge",
//!     summary: text!("Combat: {}", "<Boyz>"),
//!     facts: vec![],
//!     outcomes: vec![Outcome {
//!         engine: Engine::Exact,
//!         fields: vec![
//!             Field::new("p_contact", text!("P(contact)"), Value::Prob(0.4)),
//!             Field::new("p_fail", text!("P(charge fails)"), Value::Prob(0.0)),
//!         ],
//!         tables: vec![],
//!         note: None,
//!     }],
//! };
//! let headline = Headline { keys: vec!["p_contact".into()], names: vec![] };
//! let html = HtmlExport { lang: Lang::En, headline }.render(&report);
//! assert!(html.contains("Combat: &lt;Boyz&gt;"));
//! assert!(html.contains(r#"<div data-key="p_contact"><dt>P(contact)</dt><dd>40%</dd></div>"#));
//! // The table keeps four decimals.
//! assert!(html.contains("<th>P(contact)</th><td>40.0000%</td>"));
//! // The zero row is folded away from the main table.
//! assert!(html.contains("<details><summary>All figures (1 more, zero)</summary>"));
//! ```

use super::lang::Lang;
use super::table::{
    field_keys, fields_grid, p_column, short_cell, table_grid, table_keys, text_cell,
};
use super::{Export, Field, Headline, Report, Table, TableKind, Value};
use crate::text;

/// A fragment of HTML, its words in `lang`, led by the `headline` figures.
pub struct HtmlExport {
    /// Language of the words.
    pub lang: Lang,
    /// The figures shown first, and the units' names in their labels.
    pub headline: Headline,
}

impl Export for HtmlExport {
    fn render(&self, report: &Report) -> String {
        let lang = self.lang;
        let report = &*self.headline.naming(report);
        let mut out = format!(
            "<section class=\"answer\">\n<h2>{}</h2>\n",
            escape(&report.summary.render(lang))
        );
        out += &self.headline(report);
        let (run, facts): (Vec<&Field>, Vec<&Field>) = report
            .facts
            .iter()
            .partition(|f| RUN_DETAILS.iter().any(|k| f.key == *k));
        out += &facts_table(&facts, lang);
        out += &figures(report, lang);
        for key in table_keys(report) {
            out += &table(report, key, lang);
        }
        out += &facts_table(&run, lang);
        out + "</section>\n"
    }
}

/// The facts of how the answer was run (a matchup's fights, by which
/// method, the seed): after the answer, which a reader wants first.
const RUN_DETAILS: [&str; 4] = ["fights", "fights_monte_carlo", "trials", "seed"];

/// Facts as a table of label and value; nothing for none.
fn facts_table(facts: &[&Field], lang: Lang) -> String {
    if facts.is_empty() {
        return String::new();
    }
    let rows: String = facts
        .iter()
        .map(|f| row("td", &[f.label.render(lang), f.value.show(lang)]))
        .collect();
    format!("<table class=\"facts\">\n{rows}</table>\n")
}

impl HtmlExport {
    /// The headline figures as a list of label (in the units' names) and
    /// value, short ([`Value::headline`]), each from the first engine that
    /// has it (exact, when it ran).
    fn headline(&self, report: &Report) -> String {
        let shown: Vec<String> = (self.headline.figures(report))
            .map(|(key, label, value)| {
                format!(
                    "<div data-key=\"{}\"><dt>{}</dt><dd>{}</dd></div>\n",
                    escape(key),
                    escape(&label.render(self.lang)),
                    escape(&value.headline(self.lang))
                )
            })
            .collect();
        match shown.is_empty() {
            true => String::new(),
            false => format!("<dl class=\"headline\">\n{}</dl>\n", shown.concat()),
        }
    }
}

/// The figures, one column per engine; the rows zero in every engine after
/// the others, folded.
fn figures(report: &Report, lang: Lang) -> String {
    let keys = field_keys(report);
    if keys.is_empty() {
        return String::new();
    }
    let grid = fields_grid(report, text_cell, false, lang);
    let (mut shown, mut zero) = (String::new(), String::new());
    for (key, cells) in keys.iter().zip(&grid[1..]) {
        let line = row("td", cells);
        match report
            .outcomes
            .iter()
            .filter_map(|o| o.field(key))
            .all(is_zero)
        {
            true => zero += &line,
            false => shown += &line,
        }
    }
    let head = format!("<thead>{}</thead>\n", row("th", &grid[0]).trim_end());
    let mut out = format!("<table class=\"figures\">\n{head}<tbody>\n{shown}</tbody>\n</table>\n");
    let folded = zero.matches("<tr>").count();
    if folded > 0 {
        out += &format!(
            "<details><summary>{}</summary>\n<table class=\"figures\">\n{head}<tbody>\n{zero}</tbody>\n</table>\n</details>\n",
            escape(
                &match folded {
                    1 => text!("All figures (1 more, zero)"),
                    _ => text!("All figures ({} more, each zero)", folded),
                }
                .render(lang)
            )
        );
    }
    out
}

/// Whether a figure is zero: an exact zero, or an estimate of zero.
fn is_zero(v: &Value) -> bool {
    v.central() == Some(0.0)
}

/// The table `key` of every engine side by side, under its title; a
/// distribution's P(= k) drawn as a bar.
fn table(report: &Report, key: &str, lang: Lang) -> String {
    let Some((_, first)) = report
        .outcomes
        .iter()
        .find_map(|o| o.table(key).map(|t| (o.engine, t)))
    else {
        return String::new();
    };
    // A detail table is JSON's alone; an empty one has nothing to show.
    if first.detail || first.rows.is_empty() {
        return String::new();
    }
    if matches!(first.kind, TableKind::Matrix { .. }) {
        return heat_map(first, &column_names(report, first, lang), lang);
    }
    if first.kind == TableKind::Answers {
        return lines(report, key, first, lang);
    }
    let grid = table_grid(report, key, text_cell, lang);
    let bars: Vec<f64> = match first.is_distribution() {
        true => p_column(first).map(|(_, v)| v).unwrap_or_default(),
        false => Vec::new(),
    };
    let max = bars.iter().copied().fold(0.0, f64::max);
    let mut out = format!(
        "<h3>{}</h3>\n<table class=\"table\">\n",
        escape(&first.title.render(lang))
    );
    for (r, cells) in grid.iter().enumerate() {
        let kind = if r == 0 { "th" } else { "td" };
        let mut line = row(kind, cells);
        if let Some(v) = r
            .checked_sub(1)
            .and_then(|i| bars.get(i))
            .filter(|_| max > 0.0)
        {
            let width = (v / max * 100.0).round();
            line = line.replace(
                "</tr>",
                &format!("<td class=\"bar\"><span style=\"width:{width}%\"></span></td></tr>"),
            );
        }
        out += &line;
    }
    out + "</table>\n"
}

/// Answers read at a glance (a matchup's) as a line each, which a phone
/// shows whole: `5. Big 'Uns → 5. Flagellants: 84.7%, 57.8`, under a line
/// that says what each place holds (`charger → charges: P(win), points
/// won`); the figures as the readable table prints them (`86.1%`).
fn lines(report: &Report, key: &str, t: &Table, lang: Lang) -> String {
    let grid = table_grid(report, key, short_cell, lang);
    // A cell with nothing in it (`-`: holding back has no P(win)) unsaid.
    let line = |cells: &[String]| {
        let said: Vec<&str> = cells
            .iter()
            .map(String::as_str)
            .filter(|c| *c != "-")
            .collect();
        let [who, rest @ ..] = said.as_slice() else {
            return String::new();
        };
        let mut out = format!("<b>{}</b>", escape(who));
        if cells.get(1).is_some_and(|whom| whom != "-") {
            out += &format!(" → {}", escape(rest[0]));
        }
        let figures = &rest[usize::from(cells.get(1).is_some_and(|w| w != "-"))..];
        if !figures.is_empty() {
            out += &format!(": {}", escape(&figures.join(", ")));
        }
        out
    };
    let mut out = format!(
        "<h3>{}</h3>\n<p class=\"key\">{}</p>\n<ul class=\"lines\" data-table=\"{}\">\n",
        escape(&t.title.render(lang)),
        line(&grid[0]),
        escape(key)
    );
    for cells in &grid[1..] {
        out += &format!("<li>{}</li>\n", line(cells));
    }
    out + "</ul>\n"
}

/// A matrix of probabilities as a heat map: each cell coloured by its value
/// (orange for 0, white for one half, purple for 1: a scale colour-blind
/// readers tell apart) under a legend of that scale, its value written on
/// it in whole percent (the figure to four places in its `title`), and its
/// place (`data-row`, the row's position; `data-column`, the column's key)
/// for the page to open the cell's fight. The table sits in a box of its
/// own (`heat-scroll`), so a phone scrolls the cells under its headers.
fn heat_map(t: &Table, names: &[String], lang: Lang) -> String {
    let mut out = format!(
        "<h3>{}</h3>\n{}<div class=\"heat-scroll\">\n<table class=\"table heat\" data-table=\"{}\">\n",
        escape(&t.title.render(lang)),
        heat_legend(),
        escape(&t.key)
    );
    let header: String = names
        .iter()
        .map(|name| format!("<th>{}</th>", escape(name)))
        .collect();
    out += &format!(
        "<thead><tr><th>{}</th>{header}</tr></thead>\n<tbody>\n",
        escape(&t.index.label.render(lang))
    );
    for (r, (index, values)) in t.rows.iter().enumerate() {
        out += &format!("<tr><th>{}</th>", escape(&index.show(lang)));
        for (column, v) in t.columns.iter().zip(values) {
            let style = v.central().map_or_else(String::new, heat);
            out += &format!(
                "<td{style} title=\"{}\" data-row=\"{r}\" data-column=\"{}\">{}</td>",
                escape(&v.show(lang)),
                escape(&column.key),
                escape(&whole_percent(v))
            );
        }
        out += "</tr>\n";
    }
    out + "</tbody>\n</table>\n</div>\n"
}

/// A matchup's matrix's columns by the charged units' names, which its
/// units table (`units`: a row per group of either list, `A`, `3, 4.
/// Clanrats`) gives for the numbers in a column's key (`unit_3_4`): a
/// phone reads a name where a number needs the key; a column not found
/// keeps its label.
fn column_names(report: &Report, t: &Table, lang: Lang) -> Vec<String> {
    let list = match &*t.key {
        "b_charges_a" => "A",
        _ => "B",
    };
    let units = report.outcomes.iter().find_map(|o| o.table("units"));
    t.columns
        .iter()
        .map(|c| {
            let numbers = c.key.trim_start_matches("unit_").replace('_', ", ");
            let named = units.and_then(|u| {
                u.rows.iter().find_map(|(index, cells)| {
                    let name = cells.first()?.show(lang);
                    let own = index.show(lang) == list && name.starts_with(&format!("{numbers}. "));
                    own.then_some(name)
                })
            });
            named.unwrap_or_else(|| c.label.render(lang))
        })
        .collect()
}

/// A probability in whole percent, for a cell a thumb taps: `62%`; a
/// chance that is not nothing, or not certain, never reads as if it were
/// (`<1%`, `>99%`).
fn whole_percent(v: &Value) -> String {
    let Some(p) = v.central() else {
        return String::new();
    };
    let whole = (p * 100.0).round();
    if whole == 0.0 && p > 0.0 {
        "<1%".into()
    } else if whole == 100.0 && p < 1.0 {
        ">99%".into()
    } else {
        format!("{whole}%")
    }
}

/// The heat map's scale: its colours from 0% through 50% to 100%.
fn heat_legend() -> String {
    let [low, middle, high] = [0.0, 0.5, 1.0].map(|p| colour(p).0);
    format!(
        "<p class=\"heat-legend\"><span>0%</span><span class=\"scale\" style=\"background:linear-gradient(to right,{low},{middle},{high})\"></span><span>100%</span></p>\n"
    )
}

/// The colour of probability `p` on the heat map, and ink to read on it.
fn heat(p: f64) -> String {
    let (background, ink) = colour(p);
    format!(" style=\"background:{background};color:{ink}\"")
}

/// The heat map's colour of `p` (`rgb(..)`), and its ink.
fn colour(p: f64) -> (String, &'static str) {
    const ORANGE: [f64; 3] = [230.0, 97.0, 1.0];
    const PURPLE: [f64; 3] = [94.0, 60.0, 153.0];
    let p = p.clamp(0.0, 1.0);
    let (end, depth) = match p < 0.5 {
        true => (ORANGE, (0.5 - p) * 2.0),
        false => (PURPLE, (p - 0.5) * 2.0),
    };
    let [r, g, b] = end.map(|c| (255.0 + (c - 255.0) * depth).round());
    let ink = if depth > 0.6 { "#fff" } else { "#111" };
    (format!("rgb({r},{g},{b})"), ink)
}

/// One row: the first cell a header (`th`), the others `kind`; a cell of
/// words (a unit's name, "holds back") marked so, for the page to set it
/// apart from the numbers (left, wrapping, where numbers keep to a line).
fn row(kind: &str, cells: &[String]) -> String {
    let mut out = String::from("<tr>");
    for (i, c) in cells.iter().enumerate() {
        let tag = if i == 0 { "th" } else { kind };
        let class = match i > 0 && kind == "td" && is_words(c) {
            true => " class=\"words\"",
            false => "",
        };
        out += &format!("<{tag}{class}>{}</{tag}>", escape(c));
    }
    out + "</tr>\n"
}

/// Whether a cell holds words rather than a number (`12.5%`, `+3.2 pp`,
/// `1.2 ± 0.1`, `-`).
fn is_words(cell: &str) -> bool {
    cell.trim_end_matches(" pp")
        .chars()
        .any(char::is_alphabetic)
}

/// `s` safe inside an element or a quoted attribute.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out += "&amp;",
            '<' => out += "&lt;",
            '>' => out += "&gt;",
            '"' => out += "&quot;",
            '\'' => out += "&#39;",
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heat_maps_ends_and_middle() {
        assert_eq!(heat(0.0), " style=\"background:rgb(230,97,1);color:#fff\"");
        assert_eq!(
            heat(0.5),
            " style=\"background:rgb(255,255,255);color:#111\""
        );
        assert_eq!(heat(1.0), " style=\"background:rgb(94,60,153);color:#fff\"");
    }

    #[test]
    fn a_cell_reads_in_whole_percent_and_never_rounds_to_nothing_or_certainty() {
        let shown = |p| whole_percent(&Value::Prob(p));
        assert_eq!(shown(0.708467), "71%");
        assert_eq!(shown(0.0), "0%");
        assert_eq!(shown(0.000103), "<1%");
        assert_eq!(shown(0.9999), ">99%");
        assert_eq!(shown(1.0), "100%");
        assert_eq!(shown(0.5), "50%");
    }

    #[test]
    fn a_cell_of_words_is_marked_apart_from_numbers() {
        let line = row(
            "td",
            &[
                "1. Orc Boyz",
                "3. Spearmen",
                "86.1%",
                "+3.2 pp",
                "-",
                "holds back",
            ]
            .map(String::from),
        );
        assert_eq!(
            line,
            "<tr><th>1. Orc Boyz</th><td class=\"words\">3. Spearmen</td><td>86.1%</td><td>+3.2 pp</td><td>-</td><td class=\"words\">holds back</td></tr>\n"
        );
        assert!(!row("th", &["a".into(), "b".into()]).contains("words"));
    }

    #[test]
    fn every_text_is_escaped() {
        assert_eq!(
            escape("<a href='x'>&\"</a>"),
            "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;"
        );
    }
}
