//! `mathhammer matchup A B`: every cell is the `combat` run of its two
//! units, the matrix is the same on any thread count, units that cannot
//! fight are listed with the reason, and the heat map is drawn.

use crate::common::run::{error, json, mathhammer};
use serde_json::Value;

const ORCS: &str = "scenarios/rosters/orcs_500.ros";
const EMPIRE: &str = "scenarios/rosters/empire_500.ros";
const ORCS_2000: &str = "benches/rosters/orcs_2000.ros";
const EMPIRE_2000: &str = "benches/rosters/empire_2000.ros";

/// A cell's figures, as the matchup keeps them from its fight's report.
const FIGURES: [&str; 7] = mathhammer::sweep::matchup::CELL_FIGURES;

fn cells(r: &Value) -> &Vec<Value> {
    r["cells"].as_array().unwrap()
}

#[test]
fn each_cell_is_the_combat_run_of_its_two_units() {
    let both = json(&["matchup", ORCS, EMPIRE, "--both"]);
    // Four units a side: each General (1) leads a unit, not a cell's own.
    assert_eq!(cells(&both).len(), 32);
    assert_eq!(both["fights"], 32);
    // Orc Boyz (2, the Big Boss leading them) charging Spearmen (3), and
    // Flagellants (5) charging Big 'Uns (5).
    for (cell, attacker, defender) in [
        (2, format!("{ORCS}:2"), format!("{EMPIRE}:3")),
        (32, format!("{EMPIRE}:5"), format!("{ORCS}:5")),
    ] {
        let c = &cells(&both)[cell - 1];
        let single = json(&["combat", "--attacker", &attacker, "--defender", &defender]);
        for key in FIGURES {
            assert_eq!(c[key], single[key], "cell {cell} {key}");
        }
        assert_eq!(c["method"], "exact");
    }
    let matrix = &both["a_charges_b"][0];
    assert_eq!(matrix["attacker"], "2. Orc Boyz +1");
    assert_eq!(matrix["unit_3"], cells(&both)[1]["p_attacker_wins"]);
    assert_eq!(both["b_charges_a"].as_array().unwrap().len(), 4);
}

#[test]
fn a_monte_carlo_cell_is_the_combat_run_with_the_same_seed() {
    let flags = ["--method", "monte-carlo", "--trials", "2e4", "--seed", "7"];
    let mut args = vec!["matchup", ORCS, EMPIRE];
    args.extend(flags);
    let matchup = json(&args);
    // Orc Boyz (2, with the Big Boss) charging Spearmen (3).
    let c = &cells(&matchup)[1];
    let (attacker, defender) = (format!("{ORCS}:2"), format!("{EMPIRE}:3"));
    let mut args = vec!["combat", "--attacker", &attacker, "--defender", &defender];
    args.extend(flags);
    let single = json(&args);
    for key in FIGURES {
        assert!(!c[key].is_null(), "{key}");
        assert_eq!(c[key], single[key], "{key}");
    }
    assert_eq!(c["method"], "monte-carlo");
}

#[test]
fn the_same_seed_gives_the_same_matrix_on_any_thread_count() {
    for method in [
        &["--method", "exact"][..],
        &["--method", "monte-carlo", "--trials", "2e4"],
    ] {
        let run = |threads: &str| {
            let mut args = vec!["matchup", ORCS, EMPIRE, "--threads", threads, "--seed", "7"];
            args.extend(method);
            json(&args)
        };
        assert_eq!(run("1"), run("2"), "{method:?}");
    }
    let mc = json(&[
        "matchup",
        ORCS,
        EMPIRE,
        "--method",
        "monte-carlo",
        "--trials",
        "2e4",
    ]);
    let p = &cells(&mc)[0]["p_attacker_wins"];
    assert!(p["ci95"].is_array(), "{p}");
    assert_eq!(cells(&mc)[0]["method"], "monte-carlo");
}

