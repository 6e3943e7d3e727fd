//! Close-combat weapons. RULES.md "Weapons"; the 6th-edition rulebook's
//! weapons section for which weapons need two hands (halberd: "requires two
//! hands"; the morning star is one-handed).

use super::profile::TroopType;
use crate::text;
use serde::{Deserialize, Serialize};

/// The weapon a unit fights with for the whole combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "kebab-case", try_from = "String")]
pub enum Weapon {
    #[default]
    #[value(aliases = ["arma-de-mano", "arma_de_mano"])]
    // No doc comment: it would print in `--help`, where it stands bare.
    #[allow(missing_docs)]
    HandWeapon,
    /// +1 A on foot; no shield or parry.
    #[value(aliases = ["arma-de-mano-adicional", "arma_de_mano_adicional"])]
    AdditionalHandWeapon,
    /// Parry: +1 armour save in close combat on foot (and the shield's +1).
    #[value(aliases = ["arma-de-mano-y-escudo", "arma_de_mano_y_escudo"])]
    HandWeaponAndShield,
    /// +2 S; strikes last unless it charged.
    #[value(aliases = ["arma-a-dos-manos", "arma_a_dos_manos"])]
    GreatWeapon,
    /// +1 S (foot).
    #[value(aliases = ["alabarda"])]
    Halberd,
    /// +2 S in the first round only.
    #[value(aliases = ["mayal"])]
    Flail,
    /// +1 S in the first round only.
    #[value(aliases = ["lucero-del-alba", "lucero_del_alba"])]
    MorningStar,
    /// Foot: fights in two ranks (not the turn it charged). Cavalry: +1 S the
    /// turn it charges.
    #[value(aliases = ["lanza"])]
    Spear,
    /// +2 S the turn it charges (mounted).
    #[value(aliases = ["lanza-de-caballeria", "lanza_de_caballeria"])]
    Lance,
    /// +2 S the turn it charges mounted, +1 S otherwise; both hands.
    #[value(aliases = ["martillo-de-caballeria", "martillo_de_caballeria"])]
    CavalryHammer,
    /// Orcs: +1 S the turn it charges, on foot; no parry with a shield.
    #[value(aliases = ["rebanadora"])]
    Choppa,
    /// Foot: four ranks to the front; strikes first in a combat's first
    /// round; +1 S at cavalry, chariots or monsters that charged its front.
    #[value(aliases = ["pica"])]
    Pike,
}

/// When an attack is made: the round of the combat and whether the attacker
/// charged this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moment {
    /// 1 for the first round of a combat.
    pub round: u32,
    /// The attacker charged into this combat this turn (only in round 1).
    pub charging: bool,
}

impl Moment {
    /// The turn the unit charged: round 1 and charging.
    pub fn charge_turn(self) -> bool {
        self.round == 1 && self.charging
    }
}

impl Weapon {
    /// Strength bonus at `moment`. RULES.md Weapons.
    pub fn strength_bonus(self, troop: TroopType, moment: Moment) -> u8 {
        match self {
            Weapon::GreatWeapon => 2,
            Weapon::Halberd => 1,
            Weapon::Flail if moment.round == 1 => 2,
            Weapon::MorningStar if moment.round == 1 => 1,
            Weapon::Spear if troop.mounted() && moment.charge_turn() => 1,
            Weapon::Lance if moment.charge_turn() => 2,
            Weapon::CavalryHammer if troop.mounted() && moment.charge_turn() => 2,
            Weapon::CavalryHammer => 1,
            Weapon::Choppa if troop.on_foot() && moment.charge_turn() => 1,
            _ => 0,
        }
    }

    /// Extra attacks per model: an additional hand weapon on foot.
    pub fn extra_attacks(self, troop: TroopType) -> u8 {
        u8::from(self == Weapon::AdditionalHandWeapon && troop.on_foot())
    }

