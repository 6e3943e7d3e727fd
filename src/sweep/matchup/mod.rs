//! `matchup A B`: a list against a list. Every unit of roster A that can
//! fight charges every unit of roster B (and with `--both`, B's charge
//! A's), each cell the fight `combat --attacker A:N --defender B:M` plays
//! with the matchup's `--distance`, `--reaction` and `--facing` ([`Pick`];
//! default a frontal charge that reaches), 5 wide, each roster's command
//! groups.
//!
//! **How.** Every unit is checked alone first (one that no fight takes,
//! as a unit of over 500 models, is left out with the reason); units that
//! play alike are folded into a [`Group`], one fight per cell; then every
//! cell's fight is built and dropped, so bad input stops before any runs
//! (a charged unit that cannot react as asked, as a frenzied one cannot
//! flee, holds instead, and the report says so).
//! Cells then run in parallel, each building its fight as it starts and
//! keeping only its figures ([`CellRun`]), so memory stays flat in the
//! number of fights. Each runs with the same settings and seed as a single
//! `combat` run, so a cell equals that run and the matrix is the same on
//! any thread count. Under `--method auto` each cell is exact where the
//! chain fits its budget and fast Monte Carlo, with intervals, past it.

mod answers;
mod plan;
mod report;

pub use report::matchup_report;

use crate::error::InputError;
use crate::profile::Ranged;
use crate::query::combat::CombatQuery;
use crate::query::Settings;
use crate::report::{Engine, Report, Text, Value};
use crate::roster::{Roster, RosterUnit};
use crate::rules::place::{Facing, ReactionName};
use crate::scenario::combat::{ScenarioFile, Situation, UnitSpec};
use crate::scenario::part::ProfilePart;
use crate::scenario::reference::frontal_charge;
use crate::scenario::source::MAX_MODELS;
use crate::text;
use std::path::Path;

/// Where every charge of the matchup starts (`--distance`, `--reaction`,
/// `--facing`, as combat's picked fight has them; RULES.md Charges).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pick {
    /// The charge's distance, cm (0: the charge reaches).
    pub distance: f64,
    /// The charged unit's reaction.
    pub reaction: ReactionName,
    /// Where the charge hits the charged unit.
    pub facing: Facing,
}

impl Pick {
    /// The situation of every cell's fight.
    fn situation(&self) -> Situation {
        Situation {
            facing: self.facing,
            ..frontal_charge(self.distance, self.reaction)
        }
    }
}

/// Units of one list whose fights are the same (the same unit as played:
/// profiles, models, gear, command group and rules): one row of the
/// tables, one fight per cell, but each its own charger in the plan.
pub struct Group<'r> {
    /// The units, in the roster's order; the first plays the fights.
    pub units: Vec<&'r RosterUnit>,
    /// Why its charge may not be declared (stupidity, animosity), if it
    /// may not.
    pub may_not_declare: Option<Text>,
    /// Charged, it holds: it cannot react as `--reaction` asks (a
    /// frenzied unit cannot flee).
    pub holds_instead: bool,
}

impl<'r> Group<'r> {
    /// The unit that plays the group's fights.
    pub fn unit(&self) -> &'r RosterUnit {
        self.units[0]
    }

    /// Its units' numbers and name: `1. Orc Boyz`, `3, 4. Clanrats`.
    pub fn label(&self) -> Text {
        Text::kept(format!("{}. {}", self.numbers(), self.unit().name))
    }

    /// Its units' numbers: `3` or `3, 4`.
    pub fn numbers(&self) -> String {
        let numbers: Vec<String> = self.units.iter().map(|u| u.number.to_string()).collect();
        numbers.join(", ")
    }
}

/// A list against a list: each one's units folded into groups, the cells
/// (every group charging every group of the other list), the units left
/// out and where the charges start.
pub struct Matchup<'r> {
    /// List A, then list B.
    pub lists: [&'r Roster; 2],
    /// Each list's groups of units that fight.
    pub groups: [Vec<Group<'r>>; 2],
    /// The fights, list A's charges first, charger by charger.
    pub cells: Vec<Cell<'r>>,
    /// The units no fight takes.
    pub left_out: Vec<LeftOut>,
    /// Where each charge starts.
    pub pick: Pick,
}

impl Matchup<'_> {
    /// The run of group `a` of list `list` charging group `d` of the other.
    pub(crate) fn run<'a>(
        &self,
        runs: &'a [CellRun],
        list: usize,
        a: usize,
        d: usize,
    ) -> Option<&'a CellRun> {
        let i = self
            .cells
            .iter()
            .position(|c| c.charging_list == list && c.groups == [a, d])?;
        runs.get(i)
    }

    /// Whether list `list`'s units charge in some cell.
    pub(crate) fn charges(&self, list: usize) -> bool {
        self.cells.iter().any(|c| c.charging_list == list)
    }
}

