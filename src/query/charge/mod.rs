//! `mathhammer charge`: will the charge reach, and if the target flees, is it
//! caught? RULES.md Charges; seed 000.

mod figure;

use super::kernels::{PairKernel, RollKernel};
use super::{run_fields, simulate, widest, Question, Settings};
use crate::dice::Roll;
use crate::error::{check_range, InputError};
use crate::exact::Pmf;
use crate::plot::Figure;
use crate::report::{
    trim_number, Column, Engine, Field, Key, Outcome, Report, Table, TableKind, Text, Value,
};
use crate::rules::movement::{
    charge_catches, charge_range, charge_reaches, check_charge_path, failed_charge_move, flee_roll,
    movement, random_charge_range, random_move,
};
use crate::rules::random::Dice;
use crate::rules::Edition;
use crate::sim::Estimate;
use crate::text;

/// The charged unit's reaction. RULES.md Charges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reaction {
    /// The target holds (or stands and shoots).
    Hold,
    /// Flee `move` (its M) directly away; fliers flee 8D6.
    Flee {
        /// The target's M (after barding).
        target_move: f64,
        /// The target flies.
        target_flies: bool,
    },
}

/// A charge declaration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Charge {
    /// Metric (cm) or inches.
    pub edition: Edition,
    /// The charger's M as on its profile (0 for a random mover).
    pub charger_move: f64,
    /// A random mover's dice, in inches (a Chaos Spawn's 2D6): it charges
    /// as far as they roll. RULES.md Charges.
    pub charger_dice: Option<Dice>,
    /// Cavalry barding: -2 cm (-1") M.
    pub barding: bool,
    /// Difficult terrain on the path halves the charge.
    pub difficult_terrain: bool,
    /// Wheel distance taken from the range.
    pub wheel: f64,
    /// Distance to the target when the charge is declared.
    pub distance: f64,
    /// The target's reaction.
    pub reaction: Reaction,
    /// For `confident_distance`: the farthest distance with P(contact) >= this.
    pub confidence: Option<f64>,
    /// Report P(contact) at every distance 1..range.
    pub reach_table: bool,
}

/// Exact odds of one charge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChargeOdds {
    /// The charger reaches the target (catches it, if it flees).
    pub p_contact: f64,
    /// The fleeing target is caught and destroyed.
    pub p_caught: f64,
    /// The charge fails: the charger moves its normal M.
    pub p_fail: f64,
}

/// P(contact): the charge reaches (a holding target) or the target is
/// caught or reached (a fleeing one).
pub const P_CONTACT: &str = "p_contact";
/// P(a fleeing target is caught and destroyed).
pub const P_CAUGHT: &str = "p_caught";
/// P(the charge fails).
pub const P_FAIL: &str = "p_fail";

impl Question for Charge {
    fn kind(&self) -> &'static str {
        "charge"
    }
    fn validate(&self) -> Result<(), InputError> {
        Charge::validate(self)
    }
    fn report(&self, settings: &Settings) -> Report {
        Charge::report(self, settings)
    }
    fn figure(&self, report: &Report) -> Figure {
        Charge::figure(self, report)
    }
    fn headline(&self) -> Vec<Key> {
        vec![P_CONTACT.into(), P_CAUGHT.into(), P_FAIL.into()]
    }
}

impl Charge {
    /// Checks every field; errors name the flag and the accepted values.
    pub fn validate(&self) -> Result<(), InputError> {
        let e = self.edition;
        let unit = e.unit();
        if self.charger_dice.is_some() && self.barding {
            return Err(InputError::new(
                "--barding",
                text!("a random move is rolled as the army book prints it (accepted: no --barding with dice for --move)"),
            ));
        }
        if self.charger_dice.is_none() {
            check_range("--move", self.charger_move, 0.0, e.max_move(), true, unit)?;
        }
        if self.charger_dice.is_none() && movement(self.charger_move, self.barding, e) <= 0.0 {
            return Err(InputError::new(
                "--barding",
                text!(
                    "barding takes {} {} off M {}, leaving no move (accepted: --move above {})",
                    e.barding_penalty(),
                    unit,
                    self.charger_move,
                    e.barding_penalty()
                ),
            ));
        }
        check_charge_path(
            e,
            self.charge_range() + self.wheel,
            self.distance,
            self.wheel,
            ["--distance", "--wheel"],
        )?;
        if let Reaction::Flee { target_move, .. } = self.reaction {
            check_range("--target-move", target_move, 0.0, e.max_move(), true, unit)?;
        }
        if let Some(c) = self.confidence {
            if !(c > 0.0 && c <= 1.0) {
                return Err(InputError::new(
                    "--confidence",
                    text!(
                        "{} is out of range (accepted: above 0 up to 1, e.g. 0.9)",
                        crate::error::shown(c)
                    ),
                ));
            }
        }
        Ok(())
    }

