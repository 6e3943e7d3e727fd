//! Tuning a list's units from the command line (issue 39): each tuning
//! flag is the scenario file's key, `--set` and `--vary` work on a picked
//! fight, `compare --variant`, points that follow the change, and the
//! title naming every character.

use crate::common::run::{error, json, stdout};
use serde_json::Value;
use std::path::PathBuf;

const EMPIRE: &str = "scenarios/rosters/empire_500.ros";
const ORCS: &str = "scenarios/rosters/orcs_500.ros";

/// The picked fight: the Empire's Halberdiers charge the Orcs' Boyz.
/// Halberdiers charging Orc Boyz, each list's General (who leads them)
/// standing alone: the units as their lists buy them.
fn picked() -> Vec<String> {
    [
        "combat",
        "--attacker",
        &format!("{EMPIRE}:Halberdiers"),
        "--defender",
        &format!("{ORCS}:2"),
        "--join",
        "attacker:1=alone",
        "--join",
        "defender:1=alone",
    ]
    .map(String::from)
    .to_vec()
}

fn with(base: Vec<String>, more: &[&str]) -> Vec<String> {
    let mut args = base;
    args.extend(more.iter().map(|s| s.to_string()));
    args
}

fn run(args: &[String]) -> Value {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    json(&args)
}

/// A report without its record of `--set` overrides (the one field in
/// which a fight tuned by flags and the same fight tuned by `--set` may
/// differ).
fn figures(mut report: Value) -> Value {
    report.as_object_mut().unwrap().remove("set");
    report
}

/// Asserts two reports are equal, naming the keys that differ (a report
/// is too long to print whole).
fn same(a: &Value, b: &Value, context: &str) {
    let differ: Vec<String> = a
        .as_object()
        .unwrap()
        .iter()
        .filter(|(k, v)| b.get(k.as_str()) != Some(v))
        .map(|(k, v)| {
            format!(
                "{k}: {} vs {}",
                v.to_string().chars().take(80).collect::<String>(),
                b.get(k.as_str()).map_or("-".into(), |w| w
                    .to_string()
                    .chars()
                    .take(80)
                    .collect::<String>())
            )
        })
        .collect();
    assert!(differ.is_empty() && a == b, "{context}: {differ:?}");
}

fn saved(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tuning");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Each tuning flag gives the same figures as `--set` of the scenario key
/// on the picked fight, and as its saved scenario file played; and each
/// changes the fight.
#[test]
fn each_tuning_flag_is_its_scenario_key() {
    // The Boyz with hand weapons alone, so a shield tells.
    let picked = || with(picked(), &["--defender-weapon", "hand-weapon"]);
    let base = run(&picked());
    let cases: [(&[&str], &[&str]); 7] = [
        (&["--attacker-models", "25"], &["attacker.models=25"]),
        (&["--attacker-frontage", "4"], &["attacker.frontage=4"]),
        (
            &["--attacker-weapon", "great-weapon"],
            &["attacker.weapon=great-weapon"],
        ),
        (&["--attacker-armour", "heavy"], &["attacker.armour=heavy"]),
        (&["--defender-shield", "yes"], &["defender.shield=true"]),
        (&["--defender-models", "15"], &["defender.models=15"]),
        (
            &["--attacker-command", "none"],
            &[
                "attacker.champion=false",
                "attacker.standard=false",
                "attacker.musician=false",
            ],
        ),
    ];
    for (i, (flag, sets)) in cases.iter().enumerate() {
        let tuned = run(&with(picked(), flag));
        assert!(tuned != base, "{flag:?} changed nothing");
        let mut by_set = picked();
        for set in *sets {
            by_set.extend(["--set".to_string(), set.to_string()]);
        }
        same(
            &figures(run(&by_set)),
            &tuned,
            &format!("{flag:?} vs {sets:?}"),
        );
        let file = saved(&format!("flag_{i}.toml"));
        let file = file.to_str().unwrap();
        let written = run(&with(with(picked(), flag), &["--write-scenario", file]));
        same(&written, &tuned, &format!("{flag:?} written"));
        same(&json(&["combat", file]), &tuned, &format!("{flag:?} saved"));
    }
}

/// `--set` works on a picked fight as on a file, and `--write-scenario`
/// saves the table with the overrides applied.
#[test]
fn set_changes_a_picked_fight_and_its_saved_file() {
    let set = ["--set", "situation.reaction=flee"];
    let fled = run(&with(picked(), &set));
    assert_eq!(fled["set"], "situation.reaction=flee");
    let fled_p =
        fled["p_target_fled"].as_f64().unwrap() + fled["p_target_caught"].as_f64().unwrap();
    assert!((fled_p - 1.0).abs() < 1e-9, "{fled_p}");
    let file = saved("set.toml");
    let file = file.to_str().unwrap();
    run(&with(with(picked(), &set), &["--write-scenario", file]));
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains("reaction = \"flee\""), "{text}");
    same(&json(&["combat", file]), &figures(fled), "saved");
}

