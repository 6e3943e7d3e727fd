//! Exact attack chains and the casualties they cause.
//!
//! [`chain_odds`] enumerates every dice sequence of one
//! [`AttackChain::resolve`] (see `exact/tree.rs`). [`CasualtyPmf`] is the
//! distribution of a unit's [`Casualties`] (models slain, wounds on the
//! wounded model); [`CasualtyPmf::after`] adds a group of attacks by dynamic
//! programming over those states, calling the same [`Casualties::apply`] the
//! dice-level engine uses. States: at most (models + 1) x W, so 100 attacks
//! with D3 wounds against W3 models take ~10^5 multiply-adds.

use super::tree::enumerate_dice;
use super::Pmf;
use crate::dice::Roll;
use crate::rules::attack::{AttackChain, Damage};
use crate::rules::casualties::Casualties;
use crate::rules::random::Dice;

/// How many attacks a group makes: a fixed number plus an optional roll
/// (impact hits: D6 per chariot; random attacks: a Spawn's D6 each).
#[derive(Clone, Copy, Debug)]
pub struct Count {
    /// Attacks always made.
    pub fixed: u32,
    /// Attacks rolled (impact hits, random attacks), added to the fixed
    /// ones.
    pub roll: Option<Roll>,
}

impl Count {
    /// The attacks of `models` models making `per_model` each and rolling
    /// `dice` each for more (RULES.md Special attacks and psychology);
    /// `None` past the most models whose dice are read in one roll.
    pub fn of(models: u32, per_model: u32, dice: Option<Dice>) -> Option<Self> {
        let roll = match dice {
            Some(d) if models > 0 => Some(d.roll(models)?),
            _ => None,
        };
        Some(Count {
            fixed: models * per_model,
            roll,
        })
    }

    /// Exactly `n` attacks.
    pub fn fixed(n: u32) -> Self {
        Count {
            fixed: n,
            roll: None,
        }
    }

    /// The exact distribution of the number of attacks.
    pub fn pmf(&self) -> Pmf {
        let fixed = Pmf::point(i64::from(self.fixed));
        match &self.roll {
            Some(r) => fixed.add(&Pmf::of_roll(r)),
            None => fixed,
        }
    }

    /// "12", "2D6" or "12 + D6".
    pub fn label(&self) -> String {
        match (&self.roll, self.fixed) {
            (None, n) => n.to_string(),
            (Some(r), 0) => r.to_string(),
            (Some(r), n) => format!("{n} + {r}"),
        }
    }
}

/// Per-attack odds of one chain.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainOdds {
    /// P(the attack hits).
    pub p_hit: f64,
    /// P(it hits and wounds).
    pub p_wound: f64,
    /// P(it wounds and is not saved by armour, ward or regeneration).
    pub p_unsaved: f64,
    /// P(each damage), `Damage::Nothing` included.
    pub damage: Vec<(Damage, f64)>,
}

/// The exact odds of `chain`, by enumerating its dice.
pub fn chain_odds(chain: &AttackChain) -> ChainOdds {
    let mut odds = ChainOdds {
        p_hit: 0.0,
        p_wound: 0.0,
        p_unsaved: 0.0,
        damage: Vec::new(),
    };
    enumerate_dice(
        |die| chain.resolve(&mut || die()),
        |r, p| {
            odds.p_hit += if r.hit { p } else { 0.0 };
            odds.p_wound += if r.wounded { p } else { 0.0 };
            odds.p_unsaved += if r.unsaved { p } else { 0.0 };
            match odds.damage.iter_mut().find(|(d, _)| *d == r.damage) {
                Some((_, q)) => *q += p,
                None => odds.damage.push((r.damage, p)),
            }
        },
    );
    odds.damage.sort_by_key(|&(d, _)| d);
    odds
}

/// Per-attack damage odds of one chain at a model that still holds its one
/// re-roll of a failed armour save this turn (RULES.md Saves, One failed
/// save a turn): the outcomes that keep it and those that spend it, each
/// `Damage::Nothing` included, summing to 1 together.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SavingOdds {
    /// Outcomes with no failed armour save: the re-roll is kept.
    pub kept: Vec<(Damage, f64)>,
    /// Outcomes after the re-roll, passed or failed: it is spent.
    pub spent: Vec<(Damage, f64)>,
}

/// The exact [`SavingOdds`] of `chain`, by enumerating the dice of
/// [`AttackChain::resolve_saving`].
pub fn saving_odds(chain: &AttackChain) -> SavingOdds {
    let mut odds = SavingOdds::default();
    enumerate_dice(
        |die| {
            let mut kept = true;
            let r = chain.resolve_saving(&mut || die(), &mut kept);
            (r.damage, kept)
        },
        |(d, kept), p| {
            let list = match kept {
                true => &mut odds.kept,
                false => &mut odds.spent,
            };
            match list.iter_mut().find(|(e, _)| *e == d) {
                Some((_, q)) => *q += p,
                None => list.push((d, p)),
            }
        },
    );
    odds.kept.sort_by_key(|&(d, _)| d);
    odds.spent.sort_by_key(|&(d, _)| d);
    odds
}

/// A distribution over a unit's casualties. State `kills * W + damage`.
#[derive(Clone, Debug, PartialEq)]
pub struct CasualtyPmf {
    wounds: u8,
    models: Option<u32>,
    p: Vec<f64>,
}

