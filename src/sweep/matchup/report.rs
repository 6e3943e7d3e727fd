//! The matchup's report: the answers first (best targets, best answers,
//! each list's charge plan), then the key of the units' numbers, a matrix
//! of P(charger wins) per direction, every fight's figures, the units left
//! out and the rules not played.
//!
//! **Readable at 80 columns.** A matrix's columns are the charged units'
//! numbers (the key names them) and the table output prints it in blocks
//! that fit; the lists are "A" and "B" past the facts. `--wide` gives the
//! matrix its whole names and shows every fight's figures, which JSON and
//! CSV always carry, a row per pair of units with their numbers and names.

use super::answers::{best_answers, best_targets, may_not_declare};
use super::plan::plan_table;
use super::{CellRun, Group, Matchup, Pick, CELL_FIGURES};
use crate::query::Settings;
use crate::report::{Column, Engine, Field, Outcome, Report, Table, TableKind, Text, Value};
use crate::roster::Roster;
use crate::rules::place::{Facing, ReactionName};
use std::path::Path;

/// The lists' names in the tables.
const LISTS: [&str; 2] = ["A", "B"];

/// The matchup's report; `wide`: the matrices with the units' whole names
/// and every fight's figures shown (`--wide`).
pub fn matchup_report(
    files: [&Path; 2],
    m: &Matchup,
    runs: &[CellRun],
    settings: &Settings,
    wide: bool,
) -> Report {
    let mut tables = vec![
        characters_table(m, wide),
        best_targets(m, runs),
        best_answers(m, runs),
    ];
    for list in [0, 1].into_iter().filter(|l| m.charges(*l)) {
        tables.push(plan_table(m, runs, list));
    }
    tables.push(may_not_declare(m, runs));
    tables.push(key_table(m));
    for list in [0, 1].into_iter().filter(|l| m.charges(*l)) {
        tables.push(matrix(m, runs, list, wide));
    }
    tables.push(cell_table(m, runs, wide));
    tables.push(left_out_table(m));
    tables.push(not_played_table(m.lists));
    let exact = runs.iter().all(|r| r.exact);
    let engine = if exact {
        Engine::Exact
    } else {
        Engine::MonteCarlo
    };
    Report {
        query: "matchup",
        summary: summary(m.lists),
        facts: facts(files, m, runs, settings),
        outcomes: vec![Outcome {
            engine,
            fields: Vec::new(),
            note: None,
            tables,
        }],
    }
}

/// Most characters of a line the table output keeps to.
const LINE: usize = 80;

/// The lists by name, where they fit a line; else by letter (the facts
/// name them).
fn summary(lists: [&Roster; 2]) -> Text {
    let named = crate::text!(
        "Matchup: {} against {}",
        Text::kept(&lists[0].name),
        Text::kept(&lists[1].name)
    );
    match named.to_string().chars().count() <= LINE {
        true => named,
        false => crate::text!("Matchup: list A against list B"),
    }
}

/// The lists, where the charges start, the fights and the seed.
fn facts(files: [&Path; 2], m: &Matchup, runs: &[CellRun], settings: &Settings) -> Vec<Field> {
    let list = |l: usize| Value::Text(list_label(m.lists[l], files[l]));
    let mut facts = vec![
        Field::new("a", crate::text!("list A"), list(0)),
        Field::new("b", crate::text!("list B"), list(1)),
        Field::new(
            "charges",
            crate::text!("every charge"),
            Value::Text(situation(&m.pick)),
        ),
        Field::new(
            "fights",
            crate::text!("fights"),
            Value::Int(runs.len() as u64),
        ),
        Field::new(
            "fights_monte_carlo",
            crate::text!("by Monte Carlo"),
            Value::Int(runs.iter().filter(|r| r.method != Engine::Exact).count() as u64),
        ),
        Field::new(
            "seed",
            crate::text!("seed"),
            Value::Int(settings.sampling.seed),
        ),
    ];
    let holding: Vec<String> = (0..2)
        .flat_map(|l| m.groups[l].iter().map(move |g| (l, g)))
        .filter(|(_, g)| g.holds_instead)
        .map(|(l, g)| format!("{} {}", LISTS[l], g.label()))
        .collect();
    if !holding.is_empty() {
        // After where the charges start, which they change.
        facts.insert(
            3,
            Field::new(
                "holding_instead",
                crate::text!("holding instead"),
                Value::Text(crate::text!(
                    "{} (cannot react so)",
                    Text::kept(holding.join("; "))
                )),
            ),
        );
    }
    facts
}

