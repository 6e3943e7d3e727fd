//! `mathhammer combat FILE`: the whole fight, from the charge to the rout.
//! RULES.md (all of it); seeds 000, 002, 003.
//!
//! Every engine fills the same tally layout ([`Layout`]): the Monte Carlo
//! engines with counts of trials, the exact engine with probabilities. Each
//! reported figure is then defined once, as a set of tally cells, and read by
//! a `Measure` as an exact probability or as an estimate with its interval.

use super::{run_fields, simulate, widest, Settings};
use crate::combat::engines::{exact_records, DiceFate, FastFate, Rolls, StrikeTables};
use crate::combat::fight::{Combat, End, Record};
use crate::dice::DiceSource;
use crate::report::{Column, Engine, Field, Outcome, Report, Table, Value};
use crate::sim::{Estimate, Kernel, Tally};

/// Where each count lives in a combat tally.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    rounds: usize,
    models: [usize; 2],
    characters: [usize; 2],
}

/// Ends, in tally order.
const ENDS: usize = 12;

fn end_index(end: End) -> usize {
    match end {
        End::ChargeFailed => 0,
        End::ChargerFled => 1,
        End::TargetFled => 2,
        End::TargetCaught => 3,
        End::Broke { loser, caught } => 4 + 2 * loser + usize::from(caught),
        End::WipedOut { loser } => 8 + loser,
        End::BothDestroyed => 10,
        End::Unresolved => 11,
    }
}

impl Layout {
    pub fn new(combat: &Combat) -> Self {
        Layout {
            rounds: combat.rounds as usize,
            models: [
                combat.sides[0].models as usize,
                combat.sides[1].models as usize,
            ],
            characters: [
                combat.sides[0].characters.len(),
                combat.sides[1].characters.len(),
            ],
        }
    }

    /// Round r's results: attacker won, defender won, draw.
    fn round_result(&self, r: usize, k: usize) -> usize {
        ENDS + 3 * r + k
    }

    /// Rounds played: 0..=rounds.
    fn rounds_played(&self, n: usize) -> usize {
        ENDS + 3 * self.rounds + n
    }

    /// Total casualties of `side`: 0..=models.
    fn total(&self, side: usize, k: usize) -> usize {
        self.rounds_played(self.rounds + 1) + side * (self.models[0] + 1) + k
    }

    /// Casualties of `side` in round r (when fought).
    fn in_round(&self, r: usize, side: usize, k: usize) -> usize {
        let base = self.total(1, self.models[1] + 1);
        let per_round = self.models[0] + self.models[1] + 2;
        base + r * per_round + side * (self.models[0] + 1) + k
    }

    /// Characters of `side` slain: 0..=its characters.
    fn slain(&self, side: usize, k: usize) -> usize {
        self.in_round(self.rounds, 0, 0) + side * (self.characters[0] + 1) + k
    }

    pub fn len(&self) -> usize {
        self.slain(1, self.characters[1] + 1)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds `weight` for `record` through `bump(cell, weight)`.
    fn add<W: Copy>(&self, record: &Record, weight: W, mut bump: impl FnMut(usize, W)) {
        bump(end_index(record.end), weight);
        for (r, rr) in record.rounds.iter().enumerate() {
            let k = rr.winner.unwrap_or(2);
            bump(self.round_result(r, k), weight);
            for side in 0..2 {
                bump(self.in_round(r, side, rr.casualties[side] as usize), weight);
            }
        }
        bump(self.rounds_played(record.rounds.len()), weight);
        for side in 0..2 {
            bump(self.total(side, record.casualties[side] as usize), weight);
            bump(
                self.slain(side, record.characters_slain[side] as usize),
                weight,
            );
        }
    }
}

/// Reads tally cells as reported values.
trait Measure {
    /// P(the trial falls in any of `cells`).
    fn prob(&self, cells: &[usize]) -> Value;
    /// Mean and sd of a histogram stored in `cells` (values 0, 1, ...),
    /// over the trials it counts.
    fn moments(&self, cells: std::ops::Range<usize>) -> (Value, Value);
}

struct ExactMeasure<'a>(&'a [f64]);

impl Measure for ExactMeasure<'_> {
    fn prob(&self, cells: &[usize]) -> Value {
        Value::Prob(
            cells
                .iter()
                .map(|&c| self.0[c])
                .sum::<f64>()
                .clamp(0.0, 1.0),
        )
    }
    fn moments(&self, cells: std::ops::Range<usize>) -> (Value, Value) {
        let h = &self.0[cells];
        let total: f64 = h.iter().sum();
        if total <= 0.0 {
            return (Value::Absent, Value::Absent);
        }
        let mean = h.iter().enumerate().map(|(k, p)| k as f64 * p).sum::<f64>() / total;
        let var = h
            .iter()
            .enumerate()
            .map(|(k, p)| (k as f64 - mean).powi(2) * p)
            .sum::<f64>()
            / total;
        (Value::Num(mean, ""), Value::Num(var.sqrt(), ""))
    }
}

