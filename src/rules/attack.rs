//! One attack from roll to wound: hit, wound, armour save, ward or
//! regeneration, multiple wounds. [`AttackChain::resolve`] is the only place
//! the order of the dice is written: every engine calls it (the exact engine
//! enumerates its dice, the dice-level engine rolls them).
//!
//! Order for each roll (RULES.md To hit, To wound, Saves; seed 002): roll the
//! die; re-roll it once if a re-roll applies to that result (a failure, or a
//! natural 1); then compare: a natural 1 always fails, a natural 6 always
//! hits in close combat, otherwise the roll must reach the needed value
//! (modifiers are already folded into the needed value).

use super::saves::{ward_or_regeneration, REGENERATION};
use super::special::{MultipleWounds, Reroll};

/// What a hit needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HitNeed {
    /// Hits without a roll (impact hits).
    Automatic,
    /// Close combat: 2..=6 (after modifiers).
    CloseCombat(u8),
    /// Shooting: 2..=9; 7+ is a 6 then 4+, 8+ a 6 then 5+, 9+ a 6 then 6+.
    Shooting(u8),
    /// Cannot hit (a shot needing 10+).
    Impossible,
}

/// Everything one attack needs, with every modifier already applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackChain {
    /// What a hit needs.
    pub hit: HitNeed,
    /// Which failed hits are re-rolled.
    pub reroll_hits: Reroll,
    /// A natural 6 to hit wounds automatically (no to-wound roll, so no
    /// killing blow on that attack).
    pub poison: bool,
    /// The to-wound roll needed, `None` if it cannot wound, 0 if it wounds
    /// without a roll.
    pub wound: Option<u8>,
    /// Which failed wounds are re-rolled.
    pub reroll_wounds: Reroll,
    /// A natural 6 to wound slays outright (the target is man-sized).
    pub killing_blow: bool,
    /// The armour save needed after Strength and armour piercing.
    pub save: Option<u8>,
    /// The target may re-roll failed armour saves.
    pub reroll_saves: bool,
    /// The target's ward save (never modified).
    pub ward: Option<u8>,
    /// The target regenerates (already false against flaming attacks).
    pub regeneration: bool,
    /// Wounds per unsaved wound.
    pub multiple_wounds: MultipleWounds,
    /// Each unsaved wound counts twice: a flaming attack on a Flammable
    /// target (RULES.md Special attacks and psychology).
    pub doubled: bool,
}

/// What an unsaved attack does to the model it is allocated to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Damage {
    /// Missed, failed to wound, saved or regenerated.
    Nothing,
    /// This many wounds (before the cap at the model's remaining Wounds).
    Wounds(u8),
    /// Slain outright: counts the model's remaining Wounds.
    KillingBlow,
}

/// One attack's result, step by step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AttackResult {
    /// It hit.
    pub hit: bool,
    /// It wounded.
    pub wounded: bool,
    /// Not saved by armour, ward or regeneration.
    pub unsaved: bool,
    /// What it does to the model.
    pub damage: Damage,
}

const MISS: AttackResult = AttackResult {
    hit: false,
    wounded: false,
    unsaved: false,
    damage: Damage::Nothing,
};

/// Rolls one test: the attempt, a re-roll if `reroll` allows it on that
/// result, and the kept result. `attempt` returns (success, natural die).
fn test<D: FnMut() -> u8>(
    die: &mut D,
    reroll: Reroll,
    attempt: impl Fn(&mut D) -> (bool, u8),
) -> (bool, u8) {
    let first = attempt(die);
    let again = match reroll {
        Reroll::None => false,
        Reroll::Failures => !first.0,
        Reroll::Ones => first.1 == 1,
    };
    if again {
        attempt(die)
    } else {
        first
    }
}

/// A roll of `natural` against `need`: 1 always fails, else at least `need`.
fn passes(natural: u8, need: u8) -> bool {
    natural != 1 && natural >= need
}

impl AttackChain {
    /// This chain if it `harms` its target, else one that cannot wound
    /// (poison's wound included): an Ethereal target struck by mundane
    /// attacks (RULES.md Magical attacks and Ethereal).
    pub fn harming(self, harms: bool) -> AttackChain {
        if harms {
            self
        } else {
            AttackChain {
                poison: false,
                wound: None,
                ..self
            }
        }
    }

