//! `[[friend]]` tables (RULES.md Panic; seed 003): friends near a fight test
//! for panic when a unit of their side breaks or is destroyed within 15 cm,
//! or is caught fleeing the charge within 10 cm with the greater unit
//! strength. Hand-checked against the fight's own outcome partition, exact
//! against both Monte Carlo engines, and bad input.

use crate::common::p_fail;
use crate::common::run::{error, json};
use serde_json::Value;

const FLAGSHIP: &str = "scenarios/boar_boyz_charge_spearmen.toml";

/// A `[[friend]]` table of `fields` (TOML values as written).
fn friend(fields: &[(&str, &str)]) -> String {
    let mut t = "\n[[friend]]\n".to_string();
    for (k, v) in fields {
        t += &format!("{k} = {v}\n");
    }
    t
}

/// `file` with `friends` appended, written beside the shipped scenarios'
/// folder in a temporary directory (profiles named absolutely).
fn with_friends(file: &str, friends: &[String], tag: &str) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/{file}"))
        .unwrap()
        .replace("\"profiles/", &format!("\"{root}/scenarios/profiles/"));
    let dir = std::env::temp_dir().join(format!("mh-friends-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{tag}.toml"));
    let friends = friends
        .concat()
        .replace("\"profiles/", &format!("\"{root}/scenarios/profiles/"));
    std::fs::write(&path, text + &friends).unwrap();
    path.display().to_string()
}

/// The combat's JSON with `sets` (each after `--set`) and `more` flags.
fn combat(file: &str, sets: &[&str], more: &[&str]) -> Value {
    let mut args = vec!["combat", file];
    for s in sets {
        args.extend(["--set", s]);
    }
    args.extend(more);
    json(&args)
}

/// P(outcome) from the exact `outcomes` table.
fn outcome(r: &Value, label: &str) -> f64 {
    r["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["outcome"] == label)
        .unwrap_or_else(|| panic!("no outcome {label}"))["p"]
        .as_f64()
        .unwrap()
}

/// The friends table's row `name`.
pub(crate) fn row<'a>(r: &'a Value, name: &str) -> &'a Value {
    r["friends"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == name)
        .unwrap()
}

#[test]
fn friends_of_a_side_that_breaks_or_is_wiped_out_test_and_flee_on_a_failure() {
    // One round, exact: the Spearmen's friends test exactly when the
    // Spearmen break or are wiped out; the Boar Boyz' likewise.
    let friends = [
        friend(&[
            ("side", "\"defender\""),
            ("name", "\"Near\""),
            ("unit_strength", "10"),
            ("ld", "7"),
            ("distance", "15"),
        ]),
        friend(&[
            ("side", "\"defender\""),
            ("name", "\"Far\""),
            ("unit_strength", "10"),
            ("ld", "7"),
            ("distance", "15.5"),
        ]),
        friend(&[
            ("side", "\"attacker\""),
            ("name", "\"Boyz\""),
            ("unit_strength", "20"),
            ("ld", "9"),
            ("distance", "2"),
        ]),
        friend(&[
            ("side", "\"defender\""),
            ("name", "\"Dwarfs\""),
            ("unit_strength", "10"),
            ("ld", "9"),
            ("distance", "1"),
            ("rules", "[\"immune-to-psychology\"]"),
        ]),
        friend(&[
            ("side", "\"defender\""),
            ("name", "\"Steady\""),
            ("unit_strength", "10"),
            ("ld", "7"),
            ("distance", "1"),
            ("rules", "[\"immune-to-panic\"]"),
        ]),
    ];
    let file = with_friends(FLAGSHIP, &friends, "break");
    let r = combat(&file, &["situation.rounds=1"], &["--method", "exact"]);
    let lost = |side: &str| {
        outcome(&r, &format!("{side} breaks and escapes"))
            + outcome(&r, &format!("{side} breaks and is caught"))
            + outcome(&r, &format!("{side} wiped out"))
            + outcome(&r, "both sides wiped out")
    };
    let near = row(&r, "Near");
    assert_eq!(near["side"], "defender");
    let tests = near["p_tests"].as_f64().unwrap();
    assert!(
        tests > 0.01 && (tests - lost("defender")).abs() < 1e-12,
        "{near}"
    );
    let flees = near["p_flees"].as_f64().unwrap();
    assert!((flees - tests * p_fail(7)).abs() < 1e-12, "{near}");
    // 15.5 cm is beyond 15 cm; immune to psychology, or to panic alone
    // (RULES.md Panic), never tests.
    assert_eq!(row(&r, "Far")["p_tests"], 0.0);
    assert_eq!(row(&r, "Dwarfs")["p_tests"], 0.0);
    assert_eq!(row(&r, "Steady")["p_tests"], 0.0);
    let boyz = row(&r, "Boyz");
    let tests = boyz["p_tests"].as_f64().unwrap();
    assert!(
        tests > 0.01 && (tests - lost("attacker")).abs() < 1e-12,
        "{boyz}"
    );
    assert!((boyz["p_flees"].as_f64().unwrap() - tests * p_fail(9)).abs() < 1e-12);
}

