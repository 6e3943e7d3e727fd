//! The unit library (`data/units/`) as shipped: every army's file read,
//! every unit built at its default pick (played, or left out with the
//! roster path's reason), every name it carries known to the names table;
//! a pick `ARMY:UNIT[:MODELS]` by every way a unit is named, and each bad
//! pick's one-line error.

use crate::common::run::{error, json, mathhammer, stdout};
use crate::common::written_in;
use mathhammer::library::Library;
use mathhammer::roster::names::verdict_of;
use mathhammer::roster::UnitKey;

#[test]
fn every_unit_of_every_army_builds() {
    let mut total = [0, 0];
    let mut reasons: std::collections::BTreeMap<String, usize> = Default::default();
    for army in Library::shipped().armies() {
        let names = army.unit_names().unwrap();
        assert!(!names.is_empty(), "{} has no units", army.key);
        let mut counts = [0, 0];
        for n in 1..=names.len() {
            let unit = army.unit(&UnitKey::Number(n)).unwrap_or_else(|e| {
                panic!("{} unit {n}: {e}", army.key);
            });
            assert_eq!(unit.army, army.book, "{}", unit.name);
            match &unit.played {
                Ok(_) => counts[0] += 1,
                Err(why) => {
                    counts[1] += 1;
                    *reasons.entry(why.to_string()).or_default() += 1;
                }
            }
        }
        println!(
            "{:<20} {:>3} units: {:>3} play, {:>3} left out",
            army.key,
            names.len(),
            counts[0],
            counts[1]
        );
        total = [total[0] + counts[0], total[1] + counts[1]];
    }
    println!("all: {} play, {} left out", total[0], total[1]);
    for (why, n) in &reasons {
        println!("  {n:>3} left out: {why}");
    }
    assert!(total[0] > 900, "{total:?}");
}

#[test]
fn every_name_in_the_library_is_in_the_names_table() {
    let mut missing = Vec::new();
    let mut count = 0;
    for army in Library::shipped().armies() {
        for name in army.names().unwrap() {
            count += 1;
            if verdict_of(Some(&army.book), &name).is_none() {
                missing.push(format!("{}: {name}", army.book));
            }
        }
    }
    assert!(count > 3000, "{count} names");
    assert!(
        missing.is_empty(),
        "{} of {count} names not in data/names/, the first: {:#?}",
        missing.len(),
        &missing[..missing.len().min(40)]
    );
}

/// The Halberdiers of The Empire at their default pick, typed out: a
/// halberd, light armour, 6 points a model.
const HALBERDIERS: &str = "name = \"Halberdiers\"\ntype = \"infantry\"\nweapon = \"halberd\"\n\
    armour = \"light\"\npoints = 6\n[profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\n\
    i = 3\na = 1\nld = 7\n";

const ORC_BOY: &str = "scenarios/profiles/orc_boy.toml";

fn typed_halberdiers() -> String {
    written_in("library", "halberdiers.toml", HALBERDIERS)
}

/// The figures of a combat report, its words aside.
const FIGURES: [&str; 6] = [
    "p_attacker_wins",
    "p_defender_wins",
    "mean_attacker_casualties",
    "mean_defender_casualties",
    "attacker_points",
    "defender_points",
];

#[test]
fn a_combat_pick_plays_as_its_unit_typed_out() {
    let fight = |attacker: &str| {
        json(&[
            "combat",
            "--attacker",
            attacker,
            "--defender",
            &format!("{ORC_BOY}:20"),
            "--method",
            "exact",
        ])
    };
    let picked = fight("empire:halberdiers:20");
    let typed = fight(&format!("{}:20", typed_halberdiers()));
    for key in FIGURES {
        assert_eq!(picked[key], typed[key], "{key}");
    }
    assert_eq!(picked["attacker"], "20 Halberdiers (5 wide)");
    // Any case and punctuation, a word of the book's name.
    let again = fight("The EMPIRE:halberdier:20");
    assert_eq!(again["p_attacker_wins"], picked["p_attacker_wins"]);
}

