//! An army book named as players type it: in any case and with any
//! punctuation, by its book's name, its key, its Spanish name or one of
//! its `armies.toml` words whole (`empire`, `dwarfs`), else by the start of words of one of
//! them, in their order, that only one book fits (`vampire`, `dwarfs
//! 2001`, `orcs gob`).

use super::ArmyBook;
use crate::text;
use crate::words::text::Text;

/// A name's words as matching compares them: lower case, split at
/// anything not a letter or a digit (`Dwarfs (2001)` as `dwarfs 2001`).
fn words(name: &str) -> Vec<String> {
    name.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Every name army `a` answers to, as words.
fn names(a: &ArmyBook) -> Vec<Vec<String>> {
    [&a.book, &a.key]
        .into_iter()
        .chain(&a.words)
        .chain(&a.spanish)
        .map(|n| words(n))
        .collect()
}

/// Whether each of `typed`'s words starts a word of `name`, in their
/// order (`orcs gob` of `orcs and goblins`).
fn starts(name: &[String], typed: &[String]) -> bool {
    let mut rest = name.iter();
    typed
        .iter()
        .all(|t| rest.any(|n| n.starts_with(t.as_str())))
}

/// The army of `armies` `typed` names, or why none: an error naming the
/// armies it fits, or those accepted.
pub(super) fn named<'a>(armies: &'a [ArmyBook], typed: &str) -> Result<&'a ArmyBook, Text> {
    let wanted = words(typed);
    let fitting = |fits: &dyn Fn(&[String]) -> bool| -> Vec<&'a ArmyBook> {
        match wanted.is_empty() {
            true => Vec::new(),
            false => (armies.iter())
                .filter(|a| names(a).iter().any(|n| fits(n)))
                .collect(),
        }
    };
    let whole = fitting(&|n| n == wanted.as_slice());
    let found = match whole.is_empty() {
        true => fitting(&|n| starts(n, &wanted)),
        false => whole,
    };
    match found.as_slice() {
        [one] => Ok(one),
        [] => Err(text!(
            "no army '{}' (accepted: a roster file, or an army book: {})",
            typed,
            list(armies.iter())
        )),
        several => Err(text!(
            "'{}' fits {} armies: {} (accepted: more of a name)",
            typed,
            several.len(),
            list(several.iter().copied())
        )),
    }
}

/// Armies as an error lists them: their keys.
fn list<'a>(armies: impl Iterator<Item = &'a ArmyBook>) -> String {
    armies
        .map(|a| a.key.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}
