//! The army books' Leadership, psychology, pursuit and combat result
//! rules of issue 47's tail (RULES.md Special attacks and psychology,
//! Break test, Fleeing and pursuit, Combat resolution). Each figure
//! worked out by hand from the rule's text, on units without blows
//! (A 0), so the rule alone decides.

use crate::common::run::{engines_agree, json};

/// `text` written as `name` under the tests' temporary folder.
pub(crate) fn written(name: &str, text: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("leadership_tail");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// A unit table `side` of `models` men (A 0, Ld 7, M 4) `frontage`
/// wide, with `extra` lines of its table.
fn idle(side: &str, models: u32, frontage: u32, extra: &str) -> String {
    format!(
        "[{side}]\nname = \"{side}\"\nmodels = {models}\nfrontage = {frontage}\n{extra}\n\
         [{side}.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = 7\n"
    )
}

/// A character of Ld 7 and A 0 standing in `side`'s unit, with `rules`.
fn hero(side: &str, rules: &str) -> String {
    format!(
        "[[{side}.characters]]\nname = \"hero\"\nrules = [{rules}]\n\
         [{side}.characters.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 2\ni = 3\na = 0\nld = 7\n"
    )
}

/// The fight of these tables and `situation`, as a file named `name`.
fn fight(name: &str, attacker: &str, defender: &str, situation: &str) -> String {
    let text = format!("name = \"{name}\"\n{attacker}\n{defender}\n[situation]\n{situation}\n");
    written(&format!("{name}.toml"), &text)
}

/// The exact report's `key` of the fight in `file`.
fn exact(file: &str, key: &str) -> f64 {
    let r = json(&["combat", file, "--method", "exact"]);
    r[key].as_f64().unwrap()
}

/// Ten men charge from 5 cm at the start of a turn with a terror-causer
/// near: they test Ld 7 for terror before they may declare the charge.
const TERROR: &str = "charger = \"attacker\"\ndistance = 5\nrounds = 1\nterror_nearby = true";

/// Ten men in one rank against five, engaged, no blows: the five lose by
/// the outnumbering bonus, 1, and test Ld 7 - 1 = 6.
const ENGAGED: &str = "charger = \"none\"\nrounds = 1";

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn a_beastmaster_or_the_jade_lion_rerolls_his_units_psychology_tests() {
    // "May re-roll any failed psychology test": Ld 7 fails 15/36, twice
    // (15/36)^2 = 225/1296; the charge is declared with P = 1071/1296.
    let declared = |name: &str, extra: &str| {
        let men = idle("attacker", 10, 10, extra);
        let file = fight(name, &men, &idle("defender", 10, 10, ""), TERROR);
        exact(&file, "p_charge_declared")
    };
    assert!(close(declared("plain", ""), 21.0 / 36.0));
    let rule = "\"unit-rerolls-psychology\"";
    let own = declared("own", &format!("rules = [{rule}]"));
    assert!(close(own, 1071.0 / 1296.0), "{own}");
    // A Master Moulder standing in the unit gives it to the unit.
    let led = declared("led", &hero("attacker", rule));
    assert!(close(led, 1071.0 / 1296.0), "{led}");
    // A character's own Mark of Chaos Undivided does not reach it.
    let marked = declared("marked", &hero("attacker", "\"reroll-psychology\""));
    assert!(close(marked, 21.0 / 36.0), "{marked}");
}

#[test]
fn the_virtue_of_stoicism_rerolls_his_units_break_tests() {
    // Break test at Ld 6: fails 21/36; re-rolled, (21/36)^2 = 441/1296.
    let breaks = |name: &str, extra: &str| {
        let few = idle("defender", 5, 5, extra);
        let file = fight(name, &idle("attacker", 10, 10, ""), &few, ENGAGED);
        exact(&file, "p_defender_breaks")
    };
    assert!(close(breaks("unled", ""), 21.0 / 36.0));
    let rule = "\"unit-rerolls-break-tests\"";
    let own = breaks("stoic", &format!("rules = [{rule}]"));
    assert!(close(own, 441.0 / 1296.0), "{own}");
    // The knight in the unit (US 6, still outnumbered: lost by 1).
    let led = breaks("stoic_knight", &hero("defender", rule));
    assert!(close(led, 441.0 / 1296.0), "{led}");
    // With a battle standard too: one re-roll, not two.
    let both = breaks(
        "stoic_bsb",
        &format!("rules = [{rule}]\nbattle_standard = true"),
    );
    assert!(close(both, 441.0 / 1296.0), "{both}");
    // Not a psychology re-roll: the Beastmaster's does not re-roll it.
    let other = breaks("moulder", "rules = [\"unit-rerolls-psychology\"]");
    assert!(close(other, 21.0 / 36.0), "{other}");
}

#[test]
fn the_tail_rules_agree_between_exact_and_both_monte_carlo_engines() {
    let cases = [
        fight(
            "agree_moulder",
            &idle(
                "attacker",
                10,
                10,
                &hero("attacker", "\"unit-rerolls-psychology\""),
            ),
            &idle("defender", 10, 10, ""),
            TERROR,
        ),
        fight(
            "agree_stoic",
            &idle("attacker", 10, 10, ""),
            &idle(
                "defender",
                5,
                5,
                &hero("defender", "\"unit-rerolls-break-tests\""),
            ),
            ENGAGED,
        ),
    ];
    for file in &cases {
        let args = [
            "combat", file, "--method", "all", "--trials", "40000", "--seed", "47",
        ];
        let keys = ["p_charge_declared", "p_defender_breaks"];
        engines_agree(&json(&args), &keys, file);
    }
}
