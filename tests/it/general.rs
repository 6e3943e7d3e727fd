//! The General lends his Ld only while he is not fleeing (RULES.md Break
//! test; seed 004: "del General si éste no está huyendo"): once the unit
//! he is with (`general = true`) has broken, fled or fallen, every later
//! Ld test of his side (break tests in later rounds, panic tests, fear
//! tests, friends' tests, rallies, in fights and on the battle line) is on
//! the unit's own Ld. Each figure hand-checked.

use crate::battle_line::{exact_report, line, p, unit as line_unit};
use crate::combat::{combat, more, unit, Scripted, IN_FLANK};
use crate::common::p_fail;
use crate::common::run::{error, exact_round_one, flagship_with, json};
use mathhammer::combat::fight::UnitEnd;
use mathhammer::query::panic::Event;

/// (Ld, modifier) of each Ld test a scripted fate was asked.
fn lds(fate: &Scripted) -> Vec<(u8, i32)> {
    fate.tests.iter().map(|t| (t.ld, t.modifier)).collect()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn after_the_generals_unit_breaks_the_flanker_tests_on_its_own_ld() {
    // Five attackers with the General (Ld 7) and five flankers (Ld 7, the
    // General's 9 in range) fight 20 defenders (I 5: they strike first).
    // Round 1: the defenders slay 3 of the General's unit: they score 3
    // wounds + 1 outnumbering (US 20 against 2 + 5), no ranks (fought in
    // the flank by US 5); the attackers 1 for the flank. Lost by 3: the
    // General's unit (7 - 3) breaks; the flanker's test is taken with it,
    // on 9 - 3, and passes. Then the flanker tests for panic, its fellow
    // broken beside it: the General is fleeing, so on its own 7, not 9.
    // Round 2: the defenders slay 3 flankers: 3 + 1 outnumbering against
    // 0 (US 2 has no flank bonus): lost by 4, a break test on 7 - 4.
    let a = unit("attacker", 5, 5, 3, 1, "general = true");
    let flanker = format!("{IN_FLANK}\ngeneral_ld = 9");
    let d = unit("defender", 20, 5, 3, 5, "") + &more(5, 5, 1, &flanker);
    let c = combat(&a, &d, "charger = \"none\"\nrounds = 2");
    let mut fate = Scripted {
        // Strikes in order: round 1 the defenders at the General's unit
        // and at the flankers, their blows back; round 2 the defenders
        // at the flankers, theirs back.
        kills: vec![3, 0, 0, 0, 3, 0],
        passes: vec![false, true, true, false],
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    assert_eq!(lds(&fate), vec![(7, 3), (9, 3), (7, 0), (7, 4)]);
    assert_eq!(
        (record.units[0], record.units[2]),
        (UnitEnd::Broke, UnitEnd::Broke)
    );
    assert_eq!(record.rally_ld[2], 7);
}

#[test]
fn the_start_of_turn_tests_are_taken_together_on_the_generals_ld() {
    // Seed 004: the start of turn's panic tests come together, before
    // anyone moves. The General's unit (Ld 7, US 5) and a second charger
    // (Ld 7, the General's 9) both have friends of US 20 fleeing near
    // them: the General's unit fails and flees, the second charger still
    // tests on 9.
    let a = unit("attacker", 5, 5, 3, 1, "general = true");
    let second = "side = \"attacker\"\nfacing = \"flank\"\ncharges = true\ndistance = 5\n\
                  fleeing_friends_us = 20\ngeneral_ld = 9";
    let d = unit("defender", 20, 5, 3, 5, "") + &more(5, 5, 1, second);
    let situation = "charger = \"attacker\"\ndistance = 5\nrounds = 1\nfleeing_friends_us = 20";
    let c = combat(&a, &d, situation);
    let mut fate = Scripted {
        passes: vec![false, true],
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    assert_eq!(record.units[0], UnitEnd::Fled);
    assert_eq!(&lds(&fate)[..2], &[(7, 0), (9, 0)]);
}

#[test]
fn a_new_target_tests_for_terror_on_its_own_ld_once_the_general_fled() {
    // Terror-causing Boar Boyz charge the Spearmen, who flee: caught when
    // 20 + 5D6 <= 36, else the charge turns on the Halberdiers (Ld 7, the
    // General's 9 in range), who test for terror and flee on a failure.
    // With the General among the fleeing Spearmen they test on their own
    // 7: P(they flee) = P(redirected) x 15/36; without him there, on 9:
    // x 6/36.
    let file = "scenarios/boar_boyz_redirect_at_halberdiers.toml";
    let run = |general: &str| {
        let sets = [
            "attacker.rules=[\"terror\"]",
            "unit.1.general_ld=9",
            general,
        ];
        let r = exact_round_one(file, &sets);
        let p = |k: &str| r[k].as_f64().unwrap();
        (p("p_redirected"), p("p_defender_2_flees"))
    };
    let (redirected, flees) = run("defender.general=true");
    assert!(redirected > 0.5);
    assert!(close(flees, redirected * 15.0 / 36.0), "{flees}");
    assert!(close(flees, redirected * p_fail(7)));
    let (redirected, flees) = run("defender.general=false");
    assert!(close(flees, redirected * 6.0 / 36.0), "{flees}");
}

#[test]
fn a_friend_of_the_generals_broken_unit_tests_and_rallies_on_its_own_ld() {
    // The flagship's Spearmen carry the General; a friend 10 cm from them
    // (Ld 7, the General's 9; US 50, so that no fleeing unit outnumbers
    // it at its next turn) tests exactly when the Spearmen break or are
    // wiped out, the General then fleeing or fallen: P(flees) = P(tests)
    // x P(2D6 > 7) = x 15/36, and it rallies at its next turn on 7 too:
    // P(flees and rallies) = P(flees) x 21/36. With the General out of
    // the fight (not with the Spearmen) it keeps his 9: x 6/36 and x
    // 30/36.
    let friend = "\n[[friend]]\nside = \"defender\"\nname = \"Free Company\"\n\
                  unit_strength = 50\nld = 7\ngeneral_ld = 9\ndistance = 10\n";
    let path = flagship_with("general", "friend.toml", |t| {
        t.replace("[defender]\n", "[defender]\ngeneral = true\n") + friend
    });
    let run = |general: &str| {
        let r = json(&[
            "combat",
            path.to_str().unwrap(),
            "--set",
            general,
            "--method",
            "exact",
        ]);
        let row = &r["friends"][0];
        let p = |k: &str| row[k].as_f64().unwrap();
        (p("p_tests"), p("p_flees"), p("p_rallies"))
    };
    let (tests, flees, rallies) = run("defender.general=true");
    assert!(tests > 0.04, "{tests}");
    assert!(close(flees, tests * 15.0 / 36.0), "{flees}");
    assert!(close(rallies, flees * 21.0 / 36.0), "{rallies}");
    let (tests, flees, rallies) = run("defender.general=false");
    assert!(close(flees, tests * 6.0 / 36.0), "{flees}");
    assert!(close(rallies, flees * 30.0 / 36.0), "{rallies}");
}

#[test]
fn on_the_battle_line_the_generals_broken_unit_lends_its_friends_no_ld() {
    // The Spearmen break with the General among them; the Crossbowmen
    // (Ld 7, the General's 9) 12 cm away test in the same phase, the
    // General fleeing: P(flee) = P(2D6 > 7) = 15/36, not 6/36.
    let run = |general: &str| {
        let r = json(&[
            "panic",
            "scenarios/lines/spearmen_break_in_the_line.toml",
            "--set",
            general,
            "--set",
            "unit.3.general_ld=9",
        ]);
        let row = &r["phase"][2];
        assert_eq!(row["name"], "Crossbowmen");
        (
            row["p_tests"].as_f64().unwrap(),
            row["p_flees"].as_f64().unwrap(),
        )
    };
    let (tests, flees) = run("unit.1.general=true");
    assert_eq!(tests, 1.0);
    assert!(close(flees, 15.0 / 36.0), "{flees}");
    let (tests, flees) = run("unit.1.general=false");
    assert_eq!(tests, 1.0);
    assert!(close(flees, 6.0 / 36.0), "{flees}");
}

#[test]
fn a_general_who_fails_a_start_of_turn_panic_test_lends_no_ld_to_the_rallies() {
    // The General's unit (US 10, Ld 8) has friends of US 20 fleeing 5 cm
    // away at the start of turn 1: it tests, and fails on 9 or more
    // (10/36). Panic tests first, then rallies (seed 004): a fleeing unit
    // far off (Ld 7, the General's 9) rallies on 9 (30/36) if he passed,
    // on its own 7 (21/36) if he failed and flees.
    // P(rallies) = 26/36 x 30/36 + 10/36 x 21/36 = 990/1296.
    let general = line_unit("general", 10, 8, 0.0, 0.0);
    let mut fled = line_unit("fled", 20, 8, 15.0, 0.0);
    fled.fleeing = true;
    let mut far = line_unit("far", 10, 9, 200.0, 0.0);
    far.without_general = (7, 7);
    far.fleeing = true;
    let mut l = line(vec![general, fled, far], Event::Fleeing, 1);
    l.general = Some(0);
    let r = exact_report(&l);
    assert!(close(p(&r, "turn_1", 0, "p_flees"), 10.0 / 36.0));
    let rallied = p(&r, "turn_1", 2, "p_rallied");
    assert!(close(rallied, 990.0 / 1296.0), "{rallied}");
}

#[test]
fn one_general_a_side() {
    let e = error(&[
        "combat",
        "scenarios/two_units_charge_one.toml",
        "--set",
        "attacker.general=true",
        "--set",
        "unit.1.general=true",
    ]);
    assert!(
        e.contains("unit.1.general: the General is already with another unit of its side"),
        "{e}"
    );
    // One on each side is two armies' Generals.
    let r = json(&[
        "combat",
        "scenarios/two_units_charge_one.toml",
        "--set",
        "attacker.general=true",
        "--set",
        "defender.general=true",
        "--set",
        "situation.rounds=1",
    ]);
    assert!(r["p_attacker_wins"].as_f64().is_some());
}
