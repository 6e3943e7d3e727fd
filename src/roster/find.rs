//! Naming a roster's unit: by its name as people type it, or by its number
//! in the listing. Names are compared as [`words`] gives them (Unicode's
//! lower case, any spaces, without the list's `0-1`), and a unit is picked
//! by the first of these that only one unit fits: its whole name; its name
//! with a word singular or plural (`Knight` for `Knights`: s, es, ies and
//! y); words of its name in their order, as typed (`swordmasters` for
//! `Swordmasters of Hoeth`, not `Eltharion, the Swordmaster`), then each
//! singular or plural (`knight` for `Knights of the Knightly Orders`).
//! Units that tie are listed with their numbers; a name that matches
//! nothing is answered with the closest names of the list (strsim's
//! Jaro-Winkler over the same words), so a typo is fixed from the error
//! alone.

use super::{Roster, RosterUnit};
use crate::text;
use crate::words::text::Text;
use serde::{Deserialize, Deserializer};
use std::fmt;

/// A unit of a roster, as a scenario's `unit = ...` or `FILE:NAME` names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnitKey {
    /// Its number in `mathhammer roster FILE`, from 1.
    Number(usize),
    /// Its name, matched as people type it (the module's ways).
    Name(String),
}

impl UnitKey {
    /// A key from a command line's text: digits are a number.
    pub fn parse(text: &str) -> UnitKey {
        match text.trim().parse::<usize>() {
            Ok(n) => UnitKey::Number(n),
            Err(_) => UnitKey::Name(text.trim().to_string()),
        }
    }
}

impl fmt::Display for UnitKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnitKey::Number(n) => write!(f, "{n}"),
            UnitKey::Name(name) => write!(f, "'{name}'"),
        }
    }
}

