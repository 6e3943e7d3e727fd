//! Difficult terrain of a kind some units cross as open ground (RULES.md
//! Charges): the charger's range through it, from a scenario file and
//! from a roster's names.

use crate::common::{combat_of, exact, settings};
use mathhammer::query::Method;

/// A charge of 15 cm by a one-model unit of M 10 cm (range 20, through
/// difficult terrain 10) crossing `crosses`, with `terrain` on its path.
fn charge_through(terrain: &str, crosses: &str) -> String {
    let unit = |side: &str, extra: &str| {
        format!(
            "[{side}]\nname = \"{side}\"\nmodels = 1\n{extra}\n[{side}.profile]\n\
             m = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n"
        )
    };
    format!(
        "name = \"woods\"\n{}\n{}\n[situation]\ncharger = \"attacker\"\ndistance = 15\n\
         difficult_terrain = {terrain}\nrounds = 1\n",
        unit("attacker", &format!("open_ground = {crosses}")),
        unit("defender", ""),
    )
}

fn p_charge_fails(text: &str) -> Result<f64, String> {
    let report = combat_of(text)?.report(&settings(Method::Exact, 1, 1));
    Ok(exact(&report, "p_charge_fails"))
}

#[test]
fn a_unit_charges_its_full_range_through_the_terrain_it_crosses_as_open_ground() {
    // M 10 cm: range 20 cm, 10 through difficult terrain; the enemy is 15
    // away, so the charge reaches (P(fails) 0) only at full range.
    for (terrain, crosses, fails) in [
        ("\"woods\"", "[\"woods\"]", 0.0),
        ("\"woods\"", "[]", 1.0),
        ("\"woods\"", "[\"marsh\", \"water\"]", 1.0),
        ("\"marsh\"", "[\"marsh\", \"water\"]", 0.0),
        ("\"water\"", "[\"marsh\", \"water\"]", 0.0),
        // `true` is terrain of no kind a rule names: only "other" crosses it.
        ("true", "[\"woods\"]", 1.0),
        ("true", "[\"woods\", \"other\"]", 0.0),
        (
            "\"other\"",
            "[\"woods\", \"marsh\", \"water\", \"other\"]",
            0.0,
        ),
        ("false", "[]", 0.0),
    ] {
        let text = charge_through(terrain, crosses);
        assert_eq!(p_charge_fails(&text), Ok(fails), "{terrain} {crosses}");
    }
}

#[test]
fn a_terrain_or_a_kind_the_tool_does_not_know_is_refused_naming_the_kinds() {
    let text = charge_through("\"swamp\"", "[]");
    let e = p_charge_fails(&text).unwrap_err();
    assert!(
        e.contains("difficult_terrain") && e.contains("`woods`, `marsh`, `water`, `other`"),
        "{e}"
    );
    let text = charge_through("3", "[]");
    let e = p_charge_fails(&text).unwrap_err();
    assert!(
        e.contains("difficult_terrain") && e.contains("true, false or a kind of terrain"),
        "{e}"
    );
    let text = charge_through("\"woods\"", "[\"lava\"]");
    let e = p_charge_fails(&text).unwrap_err();
    assert!(e.contains("open_ground") && e.contains("`woods`"), "{e}");
}

#[test]
fn a_rosters_forest_walkers_and_halflings_cross_woods() {
    use crate::common::roster::{army_roster, cost, model, rule, sel, with};
    const ELF: &str = "5 4 4 3 3 1 5 1 8 - - 1 20x20";
    let unit = |army: &str, name: &str| {
        let m = sel(
            "model",
            "Glade Guard",
            10,
            &[model("Glade Guard", ELF)],
            &[],
        );
        let u = rule(
            with(sel("unit", "Glade Guard", 1, &[], &[m]), &cost(120)),
            name,
        );
        let r = army_roster(army, 120, &[u]);
        r.units[0].played.as_ref().unwrap().open_ground.clone()
    };
    use mathhammer::rules::place::Terrain;
    assert_eq!(unit("Wood Elves", "Forest Walkers"), [Terrain::Woods]);
    assert_eq!(unit("Dogs of War", "Halflings"), [Terrain::Woods]);
    assert_eq!(unit("Dogs of War", "Fen-walker"), [Terrain::Marsh]);
    assert_eq!(
        unit("Lizardmen", "Aquatic"),
        [Terrain::Marsh, Terrain::Water]
    );
    assert_eq!(unit("Wood Elves", "Stubborn"), []);
}
