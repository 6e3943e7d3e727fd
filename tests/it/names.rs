//! The names table (`data/names/`) against every name of the WFB6 data
//! (`tests/data/wfb6-names.txt`): each classified, every part of the
//! folder read, and the guide's table of names written from them.

use mathhammer::roster::names::{part_files, verdict_of, Kind};
use std::collections::BTreeMap;
use std::path::Path;

/// The data's names: (army, name); `None` for the game system's.
fn data_names() -> Vec<(Option<String>, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/wfb6-names.txt");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (army, name) = l.split_once('\t').expect("ARMY<TAB>NAME");
            let army = (army != "*").then(|| army.to_string());
            (army, name.to_string())
        })
        .collect()
}

#[test]
fn every_name_of_the_data_is_classified() {
    let names = data_names();
    assert!(names.len() > 4000, "{} names", names.len());
    let missing: Vec<String> = names
        .iter()
        .filter(|(army, name)| verdict_of(army.as_deref(), name).is_none())
        .map(|(army, name)| format!("{}: {name}", army.as_deref().unwrap_or("*")))
        .collect();
    assert!(
        missing.is_empty(),
        "{} names not in data/names/, the first: {:#?}",
        missing.len(),
        &missing[..missing.len().min(40)]
    );
}

#[test]
fn every_part_of_the_folder_is_read() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/names");
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let mut read: Vec<String> = part_files().map(|f| format!("{f}.toml")).collect();
    read.sort();
    assert_eq!(on_disk, read);
}

/// The guide's table: per army, its names and how many are played,
/// decide nothing in a fight, or are not played yet.
fn readme_table() -> String {
    let mut by_army: BTreeMap<String, [usize; 3]> = BTreeMap::new();
    for (army, name) in data_names() {
        let kind = verdict_of(army.as_deref(), &name);
        let row = by_army
            .entry(army.unwrap_or_else(|| "the rulebook (game system)".into()))
            .or_default();
        match kind {
            Some(Kind::Played) => row[0] += 1,
            Some(Kind::NoEffect) => row[1] += 1,
            Some(Kind::NotPlayed) | None => row[2] += 1,
        }
    }
    let mut out = String::from(
        "| army | names | played | no effect in a fight | not played yet |\n|---|---:|---:|---:|---:|\n",
    );
    let mut all = [0; 3];
    for (army, row) in &by_army {
        let n: usize = row.iter().sum();
        out += &format!("| {army} | {n} | {} | {} | {} |\n", row[0], row[1], row[2]);
        for (a, r) in all.iter_mut().zip(row) {
            *a += r;
        }
    }
    let n: usize = all.iter().sum();
    out += &format!("| all | {n} | {} | {} | {} |\n", all[0], all[1], all[2]);
    out
}

#[test]
fn the_readmes_table_of_names_is_the_tables() {
    let readme_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("GUIDE.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let (start, end) = (
        "<!-- names table: tests/it/names.rs -->\n",
        "<!-- end of names table -->",
    );
    let from = readme.find(start).expect("the guide's names table") + start.len();
    let to = readme[from..].find(end).expect("its end") + from;
    let table = readme_table();
    if std::env::var_os("MATHHAMMER_WRITE_README").is_some() {
        let new = format!("{}{table}{}", &readme[..from], &readme[to..]);
        std::fs::write(&readme_path, new).unwrap();
        return;
    }
    assert_eq!(
        readme[from..to],
        table,
        "the guide's names table is not the table's: MATHHAMMER_WRITE_README=1 cargo test --test it names writes it"
    );
}

/// The data's unit, model and profile names by army
/// (`tests/data/wfb6-units.txt`).
fn data_units() -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/wfb6-units.txt");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (army, name) = l.split_once('\t').expect("ARMY<TAB>NAME");
            (army.to_string(), name.to_string())
        })
        .collect()
}

#[test]
fn every_rule_an_army_gives_is_classified_and_played_once() {
    let problems = mathhammer::roster::names::unit_kind_problems();
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn every_unit_an_army_rule_names_is_one_of_its_armys() {
    let units = data_units();
    assert!(units.len() > 4000, "{} names", units.len());
    let key = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let kinds = mathhammer::roster::names::unit_kind_names();
    assert!(kinds.len() >= 15, "{} kinds", kinds.len());
    let unknown: Vec<String> = kinds
        .iter()
        .flat_map(|(army, kind, names)| names.iter().map(move |n| (army, kind, n)))
        .filter(|(army, _, n)| !units.iter().any(|(a, u)| a == *army && key(u) == key(n)))
        .map(|(army, kind, n)| format!("{army}: {kind}: {n}"))
        .collect();
    assert!(
        unknown.is_empty(),
        "names no unit of the army: {unknown:#?}"
    );
}

/// Words of a reason that say a name changes a move, a charge, a flight,
/// a pursuit, ranks, a break test or psychology: what `charge`, `combat`
/// with a distance, `panic` and the matchup's plan answer (issue 47).
const MOVING_WORDS: [&str; 10] = [
    "move", "charge", "flee", "fled", "pursu", "rank", "break", "panic", "fear", "terror",
];

/// Names whose reason says such a word and that truly decide nothing the
/// tool answers, reviewed one by one: (name as matched, why).
const NO_EFFECT_THOUGH_MOVING: [(&str, &str); 14] = [
    (
        "special movement",
        "a random move: the profile's M dice, played from it",
    ),
    (
        "mixed formation",
        "casualties from the rear ranks: how the fights take them already",
    ),
    (
        "casket war machines",
        "says only that the war machine cannot move",
    ),
    (
        "summon bats",
        "a spell raising a new unit: no unit of a fight changes",
    ),
    (
        "summon ghouls",
        "a spell raising a new unit: no unit of a fight changes",
    ),
    (
        "summon wolves",
        "a spell raising a new unit: no unit of a fight changes",
    ),
    (
        "master rune of disguise",
        "deployment: hidden until it moves or shoots",
    ),
    (
        "strollaz's rune",
        "deployment: a move before the first turn",
    ),
    (
        "aura of the fey",
        "deployment: where the Green Knight appears",
    ),
    (
        "guardian of the sacred sites",
        "deployment: where the Green Knight appears",
    ),
    ("fungas brew", "a scenario's barrel, outside any fight"),
    (
        "single model",
        "a lone model: the tool plays it as a unit of one",
    ),
    (
        "single model doomseeker",
        "a lone model: the tool plays it as a unit of one",
    ),
    (
        "gobbla the cave squig",
        "he and Skarsnik as one unit on Skarsnik's Ld: as the tool plays them",
    ),
];

#[test]
fn no_name_that_changes_a_move_or_a_charge_is_excused_as_no_effect() {
    let no_effect = mathhammer::roster::names::no_effect_names();
    // Each reviewed exception is still a name of no effect.
    for (name, _) in NO_EFFECT_THOUGH_MOVING {
        assert!(no_effect.iter().any(|(_, n, _)| n == name), "{name}");
    }
    let excused: Vec<String> = no_effect
        .into_iter()
        .filter(|(_, _, why)| {
            let why = why.to_lowercase();
            MOVING_WORDS.iter().any(|w| why.contains(w))
        })
        .filter(|(_, name, _)| !NO_EFFECT_THOUGH_MOVING.iter().any(|(n, _)| n == name))
        .map(|(army, name, why)| format!("{army}: {name}: {why}"))
        .collect();
    assert!(
        excused.is_empty(),
        "{} names change a move or a charge yet are classed no_effect (play them, say not_played with why, or review them into NO_EFFECT_THOUGH_MOVING): {excused:#?}",
        excused.len()
    );
}