    /// Needs both hands: no shield in close combat.
    pub fn two_handed(self) -> bool {
        matches!(
            self,
            Weapon::AdditionalHandWeapon
                | Weapon::GreatWeapon
                | Weapon::Halberd
                | Weapon::Flail
                | Weapon::CavalryHammer
                | Weapon::Pike
        )
    }

    /// Parry: a hand weapon and a shield, on foot, however it is written
    /// (`hand-weapon-and-shield`, or `hand-weapon` with a `shield`). A
    /// choppa never parries (the Orcs and Goblins book). RULES.md Saves,
    /// Weapons.
    pub fn parries(self, troop: TroopType, shield: bool) -> bool {
        let hand_and_shield = match self {
            Weapon::HandWeaponAndShield => true,
            Weapon::HandWeapon => shield,
            _ => false,
        };
        hand_and_shield && troop.on_foot()
    }

    /// The weapon carries a shield (hand weapon and shield).
    pub fn has_shield(self) -> bool {
        self == Weapon::HandWeaponAndShield
    }

    /// Great weapons strike last, except the turn the unit charged. RULES.md
    /// Weapons; seed 002 "Quién ataca primero".
    pub fn strikes_last(self, moment: Moment) -> bool {
        self == Weapon::GreatWeapon && !moment.charge_turn()
    }

    /// The ranks that fight to the front: foot spears two, except the turn
    /// the unit charged; pikes on foot four, charging or not. RULES.md
    /// Weapons.
    pub fn fighting_ranks(self, troop: TroopType, moment: Moment) -> u32 {
        match self {
            Weapon::Spear if troop.on_foot() && !moment.charge_turn() => 2,
            Weapon::Pike if troop.on_foot() => 4,
            _ => 1,
        }
    }

    /// [`Self::fighting_ranks`] for a unit whose foot spears fight in three
    /// ranks (`three`: the High Elves' "may fight in three ranks"), where
    /// they would fight in two. RULES.md Weapons.
    pub fn fighting_ranks_of(self, troop: TroopType, moment: Moment, three: bool) -> u32 {
        match self.fighting_ranks(troop, moment) {
            2 if three && self == Weapon::Spear => 3,
            ranks => ranks,
        }
    }

    /// Pikes strike first in the first round of a combat, before chargers
    /// (after those that always strike first), at a foe fighting their
    /// front (`at_front`). RULES.md Weapons, Order of strikes.
    pub fn strikes_first(self, moment: Moment, at_front: bool) -> bool {
        self == Weapon::Pike && moment.round == 1 && at_front
    }

    /// Strength against one foe beside [`Weapon::strength_bonus`]: pikes +1
    /// in the first round at cavalry, chariots or monsters (`foe`) that
    /// charged (`foe_charged`) their front (`at_front`). RULES.md Weapons.
    pub fn strength_bonus_against(
        self,
        moment: Moment,
        foe: TroopType,
        foe_charged: bool,
        at_front: bool,
    ) -> u8 {
        let mounted_foe = matches!(
            foe,
            TroopType::Cavalry | TroopType::Chariot | TroopType::Monster
        );
        u8::from(
            self == Weapon::Pike && moment.round == 1 && foe_charged && at_front && mounted_foe,
        )
    }

    /// Attacks of a spear's rank and file striking together: `front` models
    /// in the front rank and `second` in the second, `per_model` each; a
    /// Predatory Fighter (Saurus) in the second rank strikes once.
    /// **\[ruling\]** `lost` casualties cost front-rank strikers first (a
    /// model stepping up strikes not), and never more strike than
    /// `standing`. RULES.md Weapons, Order of strikes.
    // Inlined into the round's blows (callgrind: issue 47's performance
    // check).
    #[inline]
    pub fn rank_and_file_attacks(
        front: u32,
        second: u32,
        lost: u32,
        standing: u32,
        per_model: u32,
        predatory: bool,
    ) -> u32 {
        let strikers = (front + second).saturating_sub(lost).min(standing);
        if !predatory {
            return strikers * per_model;
        }
        let in_front = front.saturating_sub(lost).min(strikers);
        in_front * per_model + (strikers - in_front) * per_model.min(1)
    }