    /// The wounds one attack is expected to cause on a model of `w`
    /// Wounds (a killing blow or multiple wounds capped at `w`), every
    /// die's path enumerated: for rules that choose between blows (Troll
    /// Vomit), worked out once per fight.
    pub fn expected_wounds(&self, w: u8) -> f64 {
        fn walk(chain: &AttackChain, w: u8, rolled: &mut Vec<u8>) -> f64 {
            let mut read = 0;
            let mut more = false;
            let result = chain.resolve(&mut || {
                read += 1;
                match rolled.get(read - 1) {
                    Some(&d) => d,
                    None => {
                        more = true;
                        1
                    }
                }
            });
            if more {
                let mut sum = 0.0;
                for d in 1..=6 {
                    rolled.push(d);
                    sum += walk(chain, w, rolled) / 6.0;
                    rolled.pop();
                }
                return sum;
            }
            match result.damage {
                Damage::Nothing => 0.0,
                Damage::Wounds(n) => f64::from(n.min(w)),
                Damage::KillingBlow => f64::from(w),
            }
        }
        walk(self, w, &mut Vec::new())
    }

    /// Resolves one attack with dice from `die` (each call one D6, 1..=6).
    pub fn resolve<D: FnMut() -> u8>(&self, die: &mut D) -> AttackResult {
        self.resolve_saving(die, &mut false)
    }

    /// [`AttackChain::resolve`] at a model that may re-roll one failed
    /// armour save while `one_save` holds (the Gem of Lustria: RULES.md
    /// Saves, One failed save a turn): its armour save, failed and not
    /// already re-rolled, is rolled again and `one_save` is spent, whether
    /// the second roll passes or not. A blow that allows no armour save
    /// (none left after Strength, a killing blow) spends nothing.
    #[inline(always)]
    pub fn resolve_saving<D: FnMut() -> u8>(
        &self,
        die: &mut D,
        one_save: &mut bool,
    ) -> AttackResult {
        // To hit.
        let mut poisoned = false;
        match self.hit {
            HitNeed::Automatic => {}
            HitNeed::Impossible => return MISS,
            HitNeed::CloseCombat(need) | HitNeed::Shooting(need) => {
                let (hit, natural) = test(die, self.reroll_hits, |die| {
                    let d = die();
                    let hit = if need <= 6 {
                        passes(d, need)
                    } else {
                        // 7+ to 9+: a 6, then 4+ to 6+ on a second die.
                        d == 6 && die() >= need - 3
                    };
                    (hit, d)
                });
                if !hit {
                    return MISS;
                }
                poisoned = self.poison && natural == 6 && need <= 6;
            }
        }
        // To wound.
        let killing_blow = if poisoned {
            false
        } else {
            let Some(need) = self.wound else {
                return AttackResult { hit: true, ..MISS };
            };
            // 0: wounds without a roll (a Giant's blows: RULES.md Giants).
            let (wounded, natural) = match need {
                0 => (true, 0),
                _ => test(die, self.reroll_wounds, |die| {
                    let d = die();
                    (passes(d, need), d)
                }),
            };
            if !wounded {
                return AttackResult { hit: true, ..MISS };
            }
            self.killing_blow && natural == 6
        };
        let saved = AttackResult {
            hit: true,
            wounded: true,
            ..MISS
        };
        // Armour: none against a killing blow.
        if let (Some(need), false) = (self.save, killing_blow) {
            let reroll = if self.reroll_saves {
                Reroll::Failures
            } else {
                Reroll::None
            };
            if test(die, reroll, |die| {
                let d = die();
                (passes(d, need), d)
            })
            .0
            {
                return saved;
            }
            // A roll is re-rolled once: not after the unit's own re-roll.
            if *one_save && !self.reroll_saves {
                *one_save = false;
                if passes(die(), need) {
                    return saved;
                }
            }
        }
        // Ward or regeneration (not against a killing blow).
        let (ward, regenerate) =
            ward_or_regeneration(self.ward, self.regeneration && !killing_blow);
        if let Some(need) = ward {
            if passes(die(), need) {
                return saved;
            }
        }
        if regenerate && passes(die(), REGENERATION) {
            return saved;
        }
        let damage = if killing_blow {
            Damage::KillingBlow
        } else {
            let wounds = match self.multiple_wounds {
                MultipleWounds::One => 1,
                MultipleWounds::D3 => die().div_ceil(2),
                MultipleWounds::D6 => die(),
            };
            // Flammable: doubled after every save (RULES.md Special
            // attacks and psychology).
            Damage::Wounds(if self.doubled { 2 * wounds } else { wounds })
        };
        AttackResult {
            hit: true,
            wounded: true,
            unsaved: true,
            damage,
        }
    }
}