impl<'de> Deserialize<'de> for UnitKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = UnitKey;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a unit's name or its number in the roster")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<UnitKey, E> {
                usize::try_from(v)
                    .ok()
                    .filter(|n| *n >= 1)
                    .map(UnitKey::Number)
                    .ok_or_else(|| E::custom(text!("{} is out of range (accepted: 1 or more)", v)))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<UnitKey, E> {
                Ok(UnitKey::Name(v.to_string()))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// The most names an error suggests.
const SUGGESTIONS: usize = 3;

impl Roster {
    /// The unit `key` names, or why none: a number past the list, a name
    /// the list does not have (with the closest it has), a name two units
    /// share (use the number).
    pub fn unit(&self, key: &UnitKey) -> Result<&RosterUnit, Text> {
        match key {
            UnitKey::Number(n) => self.units.get(n.wrapping_sub(1)).ok_or_else(|| {
                text!(
                    "no unit {} (accepted: a unit's name, or its number from 1 to {})",
                    n,
                    self.units.len()
                )
            }),
            UnitKey::Name(name) => self.named(name),
        }
    }

    /// The one unit `name` fits, by the first way of matching (the
    /// module's) that any unit fits.
    fn named(&self, name: &str) -> Result<&RosterUnit, Text> {
        let names: Vec<&str> = self.units.iter().map(|u| u.name.as_str()).collect();
        let units = |at: Vec<usize>| -> Vec<&RosterUnit> {
            at.into_iter().map(|i| &self.units[i]).collect()
        };
        match fit(&names, name) {
            Fit::One(i) => Ok(&self.units[i]),
            Fit::Same(same) => Err(text!(
                "{} units are named '{}' (accepted: their numbers, {})",
                same.len(),
                name,
                units(same)
                    .iter()
                    .map(|u| u.number.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            Fit::Several(several) => Err(text!(
                "'{}' fits {} units: {} (accepted: one of their numbers, or more of a name)",
                name,
                several.len(),
                numbered(&units(several))
            )),
            Fit::None => Err(text!(
                "no unit '{}' in the list ({}; accepted: a unit's name, or its number from 1 to {})",
                name,
                self.closest(&names, name),
                self.units.len()
            )),
        }
    }

    /// The names closest to `name`, most alike first, with their numbers.
    fn closest(&self, names: &[&str], name: &str) -> Text {
        let near: Vec<&RosterUnit> = closest(names, name, SUGGESTIONS)
            .into_iter()
            .map(|i| &self.units[i])
            .collect();
        match near.is_empty() {
            true => text!("none: the list has no units"),
            false => text!("closest: {}", numbered(&near)),
        }
    }
}

/// Which of a list's names a typed name fits, by the first way of
/// matching (the module's) that any name fits: their places in the list.
#[derive(Debug, PartialEq)]
pub(crate) enum Fit {
    /// One name.
    One(usize),
    /// Several names are the typed name itself.
    Same(Vec<usize>),
    /// Several names fit it by the first way any fits.
    Several(Vec<usize>),
    /// None.
    None,
}

/// Which of `names` `typed` fits (the module's ways, in order).
pub(crate) fn fit(names: &[&str], typed: &str) -> Fit {
    let wanted = words(typed);
    let names: Vec<Vec<String>> = names.iter().map(|n| words(n)).collect();
    let fitting = |fits: &dyn Fn(&[String]) -> bool| -> Vec<usize> {
        match wanted.is_empty() {
            true => Vec::new(),
            false => (names.iter().enumerate())
                .filter(|(_, n)| fits(n))
                .map(|(i, _)| i)
                .collect(),
        }
    };
    let same = fitting(&|n| n == wanted.as_slice());
    if same.len() > 1 {
        return Fit::Same(same);
    }
    let plural = || fitting(&|n| n.len() == wanted.len() && runs(n, &wanted));
    let part_as_typed = || fitting(&|n| n.windows(wanted.len()).any(|w| w == wanted.as_slice()));
    let part = || fitting(&|n| n.windows(wanted.len()).any(|w| runs(w, &wanted)));
    let found = [same, plural(), part_as_typed(), part()]
        .into_iter()
        .find(|at| !at.is_empty());
    match found {
        Some(at) if at.len() == 1 => Fit::One(at[0]),
        Some(at) => Fit::Several(at),
        None => Fit::None,
    }
}

/// The places of the `most` of `names` closest to `typed` (strsim's
/// Jaro-Winkler over their words), most alike first, the earlier first
/// among equals.
pub(crate) fn closest(names: &[&str], typed: &str, most: usize) -> Vec<usize> {
    let wanted = words(typed).join(" ");
    let mut scored: Vec<(f64, usize)> = (names.iter().enumerate())
        .map(|(i, n)| (strsim::jaro_winkler(&wanted, &words(n).join(" ")), i))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().take(most).map(|(_, i)| i).collect()
}

/// Units as an error lists them: `'Orc Boyz' (2), 'Orc Arrer Boyz' (3)`.
fn numbered(units: &[&RosterUnit]) -> String {
    units
        .iter()
        .map(|u| format!("'{}' ({})", u.name, u.number))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A unit's name as picking a unit compares it, for a match and for the
/// closest names alike: its words in Unicode's lower case (`Élite` as
/// `élite`), split at any run of spaces, without a leading count such as
/// the list's `0-1` (`0-1 Miners` as `miners`).
fn words(name: &str) -> Vec<String> {
    let mut words: Vec<String> = name.split_whitespace().map(str::to_lowercase).collect();
    let count = |w: &str| {
        w.split_once('-').is_some_and(|(lo, hi)| {
            [lo, hi]
                .iter()
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
    };
    if words.len() > 1 && count(&words[0]) {
        words.remove(0);
    }
    words
}

/// Whether `a` and `b` are the same words, each as it is or singular for
/// plural ([`one_or_more`]).
fn runs(a: &[String], b: &[String]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(a, b)| one_or_more(a, b))
}

/// Whether words `a` and `b` are the same word, or one the other's simple
/// English plural: `knight` and `knights`, `box` and `boxes`, `harpy` and
/// `harpies` (not `man` and `men`: no irregular plurals).
pub(crate) fn one_or_more(a: &str, b: &str) -> bool {
    let plural = |one: &str, more: &str| {
        one.chars().count() >= 2
            && match more.strip_prefix(one) {
                Some(end) => end == "s" || end == "es",
                None => one
                    .strip_suffix('y')
                    .and_then(|stem| more.strip_prefix(stem))
                    .is_some_and(|end| end == "ies"),
            }
    };
    a == b || plural(a, b) || plural(b, a)
}

#[cfg(test)]
mod tests {
    use super::{fit, one_or_more, words, Fit};

    #[test]
    fn words_as_typed_come_before_their_plurals() {
        let names = ["0-1 Swordmasters of Hoeth", "Eltharion, the Swordmaster"];
        assert_eq!(fit(&names, "swordmasters"), Fit::One(0));
        assert_eq!(fit(&names, "Swordmaster"), Fit::One(1));
        assert_eq!(fit(&names, "hoeth"), Fit::One(0));
        assert_eq!(fit(&names, "master"), Fit::None);
        let knights = ["Knights of the Realm", "Knight Errant"];
        assert_eq!(fit(&knights, "knight"), Fit::One(1));
        assert_eq!(fit(&knights, "knights"), Fit::One(0));
        assert_eq!(
            fit(&["Orc Boyz", "Orc Arrer Boyz"], "orc"),
            Fit::Several(vec![0, 1])
        );
    }

    #[test]
    fn names_are_compared_as_their_words() {
        assert_eq!(words(" Savage Orc  SHAMAN "), ["savage", "orc", "shaman"]);
        assert_eq!(words("0-1 Miners"), ["miners"]);
        assert_eq!(words("0-12 Grail Knights"), ["grail", "knights"]);
        assert_eq!(words("0-1"), ["0-1"]);
        assert_eq!(words("1- Miners"), ["1-", "miners"]);
        assert_eq!(words("ÉLITE\u{a0}Guard"), ["élite", "guard"]);
    }

    #[test]
    fn a_word_is_itself_or_its_simple_plural() {
        for (a, b) in [
            ("knight", "knights"),
            ("boxes", "box"),
            ("harpy", "harpies"),
            ("orc", "orc"),
        ] {
            assert!(one_or_more(a, b), "{a} {b}");
        }
        for (a, b) in [
            ("boy", "boyz"),
            ("man", "men"),
            ("s", "ss"),
            ("harpy", "harpie"),
            ("knight", "knightly"),
        ] {
            assert!(!one_or_more(a, b), "{a} {b}");
        }
    }
}