/// `ROSTER.ros:NAME:25` and `ROSTER.ros:2:25` are the unit with 25 models,
/// as `--attacker-models 25` gives it.
#[test]
fn a_roster_unit_with_its_models_is_the_models_flag() {
    let flag = run(&with(picked(), &["--attacker-models", "25"]));
    for unit in ["Halberdiers:25", "2:25"] {
        let args = [
            "combat",
            "--attacker",
            &format!("{EMPIRE}:{unit}"),
            "--defender",
            &format!("{ORCS}:2"),
            "--join",
            "attacker:1=alone",
            "--join",
            "defender:1=alone",
        ];
        same(&json(&args), &flag, unit);
    }
    assert_eq!(
        flag["attacker"],
        "25 Halberdiers (5 wide), champion, standard, musician"
    );
}

/// Several characters lead one unit, each counted in its points and named
/// in the fight's title, in English and Spanish.
#[test]
fn several_characters_lead_a_unit_and_the_title_names_them() {
    let leaders = [
        "--attacker-character",
        &format!("{EMPIRE}:1"),
        "--attacker-character",
        &format!("{ORCS}:Orc Big Boss"),
    ];
    let args: Vec<String> = with(picked(), &leaders);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = stdout(&args);
    assert!(
        out.starts_with("Combat: 20 Halberdiers with Captain of the Empire and Orc Big Boss charge 20 Orc Boyz\n"),
        "{out}"
    );
    let mut spanish = args.clone();
    spanish.extend(["--lang", "es"]);
    assert!(stdout(&spanish).starts_with(
        "Combate: 20 Halberdiers con Captain of the Empire y Orc Big Boss cargan contra 20 Orc Boyz\n"
    ));
    // The Halberdiers' 165, the Captain's 58, the Big Boss's 58.
    assert_eq!(json(&args)["attacker_points"], 281.0);
}

