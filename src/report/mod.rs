//! What a query reports, independent of format: facts that hold for every
//! engine, then one [`Outcome`] per engine run (fields and tables of
//! [`Value`]s). Each output format implements [`Export`] in its own file.

pub(crate) mod bars;
pub(crate) mod csv;
pub mod html;
pub(crate) mod json;
pub use crate::words::lang;
pub(crate) mod table;
pub use crate::words::text;

pub use text::Text;

use crate::sim::Estimate;
use std::fmt;

/// The three evaluators of one rules model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Exact probabilities by enumeration and convolution.
    Exact,
    /// Fast Monte Carlo: exact table sampling of whole rolls.
    MonteCarlo,
    /// Dice-level Monte Carlo: every die rolled with `random_range(1..=6)`.
    Dice,
}

impl Engine {
    /// Name on the command line and in tables.
    pub fn label(self) -> &'static str {
        match self {
            Engine::Exact => "exact",
            Engine::MonteCarlo => "monte-carlo",
            Engine::Dice => "dice",
        }
    }

    /// Its name in the table's headers and the charts' legends: on the
    /// page (`--html`), in words (“Monte Carlo”, “dice by dice”).
    pub fn title(self) -> Text {
        let cli = match self {
            Engine::Exact => crate::text!("exact"),
            Engine::MonteCarlo => crate::text!("monte-carlo"),
            Engine::Dice => crate::text!("dice"),
        };
        Text::voiced(cli, self.words())
    }

    /// Its name in a player's words (“Monte Carlo”), the page's.
    pub fn words(self) -> Text {
        crate::words::page::method_words(self.label()).unwrap_or_default()
    }

    /// Key in JSON and CSV headers.
    pub fn key(self) -> &'static str {
        match self {
            Engine::Exact => "exact",
            Engine::MonteCarlo => "monte_carlo",
            Engine::Dice => "dice",
        }
    }
}

/// The unit of a difference of probabilities (or of rates in
/// [`PER_100_POINTS`]): kept as a fraction (JSON and CSV), shown in
/// tables with its sign in percentage points (`+51.02 pp`), as a
/// comparison's difference column prints it.
pub const DIFFERENCE_OF_PERCENT: &str = "+pp";

/// The unit of a difference of counts or means: shown with its sign
/// (`-1.25`).
pub const DIFFERENCE: &str = "+";

/// The unit of a probability per 100 points of cost: kept as a fraction
/// (JSON and CSV), shown in percent as a probability is (`106.9405%`, its
/// label saying "per 100 points": P(win) for every 100 points spent).
pub const PER_100_POINTS: &str = "% per 100 points";

/// One reported number.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// An exact probability.
    Prob(f64),
    /// A Monte Carlo probability with its interval.
    ProbEst(Estimate),
    /// An exact quantity in a unit ("cm", "in", [`PER_100_POINTS`] or
    /// "").
    Num(f64, &'static str),
    /// A Monte Carlo quantity with its interval.
    NumEst(Estimate, &'static str),
    /// A count (trials, a seed).
    Int(u64),
    /// A text (a dice expression, a name, a reaction).
    Text(Text),
    /// Not applicable (JSON `null`).
    Absent,
}

/// A stable JSON/CSV name: fixed, or built for a unit of the fight.
pub type Key = std::borrow::Cow<'static, str>;

/// A named value: `key` is its stable JSON/CSV name, `label` its table name.
#[derive(Clone, Debug)]
pub struct Field {
    /// Its stable key.
    pub key: Key,
    /// Its printed label.
    pub label: Text,
    /// Its value.
    pub value: Value,
}

impl Field {
    /// A field.
    pub fn new(key: impl Into<Key>, label: Text, value: Value) -> Self {
        Field {
            key: key.into(),
            label,
            value,
        }
    }
}

/// A column: stable key and printed label.
#[derive(Clone, Debug)]
pub struct Column {
    /// Its stable key.
    pub key: Key,
    /// Its printed label.
    pub label: Text,
}

impl Column {
    /// A column.
    pub fn new(key: impl Into<Key>, label: Text) -> Self {
        Column {
            key: key.into(),
            label,
        }
    }
}

/// What a table holds, for the views that draw kinds apart (the table's
/// bars, the charts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    /// Rows of any figures.
    Plain,
    /// A distribution: P(= k) in column `p`, P(>= k) in `p_at_least`
    /// ([`Table::distribution`]).
    Distribution,
    /// Every cell a probability of its row against its column (a matchup's
    /// P(charger wins)): the page draws it as a heat map. `fit`: the
    /// readable table prints it in blocks of columns that fit 80
    /// characters, each cell to one decimal (its columns named short).
    Matrix {
        /// Printed to fit 80 characters.
        fit: bool,
    },
    /// Answers read at a glance (a matchup's best targets and plans): the
    /// readable table shows their probabilities to one decimal.
    Answers,
    /// A row per record of the query (a matchup's every pair of units):
    /// the table CSV prints, where a report has one.
    Records,
}

