//! Units of a roster in fights and attacks: `combat --attacker
//! FILE.ros:NAME`, a scenario's `roster` and `unit` keys, `attacks
//! --attacker FILE.ros:NAME`. A roster's unit plays exactly as the same
//! unit typed in TOML; a name that matches nothing gets the closest names.

use crate::common::run::{error, json, shipped, stdout};
use std::path::{Path, PathBuf};

const ORCS: &str = "scenarios/rosters/orcs_500.ros";
const EMPIRE: &str = "scenarios/rosters/empire_500.ros";
const BOAR_BOY: &str = "scenarios/profiles/orc_boar_boy.toml";
const SPEARMAN: &str = "scenarios/profiles/empire_spearman.toml";
const BOY: &str = "scenarios/profiles/orc_boy.toml";

/// The roster's Orc Boyz charging its Halberdiers, typed out from the
/// lists' profiles, gear, command groups and points.
const TYPED: &str = r#"
name = "20 Orc Boyz charge 20 Halberdiers"

[attacker]
name = "Orc Boyz"
weapon = "hand-weapon-and-shield"
armour = "light"
rules = ["animosity"]
points = 8.25
models = 20
champion = true
standard = true
musician = true
[attacker.profile]
m = 10
ws = 3
bs = 3
s = 3
t = 4
w = 1
i = 2
a = 1
ld = 7

[defender]
name = "Halberdiers"
weapon = "halberd"
armour = "light"
points = 8.25
models = 20
champion = true
standard = true
musician = true
[defender.profile]
m = 10
ws = 3
bs = 3
s = 3
t = 3
w = 1
i = 3
a = 1
ld = 7

[situation]
charger = "attacker"
distance = 0
"#;

