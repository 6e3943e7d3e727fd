//! `matchup A B`: a list against a list. Every unit of roster A that can
//! fight charges every unit of roster B (and with `--both`, B's charge
//! A's), each cell the fight `combat --attacker A:N --defender B:M` plays:
//! a frontal charge that reaches, 5 wide, each roster's command groups.
//!
//! **How.** Every unit is checked alone first (one that no fight takes,
//! as a unit of over 500 models, is left out with the reason), then every
//! cell's fight is built and dropped, so bad input stops before any runs.
//! Cells then run in parallel, each building its fight as it starts and
//! keeping only its figures ([`CellRun`]), so memory stays flat in the
//! number of fights. Each runs with the same settings and seed as a single
//! `combat` run, so a cell equals that run and the matrix is the same on
//! any thread count. Under `--method auto` each cell is exact where the
//! chain fits its budget and fast Monte Carlo, with intervals, past it.

use crate::error::InputError;
use crate::profile::Ranged;
use crate::query::combat::CombatQuery;
use crate::query::Settings;
use crate::report::{Column, Engine, Field, Outcome, Report, Table, TableKind, Text, Value};
use crate::roster::{Roster, RosterUnit};
use crate::rules::place::ReactionName;
use crate::scenario::combat::{ScenarioFile, UnitSpec};
use crate::scenario::part::ProfilePart;
use crate::scenario::reference::frontal_charge;
use crate::scenario::source::MAX_MODELS;
use crate::text;
use std::path::Path;

/// One fight of the matrix: a unit of one list charging a unit of the
/// other. Its fight is built when it runs ([`Cell::fight`]).
pub struct Cell<'r> {
    /// The charging list: 0 for A, 1 for B.
    pub charging_list: usize,
    /// The charger.
    pub attacker: &'r RosterUnit,
    /// The charged unit.
    pub defender: &'r RosterUnit,
    /// The Ld of each one's General, if he is near (`--general-near`).
    pub general_ld: [Option<u8>; 2],
}

