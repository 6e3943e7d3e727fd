//! `mathhammer attacks` and `mathhammer shoot`: how much damage does this
//! unit do to that one? RULES.md To hit, To wound, Saves, Weapons, Special
//! attacks; seed 002.
//!
//! A query is a list of attack groups (the models' attacks, their mounts',
//! a chariot's impact hits) landing in order on one target unit. Engines:
//! exact (enumerated chains, then a dynamic programme over casualties),
//! fast Monte Carlo (each group's casualties drawn from alias tables of its
//! exact distribution, one table per wounds already on the wounded model, then
//! composed trial by trial), and dice-level (every die of every attack rolled
//! through the same [`AttackChain::resolve`]).

mod kernels;
mod tables;

pub use kernels::{DiceAttacksKernel, FastAttacksKernel};
use tables::{describe_hit, distribution_tables, group_label, need, number_of, outcome_fields};

use super::shooting_panic::ShootingPanic;
use super::{run_fields, simulate, widest, Question, Settings};
pub use crate::exact::attacks::Count;
use crate::exact::attacks::{chain_odds, CasualtyPmf, ChainOdds};
use crate::exact::Pmf;
use crate::report::{
    per_100_points, Column, Engine, Field, Key, Outcome, Report, Table, TableKind, Text, Value,
};
use crate::rules::attack::AttackChain;
use crate::rules::casualties::Casualties;
use crate::sim::Estimate;

/// Name of the impact-hits group.
pub const IMPACT_HITS: &str = "impact hits";

/// Attacks of one kind, all with the same chain.
#[derive(Clone, Debug)]
pub struct AttackGroup {
    /// "attacks", "mount attacks", "impact hits", "shots".
    pub name: &'static str,
    /// One attack, every modifier applied.
    pub chain: AttackChain,
    /// How many attacks.
    pub count: Count,
    /// Strength of the attacks (for the report).
    pub strength: u8,
}

/// An `attacks` or `shoot` query.
#[derive(Clone, Debug)]
pub struct Attacks {
    /// `attacks` or `shoot`.
    pub query: &'static str,
    /// One line saying what was asked.
    pub summary: Text,
    /// The groups, in the order they strike.
    pub groups: Vec<AttackGroup>,
    /// Wounds of each target model.
    pub target_wounds: u8,
    /// Models in the target unit; `None` for as many as it takes.
    pub target_models: Option<u32>,
    /// Points the attacking models cost (their profile's `points` x models),
    /// for the per-100-points figures.
    pub cost: Option<f64>,
    /// A shooting's panic (with `target_models`): the target's and a
    /// friend's tests.
    pub panic: Option<ShootingPanic>,
}

/// Exact results.
#[derive(Clone, Debug)]
pub struct AttacksOdds {
    /// Per group, per attack.
    pub groups: Vec<ChainOdds>,
    /// The target unit's casualties.
    pub casualties: CasualtyPmf,
}

/// The mean wounds caused (for combat resolution).
pub const MEAN_WOUNDS: &str = "mean_wounds";
/// The mean models slain.
pub const MEAN_KILLS: &str = "mean_kills";

impl Question for Attacks {
    fn kind(&self) -> &'static str {
        "attacks"
    }
    fn report(&self, settings: &Settings) -> Report {
        Attacks::report(self, settings)
    }
    fn headline(&self) -> Vec<Key> {
        vec![
            MEAN_WOUNDS.into(),
            MEAN_KILLS.into(),
            per_100_points(MEAN_WOUNDS),
            per_100_points(MEAN_KILLS),
        ]
    }
}

impl Attacks {
    /// The exact odds of every group and the casualties they cause.
    pub fn exact(&self) -> AttacksOdds {
        let groups: Vec<ChainOdds> = self.groups.iter().map(|g| chain_odds(&g.chain)).collect();
        let mut casualties = CasualtyPmf::start(self.target_wounds, self.target_models, 0);
        for (g, odds) in self.groups.iter().zip(&groups) {
            casualties = casualties.after(&odds.damage, &g.count.pmf());
        }
        AttacksOdds { groups, casualties }
    }

    /// The panic figures of a shooting with `--target-models`, given
    /// P(lo <= models slain < hi) as `slain(lo..hi)`.
    fn panic_fields(&self, slain: impl Fn(std::ops::Range<u32>) -> Value) -> Vec<Field> {
        match (self.panic, self.target_models) {
            (Some(panic), Some(models)) => panic.fields(models, self.target_wounds, slain),
            _ => Vec::new(),
        }
    }

    /// The group the headline per-attack figures describe: the models' own
    /// attacks (or shots), not the impact hits that strike before them.
    fn main_group(&self) -> usize {
        self.groups
            .iter()
            .position(|g| g.name != IMPACT_HITS)
            .unwrap_or(0)
    }