/// One fight of the matrix: a unit of one list charging a unit of the
/// other. Its fight is built when it runs ([`Cell::fight`]).
pub struct Cell<'r> {
    /// The charging list: 0 for A, 1 for B.
    pub charging_list: usize,
    /// The charger's group in its list, then the charged unit's.
    pub groups: [usize; 2],
    /// The charger.
    pub attacker: &'r RosterUnit,
    /// The charged unit.
    pub defender: &'r RosterUnit,
    /// The Ld of each one's General, if he is near (`--general-near`).
    pub general_ld: [Option<u8>; 2],
    /// Where the charge starts.
    pub pick: Pick,
}

impl Cell<'_> {
    /// The fight `combat --attacker A:N --defender B:M` plays, with the
    /// matchup's `--distance`, `--reaction` and `--facing`.
    pub fn fight(&self) -> Result<CombatQuery, InputError> {
        let file = ScenarioFile {
            name: String::new(),
            description: None,
            attacker: listed(self.attacker, self.general_ld[0]),
            defender: listed(self.defender, self.general_ld[1]),
            unit: Vec::new(),
            friend: Vec::new(),
            situation: self.pick.situation(),
        };
        file.combat(Path::new("")).map_err(|e| {
            InputError::new(
                "matchup",
                text!(
                    "'{}' charging '{}': {}",
                    &self.attacker.name,
                    &self.defender.name,
                    e.text()
                ),
            )
        })
    }
}

/// A unit of a list that fights in no cell, and why.
pub struct LeftOut {
    /// Its list: 0 for A, 1 for B.
    pub list: usize,
    /// Its number and name.
    pub unit: (usize, String),
    /// Why it cannot fight.
    pub why: Text,
}

/// The matchup of `lists[0]` charging `lists[1]` (and the other way with
/// `both`): identical units folded into groups, every cell's fight built
/// once and dropped, and the units left out: those the roster cannot
/// play and those no fight takes.
pub fn matchup_cells(
    lists: [&Roster; 2],
    both: bool,
    general_near: bool,
    pick: Pick,
) -> Result<Matchup<'_>, InputError> {
    let mut left_out = Vec::new();
    let mut groups: [Vec<Group>; 2] = [Vec::new(), Vec::new()];
    for (l, roster) in lists.iter().enumerate() {
        for unit in &roster.units {
            match why_not(unit) {
                None => join(&mut groups[l], unit),
                Some(why) => left_out.push(LeftOut {
                    list: l,
                    unit: (unit.number, unit.name.clone()),
                    why,
                }),
            }
        }
    }
    let directions: &[(usize, usize)] = if both { &[(0, 1), (1, 0)] } else { &[(0, 1)] };
    let mut cells = Vec::new();
    let mut tests = Vec::new();
    // A charged unit that cannot react as asked holds (the first error
    // stands if holding does not mend it).
    let mut holds = Vec::new();
    for &(a, d) in directions {
        for (ga, attacker) in groups[a].iter().enumerate() {
            for (gd, defender) in groups[d].iter().enumerate() {
                let general = |l: usize| lists[l].general_ld().filter(|_| general_near);
                let mut cell = Cell {
                    charging_list: a,
                    groups: [ga, gd],
                    attacker: attacker.unit(),
                    defender: defender.unit(),
                    general_ld: [general(a), general(d)],
                    pick,
                };
                // Built to find bad input before any fight runs; built
                // again when it runs.
                let fight = match cell.fight() {
                    Ok(fight) => fight,
                    Err(e) => {
                        cell.pick.reaction = ReactionName::Hold;
                        cell.fight().map_err(|_| e)?
                    }
                };
                if cell.pick.reaction != pick.reaction {
                    holds.push((d, gd));
                }
                tests.push((a, ga, may_not_declare(&fight)));
                cells.push(cell);
            }
        }
    }
    for (a, ga, why) in tests {
        groups[a][ga].may_not_declare = why;
    }
    for (d, gd) in holds {
        groups[d][gd].holds_instead = true;
    }
    Ok(Matchup {
        lists,
        groups,
        cells,
        left_out,
        pick,
    })
}

/// Adds `unit` to the group of the units it plays as, or a group of its
/// own.
fn join<'r>(groups: &mut Vec<Group<'r>>, unit: &'r RosterUnit) {
    match groups.iter_mut().find(|g| same_fights(g.unit(), unit)) {
        Some(group) => group.units.push(unit),
        None => groups.push(Group {
            units: vec![unit],
            may_not_declare: None,
            holds_instead: false,
        }),
    }
}

