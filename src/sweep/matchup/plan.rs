//! The charge plan for a turn: which of a list's units charges which
//! enemy unit, each unit charging one target at most and each target
//! taking one charger at most (the matrix holds one-on-one fights),
//! chosen to win the most points expected:
//!
//! the sum over the charges of P(charger wins) x the target's points -
//! P(charged unit wins) x the charger's points.
//!
//! A unit that holds back adds 0, so a charge expected to lose points is
//! never in the plan. **How**: an assignment problem, solved exactly by
//! the Hungarian algorithm (`pathfinding`'s `kuhn_munkres`) on a matrix of
//! the chargers against the targets and one "holds back" column per
//! charger, the values in thousandths of a point (it takes integers).

use super::{CellRun, Matchup};
use crate::report::{Column, Table, TableKind, Text, Value};
use pathfinding::kuhn_munkres::kuhn_munkres;
use pathfinding::matrix::Matrix;

/// The plan's values are solved in thousandths of a point.
const SCALE: f64 = 1000.0;

/// What holding back costs a charger that must charge (frenzy): more than
/// any charge loses, less than a fight that did not run.
const MUST_CHARGE: i64 = -(1 << 30);

/// The best plan for chargers worth `values[i][j]` charging target `j`:
/// each charger's target, or `None` where it holds back (worth 0; a
/// charger that `must` charge holds back only where no target is left).
/// Each target takes one charger at most; the sum of the values is the
/// most any such plan makes.
pub(crate) fn best_plan(values: &[Vec<f64>], must: &[bool]) -> Vec<Option<usize>> {
    let chargers = values.len();
    let targets = values.iter().map(Vec::len).max().unwrap_or(0);
    if chargers == 0 {
        return Vec::new();
    }
    // A column per target, then one per charger to hold back in, worth 0,
    // so every charger has a place whatever the targets.
    let weights = Matrix::from_fn(chargers, targets + chargers, |(i, j)| {
        match values[i].get(j) {
            Some(v) if v.is_finite() => (v * SCALE).round() as i64,
            // A fight that did not run: never chosen.
            Some(_) => -(1 << 40),
            None if must.get(i).copied().unwrap_or(false) => MUST_CHARGE,
            None => 0,
        }
    });
    let (_, columns) = kuhn_munkres(&weights);
    columns
        .into_iter()
        .enumerate()
        .map(|(i, j)| {
            let forced = must.get(i).copied().unwrap_or(false);
            let worth = |v: &f64| v.is_finite() && (forced || *v > 0.0);
            (j < targets && values[i].get(j).is_some_and(worth)).then_some(j)
        })
        .collect()
}

/// What a charge of group `a` of list `list` on group `d` of the other is
/// expected to win, in points: P(charger wins) x the target's points -
/// P(charged unit wins) x the charger's.
pub(crate) fn expected_points(m: &Matchup, run: &CellRun, list: usize, a: usize, d: usize) -> f64 {
    let points = |l: usize, g: usize| m.groups[l][g].points();
    let p = |v: &Value| v.central().unwrap_or(0.0);
    p(run.p_attacker_wins()) * points(1 - list, d) - p(run.p_defender_wins()) * points(list, a)
}

/// The plan of list `list`'s charges as a table: a row per unit (a
/// group's units one by one), its target or that it holds back, the
/// fight's figures and the points it is expected to win.
pub(crate) fn plan_table(m: &Matchup, runs: &[CellRun], list: usize) -> Table {
    let enemy = 1 - list;
    // Every unit of a group charges on its own: a row each, a column each
    // (a war machine never charges: no row).
    let units = |l: usize, charging: bool| -> Vec<(usize, usize)> {
        m.groups[l]
            .iter()
            .enumerate()
            .filter(|(_, group)| group.charges || !charging)
            .flat_map(|(g, group)| (0..group.units.len()).map(move |u| (g, u)))
            .collect()
    };
    let (chargers, targets) = (units(list, true), units(enemy, false));
    let must: Vec<bool> = chargers
        .iter()
        .map(|&(a, _)| m.groups[list][a].must_charge)
        .collect();
    let values: Vec<Vec<f64>> = chargers
        .iter()
        .map(|&(a, _)| {
            targets
                .iter()
                .map(|&(d, _)| {
                    m.run(runs, list, a, d)
                        .map_or(f64::NEG_INFINITY, |r| expected_points(m, r, list, a, d))
                })
                .collect()
        })
        .collect();
    let plan = best_plan(&values, &must);
    let mut total = 0.0;
    let mut rows = Vec::new();
    for (i, (&(a, u), target)) in chargers.iter().zip(&plan).enumerate() {
        let label = Value::Text(unit_label(&m.groups[list][a], u, true));
        let row = match target {
            Some(j) => {
                let (d, v) = targets[*j];
                let run = m.run(runs, list, a, d);
                let figure =
                    |f: fn(&CellRun) -> &Value| run.map_or(Value::Absent, |r| f(r).clone());
                total += values[i][*j];
                let charged = unit_label(&m.groups[enemy][d], v, false);
                let charged = match must[i] && values[i][*j] <= 0.0 {
                    true => crate::text!("{} (frenzy: it must charge)", charged),
                    false => charged,
                };
                vec![
                    Value::Text(charged),
                    figure(CellRun::p_attacker_wins),
                    Value::Num(values[i][*j], ""),
                ]
            }
            None => vec![
                Value::Text(crate::text!("holds back")),
                Value::Absent,
                Value::Num(0.0, ""),
            ],
        };
        rows.push((label, row));
    }
    rows.push((
        Value::Text(crate::text!("total")),
        vec![Value::Absent, Value::Absent, Value::Num(total, "")],
    ));
    Table {
        detail: false,
        kind: TableKind::Answers,
        key: ["plan_a", "plan_b"][list].into(),
        title: Text::join(
            [
                crate::text!(
                    "Charge plan of list {}: the most points won, expected, over its charges:",
                    ["A", "B"][list]
                ),
                crate::text!(
                    "P(win) x the target's points - P(lose) x the charger's (holding back: 0)"
                ),
            ],
            "\n",
        ),
        index: Column::new("charger", crate::text!("charger")),
        columns: vec![
            Column::new("target", crate::text!("charges")),
            Column::new("p_charger_wins", crate::text!("P(win)")),
            Column::new("expected_points", crate::text!("points won")),
        ],
        rows,
    }
}

