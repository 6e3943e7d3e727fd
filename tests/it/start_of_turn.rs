//! The charger's start-of-turn tests (RULES.md Panic; seed 004), in order:
//! panic from friends fleeing within 10 cm of greater unit strength (the
//! [ruling] `fleeing_friends_equal_panics` takes equal too), terror from an
//! enemy within 15 cm, stupidity. A failed panic or terror test flees, a
//! failed stupidity test declares nothing; `p_charge_declared` and the
//! outcome "charge not declared".

use crate::common::p_fail;
use crate::common::run::{assert_outcomes_sum_to_one, engines_agree, error, exact_round_one, json};
use serde_json::Value;

const FLAGSHIP: &str = "scenarios/boar_boyz_charge_spearmen.toml";

/// The flagship's exact report over one round with `sets`.
fn exact(sets: &[&str]) -> Value {
    exact_round_one(FLAGSHIP, sets)
}

fn declared(r: &Value) -> f64 {
    r["p_charge_declared"].as_f64().unwrap()
}

#[test]
fn fleeing_friends_must_outnumber_the_boar_boyz_unless_the_ruling_says_equal() {
    // Five Boar Boyz (cavalry, US 2 each): unit strength 10, Ld 7.
    let pass = 1.0 - p_fail(7);
    assert_eq!(declared(&exact(&[])), 1.0);
    assert_eq!(declared(&exact(&["situation.fleeing_friends_us=10"])), 1.0);
    let equal = exact(&[
        "situation.fleeing_friends_us=10",
        "situation.fleeing_friends_equal_panics=true",
    ]);
    assert!((declared(&equal) - pass).abs() < 1e-12, "{equal}");
    let more = exact(&["situation.fleeing_friends_us=11"]);
    assert!((declared(&more) - pass).abs() < 1e-12);
    // A failure flees: the partition still sums to 1.
    assert_outcomes_sum_to_one(&more);
    let not_declared = more["outcomes"][0].clone();
    assert_eq!(not_declared["outcome"], "charge not declared");
    assert!((not_declared["p"].as_f64().unwrap() - p_fail(7)).abs() < 1e-12);
    assert!((more["p_attacker_flees"].as_f64().unwrap() - p_fail(7)).abs() < 1e-12);
}

#[test]
fn panic_then_terror_then_stupidity_each_a_test_of_its_own() {
    let pass = 1.0 - p_fail(7);
    let both = exact(&[
        "situation.fleeing_friends_us=11",
        "situation.terror_nearby=true",
    ]);
    assert!((declared(&both) - pass * pass).abs() < 1e-12, "{both}");
    let stupid = exact(&["attacker.rules=[\"stupidity\"]"]);
    assert!((declared(&stupid) - pass).abs() < 1e-12);
    // A stupid unit that fails stays where it is: it does not flee.
    assert_eq!(stupid["p_attacker_flees"], 0.0);
    let all = exact(&[
        "situation.fleeing_friends_us=11",
        "situation.terror_nearby=true",
        "attacker.rules=[\"stupidity\"]",
    ]);
    assert!((declared(&all) - pass.powi(3)).abs() < 1e-12);
    // Immune to psychology: no panic or terror test, stupidity still.
    let immune = exact(&[
        "situation.fleeing_friends_us=11",
        "situation.terror_nearby=true",
        "attacker.rules=[\"immune-to-psychology\", \"stupidity\"]",
    ]);
    assert!((declared(&immune) - pass).abs() < 1e-12, "{immune}");
    // A unit that causes fear or terror is not terrified (RULES.md Charges).
    for rule in ["fear", "terror"] {
        let causes = format!("attacker.rules=[\"{rule}\"]");
        let r = exact(&["situation.terror_nearby=true", &causes]);
        assert_eq!(declared(&r), 1.0, "{rule}");
    }
}

#[test]
fn start_of_turn_tests_agree_between_exact_and_both_monte_carlo_engines() {
    for sets in [
        [
            "situation.fleeing_friends_us=11",
            "situation.terror_nearby=true",
        ],
        [
            "attacker.rules=[\"stupidity\"]",
            "situation.terror_nearby=true",
        ],
        ["attacker.rules=[\"bicker\"]", "situation.rounds=1"],
        ["attacker.rules=[\"glorious-charge\"]", "situation.rounds=1"],
    ] {
        let mut args = vec!["combat", FLAGSHIP, "--set", "situation.rounds=1"];
        for s in sets {
            args.extend(["--set", s]);
        }
        args.extend(["--method", "all", "--trials", "40000", "--seed", "3"]);
        let keys = ["p_charge_declared", "p_attacker_flees", "p_defender_breaks"];
        engines_agree(&json(&args), &keys, &format!("{sets:?}"));
    }
}

#[test]
fn start_of_turn_tests_need_a_charge() {
    let e = error(&[
        "combat",
        "scenarios/command_groups_engaged.toml",
        "--set",
        "situation.terror_nearby=true",
    ]);
    assert!(
        e.contains("situation.fleeing_friends_us") && e.contains("charger"),
        "{e}"
    );
    let e = error(&[
        "combat",
        FLAGSHIP,
        "--set",
        "situation.fleeing_friends_us=-1",
    ]);
    assert!(e.contains("fleeing_friends_us"), "{e}");
}

