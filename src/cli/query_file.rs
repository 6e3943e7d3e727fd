//! Query files and the subcommands' flags as [`Query`] values. A query file
//! names its subcommand and gives its flags as keys. The subcommand's clap
//! definition says which keys there are and their aliases; each key and
//! value is then written as the flag's words and the whole parsed by clap,
//! so a file's values, defaults and errors are the flags' own (one reader
//! for both). Any other TOML file is a combat scenario.

use super::{Cli, Command};
use crate::error::InputError;
use crate::scenario::battle_line::BattleLineFile;
use crate::scenario::reference::picks_from_library;
use crate::sweep::Query;
use crate::text;
use crate::words::text::Text;
use clap::FromArgMatches;
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
const RUN_KEYS: [&str; 13] = [
    "method",
    "sampler",
    "trials",
    "seed",
    "threads",
    "precision",
    "max_trials",
    "json",
    "csv",
    "html",
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
    let text = crate::files::read_text(path, crate::files::MAX_TOML_BYTES)
        .map_err(|e| InputError::new(&name, e.why()))?;
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
    let command = keys.command(&kind)?;
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

/// A query file's keys as the subcommand's command line: each key names an
/// argument of its clap definition (its long name or an alias, `_` for
/// `-`), and its value is written as that flag's words, so clap parses a
/// file's values by the flags' own parsers, defaults and checks.
struct FileKeys {
    /// The file, as errors name it.
    file: String,
    /// The flags' words, `--long=value` or `--long`.
    words: Vec<String>,
    /// The flag's long name -> the key as the file wrote it.
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
            words: Vec::new(),
            written: Default::default(),
        };
        for (key, value) in table {
            keys.insert(&args, key, value, dir)?;
        }
        for arg in args {
            keys.required(arg)?;
        }
        Ok(keys)
    }

    /// The file's `key = value`, as the words of the flag it names.
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
        let long = arg.get_long().unwrap_or_default().to_string();
        if let Some(first) = self.written.get(&long) {
            return Err(error(text!("the same as {}, given twice", first)));
        }
        let is_file = FILE_KEYS.contains(&arg.get_id().as_str());
        let values = match value {
            // An army book's unit is no file: it is named as written.
            toml::Value::String(s) if is_file && picks_from_library(&s, dir) => vec![s],
            toml::Value::String(s) if is_file => vec![dir.join(s).display().to_string()],
            other if is_file => {
                return Err(error(text!(
                    "invalid type: {}, expected a file name in quotes (e.g. \"orc_boy.toml\")",
                    crate::words::serde::phrase(other.type_str())
                )))
            }
            toml::Value::Boolean(on) if is_switch(arg) => {
                if on {
                    self.words.push(format!("--{long}"));
                }
                vec![]
            }
            other if is_switch(arg) => {
                return Err(error(crate::words::serde::message(&format!(
                    "invalid type: {} `{other}`, expected a boolean",
                    other.type_str()
                ))))
            }
            other => as_words(other).map_err(error)?,
        };
        let values = match (arg.get_value_delimiter(), values.is_empty()) {
            (Some(delimiter), false) => vec![values.join(&delimiter.to_string())],
            _ => values,
        };
        self.words
            .extend(values.into_iter().map(|v| format!("--{long}={v}")));
        self.written.insert(long, key);
        Ok(())
    }

    /// A required argument the file leaves out, refused here by the file's
    /// key and what the flag is for (clap would name the flag alone).
    fn required(&self, arg: &clap::Arg) -> Result<(), InputError> {
        let long = arg.get_long().unwrap_or_default();
        if !arg.is_required_set() || self.written.contains_key(long) {
            return Ok(());
        }
        let key = names(arg).next().unwrap_or_default();
        let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
        let mut what = help.chars();
        let what: String = what
            .next()
            .map(|c| c.to_ascii_lowercase())
            .into_iter()
            .chain(what)
            .collect();
        Err(InputError::new(
            format!("{}: {key}", self.file),
            flags_as_keys(&format!("required ({what})")),
        ))
    }

    /// The subcommand `kind` with the file's flags, parsed by clap.
    fn command(&self, kind: &str) -> Result<Command, InputError> {
        let line = ["mathhammer", kind]
            .into_iter()
            .map(String::from)
            .chain(self.words.iter().cloned());
        // Only the subcommand's definition, built once and copied: a sweep
        // reads its file at every point.
        let sub = built_command_line().find_subcommand(kind).cloned();
        let parser = clap::Command::new("mathhammer").subcommands(sub);
        let parsed = parser.try_get_matches_from(line);
        let command = parsed
            .and_then(|m| Command::from_arg_matches(&m))
            .map_err(|e| {
                let refused = super::refused::refused(&e);
                match refused.field.is_empty() {
                    true => InputError::new(&self.file, refused.message.respelled(flags_as_keys)),
                    false => self.named(refused),
                }
            })?;
        Ok(command)
    }

    /// An error of the query the file describes, named by the file's key
    /// (`--target-move` is the file's `target_move`, or the alias it wrote).
    fn named(&self, e: InputError) -> InputError {
        match e.field.strip_prefix("--") {
            Some(flag) => InputError {
                field: match self.written.get(flag) {
                    Some(key) => format!("{}: {key}", self.file),
                    None => format!("{}: {}", self.file, flag.replace('-', "_")),
                },
                message: e.message.respelled(flags_as_keys),
                ..e
            },
            None => e,
        }
    }
}

/// A flag given or not, without a value (`--inches`).
fn is_switch(arg: &clap::Arg) -> bool {
    matches!(arg.get_action(), clap::ArgAction::SetTrue)
}

/// A value as the words the command line would give it: a list's items
/// one by one, anything else as written.
fn as_words(value: toml::Value) -> Result<Vec<String>, Text> {
    match value {
        toml::Value::String(s) => Ok(vec![s]),
        toml::Value::Integer(i) => Ok(vec![i.to_string()]),
        toml::Value::Float(f) => Ok(vec![f.to_string()]),
        toml::Value::Boolean(b) => Ok(vec![b.to_string()]),
        toml::Value::Array(items) => items
            .into_iter()
            .map(|item| match item {
                toml::Value::Array(_) => Err(not_words(&item)),
                item => as_words(item),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(|lists| lists.concat()),
        other => Err(not_words(&other)),
    }
}

fn not_words(value: &toml::Value) -> Text {
    text!(
        "invalid type: {}, expected a number, a word, true/false or a list",
        crate::words::serde::phrase(value.type_str())
    )
}

/// clap's `--target-move <M>` as the file's key `target_move`.
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
        // A file has no `<M>` after its key.
        if let Some(name) = rest.strip_prefix(" <") {
            rest = name.split_once('>').map_or(rest, |(_, after)| after);
        }
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
