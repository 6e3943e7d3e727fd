//! Friends who cause no panic (RULES.md Panic): Orcs ignore fleeing
//! Goblins, Black Orcs and Giants every greenskin, the Chaos Dwarfs'
//! troops breaking and fleeing Hobgoblins and greenskins, knights with a
//! Vow the peasants; Gnoblars panic nobody, Expendable units only Clanrat
//! Slaves. Each figure checked by hand: a plain Ld test on 2D6 fails on a
//! roll over the Ld (Ld 7: 15 of 36 rolls).

use crate::common::p_fail;
use crate::common::roster::{army_roster, cost, model, rule, sel, with};
use crate::common::run::json;
use crate::friends::row;
use mathhammer::roster::Roster;
use mathhammer::rules::panic::LITTLE_UNS;
use serde_json::Value;

/// A battle line of `units` (each `[[unit]]`'s keys, as TOML lines) on
/// `event` (the `[event]` table's lines), played one phase, as JSON.
fn line(tag: &str, event: &str, units: &[&str]) -> Value {
    let mut text = format!("query = \"panic\"\nturns = 0\n\n[event]\n{event}\n");
    for u in units {
        text += &format!("\n[[unit]]\n{u}\n");
    }
    let dir = std::env::temp_dir().join(format!("mh-panic-kinds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{tag}.toml"));
    std::fs::write(&path, text).unwrap();
    json(&["panic", &path.display().to_string()])
}

/// A unit of ten models (US 10) of Ld `ld` whose front edge's centre is
/// at x, y = 0, with `more` keys.
fn unit(name: &str, ld: u8, x: f64, more: &str) -> String {
    format!(
        "name = \"{name}\"\nunit_strength = 10\nmodels = 10\nld = {ld}\nfrontage = 5\nx = {x}\ny = 0\n{more}"
    )
}