/// Where every charge starts, in words.
fn situation(pick: &Pick) -> Text {
    let reaction = match pick.reaction {
        ReactionName::Hold => crate::text!("holding"),
        ReactionName::StandAndShoot => crate::text!("standing and shooting"),
        ReactionName::Flee => crate::text!("fleeing"),
    };
    let face = match pick.facing {
        Facing::Front => crate::text!("front"),
        Facing::Flank => crate::text!("flank"),
        Facing::Rear => crate::text!("rear"),
    };
    match pick.distance > 0.0 {
        true => crate::text!(
            "in the {}, from {} cm, the charged unit {}",
            face,
            Text::kept(crate::report::trim_number(pick.distance, 2)),
            reaction
        ),
        false => crate::text!(
            "in the {}, the charge reaching, the charged unit {}",
            face,
            reaction
        ),
    }
}

/// A list by its name and points; its file where the name is empty.
fn list_label(roster: &Roster, file: &Path) -> Text {
    let name = match roster.name.is_empty() {
        true => file.display().to_string(),
        false => roster.name.clone(),
    };
    crate::text!("{} ({} points)", name, crate::error::shown(roster.points))
}

/// Where each list's characters stand (and, with `wide`, why): before the
/// answers, which write the characters in a unit by their numbers
/// (`5. Halberdiers +1`).
fn characters_table(m: &Matchup, wide: bool) -> Table {
    let rows = (0..2)
        .flat_map(|l| m.armies[l].stands.iter().map(move |s| (l, s)))
        .map(|(l, s)| {
            let units = &m.lists[l].units;
            let character = &units[s.character - 1];
            let place = match s.unit {
                Some(n) => Text::kept(format!("{}. {}", n, units[n - 1].name)),
                None => crate::text!("alone"),
            };
            let mut row = vec![
                Value::Text(Text::kept(format!(
                    "{}. {}",
                    character.number, character.name
                ))),
                Value::Text(place),
            ];
            if wide {
                row.push(Value::Text(s.why.clone()));
            }
            (Value::Text(Text::kept(LISTS[l])), row)
        })
        .collect();
    let mut columns = vec![
        Column::new("character", crate::text!("character")),
        Column::new("stands", crate::text!("stands")),
    ];
    if wide {
        columns.push(Column::new("why", crate::text!("why")));
    }
    Table {
        detail: false,
        kind: TableKind::Plain,
        key: "characters".into(),
        title: crate::text!("Where the characters stand (a unit's, by number: 5. Halberdiers +1)"),
        index: Column::new("list", crate::text!("list")),
        columns,
        rows,
    }
}

/// The key: every unit of both lists that fights, by its numbers, with
/// its points (its characters' too) and its models.
fn key_table(m: &Matchup) -> Table {
    let rows = (0..2)
        .flat_map(|l| m.groups[l].iter().map(move |g| (l, g)))
        .map(|(l, g)| {
            (
                Value::Text(Text::kept(LISTS[l])),
                vec![
                    Value::Text(g.label()),
                    Value::Num(g.points(), ""),
                    Value::Int(u64::from(g.unit().models)),
                ],
            )
        })
        .collect();
    Table {
        detail: false,
        kind: TableKind::Answers,
        key: "units".into(),
        title: crate::text!("Units (the matrices' columns are their numbers)"),
        index: Column::new("list", crate::text!("list")),
        columns: vec![
            Column::new("unit", crate::text!("unit")),
            Column::new("points", crate::text!("points")),
            Column::new("models", crate::text!("models")),
        ],
        rows,
    }
}

