//! An army as its player fields it (RULES.md Characters in units): where
//! each character of a hand-made roster stands and why, `--join` putting
//! one elsewhere or refused in one line, and what the fight plays of a
//! character in a unit: his places in its ranks, its slowest model's pace.

use crate::common::roster::{
    category, cost, great_cannon, item, model, mount, roster, roster_file, rule, sel, with,
    EMPIRE_SOLDIER,
};
use crate::common::run::{error, json, stdout};
use mathhammer::army::{Army, Join};
use mathhammer::roster::Roster;

const CAPTAIN: &str = "4 5 5 4 4 2 5 3 8 - - 1 20x20";
const KNIGHT: &str = "4 4 3 3 3 1 3 1 8 - - 1 25x50";
const WARHORSE: &str = "8 3 0 3 3 1 3 1 5 - - 1 25x50";
const GRIFFON: &str = "6 5 0 5 5 4 5 4 7 - - 4 50x50";

/// A hero (the game system's `Heroes` category) on foot, `held` his
/// selections.
fn hero(name: &str, held: &[String]) -> String {
    with(
        sel("unit", name, 1, &[model(name, CAPTAIN)], held),
        &category("Heroes"),
    )
}

/// A unit of `models` troops of profile `values`, `held` more of its
/// selections.
fn troops(name: &str, models: u32, values: &str, held: &[String]) -> String {
    let mut all = vec![with(sel("model", name, models, &[], &[]), &cost(models))];
    all.extend_from_slice(held);
    sel("unit", name, 1, &[model(name, values)], &all)
}

fn spearmen(models: u32) -> String {
    troops("Spearmen", models, EMPIRE_SOLDIER, &[item("Spear")])
}

/// Knights on warhorses.
fn knights(models: u32) -> String {
    troops("Knights", models, KNIGHT, &[mount("Warhorse", WARHORSE)])
}