/// Unit `u` of `group` as the plan names it: the group's label (a
/// charger's with its characters, `sends`) if it is its only unit, else
/// its number and name.
fn unit_label(group: &super::Group, u: usize, sends: bool) -> Text {
    match (group.units.len(), sends) {
        (1, true) => group.label(),
        (1, false) => group.target(),
        _ => Text::kept(format!(
            "{}. {}",
            group.units[u].number, group.units[u].name
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::best_plan;

    /// The sum of a plan's values.
    fn worth(values: &[Vec<f64>], plan: &[Option<usize>]) -> f64 {
        plan.iter()
            .enumerate()
            .filter_map(|(i, j)| j.map(|j| values[i][j]))
            .sum()
    }

    #[test]
    fn three_chargers_on_three_targets_take_the_best_assignment() {
        // By hand, the six assignments (target of 0, 1, 2): 012 = 11,
        // 021 = 17, 102 = 16, 120 = 15, 201 = 18, 210 = 11. The greedy
        // choice (0 takes its best, 9) makes 17 at most; the best is 201.
        let values = vec![
            vec![9.0, 8.0, 6.0],
            vec![7.0, 1.0, 3.0],
            vec![4.0, 5.0, 1.0],
        ];
        let plan = best_plan(&values, &[]);
        assert_eq!(plan, [Some(2), Some(0), Some(1)]);
        assert_eq!(worth(&values, &plan), 18.0);
    }

    #[test]
    fn a_charge_expected_to_lose_points_is_held_back() {
        // The second charger loses points on every target: it holds back,
        // though a target is free for it.
        let values = vec![vec![50.0, 20.0], vec![-5.0, -1.0]];
        assert_eq!(best_plan(&values, &[]), [Some(0), None]);
    }

    #[test]
    fn two_chargers_on_one_target_one_holds_back() {
        // One target, two chargers: the better one charges.
        let values = vec![vec![3.0], vec![4.5]];
        assert_eq!(best_plan(&values, &[]), [None, Some(0)]);
    }

    #[test]
    fn holding_back_beats_spoiling_a_better_charge() {
        // Charger 0 alone on target 0 is worth 10; charger 1's best
        // target is also 0 (6) and its other is worth -2: the best plan
        // has charger 1 hold back rather than take a losing charge.
        let values = vec![vec![10.0, 1.0], vec![6.0, -2.0]];
        let plan = best_plan(&values, &[]);
        assert_eq!(plan, [Some(0), None]);
        assert_eq!(worth(&values, &plan), 10.0);
    }

    #[test]
    fn a_charger_that_must_charge_takes_a_losing_charge() {
        // The second charger loses points on every target, but it must
        // charge (frenzy): it takes the target that loses it the least.
        let values = vec![vec![50.0, 20.0], vec![-5.0, -1.0]];
        assert_eq!(best_plan(&values, &[false, true]), [Some(0), Some(1)]);
        // With one target, the charger that must charge takes it: holding
        // back is not its choice (the other, free to, holds back).
        let one = vec![vec![10.0], vec![-3.0]];
        assert_eq!(best_plan(&one, &[false, true]), [None, Some(0)]);
    }

    #[test]
    fn no_chargers_no_plan() {
        assert!(best_plan(&[], &[]).is_empty());
    }
}
