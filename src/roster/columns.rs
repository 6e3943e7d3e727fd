//! A profile's `Sv`, `Sv+` and `US` columns (the game system's armour
//! save, ward save and unit strength) read for what they mean, or refused
//! with why: the data writes plain numbers (`5`, `5+`; `7` for none) and
//! also bonuses a steed gives its rider (`+1`), saves under conditions
//! (`(4)`, `4+ (shooting)`, `4+(2+)`, `2+*`) and values no rule gives
//! (`Sv 11`, a Kroxigor's `US 30`).
//!
//! **How.** A save column plays a plain save from 1+ (a ward from 2+) to
//! 6+; nothing, `-` or 7 and more is none; anything else is not played,
//! and said so where it would have been. A unit strength plays a plain
//! number a model of its Wounds can have: 1 to 3, or, for a model of 3
//! Wounds or more, up to its Wounds and four more (a monster and its
//! riders or crew). RULES.md Profiles.

use super::body::Body;
use super::gear::Gear;
use super::value::Read;
use crate::rules::saves::BodyArmour;
use crate::text;
use crate::words::text::Text;

/// A column as read.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Column {
    /// A value to play.
    Played(u8),
    /// Nothing written, or none (`-`, `7`).
    Nothing,
    /// Written and not played: why.
    Refused(Text),
}

impl Column {
    /// The value played, if any.
    pub fn played(&self) -> Option<u8> {
        match self {
            Column::Played(v) => Some(*v),
            _ => None,
        }
    }
}

/// What column `c` plays; a value written and not played is noted in
/// `notes`.
pub(super) fn noted(c: Column, notes: &mut Vec<Text>) -> Option<u8> {
    if let Column::Refused(why) = &c {
        notes.push(why.clone());
    }
    c.played()
}

/// The save given outright and the ward a unit plays from its gear `g`
/// and the columns of `b` (its rank and file, or its chariot): the better
/// ward of the two; the `Sv` column's save where the gear gives no armour
/// (`shield` a shield it fights with) and it is no `chariot` (whose
/// builder reads its own), noted. RULES.md Profiles.
pub(super) fn saves(
    g: &Gear,
    shield: bool,
    chariot: bool,
    b: &Body,
    notes: &mut Vec<Text>,
) -> (Option<u8>, Option<u8>) {
    let ward = g.ward.into_iter().chain(noted(ward(b), notes)).min();
    let armoured = g.body != BodyArmour::None
        || shield
        || g.shield
        || g.barding.is_some()
        || g.natural.is_some()
        || g.armour_bonus > 0;
    let save = match (g.save, armoured || chariot) {
        (Some(save), _) => Some(save),
        (None, true) => None,
        (None, false) => {
            let column = noted(armour(b), notes);
            if let Some(n) = column {
                notes.push(text!(
                    "{} Sv {}+: the profile's save played, its gear giving none",
                    &b.profile.name,
                    n
                ));
            }
            column
        }
    };
    (save, ward)
}

/// Save column `key` (`Sv`, `Sv+`) of `b`, from `lo`+ to 6+.
fn save(b: &Body, key: &str, lo: u8) -> Column {
    let written = b.written(key).trim();
    let plain = written.strip_suffix('+').unwrap_or(written);
    match Read::of(plain) {
        Read::Absent => Column::Nothing,
        Read::Num(n) if (lo..=6).contains(&n) => Column::Played(n),
        Read::Num(7..=10) => Column::Nothing,
        _ => Column::Refused(text!(
            "{} {} {}: not a save the tool plays ({}+ to 6+)",
            &b.profile.name,
            key,
            written,
            lo
        )),
    }
}

/// The ward save `b`'s `Sv+` column writes.
pub(super) fn ward(b: &Body) -> Column {
    save(b, "Sv+", 2)
}

/// The armour save `b`'s `Sv` column writes: the save the army book gives
/// the model with its usual gear.
pub(super) fn armour(b: &Body) -> Column {
    save(b, "Sv", 1)
}

/// The unit strength of one of `b`'s models, as its `US` column writes it.
pub(super) fn unit_strength(b: &Body) -> Column {
    let written = b.written("US").trim();
    let wounds = b.read("W").number().unwrap_or(1);
    match Read::of(written) {
        Read::Absent => Column::Nothing,
        Read::Num(n) if (1..=3).contains(&n) || (wounds >= 3 && n <= wounds.saturating_add(4)) => {
            Column::Played(n)
        }
        Read::Num(n) => Column::Refused(text!(
            "{} US {}: not a unit strength a model of {} Wounds has (1 to 3; a monster of 3 Wounds or more, up to its Wounds and 4 more); its troop type's played",
            &b.profile.name,
            n,
            wounds
        )),
        // `(4)`, `3 (1 per crew)`, `1(7)`: a chariot's or a war machine's,
        // or one under conditions; its troop type decides.
        _ => Column::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roster::body::{Place, Shape};
    use crate::roster::xml::{RawProfile, Selection};

    /// What `f` reads of column `key` written `value` on a model of
    /// `wounds` Wounds.
    fn column(wounds: &str, key: &str, value: &str, f: fn(&Body) -> Column) -> Column {
        let profile = RawProfile {
            name: "p".into(),
            kind: "Profile".into(),
            characteristics: vec![("W".into(), wounds.into()), (key.into(), value.into())],
        };
        let at = Selection::default();
        let b = Body {
            profile: &profile,
            at: &at,
            place: Place::Unit,
            count: 1,
            shape: Shape::Fighter,
            holder: None,
            within: 1,
            named: false,
            each: false,
            beside: false,
        };
        f(&b)
    }

    #[test]
    fn saves_are_read_for_what_they_mean() {
        assert_eq!(column("1", "Sv+", "5", ward), Column::Played(5));
        assert_eq!(column("1", "Sv+", "4+", ward), Column::Played(4));
        assert_eq!(column("1", "Sv+", "7", ward), Column::Nothing);
        assert_eq!(column("1", "Sv+", "-", ward), Column::Nothing);
        for refused in ["(4)", "+5", "2+*", "4+ (Missiles)", "1"] {
            assert!(
                matches!(column("1", "Sv+", refused, ward), Column::Refused(_)),
                "{refused}"
            );
        }
        assert_eq!(column("1", "Sv", "1", armour), Column::Played(1));
        assert!(matches!(
            column("1", "Sv", "11", armour),
            Column::Refused(_)
        ));
        assert!(matches!(
            column("1", "Sv", "+1", armour),
            Column::Refused(_)
        ));
    }

    #[test]
    fn unit_strength_is_a_models_or_refused() {
        assert_eq!(column("1", "US", "2", unit_strength), Column::Played(2));
        assert_eq!(column("6", "US", "6", unit_strength), Column::Played(6));
        // A Kroxigor's US 30, a zombie crewman's 4.
        assert!(matches!(
            column("3", "US", "30", unit_strength),
            Column::Refused(_)
        ));
        assert!(matches!(
            column("1", "US", "4", unit_strength),
            Column::Refused(_)
        ));
        assert_eq!(column("3", "US", "(4)", unit_strength), Column::Nothing);
    }
}
