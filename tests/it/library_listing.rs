//! `mathhammer units ARMY UNIT` as a player reads it: the unit as its
//! book writes it (army, size, points), its lines as played, then what a
//! player may choose with its points and how many, the book's fixed gear
//! said once; a unit named by its words in another order; the listing in
//! Spanish with `--lang es`.

use crate::common::run::{error, json, stdout};

/// The lines of `text` after its line starting `Options` (or `Opciones`).
fn options_of(text: &str) -> Vec<&str> {
    let at = text.find("\nOp").expect("an options header");
    text[at + 1..].lines().skip(1).collect()
}

#[test]
fn a_unit_is_said_as_a_unit_of_its_book_with_its_size_and_points() {
    let text = stdout(&["units", "empire", "halberdiers"]);
    assert!(
        text.starts_with(
            "Halberdiers: a unit of The Empire (the-empire), Core\n\
             10 or more models, 6 points a model, 60 points at 10\n"
        ),
        "{text}"
    );
    // The roster reader's words are not a unit of the book's.
    assert!(
        !text.contains("Roster:") && !text.contains("Units: 1"),
        "{text}"
    );
    let captain = stdout(&["units", "empire", "captain"]);
    assert!(
        captain.starts_with(
            "Captain: a character of The Empire (the-empire), Characters\n1 model, 50 points\n"
        ),
        "{captain}"
    );
}

#[test]
fn options_are_what_a_player_chooses_and_the_fixed_gear_is_said_once() {
    let text = stdout(&["units", "empire", "halberdiers"]);
    let header = text.lines().find(|l| l.starts_with("Options")).unwrap();
    assert!(
        header.contains("points each") && header.contains("how many"),
        "{header}"
    );
    let options = options_of(&text);
    let row = |name: &str| {
        (options.iter())
            .find(|l| l.trim_start().starts_with(&format!("{name} ")))
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
    };
    // A detachment: its models' points and how many, its gear under it.
    assert_eq!(
        row("Archer Detachment").as_deref(),
        Some("Archer Detachment 8 5 to 10 models")
    );
    assert_eq!(row("with").as_deref(), Some("with Bow, Hand Weapon"));
    assert_eq!(row("Detachments").as_deref(), Some("Detachments (up to 2)"));
    assert_eq!(row("Sergeant").as_deref(), Some("Sergeant 10 up to 1"));
    // A shield for each model: its points a model under it.
    assert_eq!(row("Shield").as_deref(), Some("Shield up to 1"));
    assert_eq!(row("points a model:").as_deref(), Some("points a model: 1"));
    // The unit's own fixed gear is its equipment line, not an option.
    assert!(text.contains("equipment   Halberds, Hand Weapon, Light Armour"));
    assert_eq!(row("Halberds"), None, "{options:?}");
    for line in &options {
        assert!(
            !line.contains("1 to 1") && !line.contains("0 or more"),
            "{line}"
        );
        assert!(line.chars().count() <= 80, "{line}");
    }
}

#[test]
fn a_unit_named_by_its_words_in_another_order_is_found() {
    let text = stdout(&["units", "chaos", "chaos warriors"]);
    assert!(
        text.starts_with("Warriors of Chaos: a unit of Forces of Chaos"),
        "{text}"
    );
    let combat = stdout(&[
        "combat",
        "--attacker",
        "chaos:chaos warriors:10",
        "--defender",
        "empire:halberdiers:20",
        "--method",
        "exact",
        "--json",
    ]);
    assert!(
        combat.contains("\"attacker\": \"10 Warriors of Chaos"),
        "{combat}"
    );
    // Words no unit has all of still get the closest names.
    let none = error(&["units", "chaos", "chaos halberdiers"]);
    assert!(
        none.contains("no unit 'chaos halberdiers' in Forces of Chaos (closest: "),
        "{none}"
    );
}

#[test]
fn units_speaks_spanish_with_lang_es() {
    let armies = stdout(&["units", "--lang", "es"]);
    assert!(armies.starts_with("ejército"), "{armies}");
    assert!(
        armies.contains("Elfos Oscuros") && armies.contains("en inglés"),
        "{armies}"
    );
    let orcs = stdout(&["units", "orcs", "--lang", "es"]);
    assert!(
        orcs.starts_with("Orcos y Goblins (orcs-and-goblins)\n"),
        "{orcs}"
    );
    let boyz = stdout(&["units", "orcs", "orc boyz", "--lang", "es"]);
    assert!(
        boyz.starts_with(
            "Orc Boyz: una unidad de Orcos y Goblins (orcs-and-goblins), Core\n\
             10 miniaturas o más, 5 puntos por miniatura, 50 puntos con 10\n"
        ),
        "{boyz}"
    );
    let header = boyz.lines().find(|l| l.starts_with("Opciones")).unwrap();
    assert!(
        header.contains("puntos c/u") && header.contains("cuántas"),
        "{header}"
    );
    assert!(boyz.contains("hasta 1"), "{boyz}");
}

#[test]
fn every_units_options_fit_80_columns_in_each_language() {
    use mathhammer::library::{listing::units, Library};
    use mathhammer::report::lang::Lang;
    let mut rows = 0;
    for army in Library::shipped().armies() {
        for n in 1..=army.unit_names().unwrap().len() {
            for lang in [Lang::En, Lang::Es] {
                let text = units(Some(&army.key), Some(&n.to_string()), false, lang).unwrap();
                for line in options_of(&text) {
                    rows += 1;
                    assert!(line.chars().count() <= 80, "{} {n}: {line}", army.key);
                }
            }
        }
    }
    assert!(rows > 20_000, "{rows} rows");
}

#[test]
fn a_units_size_is_said_in_its_json_in_the_language_asked() {
    // The page says it under a unit's picker.
    let size = |args: &[&str]| json(args)["size"].as_str().map(str::to_string);
    let halberdiers = ["units", "empire", "halberdiers"];
    assert_eq!(size(&halberdiers).as_deref(), Some("10 or more models"));
    let spanish = [&halberdiers[..], &["--lang", "es"]].concat();
    assert_eq!(size(&spanish).as_deref(), Some("10 miniaturas o más"));
    let captain = ["units", "empire", "captain", "--lang", "es"];
    assert_eq!(size(&captain).as_deref(), Some("1 miniatura"));
    assert_eq!(
        json(&halberdiers)["models"],
        serde_json::json!({"min": 10, "max": null})
    );
}

#[test]
fn a_name_too_long_for_its_column_is_whole_on_a_line_of_its_own() {
    let text = stdout(&["units", "lizardmen", "skink priest"]);
    let options = options_of(&text);
    let at = (options.iter())
        .position(|l| l.trim() == "Blessed Spawning of Sotek, the Serpent God")
        .unwrap_or_else(|| panic!("{options:#?}"));
    let figures: Vec<&str> = options[at + 1].split_whitespace().collect();
    assert_eq!(figures, ["10", "up", "to", "1"]);
}
