//! serde's and toml's messages as [`Text`], so that a file's errors follow
//! `--lang` like ours. Both crates hand a message over as a string; this is
//! the one place that reads one back:
//!
//! - our own messages, raised inside a `Deserialize` through [`custom`],
//!   travel as English strings and are found again whole (the [`Text`] is
//!   kept beside the string, per thread, for the parse that raised it);
//! - serde's fixed forms (`unknown field`, `missing field`, `invalid type`,
//!   ...) and toml's syntax phrases become templates with the names and
//!   values in them kept as written;
//! - anything else is kept as written.
//!
//! # Example
//!
//! ```
//! use mathhammer::words::{lang::Lang, serde::message};
//! let m = message("unknown field `modls`, expected one of `models`, `name`");
//! assert_eq!(m.render(Lang::En), "unknown field `modls`, expected one of `models`, `name`");
//! assert_eq!(m.render(Lang::Es), "campo desconocido `modls`; se esperaba uno de `models`, `name`");
//! ```

use super::text::Text;
use crate::text;
use std::cell::RefCell;

/// toml's and serde's phrases translated whole: what a syntax error found,
/// what it expected, and the kinds of value serde names.
pub(crate) const PHRASES: &[&str] = &[
    "a boolean",
    "a sequence",
    "a string",
    "array",
    "boolean",
    "datetime",
    "duplicate key",
    "f64",
    "float",
    "floating point",
    "i64",
    "integer",
    "invalid basic string",
    "invalid key",
    "invalid number",
    "invalid string",
    "invalid table header",
    "key with no value",
    "literal string",
    "map",
    "sequence",
    "string",
    "string values must be quoted",
    "table",
    "u32",
    "u64",
    "u8",
    "unclosed array",
    "unclosed table",
    "unit value",
];

thread_local! {
    /// Our messages raised in this thread's parse, by their English.
    static CARRIED: RefCell<Vec<(String, Text)>> = const { RefCell::new(Vec::new()) };
}

/// The most messages kept: a parse stops at its first error.
const KEPT: usize = 8;

/// A serde error carrying our `message`: its English for serde, the
/// [`Text`] kept for [`message`] to find.
pub fn custom<E: ::serde::de::Error>(message: Text) -> E {
    E::custom(carried(message))
}

/// Our `message`, kept for [`message`] to find when serde hands it back as
/// English (an error of a `TryFrom` that `#[serde(try_from)]` calls).
pub fn carried(message: Text) -> Text {
    let english = message.to_string();
    CARRIED.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() == KEPT {
            c.remove(0);
        }
        c.push((english, message.clone()));
    });
    message
}

/// serde's or toml's `message` (one line) as a [`Text`].
pub fn message(message: &str) -> Text {
    let message = message.trim();
    if let Some(ours) = CARRIED.with(|c| {
        c.borrow()
            .iter()
            .rev()
            .find(|(english, _)| english == message)
            .map(|(_, t)| t.clone())
    }) {
        return ours;
    }
    serde_form(message)
        .or_else(|| toml_form(message))
        .unwrap_or_else(|| Text::kept(message))
}

/// The forms of `serde::de::Error`'s provided messages.
fn serde_form(m: &str) -> Option<Text> {
    if let Some(rest) = m.strip_prefix("unknown field ") {
        let (name, tail) = quoted(rest)?;
        return Some(match expected(tail) {
            Some(e) => text!("unknown field {}, expected {}", name, e),
            None => text!("unknown field {}", name),
        });
    }
    if let Some(rest) = m.strip_prefix("unknown variant ") {
        let (name, tail) = quoted(rest)?;
        return Some(match expected(tail) {
            Some(e) => text!("unknown variant {}, expected {}", name, e),
            None => text!("unknown variant {}", name),
        });
    }
    if let Some(rest) = m.strip_prefix("missing field ") {
        return Some(text!("missing field {}", rest));
    }
    if let Some(rest) = m.strip_prefix("duplicate field ") {
        return Some(text!("duplicate field {}", rest));
    }
    if let Some(rest) = m.strip_prefix("invalid type: ") {
        let (found, wanted) = rest.rsplit_once(", expected ")?;
        return Some(text!(
            "invalid type: {}, expected {}",
            kind(found),
            phrase(wanted)
        ));
    }
    if let Some(rest) = m.strip_prefix("invalid value: ") {
        let (found, wanted) = rest.rsplit_once(", expected ")?;
        return Some(text!(
            "invalid value: {}, expected {}",
            kind(found),
            phrase(wanted)
        ));
    }
    None
}

