//! `matchup A B`: a list against a list. Every unit of roster A that can
//! fight charges every unit of roster B (and with `--both`, B's charge
//! A's), each cell the fight `combat --attacker A:N --defender B:M` plays:
//! a frontal charge that reaches, 5 wide, each roster's command groups.
//!
//! **How.** Cells are built first (bad input stops before any runs), then
//! run in parallel, each with the same settings and seed as a single
//! `combat` run, so a cell equals that run and the matrix is the same on
//! any thread count. Under `--method auto` each cell is exact where the
//! chain fits its budget and fast Monte Carlo, with intervals, past it.

use crate::error::InputError;
use crate::query::combat::CombatQuery;
use crate::query::Settings;
use crate::report::{Column, Engine, Field, Outcome, Report, Table, TableKind, Text, Value};
use crate::roster::{Roster, RosterUnit};
use crate::rules::place::ReactionName;
use crate::scenario::combat::{ScenarioFile, UnitSpec};
use crate::scenario::part::ProfilePart;
use crate::scenario::reference::frontal_charge;
use crate::text;
use std::path::Path;

/// One fight of the matrix: a unit of one list charging a unit of the
/// other.
pub struct Cell {
    /// The charging list: 0 for A, 1 for B.
    pub charging_list: usize,
    /// The charger's number and name in its roster.
    pub attacker: (usize, String),
    /// The charged unit's number and name in its roster.
    pub defender: (usize, String),
    /// The fight.
    pub fight: CombatQuery,
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
/// `both`), and the units left out.
pub fn matchup_cells(
    lists: [&Roster; 2],
    both: bool,
) -> Result<(Vec<Cell>, Vec<LeftOut>), InputError> {
    let mut left_out = Vec::new();
    let mut fighters: [Vec<&RosterUnit>; 2] = [Vec::new(), Vec::new()];
    for (l, roster) in lists.iter().enumerate() {
        for unit in &roster.units {
            match &unit.played {
                Ok(_) => fighters[l].push(unit),
                Err(why) => left_out.push(LeftOut {
                    list: l,
                    unit: (unit.number, unit.name.clone()),
                    why: why.clone(),
                }),
            }
        }
    }
    let directions: &[(usize, usize)] = if both { &[(0, 1), (1, 0)] } else { &[(0, 1)] };
    let mut cells = Vec::new();
    for &(a, d) in directions {
        for attacker in &fighters[a] {
            for defender in &fighters[d] {
                let file = ScenarioFile {
                    name: String::new(),
                    description: None,
                    attacker: listed(attacker),
                    defender: listed(defender),
                    unit: Vec::new(),
                    friend: Vec::new(),
                    situation: frontal_charge(0.0, ReactionName::Hold),
                };
                let fight = file.combat(Path::new("")).map_err(|e| {
                    InputError::new(
                        "matchup",
                        text!(
                            "'{}' charging '{}': {}",
                            &attacker.name,
                            &defender.name,
                            e.text()
                        ),
                    )
                })?;
                cells.push(Cell {
                    charging_list: a,
                    attacker: (attacker.number, attacker.name.clone()),
                    defender: (defender.number, defender.name.clone()),
                    fight,
                });
            }
        }
    }
    Ok((cells, left_out))
}

/// A roster's unit as a scenario's unit table, already read.
fn listed(unit: &RosterUnit) -> UnitSpec {
    UnitSpec {
        models: None,
        ..UnitSpec::one_model(ProfilePart::listed(unit))
    }
}

/// Each cell's report with `settings`, in parallel, in the cells' order;
/// `done` is called as each ends (the progress bar).
pub fn run_cells(cells: &[Cell], settings: &Settings, done: &(dyn Fn() + Sync)) -> Vec<Report> {
    let run = |cell: &Cell| {
        let report = cell.fight.report(settings);
        done();
        report
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
const CELL_FIGURES: [&str; 6] = [
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
    reports: &[Report],
    left_out: &[LeftOut],
    settings: &Settings,
) -> Report {
    let mut tables = Vec::new();
    let directions: Vec<usize> = [0, 1]
        .into_iter()
        .filter(|a| cells.iter().any(|c| c.charging_list == *a))
        .collect();
    let runs: Vec<(&Cell, &Report)> = cells.iter().zip(reports).collect();
    for &a in &directions {
        tables.push(matrix(a, lists, &runs));
    }
    tables.push(cell_table(lists, &runs));
    tables.push(left_out_table(lists, left_out));
    let exact = reports
        .iter()
        .all(|r| r.outcomes.iter().all(|o| o.engine == Engine::Exact));
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
                reports
                    .iter()
                    .filter(|r| method_of(r) != Engine::Exact)
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

/// The engine that gave a cell's figures.
fn method_of(report: &Report) -> Engine {
    report.outcomes.first().map_or(Engine::Exact, |o| o.engine)
}

/// A figure of a cell's report (absent if its engine gives none).
fn figure(report: &Report, key: &str) -> Value {
    report
        .outcomes
        .first()
        .and_then(|o| o.fields.iter().find(|f| f.key == key))
        .map_or(Value::Absent, |f| f.value.clone())
}

/// P(attacker wins) of list `a` charging the other: a row per charger, a
/// column per charged unit.
fn matrix(a: usize, lists: [&Roster; 2], cells: &[(&Cell, &Report)]) -> Table {
    let mine: Vec<&(&Cell, &Report)> = cells.iter().filter(|(c, _)| c.charging_list == a).collect();
    let mut defenders: Vec<(usize, String)> = Vec::new();
    for (c, _) in &mine {
        if !defenders.contains(&c.defender) {
            defenders.push(c.defender.clone());
        }
    }
    let mut rows: Vec<(Value, Vec<Value>)> = Vec::new();
    let mut charger = None;
    for (c, r) in &mine {
        // Cells come charger by charger: a new one starts a row.
        if charger != Some(&c.attacker) {
            charger = Some(&c.attacker);
            rows.push((
                Value::Text(unit_label(&c.attacker)),
                vec![Value::Absent; defenders.len()],
            ));
        }
        let col = defenders.iter().position(|d| *d == c.defender).unwrap_or(0);
        if let Some((_, row)) = rows.last_mut() {
            row[col] = figure(r, "p_attacker_wins");
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
            .map(|d| Column::new(format!("unit_{}", d.0), unit_label(d)))
            .collect(),
        rows,
    }
}

/// A unit by its number and name.
fn unit_label(unit: &(usize, String)) -> Text {
    Text::kept(format!("{}. {}", unit.0, unit.1))
}

/// Every cell: its units, figures and method.
fn cell_table(lists: [&Roster; 2], cells: &[(&Cell, &Report)]) -> Table {
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
                Value::Text(Text::kept(&c.attacker.1)),
                Value::Text(Text::kept(&c.defender.1)),
            ];
            row.extend(CELL_FIGURES.iter().map(|k| figure(r, k)));
            row.push(Value::Text(Text::term(method_of(r).label())));
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
                    Value::Text(unit_label(&l.unit)),
                    vec![
                        Value::Text(Text::kept(&lists[l.list].name)),
                        Value::Text(l.why.clone()),
                    ],
                )
            })
            .collect(),
    }
}
