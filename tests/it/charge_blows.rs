//! The army books' rules on the charge and in the first round (issue
//! 47): Slavering Charge, the Spear of Kurnous, the Star Lance,
//! Hearthrender, the Ball and Chain, Feint, the Sign of Sotek, Dragonhide,
//! Impale. RULES.md Special attacks and psychology, On the charge and in
//! the first round. Each figure worked out by hand from the rule's text.

use crate::common::exact_of;
use crate::modifiers::{assert_near, striker, UNBREAKABLE};

/// The mean casualties of 20 WS3 T3 models (A 0, no save, `defender`'s
/// keys added) in `rounds` rounds against `attacker` (its TOML table's
/// keys below `[attacker]`); `charger` names who charged.
fn slain(attacker: &str, defender: &str, rounds: u32, charger: &str) -> f64 {
    let text = format!(
        "name = \"test\"\n\
         [attacker]\nname = \"attacker\"\nfrontage = 3\n{attacker}\n\
         [defender]\nname = \"defender\"\nmodels = 20\nfrontage = 5\n{defender}\n\
         [defender.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = 7\n\
         [situation]\ncharger = \"{charger}\"\nrounds = {rounds}\n"
    );
    exact_of(&text, "mean_defender_casualties")
}

/// A WS3 S3 model of two attacks with `rules`.
fn two_attacks(rules: &str) -> String {
    striker(3, 2, rules, "")
}

#[test]
fn slavering_charge_and_the_spear_of_kurnous_strike_harder_the_turn_they_charge() {
    // WS3 at WS3 hits on 4+ (1/2). Slavering Charge's S4 wounds T3 on 3+:
    // 2 x 1/2 x 2/3 = 2/3 slain; at S3 4+: 2 x 1/2 x 1/2 = 1/2.
    let slavering = two_attacks(", \"plus-one-strength-charging\"");
    assert_near(
        slain(&slavering, UNBREAKABLE, 1, "attacker"),
        2.0 / 3.0,
        "charging",
    );
    assert_near(
        slain(&two_attacks(""), UNBREAKABLE, 1, "attacker"),
        0.5,
        "none",
    );
    // Charged, or in the second round, it strikes at S3: 1/2; 2/3 + 1/2
    // in two rounds.
    assert_near(
        slain(&slavering, UNBREAKABLE, 1, "defender"),
        0.5,
        "charged",
    );
    assert_near(
        slain(&slavering, UNBREAKABLE, 2, "attacker"),
        7.0 / 6.0,
        "two rounds",
    );
    // The Spear of Kurnous: S5 wounds on 2+, 2 x 1/2 x 5/6 = 5/6.
    let spear = two_attacks(", \"plus-two-strength-charging\"");
    assert_near(
        slain(&spear, UNBREAKABLE, 1, "attacker"),
        5.0 / 6.0,
        "spear",
    );
}

#[test]
fn the_star_lance_strikes_at_plus_3_with_no_armour_save_the_turn_it_charges() {
    // S6 at T3 wounds on 2+ (5/6); a 2+ save at S6 is 5+, failed 2/3:
    // 2 x 1/2 x 5/6 x 2/3 = 5/9 with the Strength alone; with no armour
    // save 2 x 1/2 x 5/6 = 5/6.
    let armoured = "save = 2\nrules = [\"unbreakable\"]";
    let strength = two_attacks(", \"plus-three-strength-charging\"");
    assert_near(
        slain(&strength, armoured, 1, "attacker"),
        5.0 / 9.0,
        "strength",
    );
    let lance = two_attacks(", \"plus-three-strength-charging\", \"ignores-armour-charging\"");
    assert_near(
        slain(&lance, armoured, 1, "attacker"),
        5.0 / 6.0,
        "star lance",
    );
    // Charged: S3, 4+ to wound, the 2+ save failed 1/6: 2 x 1/2 x 1/2 x
    // 1/6 = 1/12.
    assert_near(
        slain(&lance, armoured, 1, "defender"),
        1.0 / 12.0,
        "charged",
    );
}