/// `text` in a file named `name` of this test's own folder.
fn file(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("roster_fights");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_roster_units_fight_is_the_same_fight_typed_in_toml() {
    let typed = file("typed.toml", TYPED);
    let from_toml = stdout(&[
        "combat",
        typed.to_str().unwrap(),
        "--method",
        "all",
        "--trials",
        "2e4",
    ]);
    // Each list's General (who leads the unit) stands apart.
    let from_roster = stdout(&[
        "combat",
        "--attacker",
        &format!("{ORCS}:Orc Boyz"),
        "--defender",
        &format!("{EMPIRE}:Halberdiers"),
        "--join",
        "attacker:Orc Big Boss=alone",
        "--join",
        "defender:1=alone",
        "--method",
        "all",
        "--trials",
        "2e4",
    ]);
    assert_eq!(from_roster, from_toml);
    assert!(from_roster.starts_with("Combat: 20 Orc Boyz charge 20 Halberdiers\n"));
}

#[test]
fn a_scenario_takes_a_roster_unit_and_its_own_keys_over_it() {
    let dir = std::env::current_dir().unwrap();
    let scenario = |extra: &str| {
        format!(
            "name = \"Boyz\"\n[attacker]\nroster = \"{}/{ORCS}\"\nunit = 2\n{extra}\n\
             [defender]\nroster = \"{}/{EMPIRE}\"\nunit = \"spearmen\"\n\
             [situation]\ncharger = \"attacker\"\ndistance = 5\n",
            dir.display(),
            dir.display()
        )
    };
    let listed = json(&[
        "combat",
        file("listed.toml", &scenario("")).to_str().unwrap(),
    ]);
    assert_eq!(
        listed["attacker"],
        "20 Orc Boyz (5 wide), champion, standard, musician"
    );
    assert_eq!(
        listed["defender"],
        "20 Spearmen (5 wide), standard, musician"
    );
    let cli = json(&[
        "combat",
        "--attacker",
        &format!("{ORCS}:2"),
        "--defender",
        &format!("{EMPIRE}:Spearmen"),
        "--distance",
        "5",
        "--join",
        "Orc Big Boss=alone",
    ]);
    assert_eq!(listed, cli);
    let over = json(&[
        "combat",
        file(
            "over.toml",
            &scenario("models = 10\nchampion = false\nweapon = \"spear\""),
        )
        .to_str()
        .unwrap(),
    ]);
    assert_eq!(over["attacker"], "10 Orc Boyz (5 wide), standard, musician");
    assert_ne!(over["p_attacker_wins"], listed["p_attacker_wins"]);
}

/// The picked fight's own flags build the fight the scenario file with the
/// same keys describes, and each changes the answer.
#[test]
fn a_picked_fight_takes_ranks_command_character_charger_and_facing() {
    let dir = std::env::current_dir().unwrap().display().to_string();
    let text = format!(
        "name = \"\"\n[attacker]\nroster = \"{dir}/{ORCS}\"\nunit = 2\nfrontage = 4\n\
         [[attacker.characters]]\nroster = \"{dir}/{ORCS}\"\nunit = \"Orc Big Boss\"\n\
         [defender]\nroster = \"{dir}/{EMPIRE}\"\nunit = \"Spearmen\"\n\
         champion = false\nstandard = false\nmusician = true\n\
         [situation]\ncharger = \"attacker\"\nfacing = \"flank\"\n"
    );
    let from_file = json(&["combat", file("picked.toml", &text).to_str().unwrap()]);
    let (attacker, defender) = (format!("{ORCS}:2"), format!("{EMPIRE}:Spearmen"));
    let boss = format!("{ORCS}:Orc Big Boss");
    let flags = [
        ["--facing", "flank"],
        ["--attacker-frontage", "4"],
        ["--defender-command", "musician"],
        ["--attacker-character", &boss],
    ];
    let picked = |flags: &[[&str; 2]]| {
        // The Big Boss, who leads the Orc Boyz, apart: the flag adds him.
        let mut args = vec!["combat", "--attacker", &attacker, "--defender", &defender];
        args.extend(["--join", "Orc Big Boss=alone"]);
        args.extend(flags.iter().flatten());
        json(&args)
    };
    let all = picked(&flags);
    for key in ["p_attacker_wins", "p_defender_wins", "attacker", "defender"] {
        assert_eq!(all[key], from_file[key], "{key}");
    }
    // Who charges: here neither (the fight already going on).
    let engaged = format!(
        "name = \"\"\n[attacker]\nroster = \"{dir}/{ORCS}\"\nunit = 2\n\
         [defender]\nroster = \"{dir}/{EMPIRE}\"\nunit = \"Spearmen\"\n\
         [situation]\ncharger = \"none\"\n"
    );
    let engaged = json(&["combat", file("engaged.toml", &engaged).to_str().unwrap()]);
    let none = picked(&[["--charger", "none"]]);
    assert_eq!(none["p_attacker_wins"], engaged["p_attacker_wins"]);
    let wins = |r: &serde_json::Value| r["p_attacker_wins"].as_f64().unwrap();
    assert_ne!(wins(&none), wins(&picked(&[])));
    for (i, flag) in flags.iter().enumerate() {
        let without: Vec<_> = flags
            .iter()
            .take(i)
            .chain(&flags[i + 1..])
            .copied()
            .collect();
        assert_ne!(
            wins(&picked(&without)),
            wins(&all),
            "{flag:?} changed nothing"
        );
    }
}

/// `--write-scenario` saves the picked fight as a scenario file, which plays
/// the same fight from its own folder (its files named from there).
#[test]
fn a_picked_fight_saved_as_a_scenario_plays_the_same() {
    let saved = file("saved/picked.toml", "");
    std::fs::remove_file(&saved).unwrap();
    let picked = [
        "combat",
        "--attacker",
        "scenarios/profiles/orc_boy.toml:25",
        "--defender",
        "scenarios/rosters/empire_500.ros:Handgunners",
        "--distance",
        "15.5",
        "--reaction",
        "stand-and-shoot",
        "--defender-command",
        "champion",
        "--attacker-character",
        "scenarios/rosters/orcs_500.ros:1",
    ];
    let mut writing = picked.to_vec();
    writing.extend(["--write-scenario", saved.to_str().unwrap()]);
    let played = json(&writing);
    assert_eq!(played, json(&picked));
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("reaction = \"stand-and-shoot\""), "{text}");
    assert_eq!(json(&["combat", saved.to_str().unwrap()]), played);
}

