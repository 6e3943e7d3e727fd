//! Bad input: one line naming the field and the accepted values. The binary
//! prints it after `error: ` and exits with code 2. The message is our
//! words ([`Text`]), so it follows `--lang`; the field is the user's.

use crate::text;
use crate::words::lang::Lang;
use crate::words::text::Text;

/// Bad input, as one line: `field: message` (in English; [`render`](Self::render)
/// for another language).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct InputError {
    /// The flag or scenario field at fault, e.g. `--wheel`.
    pub field: String,
    /// What is wrong and what is accepted.
    pub message: Text,
    /// Where the bad value came from.
    pub origin: Origin,
}

/// Where a bad value came from, for callers that blame one source or
/// another (a sweep tells a file's own errors from its `--vary` values').
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Origin {
    /// A flag, a file or a field.
    #[default]
    Input,
    /// A `--set` (or `--vary`) override the file refused; the message shows
    /// the overrides.
    Override,
}

impl InputError {
    /// The error of `field`: what is wrong and what is accepted.
    pub fn new(field: impl Into<String>, message: impl Into<Text>) -> Self {
        InputError {
            field: field.into(),
            message: message.into(),
            origin: Origin::Input,
        }
    }

    /// The error of a field of file `file`: `file: field`. An override's
    /// error stays the override's.
    pub fn in_file(self, file: &str) -> Self {
        match self.origin {
            Origin::Override => self,
            Origin::Input => InputError {
                field: format!("{file}: {}", self.field),
                ..self
            },
        }
    }

    /// Refuses the first of `given`'s keys that is set, named by
    /// `field(key)`, with `message`: keys that do not belong where they
    /// were written.
    pub(crate) fn refuse_given(
        given: &[(&str, bool)],
        field: impl Fn(&str) -> String,
        message: impl FnOnce() -> Text,
    ) -> Result<(), Self> {
        match given.iter().find(|(_, set)| *set) {
            Some((key, _)) => Err(InputError::new(field(key), message())),
            None => Ok(()),
        }
    }

    /// A `--set` override the file refused: `message` says what and shows
    /// the overrides.
    pub fn bad_override(message: impl Into<Text>) -> Self {
        InputError {
            origin: Origin::Override,
            ..InputError::new("--set", message)
        }
    }

    /// The whole error as a text: `field: message`.
    pub fn text(&self) -> Text {
        text!("{}: {}", &self.field, self.message.clone())
    }

    /// The line in `lang`: `field: message`.
    pub fn render(&self, lang: Lang) -> String {
        format!("{}: {}", self.field, self.message.render(lang))
    }
}

/// The table at index `i` (from 0) of a list of tables as `--set` and
/// errors name it, counting from 1: `unit.1` is the first `[[unit]]`.
pub(crate) fn entry(list: &str, i: usize) -> String {
    format!("{list}.{}", i + 1)
}

pub use crate::words::text::shown;

/// A value as an error echoes it: at most its first 32 characters, so a
/// huge value does not bury the line (a file's path is shown whole:
/// [`names_a_file`]).
///
/// # Example
///
/// ```
/// use mathhammer::error::echo;
/// assert_eq!(echo("7.5"), "7.5");
/// assert_eq!(echo(&"9".repeat(301)), format!("{}... (301 characters)", "9".repeat(32)));
/// ```
pub fn echo(value: &str) -> String {
    match value.char_indices().nth(32) {
        None => value.to_string(),
        Some((end, _)) => format!(
            "{}... ({} characters)",
            &value[..end],
            value.chars().count()
        ),
    }
}

/// Whether `word` (a word of an error's line, without its quotes) names a
/// file: it holds a folder separator (`/` or a backslash), or it or its part before
/// a `:` (`army.ros:Boyz`) ends in a file's extension. An error shows a
/// file's path whole, however long (a path cut short names no file); other
/// long values are [`echo`]ed short.
///
/// # Example
///
/// ```
/// use mathhammer::error::names_a_file;
/// assert!(names_a_file("/tmp/lists/orcs.ros"));
/// assert!(names_a_file("orcs.ROSZ:Boyz"));
/// assert!(names_a_file("profiles\\orc_boy.toml"));
/// assert!(!names_a_file(&"9".repeat(301)));
/// assert!(!names_a_file("1.5e300"));
/// ```
pub fn names_a_file(word: &str) -> bool {
    let extension = |name: &str| {
        name.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty()
                && (1..=5).contains(&ext.len())
                && ext.starts_with(|c: char| c.is_ascii_alphabetic())
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
        })
    };
    word.contains(['/', '\\']) || word.split(':').any(extension)
}

/// Checks `lo <= value <= hi` for a distance-like `field`.
pub fn check_range(
    field: &str,
    value: f64,
    lo: f64,
    hi: f64,
    lo_open: bool,
    unit: &str,
) -> Result<(), InputError> {
    let low_ok = if lo_open { value > lo } else { value >= lo };
    if value.is_finite() && low_ok && value <= hi {
        return Ok(());
    }
    let accepted = if lo_open {
        text!("above {} up to {} {}", lo, hi, unit)
    } else {
        text!("from {} up to {} {}", lo, hi, unit)
    };
    Err(InputError::new(
        field,
        text!("{} is out of range (accepted: {})", shown(value), accepted),
    ))
}