struct CountMeasure<'a> {
    counts: &'a [u64],
    trials: u64,
}

impl Measure for CountMeasure<'_> {
    fn prob(&self, cells: &[usize]) -> Value {
        Value::ProbEst(Estimate::proportion(
            cells.iter().map(|&c| self.counts[c]).sum(),
            self.trials,
        ))
    }
    fn moments(&self, cells: std::ops::Range<usize>) -> (Value, Value) {
        let h = &self.counts[cells];
        if h.iter().sum::<u64>() == 0 {
            return (Value::Absent, Value::Absent);
        }
        let (mean, sd) = Estimate::moments(0, h);
        (Value::NumEst(mean, ""), Value::NumEst(sd, ""))
    }
}

/// A combat query.
#[derive(Clone, Debug)]
pub struct CombatQuery {
    pub combat: Combat,
    pub name: String,
}

impl CombatQuery {
    fn names(&self) -> [&str; 2] {
        ["attacker", "defender"]
    }

    /// The cells of ends where `side` won the fight: its enemy broke, was
    /// wiped out, or was caught fleeing its charge.
    fn wins(&self, side: usize) -> Vec<usize> {
        let enemy = 1 - side;
        let mut cells = vec![
            end_index(End::Broke {
                loser: enemy,
                caught: false,
            }),
            end_index(End::Broke {
                loser: enemy,
                caught: true,
            }),
            end_index(End::WipedOut { loser: enemy }),
        ];
        if self.combat.charger == Some(side) {
            cells.push(end_index(End::TargetCaught));
        }
        cells
    }

    /// The cells of ends where `side` was destroyed.
    fn destroyed(&self, side: usize) -> Vec<usize> {
        let mut cells = vec![
            end_index(End::Broke {
                loser: side,
                caught: true,
            }),
            end_index(End::WipedOut { loser: side }),
            end_index(End::BothDestroyed),
        ];
        if self.combat.charger == Some(1 - side) {
            cells.push(end_index(End::TargetCaught));
        }
        cells
    }