/// A scenario FILE's fight is its own: the picked fight's flags are
/// refused with it, not ignored; a character is one model.
#[test]
fn picked_fight_flags_are_refused_where_they_cannot_apply() {
    let flagship = "scenarios/boar_boyz_charge_spearmen.toml";
    for flag in [
        ["--facing", "flank"],
        ["--charger", "none"],
        ["--distance", "5"],
        ["--defender-command", "none"],
        ["--attacker-character", "scenarios/profiles/orc_boy.toml"],
        ["--write-scenario", "picked.toml"],
    ] {
        let e = error(&["combat", flagship, flag[0], flag[1]]);
        assert!(
            e.starts_with(&format!("error: {}: describes units picked", flag[0])),
            "{e}"
        );
    }
    let e = error(&[
        "combat",
        "--attacker",
        &format!("{ORCS}:2"),
        "--defender",
        &format!("{EMPIRE}:2"),
        "--attacker-character",
        "scenarios/profiles/orc_boy.toml:3",
    ]);
    assert!(
        e.contains(
            "--attacker-character: 'scenarios/profiles/orc_boy.toml:3': a character is one model"
        ),
        "{e}"
    );
}

#[test]
fn a_hero_of_the_list_leads_a_unit_of_the_list() {
    let dir = std::env::current_dir().unwrap().display().to_string();
    let text = format!(
        "name = \"Boss and Boyz\"\n[attacker]\nroster = \"{dir}/{ORCS}\"\nunit = \"Orc Boyz\"\n\
         [[attacker.characters]]\nroster = \"{dir}/{ORCS}\"\nunit = \"Orc Big Boss\"\n\
         [defender]\nroster = \"{dir}/{EMPIRE}\"\nunit = \"Halberdiers\"\n\
         [situation]\ncharger = \"attacker\"\n"
    );
    let led = json(&["combat", file("led.toml", &text).to_str().unwrap()]);
    let alone = json(&[
        "combat",
        "--attacker",
        &format!("{ORCS}:Orc Boyz"),
        "--defender",
        &format!("{EMPIRE}:Halberdiers"),
    ]);
    let wins = |r: &serde_json::Value| r["p_attacker_wins"].as_f64().unwrap();
    assert!(
        wins(&led) > wins(&alone) + 0.05,
        "{} vs {}",
        wins(&led),
        wins(&alone)
    );
}

#[test]
fn attacks_take_a_roster_unit_as_attacker_and_target() {
    let from_roster = json(&[
        "attacks",
        "--attacker",
        &format!("{EMPIRE}:Halberdiers"),
        "--models",
        "10",
        "--target",
        &format!("{ORCS}:Orc Boyz"),
    ]);
    let typed = json(&[
        "attacks",
        "--ws",
        "3",
        "--s",
        "3",
        "--weapon",
        "halberd",
        "--models",
        "10",
        "--target-ws",
        "3",
        "--target-t",
        "4",
        "--target-armour",
        "light,shield",
        "--target-weapon",
        "hand-weapon-and-shield",
    ]);
    for key in [
        "to_hit",
        "strength",
        "to_wound",
        "armour_save",
        "wounds_pmf",
        "kills_pmf",
    ] {
        assert_eq!(from_roster[key], typed[key], "{key}");
    }
    assert_eq!(from_roster["points"], 82.5);
}

#[test]
fn a_name_that_matches_nothing_gets_the_closest_names() {
    let e = error(&[
        "combat",
        "--attacker",
        &format!("{ORCS}:Orc Boys"),
        "--defender",
        &format!("{EMPIRE}:1"),
    ]);
    assert!(
        e.contains("no unit 'Orc Boys' in the list (closest: 'Orc Boyz' (2)"),
        "{e}"
    );
    assert!(
        e.contains("accepted: a unit's name, or its number from 1 to 5"),
        "{e}"
    );
}

#[test]
fn each_bad_reference_gets_one_line_naming_the_flag_or_field() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["--attacker", ORCS, "--defender", "x.ros:1"],
            "--attacker: 'scenarios/rosters/orcs_500.ros': a roster needs its unit after a ':'",
        ),
        (
            &[
                "--attacker",
                "scenarios/rosters/orcs_500.ros:9",
                "--defender",
                "scenarios/rosters/orcs_500.ros:1",
            ],
            "--attacker: scenarios/rosters/orcs_500.ros: no unit 9 (accepted: a unit's name, or its number from 1 to 5)",
        ),
        (
            &[
                "--attacker",
                "scenarios/profiles/orc_boy.toml:0",
                "--defender",
                "scenarios/rosters/orcs_500.ros:1",
            ],
            "'0' is not a model count from 1 to 500",
        ),
        (
            &[
                "--attacker",
                "army.txt",
                "--defender",
                "scenarios/rosters/orcs_500.ros:1",
            ],
            "not a roster or a profile file",
        ),
        (
            &[
                "--attacker",
                "missing.ros:1",
                "--defender",
                "scenarios/rosters/orcs_500.ros:1",
            ],
            "--attacker: missing.ros: cannot read it",
        ),
        (
            &[
                "--attacker",
                "scenarios/rosters/orcs_500.ros:1",
                "--defender",
                "scenarios/rosters/orcs_500.ros:1",
                "--set",
                "attacker.modles=3",
            ],
            "--set: unknown field `modles`",
        ),
    ];
    for (args, wanted) in cases {
        let mut all = vec!["combat"];
        all.extend(args);
        let e = error(&all);
        assert!(e.contains(wanted), "{args:?}: {e}");
    }
}

