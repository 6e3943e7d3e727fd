//! What a unit fights with beyond its own profile: a steed's attacks, a
//! chariot's impact hits, missiles for stand and shoot. RULES.md Special
//! attacks and psychology (impact hits), Shooting (stand and shoot), Weapons.

use super::attack::AttackChain;
use super::fighter::{impact_hit, Defender, Striker};
use super::random::{Dice, Die};
use super::special::Rules;
use super::weapons::{Moment, Weapon};

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
    /// Attacks (with random attacks, what is added to their dice).
    pub a: u8,
    /// Random attacks: the dice each steed rolls each time it strikes.
    pub dice: Option<Dice>,
}

impl Mount {
    /// The steed as a striker under `rider`: the rider's troop type, and
    /// no special rules of his but a failed fear test (6s to hit) and
    /// his being Ethereal (his steed is: RULES.md Magical attacks and
    /// Ethereal).
    pub fn striker(&self, rider: &Striker) -> Striker {
        Striker {
            ws: self.ws,
            s: self.s,
            a: self.a,
            a_dice: self.dice,
            crew: 1,
            weapon: Weapon::HandWeapon,
            rules: Rules {
                needs_sixes: rider.rules.needs_sixes,
                ethereal: rider.rules.ethereal,
                ..Rules::default()
            },
            hit_modifier: 0,
            ..*rider
        }
    }
}

/// A chariot's impact hits: its dice, hits added to each chariot's die
/// (scythes' D6+1, a Doomwheel's D6+2) and their Strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImpactHits {
    /// The die each chariot rolls.
    pub dice: Die,
    /// Added to each chariot's die (0 to 6).
    pub plus: u8,
    /// Strength of the hits.
    pub s: u8,
}

impl ImpactHits {
    /// The dice each chariot rolls (its `plus` added to them).
    pub fn per_chariot(&self) -> Dice {
        Dice::one(self.dice)
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