    /// Every figure, read through `m`; `overall`: the tally covers the whole
    /// fight (not only its first round).
    fn outcome(&self, engine: Engine, m: &dyn Measure, layout: &Layout, overall: bool) -> Outcome {
        let names = self.names();
        let mut fields = vec![
            Field::new(
                "p_charge_fails",
                "P(charge fails)",
                m.prob(&[end_index(End::ChargeFailed)]),
            ),
            Field::new(
                "p_charger_fled",
                "P(charger flees stand-and-shoot)",
                m.prob(&[end_index(End::ChargerFled)]),
            ),
            Field::new(
                "p_target_fled",
                "P(target flees and escapes)",
                m.prob(&[end_index(End::TargetFled)]),
            ),
            Field::new(
                "p_target_caught",
                "P(target flees and is caught)",
                m.prob(&[end_index(End::TargetCaught)]),
            ),
        ];
        if overall {
            for (side, name) in names.iter().enumerate() {
                fields.push(Field::new(
                    win_key(side),
                    format!("P({name} wins)"),
                    m.prob(&self.wins(side)),
                ));
            }
            fields.push(Field::new(
                "p_unresolved",
                "P(still fighting after the last round)",
                m.prob(&[end_index(End::Unresolved), end_index(End::BothDestroyed)]),
            ));
            for (side, name) in names.iter().enumerate() {
                let broke = [
                    end_index(End::Broke {
                        loser: side,
                        caught: false,
                    }),
                    end_index(End::Broke {
                        loser: side,
                        caught: true,
                    }),
                ];
                fields.push(Field::new(
                    break_key(side),
                    format!("P({name} breaks)"),
                    m.prob(&broke),
                ));
                fields.push(Field::new(
                    caught_key(side),
                    format!("P({name} breaks and is caught)"),
                    m.prob(&[end_index(End::Broke {
                        loser: side,
                        caught: true,
                    })]),
                ));
                fields.push(Field::new(
                    destroyed_key(side),
                    format!("P({name} destroyed)"),
                    m.prob(&self.destroyed(side)),
                ));
            }
            for (side, name) in names.iter().enumerate() {
                let n = layout.characters[side];
                if n > 0 {
                    let slain: Vec<usize> = (1..=n).map(|k| layout.slain(side, k)).collect();
                    fields.push(Field::new(
                        character_key(side),
                        format!("P({name} loses a character)"),
                        m.prob(&slain),
                    ));
                }
            }
            for (side, name) in names.iter().enumerate() {
                let (mean, _) =
                    m.moments(layout.total(side, 0)..layout.total(side, layout.models[side] + 1));
                fields.push(Field::new(
                    casualty_key(side),
                    format!("mean {name} casualties"),
                    mean,
                ));
            }
            let (rounds, _) =
                m.moments(layout.rounds_played(0)..layout.rounds_played(layout.rounds + 1));
            fields.push(Field::new("mean_rounds", "mean rounds fought", rounds));
        }
        let shown_rounds = if overall { layout.rounds } else { 1 };
        let mut rows = Vec::new();
        for r in 0..shown_rounds {
            let fought: Vec<usize> = (0..3).map(|k| layout.round_result(r, k)).collect();
            let mut cells = vec![
                m.prob(&fought),
                m.prob(&[layout.round_result(r, 0)]),
                m.prob(&[layout.round_result(r, 2)]),
                m.prob(&[layout.round_result(r, 1)]),
            ];
            for side in 0..2 {
                let (mean, _) = m.moments(
                    layout.in_round(r, side, 0)..layout.in_round(r, side, layout.models[side] + 1),
                );
                cells.push(mean);
            }
            rows.push((Value::Num((r + 1) as f64, ""), cells));
        }
        let mut tables = vec![Table {
            detail: false,
            key: "rounds",
            title: "By round (casualties: mean over the fights that reached the round)".into(),
            index: Column::new("round", "round"),
            columns: vec![
                Column::new("p_fought", "P(fought)"),
                Column::new("p_attacker_wins", "P(attacker wins)"),
                Column::new("p_draw", "P(draw)"),
                Column::new("p_defender_wins", "P(defender wins)"),
                Column::new("attacker_casualties", "attacker lost"),
                Column::new("defender_casualties", "defender lost"),
            ],
            rows,
        }];
        if overall {
            for (side, name) in names.iter().enumerate() {
                let n = layout.models[side];
                let rows = (0..=n)
                    .map(|k| {
                        let eq = m.prob(&[layout.total(side, k)]);
                        let ge: Vec<usize> = (k..=n).map(|j| layout.total(side, j)).collect();
                        (Value::Num(k as f64, ""), vec![eq, m.prob(&ge)])
                    })
                    .collect();
                tables.push(Table {
                    detail: false,
                    key: if side == 0 {
                        "attacker_casualties_pmf"
                    } else {
                        "defender_casualties_pmf"
                    },
                    title: format!("{name} models lost ({})", self.combat.sides[side].name),
                    index: Column::new("models", "models"),
                    columns: vec![
                        Column::new("p", "P(= k)"),
                        Column::new("p_at_least", "P(>= k)"),
                    ],
                    rows,
                });
            }
        }
        // Casualties by round: P(the round is fought and a side loses k).
        let most = layout.models[0].max(layout.models[1]);
        let mut rows = Vec::new();
        for r in 0..shown_rounds {
            for k in 0..=most {
                let p = |side: usize| {
                    if k <= layout.models[side] {
                        m.prob(&[layout.in_round(r, side, k)])
                    } else {
                        Value::Absent
                    }
                };
                rows.push((
                    Value::Num((r + 1) as f64, ""),
                    vec![Value::Num(k as f64, ""), p(0), p(1)],
                ));
            }
        }
        tables.push(Table {
            detail: true,
            key: "round_casualties_pmf",
            title: "Models lost by round: P(the round is fought and a side loses k)".into(),
            index: Column::new("round", "round"),
            columns: vec![
                Column::new("models", "models"),
                Column::new("p_attacker", "P(attacker loses k)"),
                Column::new("p_defender", "P(defender loses k)"),
            ],
            rows,
        });
        Outcome {
            engine,
            fields,
            tables,
        }
    }