    /// Whether a model of `troop` may use this weapon; the reason if not.
    pub fn allowed(self, troop: TroopType) -> Result<(), crate::words::text::Text> {
        match self {
            Weapon::AdditionalHandWeapon | Weapon::Halberd | Weapon::Pike if !troop.on_foot() => {
                Err(text!("is used on foot only (infantry, large infantry)"))
            }
            Weapon::Lance
                if !matches!(
                    troop,
                    TroopType::Cavalry | TroopType::Chariot | TroopType::Monster
                ) =>
            {
                Err(text!("is used mounted only (cavalry, chariot, monster)"))
            }
            _ => Ok(()),
        }
    }

    /// Its name in files and reports.
    pub fn name(self) -> &'static str {
        match self {
            Weapon::HandWeapon => "hand weapon",
            Weapon::AdditionalHandWeapon => "additional hand weapon",
            Weapon::HandWeaponAndShield => "hand weapon and shield",
            Weapon::GreatWeapon => "great weapon",
            Weapon::Halberd => "halberd",
            Weapon::Flail => "flail",
            Weapon::MorningStar => "morning star",
            Weapon::Spear => "spear",
            Weapon::Lance => "lance",
            Weapon::CavalryHammer => "cavalry hammer",
            Weapon::Choppa => "choppa",
            Weapon::Pike => "pike",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use TroopType::*;

    const CHARGE: Moment = Moment {
        round: 1,
        charging: true,
    };
    const FIRST: Moment = Moment {
        round: 1,
        charging: false,
    };
    const SECOND: Moment = Moment {
        round: 2,
        charging: false,
    };

    #[test]
    fn strength_bonuses_follow_round_and_charge() {
        assert_eq!(Weapon::GreatWeapon.strength_bonus(Infantry, SECOND), 2);
        assert_eq!(Weapon::Halberd.strength_bonus(Infantry, FIRST), 1);
        assert_eq!(Weapon::Flail.strength_bonus(Infantry, FIRST), 2);
        assert_eq!(Weapon::Flail.strength_bonus(Infantry, SECOND), 0);
        assert_eq!(Weapon::MorningStar.strength_bonus(Infantry, FIRST), 1);
        assert_eq!(Weapon::MorningStar.strength_bonus(Infantry, SECOND), 0);
        assert_eq!(Weapon::Lance.strength_bonus(Cavalry, CHARGE), 2);
        assert_eq!(Weapon::Lance.strength_bonus(Cavalry, FIRST), 0);
        // Knights of the White Wolf: +2 S charging, +1 S after, on foot +1.
        assert_eq!(Weapon::CavalryHammer.strength_bonus(Cavalry, CHARGE), 2);
        assert_eq!(Weapon::CavalryHammer.strength_bonus(Cavalry, FIRST), 1);
        assert_eq!(Weapon::CavalryHammer.strength_bonus(Infantry, CHARGE), 1);
        assert!(Weapon::CavalryHammer.two_handed());
        assert_eq!(Weapon::Spear.strength_bonus(Cavalry, CHARGE), 1);
        assert_eq!(Weapon::Spear.strength_bonus(Infantry, CHARGE), 0);
        assert_eq!(Weapon::Spear.strength_bonus(Chariot, CHARGE), 0);
    }

    #[test]
    fn a_choppa_strikes_harder_on_the_charge_on_foot_only() {
        // The Orcs and Goblins book: +1 S in the first round of a combat
        // when he charges, on foot; not for boar, chariot or monster riders.
        assert_eq!(Weapon::Choppa.strength_bonus(Infantry, CHARGE), 1);
        assert_eq!(Weapon::Choppa.strength_bonus(LargeInfantry, CHARGE), 1);
        assert_eq!(Weapon::Choppa.strength_bonus(Infantry, FIRST), 0);
        assert_eq!(Weapon::Choppa.strength_bonus(Infantry, SECOND), 0);
        assert_eq!(Weapon::Choppa.strength_bonus(Cavalry, CHARGE), 0);
        assert_eq!(Weapon::Choppa.strength_bonus(Chariot, CHARGE), 0);
        assert_eq!(Weapon::Choppa.strength_bonus(Monster, CHARGE), 0);
        // One-handed: a shield counts, but the book gives it no parry.
        assert!(!Weapon::Choppa.two_handed());
        assert!(!Weapon::Choppa.parries(Infantry, true));
        assert!(!Weapon::Choppa.parries(Infantry, false));
        assert!(!Weapon::Choppa.parries(Cavalry, true));
        assert_eq!(Weapon::Choppa.extra_attacks(Infantry), 0);
    }

    #[test]
    fn pikes_fight_in_four_ranks_and_strike_first_in_the_first_round() {
        // The Dogs of War book: four ranks, both hands, first in the
        // initial round, +1 S at cavalry, chariots and monsters charging
        // them; none of it at a foe in their flank or rear.
        assert_eq!(Weapon::Pike.fighting_ranks(Infantry, FIRST), 4);
        assert_eq!(Weapon::Pike.fighting_ranks(Infantry, CHARGE), 4);
        assert_eq!(Weapon::Pike.fighting_ranks(Infantry, SECOND), 4);
        assert!(Weapon::Pike.two_handed());
        assert!(Weapon::Pike.strikes_first(CHARGE, true));
        assert!(Weapon::Pike.strikes_first(FIRST, true));
        assert!(!Weapon::Pike.strikes_first(FIRST, false));
        assert!(!Weapon::Pike.strikes_first(SECOND, true));
        assert!(!Weapon::Spear.strikes_first(FIRST, true));
        assert_eq!(Weapon::Pike.strength_bonus(Infantry, FIRST), 0);
        let against =
            |foe, charged, front| Weapon::Pike.strength_bonus_against(FIRST, foe, charged, front);
        assert_eq!(against(Cavalry, true, true), 1);
        assert_eq!(against(Chariot, true, true), 1);
        assert_eq!(against(Monster, true, true), 1);
        assert_eq!(against(Infantry, true, true), 0);
        assert_eq!(against(Cavalry, false, true), 0);
        assert_eq!(against(Cavalry, true, false), 0);
        assert_eq!(
            Weapon::Pike.strength_bonus_against(SECOND, Cavalry, true, true),
            0
        );
        assert_eq!(
            Weapon::Spear.strength_bonus_against(FIRST, Cavalry, true, true),
            0
        );
    }

    #[test]
    fn attacks_ranks_and_order() {
        assert_eq!(Weapon::AdditionalHandWeapon.extra_attacks(Infantry), 1);
        assert_eq!(Weapon::AdditionalHandWeapon.extra_attacks(Cavalry), 0);
        assert_eq!(Weapon::Spear.fighting_ranks(Infantry, FIRST), 2);
        assert_eq!(Weapon::Spear.fighting_ranks(Infantry, CHARGE), 1);
        assert_eq!(Weapon::Spear.fighting_ranks(Cavalry, FIRST), 1);
        assert!(Weapon::GreatWeapon.strikes_last(FIRST));
        assert!(!Weapon::GreatWeapon.strikes_last(CHARGE));
        assert!(Weapon::HandWeaponAndShield.parries(Infantry, false));
        assert!(!Weapon::HandWeaponAndShield.parries(Cavalry, false));
        // A hand weapon with a shield is the same gear, however written.
        assert!(Weapon::HandWeapon.parries(Infantry, true));
        assert!(Weapon::HandWeapon.parries(LargeInfantry, true));
        assert!(!Weapon::HandWeapon.parries(Infantry, false));
        assert!(!Weapon::HandWeapon.parries(Cavalry, true));
        assert!(Weapon::Halberd.allowed(Cavalry).is_err());
        assert!(Weapon::Pike.allowed(Cavalry).is_err());
        assert!(Weapon::Lance.allowed(Infantry).is_err());
    }
}

crate::rules::named_by_value_enum!(Weapon);