#[test]
fn every_charger_takes_its_own_start_of_turn_tests() {
    // seed 002's front and flank charge: 10 Orc Boyz (Ld 7) join the Boar
    // Boyz from the flank. Each charger tests before it declares (seed
    // 004); the Orc Boyz' tests are keys of their own [[unit]] entry.
    let run = |sets: &[&str]| exact_round_one("scenarios/two_units_charge_one.toml", sets);
    let pass = 1.0 - p_fail(7);
    let key = |r: &Value, k: &str| r[k].as_f64().unwrap();
    let base = run(&[]);
    // A stupid flanker that fails stays put: it loses nobody, and the
    // fight it would have joined is the fight of the base case.
    let stupid = run(&["unit.1.rules=[\"stupidity\"]"]);
    let mean = "mean_attacker_2_casualties";
    assert!((key(&stupid, mean) - pass * key(&base, mean)).abs() < 1e-12);
    assert_eq!(key(&stupid, "p_charge_declared"), 1.0);
    // Terror within 15 cm of the flanker alone: a failure flees.
    let terror = run(&["unit.1.terror_nearby=true"]);
    let flees = "p_attacker_2_flees";
    let expected = p_fail(7) + pass * key(&base, flees);
    assert!((key(&terror, flees) - expected).abs() < 1e-12, "{terror}");
    // Fleeing friends of greater unit strength than its 10.
    let panic = run(&["unit.1.fleeing_friends_us=11"]);
    assert!((key(&panic, flees) - expected).abs() < 1e-12);
    // Only a charger has a start of turn.
    let e = error(&[
        "combat",
        "scenarios/knights_hit_the_flank_of_engaged_orcs.toml",
        "--set",
        "attacker.terror_nearby=true",
    ]);
    assert!(
        e.contains("attacker.terror_nearby: only for [[unit]]"),
        "{e}"
    );
    let e = error(&[
        "combat",
        "scenarios/two_units_charge_one.toml",
        "--set",
        "unit.1.charges=false",
        "--set",
        "unit.1.distance=0",
        "--set",
        "unit.1.terror_nearby=true",
    ]);
    assert!(e.contains("unit.1."), "{e}");
}

#[test]
fn animosity_stops_one_charge_in_five_thirty_sixths() {
    // The 6th edition Orcs and Goblins army book: a D6 of 1, then 1 to 5 on
    // the Animosity table (Get 'em, Squabble): no charge, 1/6 x 5/6. The
    // five Boar Boyz test; four would not (fewer than five models).
    let run = |sets: &[&str]| {
        let mut args = vec![
            "combat",
            "scenarios/boar_boyz_charge_spearmen.toml",
            "--method",
            "exact",
        ];
        for s in sets {
            args.extend(["--set", s]);
        }
        crate::common::run::json(&args)
    };
    let r = run(&["attacker.rules=[\"animosity\"]"]);
    let declared = r["p_charge_declared"].as_f64().unwrap();
    assert!((declared - 31.0 / 36.0).abs() < 1e-12, "{declared}");
    let squabbled = r["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["outcome"] == "charge not declared: animosity")
        .unwrap()["p"]
        .as_f64()
        .unwrap();
    assert!((squabbled - 5.0 / 36.0).abs() < 1e-12, "{squabbled}");
    let four = run(&["attacker.rules=[\"animosity\"]", "attacker.models=4"]);
    assert_eq!(four["p_charge_declared"].as_f64(), Some(1.0));
    // The charged unit does not test: it is not its turn.
    let charged = run(&["defender.rules=[\"animosity\"]"]);
    assert_eq!(charged["p_charge_declared"].as_f64(), Some(1.0));
    // Both Monte Carlo engines agree.
    let all = crate::common::run::json(&[
        "combat",
        "scenarios/boar_boyz_charge_spearmen.toml",
        "--set",
        "attacker.rules=[\"animosity\"]",
        "--set",
        "situation.rounds=1",
        "--method",
        "all",
        "--trials",
        "100000",
    ]);
    crate::common::run::engines_agree(&all, &["p_charge_declared"], "animosity");
}

#[test]
fn only_infantry_and_cavalry_squabble() {
    // The Orcs and Goblins army book: "Infantry and cavalry units of five
    // or more Orc or Goblin models must test for Animosity"; "Trolls,
    // Snotlings, war machines and chariots do not". The five Boar Boyz
    // with the rule, as cavalry or infantry: P(charge declared) = 1 - 1/6
    // x 5/6 = 31/36. Typed as chariots, monsters or war machines, or
    // ([ruling]) large infantry: they never test, 1.
    let declared = |troop: &str| {
        let sets = [
            "attacker.rules=[\"animosity\"]".to_string(),
            format!("attacker.type={troop}"),
        ];
        let sets: Vec<&str> = sets.iter().map(String::as_str).collect();
        let r = exact_round_one("scenarios/boar_boyz_charge_spearmen.toml", &sets);
        r["p_charge_declared"].as_f64().unwrap()
    };
    for troop in ["cavalry", "infantry"] {
        assert!((declared(troop) - 31.0 / 36.0).abs() < 1e-12, "{troop}");
    }
    for troop in ["chariot", "monster", "war-machine", "large-infantry"] {
        assert_eq!(declared(troop), 1.0, "{troop}");
    }
    // The shipped boar chariot, five of them, with the rule.
    let r = exact_round_one(
        "scenarios/chariot_charges_spearmen.toml",
        &["attacker.rules=[\"animosity\"]", "attacker.models=5"],
    );
    assert_eq!(r["p_charge_declared"].as_f64(), Some(1.0));
}
