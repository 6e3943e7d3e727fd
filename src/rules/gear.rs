//! What a unit fights with beyond its own profile: a steed's attacks, a
//! chariot's impact hits, missiles for stand and shoot. RULES.md Special
//! attacks and psychology (impact hits), Shooting (stand and shoot), Weapons.

use super::attack::AttackChain;
use super::fighter::{impact_hit, Defender, Striker};
use super::special::Rules;
use super::weapons::{Moment, Weapon};
use crate::dice::{d3_total, Roll};
use serde::Deserialize;

/// A steed's close-combat characteristics: it strikes with its own WS, S, I
/// and A and a hand weapon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mount {
    /// Weapon Skill.
    pub ws: u8,
    /// Strength.
    pub s: u8,
    /// Initiative.
    pub i: u8,
    /// Attacks.
    pub a: u8,
}

impl Mount {
    /// The steed as a striker under `rider`: the rider's troop type, and
    /// no special rules of his but a failed fear test (6s to hit).
    pub fn striker(&self, rider: &Striker) -> Striker {
        Striker {
            ws: self.ws,
            s: self.s,
            a: self.a,
            weapon: Weapon::HandWeapon,
            rules: Rules {
                needs_sixes: rider.rules.needs_sixes,
                ..Rules::default()
            },
            hit_modifier: 0,
            ..*rider
        }
    }
}

/// Impact-hit dice, one per chariot in contact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum ImpactDice {
    /// D3 per chariot (light chariots).
    D3,
    /// D6 per chariot.
    D6,
}

impl ImpactDice {
    /// The most chariots whose impact hits are rolled at once: 16 D6 (the
    /// dice tables' largest roll) or 5 D3 (read from 5 D6, enumerated).
    pub fn most_chariots(self) -> u32 {
        match self {
            ImpactDice::D3 => 5,
            ImpactDice::D6 => 16,
        }
    }

    /// The impact hits of `chariots` chariots (1 to [`Self::most_chariots`];
    /// none past it).
    pub fn roll(self, chariots: u32) -> Option<Roll> {
        if chariots == 0 || chariots > self.most_chariots() {
            return None;
        }
        Some(match self {
            ImpactDice::D6 => Roll::sum(chariots),
            ImpactDice::D3 => Roll::custom(chariots, d3_total, "D3s"),
        })
    }
}

/// A chariot's impact hits: its dice, hits added to each chariot's die
/// (scythes' D6+1, a Doomwheel's D6+2) and their Strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImpactHits {
    /// The dice.
    pub dice: ImpactDice,
    /// Added to each chariot's die (0 to 6).
    pub plus: u8,
    /// Strength of the hits.
    pub s: u8,
}

impl ImpactHits {
    /// The hits of `chariots` chariots beyond their dice: `plus` each
    /// (D6+1 impact hits a chariot with scythes, the rulebook; RULES.md
    /// Special attacks and psychology).
    pub fn added(&self, chariots: u32) -> u32 {
        chariots * u32::from(self.plus)
    }

    /// Whether they strike at `moment`: the turn the chariot charges.
    pub fn strike_at(&self, moment: Moment) -> bool {
        moment.charge_turn()
    }

    /// One hit at `target`: it hits automatically, wounds on the chariot's
    /// S, saves as normal.
    pub fn chain(&self, target: &Defender) -> AttackChain {
        impact_hit(self.s, target)
    }
}

/// Missile weapons for stand and shoot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Missile {
    /// Strength.
    pub s: u8,
    /// Shots per model.
    pub shots: u8,
    /// Beyond half range (-1 to hit).
    pub long_range: bool,
    /// The weapon's own armour piercing (a handgun's).
    pub armour_piercing: bool,
    /// The weapon's own poisoned attacks (a blowpipe's).
    pub poison: bool,
}

impl Missile {
    /// `shooter` shooting with these: its Strength, and its own rules
    /// beside the shooter's. RULES.md Shooting.
    pub fn striker(&self, shooter: Striker) -> Striker {
        let mut rules = shooter.rules;
        rules.armour_piercing |= self.armour_piercing;
        rules.poison |= self.poison;
        Striker {
            s: self.s,
            rules,
            ..shooter
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn impact_dice_stop_at_the_most_chariots() {
        assert!(ImpactDice::D6
            .roll(16)
            .is_some_and(|r| r.same_as(&Roll::sum(16))));
        assert!(ImpactDice::D6.roll(17).is_none());
        assert!(ImpactDice::D3.roll(5).is_some());
        assert!(ImpactDice::D3.roll(6).is_none());
        assert!(ImpactDice::D3.roll(0).is_none());
    }
}
