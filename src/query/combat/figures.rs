//! Every figure of a fight, defined once over the tally ([`Layout`]) and
//! read through a [`Measure`]: exact probabilities or estimates alike.

use super::layout::Layout;
use super::{p_wins, side_label, CombatQuery, UnitFigure};
use crate::combat::fight::{End, UnitEnd};
use crate::exact::leadership::p_pass;
use crate::query::measure::Measure;
use crate::report::{Column, Engine, Field, Outcome, Table, TableKind, Text, Value};

/// P(the main charger's first target fled and got away and it redirected
/// its charge at the scenario's redirect target). RULES.md Charges.
pub const P_REDIRECTED: &str = "p_redirected";

/// What every figure reads: the tally through `m`, its layout, and each
/// unit's key and label.
struct View<'a> {
    m: &'a dyn Measure,
    layout: &'a Layout,
    keys: Vec<String>,
    labels: Vec<Text>,
    /// The fight's units (their Ld tests, for rallies).
    units: &'a [crate::combat::unit::Unit],
}

impl View<'_> {
    fn units(&self) -> std::ops::Range<usize> {
        0..self.layout.units()
    }

    /// P(the fight ended in `e`).
    fn end(&self, key: &'static str, e: End) -> Field {
        let label = crate::text!("P({})", Text::words(e.label()));
        Field::new(key, label, self.m.prob(&[e.index()]))
    }
}

impl CombatQuery {
    /// The cells of ends where `side` won the fight ([`End::loser`]).
    fn wins(&self, side: usize) -> Vec<usize> {
        let charger = self.combat.charger;
        End::ALL
            .iter()
            .filter(|e| e.loser(charger) == Some(1 - side))
            .map(|e| e.index())
            .collect()
    }

    /// Every figure, read through `m`.
    pub(super) fn outcome(&self, engine: Engine, m: &dyn Measure, layout: &Layout) -> Outcome {
        let keys = self.unit_keys();
        let labels = self.unit_labels();
        let v = View {
            m,
            layout,
            keys,
            labels,
            units: &self.combat.setup.units,
        };
        // How the fight ended in the charge turn (with several units, the
        // others may fight on after a unit flees: then the fight ends later).
        let not_declared = [End::ChargeNotDeclared.index(), End::Squabbled.index()];
        let mut fields = vec![
            Field::new(
                "p_charge_declared",
                crate::text!("P(charge declared)"),
                m.prob(&not_declared).complement(),
            ),
            v.end("p_charge_fails", End::ChargeFailed),
            v.end("p_charger_fled", End::ChargerFled),
            v.end("p_charger_shot_down", End::ChargerShotDown),
            Field::new(
                "p_target_fled",
                crate::text!("P({} flees and escapes)", crate::text!("target")),
                m.prob(&[End::TargetFled.index()]),
            ),
            Field::new(
                "p_target_caught",
                crate::text!("P({} flees and is caught)", crate::text!("target")),
                m.prob(&[End::TargetCaught.index()]),
            ),
        ];
        if self.combat.setup.redirect.is_some() {
            let redirected = m.prob(&[layout.redirected()]);
            let label = crate::text!("P(charge redirected)");
            fields.insert(1, Field::new(P_REDIRECTED, label, redirected));
        }
        fields.extend(self.overall_fields(&v));
        let mut tables = vec![outcomes_table(&v), rounds_table(&v)];
        tables.extend(self.casualty_tables(&v));
        tables.extend(self.friends_table(&v));
        tables.push(round_casualties_table(&v));
        Outcome {
            engine,
            fields,
            note: None,
            tables,
        }
    }

    /// The figures of the whole fight: who wins, each unit's fate, its
    /// characters and casualties, the rounds fought.
    fn overall_fields(&self, v: &View) -> Vec<Field> {
        let (m, layout) = (v.m, v.layout);
        let mut fields = Vec::new();
        for side in 0..2 {
            let wins = m.prob(&self.wins(side));
            let label = crate::text!("P({} wins)", side_label(side));
            fields.push(Field::new(p_wins(side), label, wins));
        }
        fields.push(v.end("p_unresolved", End::Unresolved));
        for u in v.units() {
            fields.extend(unit_fate_fields(v, u));
        }
        for u in v.units().filter(|&u| layout.characters[u] > 0) {
            let slain: Vec<usize> = (1..=layout.characters[u])
                .map(|k| layout.slain(u, k))
                .collect();
            fields.push(Field::new(
                UnitFigure::CharacterSlain.key(&v.keys[u]),
                crate::text!("P({} loses a character)", v.labels[u].clone()),
                m.prob(&slain),
            ));
        }
        for u in v.units() {
            let (mean, _) = m.moments(layout.total(u, 0)..layout.total(u, layout.models[u] + 1));
            fields.push(Field::new(
                UnitFigure::MeanCasualties.key(&v.keys[u]),
                crate::text!("mean {} casualties", v.labels[u].clone()),
                mean,
            ));
        }
        let (rounds, _) =
            m.moments(layout.rounds_played(0)..layout.rounds_played(layout.rounds + 1));
        fields.push(Field::new(
            "mean_rounds",
            crate::text!("mean rounds fought"),
            rounds,
        ));
        fields
    }

