//! Strikes at a model that re-rolls the first armour save it fails each
//! turn (the Gem of Lustria; RULES.md Saves, One failed save a turn), for
//! the exact and fast engines: each outcome of a step's strikes with
//! whether they spent the re-roll. Only steps whose foe holds one
//! ([`Step::foe_one_save`]) get their odds and tables: other fights pay
//! nothing. The dice engine rolls them through
//! [`crate::rules::attack::AttackChain::resolve_saving`], whose dice
//! [`saving_odds`] enumerates.

use super::engines::{strike_count, DamageOdds};
use super::fight::{Combat, Step, Strikes};
use crate::exact::attacks::{saving_odds, CasualtyPmf, SavingOdds};
use crate::rules::attack::Damage;
use crate::rules::casualties::{overkill, Casualties, OVERKILL_CAP};
use crate::sim::alias::AliasTable;
use std::sync::OnceLock;

/// Each step's per-attack odds while its foe holds the re-roll, indexed by
/// step id (empty for a step whose foe holds none).
pub(super) fn steps_saving_odds(combat: &Combat) -> Vec<SavingOdds> {
    (combat.steps.iter())
        .map(|s| match s.foe_one_save {
            true => saving_odds(&s.chain),
            false => SavingOdds::default(),
        })
        .collect()
}

/// The exact outcomes of strikes `n` of `step` at a body holding the
/// re-roll, whose wounded model has `damage` wounds and which has
/// `models` models left: each with its probability, its casualties and
/// whether the re-roll was spent. `odds` are the chain's own, for the
/// attacks after it is spent.
pub(super) fn strike_saving_outcomes(
    (saving, odds): (&SavingOdds, &[(Damage, f64)]),
    step: &Step,
    n: Strikes,
    damage: u8,
    models: u32,
) -> (Vec<f64>, Vec<(Casualties, bool)>) {
    let start = CasualtyPmf::start(step.target_w, Some(models), damage);
    let (kept, spent) = start.after_saving(saving, odds, &strike_count(step, n));
    let kept = kept.iter().map(|(c, p)| (p, (c, false)));
    kept.chain(spent.iter().map(|(c, p)| (p, (c, true))))
        .unzip()
}

/// The exact distribution of the wounds strikes `n` of `step` deal in a
/// challenge to a fighter with `remaining` Wounds holding the re-roll:
/// index `dealt` (0..=remaining + 5) while it is kept, then the same
/// wounds once it is spent (`remaining + 6 + dealt`). As
/// [`super::engines::duel_pmf`], an attack at a time.
pub(super) fn duel_saving_pmf(
    (saving, odds): (&SavingOdds, &[(Damage, f64)]),
    step: &Step,
    n: Strikes,
    remaining: u32,
) -> Vec<f64> {
    let len = (remaining + OVERKILL_CAP) as usize + 1;
    let count = strike_count(step, n);
    // [kept; spent], each by wounds dealt.
    let mut p = vec![0.0; 2 * len];
    p[0] = 1.0;
    let mut dealt_pmf = vec![0.0; 2 * len];
    for k in 0..=count.max().max(0) {
        let q = count.p_eq(k);
        if q > 0.0 {
            dealt_pmf.iter_mut().zip(&p).for_each(|(d, x)| *d += q * x);
        }
        let mut next = vec![0.0; 2 * len];
        for (i, &q) in p.iter().enumerate().filter(|(_, &q)| q > 0.0) {
            let (dealt, spent) = ((i % len) as u32, i >= len);
            let each = |list: &[(Damage, f64)], to: usize, next: &mut [f64]| {
                for &(d, r) in list {
                    next[to + overkill(dealt, d, remaining) as usize] += q * r;
                }
            };
            match spent {
                true => each(odds, len, &mut next),
                false => {
                    each(&saving.kept, 0, &mut next);
                    each(&saving.spent, len, &mut next);
                }
            }
        }
        p = next;
    }
    dealt_pmf
}

/// The fast engine's alias tables of the strikes of steps whose foe holds
/// the re-roll, by step and [`Step::slot`], one per wounds already on the
/// wounded model, each built on first use (as
/// [`super::engines::StrikeTables`]).
#[derive(Clone, Debug)]
pub(super) struct SavingTables {
    /// [step][slot]: empty for a step whose foe holds no re-roll.
    tables: Vec<Vec<OnceLock<Vec<SavingTable>>>>,
    saving: Vec<SavingOdds>,
}

/// One table: its outcomes' alias table, casualties and re-roll spent.
type SavingTable = (AliasTable, Vec<(Casualties, bool)>);

impl SavingTables {
    /// Empty tables for the steps of `combat` whose foe holds the
    /// re-roll, `slots` each.
    pub(super) fn new(combat: &Combat, slots: impl Fn(&Step) -> usize) -> Self {
        let tables = (combat.steps.iter())
            .map(|s| match s.foe_one_save {
                true => (0..=slots(s)).map(|_| OnceLock::new()).collect(),
                false => Vec::new(),
            })
            .collect();
        SavingTables {
            tables,
            saving: steps_saving_odds(combat),
        }
    }

    /// One draw of strikes `n` of `step` at a body whose wounded model has
    /// `damage` wounds, by the 64-bit `word` (kills up to the step's
    /// target's models: the caller caps them): the casualties and whether
    /// the re-roll was spent. `odds` are the step's own.
    pub(super) fn draw(
        &self,
        (step, odds): (&Step, &DamageOdds),
        n: Strikes,
        damage: u8,
        word: u64,
    ) -> (Casualties, bool) {
        let build = || {
            (0..step.target_w)
                .map(|d| {
                    let saving = (&self.saving[step.id], odds.as_slice());
                    let (p, outcomes) =
                        strike_saving_outcomes(saving, step, n, d, step.target_models);
                    (AliasTable::new(&p), outcomes)
                })
                .collect::<Vec<_>>()
        };
        let draw = |tables: &[SavingTable]| {
            let (alias, outcomes) = &tables[usize::from(damage)];
            outcomes[alias.sample(word)]
        };
        match self.tables[step.id].get(step.slot(n)) {
            Some(slot) => draw(slot.get_or_init(build)),
            // Past the most attacks the step can make (not expected).
            None => draw(&build()),
        }
    }

    /// Each step's odds while its foe holds the re-roll.
    pub(super) fn saving(&self, step: &Step) -> &SavingOdds {
        &self.saving[step.id]
    }
}