/// P(`name` tests) and P(it flees) in the event's phase.
fn tested(r: &Value, name: &str) -> (f64, f64) {
    let row = r["phase"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["name"] == name)
        .unwrap_or_else(|| panic!("no {name}: {r}"));
    let p = |k: &str| row[k].as_f64().unwrap();
    (p("p_tests"), p("p_flees"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn orcs_take_no_panic_test_when_goblins_break_beside_them_and_trolls_do() {
    // Goblins 10 cm wide at x -5..5 break; each friend's near edge is 8 cm
    // away, within 15 cm. Orcs (Ignore Goblin Panic) do not test; Trolls
    // do, Ld 4: fail on 5 to 12, 30 of 36; Chaos Dwarfs ignore breaking
    // greenskins (Ignore Orc & Goblins panic): no test.
    let goblins = unit(
        "Goblins",
        6,
        0.0,
        "panic = { kinds = [\"Goblins\", \"Greenskins\"] }",
    );
    let orcs = unit("Orcs", 7, 18.0, "panic = { ignores = [\"Goblins\"] }");
    let trolls = unit("Trolls", 4, -18.0, "");
    let dwarfs = unit(
        "Chaos Dwarfs",
        9,
        0.0,
        "y = -12\npanic = { ignores_fleeing = [\"Greenskins\"] }",
    )
    .replace("y = 0\n", "");
    let r = line(
        "goblins-break",
        "kind = \"broken\"\nunit = \"Goblins\"\nfrom = [0, 10]",
        &[&goblins, &orcs, &trolls, &dwarfs],
    );
    assert_eq!(tested(&r, "Orcs"), (0.0, 0.0), "{r}");
    assert_eq!(tested(&r, "Chaos Dwarfs"), (0.0, 0.0), "{r}");
    let (tests, flees) = tested(&r, "Trolls");
    assert!(close(tests, 1.0) && close(flees, 30.0 / 36.0), "{r}");
    assert!(close(p_fail(4), 30.0 / 36.0));
}

#[test]
fn hobgoblins_destroyed_still_panic_the_chaos_dwarfs_who_ignore_their_flight() {
    // Ignore Hobgoblin panic: "breaking and fleeing Hobgoblin units" only.
    // Hobgoblins destroyed: the Chaos Dwarfs (Ld 9) test, failing on 10 to
    // 12, 6 of 36; Orcs ignoring Goblins (not Hobgoblins) test on Ld 7,
    // 15 of 36. Broken instead, the Chaos Dwarfs do not test.
    let hobgoblins = unit("Hobgoblins", 6, 0.0, "panic = { kinds = [\"Hobgoblins\"] }");
    let dwarfs = unit(
        "Chaos Dwarfs",
        9,
        18.0,
        "panic = { ignores_fleeing = [\"Hobgoblins\"] }",
    );
    let orcs = unit("Orcs", 7, -18.0, "panic = { ignores = [\"Goblins\"] }");
    let units = [hobgoblins.as_str(), &dwarfs, &orcs];
    let r = line(
        "hobgoblins-destroyed",
        "kind = \"destroyed\"\nunit = \"Hobgoblins\"",
        &units,
    );
    let (tests, flees) = tested(&r, "Chaos Dwarfs");
    assert!(close(tests, 1.0) && close(flees, 6.0 / 36.0), "{r}");
    let (tests, flees) = tested(&r, "Orcs");
    assert!(close(tests, 1.0) && close(flees, 15.0 / 36.0), "{r}");
    let r = line(
        "hobgoblins-broken",
        "kind = \"broken\"\nunit = \"Hobgoblins\"\nfrom = [0, 10]",
        &units,
    );
    assert_eq!(tested(&r, "Chaos Dwarfs"), (0.0, 0.0), "{r}");
    assert!(close(tested(&r, "Orcs").1, 15.0 / 36.0), "{r}");
}

#[test]
fn gnoblars_panic_nobody_and_expendable_slaves_only_other_slaves() {
    // Largely Insignificant: Gnoblars broken, the Ogres beside them do not
    // test. Expendable: Clanrat Slaves broken, the Clanrats do not test,
    // other Slaves (Ld 5) do, failing on 6 to 12: 26 of 36.
    let gnoblars = unit("Gnoblars", 5, 0.0, "panic = { only_in = [] }");
    let ogres = unit("Ogres", 7, 18.0, "");
    let r = line(
        "gnoblars",
        "kind = \"broken\"\nunit = \"Gnoblars\"\nfrom = [0, 10]",
        &[&gnoblars, &ogres],
    );
    assert_eq!(tested(&r, "Ogres"), (0.0, 0.0), "{r}");
    let slaves = "panic = { kinds = [\"Clanrat Slaves\"], only_in = [\"Clanrat Slaves\"] }";
    let broken = unit("Slaves", 5, 0.0, slaves);
    let clanrats = unit("Clanrats", 7, 18.0, "");
    let others = unit("Other Slaves", 5, -18.0, slaves);
    let r = line(
        "slaves",
        "kind = \"broken\"\nunit = \"Slaves\"\nfrom = [0, 10]",
        &[&broken, &clanrats, &others],
    );
    assert_eq!(tested(&r, "Clanrats"), (0.0, 0.0), "{r}");
    let (tests, flees) = tested(&r, "Other Slaves");
    assert!(close(tests, 1.0) && close(flees, 26.0 / 36.0), "{r}");
}

/// The flagship scenario with friends of the attacker's (US 10, Ld 7, 5 cm
/// away), each `(name, more keys)`, written to a file named `tag`.
fn flagship_with_friends(tag: &str, friends: &[(&str, &str)]) -> std::path::PathBuf {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut text =
        std::fs::read_to_string(format!("{root}/scenarios/boar_boyz_charge_spearmen.toml"))
            .unwrap()
            .replace("\"profiles/", &format!("\"{root}/scenarios/profiles/"));
    for (name, more) in friends {
        text += &format!("\n[[friend]]\nside = \"attacker\"\nname = \"{name}\"\nunit_strength = 10\nld = 7\ndistance = 5\n{more}\n");
    }
    let dir = std::env::temp_dir().join(format!("mh-panic-kinds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{tag}.toml"));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_friend_near_a_fight_ignores_the_rout_of_a_kind_it_shrugs_off() {
    // The flagship fight, one round, exact: the Boar Boyz made Goblins.
    // Their friend that ignores Goblins never tests; one that does not
    // tests exactly when they break or are wiped out (as friends.rs), and
    // flees on Ld 7 15 times in 36.
    let orcs = "panic = { ignores = [\"Goblins\"] }";
    let path = flagship_with_friends("fight", &[("Orcs", orcs), ("Trolls", "")]);
    let r = json(&[
        "combat",
        &path.display().to_string(),
        "--set",
        "attacker.panic={ kinds = [\"Goblins\"] }",
        "--set",
        "situation.rounds=1",
        "--method",
        "exact",
    ]);
    assert_eq!(row(&r, "Orcs")["p_tests"], 0.0, "{r}");
    let trolls = row(&r, "Trolls");
    let tests = trolls["p_tests"].as_f64().unwrap();
    assert!(tests > 0.01, "{trolls}");
    assert!(close(
        trolls["p_flees"].as_f64().unwrap(),
        tests * 15.0 / 36.0
    ));
}

/// Unit `name` of 10 models of `values` with rule `rules`.
fn unit_with(name: &str, values: &str, rules: &[&str]) -> String {
    let m = sel("model", name, 10, &[model(name, values)], &[]);
    let mut u = with(sel("unit", name, 1, &[], &[m]), &cost(50));
    for r in rules {
        u = rule(u, r);
    }
    u
}

fn panic_of(r: &Roster, n: usize) -> mathhammer::rules::panic::PanicKinds {
    r.units[n].played.as_ref().unwrap().panic.clone()
}

#[test]
fn a_roster_gives_its_units_the_kinds_their_books_name_and_the_panic_they_ignore() {
    const ORC: &str = "4 3 3 3 4 1 2 1 7 - - 1 25x25";
    let r = army_roster(
        "Orcs and Goblins",
        100,
        &[
            unit_with("Orc Boyz", ORC, &["Ignore Goblin Panic"]),
            unit_with("Night Goblins", ORC, &[]),
        ],
    );
    let orcs = panic_of(&r, 0);
    assert_eq!(orcs.ignores, ["Goblins"]);
    assert_eq!(orcs.kinds, ["Greenskins"]);
    assert_eq!(panic_of(&r, 1).kinds, ["Goblins", "Greenskins"]);
    let r = army_roster(
        "Bretonnia",
        100,
        &[
            unit_with("Knights of the Realm", ORC, &["Knights Vow"]),
            unit_with("Men at Arms", ORC, &["Peasants Duty"]),
        ],
    );
    assert_eq!(panic_of(&r, 0).ignores, ["peasants"]);
    assert_eq!(panic_of(&r, 1).kinds, ["peasants"]);
    let r = army_roster(
        "Ogre Kingdoms",
        100,
        &[unit_with("Gnoblars", ORC, &["Largely Insignificant"])],
    );
    assert_eq!(panic_of(&r, 0).only_in, Some(vec![]));
}

#[test]
fn a_unit_fighting_beside_a_kind_it_shrugs_off_does_not_panic_when_it_breaks() {
    // Two units charge one (three rounds, exact): the Orc Boyz in the
    // flank flee only in panic, when the Boar Boyz beside them break or
    // fall. Made Goblins, the Boar Boyz panic Orc Boyz that ignore
    // Goblins never: P(Orc Boyz flee) = 0, against over 0.5% played plain.
    let fight = |sets: &[&str]| {
        let mut args = vec![
            "combat",
            "scenarios/two_units_charge_one.toml",
            "--set",
            "situation.rounds=3",
            "--method",
            "exact",
        ];
        for s in sets {
            args.extend(["--set", s]);
        }
        json(&args)["p_attacker_2_flees"].as_f64().unwrap()
    };
    assert!(fight(&[]) > 0.005);
    let goblins = "attacker.panic={ kinds = [\"Goblins\"] }";
    assert!(fight(&[goblins, "unit.1.panic={ kinds = [\"Orcs\"] }"]) > 0.005);
    assert_eq!(
        fight(&[goblins, "unit.1.panic={ ignores = [\"Goblins\"] }"]),
        0.0
    );
}

#[test]
fn an_independent_unit_never_tests_on_the_generals_ld() {
    // Independent (the Cursed Company): a friend of Ld 7 within 15 cm of
    // a broken unit, the General's Ld 9 within 30 cm, tests on its own 7:
    // it flees on 8 to 12, 15 of 36, not on 10 to 12, 6 of 36.
    let broken = unit("Broken", 7, 0.0, "");
    let plain = unit("Plain", 7, 18.0, "general_ld = 9");
    let cursed = unit(
        "Cursed Company",
        7,
        -18.0,
        "general_ld = 9\nrules = [\"independent\"]",
    );
    let r = line(
        "independent",
        "kind = \"broken\"\nunit = \"Broken\"\nfrom = [0, 10]",
        &[&broken, &plain, &cursed],
    );
    assert!(close(tested(&r, "Plain").1, 6.0 / 36.0), "{r}");
    assert!(close(tested(&r, "Cursed Company").1, 15.0 / 36.0), "{r}");
    assert!(close(p_fail(7), 15.0 / 36.0) && close(p_fail(9), 6.0 / 36.0));
}

#[test]
fn the_cursed_company_is_independent_and_questing_knights_reroll_psychology() {
    use mathhammer::rules::special::SpecialRule;
    const MAN: &str = "4 3 3 3 3 1 3 1 8 - - 1 20x20";
    let r = army_roster(
        "Mercenaries",
        100,
        &[unit_with("The Cursed Company", MAN, &["Independent"])],
    );
    let rules = &r.units[0].played.as_ref().unwrap().rules;
    assert!(rules.contains(&SpecialRule::Independent), "{rules:?}");
    // Skaw the Falconer and Kemmler's Tormented units are as independent.
    for (army, name, rule) in [
        ("Wood Elves", "Skaw the Falconer", "The Falconer"),
        ("Vampire Counts", "Wraiths", "Tormented"),
    ] {
        let r = army_roster(army, 100, &[unit_with(name, MAN, &[rule])]);
        let rules = &r.units[0].played.as_ref().unwrap().rules;
        assert!(
            rules.contains(&SpecialRule::Independent),
            "{name}: {rules:?}"
        );
    }
    let r = army_roster(
        "Bretonnia",
        100,
        &[unit_with("Questing Knights", MAN, &["Questing Vow"])],
    );
    let played = r.units[0].played.as_ref().unwrap();
    assert!(played.rules.contains(&SpecialRule::RerollPsychology));
    assert_eq!(played.panic.ignores, ["peasants"]);
}

#[test]
fn giants_ignore_the_rout_of_cavalry_sized_units_and_not_of_larger() {
    // Ignore Little 'un Panic: "when a cavalry sized base unit, or
    // smaller, is destroyed, breaks or flees past Giants do not need to
    // test for panic". The flagship fight, one round, exact: a Giant
    // beside the Boar Boyz (cavalry) never tests; beside them made large
    // infantry, he tests and flees exactly as Trolls who ignore nothing.
    let giant = format!("panic = {{ ignores = [\"{LITTLE_UNS}\"] }}");
    let path = flagship_with_friends("giant", &[("Giant", &giant), ("Trolls", "")]);
    let friends = |troop: &str| {
        let r = json(&[
            "combat",
            &path.display().to_string(),
            "--set",
            &format!("attacker.type=\"{troop}\""),
            "--set",
            "situation.rounds=1",
            "--method",
            "exact",
        ]);
        let p = |name: &str, key: &str| row(&r, name)[key].as_f64().unwrap();
        let [giant, trolls] = ["Giant", "Trolls"].map(|n| [p(n, "p_tests"), p(n, "p_flees")]);
        (giant, trolls)
    };
    let (giant, trolls) = friends("cavalry");
    assert_eq!(giant, [0.0, 0.0]);
    assert!(trolls[0] > 0.01 && trolls[1] > 0.01, "{trolls:?}");
    let (giant, trolls) = friends("large-infantry");
    assert!(trolls[1] > 0.01 && giant == trolls, "{giant:?} {trolls:?}");
}
