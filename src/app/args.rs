//! A whole command line, from its words to what it prints and its exit
//! code: what the binary does, without the process (the web page runs the
//! same, in memory). Every input error is one line on stderr and exit
//! code 2.

use crate::cli::{one_line, Cli};
use clap::error::ErrorKind;
use clap::CommandFactory;
use std::ffi::OsString;

/// What a command line printed and how it ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Finished {
    /// Its standard output.
    pub stdout: String,
    /// Its standard error: notes, or the one-line error.
    pub stderr: String,
    /// Its exit code: 0, or 2 for bad input.
    pub code: u8,
}

/// Parses and runs `args` (the program's name first).
pub fn run_args(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> Finished {
    let cli = match Cli::parse_args(args) {
        Ok(cli) => cli,
        Err(e) => return parse_error(&e),
    };
    match super::run(&cli) {
        Ok(out) => Finished {
            stderr: out.notes.iter().map(|n| format!("{n}\n")).collect(),
            stdout: out.stdout,
            code: 0,
        },
        Err(e) => failed(format!("error: {e}")),
    }
}

/// The one error line, a word over 64 characters (a huge value echoed)
/// cut to its start.
fn failed(line: String) -> Finished {
    let words: Vec<String> = line
        .split(' ')
        .map(|w| match w.chars().nth(64) {
            Some(_) => {
                let value = w.trim_matches(|c| "'`\",:;()".contains(c));
                w.replace(value, &crate::error::echo(value))
            }
            None => w.to_string(),
        })
        .collect();
    Finished {
        stderr: format!("{}\n", words.join(" ")),
        code: 2,
        ..Finished::default()
    }
}

/// What a command line clap could not parse prints: help and version on
/// stdout, help for a missing subcommand on stderr, anything else one line.
fn parse_error(e: &clap::Error) -> Finished {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Finished {
            stdout: e.render().to_string(),
            ..Finished::default()
        },
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Finished {
            stderr: e.render().to_string(),
            code: 2,
            ..Finished::default()
        },
        ErrorKind::ValueValidation | ErrorKind::InvalidValue => {
            failed(format!("error: {}", bad_value(e)))
        }
        kind => {
            let mut line = one_line(&e.render().to_string());
            if kind == ErrorKind::InvalidSubcommand {
                let names: Vec<String> = Cli::command()
                    .get_subcommands()
                    .map(|c| c.get_name().to_string())
                    .collect();
                line += &format!(" (accepted: {})", names.join(", "));
            }
            failed(line)
        }
    }
}

/// A value its flag's parser refused, as the project's one line:
/// `--models: -1 is out of range (accepted: 1 to 1000)`.
fn bad_value(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    let flag = match e.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(arg)) => arg.split(' ').next().unwrap_or(arg).to_string(),
        _ => String::new(),
    };
    let value = match e.get(ContextKind::InvalidValue) {
        Some(ContextValue::String(v)) => v.clone(),
        _ => String::new(),
    };
    match (std::error::Error::source(e), e.get(ContextKind::ValidValue)) {
        (Some(why), _) if !flag.is_empty() => format!("{flag}: {why}"),
        (None, Some(ContextValue::Strings(names))) if value.is_empty() && names.is_empty() => {
            format!("{flag}: needs a value")
        }
        (None, Some(ContextValue::Strings(names))) if !flag.is_empty() => {
            format!(
                "{flag}: '{value}' is not one of its values (accepted: {})",
                names.join(", ")
            )
        }
        _ => one_line(&e.render().to_string())
            .trim_start_matches("error: ")
            .to_string(),
    }
}
