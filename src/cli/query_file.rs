//! Query files and the subcommands' flags as [`Query`] values. A query file
//! names its subcommand and gives its flags as keys; it is read through the
//! subcommand's own clap definition, so a file's values are checked as the
//! flags' are. Any other TOML file is a combat scenario.

use super::{one_line, Cli, Command};
use crate::error::InputError;
use crate::sweep::Query;
use std::path::Path;

impl Command {
    /// The query these flags describe, validated.
    pub fn query(&self) -> Result<Query, InputError> {
        let query = match self {
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
    cli.command.query()
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