/// A sweep of a picked fight needs no file: each point is the fight with
/// the point's value, as `combat` plays it.
#[test]
fn a_sweep_of_a_picked_fight_is_its_combats() {
    let mut args = picked();
    args[0] = "sweep".into();
    let args = with(args, &["--vary", "attacker.models=20..30:5"]);
    let swept = run(&args);
    let rows = swept["sweep"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    for (row, models) in rows.iter().zip(["20", "25", "30"]) {
        let one = run(&with(picked(), &["--attacker-models", models]));
        assert_eq!(row["attacker.models"], models);
        for key in [
            "p_attacker_wins",
            "p_attacker_wins_per_100_points",
            "mean_defender_casualties",
        ] {
            assert_eq!(row[key], one[key], "{models} {key}");
        }
    }
}

/// `compare` of a picked fight: the fight as picked against each variant,
/// each variant the fight with its changes; differences of probabilities
/// in signed percentage points, of means as signed numbers.
#[test]
fn compare_sets_variants_against_the_picked_fight() {
    let mut args = picked();
    args[0] = "compare".into();
    let variants = [
        "--variant",
        "attacker.models=25",
        "--variant",
        "attacker.weapon=great-weapon; attacker.points=8",
    ];
    let args = with(args, &variants);
    let compared = run(&args);
    let row = |key: &str| {
        compared["compare"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["figure"].as_str().unwrap().ends_with(&format!("({key})")))
            .unwrap()
            .clone()
    };
    let base = run(&picked());
    let more = run(&with(picked(), &["--attacker-models", "25"]));
    let swapped = run(&with(
        picked(),
        &[
            "--attacker-weapon",
            "great-weapon",
            "--set",
            "attacker.points=8",
        ],
    ));
    let wins = row("p_attacker_wins");
    assert_eq!(wins["a"], base["p_attacker_wins"]);
    assert_eq!(wins["b"], more["p_attacker_wins"]);
    assert_eq!(wins["c"], swapped["p_attacker_wins"]);
    // The table of a row per figure, each run's columns side by side.
    let mut table: Vec<&str> = args.iter().map(String::as_str).collect();
    table.push("--wide");
    let out = stdout(&table);
    assert!(out.contains("attacker.models=25 - as picked"), "{out}");
    assert!(
        out.contains("attacker.weapon=great-weapon; attacker.points=8"),
        "{out}"
    );
    // A figure's row by its key: its label names the units.
    let line = |key: &str| {
        out.lines()
            .find(|l| l.contains(&format!("({key})")))
            .unwrap()
            .split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    // P(attacker wins): a, b, b - a, different?, ...
    let wins = line("p_attacker_wins");
    let (b, diff) = (&wins[wins.len() - 8], &wins[wins.len() - 7..wins.len() - 5]);
    assert!(b.ends_with('%'), "{wins:?}");
    assert!(diff[0].starts_with('+') && diff[1] == "pp", "{wins:?}");
    let losses = line("p_defender_wins");
    assert!(losses[losses.len() - 7].starts_with('-'), "{losses:?}");
    let casualties = line("mean_defender_casualties");
    let d = &casualties[casualties.len() - 5];
    assert!(
        d.starts_with('+') && d.parse::<f64>().is_ok(),
        "{casualties:?}"
    );
}

/// Points follow the change: a model more costs one rank-and-file model
/// of the list (the Halberdiers' 120 points for 20 models: 6), the
/// command group and the unit's halberds a fixed part; a weapon, armour,
/// shield or command group the list does not price says so, until
/// `points` gives it.
#[test]
fn points_follow_the_models_and_say_what_is_not_priced() {
    let base = run(&picked());
    assert_eq!(base["attacker_points"], 165.0);
    let more = run(&with(picked(), &["--attacker-models", "25"]));
    assert_eq!(more["attacker_points"], 165.0 + 5.0 * 6.0);
    let per_100 = more["p_attacker_wins"].as_f64().unwrap() / 195.0 * 100.0;
    let reported = more["p_attacker_wins_per_100_points"].as_f64().unwrap();
    assert!((reported - per_100).abs() < 1e-12, "{reported} {per_100}");
    let fewer = run(&with(picked(), &["--attacker-models", "15"]));
    assert_eq!(fewer["attacker_points"], 135.0);
    for (flag, why) in [
        (
            ["--attacker-weapon", "great-weapon"],
            "weapon changed from the list's: halberd -> great weapon",
        ),
        (
            ["--attacker-armour", "heavy"],
            "armour changed from the list's: light armour -> heavy armour",
        ),
        (
            ["--attacker-shield", "yes"],
            "shield changed from the list's: no -> yes",
        ),
        (
            ["--attacker-command", "champion"],
            "command group changed from the list's",
        ),
    ] {
        let r = run(&with(picked(), &flag));
        assert_eq!(
            r["attacker_points"],
            format!("not priced ({why})"),
            "{flag:?}"
        );
        assert!(
            r.get("p_attacker_wins_per_100_points").is_none(),
            "{flag:?}"
        );
        assert_eq!(r["defender_points"], 165.0);
    }
    let priced = run(&with(
        picked(),
        &[
            "--attacker-weapon",
            "great-weapon",
            "--set",
            "attacker.points=7",
        ],
    ));
    assert_eq!(priced["attacker_points"], 140.0);
    // A profile file's points are per model: its weapon swap is unpriced
    // too.
    let profile = [
        "combat",
        "--attacker",
        "scenarios/profiles/empire_halberdier.toml:20",
        "--defender",
        "scenarios/profiles/orc_boy.toml:20",
    ];
    let file = json(&profile);
    let per_model = file["attacker_points"].as_f64().unwrap() / 20.0;
    // Its count given by the flag alone (a count after the file and the
    // flag is refused: one count, issue 50).
    let mut more = profile.to_vec();
    more[2] = "scenarios/profiles/empire_halberdier.toml";
    more.extend(["--attacker-models", "25"]);
    assert_eq!(json(&more)["attacker_points"], per_model * 25.0);
    let mut swap = profile.to_vec();
    swap.extend(["--attacker-weapon", "spear"]);
    assert_eq!(
        json(&swap)["attacker_points"],
        "not priced (weapon changed from the profile file's: halberd -> spear)"
    );
}

/// Bad input is one line and exit code 2, naming the flag and what it
/// accepts.
#[test]
fn bad_tuning_is_one_line_naming_its_flag() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["--attacker-weapon", "greatweapon"],
            "error: --attacker-weapon: 'greatweapon' is not one of its values (accepted: hand-weapon,",
        ),
        (
            &["--attacker-models", "0"],
            "error: --attacker-models: 0 is out of range (accepted: 1 to 500)",
        ),
        (
            &["--attacker-character", "scenarios/rosters/empire_500.ros:Spearmen"],
            "error: --attacker-character: 'scenarios/rosters/empire_500.ros:Spearmen': a character is one model",
        ),
        (
            &["--set", "attacker.modles=3"],
            "error: --set: unknown field `modles`, expected one of",
        ),
        (
            &["--attacker-armour", "plate"],
            "error: --attacker-armour: 'plate' is not one of its values (accepted: none, light, heavy, gromril)",
        ),
        (
            &["--defender-shield", "maybe"],
            "error: --defender-shield: 'maybe' is not one of its values (accepted: yes, no)",
        ),
        (
            &["--attacker-frontage", "0"],
            "error: --attacker-frontage: 0 is out of range (accepted: 1 to 50)",
        ),
    ];
    for (flag, message) in cases {
        let args = with(picked(), flag);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let e = error(&args);
        assert!(e.starts_with(message), "{flag:?}: {e}");
    }
    let e = error(&[
        "combat",
        "--attacker",
        &format!("{EMPIRE}:Halberdiers:0"),
        "--defender",
        &format!("{ORCS}:2"),
    ]);
    assert!(e.contains("'0' is not a model count from 1 to 500"), "{e}");
    let captain = format!("{EMPIRE}:1");
    let five = with(
        picked(),
        &[["--attacker-character", captain.as_str()]; 5].concat(),
    );
    let args: Vec<&str> = five.iter().map(String::as_str).collect();
    let e = error(&args);
    assert!(
        e.starts_with("error: --attacker-character: 5 characters (accepted: at most 4)"),
        "{e}"
    );
    // A file's fight is its own: tuning flags are refused with it.
    let flagship = "scenarios/boar_boyz_charge_spearmen.toml";
    for (args, flag) in [
        (
            vec!["combat", flagship, "--attacker-models", "3"],
            "--attacker-models",
        ),
        (
            vec![
                "sweep",
                flagship,
                "--vary",
                "attacker.models=4,5",
                "--defender-weapon",
                "spear",
            ],
            "--defender-weapon",
        ),
        (
            vec![
                "compare",
                flagship,
                flagship,
                "--variant",
                "attacker.models=4",
            ],
            "--variant",
        ),
    ] {
        let e = error(&args);
        assert!(
            e.starts_with(&format!("error: {flag}: describes units picked")),
            "{e}"
        );
    }
    let mut compare = picked();
    compare[0] = "compare".into();
    let args: Vec<&str> = compare.iter().map(String::as_str).collect();
    assert!(error(&args).starts_with("error: --variant: missing"));
    let typo = with(compare, &["--variant", "attacker.wepon=spear"]);
    let args: Vec<&str> = typo.iter().map(String::as_str).collect();
    assert!(error(&args).starts_with("error: --variant: unknown field `wepon`"));
}

