//! A roster cut for a shared link (`roster::for_link`): the cut of each
//! unit reads as the same unit (profiles, gear, rules, points, the unit as
//! played) under its new number, the whole-list cut gives the same
//! listing, and both are smaller than the file. Over the shipped rosters
//! here; over the public data in `corpus::every_roster_cut_for_a_link_reads_the_same`
//! (`scripts/corpus`).

use mathhammer::roster::{for_link, listing, Roster};
use std::path::Path;

/// Checks every cut of roster file `path` and returns the sizes: the
/// XML's, the whole-list cut's and the largest one-unit cut's.
pub(crate) fn check(path: &Path) -> (usize, usize, usize) {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).unwrap();
    let text = Roster::xml_text(&shown, &bytes).unwrap();
    let whole = Roster::from_bytes(&shown, &bytes).unwrap();
    let all = for_link(&text, None).unwrap();
    let cut = Roster::from_bytes("cut.ros", all.text.as_bytes()).unwrap();
    assert_eq!(listing::json(&cut), listing::json(&whole), "{shown}");
    assert!(all.text.len() < text.len(), "{shown}: not cut");
    let general = whole
        .units
        .iter()
        .find(|u| u.played.as_ref().is_ok_and(|p| p.general))
        .map(|u| u.number);
    let mut largest = 0;
    for unit in &whole.units {
        let one = for_link(&text, Some(&[unit.number])).unwrap();
        let cut = Roster::from_bytes("cut.ros", one.text.as_bytes()).unwrap();
        let new = one.numbers[&unit.number];
        assert_eq!(
            entry(&listing::json(&cut), new),
            entry(&listing::json(&whole), unit.number),
            "{shown}: unit {}",
            unit.number
        );
        // The General comes along for --general-near.
        assert_eq!(cut.general_ld(), whole.general_ld(), "{shown}");
        if whole.units.len() > 2 && general.is_some_and(|g| g != unit.number) {
            assert!(
                cut.units.len() < whole.units.len(),
                "{shown}: {}",
                unit.name
            );
        }
        largest = largest.max(one.text.len());
    }
    (text.len(), all.text.len(), largest)
}

/// Unit `number`'s entry of a `roster --json` listing, without its number
/// and its parent's (they are the cut's).
fn entry(listing: &str, number: usize) -> serde_json::Value {
    let v: serde_json::Value = serde_json::from_str(listing).unwrap();
    let mut unit = v["units"][number - 1].clone();
    unit["number"] = serde_json::Value::Null;
    unit["parent"] = serde_json::Value::Null;
    unit
}

#[test]
fn the_shipped_rosters_cut_for_links_read_the_same() {
    for file in ["empire_500.ros", "orcs_500.ros"] {
        let (file_size, whole, unit) = check(&Path::new("scenarios/rosters").join(file));
        // Rule descriptions and the rest the reader skips are gone.
        assert!(whole < file_size, "{file}: {whole} of {file_size}");
        assert!(unit * 2 < whole, "{file}: a unit {unit} of {whole}");
    }
}

#[test]
fn a_picked_unit_is_renumbered_and_the_general_kept() {
    let text = std::fs::read_to_string("scenarios/rosters/orcs_500.ros").unwrap();
    // 1 is the Big Boss, the General; 4 the Boar Boyz.
    let cut = for_link(&text, Some(&[4])).unwrap();
    assert_eq!(
        cut.numbers.into_iter().collect::<Vec<_>>(),
        [(1, 1), (4, 2)]
    );
    let roster = Roster::from_bytes("cut.ros", cut.text.as_bytes()).unwrap();
    let names: Vec<&str> = roster.units.iter().map(|u| u.name.as_str()).collect();
    assert_eq!(names, ["Orc Big Boss", "Orc Boar Boyz"]);
    assert!(!cut.text.contains("<description>"), "{}", cut.text);
    // A number the roster has not is passed over.
    assert_eq!(for_link(&text, Some(&[99])).unwrap().numbers.len(), 1);
}

#[test]
fn a_fight_of_cut_rosters_gives_the_same_answer() {
    let dir = std::env::temp_dir().join(format!("mathhammer-link-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Each cut keeps the characters fielded in its unit; one that would
    // field a character elsewhere (the Empire's Captain, who leads its
    // Halberdiers, would lead the Spearmen of a cut list) is the whole list.
    let cut = |file: &str, unit: usize| {
        let text = std::fs::read_to_string(Path::new("scenarios/rosters").join(file)).unwrap();
        let one = mathhammer::army::link::for_link(&text, Some(&[unit])).unwrap();
        let path = dir.join(file);
        std::fs::write(&path, &one.text).unwrap();
        (
            format!("{}:{}", path.display(), one.numbers[&unit]),
            one.numbers.len(),
        )
    };
    let fight = |attacker: &str, defender: &str| {
        crate::common::run::stdout(&[
            "combat",
            "--attacker",
            attacker,
            "--defender",
            defender,
            "--general-near",
            "--method",
            "exact",
            "--json",
        ])
    };
    // The Orc Boyz with their Big Boss, the Empire's Spearmen.
    let original = fight(
        "scenarios/rosters/orcs_500.ros:2",
        "scenarios/rosters/empire_500.ros:3",
    );
    let ((orcs, kept_orcs), (empire, kept_empire)) =
        (cut("orcs_500.ros", 2), cut("empire_500.ros", 3));
    assert_eq!((kept_orcs, kept_empire), (2, 5));
    let linked = fight(&orcs, &empire);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        linked.replace(&dir.display().to_string(), "scenarios/rosters"),
        original
    );
}

#[test]
fn a_cut_keeps_the_armys_own_rules() {
    // The Dwarfs' army rules, a selection of no unit, reach the Warriors
    // kept in a one-unit cut as they do in the list.
    use crate::common::roster::{army_xml, cost, item, model, rule, sel, with};
    let unit = |name: &str| {
        let m = sel(
            "model",
            "Dwarf",
            10,
            &[model("Dwarf", "3 4 3 3 4 1 2 1 9 - - 1 20x20")],
            &[],
        );
        with(sel("unit", name, 1, &[], &[m]), &cost(100))
    };
    let rules = rule(
        rule(
            item("Forces of Dwarfs' Army Rules"),
            "Ancestral Grudge (hate Greenskins)",
        ),
        "Resolute",
    );
    let text = army_xml(
        "Dwarfs (2001)",
        300,
        &[
            unit("Longbeards"),
            rules,
            unit("Dwarf Warriors"),
            unit("Ironbreakers"),
        ],
    );
    let one = for_link(&text, Some(&[2])).unwrap();
    assert_eq!(one.numbers.into_iter().collect::<Vec<_>>(), [(2, 1)]);
    let cut = Roster::from_bytes("cut.ros", one.text.as_bytes()).unwrap();
    assert_eq!(cut.units.len(), 1);
    assert_eq!(cut.units[0].name, "Dwarf Warriors");
    assert_eq!(
        cut.units[0].played.as_ref().unwrap().hates,
        ["Orcs and Goblins"]
    );
}
