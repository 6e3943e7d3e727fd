//! Cold-blooded (RULES.md Break test; the Lizardmen's rule): every Ld test
//! of the unit (break, fear, terror, panic, stupidity, rally, the test to
//! hold back a pursuit) rolls 3D6 and keeps the two lowest. Hand-checked
//! against 3D6 counted by hand, in fights, friends and the battle line.

use crate::common::run::{engines_agree, exact_round_one, json};
use mathhammer::combat::exact::exact_records;
use mathhammer::combat::fight::UnitEnd;
use mathhammer::scenario::combat::load_combat;
use std::path::Path;

const FLAGSHIP: &str = "scenarios/boar_boyz_charge_spearmen.toml";

/// P(the two lowest of 3D6 total at most `ld`), counted over 216 rolls.
fn p_pass_cold_blooded(ld: u32) -> f64 {
    let mut passes = 0;
    for a in 1..=6u32 {
        for b in 1..=6 {
            for c in 1..=6 {
                if a + b + c - a.max(b).max(c) <= ld {
                    passes += 1;
                }
            }
        }
    }
    f64::from(passes) / 216.0
}

#[test]
fn three_dice_less_the_highest_counted_by_hand() {
    // 174 of 216 rolls keep 7 or less: 29/36, where 2D6 gives 21/36.
    assert!((p_pass_cold_blooded(7) - 29.0 / 36.0).abs() < 1e-15);
    assert!((p_pass_cold_blooded(8) - 193.0 / 216.0).abs() < 1e-15);
}

#[test]
fn a_cold_blooded_stupid_charger_declares_on_three_dice() {
    let declared = |rules: &str| {
        let r = exact_round_one(FLAGSHIP, &[&format!("attacker.rules={rules}")]);
        r["p_charge_declared"].as_f64().unwrap()
    };
    let cold = declared("[\"stupidity\", \"cold-blooded\"]");
    assert!((cold - p_pass_cold_blooded(7)).abs() < 1e-12, "{cold}");
    assert!((declared("[\"stupidity\"]") - 21.0 / 36.0).abs() < 1e-12);
}

#[test]
fn a_cold_blooded_unit_breaks_less_and_rallies_on_three_dice() {
    // Six Spearmen, one round: those that break with 2 or more left rally.
    let sets = [
        "defender.models=6".to_string(),
        "situation.rounds=1".to_string(),
        "defender.rules=[\"cold-blooded\"]".to_string(),
    ];
    let fight = load_combat(Path::new(FLAGSHIP), &sets).unwrap();
    let expected: f64 = exact_records(&fight.combat)
        .unwrap()
        .iter()
        .filter(|(r, _)| r.units[1] == UnitEnd::Broke && 4 * (6 - r.casualties[1]) >= 6)
        .map(|(_, q)| q * p_pass_cold_blooded(7))
        .sum();
    assert!(expected > 0.001, "{expected}");
    let mut args = vec!["combat", FLAGSHIP, "--method", "exact"];
    for s in &sets {
        args.extend(["--set", s]);
    }
    let cold = json(&args);
    let reported = cold["p_defender_rallies"].as_f64().unwrap();
    assert!(
        (reported - expected).abs() < 1e-12,
        "{reported} vs {expected}"
    );
    let warm = json(&args[..args.len() - 2]);
    let breaks = |r: &serde_json::Value| r["p_defender_breaks"].as_f64().unwrap();
    assert!(breaks(&cold) < breaks(&warm) - 0.01, "{cold} {warm}");
}

#[test]
fn cold_blooded_fights_agree_between_the_three_engines() {
    let r = json(&[
        "combat",
        "scenarios/spearmen_break_beside_friends.toml",
        "--set",
        "defender.rules=[\"cold-blooded\"]",
        "--set",
        "attacker.rules=[\"cold-blooded\"]",
        "--set",
        "situation.rounds=2",
        "--method",
        "all",
        "--trials",
        "40000",
        "--seed",
        "11",
    ]);
    engines_agree(
        &r,
        &[
            "p_attacker_wins",
            "p_defender_breaks",
            "p_defender_rallies",
            "p_attacker_rallies",
        ],
        "cold-blooded",
    );
}

#[test]
fn a_cold_blooded_friend_panics_on_three_dice() {
    let r = json(&[
        "combat",
        "scenarios/spearmen_break_beside_friends.toml",
        "--set",
        "friend.1.rules=[\"cold-blooded\"]",
        "--set",
        "situation.rounds=1",
        "--method",
        "exact",
    ]);
    let halberdiers = &r["friends"][0];
    assert_eq!(halberdiers["name"], "Halberdiers");
    let tests = halberdiers["p_tests"].as_f64().unwrap();
    let flees = halberdiers["p_flees"].as_f64().unwrap();
    assert!(tests > 0.01, "{halberdiers}");
    assert!(
        (flees - tests * (1.0 - p_pass_cold_blooded(7))).abs() < 1e-12,
        "{halberdiers}"
    );
}