    pub fn report(&self, settings: &Settings) -> Report {
        let layout = Layout::new(&self.combat);
        let outcomes = settings.outcomes(
            || self.exact_outcome(),
            |engine| {
                let trials = &settings.sampling;
                let kernel = CombatKernel::new(&self.combat, engine == Engine::MonteCarlo);
                let run = simulate(engine, &kernel, trials, |t, n| {
                    let m = CountMeasure {
                        counts: t,
                        trials: n,
                    };
                    let o = self.outcome(engine, &m, &layout, true);
                    widest(
                        o.fields
                            .iter()
                            .filter_map(|f| match &f.value {
                                Value::ProbEst(e) => Some(e),
                                _ => None,
                            })
                            .collect::<Vec<_>>(),
                    )
                });
                let m = CountMeasure {
                    counts: &run.tally,
                    trials: run.trials,
                };
                let mut o = self.outcome(engine, &m, &layout, true);
                o.fields.extend(run_fields(run.trials, trials.seed));
                o
            },
        );
        let [a, d] = &self.combat.sides;
        let facts = vec![
            Field::new(
                "attacker",
                "attacker",
                Value::Text(format!("{} {} ({} wide)", a.models, a.name, a.frontage)),
            ),
            Field::new(
                "defender",
                "defender",
                Value::Text(format!("{} {} ({} wide)", d.models, d.name, d.frontage)),
            ),
            Field::new(
                "rounds_cap",
                "rounds at most",
                Value::Int(u64::from(self.combat.rounds)),
            ),
        ];
        Report {
            query: "combat",
            summary: format!("Combat: {}", self.name),
            facts,
            outcomes,
        }
    }

    /// The exact engine plays the first round (the charge turn included);
    /// with a cap of one round that is the whole fight.
    fn exact_outcome(&self) -> Outcome {
        let first = self.combat.with_rounds(1);
        let layout = Layout::new(&first);
        match exact_records(&first) {
            Some(records) => {
                let mut p = vec![0.0; layout.len()];
                for (record, q) in &records {
                    layout.add(record, *q, |cell, w| p[cell] += w);
                }
                self.outcome(
                    Engine::Exact,
                    &ExactMeasure(&p),
                    &layout,
                    self.combat.rounds == 1,
                )
            }
            None => Outcome {
                engine: Engine::Exact,
                fields: vec![Field::new(
                    "exact_note",
                    "exact",
                    Value::Text("too many outcomes to enumerate; use --method monte-carlo".into()),
                )],
                tables: vec![],
            },
        }
    }
}

fn win_key(side: usize) -> &'static str {
    ["p_attacker_wins", "p_defender_wins"][side]
}
fn break_key(side: usize) -> &'static str {
    ["p_attacker_breaks", "p_defender_breaks"][side]
}
fn caught_key(side: usize) -> &'static str {
    ["p_attacker_caught", "p_defender_caught"][side]
}
fn destroyed_key(side: usize) -> &'static str {
    ["p_attacker_destroyed", "p_defender_destroyed"][side]
}
fn character_key(side: usize) -> &'static str {
    ["p_attacker_character_slain", "p_defender_character_slain"][side]
}
fn casualty_key(side: usize) -> &'static str {
    ["mean_attacker_casualties", "mean_defender_casualties"][side]
}

/// Whole fights: with strike tables (the fast engine) or rolling every die.
pub struct CombatKernel {
    combat: Combat,
    rolls: Rolls,
    tables: Option<StrikeTables>,
    layout: Layout,
}

impl CombatKernel {
    pub fn new(combat: &Combat, fast: bool) -> Self {
        CombatKernel {
            combat: combat.clone(),
            rolls: Rolls::for_combat(combat),
            tables: fast.then(|| StrikeTables::new(combat)),
            layout: Layout::new(combat),
        }
    }
}

/// A combat tally: counts in [`Layout`] cells.
#[derive(Clone, Debug)]
pub struct CombatTally(pub Vec<u64>);

impl std::ops::Deref for CombatTally {
    type Target = [u64];
    fn deref(&self) -> &[u64] {
        &self.0
    }
}

impl Tally for CombatTally {
    fn merge(&mut self, other: &Self) {
        self.0.merge(&other.0);
    }
}

impl Kernel for CombatKernel {
    type Tally = CombatTally;

    fn tally(&self) -> CombatTally {
        CombatTally(vec![0; self.layout.len()])
    }

    fn run<S: DiceSource>(&self, dice: S, trials: u64, tally: &mut CombatTally) -> S {
        let mut record = Record {
            end: End::Unresolved,
            rounds: Vec::with_capacity(self.layout.rounds),
            casualties: [0; 2],
            characters_slain: [0; 2],
        };
        let mut play = |fight: &mut dyn FnMut(&mut Record)| {
            for _ in 0..trials {
                fight(&mut record);
                self.layout.add(&record, 1u64, |c, w| tally.0[c] += w);
            }
        };
        match &self.tables {
            Some(tables) => {
                let mut fate = FastFate::new(dice, &self.rolls, tables);
                play(&mut |r| self.combat.fight_into(&mut fate, r));
                fate.dice
            }
            None => {
                let mut fate = DiceFate::new(dice, &self.rolls);
                play(&mut |r| self.combat.fight_into(&mut fate, r));
                fate.dice
            }
        }
    }
}
