//! `mathhammer combat FILE`: the whole fight, from the charge to the rout.
//! RULES.md (all of it); seeds 000, 002, 003.
//!
//! Every engine fills the same tally layout ([`Layout`]): the Monte Carlo
//! engines with counts of trials, the exact engine with probabilities. Each
//! reported figure is then defined once, as a set of tally cells, and read by
//! a `Measure` as an exact probability or as an estimate with its interval.

use super::{run_fields, simulate, widest, Method, Question, Settings};
use crate::combat::before;
use crate::combat::chain::{exact_fight_within, Refused, AUTO_BUDGET, CHAIN_BUDGET, ROUND_STATES};
use crate::combat::fight::Combat;
use crate::plot::Figure;
use crate::report::{per_100_points, Engine, Field, Key, Outcome, Report, Text, Value};

mod figures;
mod kernel;
mod layout;
mod lead;

use crate::query::measure::{CountMeasure, ExactMeasure};
use kernel::whole_rounds_refusal;
pub use kernel::{CombatKernel, CombatTally, ROUND_WORK_PER_FIGHT};
pub use layout::Layout;

/// A combat query.
#[derive(Clone, Debug)]
pub struct CombatQuery {
    /// The fight.
    pub combat: Combat,
    /// The scenario's name.
    pub name: String,
    /// The `--set` overrides the fight was built with (the file's name
    /// then no longer describes it).
    pub sets: Vec<String>,
}

impl CombatQuery {
    /// Each unit's key: `attacker` and `defender` for the main units, then
    /// `attacker_2`, `defender_2`, ... in the order the scenario lists them.
    pub fn unit_keys(&self) -> Vec<String> {
        self.unit_places()
            .map(|(side, k)| match k {
                1 => SIDES[side].to_string(),
                k => format!("{}_{k}", SIDES[side]),
            })
            .collect()
    }

    /// Each unit's label, as [`unit_keys`](Self::unit_keys) in words
    /// (`defender 2`).
    pub(super) fn unit_labels(&self) -> Vec<Text> {
        self.unit_places()
            .map(|(side, k)| match k {
                1 => side_label(side),
                k => crate::text!("{} {}", side_label(side), k),
            })
            .collect()
    }

    /// Each unit's side and its place among its side's units (from 1).
    fn unit_places(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        let mut seen = [0; 2];
        self.combat.setup.places.iter().map(move |p| {
            seen[p.side] += 1;
            (p.side, seen[p.side])
        })
    }

    /// What `side`'s units cost: each unit's points at its models (a
    /// roster's unit priced by its list: command groups and unit-wide
    /// upgrades a fixed part), and each character's. Else why not: a change
    /// its source does not price (none if a unit has no points at all).
    pub fn side_points(&self, side: usize) -> Result<f64, Option<Text>> {
        let mut total = 0.0;
        for (unit, place) in self
            .combat
            .setup
            .units
            .iter()
            .zip(&self.combat.setup.places)
        {
            if place.side != side {
                continue;
            }
            total += unit.cost.at(unit.models)?;
            for c in &unit.characters {
                total += c.body.cost.at(c.body.models)?;
            }
        }
        Ok(total)
    }

