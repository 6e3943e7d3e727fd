//! A unit named by its words in another order than the book's
//! (`chaos warriors` for `Warriors of Chaos`): asked where no unit fits
//! the name as typed (`roster::find`'s ways), each typed word must be a
//! word of the unit's name (or its singular or plural), each a word of
//! its own; of the units it fits, those with the fewest words left over
//! are the ones it names.

use crate::roster::find::one_or_more;

/// A name's words as this compares them: lower case, split at anything
/// not a letter or a digit.
fn words(name: &str) -> Vec<String> {
    name.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The places of the `names` that `typed`'s words (two or more) name in
/// any order, those with the fewest words left over: one where the name
/// is found, several where they tie, none where no name has them all.
pub(super) fn fitting(names: &[&str], typed: &str) -> Vec<usize> {
    let wanted = words(typed);
    if wanted.len() < 2 {
        return Vec::new();
    }
    let left_over: Vec<(usize, usize)> = (names.iter().enumerate())
        .filter_map(|(i, n)| unmatched(&words(n), &wanted).map(|rest| (i, rest)))
        .collect();
    let fewest = left_over.iter().map(|(_, rest)| *rest).min();
    (left_over.iter())
        .filter(|(_, rest)| Some(*rest) == fewest)
        .map(|(i, _)| *i)
        .collect()
}

/// How many of `name`'s words are left once each of `wanted` takes one
/// of them, or none where a wanted word finds none.
fn unmatched(name: &[String], wanted: &[String]) -> Option<usize> {
    let mut free: Vec<&String> = name.iter().collect();
    for w in wanted {
        let at = free.iter().position(|n| one_or_more(n, w))?;
        free.remove(at);
    }
    Some(free.len())
}

#[cfg(test)]
mod tests {
    use super::fitting;

    #[test]
    fn words_in_another_order_name_the_unit_with_fewest_left_over() {
        let names = ["Warriors of Chaos", "Knights of Chaos", "Chaos Warhounds"];
        assert_eq!(fitting(&names, "chaos warriors"), [0]);
        assert_eq!(fitting(&names, "Chaos Warrior"), [0]);
        assert_eq!(fitting(&names, "chaos knight"), [1]);
        // Every word must be the name's: no unit has both.
        assert!(fitting(&names, "chaos halberdiers").is_empty());
        // One word is the name's own matching's, not this.
        assert!(fitting(&names, "chaos").is_empty());
        let fewer = ["Black Orc Boyz", "Orc Black Boyz Big"];
        assert_eq!(fitting(&fewer, "orc black"), [0]);
        let same = ["Chaos Knights", "Knights of Chaos"];
        assert_eq!(fitting(&same, "knights chaos"), [0]);
        assert_eq!(
            fitting(&["Of Chaos Knights", "Knights of Chaos"], "knights chaos"),
            [0, 1]
        );
    }
}
