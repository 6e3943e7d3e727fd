//! A library unit's options (RULES.md Army books' units): the tuning
//! flags and `--SIDE-option` made the book's own options, priced by the
//! book (an option per model once per model), a choice the book does not
//! offer refused naming the flag and what it allows, and a scenario's
//! `options` the same as the flags.

use crate::common::run::{error, json, mathhammer};
use mathhammer::library::{Asked, Choices, Library};
use mathhammer::roster::{RosterUnit, UnitKey};
use mathhammer::rules::saves::BodyArmour;
use mathhammer::rules::weapons::Weapon;

fn chosen(army: &str, unit: &str, choices: Choices) -> RosterUnit {
    let book = Library::shipped().army(army).unwrap();
    book.unit_chosen(&UnitKey::parse(unit), &choices)
        .unwrap_or_else(|r| panic!("{unit}: {}", r.why))
}

fn refused(army: &str, unit: &str, choices: Choices) -> (Asked, String) {
    let book = Library::shipped().army(army).unwrap();
    let r = book
        .unit_chosen(&UnitKey::parse(unit), &choices)
        .unwrap_err();
    (r.asked, r.why.to_string())
}

#[test]
fn a_shield_is_bought_for_every_model_and_saves_as_worn() {
    let plain = chosen(
        "empire",
        "halberdiers",
        Choices {
            models: Some(20),
            ..Choices::default()
        },
    );
    let shields = Choices {
        models: Some(20),
        shield: Some(true),
        ..Choices::default()
    };
    let shielded = chosen("empire", "halberdiers", shields);
    // 20 Halberdiers at 6 points; a shield is 1 point a model.
    assert_eq!((plain.models, plain.points), (20, 120.0));
    assert_eq!((shielded.models, shielded.points), (20, 140.0));
    let (p, q) = (plain.played.unwrap(), shielded.played.unwrap());
    assert_eq!(
        (p.weapon, p.armour, p.shield),
        (Weapon::Halberd, BodyArmour::Light, false)
    );
    assert_eq!(
        (q.weapon, q.armour, q.shield),
        (Weapon::Halberd, BodyArmour::Light, true)
    );
}

#[test]
fn an_option_by_name_brings_what_holds_it_and_is_priced() {
    let banner = Choices {
        models: Some(8),
        options: vec!["war banner".into()],
        ..Choices::default()
    };
    let knights = chosen("empire", "knights of the knightly orders", banner);
    let plain = chosen(
        "empire",
        "knights of the knightly orders",
        Choices {
            models: Some(8),
            ..Choices::default()
        },
    );
    // The War Banner (25) needs its Standard Bearer (16).
    assert!(knights.standard && !plain.standard);
    assert_eq!(knights.points - plain.points, 41.0);
}

#[test]
fn a_choice_of_a_compulsory_group_stands_in_for_its_default() {
    // Orc Boyz take one of their weapons group: an additional hand weapon.
    let boyz = chosen(
        "orcs",
        "orc boyz",
        Choices {
            models: Some(20),
            weapon: Some(Weapon::AdditionalHandWeapon),
            ..Choices::default()
        },
    );
    assert_eq!(boyz.played.unwrap().weapon, Weapon::AdditionalHandWeapon);
}

#[test]
fn a_choice_the_book_does_not_offer_is_refused_naming_what_it_does() {
    let great = Choices {
        weapon: Some(Weapon::GreatWeapon),
        ..Choices::default()
    };
    let (asked, why) = refused("empire", "halberdiers", great);
    assert_eq!(asked, Asked::Weapon);
    assert!(
        why.contains("great weapon") && why.contains("accepted: halberd)"),
        "{why}"
    );
    let no_armour = Choices {
        armour: Some(BodyArmour::None),
        ..Choices::default()
    };
    assert_eq!(refused("empire", "halberdiers", no_armour).0, Asked::Armour);
    let few = Choices {
        models: Some(5),
        ..Choices::default()
    };
    let (asked, why) = refused("empire", "halberdiers", few);
    assert_eq!(asked, Asked::Models);
    assert!(why.contains("accepted: 10 or more"), "{why}");
    let unknown = Choices {
        options: vec!["banner of the moon".into()],
        ..Choices::default()
    };
    let (asked, why) = refused("empire", "halberdiers", unknown);
    assert_eq!(asked, Asked::Options);
    assert!(why.contains("closest:"), "{why}");
}