    /// Every engine of `settings`, as a report.
    pub fn report(&self, settings: &Settings) -> Report {
        let layout = Layout::new(&self.combat);
        let outcomes = settings.outcomes(
            || match settings.method {
                Method::Auto => self.exact_outcome(AUTO_BUDGET),
                _ => self.exact_outcome(CHAIN_BUDGET),
            },
            |engine| {
                let trials = &settings.sampling;
                let kernel = match CombatKernel::for_settings(&self.combat, engine, settings) {
                    Ok(kernel) => kernel,
                    Err(r) => return Outcome::refused(engine, whole_rounds_refusal(r)),
                };
                let run = simulate(engine, &kernel, trials, |t, n| {
                    let m = CountMeasure {
                        counts: t,
                        trials: n,
                    };
                    let o = self.outcome(engine, &m, &layout);
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
                let mut o = self.outcome(engine, &m, &layout);
                o.fields.extend(run_fields(run.trials, trials.seed));
                o.fields.extend(kernel.sampler_field());
                o
            },
        );
        let labels = self.unit_labels();
        let mut facts: Vec<Field> = self
            .unit_keys()
            .into_iter()
            .enumerate()
            .map(|(u, key)| {
                let unit = &self.combat.setup.units[u];
                let mut text =
                    crate::text!("{} {} ({} wide)", unit.models, &unit.name, unit.frontage);
                let group = [
                    (unit.champion, crate::text!(", champion")),
                    (unit.standard, crate::text!(", standard")),
                    (unit.musician, crate::text!(", musician")),
                ];
                for (_, with) in group.into_iter().filter(|(has, _)| *has) {
                    text = text.then(with);
                }
                if u >= 2 {
                    // Where a further unit fights: its contact with the
                    // enemy's main unit.
                    let place = &self.combat.setup.places[u];
                    let face = self.combat.setup.contacts[u - 1].face;
                    let enemy = side_label(1 - place.side);
                    let redirect = self.combat.setup.redirect.filter(|r| r.unit == u);
                    text = text.then(match (redirect, place.charging) {
                        (Some(r), _) => crate::text!(
                            ", the charge may be redirected at its {} from {} {} ({})",
                            Text::words(face.name()),
                            r.path.distance.to_string(),
                            self.combat.setup.edition.unit(),
                            Text::words(r.reaction.name())
                        ),
                        (None, true) => crate::text!(
                            ", charges the {}'s {} from {} {}",
                            enemy,
                            Text::words(face.name()),
                            place.distance.to_string(),
                            self.combat.setup.edition.unit()
                        ),
                        (None, false) => {
                            crate::text!(", fights the {}'s {}", enemy, Text::words(face.name()))
                        }
                    });
                }
                // One unit a side: by its role (never "attacker" for the
                // charged unit); with more, each by its side.
                let label = match (self.combat.setup.units.len(), self.combat.charger) {
                    (2, Some(c)) if u == c => crate::text!("charger"),
                    (2, Some(_)) => crate::text!("charged"),
                    _ => labels[u].clone(),
                };
                Field::new(key.clone(), label, Value::Text(text))
            })
            .collect();
        let mut outcomes = outcomes;
        for (side, name) in SIDES.iter().enumerate() {
            let label = crate::text!("{} points", side_label(side));
            match self.side_points(side) {
                Ok(cost) => {
                    facts.push(Field::new(
                        format!("{name}_points"),
                        label,
                        Value::Num(cost, ""),
                    ));
                    for o in &mut outcomes {
                        o.add_per_100_points(&p_wins(side), cost);
                    }
                }
                // Never the old total: the change is named.
                Err(Some(why)) => facts.push(Field::new(
                    format!("{name}_points"),
                    label,
                    Value::Text(crate::text!("not priced ({})", why)),
                )),
                Err(None) => {}
            }
        }
        facts.push(Field::new(
            "rounds_cap",
            crate::text!("rounds at most"),
            Value::Int(u64::from(self.combat.setup.rounds)),
        ));
        if !self.sets.is_empty() {
            facts.push(Field::new(
                "set",
                crate::text!("changed by --set"),
                Value::Text(Text::kept(self.sets.join(" "))),
            ));
        }
        Report {
            query: "combat",
            summary: crate::text!("Combat: {}", self.title()),
            facts,
            outcomes,
        }
    }

    /// The scenario's name; with `--set` overrides, or with no name (a
    /// fight of units named on the command line), the fight as played
    /// (`20 Orc boar boy charge 20 Empire spearman`), as the name may no
    /// longer say it.
    pub fn title(&self) -> Text {
        if self.sets.is_empty() && !self.name.is_empty() {
            return Text::kept(&self.name);
        }
        let units = &self.combat.setup.units;
        let (first, other) = match self.combat.charger {
            Some(c) => (&units[c], &units[1 - c]),
            None => (&units[0], &units[1]),
        };
        let (first_led, other_led) = (led(first), led(other));
        // The verb agrees with its unit: one model charges, many charge.
        let one = first.models == 1 && first.characters.is_empty();
        match (self.combat.charger, one) {
            (Some(_), true) => crate::text!("{} charges {}", first_led, other_led),
            (Some(_), false) => crate::text!("{} charge {}", first_led, other_led),
            (None, true) => crate::text!("{} fights {}", first_led, other_led),
            (None, false) => crate::text!("{} fight {}", first_led, other_led),
        }
    }

    /// The exact engine: the whole fight as a chain of rounds
    /// (`combat::chain`), within `budget` work; declined past it. A fight
    /// whose models roll before it is each of its variants played in
    /// turn, its results added weighted by the variant's probability, all
    /// within the one budget (RULES.md Rolls before the fight).
    fn exact_outcome(&self, budget: u64) -> Outcome {
        let layout = Layout::new(&self.combat);
        let mut p = vec![0.0; layout.len()];
        let variants = before::variants(&self.combat);
        let whole = [(1.0, &self.combat, layout.clone())];
        let parts: Vec<(f64, &Combat, Layout)> = match variants.is_empty() {
            true => whole.into_iter().collect(),
            false => (variants.iter())
                .map(|v| (v.p, &v.combat, layout.with_lost(&v.lost)))
                .collect(),
        };
        let mut spent = 0;
        for (weight, combat, layout) in &parts {
            let left = budget.saturating_sub(spent);
            let chain = exact_fight_within(combat, left, |t, q| {
                layout.add_tallied(t, q, |cell, w| p[cell] += weight * w)
            });
            match chain {
                Ok(size) => spent += size.work,
                Err(refused) => {
                    let refused = Refused { budget, ..refused };
                    return Outcome::refused(Engine::Exact, refusal(refused));
                }
            }
        }
        let mut o = self.outcome(Engine::Exact, &ExactMeasure(&p), &layout);
        let note = crate::text!("every way the fight can go");
        o.note = Some(match parts.len() {
            1 => note,
            n => crate::text!(
                "{}, in each of the {} outcomes of the rolls before it",
                note,
                n as u64
            ),
        });
        o
    }
}

/// A unit as a title names it: its models and name, and every character
/// leading it (`20 Halberdiers with Captain of the Empire and Warrior
/// Priest`).
fn led(unit: &crate::combat::unit::Unit) -> Text {
    let unit_text = crate::text!("{} {}", unit.models, &unit.name);
    let names: Vec<Text> = unit
        .characters
        .iter()
        .map(|c| Text::kept(&c.body.name))
        .collect();
    match names.split_last() {
        None => unit_text,
        Some((last, [])) => crate::text!("{} with {}", unit_text, last.clone()),
        Some((last, rest)) => {
            let mut first = rest[0].clone();
            for name in &rest[1..] {
                first = crate::text!("{}, {}", first, name.clone());
            }
            let all = crate::text!("{} and {}", first, last.clone());
            crate::text!("{} with {}", unit_text, all)
        }
    }
}

/// Why the chain declined a fight, in words: where it stopped and what to
/// use instead.
fn refusal(r: Refused) -> Text {
    let seconds = if r.budget <= AUTO_BUDGET {
        crate::text!("about a second")
    } else {
        crate::text!("about five seconds")
    };
    crate::text!(
        "the whole fight passes its budget of {} of work or {} states within a round at round {} ({} states between rounds) (accepted: --method monte-carlo or dice, or --set situation.rounds=1 for the charge turn and round 1)",
        seconds,
        ROUND_STATES as u64,
        u64::from(r.round),
        r.states as u64
    )
}

/// The sides' names, as keys.
pub(super) const SIDES: [&str; 2] = ["attacker", "defender"];

/// A side's name in words.
pub(super) fn side_label(side: usize) -> Text {
    match side {
        0 => crate::text!("attacker"),
        _ => crate::text!("defender"),
    }
}

/// The key of P(`side` wins the fight).
pub fn p_wins(side: usize) -> Key {
    format!("p_{}_wins", SIDES[side]).into()
}

/// A figure reported for each unit of the fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitFigure {
    /// P(it flees without breaking: a charge reaction, fear or terror,
    /// stand and shoot's panic, or panic when a unit beside it breaks).
    Flees,
    /// P(it breaks).
    Breaks,
    /// P(it breaks and is caught).
    Caught,
    /// P(it is destroyed).
    Destroyed,
    /// P(it loses a character).
    CharacterSlain,
    /// Its mean casualties.
    MeanCasualties,
    /// P(it flees, broken or not, escapes and rallies at the start of its next turn).
    Rallies,
}

impl UnitFigure {
    /// Its key for the unit keyed `unit` ([`CombatQuery::unit_keys`]).
    pub fn key(self, unit: &str) -> Key {
        match self {
            UnitFigure::Flees => format!("p_{unit}_flees"),
            UnitFigure::Breaks => format!("p_{unit}_breaks"),
            UnitFigure::Caught => format!("p_{unit}_caught"),
            UnitFigure::Destroyed => format!("p_{unit}_destroyed"),
            UnitFigure::CharacterSlain => format!("p_{unit}_character_slain"),
            UnitFigure::MeanCasualties => format!("mean_{unit}_casualties"),
            UnitFigure::Rallies => format!("p_{unit}_rallies"),
        }
        .into()
    }
}

impl Question for CombatQuery {
    fn kind(&self) -> &'static str {
        "combat"
    }
    fn report(&self, settings: &Settings) -> Report {
        CombatQuery::report(self, settings)
    }
    /// The default charts, and each friend's P(flees) near the fight.
    fn figure(&self, report: &Report) -> Figure {
        let mut figure = crate::plot::report_figure(report);
        let title = crate::text!("Friends near the fight: P(flees in panic)");
        figure
            .panels
            .extend(crate::plot::table_bars(report, "friends", "p_flees", title));
        figure
    }
    /// Exact when the whole fight fits, else Monte Carlo.
    fn default_method(&self) -> Method {
        Method::Auto
    }
    /// The units' names (or roles) for the sides' words.
    fn headline_names(&self) -> Vec<(Text, Text)> {
        self.names()
    }
    /// The figures this fight's answer leads with.
    fn lead(&self, report: &Report) -> Vec<Key> {
        CombatQuery::lead(self, report)
    }

    fn headline(&self) -> Vec<Key> {
        let [attacker, defender] = SIDES;
        vec![
            p_wins(0),
            per_100_points(&p_wins(0)),
            p_wins(1),
            "p_unresolved".into(),
            UnitFigure::Breaks.key(defender),
            UnitFigure::Caught.key(defender),
            UnitFigure::Breaks.key(attacker),
            UnitFigure::Caught.key(attacker),
            UnitFigure::MeanCasualties.key(attacker),
            UnitFigure::MeanCasualties.key(defender),
        ]
    }
}