/// P(charger wins) of list `list` charging the other: a row per group of
/// chargers, a column per group of charged units (its numbers; with
/// `wide`, its whole label).
fn matrix(m: &Matchup, runs: &[CellRun], list: usize, wide: bool) -> Table {
    let enemy = 1 - list;
    let rows = m.groups[list]
        .iter()
        .enumerate()
        .filter(|(_, group)| group.charges)
        .map(|(a, group)| {
            let cells = (0..m.groups[enemy].len())
                .map(|d| {
                    m.run(runs, list, a, d)
                        .map_or(Value::Absent, |r| r.p_attacker_wins().clone())
                })
                .collect();
            (Value::Text(group.label()), cells)
        })
        .collect();
    let column = |g: &Group| {
        let label = match wide {
            true => g.label(),
            false => Text::kept(g.numbers().replace(' ', "")),
        };
        Column::new(format!("unit_{}", g.numbers().replace(", ", "_")), label)
    };
    Table {
        detail: false,
        kind: TableKind::Matrix { fit: !wide },
        key: ["a_charges_b", "b_charges_a"][list].into(),
        title: crate::text!(
            "P(charger wins): list {} charging list {}",
            LISTS[list],
            LISTS[enemy]
        ),
        index: Column::new("attacker", crate::text!("charger")),
        columns: m.groups[enemy].iter().map(column).collect(),
        rows,
    }
}

/// Every pair of units, both directions: the lists, their numbers and
/// names, the fight's figures and method (identical units' pairs share
/// one fight). Shown with `wide`; JSON and CSV carry it always.
fn cell_table(m: &Matchup, runs: &[CellRun], wide: bool) -> Table {
    let mut columns = vec![
        Column::new("charger", crate::text!("charging list")),
        Column::new("charger_unit", crate::text!("number")),
        Column::new("charger_name", crate::text!("charger")),
        Column::new("charged_unit", crate::text!("number")),
        Column::new("charged_name", crate::text!("charged")),
    ];
    let labels = [
        crate::text!("P(charger wins)"),
        crate::text!("P(charged wins)"),
        crate::text!("P(still fighting)"),
        crate::text!("mean rounds"),
        crate::text!("P(charger wins) per 100 points"),
        crate::text!("P(charged wins) per 100 points"),
        crate::text!("P(charge declared)"),
    ];
    for (key, label) in CELL_FIGURES.iter().zip(labels) {
        columns.push(Column::new(*key, label));
    }
    columns.push(Column::new("method", crate::text!("method")));
    let mut rows = Vec::new();
    for (cell, run) in m.cells.iter().zip(runs) {
        let (list, [a, d]) = (cell.charging_list, cell.groups);
        for charger in &m.groups[list][a].units {
            for charged in &m.groups[1 - list][d].units {
                let mut row = vec![
                    Value::Text(Text::kept(LISTS[list])),
                    Value::Int(charger.number as u64),
                    Value::Text(Text::kept(&charger.name)),
                    Value::Int(charged.number as u64),
                    Value::Text(Text::kept(&charged.name)),
                ];
                row.extend(run.figures.iter().cloned());
                row.push(Value::Text(Text::term(run.method.label())));
                rows.push((Value::Int(rows.len() as u64 + 1), row));
            }
        }
    }
    Table {
        detail: !wide,
        kind: TableKind::Records,
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
    let rows = (0..2)
        .flat_map(|l| lists[l].units.iter().map(move |u| (l, u)))
        .filter(|(_, u)| u.played.is_ok() && !u.rules_not_played.is_empty())
        .map(|(l, u)| {
            let names: Vec<String> = u
                .rules_not_played
                .iter()
                .map(|n| format!("{} ({})", n.name, n.why))
                .collect();
            (
                Value::Text(Text::kept(format!("{}. {}", u.number, u.name))),
                vec![
                    Value::Text(Text::kept(LISTS[l])),
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
fn left_out_table(m: &Matchup) -> Table {
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
        rows: m
            .left_out
            .iter()
            .map(|l| {
                (
                    Value::Text(Text::kept(format!("{}. {}", l.unit.0, l.unit.1))),
                    vec![
                        Value::Text(Text::kept(LISTS[l.list])),
                        Value::Text(l.why.clone()),
                    ],
                )
            })
            .collect(),
    }
}
