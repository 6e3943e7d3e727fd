//! Scenario and profile files (TOML) and their validation. Every error names
//! the file, line, column and field, and the accepted values.

use crate::text;
pub mod battle_line;
mod before;
mod build;
pub mod champion;
pub mod combat;
pub mod friend;
pub mod part;
pub use crate::profile;
mod pursuit;
mod redirect;
pub mod reference;
pub(crate) mod source;

use crate::error::InputError;
use std::path::Path;

/// Reads and parses a TOML file into `T`; errors point at the file, line,
/// column and key.
pub fn load<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, InputError> {
    let text = crate::files::read_text(path, crate::files::MAX_TOML_BYTES)
        .map_err(|e| InputError::new(path.display().to_string(), e.why()))?;
    parse(&text, &path.display().to_string())
}

/// A profile file `field` of another file names (`profile_file`), read as
/// a `T`. An error is the referring field's: a file it cannot read, or a
/// scenario or query file given where a profile is expected; the named
/// file's own error keeps its line and column, after the field.
pub(crate) fn load_referred<T: serde::de::DeserializeOwned>(
    path: &Path,
    field: &str,
) -> Result<T, InputError> {
    let shown = path.display().to_string();
    let text = crate::files::read_text(path, crate::files::MAX_TOML_BYTES)
        .map_err(|e| InputError::new(field, e.why_of(&shown)))?;
    let other_kind = toml::from_str::<toml::Table>(&text).ok().and_then(|t| {
        [
            "query",
            "attacker",
            "defender",
            "situation",
            "unit",
            "event",
        ]
        .into_iter()
        .find(|k| t.contains_key(*k))
    });
    if let Some(key) = other_kind {
        return Err(InputError::new(
            field,
            text!("{} is a scenario or query file (it has `{}`), not a profile (accepted: a profile file, e.g. scenarios/profiles/orc_boy.toml)", &shown, key),
        ));
    }
    parse(&text, &shown).map_err(|e| InputError::new(field, e.text()))
}

/// A file name a file gives (`profile_file = "orc_boy.toml"`): a string.
/// A TOML date or number there is the wrong type, not a file to look for.
pub(crate) fn file_name<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<String>, D::Error> {
    use serde::Deserialize;
    match toml::Value::deserialize(d)? {
        toml::Value::String(s) => Ok(Some(s)),
        other => Err(crate::words::serde::custom(text!(
            "invalid type: {}, expected a file name in quotes (e.g. \"profiles/orc_boy.toml\")",
            crate::words::serde::phrase(other.type_str())
        ))),
    }
}

/// Parses TOML `text` (named `name` in errors) into `T`.
pub fn parse<T: serde::de::DeserializeOwned>(text: &str, name: &str) -> Result<T, InputError> {
    toml::from_str(text).map_err(|e| {
        let message = e.message().trim().replace('\n', " ");
        let Some(span) = e.span() else {
            return InputError::new(name, crate::words::serde::message(&message));
        };
        // A field missing from the whole file: no line of it is at fault.
        if span.start == 0 && message.starts_with("missing field") {
            return InputError::new(name, crate::words::serde::message(&message));
        }
        let before = &text[..span.start.min(text.len())];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        let line_text = text[line_start..].lines().next().unwrap_or("");
        // The key of a `key = value` line, unless the message names it
        // already or the line only opens the table missing a field.
        let key = Some(line_text)
            .filter(|_| !message.starts_with("missing field"))
            .unwrap_or("")
            .split_once('=')
            .map(|(k, _)| k.trim().trim_matches('"'))
            .filter(|k| !k.is_empty() && !message.contains(&format!("`{k}`")));
        let message = match key {
            Some(k) => text!("{}: {}", k, crate::words::serde::message(&message)),
            None => crate::words::serde::message(&message),
        };
        InputError::new(format!("{name}:{line}:{column}"), message)
    })
}
