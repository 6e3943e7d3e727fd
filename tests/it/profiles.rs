//! Profile files: every shipped one loads and runs; bad ones give one error
//! naming the file, line, column and field, with the accepted values.

use mathhammer::profile::ProfileFile;
use mathhammer::scenario::{load, parse};
use std::path::Path;

const GOOD: &str = r#"name = "Test"
type = "infantry"
weapon = "halberd"
armour = "light"

[profile]
m = 10
ws = 3
bs = 3
s = 3
t = 3
w = 1
i = 3
a = 1
ld = 7
"#;

fn error_of(text: &str) -> String {
    parse::<ProfileFile>(text, "bad.toml")
        .unwrap_err()
        .to_string()
}

#[test]
fn shipped_profiles_load() {
    let mut n = 0;
    for entry in
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/profiles")).unwrap()
    {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let file: ProfileFile = load(&path).unwrap_or_else(|e| panic!("{e}"));
            assert!(!file.name.is_empty());
            n += 1;
        }
    }
    assert!(n >= 9, "{n} profiles");
    assert!(parse::<ProfileFile>(GOOD, "good.toml").is_ok());
}

#[test]
fn out_of_range_value_names_line_and_field() {
    let e = error_of(&GOOD.replace("ws = 3", "ws = 0"));
    assert_eq!(e, "bad.toml:8:6: ws: 0 is out of range (accepted: 1 to 10)");
    let e = error_of(&GOOD.replace("w = 1", "w = 25"));
    assert!(
        e.starts_with("bad.toml:12:5: w: 25 is out of range (accepted: 1 to 20)"),
        "{e}"
    );
}

#[test]
fn unknown_field_lists_the_known_ones() {
    let e = error_of(&GOOD.replace("weapon = ", "wepon = "));
    assert!(e.starts_with("bad.toml:3:1: "), "{e}");
    assert!(
        e.contains("unknown field `wepon`") && e.contains("`weapon`"),
        "{e}"
    );
}

#[test]
fn unknown_rule_and_weapon_list_the_accepted_values() {
    let e = error_of(&GOOD.replace(
        "armour = \"light\"",
        "armour = \"light\"\nrules = [\"poison\", \"posion\"]",
    ));
    assert!(e.starts_with("bad.toml:5:"), "{e}");
    assert!(
        e.contains("posion") && e.contains("killing-blow") && e.contains("multiple-wounds-d3"),
        "{e}"
    );
    let e = error_of(&GOOD.replace("\"halberd\"", "\"trident\""));
    assert!(e.starts_with("bad.toml:3:10: weapon: "), "{e}");
    assert!(e.contains("trident") && e.contains("great-weapon"), "{e}");
}

#[test]
fn wrong_types_and_missing_tables() {
    let e = error_of(&GOOD.replace("t = 3", "t = \"three\""));
    assert!(e.starts_with("bad.toml:11:5: t: "), "{e}");
    let e = error_of(&GOOD[..GOOD.find("[profile]").unwrap()]);
    assert!(e.contains("missing field `profile`"), "{e}");
    let e = load::<ProfileFile>(Path::new("no/such/file.toml"))
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("no/such/file.toml: cannot read the file"),
        "{e}"
    );
}