/// A table of rows keyed by an index value (a distance, say). Tables with the
/// same key in different outcomes have the same index values.
#[derive(Clone, Debug)]
pub struct Table {
    /// A long table (a distribution per round, say): JSON and CSV carry it,
    /// the readable table output only names it.
    pub detail: bool,
    /// What it holds.
    pub kind: TableKind,
    /// Its stable key.
    pub key: Key,
    /// Its printed title.
    pub title: Text,
    /// The index column.
    pub index: Column,
    /// The value columns.
    pub columns: Vec<Column>,
    /// The rows: index value and cells.
    pub rows: Vec<(Value, Vec<Value>)>,
}

/// What one engine found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The engine.
    pub engine: Engine,
    /// Its figures.
    pub fields: Vec<Field>,
    /// Its tables.
    pub tables: Vec<Table>,
    /// Why this engine answered, when `--method auto` chose it: a line for
    /// stderr, in no export.
    pub note: Option<Text>,
}

/// A query's whole answer.
#[derive(Clone, Debug)]
pub struct Report {
    /// The subcommand (`charge`, `flee`, `leadership`).
    pub query: &'static str,
    /// One line saying what was asked.
    pub summary: Text,
    /// Values every engine shares (the charge range, the dice used).
    pub facts: Vec<Field>,
    /// One outcome per engine run.
    pub outcomes: Vec<Outcome>,
}

/// The figures an answer leads with (the readable table and `--html`), by
/// key, in order ([`crate::query::Question::lead`]), and the words in the
/// labels to put as the units' names (`attacker` as `Orc Boyz`), in the
/// headline and the tables alike.
#[derive(Clone, Debug, Default)]
pub struct Headline {
    /// The figures' keys.
    pub keys: Vec<Key>,
    /// Each word and the name it stands for.
    pub names: Vec<(Text, Text)>,
}

impl Headline {
    /// The headline's figures of `report`: each key's label (in the units'
    /// names) and value, from the first engine that has it (exact, when
    /// it ran).
    pub fn figures<'a>(
        &'a self,
        report: &'a Report,
    ) -> impl Iterator<Item = (&'a str, Text, &'a Value)> {
        self.keys.iter().filter_map(|key| {
            let f =
                (report.outcomes.iter()).find_map(|o| o.fields.iter().find(|f| f.key == *key))?;
            Some((&**key, f.label.clone().naming(&self.names), &f.value))
        })
    }

    /// `report` with every label, title and column in the units' names
    /// (keys unchanged): what the readable table and HTML print.
    pub fn naming<'a>(&self, report: &'a Report) -> std::borrow::Cow<'a, Report> {
        if self.names.is_empty() {
            return std::borrow::Cow::Borrowed(report);
        }
        let name = |t: &Text| t.clone().naming(&self.names);
        let fields = |fields: &[Field]| -> Vec<Field> {
            (fields.iter())
                .map(|f| Field {
                    label: name(&f.label),
                    ..f.clone()
                })
                .collect()
        };
        let column = |c: &Column| Column {
            label: name(&c.label),
            ..c.clone()
        };
        let outcomes = (report.outcomes.iter())
            .map(|o| Outcome {
                fields: fields(&o.fields),
                tables: (o.tables.iter())
                    .map(|t| Table {
                        title: name(&t.title),
                        rows: (t.rows.iter())
                            .map(|(index, cells)| match index {
                                Value::Text(words) => (Value::Text(name(words)), cells.clone()),
                                _ => (index.clone(), cells.clone()),
                            })
                            .collect(),
                        index: column(&t.index),
                        columns: t.columns.iter().map(column).collect(),
                        ..t.clone()
                    })
                    .collect(),
                ..o.clone()
            })
            .collect();
        std::borrow::Cow::Owned(Report {
            summary: name(&report.summary),
            facts: fields(&report.facts),
            outcomes,
            ..report.clone()
        })
    }
}