#[test]
fn attacks_and_shots_take_a_pick_as_attacker_and_target() {
    let attacks = |attacker: &str, target: &str| {
        json(&[
            "attacks",
            "--attacker",
            attacker,
            "--models",
            "10",
            "--target",
            target,
        ])
    };
    let typed = typed_halberdiers();
    let keys = [
        "to_hit",
        "strength",
        "to_wound",
        "armour_save",
        "wounds_pmf",
        "points",
    ];
    let (picked, by_hand) = (
        attacks("empire:halberdiers", ORC_BOY),
        attacks(&typed, ORC_BOY),
    );
    let (struck, struck_by_hand) = (
        attacks(ORC_BOY, "empire:halberdiers"),
        attacks(ORC_BOY, &typed),
    );
    for key in keys {
        assert_eq!(picked[key], by_hand[key], "{key}");
        assert_eq!(struck[key], struck_by_hand[key], "{key}");
    }
    assert_eq!(picked["strength"], 4, "a halberd's +1 S");
    // A Handgunner shoots his handgun's S 4 with no --s.
    let shot = json(&[
        "shoot",
        "--attacker",
        "empire:handgunners",
        "--models",
        "10",
        "--target",
        ORC_BOY,
    ]);
    assert_eq!(
        (shot["strength"].as_u64(), shot["points"].as_f64()),
        (Some(4), Some(80.0))
    );
}

#[test]
fn a_sweep_and_a_comparison_take_picks() {
    let (attacker, defender) = ("empire:halberdiers:20", "orcs:orc boyz:20");
    let combat = json(&[
        "combat",
        "--attacker",
        attacker,
        "--defender",
        defender,
        "--method",
        "exact",
    ]);
    let sweep = json(&[
        "sweep",
        "--attacker",
        attacker,
        "--defender",
        defender,
        "--vary",
        "attacker.models=20..25:5",
        "--method",
        "exact",
    ]);
    let first = &sweep["sweep"][0];
    assert_eq!(
        first["p_attacker_wins"], combat["p_attacker_wins"],
        "{first}"
    );
    let compare = json(&[
        "compare",
        "--attacker",
        attacker,
        "--defender",
        defender,
        "--variant",
        "attacker.models=25",
        "--method",
        "exact",
    ]);
    let wins = &compare["compare"][0];
    assert_eq!(wins["a"], combat["p_attacker_wins"], "{compare}");
}

#[test]
fn a_character_picked_from_the_library_leads_the_unit() {
    let args = |character: Option<&'static str>| -> Vec<&'static str> {
        let mut a = vec![
            "combat",
            "--attacker",
            "empire:halberdiers:20",
            "--defender",
            "orcs:orc boyz:20",
        ];
        a.extend(["--method", "exact"]);
        a.extend(
            character
                .map(|c| ["--attacker-character", c])
                .into_iter()
                .flatten(),
        );
        a
    };
    let led = json(&args(Some("empire:captain")));
    let alone = json(&args(None));
    assert!(led["p_attacker_wins"].as_f64() > alone["p_attacker_wins"].as_f64());
    assert_eq!(led["attacker_points"], 170.0, "120 and the Captain's 50");
    // Saved as a scenario, the picks are the army and the unit's names.
    let path = written_in("library", "led.toml", "");
    let mut save = args(Some("empire:captain"));
    save.extend(["--write-scenario", &path]);
    stdout(&save);
    let scenario = std::fs::read_to_string(&path).unwrap();
    assert!(
        scenario.contains("roster = \"empire\"\nunit = \"captain\""),
        "{scenario}"
    );
    let replayed = json(&["combat", &path, "--method", "exact"]);
    assert_eq!(replayed["p_attacker_wins"], led["p_attacker_wins"]);
}

#[test]
fn a_query_file_takes_picks_as_written() {
    let query = |name: &str, attacker: &str, target: &str| {
        let text = format!(
            "query = \"attacks\"\nattacker = \"{attacker}\"\nmodels = 10\ntarget = \"{target}\"\n"
        );
        written_in("library", name, &text)
    };
    let picked = query("picked.toml", "empire:halberdiers", "orcs:orc boyz");
    let typed = query("typed.toml", &typed_halberdiers(), "orcs:orc boyz");
    let compared = json(&["compare", &picked, &typed, "--method", "exact"]);
    let figures = compared["compare"].as_array().unwrap();
    assert!(figures.len() > 3, "{compared}");
    for figure in figures {
        assert_eq!(figure["b_minus_a"], 0.0, "{figure}");
    }
}