/// A unit picked by flags that the roster has not: the flag and the file
/// are named with what is accepted, not a place in the scenario the flags
/// make.
#[test]
fn a_picked_unit_the_roster_has_not_names_its_flag_and_file() {
    for (flag, unit) in [
        ("--attacker", "0"),
        ("--attacker", "6"),
        ("--attacker-character", "0"),
    ] {
        let mut args = vec!["combat", "--attacker", "scenarios/rosters/orcs_500.ros:2"];
        args.extend(["--defender", "scenarios/rosters/empire_500.ros:2"]);
        let reference = format!("{ORCS}:{unit}");
        match flag {
            "--attacker" => args[2] = &reference,
            _ => args.extend([flag, &reference]),
        }
        assert_eq!(
            error(&args),
            format!("error: {flag}: {ORCS}: no unit {unit} (accepted: a unit's name, or its number from 1 to 5)\n")
        );
    }
    let e = error(&[
        "combat",
        "--attacker",
        "missing.ros:1",
        "--defender",
        &format!("{ORCS}:1"),
    ]);
    assert!(
        e.starts_with("error: --attacker: missing.ros: cannot read it"),
        "{e}"
    );
}

/// A roster of a chariot (left out: its crew and beasts are not read yet).
const CHARIOT: &str = "<roster name=\"t\" gameSystemName=\"Warhammer Fantasy Battles (6th definitive edition)\"><forces><force><selections>\
     <selection name=\"Cold One Chariot\" type=\"unit\" number=\"1\"><selections>\
     <selection name=\"Cold One Chariot\" type=\"model\" number=\"1\"><profiles>\
     <profile name=\"Chariot\" typeName=\"Profile\"><characteristics><characteristic name=\"S\">5</characteristic>\
     <characteristic name=\"T\">5</characteristic><characteristic name=\"W\">4</characteristic></characteristics></profile>\
     </profiles></selection></selections></selection></selections></force></forces></roster>";

/// A roster's unit that cannot fight is refused naming its roster file and
/// its name, wherever it is named.
#[test]
fn a_unit_that_cannot_fight_is_refused_naming_its_file() {
    let chariot = file("chariot.ros", CHARIOT).display().to_string();
    let refused = |e: &str, field: &str| {
        let wanted = format!("{field}: {chariot}: 'Cold One Chariot' cannot fight: ");
        assert!(e.contains(&wanted), "{wanted}\n{e}");
    };
    let picked = format!("{chariot}:1");
    let e = error(&[
        "combat",
        "--attacker",
        &picked,
        "--defender",
        &format!("{ORCS}:1"),
    ]);
    refused(&e, "error: --attacker");
    let e = error(&[
        "attacks",
        "--attacker",
        &picked,
        "--target",
        &format!("{ORCS}:1"),
    ]);
    refused(&e, "--attacker.unit");
    let text = format!(
        "name = \"x\"\n[attacker]\nroster = \"{chariot}\"\nunit = 1\n\
         [defender]\nprofile_file = \"{}\"\nmodels = 10\n[situation]\n",
        shipped(SPEARMAN)
    );
    let e = error(&["combat", file("chariot.toml", &text).to_str().unwrap()]);
    refused(&e, "attacker.unit");
}

