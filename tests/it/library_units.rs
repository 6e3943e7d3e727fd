//! The unit library against the army books (issue 48): units whose troop
//! type, profile, save as played, points per model and least size were
//! written by hand from the 6th edition army books into
//! `tests/data/units_expected.toml`, each checked against
//! `mathhammer units ARMY UNIT --json`. The figures are the books', never
//! the data repository's catalogues: they check what the library was
//! written from, each settled against a second source the file names
//! (and `data/units/corrections.toml` where the catalogue was wrong).

use crate::common::run::{json, mathhammer};
use serde::Deserialize;
use serde_json::Value;

const EXPECTED: &str = include_str!("../data/units_expected.toml");

/// The hand-written file: one `[[unit]]` per unit.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    unit: Vec<Unit>,
}

/// A unit as its army book writes it (see the file's header).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Unit {
    army: String,
    name: String,
    troop: String,
    m: f64,
    ws: f64,
    s: f64,
    t: f64,
    w: f64,
    i: f64,
    a: f64,
    ld: f64,
    save: Option<u8>,
    missile_save: Option<u8>,
    mount_m: Option<f64>,
    points_per_model: Option<f64>,
    min_models: Option<u64>,
    #[serde(default)]
    unchecked: Vec<String>,
    source: String,
    page: Option<String>,
    note: Option<String>,
}

impl Unit {
    /// Whether the book settles `figure` ("save", "points", "models").
    fn checks(&self, figure: &str) -> bool {
        !self.unchecked.iter().any(|u| u == figure)
    }
}

fn expected() -> Vec<Unit> {
    let file: Expected = toml::from_str(EXPECTED).expect("units_expected.toml reads");
    file.unit
}

/// The troop types a unit plays as (`TroopType::name`).
const TROOPS: &[&str] = &[
    "infantry",
    "cavalry",
    "large infantry",
    "monster",
    "chariot",
    "war machine",
];

/// The profile of the unit's JSON holding characteristic `column`: the
/// rank and file's; a chariot's M is its beasts', its T and W the
/// chariot's own, the rest its crew's.
fn holder(troop: &str, column: &str) -> &'static str {
    match (troop, column) {
        ("chariot", "M") => "beast",
        ("chariot", "T" | "W") => "chariot",
        ("chariot", _) => "crew",
        _ => "rank and file",
    }
}

/// How many figures of `u` were compared, and where the library's unit
/// differs from the book: one line per figure.
fn mismatches(u: &Unit, json: &Value) -> (usize, Vec<String>) {
    let (mut compared, mut out) = (0, Vec::new());
    let mut differs = |what: &str, book: String, library: String| {
        compared += 1;
        if book != library {
            out.push(format!(
                "{} / {}: {what} book {book}, library {library}",
                u.army, u.name
            ));
        }
    };
    let number = |v: &Value| match v.as_f64() {
        Some(n) => format!("{n}"),
        None => format!("{v}"),
    };
    let unit = &json["unit"];
    let plays_as = unit["plays_as"].as_str().unwrap_or("").replace('-', " ");
    let troop = TROOPS
        .iter()
        .filter(|t| plays_as.starts_with(*t))
        .max_by_key(|t| t.len())
        .copied()
        .unwrap_or("none");
    differs("troop type", u.troop.clone(), troop.to_string());
    let profiles = unit["profiles"].as_array().cloned().unwrap_or_default();
    let role = |role: &str| profiles.iter().find(|p| p["role"] == role).cloned();
    for (column, book) in [
        ("M", u.m),
        ("WS", u.ws),
        ("S", u.s),
        ("T", u.t),
        ("W", u.w),
        ("I", u.i),
        ("A", u.a),
        ("Ld", u.ld),
    ] {
        let library = match role(holder(&u.troop, column)) {
            Some(p) => number(&p[column]),
            None => format!("no {} profile", holder(&u.troop, column)),
        };
        differs(column, format!("{book}"), library);
    }
    if let Some(m) = u.mount_m {
        let library = role("mount").map_or("no mount".into(), |p| number(&p["M"]));
        differs("mount's M", format!("{m}"), library);
    }
    let save = |s: Option<u8>| s.map_or("none".to_string(), |s| format!("{s}+"));
    let library_save = |v: &Value| v.as_f64().map_or("none".into(), |s| format!("{s}+"));
    if u.checks("save") {
        differs("save", save(u.save), library_save(&unit["save"]));
        differs(
            "save against missiles",
            save(u.missile_save.or(u.save)),
            library_save(&unit["save_against_missiles"]),
        );
    }
    if let Some(points) = u.points_per_model {
        differs(
            "points per model",
            format!("{points}"),
            number(&json["points_per_model"]),
        );
    }
    if let Some(least) = u.min_models {
        differs(
            "least models",
            least.to_string(),
            number(&json["models"]["min"]),
        );
    }
    (compared, out)
}