#[test]
fn hearthrender_strikes_at_plus_2_with_killing_blow_the_turn_it_charges() {
    // S5 at T3 wounds on 2+; a 4+ save at S5 is 6+. A 6 to wound slays
    // outright (1/6), a 2-5 (4/6) is saved 1/6 of the time: each attack
    // 1/2 x (1/6 + 4/6 x 5/6) = 13/36, two 13/18; without killing blow
    // 2 x 1/2 x 5/6 x 5/6 = 25/36.
    let armoured = "save = 4\nrules = [\"unbreakable\"]";
    let blade = two_attacks(", \"plus-two-strength-charging\", \"killing-blow-charging\"");
    assert_near(
        slain(&blade, armoured, 1, "attacker"),
        13.0 / 18.0,
        "hearthrender",
    );
    let strength = two_attacks(", \"plus-two-strength-charging\"");
    assert_near(
        slain(&strength, armoured, 1, "attacker"),
        25.0 / 36.0,
        "no killing blow",
    );
}

#[test]
fn the_ball_and_chain_strikes_at_plus_3_in_the_first_round_charging_or_not() {
    // S6 at T3 wounds on 2+: 2 x 1/2 x 5/6 = 5/6 in the first round,
    // charged or charging; the second round S3: 1/2, 4/3 in two.
    let ball = two_attacks(", \"plus-three-strength-first-round\"");
    assert_near(
        slain(&ball, UNBREAKABLE, 1, "defender"),
        5.0 / 6.0,
        "charged",
    );
    assert_near(
        slain(&ball, UNBREAKABLE, 2, "attacker"),
        4.0 / 3.0,
        "two rounds",
    );
}

#[test]
fn feint_rerolls_missed_hits_in_the_first_round() {
    // 4+ to hit, misses re-rolled: 1 - 1/4 = 3/4; 2 x 3/4 x 1/2 = 3/4 in
    // the first round, charged or charging; then 1/2: 5/4 in two.
    let feint = two_attacks(", \"reroll-hits-first-round\"");
    assert_near(slain(&feint, UNBREAKABLE, 1, "defender"), 0.75, "charged");
    assert_near(
        slain(&feint, UNBREAKABLE, 2, "attacker"),
        1.25,
        "two rounds",
    );
}

#[test]
fn the_sign_of_sotek_and_dragonhide_reroll_wounds_the_turn_they_charge() {
    // Sign of Sotek: 4+ to wound, failures re-rolled, 3/4: 2 x 1/2 x 3/4
    // = 3/4 charging; charged, 1/2.
    let sign = two_attacks(", \"reroll-wounds-charging\"");
    assert_near(slain(&sign, UNBREAKABLE, 1, "attacker"), 0.75, "charging");
    assert_near(slain(&sign, UNBREAKABLE, 1, "defender"), 0.5, "charged");
    // Dragonhide: 1s re-rolled to hit and to wound, each 4+ then 1/2 +
    // 1/6 x 1/2 = 7/12: 2 x 7/12 x 7/12 = 49/72 charging; charged, 1/2.
    let hide = two_attacks(", \"reroll-ones-charging\"");
    assert_near(
        slain(&hide, UNBREAKABLE, 1, "attacker"),
        49.0 / 72.0,
        "dragonhide",
    );
    assert_near(
        slain(&hide, UNBREAKABLE, 1, "defender"),
        0.5,
        "dragonhide charged",
    );
}

#[test]
fn impale_gives_the_steed_plus_1_strength_the_turn_it_charges() {
    // A rider of no attacks on a WS3 S3 A1 steed: S4 at T3, 3+ to wound,
    // 1/2 x 2/3 = 1/3 charging; charged, 1/2 x 1/2 = 1/4.
    let steed = "type = \"cavalry\"\n[attacker.mount]\nws = 3\ns = 3\ni = 3\na = 1\n";
    let rider = striker(3, 0, ", \"steed-plus-one-strength-charging\"", steed);
    assert_near(
        slain(&rider, UNBREAKABLE, 1, "attacker"),
        1.0 / 3.0,
        "charging",
    );
    assert_near(slain(&rider, UNBREAKABLE, 1, "defender"), 0.25, "charged");
}