#[test]
fn a_detachment_is_no_option_of_its_parent() {
    // Halberdiers may field a Handgunner detachment: a unit of its own,
    // not an option of theirs (`units` lists it apart).
    let (asked, why) = refused(
        "empire",
        "halberdiers",
        Choices {
            options: vec!["handgunner detachment".into()],
            ..Choices::default()
        },
    );
    assert_eq!(asked, Asked::Options, "{why}");
    assert!(!why.contains("Detachment"), "{why}");
}

const FIGHT: [&str; 8] = [
    "combat",
    "--attacker",
    "empire:halberdiers:20",
    "--defender",
    "orcs:orc boyz:25",
    "--method",
    "exact",
    "--quiet",
];

#[test]
fn the_flags_choose_and_price_and_a_refusal_names_its_flag() {
    let run = |more: &[&str]| {
        let mut args = FIGHT.to_vec();
        args.extend_from_slice(more);
        json(&args)
    };
    assert_eq!(run(&[])["attacker_points"], 120.0);
    assert_eq!(run(&["--attacker-shield", "yes"])["attacker_points"], 140.0);
    // Sergeant 10, Standard Bearer 10, Musician 5.
    let command = run(&["--attacker-command", "champion,standard,musician"]);
    assert_eq!(command["attacker_points"], 145.0);
    assert_eq!(
        run(&["--attacker-option", "sergeant"])["attacker_points"],
        130.0
    );
    let mut args = FIGHT.to_vec();
    args.extend(["--attacker-weapon", "spear"]);
    let e = error(&args);
    assert!(
        e.starts_with("error: --attacker-weapon: empire:halberdiers:20: spear"),
        "{e}"
    );
    assert!(e.contains("(accepted: halberd)"), "{e}");
    let mut args = FIGHT.to_vec();
    args.extend(["--attacker-option", "banner of the moon"]);
    assert!(error(&args).starts_with("error: --attacker-option: "));
}

#[test]
fn options_are_for_an_army_books_unit_only() {
    let e = error(&[
        "combat",
        "--attacker",
        "scenarios/rosters/empire_500.ros:1",
        "--attacker-option",
        "shield",
        "--defender",
        "orcs:orc boyz:25",
    ]);
    assert!(
        e.contains("--attacker-option") && e.contains("no army book"),
        "{e}"
    );
}

#[test]
fn a_scenarios_options_are_the_flags_options() {
    let dir = std::env::temp_dir().join(format!("mathhammer-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("options.toml");
    let written = mathhammer()
        .args(FIGHT)
        .args([
            "--attacker-option",
            "shield",
            "--attacker-option",
            "musician",
        ])
        .args(["--write-scenario", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(written.status.success());
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains(r#"options = ["shield", "musician"]"#),
        "{text}"
    );
    let from_file = json(&[
        "combat",
        file.to_str().unwrap(),
        "--method",
        "exact",
        "--quiet",
    ]);
    let mut args = FIGHT.to_vec();
    args.extend([
        "--attacker-option",
        "shield",
        "--attacker-option",
        "musician",
    ]);
    let from_flags = json(&args);
    assert_eq!(from_file["attacker_points"], 145.0);
    assert_eq!(from_file["p_attacker_wins"], from_flags["p_attacker_wins"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_option_only_a_condition_allows_is_taken_when_named() {
    // The catalogue caps the Regiment of Khorne at 0 unless the army
    // allows it (a condition the library does not follow): named, it is
    // taken in place of the Mark of Chaos Undivided, at 45 points.
    let plain = chosen("chaos", "warriors of chaos", Choices::default());
    let khorne = Choices {
        options: vec!["regiment of khorne".into()],
        ..Choices::default()
    };
    let khorne = chosen("chaos", "warriors of chaos", khorne);
    assert_eq!(khorne.points - plain.points, 45.0);
}