    fn movement(&self) -> f64 {
        movement(self.charger_move, self.barding, self.edition)
    }

    /// The charge range after barding, terrain and wheel (a random
    /// mover's longest).
    pub fn charge_range(&self) -> f64 {
        match self.charger_dice {
            Some(d) => self.range_at(d.highest()),
            None => charge_range(self.movement(), self.difficult_terrain, self.wheel),
        }
    }

    /// The charge range when a random mover's dice roll `rolled` (its M's
    /// range, for a charger with an M). RULES.md Charges.
    fn range_at(&self, rolled: u8) -> f64 {
        match self.charger_dice {
            Some(_) => {
                random_charge_range(rolled, self.edition, self.difficult_terrain, self.wheel)
            }
            None => self.charge_range(),
        }
    }

    /// A random mover's roll for its move.
    pub fn move_roll(&self) -> Option<Roll> {
        self.charger_dice.and_then(|d| d.roll(1))
    }

    /// The target's flee dice, if it flees.
    pub fn flee_roll(&self) -> Option<Roll> {
        match self.reaction {
            Reaction::Hold => None,
            Reaction::Flee {
                target_move,
                target_flies,
            } => Some(flee_roll(target_move, target_flies, self.edition)),
        }
    }

    /// Whether a trial with move roll `moved` (a random mover's; 0 else)
    /// and flee roll `fled` (0 if the target holds) ends in contact at
    /// `distance`.
    fn contact(&self, distance: f64, moved: u8, fled: u8) -> bool {
        let range = self.range_at(moved);
        match self.reaction {
            Reaction::Hold => charge_reaches(distance, range),
            Reaction::Flee { .. } => charge_catches(distance, f64::from(fled), range),
        }
    }

    /// The distances of the reach table: 1, 2, ... up to the range.
    pub fn reach_distances(&self) -> Vec<f64> {
        (1..=self.charge_range().floor() as i64)
            .map(|d| d as f64)
            .collect()
    }

    /// Exact P(contact) at `distance`: over a random mover's roll (if it
    /// is one) and the target's flee roll (if it flees).
    pub fn exact_contact(&self, distance: f64) -> f64 {
        let moves = self.move_roll().map_or(Pmf::point(0), |r| Pmf::of_roll(&r));
        moves
            .iter()
            .map(|(m, q)| {
                let m = m as u8;
                q * match self.flee_roll() {
                    None => f64::from(u8::from(self.contact(distance, m, 0))),
                    Some(roll) => Pmf::of_roll(&roll).prob(|r| self.contact(distance, m, r as u8)),
                }
            })
            .sum()
    }

    /// The exact odds at the declared distance.
    pub fn exact(&self) -> ChargeOdds {
        let p_contact = self.exact_contact(self.distance);
        ChargeOdds {
            p_contact,
            p_caught: if self.flee_roll().is_some() {
                p_contact
            } else {
                0.0
            },
            p_fail: (1.0 - p_contact).max(0.0),
        }
    }

    /// The Monte Carlo estimate of P(contact) at `distance` from a
    /// histogram of the trials' rolls (bins as [`Bins::rolls`] reads them).
    fn estimate_contact(&self, hist: &[u64], bins: Bins, trials: u64, distance: f64) -> Estimate {
        let hits = hist
            .iter()
            .enumerate()
            .filter(|&(bin, _)| {
                let (moved, fled) = bins.rolls(bin);
                self.contact(distance, moved, fled)
            })
            .map(|(_, c)| c)
            .sum();
        Estimate::proportion(hits, trials)
    }