/// Whether two units of a list fight alike: everything a fight reads of
/// them is the same (all but their number and where the roster puts them).
fn same_fights(a: &RosterUnit, b: &RosterUnit) -> bool {
    let played = |u: &RosterUnit| {
        format!(
            "{:?}",
            (
                &u.name,
                u.points,
                u.models,
                &u.profiles,
                &u.equipment,
                &u.rules_played,
                (u.champion, u.standard, u.musician),
                &u.played,
            )
        )
    };
    played(a) == played(b)
}

/// Why the charger of `fight` may not declare its charge: a test at the
/// start of its turn (RULES.md Panic: stupidity, animosity).
fn may_not_declare(fight: &CombatQuery) -> Option<Text> {
    let p = &fight.combat.setup.units.first()?.psychology;
    match (p.stupid, p.animosity) {
        (true, _) => Some(text!("stupidity")),
        (false, true) => Some(text!("animosity")),
        _ => None,
    }
}

/// Why no fight takes `unit`, if none does: the roster's reason, its
/// models past what a fight takes, or whatever else its unit table alone
/// is refused for (a reason of the unit's, whatever it meets).
fn why_not(unit: &RosterUnit) -> Option<Text> {
    if let Err(why) = &unit.played {
        return Some(why.clone());
    }
    if unit.models > MAX_MODELS {
        return Some(text!(
            "it has {} models (a fight takes 1 to {})",
            unit.models,
            MAX_MODELS
        ));
    }
    listed(unit, None)
        .unit(Path::new(""), "attacker")
        .err()
        .map(|e| e.message)
}

/// A roster's unit as a scenario's unit table, already read, with its
/// General's Ld if he is near.
fn listed(unit: &RosterUnit, general_ld: Option<u8>) -> UnitSpec {
    UnitSpec {
        models: None,
        general_ld: general_ld.map(Ranged),
        ..UnitSpec::one_model(ProfilePart::listed(unit))
    }
}

/// What the matchup keeps of a cell's report: the figures it shows and
/// the engine that gave them.
pub struct CellRun {
    /// The engine of the report's first outcome, which gave the figures.
    pub method: Engine,
    /// Every outcome of the report is exact.
    pub exact: bool,
    /// [`CELL_FIGURES`] as that engine gives them (absent if it gives
    /// none).
    pub figures: [Value; CELL_FIGURES.len()],
}

impl CellRun {
    /// The figures of `report`.
    pub fn of(report: &Report) -> CellRun {
        let first = report.outcomes.first();
        let figure = |key: &str| {
            first
                .and_then(|o| o.fields.iter().find(|f| f.key == key))
                .map_or(Value::Absent, |f| f.value.clone())
        };
        CellRun {
            method: first.map_or(Engine::Exact, |o| o.engine),
            exact: report.outcomes.iter().all(|o| o.engine == Engine::Exact),
            figures: CELL_FIGURES.map(figure),
        }
    }

    /// P(attacker wins).
    pub(crate) fn p_attacker_wins(&self) -> &Value {
        &self.figures[0]
    }

    /// P(defender wins).
    pub(crate) fn p_defender_wins(&self) -> &Value {
        &self.figures[1]
    }

    /// P(attacker wins) per 100 of its points.
    pub(crate) fn per_100_points(&self) -> &Value {
        &self.figures[4]
    }

    /// P(charge declared).
    pub(crate) fn p_charge_declared(&self) -> &Value {
        &self.figures[6]
    }
}

/// Each cell's figures with `settings`, in parallel, in the cells' order:
/// each cell's fight built as it starts and dropped with its report once
/// its figures are kept; `done` is called as each ends (the progress bar).
pub fn run_cells(
    cells: &[Cell],
    settings: &Settings,
    done: &(dyn Fn() + Sync),
) -> Result<Vec<CellRun>, InputError> {
    let run = |cell: &Cell| {
        let run = CellRun::of(&cell.fight()?.report(settings));
        done();
        Ok(run)
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        cells.par_iter().map(run).collect()
    }
    #[cfg(not(feature = "parallel"))]
    cells.iter().map(run).collect()
}

/// The figures of a cell, as its report's engine gives them.
pub const CELL_FIGURES: [&str; 7] = [
    "p_attacker_wins",
    "p_defender_wins",
    "p_unresolved",
    "mean_rounds",
    "p_attacker_wins_per_100_points",
    "p_defender_wins_per_100_points",
    "p_charge_declared",
];