/// Where each character of `roster` stands: (his name, his unit's name or
/// `alone`).
fn stands(roster: &Roster, joins: &[&str]) -> Vec<(String, String)> {
    let joins: Vec<Join> = joins.iter().map(|j| Join::parse(j, &[]).unwrap()).collect();
    let army = Army::field(roster, &joins.iter().collect::<Vec<_>>()).unwrap();
    army.stands
        .iter()
        .map(|s| {
            let unit = s
                .unit
                .map_or("alone".to_string(), |n| roster.units[n - 1].name.clone());
            (roster.units[s.character - 1].name.clone(), unit)
        })
        .collect()
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// The General and the battle standard lead the largest unit on foot;
/// another hero a unit no character leads yet, the largest of those.
#[test]
fn the_general_and_the_battle_standard_lead_the_largest_unit_others_one_of_their_own() {
    let r = roster(
        0,
        &[
            hero("Priest", &[]),
            hero("Captain", &[item("General")]),
            hero("Standard", &[item("Battle Standard Bearer")]),
            spearmen(20),
            troops("Halberdiers", 25, EMPIRE_SOLDIER, &[item("Halberd")]),
            troops("Swordsmen", 15, EMPIRE_SOLDIER, &[]),
        ],
    );
    assert!(r.units[..3].iter().all(|u| u.character));
    assert!(r.units[3..].iter().all(|u| !u.character));
    assert_eq!(
        stands(&r, &[]),
        pairs(&[
            ("Priest", "Spearmen"),
            ("Captain", "Halberdiers"),
            ("Standard", "Halberdiers"),
        ])
    );
}

/// A mounted hero rides with cavalry, not infantry; with no cavalry in his
/// army he rides alone.
#[test]
fn a_mounted_character_rides_with_cavalry() {
    let rider = hero("Rider", &[mount("Warhorse", WARHORSE)]);
    let r = roster(0, &[rider.clone(), spearmen(25), knights(5)]);
    assert_eq!(stands(&r, &[]), pairs(&[("Rider", "Knights")]));
    let r = roster(0, &[rider, spearmen(25)]);
    assert_eq!(stands(&r, &[]), pairs(&[("Rider", "alone")]));
}

/// A hero on a monster (a Griffon: 4 wounds of its own) or in a chariot
/// stands alone, whatever units his army has.
#[test]
fn a_character_on_a_monster_or_in_a_chariot_stands_alone() {
    let griffon = hero("Griffon Lord", &[mount("Griffon", GRIFFON)]);
    let chariot = hero(
        "Chariot Lord",
        &[
            sel(
                "upgrade",
                "Chariot",
                1,
                &[model("Chariot", "- - - 5 5 4 - - - - - 4 50x100")],
                &[],
            ),
            sel(
                "upgrade",
                "Horses",
                2,
                &[model("Horse", "8 3 0 3 - - 3 1 5 - - - -")],
                &[],
            ),
        ],
    );
    let r = roster(0, &[griffon, chariot, spearmen(25), knights(5)]);
    let played = |n: usize| r.units[n].played.as_ref().unwrap().troop;
    assert_eq!(played(0), mathhammer::rules::profile::TroopType::Monster);
    assert_eq!(played(1), mathhammer::rules::profile::TroopType::Chariot);
    assert_eq!(
        stands(&r, &[]),
        pairs(&[("Griffon Lord", "alone"), ("Chariot Lord", "alone")])
    );
}

/// An engineer (his `Extra Crewman` rule, data/characters.toml) stands
/// with a war machine; another hero never does.
#[test]
fn an_engineer_stands_with_a_war_machine_no_one_else_does() {
    let engineer = rule(hero("Engineer", &[]), "Extra Crewman");
    let r = roster(
        0,
        &[engineer, hero("Captain", &[]), great_cannon(), spearmen(10)],
    );
    assert!(r.units[2].war_machine && !r.units[3].war_machine);
    assert_eq!(
        stands(&r, &[]),
        pairs(&[("Engineer", "Great Cannon"), ("Captain", "Spearmen")])
    );
    let r = roster(0, &[hero("Captain", &[]), great_cannon()]);
    assert_eq!(stands(&r, &[]), pairs(&[("Captain", "alone")]));
}

/// A skirmishing hero stands with skirmishers; a hero who does not
/// skirmish never goes to them by default.
#[test]
fn a_skirmishing_character_stands_with_skirmishers() {
    let skinks = rule(
        troops("Skinks", 10, "6 2 3 3 2 1 4 1 5 - - 1 20x20", &[]),
        "Skirmishers",
    );
    let scout = rule(hero("Scout", &[]), "Skirmishers");
    let r = roster(0, &[scout, hero("Captain", &[]), skinks]);
    assert_eq!(
        stands(&r, &[]),
        pairs(&[("Scout", "Skinks"), ("Captain", "alone")])
    );
}

/// Four characters a unit at most: the fifth hero stands alone.
#[test]
fn a_unit_holds_four_characters_at_most() {
    let mut units: Vec<String> = ["A", "B", "C", "D", "E"]
        .iter()
        .map(|n| hero(&format!("Hero {n}"), &[]))
        .collect();
    units.push(spearmen(30));
    let r = roster(0, &units);
    let s = stands(&r, &[]);
    assert_eq!(
        s.iter().filter(|(_, u)| u == "Spearmen").count(),
        4,
        "{s:?}"
    );
    assert_eq!(s[4], ("Hero E".to_string(), "alone".to_string()));
}

/// A roster that writes no categories (hand-made): a lone model on foot or
/// on a steed is taken for a character, a lone Giant (a monster on foot)
/// or a unit of several models is not.
#[test]
fn without_categories_a_lone_model_is_a_character() {
    let plain = |s: String| s.replace(&category("Heroes"), "");
    let giant = troops("Giant", 1, "6 3 3 7 5 6 3 6 6 - - 6 50x50", &[]);
    let r = roster(0, &[plain(hero("Captain", &[])), giant, spearmen(20)]);
    let characters: Vec<bool> = r.units.iter().map(|u| u.character).collect();
    assert_eq!(characters, [true, false, false]);
    assert_eq!(stands(&r, &[]), pairs(&[("Captain", "Spearmen")]));
}

/// The roster with a unit of every kind a join may be refused: a
/// detachment, a war machine, a monster, chariots, flyers, skirmishers, a
/// unit the tool cannot play, a hero on a Griffon.
fn every_kind() -> std::path::PathBuf {
    let detachment = with(
        sel(
            "unit",
            "Swordsmen Detachment",
            1,
            &[model("Empire soldier", EMPIRE_SOLDIER)],
            &[with(sel("model", "Swordsman", 8, &[], &[]), &cost(40))],
        ),
        &category("Detachment"),
    );
    let parent = troops("Spearmen", 20, EMPIRE_SOLDIER, &[detachment]);
    let chariots = with(
        sel(
            "unit",
            "Chariots",
            1,
            &[],
            &[sel(
                "model",
                "Chariot",
                1,
                &[
                    model("Crew", "- 3 3 3 - - 3 1 7 - - - -"),
                    model("Horse", "8 3 0 3 - - 3 1 5 - - - -"),
                    model("Chariot", "- - - 5 5 4 - - - - - 4 50x100"),
                ],
                &[],
            )],
        ),
        &category("Chariot"),
    );
    let units = [
        hero("Captain", &[]),
        hero("Rider", &[mount("Warhorse", WARHORSE)]),
        hero("Griffon Lord", &[mount("Griffon", GRIFFON)]),
        hero("Wizard", &[]),
        parent,
        great_cannon(),
        troops("Giant", 1, "6 3 3 7 5 6 3 6 6 - - 6 50x50", &[]),
        chariots,
        rule(
            troops("Harpies", 5, "4 3 0 3 3 1 4 1 6 - - 1 20x20", &[]),
            "Fly",
        ),
        rule(
            troops("Skinks", 10, "6 2 3 3 2 1 4 1 5 - - 1 20x20", &[]),
            "Skirmishers",
        ),
        troops("Broken", 10, "4 Special 3 3 3 1 3 1 7 - - 1 20x20", &[]),
        troops("Swordsmen", 15, EMPIRE_SOLDIER, &[]),
    ];
    roster_file("every_kind.ros", 0, &units)
}

/// Every join the rules forbid is `--join`'s one-line error naming what
/// was typed and what is accepted; a join they allow puts him there.
#[test]
fn a_join_the_rules_forbid_is_refused_in_one_line() {
    let file = every_kind();
    let file = file.to_str().unwrap();
    let refused = [
        ("Captain=Great Cannon", "is a war machine"),
        ("Captain=Giant", "is a monster"),
        ("Captain=Chariots", "only a character in a chariot"),
        ("Captain=Harpies", "flies"),
        ("Rider=Skinks", "skirmishes"),
        ("Captain=Swordsmen Detachment", "is a detachment"),
        ("Captain=Wizard", "is a character"),
        ("Captain=Broken", "cannot play"),
        ("Griffon Lord=Spearmen", "rides a monster"),
        ("Spearmen=Swordsmen", "is not a character"),
        ("Captain", "no '='"),
        ("Nobody=Spearmen", "no unit 'Nobody'"),
        ("Captain=Nobody", "no unit 'Nobody'"),
    ];
    for (join, why) in refused {
        let e = error(&["roster", file, "--join", join]);
        assert!(e.starts_with(&format!("error: --join: '{join}': ")), "{e}");
        assert!(e.contains(why) && e.contains("(accepted: "), "{join}: {e}");
    }
    // The accepted units of a refused join are those the rules allow.
    let e = error(&["roster", file, "--join", "Captain=Giant"]);
    assert!(e.contains("accepted: alone, or one of "), "{e}");
    assert!(e.contains("Spearmen") && e.contains("Swordsmen)"), "{e}");
    assert!(!e.contains("Great Cannon") && !e.contains("Harpies"), "{e}");
    // Allowed: the Rider in infantry, the Captain alone.
    let r = json(&[
        "roster",
        file,
        "--join",
        "Rider=Swordsmen",
        "--join",
        "Captain=alone",
    ]);
    let stand = |n: usize| r["characters"][n]["stands_in"].clone();
    assert_eq!(stand(0), serde_json::Value::Null);
    assert_eq!(stand(1), 13);
    assert_eq!(r["characters"][1]["joined"], true);
}

/// `roster --json` lists, for each character, the units the rules let
/// him join (`may_join`): exactly those `--join` accepts, each checked
/// here by joining him there, and refused everywhere else.
#[test]
fn each_character_lists_the_units_he_may_join() {
    let file = every_kind();
    let file = file.to_str().unwrap();
    let r = json(&["roster", file]);
    let may = |n: usize| -> Vec<u64> {
        let c = &r["characters"][n];
        c["may_join"]
            .as_array()
            .unwrap_or_else(|| panic!("{c}"))
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect()
    };
    // Units: 5 Spearmen, 6 their detachment, 7 Great Cannon, 8 Giant,
    // 9 Chariots, 10 Harpies, 11 Skinks, 12 Broken, 13 Swordsmen.
    assert_eq!(may(0), [5, 11, 13], "the Captain on foot");
    assert_eq!(may(1), [5, 13], "the Rider: no skirmishers");
    assert_eq!(may(2), Vec::<u64>::new(), "the Griffon Lord");
    assert_eq!(may(3), [5, 11, 13], "the Wizard on foot");
    // Each listed is accepted by --join, each other unit refused.
    let units = r["units"].as_array().unwrap().len();
    for (c, name) in [(0, "Captain"), (1, "Rider"), (2, "Griffon Lord")] {
        for unit in 1..=units {
            let join = format!("{name}={unit}");
            let run = crate::common::run::mathhammer()
                .args(["roster", file, "--join", &join])
                .output()
                .unwrap();
            let ok = run.status.success();
            assert_eq!(ok, may(c).contains(&(unit as u64)), "{join}");
        }
    }
}

/// A fifth character joined to one unit is refused: four at most.
#[test]
fn a_fifth_join_to_one_unit_is_refused() {
    let mut units: Vec<String> = (1..=5).map(|n| hero(&format!("Hero {n}"), &[])).collect();
    units.push(spearmen(30));
    units.push(troops("Swordsmen", 10, EMPIRE_SOLDIER, &[]));
    let file = roster_file("five_heroes.ros", 0, &units);
    let mut args = vec!["roster".to_string(), file.display().to_string()];
    for n in 1..=5 {
        args.extend(["--join".to_string(), format!("{n}=Swordsmen")]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let e = error(&args);
    assert!(e.starts_with("error: --join: '5=Swordsmen': "), "{e}");
    assert!(e.contains("holds 4 characters at most"), "{e}");
}

/// A fight of one round already under way (`charger = "none"`), no blow
/// struck (A 0): 12 infantry 5 wide with a character, against 10 in one
/// rank (Ld 7). The character's `type` and `mount` are `character`.
fn ranks_fight(character: &str) -> std::path::PathBuf {
    let profile =
        |a: u32| format!("m = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = {a}\nld = 7\n");
    let text = format!(
        "name = \"ranks\"\n[attacker]\nname = \"Greatswords\"\nmodels = 12\nfrontage = 5\n[attacker.profile]\n{}\
         [[attacker.characters]]\nname = \"Standard\"\n{character}\n[attacker.characters.profile]\n{}\
         [defender]\nname = \"Levy\"\nmodels = 10\nfrontage = 10\n[defender.profile]\n{}\
         [situation]\ncharger = \"none\"\nrounds = 1\n",
        profile(0),
        profile(0),
        profile(0)
    );
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("army");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("ranks_{}.toml", character.len()));
    std::fs::write(&path, text).unwrap();
    path
}

/// A mounted character in a unit on foot fills a place in each of its
/// first two ranks (Warhammer Chronicles 2004): 12 Greatswords and a
/// mounted battle standard are 5, 5 and 4 places, two ranks behind the
/// first (+2), where a character on foot makes 5, 5, 3 (+1). With
/// outnumbering (+1), the Levy (Ld 7) lose by 3 and break on 2D6 over 4
/// (30/36), or by 2 and break over 5 (26/36).
#[test]
fn a_mounted_character_fills_two_places_of_a_unit_on_foot() {
    let p = |character: &str| {
        let file = ranks_fight(character);
        json(&["combat", file.to_str().unwrap(), "--method", "exact"])["p_attacker_wins"]
            .as_f64()
            .unwrap()
    };
    let mounted = p("type = \"cavalry\"\nmount = { ws = 3, s = 3, i = 3, a = 0 }");
    let on_foot = p("");
    assert!((mounted - 30.0 / 36.0).abs() < 1e-12, "{mounted}");
    assert!((on_foot - 26.0 / 36.0).abs() < 1e-12, "{on_foot}");
}

/// A unit moves at its slowest model's pace: Knights (M 20 cm, a 40 cm
/// charge) led by a Captain on foot (M 10) charge 20 cm at most, so a
/// charge from 30 cm fails; the Knights alone reach.
#[test]
fn a_unit_moves_at_its_slowest_models_pace() {
    let file = roster_file(
        "slow_knights.ros",
        0,
        &[hero("Captain", &[]), knights(5), spearmen(10)],
    );
    let file = file.to_str().unwrap();
    let fails = |joins: &[&str]| {
        let mut args = vec![
            "combat".to_string(),
            "--attacker".to_string(),
            format!("{file}:Knights"),
            "--defender".to_string(),
            format!("{file}:Spearmen"),
            "--distance".to_string(),
            "30".to_string(),
        ];
        for j in joins {
            args.extend(["--join".to_string(), j.to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        json(&args)["p_charge_fails"].as_f64().unwrap()
    };
    // By default the Captain leads the Spearmen: the Knights charge alone.
    assert_eq!(fails(&[]), 0.0);
    assert_eq!(fails(&["Captain=Knights"]), 1.0);
}

/// A roster unit picked on the command line fights with the characters
/// fielded in it (the title names them) and its list's models, in every
/// command that picks one; `roster --json` gives each character's unit.
#[test]
fn a_picked_unit_brings_its_characters_and_models() {
    let file = roster_file(
        "picked.ros",
        0,
        &[
            hero("Captain", &[item("General")]),
            troops("Halberdiers", 20, EMPIRE_SOLDIER, &[item("Halberd")]),
            spearmen(15),
        ],
    );
    let file = file.to_str().unwrap();
    let (halberdiers, spearmen) = (format!("{file}:Halberdiers"), format!("{file}:Spearmen"));
    let out = stdout(&[
        "combat",
        "--attacker",
        &halberdiers,
        "--defender",
        &spearmen,
    ]);
    assert!(
        out.starts_with("Combat: 20 Halberdiers with Captain charge 15 Spearmen"),
        "{out}"
    );
    let out = stdout(&[
        "combat",
        "--attacker",
        &halberdiers,
        "--defender",
        &spearmen,
        "--join",
        "Captain=alone",
    ]);
    assert!(
        out.starts_with("Combat: 20 Halberdiers charge 15 Spearmen"),
        "{out}"
    );
    // --attacker-character adds a character, never one fielded there.
    let captain = format!("{file}:Captain");
    let out = stdout(&[
        "combat",
        "--attacker",
        &halberdiers,
        "--defender",
        &spearmen,
        "--attacker-character",
        &captain,
    ]);
    assert!(
        out.starts_with("Combat: 20 Halberdiers with Captain charge 15 Spearmen"),
        "{out}"
    );
    // attacks: the list's models, or those the reference gives.
    let attacks = |attacker: &str| {
        json(&["attacks", "--attacker", attacker, "--target", &spearmen])["attacks"].clone()
    };
    assert_eq!(attacks(&halberdiers), "20");
    assert_eq!(attacks(&format!("{halberdiers}:12")), "12");
    let r = json(&["roster", file]);
    assert_eq!(r["units"][0]["stands_in"], 2);
    assert_eq!(r["units"][1]["characters"], serde_json::json!([1]));
    assert_eq!(r["characters"][0]["name"], "Captain");
}