    /// Every probability a Monte Carlo run reports: P(contact) at the
    /// declared distance, then at each reach-table distance if asked.
    fn estimates(&self, hist: &[u64], bins: Bins, trials: u64) -> Vec<Estimate> {
        let mut all = vec![self.estimate_contact(hist, bins, trials, self.distance)];
        if self.reach_table || self.confidence.is_some() {
            all.extend(
                self.reach_distances()
                    .into_iter()
                    .map(|d| self.estimate_contact(hist, bins, trials, d)),
            );
        }
        all
    }

    /// Runs the query and builds its report.
    pub fn report(&self, settings: &Settings) -> Report {
        let unit = self.edition.unit();
        let outcomes = settings.outcomes(
            || self.exact_outcome(),
            |engine| self.simulated_outcome(engine, settings),
        );
        let mut facts = vec![
            Field::new(
                "unit",
                crate::text!("distances in"),
                Value::Text(unit.into()),
            ),
            Field::new(
                "charge_range",
                crate::text!("charge range"),
                match self.charger_dice {
                    Some(d) => Value::Text(self.rolled(d, |r| self.range_at(r))),
                    None => Value::Num(self.charge_range(), unit),
                },
            ),
            Field::new(
                "failed_charge_move",
                crate::text!("a failed charge moves"),
                match self.charger_dice {
                    Some(d) => Value::Text(self.rolled(d, |r| {
                        failed_charge_move(random_move(r, self.edition), self.difficult_terrain)
                    })),
                    None => Value::Num(
                        failed_charge_move(self.movement(), self.difficult_terrain),
                        unit,
                    ),
                },
            ),
        ];
        facts.push(Field::new(
            "flee_dice",
            crate::text!("flee dice"),
            match self.flee_roll() {
                Some(r) => Value::Text(r.to_string().into()),
                None => Value::Absent,
            },
        ));
        Report {
            query: "charge",
            summary: self.summary(),
            facts,
            outcomes,
        }
    }

    /// A distance a random mover's dice `d` give, `at` its roll: "2D6: 5
    /// to 30 cm", from its least roll to its most.
    fn rolled(&self, d: Dice, at: impl Fn(u8) -> f64) -> Text {
        crate::text!(
            "{}: {} to {} {}",
            d.to_string(),
            trim_number(at(d.count), 2),
            trim_number(at(d.highest()), 2),
            self.edition.unit()
        )
    }

    fn summary(&self) -> Text {
        let unit = self.edition.unit();
        let num = |x: f64| crate::report::trim_number(x, 2);
        let mut mods = Vec::new();
        if self.barding {
            mods.push(crate::text!("barding"));
        }
        if self.difficult_terrain {
            mods.push(crate::text!("difficult terrain"));
        }
        if self.wheel > 0.0 {
            mods.push(crate::text!("wheel {} {}", num(self.wheel), unit));
        }
        let mods = match mods.is_empty() {
            true => Text::default(),
            false => crate::text!(" ({})", Text::join(mods, ", ")),
        };
        let target = match self.reaction {
            Reaction::Hold => crate::text!("away that holds"),
            Reaction::Flee {
                target_flies: false,
                target_move,
            } => crate::text!("away that flees (M {} {})", num(target_move), unit),
            Reaction::Flee {
                target_flies: true,
                target_move,
            } => crate::text!("away that flees (M {} {}, flies)", num(target_move), unit),
        };
        match self.charger_dice {
            Some(d) => crate::text!(
                "Charge: M {} (random, in inches){} at a target {} {} {}",
                d.to_string(),
                mods,
                num(self.distance),
                unit,
                target
            ),
            None => crate::text!(
                "Charge: M {} {}{} at a target {} {} {}",
                num(self.charger_move),
                unit,
                mods,
                num(self.distance),
                unit,
                target
            ),
        }
    }

