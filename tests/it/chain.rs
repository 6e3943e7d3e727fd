//! The exact whole fight as a chain of rounds (`combat::chain`) against the
//! path-by-path enumeration of the same fight (`combat::exact`): two exact
//! evaluators of one procedure, one merging equal states between rounds,
//! the other walking every path. They must agree on every tally cell, and
//! the chain's outcomes must sum to 1.

use crate::common::{random_fight, rng};
use mathhammer::combat::chain::{exact_fight, exact_fight_within};
use mathhammer::combat::exact::exact_records_within;
use mathhammer::combat::fight::End;
use mathhammer::query::combat::{CombatQuery, Layout};
use mathhammer::scenario::combat::ScenarioFile;
use std::path::Path;

/// A random fight of `extras` more units over `rounds` rounds, small
/// enough to walk path by path.
fn small_fight(
    r: &mut rand_xoshiro::Xoshiro256PlusPlus,
    extras: usize,
    rounds: u32,
) -> Option<CombatQuery> {
    let text = random_fight(r, extras).replace("rounds = 1\n", &format!("rounds = {rounds}\n"));
    let file: ScenarioFile = mathhammer::scenario::parse(&text, "random.toml").unwrap();
    file.combat(Path::new(".")).ok()
}

/// The chain's tally of `q`, if within `budget`.
fn chain_tally(q: &CombatQuery, layout: &Layout, budget: u64) -> Option<Vec<f64>> {
    let mut p = vec![0.0; layout.len()];
    exact_fight_within(&q.combat, budget, |t, w| {
        layout.add_tallied(t, w, |c, x| p[c] += x)
    })
    .ok()
    .map(|_| p)
}

#[test]
fn the_chain_of_rounds_equals_every_path_walked() {
    let mut r = rng(2024);
    let mut compared = 0;
    for case in 0..120 {
        let rounds = 2 + case % 3;
        let Some(q) = small_fight(&mut r, (case % 2) as usize, rounds) else {
            continue;
        };
        let layout = Layout::new(&q.combat);
        let Some(records) = exact_records_within(&q.combat, 50_000_000) else {
            continue;
        };
        let mut paths = vec![0.0; layout.len()];
        for (record, w) in &records {
            layout.add(record, *w, |c, x| paths[c] += x);
        }
        let chain = chain_tally(&q, &layout, u64::MAX).expect("no budget");
        for (cell, (a, b)) in chain.iter().zip(&paths).enumerate() {
            assert!((a - b).abs() < 1e-12, "case {case} cell {cell}: {a} vs {b}");
        }
        let ends: f64 = chain[..End::ALL.len()].iter().sum();
        assert!((ends - 1.0).abs() < 1e-12, "case {case}: {ends}");
        compared += 1;
    }
    assert!(compared >= 50, "only {compared} fights compared");
}

#[test]
fn big_fights_are_refused_and_the_flagship_runs_whole() {
    // Two units charging one: 1.8 G of work over ten rounds, past a budget
    // of 1 G, refused at round 4, whose projection (round 3's work a state,
    // falling as it fell, for each of its 3,079 states) passes it.
    let two = mathhammer::scenario::combat::load_combat(
        Path::new("scenarios/two_units_charge_one.toml"),
        &[],
    )
    .unwrap();
    let refused = exact_fight_within(&two.combat, 1_000_000_000, |_, _| {}).unwrap_err();
    assert_eq!((refused.round, refused.states), (4, 3079), "{refused:?}");
    // Within auto's budget it runs whole: 1.8 G of work, its projection
    // following the work a state costs as the units shrink, not refusing
    // at round 4 on round 3's cost a state.
    let size = exact_fight_within(
        &two.combat,
        mathhammer::combat::chain::AUTO_BUDGET,
        |_, _| {},
    )
    .unwrap();
    assert!(
        size.work < mathhammer::combat::chain::AUTO_BUDGET,
        "{size:?}"
    );
    let flagship = mathhammer::scenario::combat::load_combat(
        Path::new("scenarios/boar_boyz_charge_spearmen.toml"),
        &[],
    )
    .unwrap();
    let layout = Layout::new(&flagship.combat);
    let p = chain_tally(&flagship, &layout, mathhammer::combat::chain::CHAIN_BUDGET).unwrap();
    let ends: f64 = p[..End::ALL.len()].iter().sum();
    assert!((ends - 1.0).abs() < 1e-12, "{ends}");
    // Its states between rounds, as BENCHMARKS.md records them.
    let size = exact_fight(&flagship.combat, |_, _| {}).unwrap();
    assert_eq!(size.states[..6], [1, 38, 155, 198, 221, 222]);
    assert_eq!(size.states.len(), 10);
}

/// One model against one, each hitting on 4+ and wounding on 4+ with no
/// save: 1/4 a blow. RULES.md Order of strikes: the charger strikes first
/// in round 1; in round 2, Initiative tied and no winner (round 1 drawn
/// 0-0 when both miss), a roll-off.
#[test]
fn two_rounds_of_a_duel_by_hand() {
    let one = |side: &str| {
        format!(
            "[{side}]\nname = \"{side}\"\nmodels = 1\nfrontage = 1\narmour = \"none\"\n\
             [{side}.profile]\nm = 4\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n"
        )
    };
    let text = format!(
        "name = \"duel\"\n{}{}[situation]\ncharger = \"attacker\"\ndistance = 5\nrounds = 2\n",
        one("attacker"),
        one("defender")
    );
    let file: ScenarioFile = mathhammer::scenario::parse(&text, "duel.toml").unwrap();
    let q = file.combat(Path::new(".")).unwrap();
    let layout = Layout::new(&q.combat);
    let p = chain_tally(&q, &layout, u64::MAX).unwrap();
    let end = |e: End| p[e.index()];
    // Round 1: 1/4 the defender falls; else 3/4 x 1/4 the attacker does.
    // Round 2 (9/16 reach it): whoever wins the roll-off strikes first,
    // 1/2 x 1/4 + 1/2 x 3/4 x 1/4 = 7/32 for each side.
    let round_two = 9.0 / 16.0 * 7.0 / 32.0;
    let defender = End::WipedOut { loser: 1 };
    assert!((end(defender) - (1.0 / 4.0 + round_two)).abs() < 1e-12);
    let attacker = End::WipedOut { loser: 0 };
    assert!((end(attacker) - (3.0 / 16.0 + round_two)).abs() < 1e-12);
    let both_stand = (9.0f64 / 16.0).powi(2);
    assert!((end(End::Unresolved) - both_stand).abs() < 1e-12);
}

#[test]
fn every_shipped_scenario_runs_whole_within_autos_budget() {
    // Issue 24: `--method auto` plays every shipped fight exactly. The
    // flank fight's states stop at 6,749 once a state keeps only what the
    // fight reads again (14,725 and 12.4 G of work, past the budget, when
    // it kept the last winner where no tie needs it).
    let mut names: Vec<_> = std::fs::read_dir("scenarios")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    names.sort();
    assert!(names.len() >= 14, "{names:?}");
    for path in names {
        let q = mathhammer::scenario::combat::load_combat(&path, &[]).unwrap();
        let budget = mathhammer::combat::chain::AUTO_BUDGET;
        let size = exact_fight_within(&q.combat, budget, |_, _| {})
            .unwrap_or_else(|r| panic!("{}: {r:?}", path.display()));
        if path.ends_with("knights_hit_the_flank_of_engaged_orcs.toml") {
            assert_eq!(size.states.iter().max(), Some(&6749), "{size:?}");
        }
    }
}