/// A file's extension in capitals is the same file kind: `ORCS.ROS:2`,
/// `ARMY.ROSZ:Boyz`, `BOY.TOML:20`.
#[test]
fn extensions_in_capitals_name_rosters_and_profiles() {
    let orcs = file("capitals/ORCS.ROS", &std::fs::read_to_string(ORCS).unwrap());
    let orcs = orcs.display().to_string();
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file("orcs.ros", zip::write::SimpleFileOptions::default())
        .unwrap();
    std::io::Write::write_all(&mut zip, std::fs::read(ORCS).unwrap().as_slice()).unwrap();
    let zipped = file("capitals/x", "").with_file_name("ARMY.ROSZ");
    std::fs::write(&zipped, zip.finish().unwrap().into_inner()).unwrap();
    let boy = file("capitals/BOY.TOML", &std::fs::read_to_string(BOY).unwrap());
    let fight = |attacker: &str, defender: &str| {
        json(&[
            "combat",
            "--attacker",
            attacker,
            "--defender",
            defender,
            "--method",
            "exact",
        ])
    };
    let lower = fight(&format!("{ORCS}:2"), &format!("{BOY}:20"));
    let upper = fight(&format!("{orcs}:2"), &format!("{}:20", boy.display()));
    assert_eq!(upper, lower);
    let zipped = format!("{}:Orc Boyz", zipped.display());
    assert_eq!(fight(&zipped, &format!("{BOY}:20")), lower);
    let attacks = |target: &str| json(&["attacks", "--attacker", BOY, "--target", target]);
    assert_eq!(attacks(&format!("{orcs}:2")), attacks(&format!("{ORCS}:2")));
    let e = error(&[
        "combat",
        "--attacker",
        &orcs,
        "--defender",
        &format!("{ORCS}:1"),
    ]);
    assert!(e.contains("a roster needs its unit after a ':'"), "{e}");
}

#[test]
fn a_scenarios_roster_keys_are_checked() {
    let cases = [
        ("roster = \"scenarios/rosters/orcs_500.ros\"", "attacker.unit: missing with a roster"),
        ("unit = 2\nmodels = 5", "attacker.unit: names a roster's unit, and there is no roster"),
        ("unit = 0", "0 is out of range (accepted: 1 or more)"),
        ("unit = 2\nroster = \"scenarios/rosters/orcs_500.ros\"\nprofile_file = \"scenarios/profiles/orc_boy.toml\"", "attacker.profile_file: given with a roster (accepted: one of them)"),
        ("unit = [2]\nroster = \"scenarios/rosters/orcs_500.ros\"", "a unit's name or its number in the roster"),
    ];
    for (keys, wanted) in cases {
        let text = format!(
            "name = \"x\"\n[attacker]\n{keys}\n[defender]\nprofile_file = \"scenarios/profiles/orc_boy.toml\"\nmodels = 5\n[situation]\n"
        );
        let path = file("keys.toml", &text);
        let e = error(&["combat", path.to_str().unwrap()]);
        assert!(e.contains(wanted), "{keys}: {e}");
    }
}

