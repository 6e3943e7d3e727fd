//! The parry (RULES.md Saves, Weapons; issue 47): a hand weapon and a
//! shield on foot parry however they are written (a profile file, a
//! scenario's table, the flags, a roster's gear), and a choppa with a
//! shield never does (the Orcs and Goblins book: the hand weapon and
//! shield's extra save is not for an Orc wielding a choppa). Every figure
//! worked out by hand.
//!
//! The attack of every case: one WS3 S3 attack at an orc (WS3 T4) on foot
//! with light armour and a shield: to hit 4+ (1/2), to wound 5+ (1/3).
//! Light armour and a shield are 5+, failing 4/6: 1/2 x 1/3 x 2/3 = 1/9
//! (11.1111%) unsaved. With the parry 4+, failing 3/6: 1/2 x 1/3 x 1/2 =
//! 1/12 (8.3333%).

use crate::common::exact_of;
use crate::common::roster::{army_roster, cost, item, model, rule, save_against_s3, sel, with};
use crate::common::run::json;
use mathhammer::roster::Roster;
use std::path::{Path, PathBuf};

const UNSAVED: f64 = 1.0 / 9.0;
const PARRIED: f64 = 1.0 / 12.0;

/// An orc's profile (Orcs and Goblins army book), as a roster writes it.
const ORC: &str = "4 3 3 3 4 1 2 1 7 - - 1 25x25";

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// An orc's profile file (WS3 T4, light armour) with `gear` lines.
fn orc_file(name: &str, gear: &str) -> PathBuf {
    let text = format!(
        "name = \"Orc\"\ntype = \"infantry\"\narmour = \"light\"\n{gear}\n\
         [profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 4\nw = 1\ni = 2\na = 1\nld = 7\n"
    );
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("parry");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// One WS3 S3 attack at `target` (the `attacks` flags after `--target...`):
/// its P(unsaved wound) and the armour save it reports.
fn one_attack(target: &[&str]) -> (f64, String) {
    let mut args = vec!["attacks", "--models", "1", "--ws", "3", "--s", "3"];
    args.extend(["--attacks", "1"]);
    args.extend(target);
    let r = json(&args);
    let save = r["armour_save"].as_str().unwrap_or("none").to_string();
    (r["p_unsaved"].as_f64().unwrap(), save)
}

#[test]
fn a_choppa_and_a_shield_do_not_parry() {
    // Light armour, a shield and a choppa: 5+, 1/9 unsaved (not the 4+
    // and 1/12 of a parry).
    let choppa = orc_file("choppa.toml", "weapon = \"choppa\"\nshield = true");
    let (p, save) = one_attack(&["--target", choppa.to_str().unwrap()]);
    assert!(close(p, UNSAVED), "{p}");
    assert_eq!(save, "5+");
    let flags = [
        "--target-ws",
        "3",
        "--target-t",
        "4",
        "--target-armour",
        "light,shield",
        "--target-weapon",
        "choppa",
    ];
    let (p, save) = one_attack(&flags);
    assert!(close(p, UNSAVED), "{p}");
    assert_eq!(save, "5+");
}

#[test]
fn a_hand_weapon_and_shield_parry_in_a_profile_file_however_written() {
    for (name, gear) in [
        ("joined.toml", "weapon = \"hand-weapon-and-shield\""),
        ("apart.toml", "weapon = \"hand-weapon\"\nshield = true"),
        // A hand weapon is every model's weapon when none is written.
        ("default.toml", "shield = true"),
    ] {
        let file = orc_file(name, gear);
        let (p, save) = one_attack(&["--target", file.to_str().unwrap()]);
        assert!(close(p, PARRIED), "{name}: {p}");
        assert_eq!(save, "4+", "{name}");
    }
}

#[test]
fn a_hand_weapon_and_shield_parry_by_the_flags_however_written() {
    let target = |weapon: &'static str| {
        [
            "--target-ws",
            "3",
            "--target-t",
            "4",
            "--target-armour",
            "light,shield",
            "--target-weapon",
            weapon,
        ]
    };
    for weapon in ["hand-weapon", "hand-weapon-and-shield"] {
        let (p, save) = one_attack(&target(weapon));
        assert!(close(p, PARRIED), "{weapon}: {p}");
        assert_eq!(save, "4+", "{weapon}");
    }
}