/// The key of field `key` per 100 points ([`Outcome::add_per_100_points`]).
pub fn per_100_points(key: &str) -> Key {
    format!("{key}_per_100_points").into()
}

impl Table {
    /// A distribution table `key`, titled `title`, indexed by `index`:
    /// each row's P(= k) and P(>= k) ("k or more"), labelled `labels`.
    pub fn distribution(
        key: impl Into<Key>,
        title: Text,
        index: Column,
        labels: [Text; 2],
        rows: Vec<(Value, [Value; 2])>,
    ) -> Table {
        Table {
            detail: false,
            kind: TableKind::Distribution,
            key: key.into(),
            title,
            index,
            columns: labels
                .into_iter()
                .zip(["p", "p_at_least"])
                .map(|(label, key)| Column::new(key, label))
                .collect(),
            rows: rows.into_iter().map(|(k, p)| (k, p.to_vec())).collect(),
        }
    }

    /// Whether it is a distribution ([`Table::distribution`]).
    pub fn is_distribution(&self) -> bool {
        self.kind == TableKind::Distribution
    }
}

impl Report {
    /// The outcome of one engine, if it ran.
    pub fn outcome(&self, engine: Engine) -> Option<&Outcome> {
        self.outcomes.iter().find(|o| o.engine == engine)
    }

    /// A shared fact by key.
    pub fn fact(&self, key: &str) -> Option<&Value> {
        self.facts.iter().find(|f| f.key == key).map(|f| &f.value)
    }

    /// Whether figure `key` is zero in every engine that reports it (or no
    /// engine does): a headline leaves it to the table.
    pub fn is_zero(&self, key: &str) -> bool {
        (self.outcomes.iter())
            .filter_map(|o| o.field(key))
            .all(|v| v.central() == Some(0.0))
    }

    /// `keys` less those [`Report::is_zero`] finds zero.
    pub fn not_zero(&self, keys: impl IntoIterator<Item = Key>) -> Vec<Key> {
        keys.into_iter().filter(|k| !self.is_zero(k)).collect()
    }
}

/// The key of the field an engine that declined a query reports instead.
pub const REFUSED: &str = "exact_note";

impl Outcome {
    /// An engine that declined the query, and why.
    pub fn refused(engine: Engine, why: Text) -> Outcome {
        Outcome {
            engine,
            fields: vec![Field::new(REFUSED, engine.title(), Value::Text(why))],
            note: None,
            tables: vec![],
        }
    }

    /// Why the engine declined the query, if it did.
    pub fn refusal(&self) -> Option<&Text> {
        match self.field(REFUSED) {
            Some(Value::Text(why)) => Some(why),
            _ => None,
        }
    }

    /// Adds `{key}_per_100_points`: the field `key` for every 100 of `cost`
    /// points (so loadouts of different cost compare fairly). Nothing if the
    /// field is absent or the cost is not positive.
    pub fn add_per_100_points(&mut self, key: &str, cost: f64) {
        let Some(field) = self.fields.iter().find(|f| f.key == key) else {
            return;
        };
        if cost <= 0.0 {
            return;
        }
        let k = 100.0 / cost;
        let value = match &field.value {
            Value::Prob(x) => Value::Num(x * k, PER_100_POINTS),
            Value::Num(x, _) => Value::Num(x * k, ""),
            Value::ProbEst(e) => Value::NumEst(e.scaled(k), PER_100_POINTS),
            Value::NumEst(e, _) => Value::NumEst(e.scaled(k), ""),
            _ => return,
        };
        let label = crate::text!("{} per 100 points", field.label.clone());
        self.fields
            .push(Field::new(per_100_points(key), label, value));
    }

