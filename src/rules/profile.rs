//! Profiles, troop types and unit strength. RULES.md "Profiles".

use super::random::Dice;
use serde::{Deserialize, Serialize};

/// A model's characteristics: M WS BS S T W I A Ld.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    /// Movement, in cm.
    pub m: f64,
    /// A random move: the dice it rolls in inches each time it moves (a
    /// Chaos Spawn's 2D6; `m` is then 0). RULES.md Charges.
    pub m_dice: Option<Dice>,
    /// Weapon Skill.
    pub ws: u8,
    /// Ballistic Skill.
    pub bs: u8,
    /// Strength.
    pub s: u8,
    /// Toughness.
    pub t: u8,
    /// Wounds.
    pub w: u8,
    /// Initiative.
    pub i: u8,
    /// Attacks (with random attacks, what is added to their dice).
    pub a: u8,
    /// Random attacks: the dice each model rolls each time it strikes.
    pub a_dice: Option<Dice>,
    /// Leadership.
    pub ld: u8,
}

/// Troop types the rules tell apart.
// A variant's doc comment would print in `--help`: these are the game's
// own words, listed there bare.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum TroopType {
    #[default]
    #[value(aliases = ["infanteria"])]
    Infantry,
    #[value(aliases = ["caballeria"])]
    Cavalry,
    #[value(aliases = ["infanteria-monstruosa", "infanteria_monstruosa"])]
    LargeInfantry,
    #[value(aliases = ["monstruo"])]
    Monster,
    #[value(aliases = ["carro"])]
    Chariot,
    #[value(aliases = ["maquina-de-guerra", "maquina_de_guerra"])]
    WarMachine,
}

impl TroopType {
    /// Models that fight on foot (parry, additional hand weapons, halberds,
    /// foot spears). RULES.md Weapons.
    pub fn on_foot(self) -> bool {
        matches!(self, TroopType::Infantry | TroopType::LargeInfantry)
    }

    /// Ridden models: the mount adds +1 to the armour save. RULES.md Saves.
    pub fn mounted(self) -> bool {
        matches!(self, TroopType::Cavalry)
    }

    /// Killing blow slays "man-sized" models: infantry, cavalry and war
    /// machine crew, not large infantry, monsters or chariots. RULES.md
    /// Special attacks.
    pub fn man_sized(self) -> bool {
        matches!(
            self,
            TroopType::Infantry | TroopType::Cavalry | TroopType::WarMachine
        )
    }

    /// Its name in files and reports.
    pub fn name(self) -> &'static str {
        match self {
            TroopType::Infantry => "infantry",
            TroopType::Cavalry => "cavalry",
            TroopType::LargeInfantry => "large infantry",
            TroopType::Monster => "monster",
            TroopType::Chariot => "chariot",
            TroopType::WarMachine => "war machine",
        }
    }
}

/// Unit strength of one model: infantry 1, cavalry 2, large infantry 3, war
/// machine 3, chariot 4 (+1 per character riding it, **\[ruling\]**), monster
/// its starting Wounds (+1 per rider). RULES.md Profiles.
pub fn unit_strength(troop: TroopType, wounds: u8, riders: u32) -> u32 {
    match troop {
        TroopType::Infantry => 1,
        TroopType::Cavalry => 2,
        TroopType::LargeInfantry | TroopType::WarMachine => 3,
        TroopType::Chariot => 4 + riders,
        TroopType::Monster => u32::from(wounds) + riders,
    }
}

/// The rank-and-file places a character's base fills in the ranks of a
/// unit of `unit` troops he joined: a mounted character in a unit on foot
/// fills one in each of its first two ranks; **\[ruling\]** any other one
/// place. RULES.md Characters in units.
pub fn places_in_ranks(character: TroopType, unit: TroopType) -> u32 {
    match (character, unit) {
        (TroopType::Cavalry, TroopType::Infantry) => 2,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mounted_character_fills_two_places_of_a_unit_on_foot() {
        assert_eq!(places_in_ranks(TroopType::Cavalry, TroopType::Infantry), 2);
        assert_eq!(places_in_ranks(TroopType::Cavalry, TroopType::Cavalry), 1);
        assert_eq!(places_in_ranks(TroopType::Infantry, TroopType::Infantry), 1);
        assert_eq!(places_in_ranks(TroopType::Infantry, TroopType::Cavalry), 1);
    }

    #[test]
    fn unit_strength_by_type() {
        assert_eq!(unit_strength(TroopType::Infantry, 1, 0), 1);
        assert_eq!(unit_strength(TroopType::Cavalry, 1, 0), 2);
        assert_eq!(unit_strength(TroopType::LargeInfantry, 3, 0), 3);
        assert_eq!(unit_strength(TroopType::WarMachine, 3, 0), 3);
        assert_eq!(unit_strength(TroopType::Chariot, 4, 0), 4);
        assert_eq!(unit_strength(TroopType::Chariot, 4, 1), 5);
        assert_eq!(unit_strength(TroopType::Monster, 6, 0), 6);
        assert_eq!(unit_strength(TroopType::Monster, 6, 1), 7);
    }
}

crate::rules::named_by_value_enum!(TroopType);
