//! Reading a roster whatever it holds: values written beside their numbers
//! or as dice, units outside `unit` selections, points that add up or say
//! where the rest went, and files shaped to hurt a reader (names with line
//! breaks, selections nested thousands deep, 100,000 attributes or rules,
//! an endless file), each read, or refused in one line, in linear time.

use crate::common::roster::{cost, item, model, plays, roster, sel, with, WFB6};
use crate::common::run::{error, stdout};
use mathhammer::roster::Roster;
use mathhammer::rules::profile::TroopType;
use mathhammer::rules::weapons::Weapon;

/// Greasus's `S 5(10)` is 5, the rest noted; a chariot's `US (4)` and a
/// crew's `3 (1 per crew)` are their numbers; a Squig's `M 2D6` and a
/// Spawn's `A D6+1` are dice rolled as they move and strike (issue 46); a
/// Giant's `A Special` leaves it out, with the field and the value, and
/// the list stands.
#[test]
fn values_are_read_for_what_they_mean_and_one_bad_value_leaves_one_unit_out() {
    let greasus = sel(
        "unit",
        "Greasus Goldtooth",
        1,
        &[model("Greasus", "6 6 3 5(10) 6 6 1 3 9 7 7 6 50x100")],
        &[],
    );
    let giant = sel(
        "unit",
        "Giant",
        1,
        &[model("Giant", "6 3 3 6 5 6 3 Special 10 7 7 6 50x50")],
        &[],
    );
    let squigs = sel(
        "unit",
        "Squig Herd",
        1,
        &[model("Squig", "2D6 4 0 5 3 1 3 2 3 7 7 1 20x20")],
        &[sel("model", "Squig", 10, &[], &[])],
    );
    let spawn = sel(
        "unit",
        "Spawn of Chaos",
        1,
        &[model("Spawn", "2D6 3 0 4 5 3 2 D6+1 10 7 7 (4) -")],
        &[],
    );
    let r = roster(0, &[greasus, giant, squigs, spawn]);
    assert_eq!(
        plays(&r.units[0]),
        (TroopType::Monster, 15.0, None, Weapon::HandWeapon, 1)
    );
    assert_eq!(r.units[0].played.as_ref().unwrap().profile.s.0, 5);
    assert_eq!(r.units[0].notes[0].to_string(), "Greasus S 5(10): 5 played");
    let why = |n: usize| r.units[n].played.as_ref().unwrap_err().to_string();
    assert_eq!(why(1), "Giant's A is 'Special': its army book's own rules give it (see its rules not played), and the tool does not play them yet");
    let moves = |n: usize| r.units[n].played.as_ref().unwrap().profile.m.1;
    assert_eq!(moves(2).map(|d| d.to_string()).as_deref(), Some("2D6"));
    assert_eq!(moves(3).map(|d| d.to_string()).as_deref(), Some("2D6"));
    let spawn = &r.units[3].played.as_ref().unwrap().profile;
    assert_eq!(spawn.a.to_string(), "D6+1");
}

/// Every unit of the list is present: a special character a list writes
/// as a `model` at the force's level (Throt the Unclean) is a unit, a box
/// of two characters bought together is its characters, and the units'
/// points add to the list's, or the rest is named.
#[test]
fn every_unit_is_present_and_the_points_add_up_or_say_where_the_rest_went() {
    let throt = with(
        sel(
            "model",
            "Throt the Unclean",
            1,
            &[model("Throt", "6 6 3 5 4 3 6 4(5) 7 7 7 1 20x20")],
            &[],
        ),
        &cost(285),
    );
    let clanrats = sel(
        "unit",
        "Clanrats",
        1,
        &[model("Clanrat", "5 3 3 3 3 1 4 1 5 7 7 1 20x20")],
        &[
            with(sel("model", "Clanrat", 20, &[], &[]), &cost(100)),
            item("Light Armour"),
            item("Shield"),
        ],
    );
    let option = with(item("Army of Infamy"), &cost(15));
    let pair = sel(
        "unit",
        "Johann van Hal &amp; Wilhelm Hasburg",
        1,
        &[],
        &[
            with(
                sel(
                    "unit",
                    "Johann van Hal",
                    1,
                    &[model("Johann", "4 5 5 4 4 2 5 3 9 7 7 1 20x20")],
                    &[],
                ),
                &cost(100),
            ),
            with(
                sel(
                    "unit",
                    "Wilhelm",
                    1,
                    &[model("Wilhelm", "4 4 4 4 4 2 4 2 8 7 7 1 20x20")],
                    &[],
                ),
                &cost(90),
            ),
        ],
    );
    let r = roster(600, &[throt, clanrats, option, pair]);
    let names: Vec<&str> = r.units.iter().map(|u| u.name.as_str()).collect();
    assert_eq!(
        names,
        ["Throt the Unclean", "Clanrats", "Johann van Hal", "Wilhelm"]
    );
    assert_eq!(r.units[0].played.as_ref().unwrap().profile.a.0, 4);
    assert_eq!(r.unit_points(), 575.0);
    assert_eq!(r.outside, [("Army of Infamy".to_string(), 15.0)]);
    assert_eq!(r.unaccounted(), Some(10.0));
}

/// The roster written to a file under the test's own directory.
fn file(name: &str, xml: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("roster_reading");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, xml).unwrap();
    path.display().to_string()
}