#[test]
fn each_bad_pick_gets_one_line_naming_its_flag_and_what_is_accepted() {
    let cases = [
        ("elfs:spearmen", "--attacker: 'elfs:spearmen': no army 'elfs' (accepted: a roster file, or an army book: bretonnia, chaos-dwarfs,"),
        ("elves:spearmen", "'elves' fits 3 armies: dark-elves, high-elves, wood-elves (accepted: more of a name)"),
        ("empire:halbardiers", "no unit 'halbardiers' in The Empire (closest: 'Halberdiers',"),
        ("empire:halberdiers:5", "5 models of 'Halberdiers' (accepted: 10 or more)"),
        ("empire:captain:2", "2 models of 'Captain' (accepted: 1 to 1)"),
        ("empire:halberdiers:0", "'0' is not a model count from 1 to 500"),
        ("empire:", "no unit after the ':'"),
    ];
    for (pick, expected) in cases {
        let e = error(&["combat", "--attacker", pick, "--defender", ORC_BOY]);
        assert!(e.contains(expected), "{pick}: {e}");
        assert!(e.starts_with("error: --attacker: "), "{e}");
    }
    let e = error(&["units", "empire", "halbardiers"]);
    assert!(
        e.contains("UNIT: 'halbardiers': no unit 'halbardiers' in The Empire"),
        "{e}"
    );
}

#[test]
fn a_file_by_the_armys_name_wins() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("library_file");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy("scenarios/rosters/empire_500.ros", dir.join("empire")).unwrap();
    let out = mathhammer()
        .current_dir(&dir)
        .args([
            "attacks",
            "--attacker",
            "empire:Halberdiers",
            "--target",
            "empire:Spearmen",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let from_file: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let from_roster = json(&[
        "attacks",
        "--attacker",
        "scenarios/rosters/empire_500.ros:Halberdiers",
        "--target",
        "scenarios/rosters/empire_500.ros:Spearmen",
    ]);
    assert_eq!(from_file["points"], from_roster["points"]);
    assert_ne!(
        from_file["points"],
        json(&[
            "attacks",
            "--attacker",
            "empire:halberdiers",
            "--target",
            ORC_BOY
        ])["points"]
    );
}

/// How the library's unit `ours` and a roster's `theirs` (of `place`,
/// named when they are apart) compare: 0 alike, 1 apart by their points
/// only, 2 apart as played.
fn apart(
    ours: &mathhammer::roster::RosterUnit,
    theirs: &mathhammer::roster::RosterUnit,
    place: &str,
) -> usize {
    let (a, b) = (as_played(ours), as_played(theirs));
    let apart = match (a == b, ours.points == theirs.points) {
        (true, true) => 0,
        (true, false) => 1,
        (false, _) => 2,
    };
    if apart > 0 {
        println!(
            "  {place}: '{}' apart:\n    library {a} ({} pts)\n    roster  {b} ({} pts)",
            ours.name, ours.points, theirs.points
        );
    }
    apart
}

/// What of a unit the comparison with the corpus reads: its profile,
/// saves and blows as played, or why it is left out.
fn as_played(u: &mathhammer::roster::RosterUnit) -> String {
    match &u.played {
        Ok(p) => format!(
            "{:?} | {:?} | {:?} {:?} {:?} | {:?}",
            p.profile,
            p.saves_as_played(),
            p.weapon,
            p.armour,
            p.shield,
            p.mount
        ),
        Err(why) => format!("left out: {why}"),
    }
}

/// The units `data/units/corrections.toml` corrects, as (army key, unit):
/// they no longer play as the catalogue's rosters write them.
fn corrected_units() -> Vec<(String, String)> {
    let file: toml::Table =
        toml::from_str(include_str!("../../data/units/corrections.toml")).unwrap();
    let mut units: Vec<_> = file["correction"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["army"].as_str().unwrap().into(),
                c["unit"].as_str().unwrap().into(),
            )
        })
        .collect();
    units.dedup();
    units
}

