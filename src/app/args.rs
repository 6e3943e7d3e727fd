//! A whole command line, from its words to what it prints and its exit
//! code: what the binary does, without the process (the web page runs the
//! same, in memory). Every input error is one line on stderr and exit
//! code 2.

use crate::cli::refused::{first_flag, refused_value, worded};
use crate::cli::{one_line, Cli};
use crate::error::InputError;
use crate::text;
use crate::words::lang::Lang;
use crate::words::text::{Text, Voice};
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
    /// The input error that stopped it, in the language asked for and the
    /// page's words: the page places it beside its field without reading
    /// the line again.
    pub error: Option<ErrorLine>,
    /// The notes on stderr, in the language asked for and the page's words,
    /// without their `note: `.
    pub notes: Vec<String>,
}

/// An input error as printed: the flag, file or field at fault (for a line
/// clap refuses, the first flag it names; empty when it names none, as an
/// unknown subcommand) and what is wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ErrorLine {
    /// `--move`, `scenarios/my.toml:7:1`, `--set`, ...
    pub field: String,
    /// What is wrong and what is accepted, in the page's words (a flag
    /// named as its field: “move”).
    pub message: String,
}

/// Parses and runs `args` (the program's name first).
pub fn run_args(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> Finished {
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let lang = asked_lang(&args);
    let cli = match Cli::parse_args(args) {
        Ok(cli) => cli,
        Err(e) => return parse_error(&e, lang),
    };
    match super::run(&cli) {
        Ok(out) => Finished {
            stderr: out
                .notes
                .iter()
                .map(|n| {
                    let note = text!("note: {}", n.clone()).render_in(lang, Voice::Cli);
                    format!("{}\n", crate::words::escape::escaped(&note))
                })
                .collect(),
            notes: out.notes.iter().map(|n| n.render_page(lang)).collect(),
            stdout: out.stdout,
            ..Finished::default()
        },
        Err(e) => failed(&e, lang),
    }
}

/// The language `--lang` asks for, read before parsing so that an error in
/// any other flag is written in it too (English if absent or unknown).
fn asked_lang(args: &[OsString]) -> Lang {
    use clap::ValueEnum;
    let words: Vec<&str> = args.iter().filter_map(|a| a.to_str()).collect();
    let value = words
        .iter()
        .enumerate()
        .find_map(|(i, w)| match w.strip_prefix("--lang") {
            Some("") => words.get(i + 1).copied(),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        });
    value
        .and_then(|v| Lang::from_str(v, true).ok())
        .unwrap_or_default()
}

/// The one error line of `e`, in `lang` (and for the page, in its words).
fn failed(e: &InputError, lang: Lang) -> Finished {
    let error = error_line(e, lang);
    let message = short_words(&e.message.render_in(lang, Voice::Cli));
    let line = match error.field.as_str() {
        "" => format!("error: {message}"),
        field => format!("error: {field}: {message}"),
    };
    Finished {
        stderr: format!("{line}\n"),
        code: 2,
        error: Some(error),
        ..Finished::default()
    }
}

/// `e` as a field and a message in `lang` and the page's words, each
/// word cut short.
pub(crate) fn error_line(e: &InputError, lang: Lang) -> ErrorLine {
    ErrorLine {
        field: short_words(&e.field),
        message: short_words(&e.message.render_page(lang)),
    }
}

/// `line` with each word over 64 characters (a huge value echoed) cut to
/// its start, but a file's path, shown whole; its control and
/// bidirectional-override characters escaped (one line, read in order).
fn short_words(line: &str) -> String {
    let words: Vec<String> = line
        .split(' ')
        .map(|w| {
            let value = w.trim_matches(|c| "'`\",:;()".contains(c));
            match w.chars().nth(64) {
                Some(_) if !crate::error::names_a_file(value) => {
                    w.replace(value, &crate::error::echo(value))
                }
                _ => w.to_string(),
            }
        })
        .collect();
    crate::words::escape::escaped(&words.join(" "))
}

/// What a command line clap could not parse prints: help and version on
/// stdout, help for a missing subcommand on stderr, anything else one line.
fn parse_error(e: &clap::Error, lang: Lang) -> Finished {
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
        ErrorKind::ValueValidation | ErrorKind::InvalidValue => failed(&refused_value(e), lang),
        kind => {
            let clap_line =
                || Text::kept(one_line(&e.render().to_string()).trim_start_matches("error: "));
            // The command line keeps clap's English; the page has ours.
            let cli = match (lang, worded(e)) {
                (Lang::En, _) | (_, None) => clap_line(),
                (_, Some(why)) => why,
            };
            let mut message = Text::voiced(cli, worded(e).unwrap_or_else(clap_line));
            if kind == ErrorKind::InvalidSubcommand {
                let names: Vec<String> = Cli::command()
                    .get_subcommands()
                    .map(|c| c.get_name().to_string())
                    .collect();
                message = message.then(text!(" (accepted: {})", names.join(", ")));
            }
            // The line names the flags itself; the page places it by the
            // first one (a missing flag's field, the unknown one's, ...).
            let mut done = failed(&InputError::new("", message), lang);
            if let (Some(error), Some(flag)) = (done.error.as_mut(), first_flag(e)) {
                error.field = flag;
            }
            done
        }
    }
}