    /// The most models the attacks can slay (each attack slays at most one).
    fn max_kills(&self) -> u32 {
        let most: u32 = self.groups.iter().map(|g| g.count.pmf().max() as u32).sum();
        self.target_models.map_or(most, |m| m.min(most))
    }

    /// Histogram bins of casualty states.
    fn states(&self) -> usize {
        (self.max_kills() as usize + 1) * usize::from(self.target_wounds)
    }

    /// Every engine of `settings`, as a report.
    pub fn report(&self, settings: &Settings) -> Report {
        let outcomes = settings.outcomes(
            || self.exact_outcome(),
            |engine| self.simulated_outcome(engine, settings),
        );
        let main = self.main_group();
        let first = &self.groups[main];
        let mut facts = vec![
            Field::new(
                "attacks",
                number_of(first.name),
                Value::Text(first.count.label().into()),
            ),
            Field::new(
                "to_hit",
                crate::text!("to hit"),
                Value::Text(describe_hit(&first.chain)),
            ),
            Field::new(
                "strength",
                crate::text!("strength"),
                Value::Num(f64::from(first.strength), ""),
            ),
            Field::new(
                "to_wound",
                crate::text!("to wound"),
                Value::Text(need(first.chain.wound)),
            ),
            Field::new(
                "armour_save",
                crate::text!("armour save"),
                Value::Text(need(first.chain.save)),
            ),
            Field::new(
                "ward_save",
                crate::text!("ward save"),
                Value::Text(need(first.chain.ward)),
            ),
        ];
        for (_, g) in self.groups.iter().enumerate().filter(|&(i, _)| i != main) {
            facts.push(Field::new(
                "more_attacks",
                group_label(g.name),
                Value::Text(crate::text!("{} at S{}", g.count.label(), g.strength)),
            ));
        }
        if let (Some(panic), Some(models)) = (self.panic, self.target_models) {
            facts.push(panic.facts(models));
        }
        let mut outcomes = outcomes;
        if let Some(cost) = self.cost {
            facts.push(Field::new(
                "points",
                crate::text!("attackers' points"),
                Value::Num(cost, ""),
            ));
            for o in &mut outcomes {
                o.add_per_100_points(MEAN_WOUNDS, cost);
                o.add_per_100_points(MEAN_KILLS, cost);
            }
        }
        Report {
            query: self.query,
            summary: self.summary.clone(),
            facts,
            outcomes,
        }
    }

    fn exact_outcome(&self) -> Outcome {
        let odds = self.exact();
        let wounds = odds.casualties.combat_result_wounds();
        let kills = odds.casualties.kills();
        let first = &odds.groups[self.main_group()];
        let mut fields = outcome_fields(
            Some([first.p_hit, first.p_wound, first.p_unsaved].map(Value::Prob)),
            [wounds.mean(), wounds.sd(), kills.mean(), kills.sd()].map(|x| Value::Num(x, "")),
            self.target_models
                .map(|m| Value::Prob(kills.p_eq(i64::from(m)))),
        );
        fields.extend(
            self.panic_fields(|slain| Value::Prob(slain.map(|k| kills.p_eq(i64::from(k))).sum())),
        );
        let (max_wounds, max_kills) = self.max_rows();
        let exact_rows = |pmf: &Pmf, max: usize| {
            (0..=max as i64)
                .map(|k| (k, [Value::Prob(pmf.p_eq(k)), Value::Prob(pmf.p_ge(k))]))
                .collect::<Vec<_>>()
        };
        let wounded = (self.target_wounds > 1).then(|| {
            exact_rows(
                &odds.casualties.damage(),
                usize::from(self.target_wounds) - 1,
            )
        });
        let mut tables = distribution_tables(
            exact_rows(&wounds, max_wounds),
            exact_rows(&kills, max_kills),
            wounded,
        );
        tables.push(
            self.groups_table(
                odds.groups
                    .iter()
                    .map(|o| {
                        [
                            Value::Prob(o.p_hit),
                            Value::Prob(o.p_wound),
                            Value::Prob(o.p_unsaved),
                        ]
                    })
                    .collect(),
            ),
        );
        Outcome {
            engine: Engine::Exact,
            fields,
            note: None,
            tables,
        }
    }