/// A model's points come from the list's structure wherever its profile
/// is: the `model` selection's points and the upgrades under it (each
/// model's shield) over its number; the champion and the standard beside
/// it are the unit's fixed part.
#[test]
fn a_models_points_are_its_selection_and_the_upgrades_under_it() {
    use crate::common::roster::{cost, item, model, sel, with, EMPIRE_SOLDIER, WFB6};
    let swordsmen = sel(
        "unit",
        "Swordsmen",
        1,
        &[model("Swordsman", EMPIRE_SOLDIER)],
        &[
            with(
                sel(
                    "model",
                    "Swordsmen",
                    10,
                    &[],
                    &[with(item("Shield"), &cost(10))],
                ),
                &cost(50),
            ),
            with(
                sel(
                    "upgrade",
                    "Duellist",
                    1,
                    &[model("Duellist", EMPIRE_SOLDIER)],
                    &[],
                ),
                &cost(6),
            ),
            with(item("Standard Bearer"), &cost(10)),
        ],
    );
    let xml = format!(
        "<roster name=\"t\" gameSystemName=\"{WFB6}\"><costs><cost name=\"pts\" value=\"76\"/></costs>\
         <forces><force><selections>{swordsmen}</selections></force></forces></roster>"
    );
    let file = saved("swordsmen.ros");
    std::fs::write(&file, xml).unwrap();
    let points = |models: &str| {
        json(&[
            "combat",
            "--attacker",
            &format!("{}:Swordsmen:{models}", file.display()),
            "--defender",
            &format!("{ORCS}:2"),
        ])["attacker_points"]
            .clone()
    };
    // 76 in all; 60 of them the ten models with their shields: 6 a model.
    assert_eq!(points("10"), 76.0);
    assert_eq!(points("12"), 76.0 + 2.0 * 6.0);
    assert_eq!(points("5"), 76.0 - 5.0 * 6.0);
}

