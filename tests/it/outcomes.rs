//! Every fight ends in exactly one documented outcome ([`End::ALL`], the
//! `outcomes` table): over every shipped scenario and random fights of two
//! to four units, the exact partition sums to 1 within 1e-12 and the Monte
//! Carlo partition's counts sum to the trials exactly.

use crate::common::{random_fight, random_redirect_fight, rng, settings};
use mathhammer::combat::fight::End;
use mathhammer::query::combat::CombatQuery;
use mathhammer::query::Method;
use mathhammer::report::{Engine, Report, Value};
use mathhammer::scenario::combat::{load_combat, ScenarioFile};
use std::path::Path;

/// The `outcomes` table of `engine`: (label, value) rows.
fn partition(report: &Report, engine: Engine) -> Vec<(String, Value)> {
    let table = report
        .outcome(engine)
        .and_then(|o| o.table("outcomes"))
        .unwrap_or_else(|| panic!("no outcomes table from {engine:?}"));
    table
        .rows
        .iter()
        .map(|(i, cells)| (i.to_string(), cells[0].clone()))
        .collect()
}

/// The exact partition sums to 1, and the Monte Carlo one to its trials.
fn check(q: &CombatQuery, what: &str) {
    let one_round = CombatQuery {
        combat: q.combat.with_rounds(1),
        name: q.name.clone(),
        sets: Vec::new(),
    };
    let report = one_round.report(&settings(Method::Exact, 1, 1));
    if report
        .outcome(Engine::Exact)
        .unwrap()
        .field("exact_note")
        .is_none()
    {
        let rows = partition(&report, Engine::Exact);
        assert_eq!(rows.len(), End::ALL.len());
        let total: f64 = rows.iter().map(|(_, v)| v.exact().unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-12, "{what}: exact sums to {total}");
    }
    for (engine, method) in [
        (Engine::MonteCarlo, Method::MonteCarlo),
        (Engine::Dice, Method::Dice),
    ] {
        let report = q.report(&settings(method, 3000, 5));
        let rows = partition(&report, engine);
        let trials = rows[0].1.estimate().unwrap().trials;
        let counts: u64 = rows
            .iter()
            .map(|(_, v)| {
                let e = v.estimate().unwrap();
                (e.estimate * e.trials as f64).round() as u64
            })
            .sum();
        assert_eq!(counts, trials, "{what}: {engine:?} counts");
    }
}

#[test]
fn the_end_of_every_fight_is_one_of_the_listed_outcomes() {
    for (i, e) in End::ALL.iter().enumerate() {
        assert_eq!(e.index(), i, "{e:?}");
    }
}

#[test]
fn every_shipped_scenario_partitions() {
    let mut seen = 0;
    for entry in std::fs::read_dir("scenarios").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let q = load_combat(&path, &[]).unwrap();
            check(&q, &path.display().to_string());
            seen += 1;
        }
    }
    assert!(seen >= 12, "{seen} scenarios");
}

#[test]
fn random_fights_of_two_to_four_units_partition() {
    let mut r = rng(1010);
    let mut checked = 0;
    for case in 0..80 {
        // A fourth of them with a unit the charge may be redirected at.
        let text = match case % 4 {
            3 => random_redirect_fight(&mut r),
            k => random_fight(&mut r, k as usize),
        };
        let file: ScenarioFile = mathhammer::scenario::parse(&text, "random.toml").unwrap();
        let Ok(q) = file.combat(Path::new(".")) else {
            continue;
        };
        check(&q, &format!("case {case}\n{text}"));
        checked += 1;
    }
    // Some draws are refused (an Undead target may not flee: RULES.md
    // Undead); most are checked.
    assert!(checked >= 60, "{checked}");
}

#[test]
fn a_charger_shot_down_ends_the_fight_in_its_own_outcome() {
    // One boar boy against fifty S10 crossbowmen: shot down (a 2+ save
    // against S10 is no save): every fight ends there, none in no outcome.
    let q = load_combat(
        Path::new("scenarios/boar_boyz_charge_crossbowmen.toml"),
        &[
            "attacker.models=1".into(),
            "defender.models=50".into(),
            "defender.missile={ s = 10, shots = 1 }".into(),
        ],
    )
    .unwrap();
    let report = q.report(&settings(Method::MonteCarlo, 2000, 3));
    let shot = report
        .outcome(Engine::MonteCarlo)
        .and_then(|o| o.field("p_charger_shot_down"))
        .and_then(|v| v.estimate())
        .unwrap();
    assert!(shot.estimate > 0.99, "{shot:?}");
    let wins = report
        .outcome(Engine::MonteCarlo)
        .and_then(|o| o.field("p_defender_wins"))
        .and_then(|v| v.estimate())
        .unwrap();
    assert_eq!(wins.estimate, shot.estimate);
    check(&q, "one boar boy, fifty S10 crossbows");
}
