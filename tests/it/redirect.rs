//! Redirected charges (RULES.md Charges; seed 000 "Redirección de
//! cargas"): the main charger's first target flees and gets away, and the
//! charge turns on the unit the scenario marks `redirect = true`, once. The
//! new target takes its own fear test and reacts as to a new charge; the
//! charger's range is measured from where it started.

use crate::common::p_fail;
use crate::common::run::{assert_outcomes_sum_to_one, engines_agree, error, exact_round_one, json};
use serde_json::Value;

/// 5 Boar Boyz (M18: 36 cm) charge Spearmen 20 cm away, who flee; the
/// Halberdiers 30 cm from the Boar Boyz' start hold.
const SCENARIO: &str = "scenarios/boar_boyz_redirect_at_halberdiers.toml";

/// The exact report of one round with `sets`.
fn exact(sets: &[&str]) -> Value {
    exact_round_one(SCENARIO, sets)
}

fn p(r: &Value, key: &str) -> f64 {
    r[key].as_f64().unwrap_or_else(|| panic!("{key}: {r}"))
}

/// P(5D6 <= k), counted over the 7,776 rolls.
fn p_5d6_at_most(k: u32) -> f64 {
    let mut ways = vec![1u64];
    for _ in 0..5 {
        let mut next = vec![0u64; ways.len() + 6];
        for (s, w) in ways.iter().enumerate() {
            for d in 1..=6 {
                next[s + d] += w;
            }
        }
        ways = next;
    }
    let at_most: u64 = ways.iter().take(k as usize + 1).sum();
    at_most as f64 / 7776.0
}

#[test]
fn the_charge_turns_on_the_halberdiers_when_the_spearmen_get_away() {
    // Caught when 20 + 5D6 <= 36; else the Boar Boyz redirect.
    let caught = p_5d6_at_most(16);
    let r = exact(&[]);
    assert!((p(&r, "p_target_caught") - caught).abs() < 1e-12);
    assert!((p(&r, "p_redirected") - (1.0 - caught)).abs() < 1e-12);
    assert_eq!(p(&r, "p_target_fled"), 0.0);
    // Every redirected charge reaches (30 cm of 36) and the fight goes on
    // against the Halberdiers: a round is fought exactly when redirected.
    assert!((p(&r, "mean_rounds") - (1.0 - caught)).abs() < 1e-12);
    assert!(p(&r, "mean_defender_2_casualties") > 0.0);
    assert_outcomes_sum_to_one(&r);
}

#[test]
fn a_redirected_charge_out_of_range_fails() {
    // 40 cm is beyond the Boar Boyz' 36 cm from where they started.
    let r = exact(&["unit.1.distance=40"]);
    let redirected = 1.0 - p_5d6_at_most(16);
    assert!((p(&r, "p_charge_fails") - redirected).abs() < 1e-12);
    assert_eq!(p(&r, "mean_rounds"), 0.0);
    assert_outcomes_sum_to_one(&r);
}

#[test]
fn the_new_target_flees_and_the_charger_may_catch_it_once() {
    // The Halberdiers flee: caught when 30 + 5D6 <= 36. No second
    // redirect.
    let r = exact(&["unit.1.reaction=flee"]);
    let first = p_5d6_at_most(16);
    let second = p_5d6_at_most(6);
    let caught = first + (1.0 - first) * second;
    assert!((p(&r, "p_target_caught") - caught).abs() < 1e-12);
    let fled = (1.0 - first) * (1.0 - second);
    assert!((p(&r, "p_target_fled") - fled).abs() < 1e-12);
    assert!((p(&r, "p_defender_2_flees") - (1.0 - first)).abs() < 1e-12);
    assert_outcomes_sum_to_one(&r);
}

#[test]
fn the_new_target_takes_its_own_terror_test() {
    // Terror-causing Boar Boyz: the fleeing Spearmen test nothing; the
    // Halberdiers (Ld 7) test, and a failure flees (RULES.md Special
    // attacks), caught when 30 + 5D6 <= 36.
    let r = exact(&["attacker.rules=[\"terror\"]"]);
    let redirected = 1.0 - p_5d6_at_most(16);
    let flees = redirected * p_fail(7);
    assert!((p(&r, "p_defender_2_flees") - flees).abs() < 1e-12, "{r}");
    let second = p_5d6_at_most(6);
    let caught = 1.0 - redirected + flees * second;
    assert!((p(&r, "p_target_caught") - caught).abs() < 1e-12);
    assert!((p(&r, "p_target_fled") - flees * (1.0 - second)).abs() < 1e-12);
    assert_outcomes_sum_to_one(&r);
}

#[test]
fn redirected_charges_agree_between_the_three_engines() {
    for sets in [
        vec![],
        vec!["unit.1.reaction=flee"],
        vec![
            "unit.1.reaction=stand-and-shoot",
            "unit.1.missile={ s = 4, shots = 1 }",
        ],
        vec!["attacker.rules=[\"fear\"]", "unit.1.facing=flank"],
    ] {
        let mut args = vec!["combat", SCENARIO, "--set", "situation.rounds=1"];
        for s in &sets {
            args.extend(["--set", s]);
        }
        args.extend(["--method", "all", "--trials", "100000", "--seed", "5"]);
        let keys = [
            "p_redirected",
            "p_target_caught",
            "p_charger_fled",
            "p_attacker_wins",
            "p_defender_2_breaks",
            "p_defender_2_flees",
        ];
        engines_agree(&json(&args), &keys, &format!("{sets:?}"));
    }
}

#[test]
fn bad_redirects_get_one_line_errors() {
    for (sets, expected) in [
        (
            vec!["unit.1.side=attacker"],
            "unit.1.redirect: a charge is redirected at an enemy of the charger",
        ),
        (
            vec!["situation.charger=none", "situation.reaction=hold"],
            "unit.1.redirect: there is no charge to redirect",
        ),
        (
            vec!["unit.1.distance=-5"],
            "-5 is out of range (accepted: 0 to 500)",
        ),
        (vec!["unit.1.wheel=50"], "unit.1.wheel"),
        (
            vec!["unit.1.charges=true"],
            "unit.1.charges: a redirect target does not charge",
        ),
        (
            vec!["unit.1.reaction=stand-and-shoot"],
            "unit.1.reaction: stand-and-shoot needs the charged unit's missile",
        ),
        (
            vec!["unit.1.reaction=flee", "unit.1.rules=[\"unbreakable\"]"],
            "unit.1.reaction: the charged unit is frenzied, immune to psychology, unbreakable or Undead",
        ),
        (
            vec!["unit.1.redirect=false"],
            "unit.1.reaction: only for a unit the charge may be redirected at",
        ),
        (
            vec!["attacker.redirect=true"],
            "attacker.redirect: only for [[unit]] entries",
        ),
    ] {
        let mut args = vec!["combat", SCENARIO];
        for s in &sets {
            args.extend(["--set", s]);
        }
        let e = error(&args);
        assert!(e.contains(expected), "{sets:?}: {e}");
        assert_eq!(e.trim().lines().count(), 1, "{e}");
    }
}
