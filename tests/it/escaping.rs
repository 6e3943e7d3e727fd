//! Control and bidirectional-override characters typed or read are shown
//! escaped (`\n`, `\u{202e}`) where an error or the text report echoes
//! them: an error stays one line, a name cannot reorder its line.

use crate::common::run::{error, mathhammer, stdout};

/// Whether `text` holds a character that breaks or reorders a line
/// (but the newline that ends it).
fn raw(text: &str) -> bool {
    (text.trim_end_matches('\n').chars())
        .any(|c| c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'))
}

#[test]
fn a_typed_newline_or_override_is_escaped_in_the_error() {
    for (typed, shown) in [
        ("Zzz\nQqq", "Zzz\\nQqq"),
        ("Zzz\rQqq", "Zzz\\rQqq"),
        ("Zzz\u{202e}qqQ", "Zzz\\u{202e}qqQ"),
        ("Zzz\u{2066}Qqq\u{2069}", "Zzz\\u{2066}Qqq\\u{2069}"),
    ] {
        let pick = format!("scenarios/rosters/orcs_500.ros:{typed}");
        let e = error(&[
            "combat",
            "--attacker",
            &pick,
            "--defender",
            "scenarios/profiles/orc_boy.toml:10",
        ]);
        assert!(!raw(&e), "{e:?}");
        assert!(e.contains(shown), "{e:?}");
    }
}

#[test]
fn a_name_read_is_escaped_in_the_text_report() {
    let out = stdout(&[
        "combat",
        "scenarios/boar_boyz_charge_spearmen.toml",
        "--method",
        "exact",
        "--set",
        "attacker.name=\"Boar\\u202eBoyz\\nx\\ry\"",
    ]);
    assert!(out.contains("Boar\\u{202e}Boyz\\nx\\ry"), "{out}");
    assert!(!out.lines().any(raw), "{out}");
    assert!(!out.contains('\r') && !out.contains('\u{202e}'));
    // JSON carries the name as it is (its strings escape it).
    let json = mathhammer()
        .args(["combat", "scenarios/boar_boyz_charge_spearmen.toml"])
        .args(["--method", "exact", "--json", "--set"])
        .arg("attacker.name=\"Boar\\u202eBoyz\"")
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(json.to_string().contains("Boar\u{202e}Boyz"), "{json}");
}

#[test]
fn a_name_read_from_a_roster_is_escaped_in_its_listing() {
    let dir = std::env::temp_dir().join(format!("mathhammer-esc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let roster = dir.join("orcs.ros");
    let text = std::fs::read_to_string("scenarios/rosters/orcs_500.ros").unwrap();
    let text = text.replacen("name=\"Orc Boyz\"", "name=\"Orc&#x202E;Boyz&#10;x\"", 1);
    assert!(text.contains("&#x202E;"));
    std::fs::write(&roster, text).unwrap();
    let out = stdout(&["roster", roster.to_str().unwrap()]);
    // The reader makes a newline a space; the override stays, escaped.
    assert!(out.contains("Orc\\u{202e}Boyz x"), "{out}");
    assert!(!out.lines().any(raw), "{out}");
}