impl CasualtyPmf {
    /// No casualties yet, on a unit of `models` models (unlimited if `None`)
    /// of `wounds` Wounds, the wounded model having taken `damage`.
    pub fn start(wounds: u8, models: Option<u32>, damage: u8) -> Self {
        let mut p = vec![0.0; usize::from(wounds)];
        p[usize::from(damage)] = 1.0;
        CasualtyPmf { wounds, models, p }
    }

    /// Wounds of each model.
    pub fn wounds(&self) -> u8 {
        self.wounds
    }

    /// P(state) for every state, indexed `kills * W + damage`.
    pub fn states(&self) -> &[f64] {
        &self.p
    }

    /// The casualties of state `index`.
    pub fn state(&self, index: usize) -> Casualties {
        Casualties::of_index(index, self.wounds)
    }

    /// After one more attack with damage distribution `damage`.
    fn step(&self, damage: &[(Damage, f64)]) -> CasualtyPmf {
        let w = usize::from(self.wounds);
        let len = match self.models {
            Some(m) => (m as usize + 1) * w,
            None => self.p.len() + w,
        };
        let mut next = vec![0.0; len];
        for (i, &p) in self.p.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let from = self.state(i);
            for &(d, q) in damage {
                next[from.apply(d, self.wounds, self.models).index(self.wounds)] += p * q;
            }
        }
        while next.len() > w && next[next.len() - w..].iter().all(|&x| x == 0.0) {
            next.truncate(next.len() - w);
        }
        CasualtyPmf { p: next, ..*self }
    }

    /// After a group of attacks whose number has distribution `count`, each
    /// with damage distribution `damage`.
    pub fn after(&self, damage: &[(Damage, f64)], count: &Pmf) -> CasualtyPmf {
        let mut current = self.clone();
        let mut mixed = vec![0.0; 0];
        for n in 0..=count.max() {
            let weight = count.p_eq(n);
            if weight > 0.0 {
                if mixed.len() < current.p.len() {
                    mixed.resize(current.p.len(), 0.0);
                }
                for (m, &p) in mixed.iter_mut().zip(&current.p) {
                    *m += weight * p;
                }
            }
            if n < count.max() {
                current = current.step(damage);
            }
        }
        CasualtyPmf { p: mixed, ..*self }
    }

    /// [`CasualtyPmf::after`] at a target still holding its one re-roll of
    /// a failed armour save this turn (RULES.md Saves, One failed save a
    /// turn): each attack with `saving` odds until one spends it, the rest
    /// with `odds` (the chain's own). Returns the casualties where the
    /// re-roll is kept and where it is spent, two parts of one
    /// distribution.
    pub fn after_saving(
        &self,
        saving: &SavingOdds,
        odds: &[(Damage, f64)],
        count: &Pmf,
    ) -> (CasualtyPmf, CasualtyPmf) {
        let mut kept = self.clone();
        let mut spent = CasualtyPmf {
            p: vec![0.0; usize::from(self.wounds)],
            ..*self
        };
        let (mut kept_mixed, mut spent_mixed) = (Vec::new(), Vec::new());
        for n in 0..=count.max() {
            let weight = count.p_eq(n);
            if weight > 0.0 {
                add_weighted(&mut kept_mixed, &kept.p, weight);
                add_weighted(&mut spent_mixed, &spent.p, weight);
            }
            if n < count.max() {
                let newly = kept.step(&saving.spent);
                spent = spent.step(odds);
                add_weighted(&mut spent.p, &newly.p, 1.0);
                kept = kept.step(&saving.kept);
            }
        }
        let part = |p| CasualtyPmf { p, ..*self };
        (part(kept_mixed), part(spent_mixed))
    }

    /// (state, probability) over every state with positive probability.
    pub fn iter(&self) -> impl Iterator<Item = (Casualties, f64)> + '_ {
        self.p
            .iter()
            .enumerate()
            .filter(|(_, &p)| p > 0.0)
            .map(|(i, &p)| (self.state(i), p))
    }

    /// The distribution of models slain.
    pub fn kills(&self) -> Pmf {
        self.marginal(|c| i64::from(c.kills))
    }

    /// The distribution of combat-resolution wounds.
    pub fn combat_result_wounds(&self) -> Pmf {
        let w = self.wounds;
        self.marginal(|c| i64::from(c.combat_result_wounds(w)))
    }

    /// The distribution of wounds on the wounded model left standing.
    pub fn damage(&self) -> Pmf {
        self.marginal(|c| i64::from(c.damage))
    }

    fn marginal(&self, value: impl Fn(Casualties) -> i64) -> Pmf {
        let mut p = Vec::new();
        for (c, q) in self.iter() {
            let v = value(c) as usize;
            if p.len() <= v {
                p.resize(v + 1, 0.0);
            }
            p[v] += q;
        }
        Pmf::from_weights(0, p)
    }
}

/// `to += weight * from`, element by element, `to` grown to `from`'s
/// length.
fn add_weighted(to: &mut Vec<f64>, from: &[f64], weight: f64) {
    if to.len() < from.len() {
        to.resize(from.len(), 0.0);
    }
    for (t, &f) in to.iter_mut().zip(from) {
        *t += weight * f;
    }
}