fn xml(selections: &str) -> String {
    format!(
        "<roster name=\"t\" gameSystemName=\"{WFB6}\"><forces><force><selections>{selections}</selections></force></forces></roster>"
    )
}

/// A name holding a line break cannot forge lines in the listing: the
/// list's lines are the units', one header each.
#[test]
fn a_name_with_a_line_break_stays_on_its_line() {
    let unit = sel(
        "unit",
        "Orc&#10;2. Forged Unit (0 points, 0 models)",
        1,
        &[model("Orc", "4 3 3 3 4 1 2 1 7 7 7 1 25x25")],
        &[],
    );
    let out = stdout(&["roster", &file("newline.ros", &xml(&unit))]);
    assert!(
        out.contains("1. Orc 2. Forged Unit (0 points, 0 models) (0 points, 1 models)"),
        "{out}"
    );
    assert!(!out.lines().any(|l| l.starts_with("2. ")), "{out}");
}

/// Selections nested 5,000 deep are refused in one line, not a stack
/// overflow; an endless file (`/dev/zero`) is read up to the cap and
/// refused, not grown until memory runs out.
#[test]
fn deep_or_endless_files_are_refused_in_one_line() {
    let n = 5_000;
    let deep = format!(
        "{}{}",
        "<selection name=\"s\" type=\"upgrade\"><selections>".repeat(n),
        "</selections></selection>".repeat(n)
    );
    let e = error(&["roster", &file("deep.ros", &xml(&deep))]);
    assert!(e.contains("selections nested over 64 deep"), "{e}");
    if std::path::Path::new("/dev/zero").exists() {
        let e = error(&["roster", "/dev/zero"]);
        assert!(
            e.contains("/dev/zero: not UTF-8 text") || e.contains("over 16 MB"),
            "{e}"
        );
    }
}

/// 100,000 attributes on one element and 100,000 rule names on one unit
/// are read (each check is one pass: a pairwise check took 12 s for the
/// first, a list's `contains` as long for the second).
#[test]
fn many_attributes_or_rules_are_read() {
    let attributes: String = (0..100_000).map(|i| format!(" a{i}=\"x\"")).collect();
    let rules: String = (0..100_000)
        .map(|i| format!("<rule name=\"Rule {i}\" hidden=\"false\"/>"))
        .collect();
    let unit = format!(
        "<selection name=\"Boyz\" type=\"unit\" number=\"1\"{attributes}><rules>{rules}</rules><profiles>{}</profiles></selection>",
        model("Orc", "4 3 3 3 4 1 2 1 7 7 7 1 25x25")
    );
    let r = Roster::from_bytes("many.ros", xml(&unit).as_bytes()).unwrap();
    assert_eq!(r.units[0].rules_not_played.len(), 100_000);
}

/// `roster --json` gives each unit's parent, each profile's role, its
/// names without effect in a fight, its notes and why it is left out, and
/// the list's points against its units', with the rest named.
#[test]
fn the_json_listing_gives_roles_notes_parents_and_points() {
    let detachment = sel(
        "unit",
        "Archers",
        1,
        &[model("Empire soldier", "4 3 3 3 3 1 3 1 7 7 7 1 20x20")],
        &[sel("model", "Archer", 5, &[], &[])],
    );
    let greasus = sel(
        "unit",
        "Greasus",
        1,
        &[model("Greasus", "6 6 3 5(10) 6 6 1 3 9 7 7 3 50x50")],
        &[item("Scouts"), detachment],
    );
    let giant = sel(
        "unit",
        "Giant",
        1,
        &[model("Giant", "6 3 3 6 5 6 3 Special 10 7 7 6 50x50")],
        &[],
    );
    let x = xml(&format!(
        "{greasus}{giant}{}",
        with(item("Army option"), &cost(5))
    ));
    let path = file(
        "listing.ros",
        &x.replace(
            "<forces>",
            "<costs><cost name=\"pts\" value=\"20\"/></costs><forces>",
        ),
    );
    let j = crate::common::run::json(&["roster", &path]);
    let units = j["units"].as_array().unwrap();
    assert_eq!(units[1]["parent"], 1);
    assert_eq!(units[0]["profiles"][0]["role"], "rank and file");
    assert_eq!(units[0]["profiles"][0]["S"], "5(10)");
    assert_eq!(
        units[0]["rules_without_effect_in_fights"],
        serde_json::json!([{"name": "Scouts", "why": "deployment"}])
    );
    assert_eq!(
        units[0]["notes"],
        serde_json::json!(["Greasus S 5(10): 5 played"])
    );
    assert_eq!(
        units[2]["left_out"],
        "Giant's A is 'Special': its army book's own rules give it (see its rules not played), and the tool does not play them yet"
    );
    assert_eq!(
        j["left_out"],
        serde_json::json!([{"number": 3, "name": "Giant", "why": "Giant's A is 'Special': its army book's own rules give it (see its rules not played), and the tool does not play them yet"}])
    );
    assert_eq!(
        (j["points"].as_f64(), j["unit_points"].as_f64()),
        (Some(20.0), Some(0.0))
    );
    assert_eq!(
        j["outside"],
        serde_json::json!([{"name": "Army option", "points": 5.0}])
    );
    assert_eq!(j["unaccounted"], 15.0);
}