    /// A field by key.
    pub fn field(&self, key: &str) -> Option<&Value> {
        self.fields.iter().find(|f| f.key == key).map(|f| &f.value)
    }

    /// A table by key.
    pub fn table(&self, key: &str) -> Option<&Table> {
        self.tables.iter().find(|t| t.key == key)
    }
}

impl Value {
    /// The exact number (`Prob`, `Num`, `Int`), if this is one.
    pub fn exact(&self) -> Option<f64> {
        match self {
            Value::Prob(x) | Value::Num(x, _) => Some(*x),
            Value::Int(n) => Some(*n as f64),
            _ => None,
        }
    }

    /// The probability of the complementary event (other values unchanged).
    pub fn complement(&self) -> Value {
        match self {
            Value::Prob(p) => Value::Prob((1.0 - p).max(0.0)),
            Value::ProbEst(e) => Value::ProbEst(e.complement()),
            other => other.clone(),
        }
    }

    /// The number a value stands for: the exact number, or an estimate's
    /// centre (`None` for text and absent values).
    pub fn central(&self) -> Option<f64> {
        self.exact().or(self.estimate().map(|e| e.estimate))
    }

    /// The Monte Carlo estimate, if this is one.
    pub fn estimate(&self) -> Option<Estimate> {
        match self {
            Value::ProbEst(e) | Value::NumEst(e, _) => Some(*e),
            _ => None,
        }
    }
}

/// An output format.
pub trait Export {
    /// The whole output, ending in a newline.
    fn render(&self, report: &Report) -> String;
}

/// Output format chosen on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    /// Readable tables.
    Table,
    /// JSON.
    Json,
    /// CSV.
    Csv,
    /// A fragment of HTML, the answer first.
    Html,
}

impl Format {
    /// The exporter; `lang` is the language of the table's and the HTML's
    /// words (JSON and CSV are English), `headline` the figures the table
    /// and HTML show first, and the units' names in their labels.
    pub fn exporter(self, lang: lang::Lang, headline: Headline) -> Box<dyn Export> {
        match self {
            Format::Table => Box::new(table::TableExport { lang, headline }),
            Format::Json => Box::new(json::JsonExport),
            Format::Csv => Box::new(csv::CsvExport),
            Format::Html => Box::new(html::HtmlExport { lang, headline }),
        }
    }
}

/// `x` rounded to 15 significant digits: results computed in `f64` carry
/// rounding noise in the 16th digit (`0.9999999999999997`, a proportion
/// `1332 / 4000` as `0.33299999999999996`), which machine-readable output
/// should not show.
pub fn clean(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x + 0.0;
    }
    format!("{x:.14e}").parse().unwrap_or(x)
}

/// A number with at most `decimals` decimals, trailing zeros dropped.
pub fn trim_number(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    if s.contains('.') {
        let s = s.trim_end_matches('0').trim_end_matches('.');
        if s == "-0" {
            "0".into()
        } else {
            s.into()
        }
    } else {
        s
    }
}