#[test]
fn a_friend_within_10_cm_of_a_unit_caught_fleeing_the_charge_tests_if_outnumbered() {
    // The Spearmen (US 20) flee the Boar Boyz and may be caught: a friend
    // of US 19 within 10 cm tests, one of US 20 does not (strictly
    // greater, seed 003), nor one 12 cm away.
    let friends: Vec<String> = [
        ("Small", "19", "10"),
        ("Equal", "20", "10"),
        ("Away", "5", "12"),
    ]
    .iter()
    .map(|(name, us, distance)| {
        friend(&[
            ("side", "\"defender\""),
            ("name", &format!("\"{name}\"")),
            ("unit_strength", us),
            ("ld", "7"),
            ("distance", distance),
        ])
    })
    .collect();
    let file = with_friends(FLAGSHIP, &friends, "caught");
    let r = combat(
        &file,
        &["situation.reaction=flee", "situation.rounds=1"],
        &["--method", "exact"],
    );
    let caught = outcome(&r, "target flees and is caught");
    let escaped = outcome(&r, "target flees and escapes");
    assert!(caught > 0.1 && escaped > 0.1, "{caught} {escaped}");
    // Caught: Small tests at once. Escaped: the Spearmen still flee at the
    // defender's next start of turn, and Small tests then (seed 004).
    let small = row(&r, "Small");
    let p = |key: &str| small[key].as_f64().unwrap();
    assert!((p("p_tests") - (caught + escaped)).abs() < 1e-12, "{small}");
    assert!((p("p_flees") - (caught + escaped) * p_fail(7)).abs() < 1e-12);
    // Only a friend that fled in the fight rallies at that turn.
    let rallies = caught * p_fail(7) * (1.0 - p_fail(7));
    assert!((p("p_rallies") - rallies).abs() < 1e-12, "{small}");
    assert_eq!(row(&r, "Equal")["p_tests"], 0.0);
    assert_eq!(row(&r, "Away")["p_tests"], 0.0);
    // [ruling] seed 004's "igual o superior": Equal tests at the next turn.
    let r = combat(
        &file,
        &[
            "situation.reaction=flee",
            "situation.rounds=1",
            "situation.fleeing_friends_equal_panics=true",
        ],
        &["--method", "exact"],
    );
    let equal = row(&r, "Equal")["p_tests"].as_f64().unwrap();
    assert!((equal - escaped).abs() < 1e-12, "{equal} {escaped}");
}

