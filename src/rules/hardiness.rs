//! What a struck model's rules and talismans do to the blows at it:
//! poison that does not wound it outright, a ward against strong blows or
//! of each blow's Strength, Strength capped, fire that cannot harm it or
//! wounds it at -1 S. RULES.md Saves, What harms a model. Read when a
//! strike step's chain is built (`Defender::saves`), never per blow.

use super::attack::AttackChain;
use super::special::{MultipleWounds, Rules, SpecialRule};

/// The rules of a struck model that change the blows at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Hardiness {
    /// Poisoned attacks do not wound it automatically (Immune to Poison).
    pub immune_to_poison: bool,
    /// A 4+ ward against blows of Strength 5 or more (the Aura of
    /// Quetzl).
    pub ward_against_strong: bool,
    /// A ward of each blow's Strength, at worst 6+ (the Cloak of the
    /// Beastlord).
    pub ward_of_strength: bool,
    /// Blows at it are at most Strength 5 and cause one wound each (the
    /// Skull of Mugrar).
    pub strength_at_most_5: bool,
    /// Flaming attacks cannot harm it (the Amulet of Fire).
    pub fireproof: bool,
    /// Flaming attacks wound it at -1 S (Fire Resistant).
    pub fire_resistant: bool,
    /// It re-rolls the first armour save it fails each turn (the Gem of
    /// Lustria: RULES.md Saves, One failed save a turn).
    pub one_failed_save_a_turn: bool,
}

/// The least Strength the Aura of Quetzl's ward saves against.
pub const QUETZL_S: u8 = 5;

/// The Aura of Quetzl's ward.
pub const QUETZL_WARD: u8 = 4;

/// The Skull of Mugrar's highest Strength.
pub const MUGRAR_S: u8 = 5;

impl Hardiness {
    /// The hardiness of a model with `rules`.
    pub fn of(rules: &[SpecialRule]) -> Hardiness {
        let has = |r| rules.contains(&r);
        Hardiness {
            immune_to_poison: has(SpecialRule::ImmuneToPoison),
            ward_against_strong: has(SpecialRule::WardAgainstStrong),
            ward_of_strength: has(SpecialRule::WardOfStrength),
            strength_at_most_5: has(SpecialRule::StrengthAtMost5),
            fireproof: has(SpecialRule::Fireproof),
            fire_resistant: has(SpecialRule::FireResistant),
            one_failed_save_a_turn: has(SpecialRule::RerollOneFailedSaveATurn),
        }
    }

    /// Whether blows of `chain` at it may spend its one re-roll of a
    /// failed armour save a turn: they allow an armour save, which it does
    /// not re-roll already (a roll is re-rolled once). RULES.md Saves, One
    /// failed save a turn.
    pub fn saves_again_once(self, chain: &AttackChain) -> bool {
        self.one_failed_save_a_turn && chain.save.is_some() && !chain.reroll_saves
    }

    /// Whether attacks with `rules` may harm it: no flaming attack harms
    /// a fireproof model.
    pub fn harmed_by(self, rules: &Rules) -> bool {
        !(self.fireproof && rules.flaming)
    }

    /// Whether an attack with poison (`poison`) wounds it outright on a
    /// natural 6 to hit.
    pub fn poisoned(self, poison: bool) -> bool {
        poison && !self.immune_to_poison
    }

    /// The Strength a blow of Strength `s` strikes it at (the Skull of
    /// Mugrar's 5 at most).
    pub fn strength(self, s: u8) -> u8 {
        match self.strength_at_most_5 {
            true => s.min(MUGRAR_S),
            false => s,
        }
    }

    /// The Strength a blow of Strength `s` (`flaming` or not) wounds it
    /// with: a flaming one's 1 less at a Fire Resistant model.
    pub fn wounding_strength(self, s: u8, flaming: bool) -> u8 {
        match self.fire_resistant && flaming {
            true => s.saturating_sub(1),
            false => s,
        }
    }

    /// Its ward against a blow of Strength `s`: the better of `ward` and
    /// its talismans' (a lower roll is better).
    pub fn ward(self, ward: Option<u8>, s: u8) -> Option<u8> {
        let quetzl = (self.ward_against_strong && s >= QUETZL_S).then_some(QUETZL_WARD);
        let cloak = self.ward_of_strength.then_some(s.clamp(2, 6));
        [ward, quetzl, cloak].into_iter().flatten().min()
    }

    /// The wounds each unsaved wound becomes at it, `wounds` the blow's:
    /// one at a model with the Skull of Mugrar.
    pub fn wounds(self, wounds: MultipleWounds) -> MultipleWounds {
        match self.strength_at_most_5 {
            true => MultipleWounds::One,
            false => wounds,
        }
    }

    /// Whether each unsaved wound at it may count more than once (not
    /// with the Skull of Mugrar).
    pub fn takes_many_wounds(self) -> bool {
        !self.strength_at_most_5
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_better_ward_of_its_own_and_its_talismans() {
        let quetzl = Hardiness::of(&[SpecialRule::WardAgainstStrong]);
        assert_eq!(quetzl.ward(None, 4), None);
        assert_eq!(quetzl.ward(None, 5), Some(4));
        assert_eq!(quetzl.ward(Some(3), 5), Some(3));
        let cloak = Hardiness::of(&[SpecialRule::WardOfStrength]);
        assert_eq!(cloak.ward(None, 1), Some(2));
        assert_eq!(cloak.ward(None, 3), Some(3));
        assert_eq!(cloak.ward(None, 8), Some(6));
        assert_eq!(cloak.ward(Some(5), 3), Some(3));
    }
}