#[test]
#[ignore = "needs the corpus's rosters: scripts/wfb6-rosters /tmp/wfb6 /tmp/r"]
fn a_library_unit_plays_as_the_same_unit_of_a_corpus_roster() {
    let folders = std::env::var("MATHHAMMER_ROSTERS").expect("MATHHAMMER_ROSTERS=DIR[:DIR...]");
    let library = Library::shipped();
    let corrected = corrected_units();
    // Units alike, their points only apart, as played apart, not found,
    // skipped as corrected.
    let mut all = [0; 5];
    for folder in folders.split(':') {
        let mut files: Vec<_> = std::fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().ends_with("_min_0.ros"))
            .collect();
        files.sort();
        for file in files {
            let counts = compared_with_roster(library, &file, &corrected);
            for (a, c) in all.iter_mut().zip(counts) {
                *a += c;
            }
        }
    }
    println!(
        "all: {} same, {} points apart, {} played apart, {} not found, \
         {} skipped (corrected by data/units/corrections.toml)",
        all[0], all[1], all[2], all[3], all[4]
    );
    assert!(all[0] > 0);
}

/// Each library unit of the army of corpus roster `file` (every unit at
/// its minimum) against the same unit of the roster: how many are alike,
/// apart by their points only, apart as played, not found, and skipped
/// (a unit of `corrected`).
fn compared_with_roster(
    library: &Library,
    file: &std::path::Path,
    corrected: &[(String, String)],
) -> [usize; 5] {
    let roster = mathhammer::roster::Roster::read(file).unwrap();
    let listed: Vec<_> = roster.units.iter().filter(|u| u.parent.is_none()).collect();
    let mut counts = [0; 5];
    let Some(army) = listed.first().map(|u| u.army.clone()) else {
        return counts;
    };
    let book = library.armies().iter().find(|a| a.book == army).unwrap();
    let mut rest = listed.iter();
    for n in 1..=book.unit_names().unwrap().len() {
        let unit = book.unit(&UnitKey::Number(n)).unwrap();
        if corrected.contains(&(book.key.clone(), unit.name.clone())) {
            counts[4] += 1;
            continue;
        }
        let Some(theirs) = rest.find(|u| u.name == unit.name) else {
            counts[3] += 1;
            println!("  {army}: '{}' not in {}", unit.name, file.display());
            rest = listed.iter();
            continue;
        };
        counts[apart(&unit, theirs, &army)] += 1;
    }
    println!(
        "{army:<20} {:>3} same, {:>3} points apart, {:>3} played apart, {:>3} not found, \
         {:>3} skipped",
        counts[0], counts[1], counts[2], counts[3], counts[4]
    );
    counts
}

#[test]
fn units_lists_the_armies_an_army_and_a_unit_with_its_options() {
    let armies = json(&["units"]);
    let listed = armies["armies"].as_array().unwrap();
    assert_eq!(listed.len(), Library::shipped().armies().len());
    assert!(listed
        .iter()
        .any(|a| a["key"] == "the-empire" && a["units"].as_u64() > Some(50)));
    let empire = json(&["units", "empire"]);
    let first = &empire["units"][0];
    assert_eq!(
        (first["name"].as_str(), first["category"].as_str()),
        (Some("Halberdiers"), Some("Core"))
    );
    assert_eq!(
        (
            first["points_per_model"].as_f64(),
            first["profile"]["WS"].as_str()
        ),
        (Some(6.0), Some("3"))
    );
    let unit = json(&["units", "empire", "halberdiers"]);
    assert_eq!(unit["army"], "The Empire");
    assert_eq!(unit["key"], "the-empire");
    assert_eq!(unit["models"], serde_json::json!({"min": 10, "max": null}));
    assert_eq!(unit["points_per_model"], 6.0);
    let played = &unit["unit"];
    assert_eq!(played["profiles"][0]["role"], "rank and file");
    assert!(
        played["plays_as"]
            .as_str()
            .unwrap()
            .starts_with("infantry, "),
        "{played}"
    );
    assert_eq!(played["save"], 6);
    let sergeant = serde_json::json!({"group": "Command group", "name": "Sergeant", "points": 10.0, "min": 0, "max": 1});
    assert!(
        unit["options"].as_array().unwrap().contains(&sergeant),
        "{}",
        unit["options"]
    );
    // The unit object is the roster listing's for the same unit.
    let text = stdout(&["units", "empire", "halberdiers"]);
    assert!(
        text.contains("plays as    infantry, M 10 cm WS 3"),
        "{text}"
    );
    // The tables of ours fit 80 columns (the unit's own lines are the
    // roster listing's).
    let options = text.split("Options").nth(1).unwrap();
    let ours = [
        stdout(&["units"]),
        stdout(&["units", "orcs"]),
        options.to_string(),
    ];
    for line in ours.iter().flat_map(|t| t.lines()) {
        assert!(line.chars().count() <= 80, "{line}");
    }
}

