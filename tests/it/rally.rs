//! Rallying (RULES.md Fleeing and pursuit): a unit that fled (broken, or
//! from a charge, fear, terror or panic) and escaped tests 2D6 <= Ld at the
//! start of its next turn, unless fewer than 25% of its starting models are
//! left; `p_{unit}_rallies` is P(it fled, escaped and rallied). Checked against the exact engine's own records, the
//! musician ruling, and both Monte Carlo engines.

use crate::common::p_fail;
use crate::common::run::json;
use mathhammer::combat::exact::exact_records;
use mathhammer::combat::fight::UnitEnd;
use mathhammer::scenario::combat::load_combat;
use std::path::Path;

const FLAGSHIP: &str = "scenarios/boar_boyz_charge_spearmen.toml";

#[test]
fn a_broken_unit_with_a_quarter_of_its_models_left_rallies_on_its_ld() {
    // Six Spearmen: after one round some break with one or two left, fewer
    // than 25% of six (two is 33%, one is 17%).
    let sets = [
        "defender.models=6".to_string(),
        "situation.rounds=1".to_string(),
    ];
    let fight = load_combat(Path::new(FLAGSHIP), &sets).unwrap();
    let records = exact_records(&fight.combat).unwrap();
    let (mut expected, mut too_few) = (0.0, 0.0);
    for (r, q) in &records {
        if r.units[1] == UnitEnd::Broke {
            let left = 6 - r.casualties[1];
            if 4 * left >= 6 {
                expected += q * (1.0 - p_fail(7));
            } else {
                too_few += q;
            }
        }
    }
    assert!(expected > 0.001 && too_few > 0.001, "{expected} {too_few}");
    let args = [
        "combat", FLAGSHIP, "--set", &sets[0], "--set", &sets[1], "--method", "exact",
    ];
    let r = json(&args);
    let reported = r["p_defender_rallies"].as_f64().unwrap();
    assert!(
        (reported - expected).abs() < 1e-12,
        "{reported} vs {expected}"
    );
}

#[test]
fn a_musician_helps_only_under_the_later_editions_ruling() {
    // The Boar Boyz (Ld 7, a musician) break and escape in most first
    // rounds: they rally on Ld 7, or 8 under the ruling.
    for (ruling, ld) in [("false", 7), ("true", 8)] {
        let sets = [
            "situation.rounds=1".to_string(),
            format!("situation.musician_rallies={ruling}"),
        ];
        let fight = load_combat(Path::new(FLAGSHIP), &sets).unwrap();
        let expected: f64 = exact_records(&fight.combat)
            .unwrap()
            .iter()
            .filter(|(r, _)| r.units[0] == UnitEnd::Broke && 4 * (5 - r.casualties[0]) >= 5)
            .map(|(_, q)| q * (1.0 - p_fail(ld)))
            .sum();
        assert!(expected > 0.1, "{expected}");
        let args = [
            "combat", FLAGSHIP, "--set", &sets[0], "--set", &sets[1], "--method", "exact",
        ];
        let reported = json(&args)["p_attacker_rallies"].as_f64().unwrap();
        assert!(
            (reported - expected).abs() < 1e-12,
            "{ruling}: {reported} vs {expected}"
        );
    }
}

#[test]
fn rallies_agree_between_exact_and_both_monte_carlo_engines() {
    for (file, models) in [
        (FLAGSHIP, "6"),
        (FLAGSHIP, "20"),
        ("scenarios/two_units_charge_one.toml", "20"),
        ("scenarios/big_boss_leads_boyz.toml", "10"),
    ] {
        let set = format!("defender.models={models}");
        let r = json(&[
            "combat",
            file,
            "--set",
            &set,
            "--set",
            "situation.rounds=1",
            "--method",
            "all",
            "--trials",
            "40000",
            "--seed",
            "7",
        ]);
        let keys: Vec<String> = r["exact"]
            .as_object()
            .unwrap()
            .keys()
            .filter(|k| k.ends_with("_rallies"))
            .cloned()
            .collect();
        assert!(keys.len() >= 2, "{keys:?}");
        for key in keys {
            let p = r["exact"][&key].as_f64().unwrap();
            for engine in ["monte_carlo", "dice"] {
                let e = r[engine][&key]["estimate"].as_f64().unwrap();
                // X is in [0, 1]: its sd is at most sqrt(p (1 - p)).
                let sigma = (p * (1.0 - p) / 40000.0).sqrt();
                assert!(
                    (e - p).abs() <= 4.0 * sigma + 1e-12,
                    "{file} {key} {engine}: {e} vs {p}"
                );
            }
        }
    }
}

#[test]
fn a_unit_that_fled_a_charge_and_escaped_rallies_too() {
    // The Spearmen (Ld 7) flee the Boar Boyz' charge and get away 60% of
    // the time; each of those rallies on 2D6 <= 7 (21 in 36).
    let r = json(&[
        "combat",
        FLAGSHIP,
        "--set",
        "situation.reaction=flee",
        "--method",
        "exact",
    ]);
    let escaped = r["p_target_fled"].as_f64().unwrap();
    let rallies = r["p_defender_rallies"].as_f64().unwrap();
    assert!(escaped > 0.5, "{r}");
    assert!(
        (rallies - escaped * 21.0 / 36.0).abs() < 1e-12,
        "{rallies} vs {escaped}"
    );
}
