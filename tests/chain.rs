//! The exact whole fight as a chain of rounds (`combat::chain`) against the
//! path-by-path enumeration of the same fight (`combat::exact`): two exact
//! evaluators of one procedure, one merging equal states between rounds,
//! the other walking every path. They must agree on every tally cell, and
//! the chain's outcomes must sum to 1.

mod common;

use common::{random_fight, rng};
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
    .then_some(p)
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
fn a_fight_too_big_for_the_chain_is_refused_before_it_spends_its_budget() {
    // The flagship: 38 states after round 1 at about 3 ms each, ten rounds.
    let q = mathhammer::scenario::combat::load_combat(
        Path::new("scenarios/boar_boyz_charge_spearmen.toml"),
        &[],
    )
    .unwrap();
    assert!(!exact_fight(&q.combat, |_, _| {}));
    // Two Boar Boyz against six Spearmen run whole.
    let small = mathhammer::scenario::combat::load_combat(
        Path::new("scenarios/boar_boyz_charge_spearmen.toml"),
        &["attacker.models=2".into(), "defender.models=6".into()],
    )
    .unwrap();
    let layout = Layout::new(&small.combat);
    let p = chain_tally(&small, &layout, mathhammer::combat::chain::CHAIN_BUDGET).unwrap();
    let ends: f64 = p[..End::ALL.len()].iter().sum();
    assert!((ends - 1.0).abs() < 1e-12, "{ends}");
}