/// A frontage wider than the unit's models fill is played as one rank of
/// them, and the report says the width played: two chariots given 30
/// wide (a flag, or a scenario's `frontage`) fight as two wide, with the
/// same odds (RULES.md Models in contact).
#[test]
fn a_frontage_past_the_models_is_their_one_rank() {
    let fight = |extra: &[&str]| {
        let mut args = vec![
            "combat",
            "--attacker",
            "scenarios/profiles/orc_boar_chariot.toml:2",
            "--defender",
            "scenarios/profiles/empire_spearman.toml:30",
            "--method",
            "exact",
        ];
        args.extend(extra);
        crate::common::run::json(&args)
    };
    let wide = fight(&["--attacker-frontage", "30"]);
    assert_eq!(wide["attacker"], "2 Orc boar chariot (2 wide)");
    assert!(wide == fight(&["--attacker-frontage", "2"]));
    let mut set = fight(&[
        "--set",
        "attacker.frontage=50",
        "--set",
        "attacker.in_contact=40",
    ]);
    set.as_object_mut().unwrap().remove("set");
    assert!(set == wide, "{}", set["attacker"]);
    // The flag's width is said played as the models' (a file's, by the
    // report's width alone).
    let out = crate::common::run::mathhammer()
        .args([
            "combat",
            "--attacker",
            "scenarios/profiles/orc_boar_chariot.toml:2",
        ])
        .args(["--defender", "scenarios/profiles/empire_spearman.toml:3"])
        .args(["--attacker-frontage", "30", "--defender-frontage", "7"])
        .output()
        .unwrap();
    let notes = String::from_utf8(out.stderr).unwrap();
    for note in [
        "note: --attacker-frontage 30 is wider than the 2 models of Orc boar chariot fill: played 2 wide",
        "note: --defender-frontage 7 is wider than the 3 models of Empire spearman fill: played 3 wide",
    ] {
        assert!(notes.contains(note), "{notes}");
    }
}