    fn outcome(
        &self,
        engine: Engine,
        main: [Value; 3],
        reach: Vec<Value>,
        extra: Vec<Field>,
    ) -> Outcome {
        let [contact, caught, fail] = main;
        let mut fields = vec![
            Field::new(P_CONTACT, crate::text!("P(contact)"), contact),
            Field::new(
                P_CAUGHT,
                crate::text!("P(target caught and destroyed)"),
                caught,
            ),
            Field::new(P_FAIL, crate::text!("P(charge fails)"), fail),
        ];
        if let Some(c) = self.confidence {
            let farthest = self
                .reach_distances()
                .into_iter()
                .zip(&reach)
                .rev()
                .find(|(_, v)| match v {
                    Value::Prob(p) => *p >= c - 1e-12,
                    Value::ProbEst(e) => e.estimate >= c - 1e-12,
                    _ => false,
                })
                .map(|(d, _)| d);
            fields.push(Field::new(
                "confident_distance",
                crate::text!(
                    "farthest distance with P(contact) >= {}%",
                    crate::report::trim_number(c * 100.0, 2)
                ),
                farthest.map_or(Value::Absent, |d| Value::Num(d, self.edition.unit())),
            ));
        }
        fields.extend(extra);
        let tables = if self.reach_table {
            vec![Table {
                detail: false,
                kind: TableKind::Plain,
                key: "reach_table".into(),
                title: crate::text!("P(contact) by distance"),
                index: Column::new(
                    "distance",
                    crate::text!("distance ({})", self.edition.unit()),
                ),
                columns: vec![Column::new(P_CONTACT, crate::text!("P(contact)"))],
                rows: self
                    .reach_distances()
                    .into_iter()
                    .zip(reach)
                    .map(|(d, v)| (Value::Num(d, ""), vec![v]))
                    .collect(),
            }]
        } else {
            vec![]
        };
        Outcome {
            engine,
            fields,
            note: None,
            tables,
        }
    }

    fn exact_outcome(&self) -> Outcome {
        let odds = self.exact();
        let reach = if self.reach_table || self.confidence.is_some() {
            self.reach_distances()
                .into_iter()
                .map(|d| Value::Prob(self.exact_contact(d)))
                .collect()
        } else {
            vec![]
        };
        self.outcome(
            Engine::Exact,
            [
                Value::Prob(odds.p_contact),
                Value::Prob(odds.p_caught),
                Value::Prob(odds.p_fail),
            ],
            reach,
            vec![],
        )
    }

    fn simulated_outcome(&self, engine: Engine, settings: &Settings) -> Outcome {
        // A histogram of the flee rolls, or of a random mover's rolls
        // (with the flee's, pairs of them).
        let sampling = &settings.sampling;
        let (run, bins) = match (self.move_roll(), self.flee_roll()) {
            (Some(moved), Some(fled)) => {
                let kernel = PairKernel::new(moved, fled);
                let bins = Bins::Pairs(kernel.stride());
                let widest = |hist: &Vec<u64>, n| widest(&self.estimates(hist, bins, n));
                (simulate(engine, &kernel, sampling, widest), bins)
            }
            (Some(moved), None) => {
                let widest = |hist: &Vec<u64>, n| widest(&self.estimates(hist, Bins::Moves, n));
                let kernel = RollKernel::new(Some(moved));
                (simulate(engine, &kernel, sampling, widest), Bins::Moves)
            }
            (None, fled) => {
                let widest = |hist: &Vec<u64>, n| widest(&self.estimates(hist, Bins::Flees, n));
                let kernel = RollKernel::new(fled);
                (simulate(engine, &kernel, sampling, widest), Bins::Flees)
            }
        };
        let mut estimates = self.estimates(&run.tally, bins, run.trials).into_iter();
        let contact = estimates.next().expect("P(contact) is always estimated");
        let caught = if self.flee_roll().is_some() {
            contact
        } else {
            Estimate::proportion(0, run.trials)
        };
        self.outcome(
            engine,
            [
                Value::ProbEst(contact),
                Value::ProbEst(caught),
                Value::ProbEst(contact.complement()),
            ],
            estimates.map(Value::ProbEst).collect(),
            run_fields(run.trials, settings.sampling.seed),
        )
    }
}

/// How a charge's Monte Carlo histogram counts its trials: by flee roll, by
/// a random mover's roll, or by both (the move's times `stride`, plus the
/// flee's).
#[derive(Clone, Copy, Debug)]
enum Bins {
    Flees,
    Moves,
    Pairs(usize),
}

impl Bins {
    /// The move roll (0 for a charger with an M) and the flee roll (0 if
    /// the target holds) of histogram bin `bin`.
    fn rolls(self, bin: usize) -> (u8, u8) {
        match self {
            Bins::Flees => (0, bin as u8),
            Bins::Moves => (bin as u8, 0),
            Bins::Pairs(stride) => ((bin / stride) as u8, (bin % stride) as u8),
        }
    }
}