#[test]
fn friends_within_10_cm_of_a_unit_that_broke_test_again_at_their_next_turn() {
    // The Boar Boyz (US 2 a model) break and escape with 3 or more of their
    // 5: at the attacker's next start of turn they still flee, and a friend
    // of US 5 within 10 cm tests again if it passed the test their break
    // caused.
    let friends = [
        friend(&[
            ("side", "\"attacker\""),
            ("name", "\"Near\""),
            ("unit_strength", "5"),
            ("ld", "7"),
            ("distance", "10"),
        ]),
        friend(&[
            ("side", "\"attacker\""),
            ("name", "\"Beyond\""),
            ("unit_strength", "5"),
            ("ld", "7"),
            ("distance", "10.5"),
        ]),
    ];
    let file = with_friends(FLAGSHIP, &friends, "next-turn");
    let r = combat(&file, &["situation.rounds=1"], &["--method", "exact"]);
    let near = row(&r, "Near");
    let beyond = row(&r, "Beyond");
    let p = |row: &Value, key: &str| row[key].as_f64().unwrap();
    // Beyond tests only on the break: it flees on a failure then.
    let broke = p(beyond, "p_tests");
    assert!(broke > 0.05, "{beyond}");
    assert!((p(beyond, "p_flees") - broke * p_fail(7)).abs() < 1e-12);
    // Near tests as often, and flees more: a second test at its next turn
    // after every escape of 3 models or more that it stood through.
    assert!((p(near, "p_tests") - broke).abs() < 1e-12, "{near}");
    let second = p(near, "p_flees") - broke * p_fail(7);
    let escaped_big = second / ((1.0 - p_fail(7)) * p_fail(7));
    let escaped = outcome(&r, "attacker breaks and escapes");
    assert!(
        escaped_big > 0.3 && escaped_big <= escaped + 1e-12,
        "{near} {escaped}"
    );
    // Both rally as often as they fled in the fight.
    for row in [near, beyond] {
        let rallies = broke * p_fail(7) * (1.0 - p_fail(7));
        assert!((p(row, "p_rallies") - rallies).abs() < 1e-12, "{row}");
    }
}

#[test]
fn a_charger_shot_down_panics_friends_within_10_cm_unless_a_lone_small_model() {
    // Crossbowmen stand and shoot at the Boar Boyz: two shot to the last
    // are a unit destroyed by shooting (seed 003), and the Orc Boyz 10 cm
    // away test; those 11 cm away do not (both test if the Boyz break in
    // the round, within 15 cm). A lone Boar Boy (W1) shot down panics
    // nobody. Chargers fleeing in panic from the shots make nobody test.
    let friends: Vec<String> = [("Near", "10"), ("Far", "11")]
        .iter()
        .map(|(name, distance)| {
            friend(&[
                ("side", "\"attacker\""),
                ("name", &format!("\"{name}\"")),
                ("unit_strength", "20"),
                ("ld", "7"),
                ("distance", distance),
            ])
        })
        .collect();
    let file = with_friends(
        "scenarios/boar_boyz_charge_crossbowmen.toml",
        &friends,
        "shot",
    );
    let two = combat(
        &file,
        &["situation.rounds=1", "attacker.models=2"],
        &["--method", "exact"],
    );
    let shot_down = outcome(&two, "charger shot down by stand-and-shoot");
    assert!(shot_down > 0.1 && outcome(&two, "charger flees stand-and-shoot") > 0.1);
    // ... or, if the survivors fight, the round's rout within 15 cm.
    let routed: f64 = ["breaks and escapes", "breaks and is caught", "wiped out"]
        .iter()
        .map(|end| outcome(&two, &format!("attacker {end}")))
        .sum::<f64>()
        + outcome(&two, "both sides wiped out");
    let near = row(&two, "Near")["p_tests"].as_f64().unwrap();
    assert!(
        (near - shot_down - routed).abs() < 1e-12,
        "{near} vs {shot_down} + {routed}"
    );
    assert!(routed > 0.01);
    // 11 cm is too far for the shooting, near enough for the rout.
    let far = row(&two, "Far")["p_tests"].as_f64().unwrap();
    assert!((far - routed).abs() < 1e-12, "{far} vs {routed}");
    let one = combat(
        &file,
        &["situation.rounds=1", "attacker.models=1"],
        &["--method", "exact"],
    );
    assert!(outcome(&one, "charger shot down by stand-and-shoot") > 0.1);
    let routed: f64 = ["breaks and escapes", "breaks and is caught"]
        .iter()
        .map(|end| outcome(&one, &format!("attacker {end}")))
        .sum();
    let near = row(&one, "Near")["p_tests"].as_f64().unwrap();
    assert!((near - routed).abs() < 1e-12, "{near} vs {routed}");
}

