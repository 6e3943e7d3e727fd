//! Any query as one value: built from a subcommand's flags, a query file or
//! a combat scenario, and run to a [`Report`]. Sweeps and comparisons run
//! many of them.

use crate::cli::{one_line, Cli, Command};
use crate::error::InputError;
use crate::plot::Figure;
use crate::query::attacks::Attacks;
use crate::query::charge::Charge;
use crate::query::combat::CombatQuery;
use crate::query::flee::Flee;
use crate::query::leadership::Leadership;
use crate::query::{Method, Question, Settings};
use crate::report::{Key, Report};
use std::path::Path;

/// A validated query of any kind.
#[derive(Clone, Debug)]
pub enum Query {
    /// `charge`.
    Charge(Charge),
    /// `flee`.
    Flee(Flee),
    /// `leadership`.
    Leadership(Leadership),
    /// `attacks` and `shoot`.
    Attacks(Attacks),
    /// `combat` (a scenario).
    Combat(Box<CombatQuery>),
}

impl Query {
    /// The query a subcommand's flags describe, validated.
    pub fn from_command(command: &Command) -> Result<Query, InputError> {
        let query = match command {
            Command::Charge(a) => Query::Charge(a.charge()?),
            Command::Flee(a) => Query::Flee(a.flee()),
            Command::Leadership(a) => Query::Leadership(a.leadership()),
            Command::Attacks(a) => Query::Attacks(a.attacks()?),
            Command::Shoot(a) => Query::Attacks(a.attacks()?),
            Command::Combat(a) => {
                Query::Combat(Box::new(crate::scenario::combat::load_combat(
                    &a.scenario,
                    &a.sets,
                )?))
            }
            Command::Sweep(_) | Command::Compare(_) | Command::Completions(_) => {
                return Err(InputError::new(
                    "query",
                    "a sweep or comparison runs one query file or scenario (accepted: charge, flee, leadership, attacks, shoot, combat)",
                ))
            }
        };
        query.question().validate()?;
        Ok(query)
    }

    /// The query as the [`Question`] its subcommand implements: the one
    /// place each kind is registered.
    pub fn question(&self) -> &dyn Question {
        match self {
            Query::Charge(q) => q,
            Query::Flee(q) => q,
            Query::Leadership(q) => q,
            Query::Attacks(q) => q,
            Query::Combat(q) => q.as_ref(),
        }
    }

    /// Evaluates it.
    pub fn report(&self, settings: &Settings) -> Report {
        self.question().report(settings)
    }

    /// The charts of its report (`--plot`).
    pub fn figure(&self, report: &Report) -> Figure {
        self.question().figure(report)
    }

    /// The method used when `--method` is not given.
    pub fn default_method(&self) -> Method {
        self.question().default_method()
    }

    /// The figures a sweep or comparison shows, by report key, in order.
    pub fn headline(&self) -> Vec<Key> {
        self.question().headline()
    }

    /// A short name for tables.
    pub fn kind(&self) -> &'static str {
        self.question().kind()
    }
}

/// The subcommands a query file may name.
const FILE_QUERIES: [&str; 5] = ["charge", "flee", "leadership", "attacks", "shoot"];

/// Engine and output flags: they belong to the command line that runs the
/// file (a sweep or comparison runs every file alike).
const RUN_KEYS: [&str; 11] = [
    "method",
    "trials",
    "seed",
    "threads",
    "precision",
    "max_trials",
    "json",
    "csv",
    "plot",
    "lang",
    "quiet",
];

/// Keys of a query file that name files, read relative to it.
const FILE_KEYS: [&str; 2] = ["attacker", "target"];

/// A query file or combat scenario at `path`, with `--set key=value`
/// overrides. A query file names its subcommand and gives its flags as keys
/// (`query = "charge"`, `move = 18`, `target_move = 10`, `flies = true`,
/// `rules = ["hatred"]`); any other TOML file is a combat scenario
/// ([`crate::scenario::combat`]).
pub fn load_query(path: &Path, sets: &[String]) -> Result<Query, InputError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| InputError::new(&name, format!("cannot read the file: {e}")))?;
    let mut table: toml::Table = toml::from_str(&text).map_err(|e| {
        // The scenario parser gives the line and column.
        match crate::scenario::parse::<toml::Table>(&text, &name) {
            Err(located) => located,
            Ok(_) => InputError::new(&name, e.to_string()),
        }
    })?;
    let Some(kind) = table.get("query").cloned() else {
        // Read once: the text is already here.
        let (file, dir) = crate::scenario::combat::scenario_from_text(&text, path, sets)?;
        let combat = file.combat(&dir)?;
        return Ok(Query::Combat(Box::new(combat)));
    };
    let kind = match kind.as_str() {
        Some(k) if FILE_QUERIES.contains(&k) => k.to_string(),
        _ => {
            return Err(InputError::new(
                format!("{name}: query"),
                format!(
                "{kind} is not a query (accepted: {}; a file without `query` is a combat scenario)",
                FILE_QUERIES.join(", ")
            ),
            ))
        }
    };
    for set in sets {
        crate::scenario::combat::apply_set(&mut table, set)?;
    }
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut args = vec!["mathhammer".to_string(), kind];
    for (key, value) in &table {
        if matches!(key.as_str(), "query" | "name" | "description") {
            continue;
        }
        if RUN_KEYS.contains(&key.as_str()) {
            return Err(InputError::new(
                format!("{name}: {key}"),
                "how to run and print is given on the command line, not in a query file (accepted: the subcommand's own flags)",
            ));
        }
        let flag = format!("--{}", key.replace('_', "-"));
        let text = match value {
            toml::Value::Boolean(true) => {
                args.push(flag);
                continue;
            }
            toml::Value::Boolean(false) => continue,
            toml::Value::String(s) if FILE_KEYS.contains(&key.as_str()) => {
                dir.join(s).display().to_string()
            }
            toml::Value::String(s) => s.clone(),
            toml::Value::Integer(i) => i.to_string(),
            toml::Value::Float(x) => x.to_string(),
            toml::Value::Array(items) => items
                .iter()
                .map(|i| i.as_str().map_or_else(|| i.to_string(), str::to_string))
                .collect::<Vec<_>>()
                .join(","),
            _ => {
                return Err(InputError::new(
                    format!("{name}: {key}"),
                    "expected a number, a string, true/false or a list",
                ))
            }
        };
        args.push(flag);
        args.push(text);
    }
    let cli = Cli::parse_args(&args).map_err(|e| {
        let line = one_line(&e.render().to_string());
        InputError::new(&name, flags_as_keys(line.trim_start_matches("error: ")))
    })?;
    Query::from_command(&cli.command)
}

/// clap's `--target-move` as the file's key `target_move`.
fn flags_as_keys(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(i) = rest.find("--") {
        out += &rest[..i];
        let after = &rest[i + 2..];
        let end = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .unwrap_or(after.len());
        out += &after[..end].replace('-', "_");
        rest = &after[end..];
    }
    out + rest
}
