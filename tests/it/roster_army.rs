//! The army's own rules on its units (issue 46): the rules of a roster's
//! selections outside every unit and those its army book gives every unit
//! of a kind, each played where the roster has not given it and said as
//! coming from the army (RULES.md The army's own rules; `[[units]]` in
//! `data/names/`). Each checked by hand against the army books.

use crate::common::roster::{army_roster, army_xml, category, cost, item, model, rule, sel, with};
use crate::common::run::json;
use mathhammer::roster::{listing, ArmyRule, Roster, RosterUnit, RuleSource};
use mathhammer::rules::special::SpecialRule;
use std::path::{Path, PathBuf};

/// An orc's profile, a Savage Orc's alike (Orcs and Goblins army book).
const ORC: &str = "4 3 3 3 4 1 2 1 7 - - 1 25x25";
/// A dwarf's (Dwarfs army book).
const DWARF: &str = "3 4 3 3 4 1 2 1 9 - - 1 20x20";
/// A skeleton's (Vampire Counts army book).
const SKELETON: &str = "4 2 2 3 3 1 2 1 3 - - 1 20x20";
/// A ghoul's.
const GHOUL: &str = "4 2 0 3 4 1 3 2 5 - - 1 20x20";
/// A Paladin's, on foot (Bretonnia army book).
const PALADIN: &str = "4 6 4 4 4 2 6 3 8 - - 1 20x20";

/// Unit `name` of `models` models named `model_name` with profile
/// `values`, holding `held`.
fn unit(name: &str, model_name: &str, values: &str, models: u32, held: &[String]) -> String {
    let m = sel(
        "model",
        model_name,
        models,
        &[model(model_name, values)],
        held,
    );
    with(sel("unit", name, 1, &[], &[m]), &cost(10 * models))
}

fn warriors() -> String {
    unit("Dwarf Warriors", "Dwarf Warrior", DWARF, 20, &[])
}

fn savage_orcs() -> String {
    unit("Savage Orc Boyz", "Savage Orc", ORC, 20, &[])
}

/// A selection outside every unit, as the Dwarfs (2001) catalogue writes
/// its army's rules: its name and the rules it links.
fn army_selection(name: &str, rules: &[&str]) -> String {
    rules.iter().fold(item(name), |s, r| rule(s, r))
}

fn forces_of_dwarfs() -> String {
    army_selection(
        "Forces of Dwarfs' Army Rules",
        &[
            "Dwarfs (Dispelling)",
            "Ancestral Grudge (hate Greenskins)",
            "Relentless",
            "Resolute",
        ],
    )
}

fn from(name: &str, source: &RuleSource) -> ArmyRule {
    ArmyRule {
        name: name.into(),
        from: source.clone(),
    }
}

fn army(selection: &str) -> RuleSource {
    RuleSource::Army(selection.into())
}

fn book(kind: &str) -> RuleSource {
    RuleSource::ArmyBook(kind.into())
}

fn rules(u: &RosterUnit) -> &[SpecialRule] {
    &u.played.as_ref().unwrap().rules
}