/// Each unit of the file as `mathhammer units ARMY UNIT --json` gives it:
/// every figure the book gives, every difference listed in one failure.
#[test]
fn library_units_play_as_their_army_books_write_them() {
    let (mut compared, mut wrong) = (0, Vec::new());
    let units = expected();
    for u in &units {
        let out = mathhammer()
            .args(["units", &u.army, &u.name, "--json"])
            .output()
            .unwrap();
        if !out.status.success() {
            wrong.push(format!(
                "{} / {}: the command failed: {}",
                u.army,
                u.name,
                String::from_utf8_lossy(&out.stderr).trim()
            ));
            continue;
        }
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        let (figures, differ) = mismatches(u, &json);
        compared += figures;
        wrong.extend(differ);
    }
    println!("{compared} figures of {} units compared", units.len());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The file itself: at least 45 units, two or more of each of the 18
/// army books, 40 or more with their points, every figure one a profile
/// can hold, each unit's book named, and a figure either given or said
/// to be unchecked.
#[test]
fn the_expectations_cover_every_army_book() {
    let units = expected();
    assert!(units.len() >= 45, "{} units", units.len());
    let priced = units.iter().filter(|u| u.checks("points")).count();
    assert!(priced >= 40, "{priced} units with their points");
    let mut armies: Vec<&str> = units.iter().map(|u| u.army.as_str()).collect();
    armies.sort_unstable();
    armies.dedup();
    assert_eq!(armies.len(), 18, "{armies:?}");
    for army in &armies {
        let n = units.iter().filter(|u| u.army == *army).count();
        assert!(n >= 2, "{army}: {n} unit");
    }
    for u in &units {
        let name = format!("{} / {}", u.army, u.name);
        assert!(TROOPS.contains(&u.troop.as_str()), "{name}: {}", u.troop);
        for figure in [u.ws, u.s, u.t, u.w, u.i, u.a, u.ld] {
            assert!((0.0..=10.0).contains(&figure), "{name}: {figure}");
        }
        assert!((1.0..=10.0).contains(&u.m), "{name}: M {}", u.m);
        for save in [u.save, u.missile_save].into_iter().flatten() {
            assert!((1..=6).contains(&save), "{name}: save {save}");
        }
        for figure in &u.unchecked {
            assert!(
                ["save", "points", "models"].contains(&figure.as_str()),
                "{name}: {figure}"
            );
        }
        let unchecked_save = !u.checks("save") && (u.save.is_some() || u.missile_save.is_some());
        assert!(!unchecked_save, "{name}: a save it does not check");
        assert!(
            u.missile_save.is_none() || u.save.is_some(),
            "{name}: a missile save alone"
        );
        assert_eq!(
            u.points_per_model.is_some(),
            u.checks("points"),
            "{name}: points"
        );
        assert_eq!(u.min_models.is_some(), u.checks("models"), "{name}: models");
        assert!(u.points_per_model.is_none_or(|p| p > 0.0), "{name}");
        assert!(u.min_models.is_none_or(|n| n >= 1), "{name}");
        assert!(!u.source.is_empty(), "{name}: no source");
        assert!(
            u.page.as_ref().is_none_or(|p| p.starts_with("https://")),
            "{name}"
        );
        assert!(u.note.as_ref().is_none_or(|n| !n.is_empty()), "{name}");
    }
}

/// The comparison itself, on the object the contract wraps (`roster
/// --json`'s unit): the project's Empire roster's Halberdiers, Swordsmen
/// (a parry) and Knights (a steed) agree with the file's Empire units,
/// and a figure, a save, a steed's M, the points and the size written
/// otherwise are each told.
#[test]
fn the_comparison_reads_each_figure_of_the_contract() {
    let roster = json(&["roster", "benches/rosters/empire_2000.ros"]);
    let units = expected();
    let book = |name: &str| units.iter().find(|u| u.name == name).unwrap();
    let contract = |roster_name: &str, u: &Unit| {
        let unit = roster["units"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == roster_name)
            .unwrap()
            .clone();
        serde_json::json!({
            "unit": unit,
            "points_per_model": u.points_per_model,
            "models": {"min": u.min_models, "max": null},
        })
    };
    for (roster_name, name) in [
        ("Halberdiers", "Halberdiers"),
        ("Swordsmen", "Swordsmen"),
        ("Knightly Order", "Knightly Orders"),
    ] {
        let u = book(name);
        assert_eq!(
            mismatches(u, &contract(roster_name, u)).1,
            Vec::<String>::new()
        );
    }
    let knights = book("Knightly Orders");
    let mut wrong = contract("Knightly Order", knights);
    wrong["unit"]["profiles"][0]["WS"] = serde_json::json!(5.0);
    wrong["unit"]["profiles"][1]["M"] = serde_json::json!(7.0);
    wrong["unit"]["save"] = serde_json::json!(3.0);
    wrong["unit"]["plays_as"] = serde_json::json!("infantry, M 10 cm");
    wrong["points_per_model"] = serde_json::json!(24.0);
    wrong["models"]["min"] = serde_json::json!(3);
    let told: Vec<String> = mismatches(knights, &wrong)
        .1
        .iter()
        .map(|m| m.split(": ").nth(1).unwrap().to_string())
        .collect();
    assert_eq!(
        told,
        [
            "troop type book cavalry, library infantry",
            "WS book 4, library 5",
            "mount's M book 8, library 7",
            "save book 2+, library 3+",
            "points per model book 23, library 24",
            "least models book 5, library 3",
        ]
    );
}
