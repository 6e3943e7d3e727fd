//! Scenario and profile files (TOML) and their validation. Every error names
//! the file, line, column and field, and the accepted values.

pub mod battle_line;
mod build;
pub mod combat;
pub mod friend;
pub mod profile;
mod redirect;

use crate::error::InputError;
use std::path::Path;

/// Reads and parses a TOML file into `T`; errors point at the file, line,
/// column and key.
pub fn load<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, InputError> {
    let text = crate::files::read_to_string(path).map_err(|e| {
        InputError::new(
            path.display().to_string(),
            format!("cannot read the file: {e}"),
        )
    })?;
    parse(&text, &path.display().to_string())
}

/// Parses TOML `text` (named `name` in errors) into `T`.
pub fn parse<T: serde::de::DeserializeOwned>(text: &str, name: &str) -> Result<T, InputError> {
    toml::from_str(text).map_err(|e| {
        let message = e.message().trim().replace('\n', " ");
        let Some(span) = e.span() else {
            return InputError::new(name, message);
        };
        // A field missing from the whole file: no line of it is at fault.
        if span.start == 0 && message.starts_with("missing field") {
            return InputError::new(name, message);
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
            Some(k) => format!("{k}: {message}"),
            None => message,
        };
        InputError::new(format!("{name}:{line}:{column}"), message)
    })
}