impl Cell<'_> {
    /// The fight `combat --attacker A:N --defender B:M` plays.
    pub fn fight(&self) -> Result<CombatQuery, InputError> {
        let file = ScenarioFile {
            name: String::new(),
            description: None,
            attacker: listed(self.attacker, self.general_ld[0]),
            defender: listed(self.defender, self.general_ld[1]),
            unit: Vec::new(),
            friend: Vec::new(),
            situation: frontal_charge(0.0, ReactionName::Hold),
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

/// The cells of `lists[0]` charging `lists[1]` (and the other way with
/// `both`), every one's fight built once and dropped, and the units left
/// out: those the roster cannot play and those no fight takes.
pub fn matchup_cells(
    lists: [&Roster; 2],
    both: bool,
    general_near: bool,
) -> Result<(Vec<Cell<'_>>, Vec<LeftOut>), InputError> {
    let mut left_out = Vec::new();
    let mut fighters: [Vec<&RosterUnit>; 2] = [Vec::new(), Vec::new()];
    for (l, roster) in lists.iter().enumerate() {
        for unit in &roster.units {
            match why_not(unit) {
                None => fighters[l].push(unit),
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
    for &(a, d) in directions {
        for attacker in &fighters[a] {
            for defender in &fighters[d] {
                let general = |l: usize| lists[l].general_ld().filter(|_| general_near);
                let cell = Cell {
                    charging_list: a,
                    attacker,
                    defender,
                    general_ld: [general(a), general(d)],
                };
                // Built to find bad input before any fight runs; built
                // again when it runs.
                cell.fight()?;
                cells.push(cell);
            }
        }
    }
    Ok((cells, left_out))
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
    fn p_attacker_wins(&self) -> &Value {
        &self.figures[0]
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
pub const CELL_FIGURES: [&str; 6] = [
    "p_attacker_wins",
    "p_defender_wins",
    "p_unresolved",
    "mean_rounds",
    "p_attacker_wins_per_100_points",
    "p_defender_wins_per_100_points",
];

/// The matchup's report: the matrix of P(attacker wins) for each direction,
/// every cell's figures and method, and the units left out.
pub fn matchup_report(
    files: [&Path; 2],
    lists: [&Roster; 2],
    cells: &[Cell],
    runs: &[CellRun],
    left_out: &[LeftOut],
    settings: &Settings,
) -> Report {
    let mut tables = Vec::new();
    let directions: Vec<usize> = [0, 1]
        .into_iter()
        .filter(|a| cells.iter().any(|c| c.charging_list == *a))
        .collect();
    let runs: Vec<(&Cell, &CellRun)> = cells.iter().zip(runs).collect();
    for &a in &directions {
        tables.push(matrix(a, lists, &runs));
    }
    tables.push(cell_table(lists, &runs));
    tables.push(left_out_table(lists, left_out));
    tables.push(not_played_table(lists));
    let exact = runs.iter().all(|(_, r)| r.exact);
    let engine = if exact {
        Engine::Exact
    } else {
        Engine::MonteCarlo
    };
    let facts = vec![
        Field::new(
            "a",
            crate::text!("list A"),
            Value::Text(list_label(lists[0], files[0])),
        ),
        Field::new(
            "b",
            crate::text!("list B"),
            Value::Text(list_label(lists[1], files[1])),
        ),
        Field::new(
            "fights",
            crate::text!("fights"),
            Value::Int(cells.len() as u64),
        ),
        Field::new(
            "fights_monte_carlo",
            crate::text!("fights past the exact engine (Monte Carlo)"),
            Value::Int(
                runs.iter()
                    .filter(|(_, r)| r.method != Engine::Exact)
                    .count() as u64,
            ),
        ),
        Field::new(
            "seed",
            crate::text!("seed"),
            Value::Int(settings.sampling.seed),
        ),
    ];
    Report {
        query: "matchup",
        summary: crate::text!(
            "Matchup: {} against {}: each unit charging each, frontal, the charge reaching",
            Text::kept(&lists[0].name),
            Text::kept(&lists[1].name)
        ),
        facts,
        outcomes: vec![Outcome {
            engine,
            fields: Vec::new(),
            note: None,
            tables,
        }],
    }
}

/// A list by its name and file.
fn list_label(roster: &Roster, file: &Path) -> Text {
    crate::text!(
        "{} ({} points, {})",
        &roster.name,
        crate::error::shown(roster.points),
        file.display().to_string()
    )
}

/// P(attacker wins) of list `a` charging the other: a row per charger, a
/// column per charged unit.
fn matrix(a: usize, lists: [&Roster; 2], cells: &[(&Cell, &CellRun)]) -> Table {
    let mine: Vec<&(&Cell, &CellRun)> =
        cells.iter().filter(|(c, _)| c.charging_list == a).collect();
    // Units of one list: their numbers tell them apart.
    let mut defenders: Vec<&RosterUnit> = Vec::new();
    for (c, _) in &mine {
        if !defenders.iter().any(|d| d.number == c.defender.number) {
            defenders.push(c.defender);
        }
    }
    let mut rows: Vec<(Value, Vec<Value>)> = Vec::new();
    let mut charger = None;
    for (c, r) in &mine {
        // Cells come charger by charger: a new one starts a row.
        if charger != Some(c.attacker.number) {
            charger = Some(c.attacker.number);
            rows.push((
                Value::Text(unit_label(c.attacker.number, &c.attacker.name)),
                vec![Value::Absent; defenders.len()],
            ));
        }
        let col = defenders
            .iter()
            .position(|d| d.number == c.defender.number)
            .unwrap_or(0);
        if let Some((_, row)) = rows.last_mut() {
            row[col] = r.p_attacker_wins().clone();
        }
    }
    let key = ["a_charges_b", "b_charges_a"][a];
    Table {
        detail: false,
        kind: TableKind::Matrix,
        key: key.into(),
        title: crate::text!(
            "P(charger wins): {} charging {}",
            Text::kept(&lists[a].name),
            Text::kept(&lists[1 - a].name)
        ),
        index: Column::new("attacker", crate::text!("charger")),
        columns: defenders
            .iter()
            .map(|d| Column::new(format!("unit_{}", d.number), unit_label(d.number, &d.name)))
            .collect(),
        rows,
    }
}

/// A unit by its number and name.
fn unit_label(number: usize, name: &str) -> Text {
    Text::kept(format!("{number}. {name}"))
}

/// Every cell: its units, figures and method.
fn cell_table(lists: [&Roster; 2], cells: &[(&Cell, &CellRun)]) -> Table {
    let mut columns = vec![
        Column::new("attacker_list", crate::text!("charging list")),
        Column::new("attacker", crate::text!("charger")),
        Column::new("defender", crate::text!("charged")),
    ];
    let labels = [
        crate::text!("P(charger wins)"),
        crate::text!("P(charged wins)"),
        crate::text!("P(still fighting)"),
        crate::text!("mean rounds"),
        crate::text!("P(charger wins) per 100 points"),
        crate::text!("P(charged wins) per 100 points"),
    ];
    for (key, label) in CELL_FIGURES.iter().zip(labels) {
        columns.push(Column::new(*key, label));
    }
    columns.push(Column::new("method", crate::text!("method")));
    let rows = cells
        .iter()
        .enumerate()
        .map(|(i, (c, r))| {
            let mut row = vec![
                Value::Text(Text::kept(&lists[c.charging_list].name)),
                Value::Text(Text::kept(&c.attacker.name)),
                Value::Text(Text::kept(&c.defender.name)),
            ];
            row.extend(r.figures.iter().cloned());
            row.push(Value::Text(Text::term(r.method.label())));
            (Value::Int(i as u64 + 1), row)
        })
        .collect();
    Table {
        detail: false,
        kind: TableKind::Plain,
        key: "cells".into(),
        title: crate::text!("Each fight"),
        index: Column::new("cell", crate::text!("fight")),
        columns,
        rows,
    }
}

/// The names of each fighting unit that change fights and are not played
/// yet, with why (`data/names/`).
fn not_played_table(lists: [&Roster; 2]) -> Table {
    let rows = lists
        .iter()
        .flat_map(|list| list.units.iter().map(move |u| (list, u)))
        .filter(|(_, u)| u.played.is_ok() && !u.rules_not_played.is_empty())
        .map(|(list, u)| {
            let names: Vec<String> = u
                .rules_not_played
                .iter()
                .map(|n| format!("{} ({})", n.name, n.why))
                .collect();
            (
                Value::Text(unit_label(u.number, &u.name)),
                vec![
                    Value::Text(Text::kept(&list.name)),
                    Value::Text(Text::kept(names.join("; "))),
                ],
            )
        })
        .collect();
    Table {
        detail: true,
        kind: TableKind::Plain,
        key: "not_played".into(),
        title: crate::text!("Rules not played"),
        index: Column::new("unit", crate::text!("unit")),
        columns: vec![
            Column::new("list", crate::text!("list")),
            Column::new("names", crate::text!("not played (why)")),
        ],
        rows,
    }
}

/// The units that fight in no cell, and why.
fn left_out_table(lists: [&Roster; 2], left_out: &[LeftOut]) -> Table {
    Table {
        detail: false,
        kind: TableKind::Plain,
        key: "left_out".into(),
        title: crate::text!("Units left out"),
        index: Column::new("unit", crate::text!("unit")),
        columns: vec![
            Column::new("list", crate::text!("list")),
            Column::new("why", crate::text!("why")),
        ],
        rows: left_out
            .iter()
            .map(|l| {
                (
                    Value::Text(unit_label(l.unit.0, &l.unit.1)),
                    vec![
                        Value::Text(Text::kept(&lists[l.list].name)),
                        Value::Text(l.why.clone()),
                    ],
                )
            })
            .collect(),
    }
}