    /// Each unit's distribution of models lost over the whole fight.
    fn casualty_tables(&self, v: &View) -> Vec<Table> {
        let (m, layout) = (v.m, v.layout);
        v.units()
            .map(|u| {
                let n = layout.models[u];
                let rows = (0..=n)
                    .map(|k| {
                        let eq = m.prob(&[layout.total(u, k)]);
                        let ge: Vec<usize> = (k..=n).map(|j| layout.total(u, j)).collect();
                        (Value::Num(k as f64, ""), [eq, m.prob(&ge)])
                    })
                    .collect();
                let name = &self.combat.setup.units[u].name;
                Table::distribution(
                    format!("{}_casualties_pmf", v.keys[u]),
                    crate::text!("{} models lost ({})", v.labels[u].clone(), name),
                    Column::new("models", crate::text!("models")),
                    [crate::text!("P(= k)"), crate::text!("P(>= k)")],
                    rows,
                )
            })
            .collect()
    }
}

impl CombatQuery {
    /// Each friend near the fight, to its next start of turn: P(it takes a
    /// panic test), P(it flees), P(it fled in the fight and rallies then).
    /// The next turn's test and the rally are read exactly, as a unit's
    /// rally is.
    fn friends_table(&self, v: &View) -> Option<Table> {
        let friends = &self.combat.setup.friends;
        if friends.is_empty() {
            return None;
        }
        let rows = friends
            .iter()
            .enumerate()
            .map(|(f, friend)| {
                // P(pass) with the General's Ld, and on its own once he
                // fled or fell (seed 004).
                let (p, own) = (
                    p_pass(&friend.ld_test(true)),
                    p_pass(&friend.ld_test(false)),
                );
                let cell = |k| v.layout.friend(f, k);
                let cells = vec![
                    Value::Text(side_label(friend.side)),
                    v.m.prob(&[cell(0)]),
                    v.m.expectation(&[
                        (cell(1), 1.0),
                        (cell(3), 1.0),
                        (cell(2), 1.0 - p),
                        (cell(4), 1.0 - own),
                    ]),
                    v.m.expectation(&[(cell(1), p), (cell(3), own)]),
                ];
                (Value::Text(Text::kept(&friend.name)), cells)
            })
            .collect();
        Some(Table {
            detail: false,
            kind: TableKind::Plain,
            key: "friends".into(),
            title: crate::text!("Friends near the fight: panic, to their next turn"),
            index: Column::new("name", crate::text!("friend")),
            columns: vec![
                Column::new("side", crate::text!("side")),
                Column::new("p_tests", crate::text!("P(tests for panic)")),
                Column::new("p_flees", crate::text!("P(flees)")),
                Column::new("p_rallies", crate::text!("P(flees and rallies)")),
            ],
            rows,
        })
    }
}

/// P(unit `u` flees without breaking, breaks, is caught, is destroyed).
fn unit_fate_fields(v: &View, u: usize) -> Vec<Field> {
    let (key, name) = (&v.keys[u], || v.labels[u].clone());
    let p = |ends: &[UnitEnd]| v.m.prob(&v.layout.unit_ends(u, ends));
    vec![
        Field::new(
            UnitFigure::Flees.key(key),
            crate::text!("P({} flees, not broken)", name()),
            p(&[UnitEnd::Fled, UnitEnd::CaughtFleeing]),
        ),
        Field::new(
            UnitFigure::Breaks.key(key),
            crate::text!("P({} breaks)", name()),
            p(&[UnitEnd::Broke, UnitEnd::Caught]),
        ),
        Field::new(
            UnitFigure::Caught.key(key),
            crate::text!("P({} breaks and is caught)", name()),
            p(&[UnitEnd::Caught]),
        ),
        Field::new(
            UnitFigure::Destroyed.key(key),
            crate::text!("P({} destroyed)", name()),
            p(&[UnitEnd::Caught, UnitEnd::WipedOut, UnitEnd::CaughtFleeing]),
        ),
        Field::new(
            UnitFigure::Rallies.key(key),
            crate::text!("P({} flees, escapes and rallies)", name()),
            rallies(v, u),
        ),
    ]
}