impl Value {
    /// The human form in `lang`: a text's words translated, numbers as
    /// [`Value`]'s `Display` writes them.
    pub fn show(&self, lang: lang::Lang) -> String {
        match self {
            Value::Text(t) => t.render(lang),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for Value {
    /// The human form used in tables: probabilities in percent, intervals in
    /// brackets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = |u: &str| {
            if u.is_empty() {
                String::new()
            } else {
                format!(" {u}")
            }
        };
        match self {
            Value::Prob(p) => write!(f, "{}", percent(*p)),
            // Its label says "per 100 points".
            Value::Num(x, PER_100_POINTS) => write!(f, "{}", percent(*x)),
            Value::ProbEst(e) | Value::NumEst(e, PER_100_POINTS) => write!(
                f,
                "{} [{}, {}]",
                percent(e.estimate),
                percent(e.ci95[0]),
                percent(e.ci95[1])
            ),
            Value::Num(x, DIFFERENCE_OF_PERCENT) => write!(f, "{} pp", signed(x * 100.0)),
            Value::Num(x, DIFFERENCE) => f.write_str(&signed(*x)),
            Value::Num(x, u) => write!(f, "{}{}", trim_number(*x, 4), unit(u)),
            Value::NumEst(e, u) => write!(
                f,
                "{}{} [{}, {}]",
                trim_number(e.estimate, 4),
                unit(u),
                trim_number(e.ci95[0], 4),
                trim_number(e.ci95[1], 4)
            ),
            Value::Int(n) => write!(f, "{n}"),
            Value::Text(s) => write!(f, "{s}"),
            Value::Absent => f.write_str("-"),
        }
    }
}

impl Value {
    /// The short form a headline shows in `lang`: a probability (or one
    /// per 100 points) in whole percent or to one decimal (`86.1%`, `50%`;
    /// `<0.1%` and `>99.9%` where it rounds to nothing or to certainty but
    /// is neither), another number to two decimals at most, an estimate
    /// with its interval so; the tables keep four decimals.
    pub fn headline(&self, lang: lang::Lang) -> String {
        let unit = |u: &str| match u {
            "" => String::new(),
            u => format!(" {u}"),
        };
        match self {
            Value::Prob(p) | Value::Num(p, PER_100_POINTS) => short_percent(*p),
            Value::ProbEst(e) | Value::NumEst(e, PER_100_POINTS) => format!(
                "{} [{}, {}]",
                short_percent(e.estimate),
                short_percent(e.ci95[0]),
                short_percent(e.ci95[1])
            ),
            Value::Num(x, u) if !u.starts_with('+') => format!("{}{}", trim_number(*x, 2), unit(u)),
            Value::NumEst(e, u) if !u.starts_with('+') => format!(
                "{}{} [{}, {}]",
                trim_number(e.estimate, 2),
                unit(u),
                trim_number(e.ci95[0], 2),
                trim_number(e.ci95[1], 2)
            ),
            other => other.show(lang),
        }
    }
}

/// A probability in percent, whole or to one decimal (`86.1%`, `100%`);
/// never nothing or certainty when it is neither (`<0.1%`, `>99.9%`).
pub fn short_percent(p: f64) -> String {
    // A sum of exact terms may miss 1 in its last digits: that is 1.
    let p = match (1.0 - p).abs() < 1e-12 {
        true => 1.0,
        false => p,
    };
    let shown = trim_number(p * 100.0, 1);
    if p > 0.0 && shown == "0" {
        "<0.1%".into()
    } else if p < 1.0 && shown == "100" {
        ">99.9%".into()
    } else {
        format!("{shown}%")
    }
}

/// `x` as [`trim_number`] writes it, a `+` before a positive one (a
/// difference's sign).
fn signed(x: f64) -> String {
    let shown = trim_number(x, 4);
    match shown.starts_with('-') || shown == "0" {
        true => shown,
        false => format!("+{shown}"),
    }
}

/// A probability in percent, four decimals (`63.2716%`).
fn percent(p: f64) -> String {
    // `+ 0.0` turns a negative zero into a positive one.
    format!("{:.4}%", p * 100.0 + 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_headline_reads_whole_or_one_decimal_percent_never_nothing_or_certainty() {
        assert_eq!(short_percent(0.861111), "86.1%");
        assert_eq!(short_percent(0.5), "50%");
        assert_eq!(short_percent(0.0), "0%");
        assert_eq!(short_percent(0.0004), "<0.1%");
        assert_eq!(short_percent(0.0006), "0.1%");
        assert_eq!(short_percent(0.9996), ">99.9%");
        assert_eq!(short_percent(1.0), "100%");
        assert_eq!(short_percent(1.0 - 1e-15), "100%");
        let lang = lang::Lang::En;
        assert_eq!(Value::Prob(0.670418).headline(lang), "67%");
        assert_eq!(Value::Num(6.7042, "").headline(lang), "6.7");
        assert_eq!(Value::Num(2.6319, "cm").headline(lang), "2.63 cm");
        assert_eq!(Value::Num(0.394363, PER_100_POINTS).headline(lang), "39.4%");
        let e = Estimate {
            estimate: 0.8612,
            ci95: [0.8601, 0.8623],
            trials: 1_000_000,
        };
        assert_eq!(Value::ProbEst(e).headline(lang), "86.1% [86%, 86.2%]");
    }
}