#[test]
fn friends_agree_between_exact_and_both_monte_carlo_engines() {
    for (file, models) in [
        (FLAGSHIP, "20"),
        (FLAGSHIP, "8"),
        ("scenarios/chariot_charges_spearmen.toml", "10"),
        ("scenarios/knights_charge_halberdiers.toml", "12"),
    ] {
        let friends = [
            friend(&[
                ("side", "\"defender\""),
                ("name", "\"D\""),
                ("profile_file", "\"profiles/empire_halberdier.toml\""),
                ("models", "10"),
                ("distance", "3"),
            ]),
            friend(&[
                ("side", "\"attacker\""),
                ("name", "\"A\""),
                ("unit_strength", "12"),
                ("ld", "6"),
                ("general_ld", "8"),
                ("distance", "14"),
            ]),
        ];
        let path = with_friends(file, &friends, &format!("agree{models}"));
        let models = format!("defender.models={models}");
        let r = combat(
            &path,
            &["situation.rounds=1", &models],
            &["--method", "all", "--trials", "40000", "--seed", "5"],
        );
        for name in ["D", "A"] {
            for key in ["p_tests", "p_flees", "p_rallies"] {
                let exact = |r: &Value| {
                    r["exact"]["friends"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|f| f["name"] == name)
                        .unwrap()[key]
                        .as_f64()
                        .unwrap()
                };
                let p = exact(&r);
                for engine in ["monte_carlo", "dice"] {
                    let f = r[engine]["friends"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|f| f["name"] == name)
                        .unwrap();
                    let e = f[key]["estimate"].as_f64().unwrap();
                    let sigma = (p * (1.0 - p) / 40000.0).sqrt();
                    assert!(
                        (e - p).abs() <= 4.0 * sigma + 1e-12,
                        "{file} {models} {name} {key} {engine}: {e} vs {p}"
                    );
                }
            }
        }
    }
}

#[test]
fn bad_friends_are_named() {
    let plain = [("unit_strength", "10"), ("ld", "7"), ("distance", "5")];
    let defender = ("side", "\"defender\"");
    let cases: Vec<(Vec<(&str, &str)>, &str)> =
        vec![
        (
            plain.to_vec(),
            "friend.1.side: missing (accepted: attacker, defender)",
        ),
        (vec![defender, plain[0], plain[1], ("distance", "-5")], "-5"),
        (
            vec![defender, plain[0], plain[1]],
            "friend.1.distance: missing",
        ),
        (vec![defender, plain[0], plain[2]], "friend.1.ld: missing"),
        (
            vec![defender, plain[0], plain[1], ("distances", "{ attacker = 5 }")],
            "friend.1.distances.attacker: not a unit of its side in the fight (accepted: defender)",
        ),
        (
            vec![defender, plain[0], plain[1], plain[2], ("distances", "{ defender = 5 }")],
            "friend.1.distances: given with distance",
        ),
        (
            vec![
                defender,
                ("profile_file", "\"profiles/orc_boy.toml\""),
                ("ld", "7"),
                ("models", "10"),
                plain[2],
            ],
            "friend.1.ld: comes from the profile",
        ),
        (
            [&[defender], &plain[..], &[("rules", "[\"bravery\"]")]].concat(),
            "bravery",
        ),
        (
            [&[defender], &plain[..], &[("colour", "\"red\"")]].concat(),
            "colour",
        ),
    ];
    for (fields, expected) in cases {
        let file = with_friends(FLAGSHIP, &[friend(&fields)], "bad");
        let e = error(&["combat", &file]);
        assert!(e.contains(expected), "{fields:?}: {e}");
    }
}

#[test]
fn the_chart_draws_each_friends_p_flees() {
    use mathhammer::plot::Axis;
    use mathhammer::{load_query, Lang, Method, Sampling, Settings};
    let path = std::path::Path::new("scenarios/spearmen_break_beside_friends.toml");
    let query = load_query(path, &[]).unwrap();
    let settings = Settings {
        method: Method::MonteCarlo,
        sampling: Sampling {
            trials: 5000,
            seed: 1,
            precision: None,
            max_trials: 5000,
        },
        sampler: Default::default(),
    };
    let figure = query.figure(&query.report(&settings)).render(Lang::En);
    let panel = figure.panels.last().unwrap();
    assert_eq!(panel.title, "Friends near the fight: P(flees in panic)");
    let Axis::Categories(names) = &panel.axis else {
        panic!("{panel:?}")
    };
    assert_eq!(names, &["Halberdiers", "Crossbowmen", "Orc Boyz"]);
    assert_eq!(panel.series[0].points.len(), 3);
    assert!(figure.to_svg().unwrap().contains("Orc Boyz"));
}
