//! Bad input: one line naming the field and the accepted values. The binary
//! prints it after `error: ` and exits with code 2.

/// Bad input, as one line: `field: message`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct InputError {
    /// The flag or scenario field at fault, e.g. `--wheel`.
    pub field: String,
    /// What is wrong and what is accepted.
    pub message: String,
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
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        InputError {
            field: field.into(),
            message: message.into(),
            origin: Origin::Input,
        }
    }

    /// A `--set` override the file refused: `message` says what and shows
    /// the overrides.
    pub fn bad_override(message: impl Into<String>) -> Self {
        InputError {
            origin: Origin::Override,
            ..InputError::new("--set", message)
        }
    }
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
    let bound = if lo_open { "above" } else { "from" };
    Err(InputError::new(
        field,
        format!("{value} is out of range (accepted: {bound} {lo} up to {hi} {unit})"),
    ))
}