#[test]
fn units_that_cannot_fight_are_left_out_with_the_reason() {
    let r = json(&["matchup", ORCS_2000, EMPIRE_2000]);
    let left: Vec<String> = r["left_out"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            format!(
                "{}: {}",
                l["unit"].as_str().unwrap(),
                l["why"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(left.len(), 2, "{left:?}");
    assert!(
        left[0].starts_with("17. Rock Lobber: a war machine without its crew's profile"),
        "{left:?}"
    );
    assert!(
        left[1].starts_with("17. Great Cannon: a war machine without its crew's profile"),
        "{left:?}"
    );
    // Every character leads a unit: 11 units of A's charge 12 of B's.
    assert_eq!(cells(&r).len(), 11 * 12);
    assert_eq!(r["fights_monte_carlo"], 0);
}

#[test]
fn a_unit_of_more_models_than_a_fight_takes_is_left_out_and_the_rest_fight() {
    // The orcs' Orc Boyz with 600 models (a fight takes 1 to 500) beside
    // their Big 'Uns, as units 1 and 2.
    let orcs = std::fs::read_to_string(ORCS).unwrap();
    let lines: Vec<&str> = orcs.lines().collect();
    let mob = lines[3].replace(
        r#"name="Orc Boy" type="model" number="20""#,
        r#"name="Orc Boy" type="model" number="600""#,
    );
    assert_ne!(mob, lines[3]);
    let text = [lines[0], lines[1], &mob, lines[6], lines[7]].join("\n");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("matchup");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("orc_mob.ros");
    std::fs::write(&path, text).unwrap();
    let r = json(&["matchup", path.to_str().unwrap(), EMPIRE, "--both"]);
    let left = r["left_out"].as_array().unwrap();
    assert_eq!(left.len(), 1, "{left:?}");
    assert_eq!(left[0]["unit"], "1. Orc Boyz");
    assert_eq!(left[0]["list"], "A");
    assert_eq!(left[0]["why"], "it has 600 models (a fight takes 1 to 500)");
    // The Big 'Uns fight every Empire unit both ways, as in the whole list
    // (the Empire's Captain leads its Halberdiers).
    assert_eq!(cells(&r).len(), 8);
    let whole = json(&["matchup", ORCS, EMPIRE, "--both"]);
    let theirs: Vec<&Value> = cells(&whole)
        .iter()
        .filter(|c| c["charger_name"] == "Big 'Uns" || c["charged_name"] == "Big 'Uns")
        .collect();
    assert_eq!(theirs.len(), 8);
    for (mine, theirs) in cells(&r).iter().zip(theirs) {
        for key in ["charger_name", "charged_name", "method"]
            .into_iter()
            .chain(FIGURES)
        {
            assert_eq!(mine[key], theirs[key], "{key}");
        }
    }
    let text = crate::common::run::stdout(&["matchup", path.to_str().unwrap(), EMPIRE]);
    assert!(
        text.contains("1. Orc Boyz     A  it has 600 models (a fight takes 1 to 500)"),
        "{text}"
    );
}

/// The text of every `<text>` element of an SVG, each trimmed; the SVG
/// must parse as XML.
fn svg_texts(svg: &str) -> Vec<String> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(svg);
    let (mut texts, mut inside): (Vec<String>, bool) = (Vec::new(), false);
    let mut current = String::new();
    loop {
        match reader.read_event().expect("the SVG parses as XML") {
            Event::Start(e) if e.local_name().as_ref() == "text" => inside = true,
            Event::End(e) if e.local_name().as_ref() == "text" => {
                texts.push(current.trim().to_string());
                current.clear();
                inside = false;
            }
            Event::Text(t) if inside => current += &t.xml10_content(),
            Event::GeneralRef(r) if inside => {
                let c = match r.resolve_char_ref() {
                    Ok(Some(c)) => c.to_string(),
                    _ => quick_xml::escape::resolve_predefined_entity(&r)
                        .expect("a known entity")
                        .to_string(),
                };
                current += &c;
            }
            Event::Eof => return texts,
            _ => {}
        }
    }
}

/// Draws the heat map of `args` and gives its texts.
fn heat_map_texts(args: &[&str], name: &str) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let svg = dir.join(name);
    let out = mathhammer()
        .args(args)
        .args(["--plot", svg.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    svg_texts(&std::fs::read_to_string(&svg).unwrap())
}

#[test]
fn the_heat_map_is_drawn_with_every_cell() {
    let texts = heat_map_texts(&["matchup", ORCS, EMPIRE], "matchup.svg");
    assert!(texts.iter().any(|t| t == "2. Orc Boyz +1"), "{texts:?}");
    assert!(texts.iter().any(|t| t == "3. Spearmen"), "{texts:?}");
    // 16 cells labelled with their percentages: P(Orc Boyz with their Big
    // Boss charging Halberdiers with their Captain win) is 55.56%; and
    // the legend's 11 swatches, 0% to 100%.
    assert!(texts.iter().any(|t| t == "56%"), "no 56% cell");
    let percents = texts.iter().filter(|t| t.ends_with('%')).count();
    assert_eq!(percents, 16 + 11);
    for tenth in 0..=10 {
        assert!(
            texts.contains(&format!("{}%", tenth * 10)),
            "legend {tenth}"
        );
    }
    // The title whole, inside the picture.
    assert!(
        texts.contains(
            &"Matchup: Orc Warband (500 points) against Empire Detachment (513 points)".into()
        ),
        "{texts:?}"
    );
}

#[test]
fn every_unit_is_named_whole_in_the_heat_map_or_its_key() {
    // The 2,000-point lists: 12 of the Empire's units, too many columns
    // for their names: those are numbered, and named whole in a key in
    // the picture (one direction: they are no chargers' rows).
    let texts = heat_map_texts(&["matchup", ORCS_2000, EMPIRE_2000], "matchup_2000.svg");
    let r = json(&["matchup", ORCS_2000, EMPIRE_2000]);
    let units = r["units"].as_array().unwrap();
    // Every unit that fights, of both lists.
    assert_eq!(units.len(), 23);
    // Each name is whole: in the key, or on a row's lines, which follow
    // one another.
    let joined = texts.join(" ");
    for unit in units {
        let name = unit["unit"].as_str().unwrap();
        assert!(joined.contains(name), "{name} is not whole in {texts:?}");
    }
    // Columns too narrow for names: numbered.
    assert!(texts.iter().any(|t| t == "15"), "{texts:?}");
}

#[test]
fn bad_lists_get_one_line() {
    let e = error(&["matchup", ORCS, "missing.ros"]);
    assert!(e.contains("missing.ros: cannot read it"), "{e}");
    let e = error(&["matchup", ORCS, "scenarios/boar_boyz_charge_spearmen.toml"]);
    assert!(
        e.starts_with("error: scenarios/boar_boyz_charge_spearmen.toml"),
        "{e}"
    );
}