#[test]
fn the_armies_are_named_as_the_issue_types_them() {
    let library = Library::shipped();
    let key = |typed: &str| {
        library
            .army(typed)
            .map(|a| a.key.clone())
            .unwrap_or_else(|e| e.to_string())
    };
    for (typed, army) in [
        ("empire", "the-empire"),
        ("orcs", "orcs-and-goblins"),
        ("dwarfs", "dwarfs-2006"),
        ("dwarfs 2001", "dwarfs-2001"),
        ("Dwarfs (2001)", "dwarfs-2001"),
        ("vampire", "vampire-counts"),
        ("chaos", "forces-of-chaos"),
        ("chaos dwarfs", "chaos-dwarfs"),
        ("Elfos Oscuros", "dark-elves"),
    ] {
        assert_eq!(key(typed), army, "{typed}");
    }
}

/// Each unit of roster `file` that names an army book's unit, against the
/// same unit from the library with the list's models and options (RULES.md
/// Army books' units): alike, apart by their points only, played apart,
/// refused by the library (an option it does not find).
fn roster_against_library(library: &Library, file: &std::path::Path) -> [usize; 4] {
    let roster = mathhammer::roster::Roster::read(file).unwrap();
    let mut counts = [0; 4];
    for unit in roster.units.iter().filter(|u| u.parent.is_none()) {
        let Some(book) = library.armies().iter().find(|a| a.book == unit.army) else {
            continue;
        };
        if !book.unit_names().unwrap().contains(&unit.name.as_str()) {
            continue;
        }
        let key = UnitKey::Name(unit.name.clone());
        let models = Some(unit.models).filter(|m| *m > 0);
        let with = |options: Vec<String>| mathhammer::library::Choices {
            models,
            options,
            ..Default::default()
        };
        // An option the library has not (the roster written from another
        // version of the catalogue) is left out, and told.
        let (known, unknown): (Vec<String>, Vec<String>) = (unit.options.iter().cloned())
            .partition(|o| book.unit_chosen(&key, &with(vec![o.clone()])).is_ok());
        if !unknown.is_empty() {
            println!(
                "  {}: '{}' options the library has not: {unknown:?}",
                file.display(),
                unit.name
            );
        }
        let choices = with(known);
        let ours = match book.unit_chosen(&key, &choices) {
            Ok(ours) => ours,
            Err(r) => {
                counts[3] += 1;
                println!("  {}: '{}' refused: {}", file.display(), unit.name, r.why);
                continue;
            }
        };
        counts[apart(&ours, unit, &file.display().to_string())] += 1;
    }
    counts
}

#[test]
#[ignore = "needs the data repository's rosters: MATHHAMMER_ROSTERS=DATA_DIR/historic_battle_data"]
fn the_data_repositorys_rosters_units_play_as_the_library_with_their_options() {
    let folders = std::env::var("MATHHAMMER_ROSTERS").expect("MATHHAMMER_ROSTERS=DIR[:DIR...]");
    let library = Library::shipped();
    let mut files = Vec::new();
    for dir in folders.split(':') {
        crate::corpus::rosters(std::path::Path::new(dir), &mut files);
    }
    let mut all = [0; 4];
    for file in files
        .iter()
        .filter(|f| !f.to_string_lossy().contains("_min_"))
    {
        let counts = roster_against_library(library, file);
        all = std::array::from_fn(|i| all[i] + counts[i]);
    }
    println!(
        "{} rosters: {} same, {} points apart, {} played apart, {} refused",
        files.len(),
        all[0],
        all[1],
        all[2],
        all[3]
    );
    assert!(all[0] > 0);
}
