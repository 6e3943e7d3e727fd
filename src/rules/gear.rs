//! What a unit fights with beyond its own profile: a steed's attacks, a
//! chariot's impact hits, the Ogres' Bull Charge, missiles for stand and
//! shoot. RULES.md Special attacks and psychology (impact hits, Bull
//! Charge, Tuskgor Charge), Shooting (stand and shoot), Weapons.

use super::attack::AttackChain;
use super::fighter::{impact_hit, Defender, Striker};
use super::random::{Dice, Die};
use super::special::{Reroll, Rules};
use super::to_hit::ShootingModifiers;
use super::weapons::{Moment, Weapon};
use super::Edition;

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
    /// Strength added the turn it charges: Tuskgor Charge's +2 (RULES.md
    /// Special attacks and psychology).
    pub charge_s: u8,
}

impl Mount {
    /// The steed at `moment`: its charge's Strength added the turn it
    /// charges (Tuskgor Charge, Tuskar Charge: RULES.md Special attacks
    /// and psychology).
    pub fn at(self, moment: Moment) -> Mount {
        match moment.charge_turn() {
            true => Mount {
                s: (self.s + self.charge_s).min(10),
                ..self
            },
            false => self,
        }
    }

    /// The steed as a striker under `rider`: the rider's troop type, and
    /// no special rules of his but a failed fear test (6s to hit), his
    /// being Ethereal (his steed is: RULES.md Magical attacks and
    /// Ethereal), his unit's Bear Banner and his steed's Tongue Attack
    /// (poisoned).
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
                // The Bear Banner's +1 is the whole unit's (RULES.md To
                // hit in close combat).
                plus_one_to_hit_first_round: rider.rules.plus_one_to_hit_first_round,
                // Tongue Attack: the steed's blows are poisoned (RULES.md
                // Special attacks and psychology).
                poison: rider.rules.tongue_attack,
                ..Rules::default()
            },
            hit_modifier: 0,
            ..*rider
        }
    }
}

/// A chariot's impact hits, or a model's that its book gives them (a
/// Stegadon's, a Rhinox's Thunderous Charge): its dice, hits added to each
/// chariot's die (scythes' D6+1, a Doomwheel's D6+2), their Strength and
/// the charge they need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImpactHits {
    /// The die each chariot rolls.
    pub dice: Die,
    /// Added to each chariot's die (0 to 6).
    pub plus: u8,
    /// Strength of the hits.
    pub s: u8,
    /// Inches the charge must be longer than (Thunderous Charge's 7); 0:
    /// any charge.
    pub beyond: u8,
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

    /// Whether a charge of `distance` (in `edition`'s unit; 0 unstated)
    /// makes them: longer than [`ImpactHits::beyond`] inches (2.5 cm
    /// each). **\[ruling\]** an unstated distance ("the charge reaches")
    /// is long enough, as for Bull Charge. RULES.md Special attacks and
    /// psychology, Impact hits.
    pub fn after_charge_of(&self, distance: f64, edition: Edition) -> bool {
        let beyond = edition.from_cm(2.5 * f64::from(self.beyond));
        self.beyond == 0 || distance == 0.0 || distance > beyond
    }

    /// One hit at `target`: it hits automatically, wounds on the chariot's
    /// S, saves as normal.
    pub fn chain(&self, target: &Defender) -> AttackChain {
        impact_hit(self.s, target)
    }
}

/// One Ogre's Bull Charge (Ogre Kingdoms; RULES.md Special attacks and
/// psychology, Bull Charge): its impact hits the turn its unit bull
/// charges, at its own Strength and +1 for each Ogre behind it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BullCharge {
    /// Its basic Strength.
    pub s: u8,
    /// Dice it rolls for its hits (Too Rich to Walk: a D6), else one hit.
    pub dice: Option<Dice>,
    /// It bull charges alone, in no unit of three Ogres (The Great
    /// Bullplate).
    pub alone: bool,
    /// It re-rolls failed wounds with them (its unit's Bull Standard).
    pub reroll_wounds: bool,
}

/// The most that Strength reaches.
const MOST_S: u32 = 10;

impl BullCharge {
    /// Whether a unit of `ogres` Ogres, `alone` among them one that may
    /// bull charge alone, bull charges after charging `distance` (in
    /// `edition`'s unit; 0 unstated): three Ogres or more, and a charge of
    /// 6" (15 cm) or more. **\[ruling\]** an unstated distance (0, "the
    /// charge reaches") is a charge long enough.
    pub fn charges(ogres: u32, alone: bool, distance: f64, edition: Edition) -> bool {
        (ogres >= 3 || alone) && (distance == 0.0 || distance >= edition.from_cm(15.0))
    }

    /// One of its hits with `behind` Ogres behind it, at `target`: it hits
    /// automatically at its Strength + `behind` (at most 10), saves as
    /// normal.
    pub fn chain(&self, behind: u32, target: &Defender) -> AttackChain {
        let s = (u32::from(self.s) + behind).min(MOST_S) as u8;
        AttackChain {
            reroll_wounds: match self.reroll_wounds {
                true => Reroll::Failures,
                false => Reroll::None,
            },
            ..impact_hit(s, target)
        }
    }
}

