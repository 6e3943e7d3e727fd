//! Rule, weapon and armour names as army-list data spells them, and what
//! the tool plays for each: the one place a roster name meets the model
//! (README, Rosters: the same table in words).
//!
//! **How.** A name is matched lowercased, with `-` and `_` as spaces and a
//! trailing `s` or a save's `(N+)` set aside: `Spears` is a spear, `Scaly
//! Skin (5+)` natural armour of 5+.

use crate::rules::saves::BodyArmour;
use crate::rules::special::SpecialRule;
use crate::rules::weapons::Weapon;

/// What a name is played as.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Played {
    /// A special rule the fights play.
    Rule(SpecialRule),
    /// A close-combat weapon.
    Weapon(Weapon),
    /// Body armour.
    Body(BodyArmour),
    Shield,
    Barding,
    /// Natural armour (Scaly Skin), its save alone: 6 for 6+.
    Natural(u8),
    /// A ward save: 5 for 5+.
    Ward(u8),
    Regeneration,
    /// Missile weapons: `shoot` plays them, fights do not.
    Missile,
    /// A rule that decides nothing in a fight (Scouts, Aquatic).
    NoEffectInFights,
}

/// Every name the tool knows. A name not here is listed as not played.
const NAMES: &[(&str, Played)] = &[
    ("fear", Played::Rule(SpecialRule::Fear)),
    ("cause fear", Played::Rule(SpecialRule::Fear)),
    ("causes fear", Played::Rule(SpecialRule::Fear)),
    ("terror", Played::Rule(SpecialRule::Terror)),
    ("cause terror", Played::Rule(SpecialRule::Terror)),
    ("causes terror", Played::Rule(SpecialRule::Terror)),
    ("hatred", Played::Rule(SpecialRule::Hatred)),
    ("frenzy", Played::Rule(SpecialRule::Frenzy)),
    ("stubborn", Played::Rule(SpecialRule::Stubborn)),
    ("unbreakable", Played::Rule(SpecialRule::Unbreakable)),
    (
        "immune to psychology",
        Played::Rule(SpecialRule::ImmuneToPsychology),
    ),
    ("killing blow", Played::Rule(SpecialRule::KillingBlow)),
    ("poisoned attacks", Played::Rule(SpecialRule::Poison)),
    ("poison", Played::Rule(SpecialRule::Poison)),
    (
        "always strikes first",
        Played::Rule(SpecialRule::AlwaysStrikesFirst),
    ),
    (
        "always strikes last",
        Played::Rule(SpecialRule::StrikesLast),
    ),
    ("animosity", Played::Rule(SpecialRule::Animosity)),
    ("cold blooded", Played::Rule(SpecialRule::ColdBlooded)),
    ("stupidity", Played::Rule(SpecialRule::Stupidity)),
    ("armour piercing", Played::Rule(SpecialRule::ArmourPiercing)),
    ("flaming attacks", Played::Rule(SpecialRule::Flaming)),
    ("regeneration", Played::Regeneration),
    ("hand weapon", Played::Weapon(Weapon::HandWeapon)),
    (
        "additional hand weapon",
        Played::Weapon(Weapon::AdditionalHandWeapon),
    ),
    ("great weapon", Played::Weapon(Weapon::GreatWeapon)),
    ("halberd", Played::Weapon(Weapon::Halberd)),
    ("flail", Played::Weapon(Weapon::Flail)),
    ("morning star", Played::Weapon(Weapon::MorningStar)),
    ("spear", Played::Weapon(Weapon::Spear)),
    ("cavalry spear", Played::Weapon(Weapon::Spear)),
    ("lance", Played::Weapon(Weapon::Lance)),
    ("light armour", Played::Body(BodyArmour::Light)),
    ("heavy armour", Played::Body(BodyArmour::Heavy)),
    ("shield", Played::Shield),
    ("barding", Played::Barding),
    ("scaly skin", Played::Natural(0)),
    ("ward save", Played::Ward(0)),
    ("bow", Played::Missile),
    ("short bow", Played::Missile),
    ("long bow", Played::Missile),
    ("longbow", Played::Missile),
    ("crossbow", Played::Missile),
    ("repeater crossbow", Played::Missile),
    ("handgun", Played::Missile),
    ("blowpipe", Played::Missile),
    ("javelin", Played::Missile),
    ("throwing axe", Played::Missile),
    ("sling", Played::Missile),
    ("pistol", Played::Missile),
    ("scouts", Played::NoEffectInFights),
    ("scout", Played::NoEffectInFights),
    ("aquatic", Played::NoEffectInFights),
    ("fast cavalry", Played::NoEffectInFights),
    ("ambushers", Played::NoEffectInFights),
    ("vanguard", Played::NoEffectInFights),
    ("move through cover", Played::NoEffectInFights),
    ("skirmish screen", Played::NoEffectInFights),
    ("defensive stakes", Played::NoEffectInFights),
];

/// What `name` is played as, if the tool plays it or knows it decides no
/// fight.
pub(crate) fn played(name: &str) -> Option<Played> {
    let (key, save) = normalised(name);
    let find = |k: &str| NAMES.iter().find(|(n, _)| *n == k).map(|&(_, p)| p);
    let found = find(&key).or_else(|| key.strip_suffix('s').and_then(find))?;
    Some(match (found, save) {
        (Played::Natural(_), Some(s)) => Played::Natural(s),
        (Played::Ward(_), Some(s)) => Played::Ward(s),
        (Played::Natural(_) | Played::Ward(_), None) => return None,
        (p, _) => p,
    })
}

/// `name` lowercased with single spaces, and a save `N+` written in it.
fn normalised(name: &str) -> (String, Option<u8>) {
    let mut save = None;
    let mut words = Vec::new();
    for word in name
        .to_lowercase()
        .replace(['-', '_', '(', ')'], " ")
        .split_whitespace()
    {
        match word.strip_suffix('+').and_then(|d| d.parse::<u8>().ok()) {
            Some(s @ 2..=6) => save = Some(s),
            _ => words.push(word.to_string()),
        }
    }
    (words.join(" "), save)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_as_army_lists_spell_them() {
        assert_eq!(played("Spears"), Some(Played::Weapon(Weapon::Spear)));
        assert_eq!(
            played("Great Weapon"),
            Some(Played::Weapon(Weapon::GreatWeapon))
        );
        assert_eq!(played("Scaly Skin (5+)"), Some(Played::Natural(5)));
        assert_eq!(played("Scaly Skin 4+"), Some(Played::Natural(4)));
        assert_eq!(played("Cause Fear"), Some(Played::Rule(SpecialRule::Fear)));
        assert_eq!(played("Aquatic"), Some(Played::NoEffectInFights));
        assert_eq!(
            played("Cold-blooded"),
            Some(Played::Rule(SpecialRule::ColdBlooded))
        );
        assert_eq!(played("Sword of the Quest"), None);
        assert_eq!(played("Scaly Skin"), None);
    }
}