#[test]
fn shooting_from_a_roster_takes_the_missile_weapons_strength() {
    // The Handgun's Weapon profile: Strength 4; the model's S is 3.
    fn shoot<'a>(unit: &'a str, more: &[&'a str]) -> Vec<&'a str> {
        let mut args = vec!["shoot", "--attacker", unit, "--models", "10"];
        args.extend(more);
        args.extend(["--target", "scenarios/profiles/orc_boy.toml"]);
        args
    }
    let handgunners = format!("{EMPIRE}:Handgunners");
    assert_eq!(json(&shoot(&handgunners, &[]))["strength"], 4);
    // Its armour piercing is the handgun's: the same as typed with the rule.
    let typed = ["--s", "4", "--rules", "armour-piercing"];
    let mut same = json(&shoot(&handgunners, &[]));
    let mut flags = json(&shoot(&handgunners, &typed));
    same["summary"] = serde_json::Value::Null;
    flags["summary"] = serde_json::Value::Null;
    assert_eq!(same, flags);
    assert_eq!(json(&shoot(&handgunners, &["--s", "5"]))["strength"], 5);
    let arrer_boyz = format!("{ORCS}:Orc Arrer Boyz");
    assert_eq!(json(&shoot(&arrer_boyz, &[]))["strength"], 3);
    // Orc Boyz carry no missile weapon: the Strength is asked for.
    let boyz = format!("{ORCS}:Orc Boyz");
    let e = error(&shoot(&boyz, &[]));
    assert!(
        e.contains("--s: required: the roster gives no missile weapon"),
        "{e}"
    );
}

#[test]
fn a_roster_units_missiles_stand_and_shoot() {
    // 10 Handgunners (S4, one shot each) stand and shoot at charging Boar
    // Boyz 20 cm away; the same unit typed with its missile table agrees.
    let (boar, empire) = (shipped(BOAR_BOY), shipped(EMPIRE));
    let with = |missile: &str| {
        let text = format!(
            "name = \"x\"\n[attacker]\nprofile_file = \"{boar}\"\nmodels = 5\n\
             [defender]\nroster = \"{empire}\"\nunit = \"Handgunners\"\n{missile}\n\
             [situation]\ndistance = 20\nreaction = \"stand-and-shoot\"\nrounds = 1\n"
        );
        let path = file("stand_and_shoot.toml", &text);
        json(&["combat", path.to_str().unwrap(), "--method", "exact"])
    };
    let listed = with("");
    // The Handgun's profile: S4, armour piercing.
    let typed = with("missile = { s = 4, shots = 1, armour_piercing = true }");
    assert!(listed["p_attacker_wins"].as_f64().is_some(), "{listed}");
    assert_eq!(listed, typed);
    let weaker = with("missile = { s = 3, shots = 1, armour_piercing = true }");
    assert_ne!(listed, weaker);
    let plain = with("missile = { s = 4, shots = 1 }");
    assert_ne!(listed, plain);
}

#[test]
fn a_friend_and_a_battle_line_unit_come_from_a_roster_too() {
    // The Orc Boyz beside the fight: unit strength 20 (with the Boss) and
    // Ld 7, as the same unit typed with unit_strength and ld.
    let (boar, spearman, orcs) = (shipped(BOAR_BOY), shipped(SPEARMAN), shipped(ORCS));
    let friend = |keys: &str| {
        let text = format!(
            "name = \"x\"\n[attacker]\nprofile_file = \"{boar}\"\nmodels = 5\n\
             [defender]\nprofile_file = \"{spearman}\"\nmodels = 10\n\
             [situation]\nrounds = 1\n[[friend]]\nside = \"attacker\"\nname = \"Boyz\"\ndistance = 5\n{keys}\n"
        );
        let path = file("friend.toml", &text);
        json(&["combat", path.to_str().unwrap(), "--method", "exact"])["friends"][0].clone()
    };
    let listed = friend(&format!("roster = \"{orcs}\"\nunit = \"Orc Boyz\""));
    let typed = friend("unit_strength = 20\nld = 7");
    assert!(listed["p_tests"].as_f64().unwrap() > 0.01, "{listed}");
    assert_eq!(listed, typed);
    let line = |keys: &str| {
        let text = format!(
            "query = \"panic\"\nname = \"x\"\n[event]\nkind = \"broken\"\nunit = \"Boyz\"\nfrom = [0, 10]\n\
             [[unit]]\nname = \"Boyz\"\nmodels = 20\nx = 0\ny = 0\n{keys}\n\
             [[unit]]\nname = \"Spearmen\"\nld = 7\nmodels = 10\nx = 14\ny = 0\n"
        );
        let path = file("line.toml", &text);
        json(&["panic", path.to_str().unwrap()])["phase"].clone()
    };
    let listed = line(&format!("roster = \"{orcs}\"\nunit = 2"));
    let typed = line("ld = 7\nunit_strength = 20");
    assert_eq!(listed, typed);
}

#[test]
fn a_friend_or_a_battle_line_unit_refuses_the_keys_of_a_fight() {
    let text = format!(
        "name = \"x\"\n[attacker]\nprofile_file = \"{}\"\nmodels = 5\n\
         [defender]\nprofile_file = \"{}\"\nmodels = 10\n[situation]\n\
         [[friend]]\nside = \"attacker\"\ndistance = 5\nunit_strength = 20\nld = 7\nweapon = \"spear\"\n",
        shipped(BOAR_BOY),
        shipped(SPEARMAN)
    );
    let e = error(&[
        "combat",
        file("friend_weapon.toml", &text).to_str().unwrap(),
    ]);
    assert!(
        e.contains("friend.1.weapon: decides how a unit fights"),
        "{e}"
    );
    let text = "query = \"panic\"\nname = \"x\"\n[event]\nkind = \"broken\"\nunit = \"a\"\nfrom = [0, 10]\n\
                [[unit]]\nname = \"a\"\nld = 7\nmodels = 10\nx = 0\ny = 0\nward = 5\n";
    let e = error(&["panic", file("line_ward.toml", text).to_str().unwrap()]);
    assert!(e.contains("unit.1.ward: decides how a unit fights"), "{e}");
}