/// Ogres behind the Ogre in contact at `file` (counted from 0) of a unit
/// of `models` Ogres in ranks `frontage` wide: one for each full rank
/// behind the front, and one more for each of the first files while an
/// incomplete rear rank lasts. **\[ruling\]** an incomplete rear rank's
/// Ogres stand behind Ogres in contact, the rank and file's first, then
/// its characters'. RULES.md Special attacks and psychology, Bull Charge.
pub fn ogres_behind(file: u32, models: u32, frontage: u32) -> u32 {
    if frontage == 0 || models <= frontage {
        return 0;
    }
    models / frontage - 1 + u32::from(file < models % frontage)
}

/// Of the Ogres in contact at files `from..to` of a unit of `models`
/// Ogres in ranks `frontage` wide, how many have `behind` Ogres behind
/// them ([`ogres_behind`] counted at once).
pub fn ogres_with_behind(from: u32, to: u32, behind: u32, models: u32, frontage: u32) -> u32 {
    let all = to.saturating_sub(from);
    if frontage == 0 || models <= frontage {
        return if behind == 0 { all } else { 0 };
    }
    let (full, rear) = (models / frontage - 1, models % frontage);
    let backed = to.min(rear).saturating_sub(from);
    match behind {
        b if b == full + 1 => backed,
        b if b == full => all - backed,
        _ => 0,
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
    /// Each model's shots an Artillery dice's roll, not `shots`, with no
    /// penalty for long range (a Leadbelcher cannon, RULES.md Shooting,
    /// Artillery dice).
    pub artillery_dice: bool,
    /// Its shots are hits, with no roll to hit (a Treeman's Strangle-root
    /// Attack, RULES.md Shooting, Artillery dice).
    pub hits: bool,
}

impl Missile {
    /// One of its shots at `defender`: shot by `shooter` with these
    /// missiles, or a hit at its Strength with none of the shooter's rules
    /// (as an impact hit) where its shots are hits. RULES.md Shooting.
    pub fn chain(
        &self,
        shooter: Striker,
        defender: &Defender,
        modifiers: &ShootingModifiers,
    ) -> AttackChain {
        match self.hits {
            true => impact_hit(self.s, defender),
            false => self.striker(shooter).shooting(defender, modifiers),
        }
    }

    /// The dice each model rolls for its shots (an Artillery dice for a
    /// Leadbelcher cannon), `None` where its shots are `shots`. RULES.md
    /// Shooting, Artillery dice.
    pub fn shots_dice(&self) -> Option<Dice> {
        self.artillery_dice.then_some(Dice::one(Die::Artillery))
    }

    /// Whether its shots take -1 for long range: never an Artillery
    /// dice's (RULES.md Shooting, Artillery dice).
    pub fn long_range_penalty(&self) -> bool {
        self.long_range && !self.artillery_dice
    }

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
    fn ogres_behind_count_full_ranks_and_a_rear_rank_behind_the_first() {
        // Eight Bulls four wide: one behind each; twelve: two (the army
        // book's examples).
        assert!((0..4).all(|f| ogres_behind(f, 8, 4) == 1));
        assert!((0..4).all(|f| ogres_behind(f, 12, 4) == 2));
        // Ten four wide: ranks of 4, 4, 2; the rear two behind files 0, 1.
        let ten: Vec<u32> = (0..4).map(|f| ogres_behind(f, 10, 4)).collect();
        assert_eq!(ten, [2, 2, 1, 1]);
        // One rank, full or not: none behind.
        assert_eq!(ogres_behind(0, 3, 3), 0);
        assert_eq!(ogres_behind(0, 2, 4), 0);
        // Counted at once, as one file at a time.
        for (models, frontage) in [(8, 4), (10, 4), (7, 3), (3, 3), (2, 4), (13, 5)] {
            for (from, to) in [(0, 4), (1, 3), (2, 3), (0, 1), (3, 5)] {
                for behind in 0..5 {
                    let one_by_one = (from..to)
                        .filter(|&f| ogres_behind(f, models, frontage) == behind)
                        .count() as u32;
                    let at_once = ogres_with_behind(from, to, behind, models, frontage);
                    assert_eq!(
                        at_once, one_by_one,
                        "{models} {frontage} {from}..{to} {behind}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_thunderous_charge_needs_more_than_seven_inches() {
        let hits = |beyond| ImpactHits {
            dice: Die::D3,
            plus: 0,
            s: 5,
            beyond,
        };
        let m = Edition::Metric;
        // 7" is 17.5 cm: a charge of exactly 7" makes none.
        assert!(!hits(7).after_charge_of(17.5, m));
        assert!(hits(7).after_charge_of(18.0, m));
        assert!(!hits(7).after_charge_of(7.0, Edition::Imperial));
        assert!(hits(7).after_charge_of(7.5, Edition::Imperial));
        assert!(hits(7).after_charge_of(0.0, m));
        // A chariot's need no distance.
        assert!(hits(0).after_charge_of(2.0, m));
    }

    #[test]
    fn a_bull_charge_needs_three_ogres_and_six_inches() {
        let m = Edition::Metric;
        assert!(BullCharge::charges(3, false, 15.0, m));
        assert!(!BullCharge::charges(3, false, 14.0, m));
        assert!(!BullCharge::charges(2, false, 20.0, m));
        assert!(BullCharge::charges(1, true, 20.0, m));
        assert!(BullCharge::charges(3, false, 0.0, m));
        assert!(BullCharge::charges(3, false, 6.0, Edition::Imperial));
        assert!(!BullCharge::charges(3, false, 5.5, Edition::Imperial));
    }
}
