//! Query files and the subcommands' flags as [`Query`] values. A query file
//! names its subcommand and gives its flags as keys. The subcommand's clap
//! definition says which keys there are, their aliases and defaults; the
//! flags' own structs then deserialize from the keys, by the same value
//! types the flags parse (`cli::values`), so a file's values are checked as
//! the flags' are. Any other TOML file is a combat scenario.

use super::{one_line, AttacksArgs, ChargeArgs, Cli, Command, FleeArgs, ShootArgs};
use crate::error::InputError;
use crate::scenario::battle_line::BattleLineFile;
use crate::sweep::Query;
use crate::text;
use crate::words::text::Text;
use std::path::Path;

impl Command {
    /// The query these flags describe, validated.
    pub fn query(&self) -> Result<Query, InputError> {
        let query = match self {
            Command::Charge(a) => Query::Charge(a.charge()?),
            Command::Flee(a) => Query::Flee(a.flee()?),
            Command::Leadership(a) => Query::Leadership(a.leadership()),
            Command::Attacks(a) => Query::Attacks(a.attacks()?),
            Command::Shoot(a) => Query::Attacks(a.attacks()?),
            Command::Combat(a) => Query::Combat(Box::new(a.combat()?)),
            Command::Panic(a) => Query::Panic(Box::new(a.line()?)),
            _ => {
                return Err(InputError::new(
                    "query",
                    text!("a sweep or comparison runs one query file or scenario (accepted: charge, flee, leadership, attacks, shoot, combat, panic)"),
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
const RUN_KEYS: [&str; 12] = [
    "method",
    "sampler",
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
    let text = crate::files::read_to_string(path)
        .map_err(|e| InputError::new(&name, text!("cannot read the file: {}", e)))?;
    let mut table: toml::Table = toml::from_str(&text).map_err(|e| {
        // The scenario parser gives the line and column.
        match crate::scenario::parse::<toml::Table>(&text, &name) {
            Err(located) => located,
            Ok(_) => InputError::new(&name, e.to_string()),
        }
    })?;
    let Some(kind) = table.get("query").cloned() else {
        // Read once: the text is already here.
        let combat = crate::scenario::combat::combat_from_text(&text, path, sets)?;
        return Ok(Query::Combat(Box::new(combat)));
    };
    if kind.as_str() == Some("panic") {
        return battle_line(&text, sets, path);
    }
    let kind = match kind.as_str() {
        Some(k) if FILE_QUERIES.contains(&k) => k.to_string(),
        _ => {
            return Err(InputError::new(
                format!("{name}: query"),
                text!("{} is not a query (accepted: {}, panic; a file without `query` is a combat scenario)", kind.to_string(), FILE_QUERIES.join(", ")),
            ))
        }
    };
    for set in sets {
        crate::scenario::combat::apply_set(&mut table, set)?;
    }
    let dir = path.parent().unwrap_or(Path::new(""));
    let keys = FileKeys::read(&kind, table, &name, dir)?;
    let command = match kind.as_str() {
        "charge" => Command::Charge(ChargeArgs {
            edition: keys.args()?,
            ..keys.args()?
        }),
        "flee" => Command::Flee(FleeArgs {
            edition: keys.args()?,
            ..keys.args()?
        }),
        "leadership" => Command::Leadership(keys.args()?),
        "attacks" => Command::Attacks(AttacksArgs {
            attacker_args: keys.args()?,
            target_args: keys.args()?,
            ..keys.args()?
        }),
        _ => Command::Shoot(ShootArgs {
            attacker_args: keys.args()?,
            target_args: keys.args()?,
            ..keys.args()?
        }),
    };
    command.query().map_err(|e| keys.named(e))
}

/// A battle-line file (`query = "panic"`, [`crate::scenario::battle_line`])
/// of `text`, with its `--set` overrides.
fn battle_line(text: &str, sets: &[String], path: &Path) -> Result<Query, InputError> {
    let name = path.display().to_string();
    let file: BattleLineFile = crate::scenario::combat::parse_with_sets(text, &name, sets)?;
    let dir = path.parent().unwrap_or(Path::new(""));
    let line = file.line(dir).map_err(|e| e.in_file(&name))?;
    Ok(Query::Panic(Box::new(line)))
}

/// A query file's keys by the argument each names in the subcommand's clap
/// definition (its long name or an alias, `_` for `-`), every argument the
/// file leaves out at its default. Each part of the subcommand's flags
/// deserializes from them directly, by the value types the flags parse.
struct FileKeys {
    /// The file, as errors name it.
    file: String,
    /// Argument id -> value.
    values: toml::Table,
    /// Argument id -> the key as the file wrote it.
    written: std::collections::HashMap<String, String>,
}

impl FileKeys {
    fn read(kind: &str, table: toml::Table, file: &str, dir: &Path) -> Result<Self, InputError> {
        let sub = built_command_line()
            .find_subcommand(kind)
            .expect("every file query is a subcommand");
        let args: Vec<&clap::Arg> = sub
            .get_arguments()
            .filter(|a| !a.is_positional() && a.get_long().is_some())
            .filter(|a| !RUN_KEYS.contains(&a.get_id().as_str()) && a.get_id() != "help")
            .collect();
        let mut keys = FileKeys {
            file: file.to_string(),
            values: toml::Table::new(),
            written: Default::default(),
        };
        for (key, value) in table {
            keys.insert(&args, key, value, dir)?;
        }
        for arg in args {
            keys.default(arg)?;
        }
        Ok(keys)
    }

    /// The file's `key = value`, filed under the argument it names.
    fn insert(
        &mut self,
        args: &[&clap::Arg],
        key: String,
        value: toml::Value,
        dir: &Path,
    ) -> Result<(), InputError> {
        if matches!(key.as_str(), "query" | "name" | "description") {
            return Ok(());
        }
        let error = |message: Text| InputError::new(format!("{}: {key}", self.file), message);
        if RUN_KEYS.contains(&key.as_str()) {
            return Err(error(text!("how to run and print is given on the command line, not in a query file (accepted: the subcommand's own flags)")));
        }
        let Some(arg) = args.iter().find(|a| names(a).any(|n| n == key)) else {
            let accepted: Vec<String> = args.iter().filter_map(|a| names(a).next()).collect();
            return Err(error(text!(
                "not a key of this query (accepted: {})",
                accepted.join(", ")
            )));
        };
        let id = arg.get_id().to_string();
        if let Some(first) = self.written.get(&id) {
            return Err(error(text!("the same as {}, given twice", first)));
        }
        let value = match value {
            toml::Value::String(s) if FILE_KEYS.contains(&id.as_str()) => {
                toml::Value::String(dir.join(s).display().to_string())
            }
            other if FILE_KEYS.contains(&id.as_str()) => {
                return Err(error(text!(
                    "invalid type: {}, expected a file name in quotes (e.g. \"orc_boy.toml\")",
                    other.type_str()
                )))
            }
            other => other,
        };
        self.values.insert(id.clone(), value);
        self.written.insert(id, key);
        Ok(())
    }

    /// An argument the file leaves out: its default, or an error if it has
    /// none and is required.
    fn default(&mut self, arg: &clap::Arg) -> Result<(), InputError> {
        let id = arg.get_id().to_string();
        if self.values.contains_key(&id) {
            return Ok(());
        }
        let key = names(arg).next().unwrap_or_default();
        if arg.is_required_set() {
            let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            let mut what = help.chars();
            let what: String = what
                .next()
                .map(|c| c.to_ascii_lowercase())
                .into_iter()
                .chain(what)
                .collect();
            return Err(InputError::new(
                format!("{}: {key}", self.file),
                flags_as_keys(&format!("required ({what})")),
            ));
        }
        let value = if matches!(arg.get_action(), clap::ArgAction::SetTrue) {
            toml::Value::Boolean(false)
        } else {
            match arg.get_default_values() {
                [one] => toml::Value::String(one.to_string_lossy().into_owned()),
                _ => return Ok(()),
            }
        };
        self.values.insert(id, value);
        Ok(())
    }

    /// One part of the subcommand's flags, from the keys it knows.
    fn args<T: serde::de::DeserializeOwned>(&self) -> Result<T, InputError> {
        toml::Value::Table(self.values.clone())
            .try_into()
            .map_err(|e: toml::de::Error| {
                let text = e.to_string();
                let (message, id) = match text.trim_end().rsplit_once("\nin `") {
                    Some((message, id)) => (message, Some(id.trim_end_matches('`'))),
                    None => (text.trim_end(), None),
                };
                let key = id.map(|id| self.written.get(id).map_or(id, String::as_str));
                let message = crate::words::serde::message(&one_line(message));
                match key {
                    Some(key) => InputError::new(format!("{}: {key}", self.file), message),
                    None => InputError::new(&self.file, message),
                }
            })
    }

    /// An error of the query the file describes, named by the file's key
    /// (`--target-move` is the file's `target_move`).
    fn named(&self, e: InputError) -> InputError {
        match e.field.strip_prefix("--") {
            Some(flag) => InputError {
                field: format!("{}: {}", self.file, flag.replace('-', "_")),
                message: e.message.respelled(flags_as_keys),
                ..e
            },
            None => e,
        }
    }
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

/// The command line's definition, built once: a sweep reads its file at
/// every point.
fn built_command_line() -> &'static clap::Command {
    static COMMAND: std::sync::OnceLock<clap::Command> = std::sync::OnceLock::new();
    COMMAND.get_or_init(|| {
        let mut command = Cli::command_line();
        command.build();
        command
    })
}

/// The keys a query file may name `arg` by: its long name, then its
/// aliases, with `_` for `-`.
fn names(arg: &clap::Arg) -> impl Iterator<Item = String> + '_ {
    let aliases = arg.get_all_aliases().unwrap_or_default();
    arg.get_long()
        .into_iter()
        .chain(aliases)
        .map(|n| n.replace('-', "_"))
}