#[test]
fn a_dwarf_armys_own_rules_reach_its_warriors_said_as_the_armys() {
    // Dwarfs (2001): the army's rules, bought as a selection of their own,
    // give every Dwarf hatred of every greenskin (Ancestral Grudge) and
    // Resolute; the roster's Warriors carry neither.
    let r = army_roster("Dwarfs (2001)", 200, &[forces_of_dwarfs(), warriors()]);
    let u = &r.units[0];
    let f = u.played.as_ref().unwrap();
    assert_eq!(f.hates, ["Orcs and Goblins"]);
    assert!(f.rules.contains(&SpecialRule::Resolute), "{:?}", f.rules);
    let selection = army("Forces of Dwarfs' Army Rules");
    assert_eq!(
        u.rules_from_army,
        [
            from("Ancestral Grudge (hate Greenskins)", &selection),
            from("Resolute", &selection)
        ]
    );
    let text = listing::text(&r);
    assert!(
        text.contains(
            "   army rules  Ancestral Grudge (hate Greenskins), Resolute: \
             from the army (Forces of Dwarfs' Army Rules)\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("Army rule: Ancestral Grudge (hate Greenskins) (of Forces of Dwarfs' Army Rules) on units 1\n"),
        "{text}"
    );
    let listed: serde_json::Value = serde_json::from_str(&listing::json(&r)).unwrap();
    assert_eq!(
        listed["units"][0]["rules_from_army"][0],
        serde_json::json!({"name": "Ancestral Grudge (hate Greenskins)", "from": "army",
            "selection": "Forces of Dwarfs' Army Rules"})
    );
    let grudge = &listed["army_rules"].as_array().unwrap()[0];
    assert_eq!(grudge["name"], "Ancestral Grudge (hate Greenskins)");
    assert_eq!(grudge["units"], serde_json::json!([1]));
}

#[test]
fn the_war_of_vengeance_hates_elves_and_no_selection_hates_no_one() {
    // The War of Vengeance's army hates every Elf instead; without any
    // army selection the Warriors keep only what their book gives every
    // Dwarf whatever the list: Resolute.
    let vengeance = army_selection(
        "War of Vengeance rules",
        &["Resolute", "Relentless", "Ancestral Grudge (hate Elves)"],
    );
    let r = army_roster("Dwarfs (2001)", 200, &[warriors(), vengeance]);
    let f = r.units[0].played.as_ref().unwrap();
    assert_eq!(
        f.hates,
        ["High Elves", "Dark Elves", "Wood Elves"],
        "{:?} {:?}",
        r.units[0].rules_from_army,
        r.units[0].rules_played
    );
    let alone = army_roster("Dwarfs (2001)", 200, &[warriors()]);
    let u = &alone.units[0];
    assert!(u.played.as_ref().unwrap().hates.is_empty());
    assert_eq!(u.rules_from_army, [from("Resolute", &book("every Dwarf"))]);
}

/// `text` in a file named `name` of this test's own folder.
fn file(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("roster_army");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The exact report of the Dwarf Warriors of roster `dwarfs` fighting the
/// Savage Orc Boyz already in contact, one round, with `extra` keys on the
/// Warriors.
fn dwarfs_against_savage_orcs(dwarfs: &[String], extra: &str) -> serde_json::Value {
    let d = file("dwarfs.ros", &army_xml("Dwarfs (2001)", 200, dwarfs));
    let o = file(
        "orcs.ros",
        &army_xml("Orcs and Goblins", 200, &[savage_orcs()]),
    );
    let scenario = format!(
        "name = \"Warriors and Boyz\"\n[attacker]\nroster = \"{}\"\nunit = \"Dwarf Warriors\"\n{extra}\n\
         [defender]\nroster = \"{}\"\nunit = \"Savage Orc Boyz\"\n\
         [situation]\ncharger = \"none\"\nrounds = 1\n",
        d.display(),
        o.display()
    );
    let path = file("fight.toml", &scenario);
    json(&["combat", path.to_str().unwrap(), "--method", "exact"])
}

#[test]
fn hatred_from_the_army_rerolls_the_warriors_misses_against_savage_orcs() {
    // RULES.md Special attacks and psychology: hatred re-rolls missed hits
    // in the first round. WS 4 against WS 3 hits on 3+: 2/3, re-rolled
    // 1 - (1/3)^2 = 8/9. Whoever strikes first, the Warriors strike as
    // many blows either way, so the Boyz' mean casualties grow by exactly
    // (8/9) / (2/3) = 4/3; and the fight is the one typed with the hatred.
    let with = dwarfs_against_savage_orcs(&[forces_of_dwarfs(), warriors()], "");
    let without = dwarfs_against_savage_orcs(&[warriors()], "");
    let typed = dwarfs_against_savage_orcs(&[warriors()], "hates = [\"Orcs and Goblins\"]");
    let casualties = |r: &serde_json::Value| r["mean_defender_casualties"].as_f64().unwrap();
    let wins = |r: &serde_json::Value| r["p_attacker_wins"].as_f64().unwrap();
    assert!(
        (casualties(&with) / casualties(&without) - 4.0 / 3.0).abs() < 1e-9,
        "{} against {}",
        casualties(&with),
        casualties(&without)
    );
    assert!(
        wins(&with) > wins(&without) + 0.01,
        "{} {}",
        wins(&with),
        wins(&without)
    );
    assert!((wins(&with) - wins(&typed)).abs() < 1e-12);
    assert_eq!(with["defender"], "20 Savage Orc Boyz (5 wide)");
}

#[test]
fn savage_orcs_the_roster_leaves_unfrenzied_fight_frenzied() {
    // Orcs and Goblins: every Savage Orc is frenzied, and a unit of them
    // tests for animosity; the roster's Boyz carry neither rule.
    let r = army_roster("Orcs and Goblins", 200, &[savage_orcs()]);
    let u = &r.units[0];
    assert!(rules(u).contains(&SpecialRule::Frenzy), "{:?}", rules(u));
    assert!(rules(u).contains(&SpecialRule::Animosity), "{:?}", rules(u));
    assert_eq!(
        u.rules_from_army,
        [
            from("Frenzy", &book("Savage Orcs")),
            from("Animosity", &book("units of Orcs and Goblins"))
        ]
    );
    let text = listing::text(&r);
    assert!(
        text.contains("   army rules  Frenzy: from the army book (Savage Orcs)\n"),
        "{text}"
    );
    // The roster's own "Frenzy: Savage Orcs" and the book's Frenzy count once.
    let written = rule(savage_orcs(), "Frenzy: Savage Orcs ");
    let r = army_roster("Orcs and Goblins", 200, &[written]);
    let u = &r.units[0];
    let frenzies = rules(u)
        .iter()
        .filter(|r| **r == SpecialRule::Frenzy)
        .count();
    assert_eq!(frenzies, 1);
    assert_eq!(u.rules_played, ["Frenzy: Savage Orcs "]);
    assert_eq!(
        u.rules_from_army,
        [from("Animosity", &book("units of Orcs and Goblins"))]
    );
}

#[test]
fn a_paladin_battle_standard_bearer_carries_the_battle_standard() {
    // Bretonnia: the Paladin Battle Standard Bearer is the army's battle
    // standard, and a knightly character under the Lady's Blessing (6+
    // ward, the army praying). The roster's own Battle Standard Bearer
    // counts once.
    let bsb = unit("Paladin Battle Standard Bearer", "Paladin", PALADIN, 1, &[]);
    let r = army_roster("Bretonnia", 100, &[bsb]);
    let u = &r.units[0];
    let f = u.played.as_ref().unwrap();
    assert!(f.battle_standard);
    assert_eq!(f.ward.map(|w| w.0), Some(6));
    let paladins = book("the Paladin Battle Standard Bearer");
    assert_eq!(
        u.rules_from_army,
        [
            from("Battle Standard Bearer", &paladins),
            from(
                "Blessing of the Lady",
                &book("the knights and the Lady's servants")
            )
        ]
    );
    let carried = unit(
        "Paladin Battle Standard Bearer",
        "Paladin",
        PALADIN,
        1,
        &[item("Battle Standard Bearer")],
    );
    let r = army_roster("Bretonnia", 100, &[carried]);
    let u = &r.units[0];
    assert!(u.played.as_ref().unwrap().battle_standard);
    assert_eq!(u.rules_played, ["Battle Standard Bearer"]);
    assert!(!u
        .rules_from_army
        .iter()
        .any(|r| r.name == "Battle Standard Bearer"));
}

#[test]
fn a_regiment_of_renown_takes_none_of_the_armys_rules() {
    // Dwarfs (2006): the book's rules are every Dwarf's of the army, not a
    // Regiment of Renown's hired into it (the roster's category says so).
    // Its detachment (a unit of its own inside it) is hired with it.
    let gunners = unit("Pirate Gunners", "Dwarf", DWARF, 5, &[]);
    let pirates = with(
        unit(
            "Long Drong's Slayer Pirates",
            "Dwarf",
            DWARF,
            10,
            &[gunners],
        ),
        &category("Regiment of Renown"),
    );
    let r = army_roster("Dwarfs (2006)", 300, &[warriors(), pirates]);
    assert_eq!(
        r.units[0].played.as_ref().unwrap().hates,
        ["Orcs and Goblins"]
    );
    let names: Vec<&str> = r.units.iter().map(|u| u.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Dwarf Warriors",
            "Long Drong's Slayer Pirates",
            "Pirate Gunners"
        ]
    );
    for u in &r.units[1..] {
        assert!(u.rules_from_army.is_empty(), "{}", u.name);
        assert!(u.played.as_ref().unwrap().hates.is_empty(), "{}", u.name);
    }
    // So are the units of a box of them bought together (Johann van Hal
    // and Wilhelm Hasburg).
    let pair = with(
        sel(
            "unit",
            "Johann van Hal &amp; Wilhelm Hasburg",
            1,
            &[],
            &[
                unit("Johann van Hal", "Johann", DWARF, 1, &[]),
                unit("Wilhem Hasburg", "Wilhelm", DWARF, 1, &[]),
            ],
        ),
        &category("Regiment of Renown"),
    );
    let r = army_roster("Dwarfs (2006)", 300, &[pair]);
    assert_eq!(r.units.len(), 2);
    assert!(r.units.iter().all(|u| u.rules_from_army.is_empty()));
}

#[test]
fn the_undead_are_undead_and_the_ghouls_alive() {
    // Vampire Counts, The Laws of Undeath: every model of the book is
    // Undead, causes fear and is immune to psychology, but the Ghouls. The
    // army's selection of that name says part of it: the book the rest.
    let laws = army_selection(
        "The Laws of Undeath",
        &["Immune to Panic", "Fear", "The Laws of Undeath"],
    );
    let skeletons = unit("Skeletons", "Skeleton", SKELETON, 20, &[]);
    let ghouls = unit("Ghouls", "Ghoul", GHOUL, 20, &[]);
    let r: Roster = army_roster("Vampire Counts", 400, &[laws, skeletons, ghouls]);
    let u = &r.units[0];
    for rule in [
        SpecialRule::Undead,
        SpecialRule::Fear,
        SpecialRule::ImmuneToPsychology,
    ] {
        assert!(rules(u).contains(&rule), "{rule:?} {:?}", rules(u));
    }
    let laws = army("The Laws of Undeath");
    assert_eq!(
        u.rules_from_army,
        [
            from("Immune to Panic", &laws),
            from("Fear", &laws),
            from("The Laws of Undeath", &laws),
            from("Immune to Psychology", &book("the Undead"))
        ]
    );
    assert!(r.units[1].rules_from_army.is_empty());
    assert!(rules(&r.units[1]).is_empty(), "{:?}", rules(&r.units[1]));
}