/// P(unit `u` fled (broken or not), escaped and rallied at the start of
/// its next turn):
/// each rally Ld's share of the fights times the exact P(2D6 <= Ld), or
/// of 3D6 less the highest for a cold-blooded unit (RULES.md Fleeing and
/// pursuit).
fn rallies(v: &View, u: usize) -> Value {
    let cells: Vec<(usize, f64)> = v
        .layout
        .rally_cells(u)
        .map(|(cell, ld)| (cell, p_pass(&v.units[u].ld_test(ld))))
        .collect();
    v.m.expectation(&cells)
}

/// How a fight ended, in words: a side's unit as its side (named in the
/// units' names where the labels are, `Halberdiers break and escape`).
fn end_words(e: End) -> Text {
    match e {
        End::Broke { loser, caught } => match caught {
            false => crate::text!("{} breaks and escapes", side_label(loser)),
            true => crate::text!("{} breaks and is caught", side_label(loser)),
        },
        End::WipedOut { loser } => crate::text!("{} wiped out", side_label(loser)),
        e => Text::words(e.label()),
    }
}

/// The partition: every fight ends in exactly one of these.
fn outcomes_table(v: &View) -> Table {
    let rows = End::ALL
        .iter()
        .map(|e| (Value::Text(end_words(*e)), vec![v.m.prob(&[e.index()])]))
        .collect();
    Table {
        detail: false,
        kind: TableKind::Plain,
        key: "outcomes".into(),
        title: crate::text!("How the fight ends (each fight in exactly one)"),
        index: Column::new("outcome", crate::text!("outcome")),
        columns: vec![Column::new("p", crate::text!("P"))],
        rows,
    }
}

/// Each round: P(fought), who won it, and each unit's mean losses.
fn rounds_table(v: &View) -> Table {
    let (m, layout) = (v.m, v.layout);
    let rows = (0..layout.rounds)
        .map(|r| {
            let fought: Vec<usize> = (0..3).map(|k| layout.round_result(r, k)).collect();
            let mut cells = vec![
                m.prob(&fought),
                m.prob(&[layout.round_result(r, 0)]),
                m.prob(&[layout.round_result(r, 2)]),
                m.prob(&[layout.round_result(r, 1)]),
            ];
            for u in v.units() {
                let last = layout.in_round(r, u, layout.models[u] + 1);
                cells.push(m.moments(layout.in_round(r, u, 0)..last).0);
            }
            (Value::Num((r + 1) as f64, ""), cells)
        })
        .collect();
    let mut columns = vec![
        Column::new("p_fought", crate::text!("P(fought)")),
        Column::new("p_attacker_wins", crate::text!("P({} wins)", side_label(0))),
        Column::new("p_draw", crate::text!("P(draw)")),
        Column::new("p_defender_wins", crate::text!("P({} wins)", side_label(1))),
    ];
    for u in v.units() {
        columns.push(Column::new(
            format!("{}_casualties", v.keys[u]),
            crate::text!("{} lost", v.labels[u].clone()),
        ));
    }
    Table {
        detail: false,
        kind: TableKind::Plain,
        key: "rounds".into(),
        title: crate::text!("By round (casualties: mean over the fights that reached the round)"),
        index: Column::new("round", crate::text!("round")),
        columns,
        rows,
    }
}

/// Casualties by round: P(the round is fought and a unit loses k).
fn round_casualties_table(v: &View) -> Table {
    let (m, layout) = (v.m, v.layout);
    let most = layout.models.iter().copied().max().unwrap_or(0);
    let mut rows = Vec::new();
    for r in 0..layout.rounds {
        for k in 0..=most {
            let mut cells = vec![Value::Num(k as f64, "")];
            for u in v.units() {
                if k <= layout.models[u] {
                    let or_more: Vec<usize> = (k..=layout.models[u])
                        .map(|j| layout.in_round(r, u, j))
                        .collect();
                    cells.push(m.prob(&[layout.in_round(r, u, k)]));
                    cells.push(m.prob(&or_more));
                } else {
                    cells.extend([Value::Absent, Value::Absent]);
                }
            }
            rows.push((Value::Num((r + 1) as f64, ""), cells));
        }
    }
    let mut columns = vec![Column::new("models", crate::text!("models"))];
    for u in v.units() {
        columns.push(Column::new(
            format!("p_{}", v.keys[u]),
            crate::text!("P({} loses k)", v.labels[u].clone()),
        ));
        columns.push(Column::new(
            format!("p_{}_at_least", v.keys[u]),
            crate::text!("P({} loses k or more)", v.labels[u].clone()),
        ));
    }
    Table {
        detail: true,
        kind: TableKind::Plain,
        key: "round_casualties_pmf".into(),
        title: crate::text!("Models lost by round: P(the round is fought and a unit loses k)"),
        index: Column::new("round", crate::text!("round")),
        columns,
        rows,
    }
}