    fn groups_table(&self, odds: Vec<[Value; 3]>) -> Table {
        Table {
            detail: false,
            kind: TableKind::Plain,
            key: "groups".into(),
            title: crate::text!("Per attack, by group"),
            index: Column::new("group", crate::text!("group")),
            columns: vec![
                Column::new("attacks", crate::text!("attacks")),
                Column::new("p_hit", crate::text!("P(hit)")),
                Column::new("p_wound", crate::text!("P(wound)")),
                Column::new("p_unsaved", crate::text!("P(unsaved)")),
            ],
            rows: self
                .groups
                .iter()
                .zip(odds)
                .map(|(g, [h, w, u])| {
                    (
                        Value::Text(group_label(g.name)),
                        vec![Value::Text(g.count.label().into()), h, w, u],
                    )
                })
                .collect(),
        }
    }

    /// The largest combat-result wounds and kills the attacks can cause:
    /// every engine lists its tables up to these, so they line up.
    fn max_rows(&self) -> (usize, usize) {
        let kills = self.max_kills() as usize;
        (kills * usize::from(self.target_wounds), kills)
    }

    /// Histograms of combat-result wounds, of kills and of the wounded
    /// model's wounds, from a histogram of casualty states.
    fn marginals(&self, states: &[u64]) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
        let w = self.target_wounds;
        let (max_wounds, max_kills) = self.max_rows();
        let mut wounds = vec![0; max_wounds + 1];
        let mut kills = vec![0; max_kills + 1];
        let mut damage = vec![0; usize::from(w)];
        // Slots past the last possible state (every model slain and one
        // wounded) are always empty.
        for (i, &n) in states.iter().enumerate().filter(|&(_, &n)| n > 0) {
            let c = Casualties::of_index(i, w);
            wounds[c.combat_result_wounds(w) as usize] += n;
            kills[c.kills as usize] += n;
            damage[usize::from(c.damage)] += n;
        }
        (wounds, kills, damage)
    }

    /// P(= k) and P(>= k) for every k of a histogram.
    fn estimate_rows(hist: &[u64], trials: u64) -> Vec<[Estimate; 2]> {
        (0..hist.len())
            .map(|k| {
                [
                    Estimate::proportion(hist[k], trials),
                    Estimate::proportion(hist[k..].iter().sum(), trials),
                ]
            })
            .collect()
    }

    fn widest(&self, tally: &[u64], trials: u64) -> f64 {
        let (wounds, kills, _) = self.marginals(&tally[..self.states()]);
        widest(
            Self::estimate_rows(&wounds, trials)
                .iter()
                .chain(&Self::estimate_rows(&kills, trials))
                .flatten(),
        )
    }

    fn simulated_outcome(&self, engine: Engine, settings: &Settings) -> Outcome {
        let sampling = &settings.sampling;
        let widest = |t: &Vec<u64>, n| self.widest(t, n);
        let run = match engine {
            Engine::Dice => simulate(engine, &DiceAttacksKernel::new(self), sampling, widest),
            _ => simulate(engine, &FastAttacksKernel::new(self), sampling, widest),
        };
        let states = self.states();
        let (wounds, kills, damage) = self.marginals(&run.tally[..states]);
        let (mean_w, sd_w) = Estimate::moments(0, &wounds);
        let (mean_k, sd_k) = Estimate::moments(0, &kills);
        // Per-attack steps are only seen by the dice-level engine; the fast
        // engine draws whole groups.
        let steps: Vec<[Value; 3]> = run.tally[states..]
            .chunks(4)
            .map(|c| {
                let attacks = c[0].max(1);
                [1, 2, 3].map(|j| Value::ProbEst(Estimate::proportion(c[j], attacks)))
            })
            .collect();
        let mut fields = outcome_fields(
            steps.get(self.main_group()).cloned(),
            [mean_w, sd_w, mean_k, sd_k].map(|e| Value::NumEst(e, "")),
            self.target_models.map(|m| {
                let destroyed = kills.get(m as usize).copied().unwrap_or(0);
                Value::ProbEst(Estimate::proportion(destroyed, run.trials))
            }),
        );
        fields.extend(self.panic_fields(|slain| {
            let count = slain.filter_map(|k| kills.get(k as usize)).sum();
            Value::ProbEst(Estimate::proportion(count, run.trials))
        }));
        fields.extend(run_fields(run.trials, sampling.seed));
        let rows = |hist: &[u64]| {
            Self::estimate_rows(hist, run.trials)
                .into_iter()
                .enumerate()
                .map(|(k, [eq, ge])| (k as i64, [Value::ProbEst(eq), Value::ProbEst(ge)]))
                .collect::<Vec<_>>()
        };
        let wounded = (self.target_wounds > 1).then(|| rows(&damage));
        let mut tables = distribution_tables(rows(&wounds), rows(&kills), wounded);
        if !steps.is_empty() {
            tables.push(self.groups_table(steps));
        }
        Outcome {
            engine,
            fields,
            note: None,
            tables,
        }
    }
}