/// toml's syntax errors: a phrase, then what it expected.
fn toml_form(m: &str) -> Option<Text> {
    let (what, wanted) = match m.split_once(", expected ") {
        Some((what, wanted)) => (what, Some(wanted)),
        None => (m, None),
    };
    let what: &'static str = PHRASES.iter().find(|p| **p == what).copied()?;
    Some(match wanted {
        Some(w) => text!("{}, expected {}", Text::words(what), phrase(w)),
        None => Text::words(what),
    })
}

/// `` `name` `` and what follows it.
fn quoted(s: &str) -> Option<(String, &str)> {
    let inner = s.strip_prefix('`')?;
    let end = inner.find('`')?;
    Some((format!("`{}`", &inner[..end]), &inner[end + 1..]))
}

/// The tail `, expected one of ...` / `, expected ...` as a text.
fn expected(tail: &str) -> Option<Text> {
    if let Some(list) = tail.strip_prefix(", expected one of ") {
        return Some(text!("one of {}", list));
    }
    if let Some(one) = tail.strip_prefix(", expected ") {
        return Some(Text::kept(one));
    }
    if tail == ", there are no fields" || tail == ", there are no variants" {
        return Some(text!("nothing"));
    }
    None
}

/// A value serde found: its kind translated, the value kept
/// (`string "x"`, `floating point `2.5``).
fn kind(found: &str) -> Text {
    let longest = PHRASES
        .iter()
        .copied()
        .filter(|p| found.starts_with(p))
        .max_by_key(|p| p.len());
    match longest {
        Some(k) => Text::words(k).then(Text::kept(&found[k.len()..])),
        None => Text::kept(found),
    }
}

/// A phrase of serde's or toml's translated whole, anything else kept.
pub(crate) fn phrase(s: &str) -> Text {
    // A Rust type says nothing to a player: what it holds.
    match s {
        "i64" | "u64" | "u32" | "u8" => return text!("a whole number"),
        "f64" => return text!("a number"),
        _ => {}
    }
    match PHRASES.iter().copied().find(|p| *p == s) {
        Some(p) => Text::words(p),
        None => Text::kept(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::lang::Lang;

    #[test]
    fn our_message_comes_back_whole() {
        let e: toml::de::Error = custom(text!("no profile"));
        let back = message(e.message());
        assert_eq!(back.render(Lang::Es), "sin perfil");
    }

    #[test]
    fn serde_and_toml_forms_translate_and_keep_their_values() {
        // As serde writes it, in English, in Spanish: a Rust type named by
        // what it holds.
        let cases = [
            (
                "invalid type: string \"x\", expected i64",
                "invalid type: string \"x\", expected a whole number",
                "tipo no válido: texto \"x\"; se esperaba un número entero",
            ),
            (
                "invalid type: floating point `1000.0`, expected u32",
                "invalid type: floating point `1000.0`, expected a whole number",
                "tipo no válido: número decimal `1000.0`; se esperaba un número entero",
            ),
            (
                "missing field `models`",
                "missing field `models`",
                "falta el campo `models`",
            ),
            (
                "unclosed table, expected `]`",
                "unclosed table, expected `]`",
                "tabla sin cerrar; se esperaba `]`",
            ),
            ("something new", "something new", "something new"),
        ];
        for (serde, english, spanish) in cases {
            let t = message(serde);
            assert_eq!(t.render(Lang::En), english);
            assert_eq!(t.render(Lang::Es), spanish);
        }
    }
}
