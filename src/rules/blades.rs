//! Blades that wound by their own rule, not by Strength against
//! Toughness alone: magic weapons and venoms of the army books. RULES.md
//! Weapons, Blades that wound by their own rule. Read when a strike
//! step's chain is built (`Striker::close_combat`), never per blow.

use super::special::SpecialRule;

/// What a model's blade does to its blows' hit, Strength, wound and
/// wounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Blades {
    /// Hits on 2+ whatever its WS (Hacka's Sword of Hackin').
    pub hits_on_two: bool,
    /// Its hits wound without a roll (Kleeva's Cleaver of Cleavage).
    pub wounds_automatically: bool,
    /// Wounds a foe of 3 or more Wounds on its profile on 2+ (Foe Bane).
    pub foe_bane: bool,
    /// Strength at least one more than the foe's Toughness, at most 6
    /// (Manbane).
    pub manbane: bool,
    /// Strength enough to wound on 2+ (the Master Rune of Skalf
    /// Blackhammer, 2005).
    pub wounds_on_two: bool,
    /// Strength double the foe's Toughness (the Executioner's Axe).
    pub executioners_axe: bool,
    /// Each unsaved wound becomes two (the Piranha Blade).
    pub double_wounds: bool,
}

/// The least Wounds on a foe's profile Foe Bane wounds on 2+.
pub const FOE_BANE_W: u8 = 3;

/// The highest Strength Manbane raises to.
pub const MANBANE_MOST: u8 = 6;

impl Blades {
    /// The blades of `rules`.
    pub fn of(rules: &[SpecialRule]) -> Blades {
        let has = |r| rules.contains(&r);
        Blades {
            hits_on_two: has(SpecialRule::HitsOnTwo),
            wounds_automatically: has(SpecialRule::WoundsAutomatically),
            foe_bane: has(SpecialRule::FoeBane),
            manbane: has(SpecialRule::Manbane),
            wounds_on_two: has(SpecialRule::WoundsOnTwoByStrength),
            executioners_axe: has(SpecialRule::ExecutionersAxe),
            double_wounds: has(SpecialRule::DoubleWounds),
        }
    }

    /// Its to-hit roll before modifiers, `by_ws` its WS against the
    /// foe's: 2+ with Hacka's Sword.
    pub fn to_hit(self, by_ws: u8) -> u8 {
        match self.hits_on_two {
            true => 2,
            false => by_ws,
        }
    }

    /// The Strength its blows of Strength `s` wound and modify saves with
    /// at a foe of Toughness `t`: the Executioner's Axe's double the
    /// Toughness (at most 10), Skalf's rune's Toughness + 2 and
    /// Manbane's Toughness + 1 (at most 6) where more than `s`.
    pub fn strength(self, s: u8, t: u8) -> u8 {
        if self.executioners_axe {
            return (2 * t).min(10);
        }
        let s = match self.wounds_on_two {
            true => s.max((t + 2).min(10)),
            false => s,
        };
        match self.manbane {
            true => s.max((t + 1).min(MANBANE_MOST)),
            false => s,
        }
    }

    /// The to-wound roll it needs, `by_strength` Strength's against
    /// Toughness, at a foe of `w` Wounds on its profile: none with
    /// Kleeva's Cleaver (0), 2+ with Foe Bane at 3 Wounds or more.
    pub fn to_wound(self, by_strength: Option<u8>, w: u8) -> Option<u8> {
        if self.wounds_automatically {
            return Some(0);
        }
        match self.foe_bane && w >= FOE_BANE_W {
            true => Some(2),
            false => by_strength,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_strength_each_blade_wounds_with() {
        let blade = |r| Blades::of(&[r]);
        assert_eq!(blade(SpecialRule::ExecutionersAxe).strength(3, 4), 8);
        assert_eq!(blade(SpecialRule::ExecutionersAxe).strength(3, 6), 10);
        assert_eq!(blade(SpecialRule::WoundsOnTwoByStrength).strength(4, 4), 6);
        assert_eq!(blade(SpecialRule::WoundsOnTwoByStrength).strength(7, 4), 7);
        assert_eq!(blade(SpecialRule::Manbane).strength(3, 4), 5);
        assert_eq!(blade(SpecialRule::Manbane).strength(3, 6), 6);
        assert_eq!(blade(SpecialRule::Manbane).strength(6, 3), 6);
    }
}
