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
mod groups;
mod plan;
mod report;

pub use groups::{Group, LeftOut};
pub use report::matchup_report;

use crate::army::join::for_lists;
use crate::army::{Army, Join};
use crate::error::InputError;
use crate::query::combat::CombatQuery;
use crate::query::Settings;
use crate::report::{Engine, Report, Text, Value};
use crate::roster::{Roster, RosterUnit};
use crate::rules::place::{Facing, ReactionName};
use crate::scenario::combat::{ScenarioFile, Situation};
use crate::scenario::reference::frontal_charge;
use crate::text;
use groups::listed;
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

/// A list against a list: each one's units folded into groups, the cells
/// (every group charging every group of the other list), the units left
/// out and where the charges start.
pub struct Matchup<'r> {
    /// List A, then list B.
    pub lists: [&'r Roster; 2],
    /// Each list's army: where its characters stand.
    pub armies: [Army<'r>; 2],
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
    /// The characters fielded in each.
    pub characters: [Vec<&'r RosterUnit>; 2],
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
            attacker: listed(self.attacker, &self.characters[0], self.general_ld[0]),
            defender: listed(self.defender, &self.characters[1], self.general_ld[1]),
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

/// The matchup of `lists[0]` charging `lists[1]` (and the other way with
/// `both`), each list's army fielded with its `joins` (`--join`, `A:` or
/// `B:` before one naming a character of both lists): units on the table
/// (with the characters fielded in them, or characters alone) folded into
/// groups, every cell's fight built once and dropped, and the units left
/// out: those the roster cannot play and those no fight takes. Only units
/// that may charge charge (a war machine is only charged).
pub fn matchup_cells<'r>(
    lists: [&'r Roster; 2],
    joins: &[Join],
    both: bool,
    general_near: bool,
    pick: Pick,
) -> Result<Matchup<'r>, InputError> {
    let routed = for_lists(joins, &[(vec!["a"], lists[0]), (vec!["b"], lists[1])])?;
    let armies = [
        Army::field(lists[0], &routed[0])?,
        Army::field(lists[1], &routed[1])?,
    ];
    let mut left_out = Vec::new();
    let mut groups = [
        groups::groups(&armies[0], 0, &mut left_out),
        groups::groups(&armies[1], 1, &mut left_out),
    ];
    let directions: &[(usize, usize)] = if both { &[(0, 1), (1, 0)] } else { &[(0, 1)] };
    let mut cells = Vec::new();
    let mut tests = Vec::new();
    // A charged unit that cannot react as asked holds (the first error
    // stands if holding does not mend it).
    let mut holds = Vec::new();
    for &(a, d) in directions {
        for (ga, attacker) in groups[a].iter().enumerate().filter(|(_, g)| g.charges) {
            for (gd, defender) in groups[d].iter().enumerate() {
                let general = |l: usize| lists[l].general_ld().filter(|_| general_near);
                let mut cell = Cell {
                    charging_list: a,
                    groups: [ga, gd],
                    attacker: attacker.unit(),
                    defender: defender.unit(),
                    characters: [attacker.characters.clone(), defender.characters.clone()],
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
        armies,
        groups,
        cells,
        left_out,
        pick,
    })
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
