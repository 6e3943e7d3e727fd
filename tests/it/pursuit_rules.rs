//! Rules that decide a pursuit (RULES.md Fleeing and pursuit): the
//! Flayers never pursue, Ravenous and Fury of Ursun always pursue,
//! Blessed by the Old Ones is never pursued. The flagship fight, one round,
//! exact: the Boar Boyz (M 7", 17.5 cm: pursue 8D6 cm) beat the Spearmen
//! (flee 5D6 cm), who are caught when the pursuit roll reaches the flee
//! roll: P(caught) = P(broke) x P(8D6 >= 5D6), P(8D6 >= 5D6) = 0.96326, as
//! the two dice's distributions give it.

use crate::common::run::exact_round_one;

const FLAGSHIP: &str = "scenarios/boar_boyz_charge_spearmen.toml";
use mathhammer::exact::Pmf;

/// P(defender breaks), P(defender caught) in one exact round, with `sets`.
fn fight(sets: &[&str]) -> (f64, f64) {
    let r = exact_round_one(FLAGSHIP, sets);
    let p = |k: &str| r[k].as_f64().unwrap();
    (p("p_defender_breaks"), p("p_defender_caught"))
}

/// P(a pursuit of 8D6 reaches a flight of 5D6).
fn p_caught() -> f64 {
    let (pursuit, flee) = (Pmf::nd6(8), Pmf::nd6(5));
    let p: f64 = flee
        .iter()
        .map(|(f, p)| p * (1.0 - pursuit.p_le(f - 1)))
        .sum();
    assert!((p - 0.963258133188625).abs() < 1e-12, "{p}");
    p
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn a_pursuer_catches_as_the_dice_say_and_the_flayers_never_pursue() {
    let (broke, caught) = fight(&[]);
    assert!(
        broke > 0.03 && close(caught, broke * p_caught()),
        "{broke} {caught}"
    );
    // Flayers: never, even frenzied (frenzy must pursue).
    let (b, c) = fight(&["attacker.rules=[\"never-pursues\", \"frenzy\"]"]);
    assert!(b > 0.03 && c == 0.0, "{b} {c}");
}

#[test]
fn blessed_by_the_old_ones_no_winner_pursues_them() {
    let (broke, _) = fight(&[]);
    let (b, c) = fight(&["defender.rules=[\"never-pursued\"]"]);
    assert!(close(b, broke) && c == 0.0, "{b} {c}");
}

#[test]
fn a_ravenous_unit_pursues_with_no_test_to_hold_back() {
    // Holding back (pursue = false) on Ld 7 passes 21 times in 36: the
    // Boar Boyz pursue only on a failure, 15 of 36. Ravenous: always.
    let (broke, _) = fight(&[]);
    let (b, held) = fight(&["attacker.pursue=false"]);
    assert!(close(b, broke) && close(held, broke * 15.0 / 36.0 * p_caught()));
    let (_, c) = fight(&[
        "attacker.pursue=false",
        "attacker.rules=[\"always-pursues\"]",
    ]);
    assert!(close(c, broke * p_caught()), "{c}");
}

#[test]
fn a_bodyguard_is_stubborn_while_the_general_is_with_it() {
    // Hammerers, White Lions: stubborn while the General is with the unit.
    // Stubborn, the beaten Spearmen (Ld 7) test on their unmodified Ld:
    // P(breaks) = P(lose the round) x P(2D6 > 7) = P(lose) x 15/36.
    let round = |sets: &[&str]| {
        let r = exact_round_one(FLAGSHIP, sets);
        let lose = r["rounds"][0]["p_attacker_wins"].as_f64().unwrap();
        (lose, r["p_defender_breaks"].as_f64().unwrap())
    };
    let bodyguard = "defender.rules=[\"bodyguard\"]";
    let (lose, breaks) = round(&[bodyguard, "defender.general=true"]);
    assert!(
        lose > 0.05 && close(breaks, lose * 15.0 / 36.0),
        "{lose} {breaks}"
    );
    // Without the General, the lost round's margin counts against its Ld.
    let (lose, breaks) = round(&[bodyguard]);
    assert!(breaks > lose * 15.0 / 36.0 + 0.01, "{lose} {breaks}");
}