/// The exact mean casualties of one round in which one WS3 S3 A1 model
/// strikes an orc unit written with `gear` (no blow back: A 0).
fn one_round_casualties(gear: &str) -> f64 {
    let text = format!(
        "name = \"test\"\n\
         [attacker]\nname = \"attacker\"\nmodels = 1\nfrontage = 1\n\
         [attacker.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n\
         [defender]\nname = \"orcs\"\nmodels = 5\nfrontage = 5\narmour = \"light\"\n{gear}\n\
         rules = [\"unbreakable\"]\n\
         [defender.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 4\nw = 1\ni = 2\na = 0\nld = 7\n\
         [situation]\ncharger = \"none\"\nrounds = 1\n"
    );
    exact_of(&text, "mean_defender_casualties")
}

#[test]
fn a_hand_weapon_and_shield_parry_in_a_scenario_table_however_written() {
    for gear in [
        "weapon = \"hand-weapon-and-shield\"",
        "weapon = \"hand-weapon\"\nshield = true",
        "shield = true",
    ] {
        let mean = one_round_casualties(gear);
        assert!(close(mean, PARRIED), "{gear}: {mean}");
    }
    let choppa = one_round_casualties("weapon = \"choppa\"\nshield = true");
    assert!(close(choppa, UNSAVED), "{choppa}");
}

#[test]
fn a_picked_fights_flags_parry_however_written() {
    // The same fight whichever way the flags write the orcs' gear.
    let attacker = orc_file("attacker.toml", "");
    let defender = orc_file("defender.toml", "");
    let fight = |gear: &[&str]| {
        let a = format!("{}:1", attacker.to_str().unwrap());
        let d = format!("{}:5", defender.to_str().unwrap());
        let mut args = vec!["combat", "--attacker", &a, "--defender", &d];
        args.extend(["--charger", "none", "--method", "exact"]);
        args.extend(gear);
        let mut r = json(&args);
        // The points note names the flag that changed the profile.
        r.as_object_mut().unwrap().remove("defender_points");
        r
    };
    let joined = fight(&["--defender-weapon", "hand-weapon-and-shield"]);
    let apart = fight(&[
        "--defender-weapon",
        "hand-weapon",
        "--defender-shield",
        "yes",
    ]);
    assert_eq!(joined, apart);
    let bare = fight(&["--defender-weapon", "hand-weapon"]);
    assert_ne!(joined, bare, "a shield and a parry change the fight");
}

/// Unit `name` of 10 orcs holding `gear`, from the Orcs and Goblins book.
fn orcs(name: &str, gear: &[&str]) -> String {
    let held: Vec<String> = gear.iter().map(|g| item(g)).collect();
    let m = sel("model", name, 10, &[model(name, ORC)], &held);
    with(sel("unit", name, 1, &[], &[m]), &cost(100))
}

fn played_save(r: &Roster, n: usize) -> (Option<u8>, Option<u8>) {
    let f = r.units[n].played.as_ref().unwrap();
    (save_against_s3(f), f.ward.map(|w| w.0))
}

#[test]
fn a_rosters_gear_parries_however_written_and_a_choppa_does_not() {
    // Light armour and a shield with a hand weapon: 4+ against S3 with the
    // parry; with a choppa 5+. Savage Orc Big 'Uns (choppa, shield,
    // warpaint): the shield's 6+ and warpaint's 6+ ward, no parry.
    let units = [
        orcs("Boyz", &["Hand Weapon", "Shield", "Light Armour"]),
        orcs("Shield Boyz", &["Hand Weapons and Shields", "Light Armour"]),
        orcs("Choppa Boyz", &["Choppa", "Shield", "Light Armour"]),
        rule(
            orcs("Savage Orc Big 'Uns", &["Choppa", "Shield", "Warpaint"]),
            "Frenzy: Savage Orcs ",
        ),
    ];
    let r = army_roster("Orcs and Goblins", 400, &units);
    assert_eq!(played_save(&r, 0), (Some(4), None));
    assert_eq!(played_save(&r, 1), (Some(4), None));
    assert_eq!(played_save(&r, 2), (Some(5), None));
    assert_eq!(played_save(&r, 3), (Some(6), Some(6)));
}
