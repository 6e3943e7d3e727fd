//! clap's refusals of a command line as our [`InputError`]s: the flag at
//! fault and what is wrong, in words `--lang` can translate. The command
//! line's errors and a query file's (whose keys clap parses as flags) both
//! come through here.

use super::one_line;
use crate::error::InputError;
use crate::text;
use crate::words::text::Text;
use clap::error::{ContextKind, ContextValue, ErrorKind};

/// Any refusal but help or version: a refused value by its flag, anything
/// else by the first flag it names (none for an unknown subcommand), in
/// our words where we have them.
pub(crate) fn refused(e: &clap::Error) -> InputError {
    if matches!(
        e.kind(),
        ErrorKind::ValueValidation | ErrorKind::InvalidValue
    ) {
        return refused_value(e);
    }
    let message = worded(e).unwrap_or_else(|| {
        Text::kept(one_line(&e.render().to_string()).trim_start_matches("error: "))
    });
    InputError::new(first_flag(e).unwrap_or_default(), message)
}

/// A value its flag's parser refused, as the project's one line:
/// `--models: -1 is out of range (accepted: 1 to 1000)`.
pub(crate) fn refused_value(e: &clap::Error) -> InputError {
    let flag = match e.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(arg)) => arg.split(' ').next().unwrap_or(arg).to_string(),
        _ => String::new(),
    };
    let value = match e.get(ContextKind::InvalidValue) {
        Some(ContextValue::String(v)) => v.clone(),
        _ => String::new(),
    };
    match (std::error::Error::source(e), e.get(ContextKind::ValidValue)) {
        (Some(why), _) if !flag.is_empty() => {
            let why = why
                .downcast_ref::<Text>()
                .cloned()
                .unwrap_or_else(|| Text::kept(why.to_string()));
            InputError::new(flag, why)
        }
        (None, Some(ContextValue::Strings(names))) if value.is_empty() && names.is_empty() => {
            InputError::new(flag, text!("needs a value"))
        }
        (None, Some(ContextValue::Strings(names))) if !flag.is_empty() => {
            // A method by its value, in words on the page.
            let name = |n: &String| match flag.as_str() {
                "--method" => crate::words::page::method(n),
                _ => Text::kept(n),
            };
            let accepted = Text::join(names.iter().map(name), ", ");
            InputError::new(
                flag,
                text!(
                    "'{}' is not one of its values (accepted: {})",
                    value,
                    accepted
                ),
            )
        }
        _ => InputError::new(
            "",
            Text::kept(one_line(&e.render().to_string()).trim_start_matches("error: ")),
        ),
    }
}

/// The first flag clap's error names (`--move` of `--move <M>`).
pub(crate) fn first_flag(e: &clap::Error) -> Option<String> {
    let arg = match e.get(ContextKind::InvalidArg)? {
        ContextValue::String(a) => a.clone(),
        ContextValue::Strings(a) => a.first()?.clone(),
        _ => return None,
    };
    let flag = arg.split([' ', '=']).next()?;
    flag.starts_with('-').then(|| flag.to_string())
}

/// clap's error of a kind we word ourselves, so `--lang` can translate it
/// (the command line keeps clap's own words and tips in English) and the
/// page can name each flag as its field.
pub(crate) fn worded(e: &clap::Error) -> Option<Text> {
    let arg = match e.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(a)) => argument(a),
        Some(ContextValue::Strings(a)) => Text::voiced(
            Text::kept(a.join(", ")),
            Text::join(a.iter().map(|a| argument(a)), ", "),
        ),
        _ => Text::default(),
    };
    let prior = match e.get(ContextKind::PriorArg) {
        Some(ContextValue::String(a)) => argument(a),
        _ => Text::default(),
    };
    let value = match e.get(ContextKind::InvalidValue) {
        Some(ContextValue::String(v)) => v.clone(),
        _ => String::new(),
    };
    let tip = match e.get(ContextKind::SuggestedArg) {
        Some(ContextValue::String(a)) => text!("; tip: '{}' exists", argument(a)),
        _ => Text::default(),
    };
    let count = |kind| match e.get(kind) {
        Some(ContextValue::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    Some(match e.kind() {
        ErrorKind::UnknownArgument => text!("unexpected argument '{}' found", arg).then(tip),
        ErrorKind::InvalidSubcommand => match e.get(ContextKind::InvalidSubcommand) {
            Some(ContextValue::String(name)) => text!("unrecognized subcommand '{}'", name.clone()),
            _ => return None,
        },
        ErrorKind::MissingRequiredArgument => {
            text!(
                "the following required arguments were not provided: {}",
                arg
            )
        }
        ErrorKind::ArgumentConflict if arg == prior => {
            text!("the argument '{}' cannot be used multiple times", arg)
        }
        ErrorKind::ArgumentConflict => {
            text!("the argument '{}' cannot be used with '{}'", arg, prior)
        }
        ErrorKind::TooManyValues => text!(
            "unexpected value '{}' for '{}' found; no more were expected",
            value,
            arg
        ),
        ErrorKind::WrongNumberOfValues => text!(
            "'{}' takes {} values, not {}",
            arg,
            count(ContextKind::ExpectedNumValues),
            count(ContextKind::ActualNumValues)
        ),
        ErrorKind::TooFewValues => text!(
            "'{}' takes {} values, not {}",
            arg,
            count(ContextKind::MinValues),
            count(ContextKind::ActualNumValues)
        ),
        ErrorKind::NoEquals => {
            text!("equal sign is needed when assigning values to '{}'", arg)
        }
        _ => return None,
    })
}

/// An argument as clap's error names it (`--move <M>`, `<FILE>`): kept on
/// the command line; on the page, named as the form's field (a flag's
/// label, or an argument's by what it is: “file”, “list B”).
fn argument(arg: &str) -> Text {
    let flag = arg.split([' ', '=']).next().unwrap_or(arg);
    let page = if flag.starts_with("--") {
        Text::flag(flag)
    } else if flag.starts_with(['<', '[']) {
        Text::flag(flag.trim_matches(|c| "<>[].".contains(c)).to_lowercase())
    } else {
        Text::kept(format!("'{arg}'"))
    };
    Text::voiced(Text::kept(arg), page)
}
