//! The figures an answer leads with, chosen by the fight: the flee's
//! outcomes first where the target may flee, the fight's where it holds,
//! none zero; the same in the readable table and `--html`; labels in the
//! units' names, following who charges, in either language.

use crate::common::run::{json, stdout};

const FLAGSHIP: &str = "scenarios/boar_boyz_charge_spearmen.toml";

/// Savage Orc Boyz with their Warboss charge Spearmen who flee (the
/// issue's fight, from the army books).
const FLEE: &[&str] = &[
    "combat",
    "--attacker",
    "orcs:savage orc boyz",
    "--attacker-character",
    "orcs:orc warboss",
    "--defender",
    "empire:spearmen",
    "--reaction",
    "flee",
];

/// The keys and values of the `--html` headline, in order.
fn html_headline(args: &[&str]) -> Vec<(String, String)> {
    let html = stdout(&[args, &["--html"]].concat());
    let start = html.find("<dl class=\"headline\">").expect("a headline");
    let end = html[start..].find("</dl>").unwrap() + start;
    html[start..end]
        .split("<div data-key=\"")
        .skip(1)
        .map(|div| {
            let (key, rest) = div.split_once('"').unwrap();
            let value = rest.split("<dd>").nth(1).unwrap().split("</dd>").next();
            (key.to_string(), value.unwrap().to_string())
        })
        .collect()
}

/// The readable table's headline block: the lines between the facts and
/// the figures' table.
fn text_headline(args: &[&str]) -> Vec<String> {
    let out = stdout(args);
    let blocks: Vec<&str> = out.split("\n\n").collect();
    // Summary, facts, headline, figures.
    blocks[2].lines().map(str::to_string).collect()
}

fn is_zero(shown: &str) -> bool {
    shown == "0" || shown == "0%" || shown.starts_with("0% ") || shown.starts_with("0 ")
}

#[test]
fn a_target_that_flees_leads_with_the_flees_outcomes_and_no_zero() {
    let shown = html_headline(FLEE);
    let keys: Vec<&str> = shown.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys[..2], ["p_target_fled", "p_target_caught"], "{shown:?}");
    assert!(shown.len() <= 8, "{shown:?}");
    assert!(shown.iter().all(|(_, v)| !is_zero(v)), "{shown:?}");
    // No fight is fought: none of its figures leads.
    assert!(!keys.contains(&"p_defender_wins"), "{shown:?}");
    let v = json(FLEE);
    let fled = v["p_target_fled"].as_f64().unwrap();
    assert_eq!(shown[0].1, format!("{:.1}%", fled * 100.0), "{shown:?}");
    let text = text_headline(FLEE);
    assert!(
        text[0].starts_with("P(Spearmen flee and escape) "),
        "{text:?}"
    );
    assert!(
        text[1].starts_with("P(Spearmen flee and are caught) "),
        "{text:?}"
    );
    assert_eq!(text.len(), shown.len(), "{text:?}");
    for line in &text {
        let value = line.rsplit("  ").next().unwrap().trim();
        assert!(!is_zero(value), "{line}");
    }
    // The table below keeps every figure, zero or not, to four decimals.
    let out = stdout(FLEE);
    assert!(out.contains("P(charge fails)"), "{out}");
    assert!(out.contains(&format!("{:.4}%", fled * 100.0)), "{out}");
}

#[test]
fn a_held_charge_leads_with_wins_and_breaks() {
    let shown = html_headline(&["combat", FLAGSHIP]);
    let keys: Vec<&str> = shown.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        keys[..4],
        [
            "p_attacker_wins",
            "p_defender_wins",
            "p_defender_breaks",
            "p_defender_caught"
        ],
        "{shown:?}"
    );
    assert!(!keys.contains(&"p_target_fled"), "{shown:?}");
    assert!(!keys.contains(&"p_charge_fails"), "{shown:?}");
    assert!(shown.iter().all(|(_, v)| !is_zero(v)), "{shown:?}");
    let text = text_headline(&["combat", FLAGSHIP]);
    assert!(text[0].starts_with("P(Orc boar boy wins) "), "{text:?}");
    assert!(text[0].ends_with(" 5.1%"), "{text:?}");
}

/// Big 'Uns charge Halberdiers: `--attacker` is the charged unit.
const DEFENDER_CHARGES: &[&str] = &[
    "combat",
    "--attacker",
    "scenarios/rosters/empire_500.ros:2",
    "--defender",
    "orcs:big uns",
    "--charger",
    "defender",
];

#[test]
fn labels_follow_who_charges_in_either_language() {
    let v = json(DEFENDER_CHARGES);
    let halberdiers = v["p_attacker_wins"].as_f64().unwrap();
    let out = stdout(DEFENDER_CHARGES);
    let row = format!("{:.4}%", halberdiers * 100.0);
    assert!(
        (out.lines()).any(|l| l.starts_with("P(Halberdiers win) ") && l.ends_with(&row)),
        "{out}"
    );
    assert!(
        out.contains("P(Orc Big 'Uns break and are caught)"),
        "{out}"
    );
    assert!(out.contains("losses of Halberdiers"), "{out}");
    assert!(out.contains("\ncharged "), "{out}");
    assert!(!out.contains("attacker"), "{out}");
    assert!(!out.contains("defender"), "{out}");
    let es = stdout(&[DEFENDER_CHARGES, &["--lang", "es"]].concat());
    assert!(es.contains("P(Halberdiers ganan)"), "{es}");
    assert!(es.contains("puntos de Halberdiers"), "{es}");
    assert!(!es.contains("atacante"), "{es}");
    // Units of one name: by their roles, the charged unit never the
    // attacker.
    let orcs = "scenarios/profiles/orc_boy.toml:10";
    let alike = [
        "combat",
        "--attacker",
        orcs,
        "--defender",
        orcs,
        "--charger",
        "defender",
    ];
    let v = json(&alike);
    let charger = v["p_defender_wins"].as_f64().unwrap();
    let out = stdout(&alike);
    let row = format!("{:.4}%", charger * 100.0);
    assert!(
        (out.lines()).any(|l| l.starts_with("P(charger wins) ") && l.ends_with(&row)),
        "{out}"
    );
    assert!(out.contains("P(charged wins)"), "{out}");
    assert!(!out.contains("P(attacker"), "{out}");
    let es = stdout(&[&alike[..], &["--lang", "es"]].concat());
    assert!(es.contains("P(cargador gana)"), "{es}");
}

/// A battle line's labels agree with each unit's name: a unit of many
/// whose name reads as many "have" fled, in English and Spanish; one
/// model, or a name that reads as one, "has".
#[test]
fn a_battle_lines_labels_agree_with_its_units_names() {
    let line = "scenarios/lines/cavalry_flee_past_spearmen.toml";
    let out = stdout(&["panic", line]);
    assert!(out.contains("P(Spearmen have fled by the end)"), "{out}");
    assert!(!out.contains("Spearmen has fled"), "{out}");
    let es = stdout(&["panic", line, "--lang", "es"]);
    assert!(es.contains("P(Spearmen han huido al final)"), "{es}");
    let one = stdout(&["panic", line, "--set", "unit.1.models=1"]);
    assert!(one.contains("P(Spearmen has fled by the end)"), "{one}");
}
