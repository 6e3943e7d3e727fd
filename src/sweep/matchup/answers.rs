//! The answers a player reads before the matrix: each of list A's units'
//! best target, list A's best answer to each of list B's units, and the
//! charges that may not be declared (so that a cell's 86.1111% explains
//! itself).

use super::{CellRun, Matchup};
use crate::report::{Column, Table, TableKind, Text, Value};

/// The best of `options` (a group and its run) by P(charger wins), the
/// first of equals.
fn best<'a>(options: impl Iterator<Item = (usize, &'a CellRun)>) -> Option<(usize, &'a CellRun)> {
    options.fold(None, |best, (g, run)| {
        let p = |r: &CellRun| r.p_attacker_wins().central().unwrap_or(0.0);
        match best {
            Some((_, b)) if p(b) >= p(run) => best,
            _ => Some((g, run)),
        }
    })
}

/// The row of a best choice: the unit chosen, P(win) and P(win) per 100
/// points of the charger.
fn choice(label: Text, run: &CellRun) -> Vec<Value> {
    vec![
        Value::Text(label),
        run.p_attacker_wins().clone(),
        run.per_100_points().clone(),
    ]
}

/// Each of list A's groups' best target among list B's: P(win), and per
/// 100 of its points.
pub(crate) fn best_targets(m: &Matchup, runs: &[CellRun]) -> Table {
    let title = crate::text!("Best target of each unit of list A");
    let index = Column::new("charger", crate::text!("charger"));
    let chosen = Column::new("target", crate::text!("best target"));
    best_of_each(m, runs, 0, "best_targets", title, [index, chosen])
}

/// List A's best charger against each of list B's groups: P(win), and per
/// 100 of the charger's points.
pub(crate) fn best_answers(m: &Matchup, runs: &[CellRun]) -> Table {
    let title = crate::text!("Best charger of list A against each unit of list B");
    let index = Column::new("target", crate::text!("enemy unit"));
    let chosen = Column::new("charger", crate::text!("best charger"));
    best_of_each(m, runs, 1, "best_answers", title, [index, chosen])
}

/// For each group of list `rows` (A's chargers or B's targets), the best
/// of the other list's groups in list A's charges on B: a row each, the
/// group chosen in column `chosen`, P(win) and per 100 points.
fn best_of_each(
    m: &Matchup,
    runs: &[CellRun],
    rows: usize,
    key: &'static str,
    title: Text,
    [index, chosen]: [Column; 2],
) -> Table {
    // A's group charging B's, from a row's group and the other list's.
    let run = |row: usize, other: usize| match rows {
        0 => m.run(runs, 0, row, other),
        _ => m.run(runs, 0, other, row),
    };
    // A's rows only its units that charge; B's all, each a target.
    let found = m.groups[rows]
        .iter()
        .enumerate()
        .filter(|(_, group)| rows == 1 || group.charges)
        .filter_map(|(r, group)| {
            let options = (0..m.groups[1 - rows].len()).filter_map(|o| Some((o, run(r, o)?)));
            let (o, run) = best(options)?;
            // The charger named with the characters it sends.
            let (row, chosen) = match rows {
                0 => (group.label(), m.groups[1][o].target()),
                _ => (group.target(), m.groups[0][o].label()),
            };
            Some((Value::Text(row), choice(chosen, run)))
        })
        .collect();
    Table {
        detail: false,
        kind: TableKind::Answers,
        key: key.into(),
        title,
        index,
        columns: vec![
            chosen,
            Column::new("p_charger_wins", crate::text!("P(win)")),
            Column::new("p_charger_wins_per_100_points", crate::text!("per 100 pts")),
        ],
        rows: found,
    }
}

/// The groups whose charge may not be declared (stupidity, animosity):
/// how often it is, the least over their fights, and why.
pub(crate) fn may_not_declare(m: &Matchup, runs: &[CellRun]) -> Table {
    let mut rows = Vec::new();
    for list in 0..2 {
        for (a, group) in m.groups[list].iter().enumerate().filter(|(_, g)| g.charges) {
            let Some(why) = &group.may_not_declare else {
                continue;
            };
            let declared = (0..m.groups[1 - list].len())
                .filter_map(|d| m.run(runs, list, a, d))
                .map(CellRun::p_charge_declared)
                .min_by(|x, y| {
                    let p = |v: &Value| v.central().unwrap_or(1.0);
                    p(x).total_cmp(&p(y))
                });
            // A lone character of a tested race takes no test.
            let Some(declared) = declared.filter(|p| p.central().is_some_and(|p| p < 1.0)) else {
                continue;
            };
            rows.push((
                Value::Text(Text::kept(["A", "B"][list])),
                vec![
                    Value::Text(group.label()),
                    declared.clone(),
                    Value::Text(why.clone()),
                ],
            ));
        }
    }
    Table {
        detail: false,
        kind: TableKind::Answers,
        key: "charge_declared".into(),
        title: crate::text!("Charges not always declared (a test at the start of the turn)"),
        index: Column::new("list", crate::text!("list")),
        columns: vec![
            Column::new("unit", crate::text!("unit")),
            Column::new("p_charge_declared", crate::text!("P(charge declared)")),
            Column::new("why", crate::text!("why")),
        ],
        rows,
    }
}
