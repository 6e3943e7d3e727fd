//! `--lang es` reaches the error line too: bad flags, clap's own refusals,
//! typos in scenario, query and battle-line files, rosters and `--set`,
//! each written in Spanish with no English word left; the values a user
//! types (field names, keys, accepted names) stay as written.

use crate::common::run::mathhammer;
use std::path::PathBuf;

const FLAGSHIP: &str = "scenarios/boar_boyz_charge_spearmen.toml";
const ORCS: &str = "scenarios/rosters/orcs_500.ros";
const LINE: &str = "scenarios/lines/spearmen_break_in_the_line.toml";

/// English words that are no Spanish word: any left in a Spanish error
/// line is an untranslated message.
const ENGLISH: &[&str] = &[
    "above", "accepted", "already", "and", "are", "at", "be", "below", "cannot", "change", "does",
    "expected", "field", "file", "for", "found", "from", "given", "has", "invalid", "is", "it",
    "its", "missing", "most", "must", "needs", "not", "number", "of", "one", "only", "or", "out",
    "range", "read", "required", "the", "there", "this", "to", "twice", "unknown", "value",
    "values", "whole", "with", "would",
];

/// The English words of `line` outside what the user typed: quoted and
/// backticked values, paths, keys and flags are dropped first.
fn english_left(line: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut inside: Option<char> = None;
    for c in line.chars() {
        match inside {
            Some(q) if c == q => inside = None,
            Some(_) => {}
            None if matches!(c, '`' | '"') => inside = Some(c),
            None => plain.push(c),
        }
    }
    plain
        .split(|c: char| c.is_whitespace() || ",;:()[]<>'".contains(c))
        .filter(|w| !w.contains(|c: char| "._-/=+".contains(c) || c.is_ascii_digit()))
        .filter(|w| ENGLISH.contains(&w.to_lowercase().as_str()))
        .map(str::to_string)
        .collect()
}

/// The error line of `args`, which must fail with exit code 2.
fn error_line(args: &[&str]) -> String {
    let out = mathhammer().args(args).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    stderr.trim_end().to_string()
}

/// The flagship with `edit` made, in this file's temporary folder.
fn flagship_with(name: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    crate::common::run::flagship_with("lang_errors", name, edit)
}

fn file_cases() -> Vec<PathBuf> {
    let once = |from: &'static str, to: &'static str| move |t: &str| t.replacen(from, to, 1);
    vec![
        flagship_with("typo.toml", once("models = 5", "modls = 5")),
        flagship_with("word.toml", once("models = 5", "models = \"x\"")),
        flagship_with("bare.toml", once("models = 5", "models = x")),
        flagship_with("decimal.toml", once("models = 5", "models = 2.5")),
        flagship_with("unclosed.toml", once("[attacker]", "[attacker")),
        flagship_with("twice.toml", once("models = 5", "models = 5\nmodels = 6")),
        flagship_with(
            "weapon.toml",
            once("models = 5", "models = 5\nweapon = \"sword\""),
        ),
        flagship_with(
            "rule.toml",
            once("models = 5", "models = 5\nrules = [\"fearr\"]"),
        ),
        flagship_with("nofile.toml", once("orc_boar_boy.toml", "nope.toml")),
        flagship_with("date.toml", |t| {
            let at = t.find("profile_file = \"").unwrap();
            let end = at + t[at..].find('\n').unwrap();
            format!("{}profile_file = 1979-05-27{}", &t[..at], &t[end..])
        }),
        flagship_with("points.toml", once("models = 5", "models = 5\npoints = -3")),
    ]
}

const CLI_CASES: &[&str] = &[
    "charge --move 0 --distance 5",
    "charge --move abc --distance 5",
    "charge --move 10 --distance -1",
    "charge --move 10 --distance 5 --reaction run",
    "charge --move 10 --distance 5 --reaction flee",
    "charge --move 10 --distance 5 --json --csv",
    "charge --distance 5",
    "charge --move 10 --distance 5 --bogus",
    "charge --move 10 --distance 5 --trials lots",
    "charge --move 10 --distance 5 --precision 0.7",
    "charge --move 10 --distance 5 --seed -1",
    "charge --move 10 --distance 5 --plot chart.png",
    "charge --move 2 --distance 5 --barding",
    "flee --move 10 --pursuer-flies",
    "leadership --ld 7.5",
    "leadership --ld 11",
    "leadership --ld 7 --modifier -inf",
    "attacks --ws 3 --s 3 --target-ws 3 --target-t 3 --rules fear,stubborn",
    "attacks --ws 3 --s 3 --target-ws 3 --target-t 3 --target-armour none,heavy",
    "attacks --ws 3 --s 3 --target-ws 3 --target-t 3 --target-armour light,heavy",
    "shoot --models 5 --bs 3 --s 3 --shots 0 --target-t 3",
    "panic --unit-strength 15 --ld 7",
    "attack",
];

#[test]
fn every_error_reads_in_spanish() {
    let mut lines: Vec<Vec<String>> = CLI_CASES
        .iter()
        .map(|c| c.split_whitespace().map(String::from).collect())
        .collect();
    for f in file_cases() {
        lines.push(vec!["combat".into(), f.display().to_string()]);
    }
    for set in [
        "attacker.models=0",
        "attacker.bogus=1",
        "nonsense",
        "attacker.weapon=sword",
    ] {
        lines.push(
            ["combat", FLAGSHIP, "--set", set]
                .map(String::from)
                .to_vec(),
        );
    }
    lines.push(
        ["panic", LINE, "--set", "unit.9.models=3"]
            .map(String::from)
            .to_vec(),
    );
    lines.push(
        ["sweep", FLAGSHIP, "--vary", "attacker.models=30..10"]
            .map(String::from)
            .to_vec(),
    );
    for unit in ["Boyzz", "99"] {
        lines.push(vec![
            "combat".into(),
            "--attacker".into(),
            format!("{ORCS}:{unit}"),
            "--defender".into(),
            format!("{ORCS}:1"),
        ]);
    }
    let mut wrong = Vec::new();
    for args in &lines {
        let mut english: Vec<&str> = args.iter().map(String::as_str).collect();
        let en = error_line(&english);
        english.extend(["--lang", "es"]);
        let es = error_line(&english);
        let left = english_left(&es);
        if es == en || !left.is_empty() {
            wrong.push(format!("{args:?}\n  {es}\n  English: {left:?}"));
        }
    }
    assert!(wrong.is_empty(), "not in Spanish:\n{}", wrong.join("\n"));
}

#[test]
fn the_check_finds_an_english_word_but_not_a_users_value() {
    assert_eq!(
        english_left("error: --ld: 11 is out of range (aceptado: de 2 a 10)"),
        ["is", "out", "of", "range"]
    );
    assert!(english_left(
        "error: t.toml:7:1: campo desconocido `the_field`; se esperaba uno de `of`"
    )
    .is_empty());
}
