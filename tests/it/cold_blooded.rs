//! Cold-blooded (RULES.md Break test; the Lizardmen's rule): every Ld test
//! of the unit (break, fear, terror, panic, stupidity, rally, the test to
//! hold back a pursuit) rolls 3D6 and keeps the two lowest. Hand-checked
//! against 3D6 counted by hand, in fights, friends and the battle line.

use crate::common::run::{engines_agree, error, exact_round_one, json};
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

#[test]
fn a_cold_blooded_target_of_shooting_tests_for_panic_on_three_dice() {
    // RULES.md Panic: ten models that lose 3 or more to the shooting test
    // at the end of the phase; on Ld 7 a plain test fails 15/36, a
    // cold-blooded one (the two lowest of 3D6: 174 of 216 rolls keep 7 or
    // less) 42/216 = 7/36. P(flees) = P(tests) x that.
    // Ten S4 shots at BS 3 on a target of Ld 7 given by `target`.
    fn shoot<'a>(target: &[&'a str]) -> Vec<&'a str> {
        let head = ["shoot", "--models", "10", "--bs", "3", "--s", "4"];
        [&head[..], target, &["--target-ld", "7"]].concat()
    }
    let plain = ["--target-t", "3", "--target-models", "10"];
    let figures = |more: &[&str]| {
        let r = json(&[shoot(&plain), more.to_vec()].concat());
        let p = |k: &str| r[k].as_f64().unwrap_or_else(|| panic!("{k}: {r}"));
        (p("p_panic_test"), p("p_flees"))
    };
    let (tests, flees) = figures(&[]);
    assert!(tests > 0.3, "{tests}");
    assert!((flees - tests * 15.0 / 36.0).abs() < 1e-12, "{flees}");
    for name in ["cold-blooded", "sangre-fria"] {
        let (cold_tests, cold_flees) = figures(&["--target-rules", name]);
        assert_eq!(cold_tests, tests);
        assert!(
            (cold_flees - tests * 7.0 / 36.0).abs() < 1e-12,
            "{cold_flees}"
        );
        assert!((1.0 - p_pass_cold_blooded(7) - 7.0 / 36.0).abs() < 1e-15);
    }
    // A roster's target brings its rules: Orc Boyz made cold-blooded (T4,
    // light armour and shield, the roster's 20 models).
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cold_blooded");
    std::fs::create_dir_all(&dir).unwrap();
    let roster = dir.join("cold_orcs.ros");
    let orcs = std::fs::read_to_string("scenarios/rosters/orcs_500.ros").unwrap();
    let cold = r#"<rule name="Cold Blooded"><description>Cold Blooded</description></rule>"#;
    let animosity = r#"<rule name="Animosity"><description>Animosity</description></rule>"#;
    assert!(orcs.contains(animosity));
    std::fs::write(&roster, orcs.replace(animosity, cold)).unwrap();
    let target = format!("{}:Orc Boyz", roster.display());
    let r = json(&shoot(&["--target", &target, "--target-models", "20"]));
    let p = |k: &str| r[k].as_f64().unwrap();
    assert!(p("p_panic_test") > 0.01, "{r}");
    assert!(
        (p("p_flees") - p("p_panic_test") * 7.0 / 36.0).abs() < 1e-12,
        "{r}"
    );
    // The rules that change no panic test are refused, naming those that do.
    let e = error(&[shoot(&plain), vec!["--target-rules", "hatred"]].concat());
    assert!(
        e.contains("hatred does not change a panic test (accepted: immune-to-psychology, unbreakable, frenzy, cold-blooded)"),
        "{e}"
    );
}
