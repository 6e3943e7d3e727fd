//! The charge in `combat` is the `charge` query's charge: the same range
//! (barding, difficult terrain, a wheel, a random mover's roll), the same
//! flee dice (a fast or flying target), in either edition (RULES.md
//! Charges; Fleeing and pursuit).

use crate::common::{exact, random_charge, rng, settings};
use mathhammer::query::charge::{Charge, Reaction};
use mathhammer::query::Method;
use mathhammer::rules::movement::movement;
use mathhammer::rules::Edition;
use mathhammer::scenario::combat::ScenarioFile;
use mathhammer::scenario::parse;
use std::path::Path;

/// A one-model unit table with M `m` (cm, as profiles write it, or a
/// random mover's dice in quotes).
fn unit(side: &str, m: &str, extra: &str) -> String {
    format!(
        "[{side}]\nname = \"{side}\"\nmodels = 1\n{extra}\n[{side}.profile]\n\
         m = {m}\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n"
    )
}

/// The one-round combat scenario of `charge`: the charger's profile M is
/// final (its barding taken off, RULES.md Charges [ruling]).
fn scenario(charge: &Charge) -> String {
    let cm = match charge.edition {
        Edition::Metric => 1.0,
        Edition::Imperial => 2.5,
    };
    let m = match charge.charger_dice {
        Some(dice) => format!("\"{dice}\""),
        None => format!(
            "{:?}",
            movement(charge.charger_move, charge.barding, charge.edition) * cm
        ),
    };
    let (reaction, target_m, flies) = match charge.reaction {
        Reaction::Hold => ("hold", 10.0, false),
        Reaction::Flee {
            target_move,
            target_flies,
        } => ("flee", target_move * cm, target_flies),
    };
    format!(
        "name = \"charge\"\n{}\n{}\n[situation]\ncharger = \"attacker\"\ndistance = {:?}\n\
         wheel = {:?}\ndifficult_terrain = {}\nreaction = \"{reaction}\"\ninches = {}\nrounds = 1\n",
        unit("attacker", &m, ""),
        unit("defender", &format!("{target_m:?}"), &format!("flies = {flies}")),
        charge.distance,
        charge.wheel,
        charge.difficult_terrain,
        charge.edition == Edition::Imperial,
    )
}

/// Exact P(contact), P(caught) and P(fail) of `text`'s fight.
fn combat_odds(text: &str) -> (f64, f64, f64) {
    let file: ScenarioFile = parse(text, "charge.toml").unwrap_or_else(|e| panic!("{e}\n{text}"));
    let query = file
        .combat(Path::new("."))
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let report = query.report(&settings(Method::Exact, 1, 1));
    let fails = exact(&report, "p_charge_fails") + exact(&report, "p_target_fled");
    let caught = exact(&report, "p_target_caught");
    (1.0 - fails, caught, fails)
}

#[test]
fn combat_charges_as_the_charge_query_over_random_situations() {
    let mut r = rng(0x000c_4a26e);
    for case in 0..400 {
        let charge = random_charge(&mut r);
        let text = scenario(&charge);
        let odds = charge.exact();
        let (contact, caught, fail) = combat_odds(&text);
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        assert!(
            close(contact, odds.p_contact)
                && close(caught, odds.p_caught)
                && close(fail, odds.p_fail),
            "case {case}: charge {odds:?}, combat ({contact}, {caught}, {fail})\n{text}"
        );
    }
}

#[test]
fn the_shipped_knight_charges_alike_in_charge_and_combat() {
    // A Bretonnian knight's warhorse is M20, 18 with barding: the profile
    // prints 18 (RULES.md Charges [ruling]); `charge --move 20 --barding`
    // is the same charge. Range 36: 36 cm reaches, 36.5 does not.
    let knight = std::fs::read_to_string("scenarios/knights_charge_halberdiers.toml").unwrap();
    for (distance, reaches) in [(36.0, true), (36.5, false), (20.0, true)] {
        let charge = Charge {
            distance,
            ..crate::common::boar_boyz(distance)
        };
        let charge = Charge {
            charger_move: 20.0,
            barding: true,
            reaction: Reaction::Hold,
            ..charge
        };
        assert_eq!(charge.exact().p_contact, f64::from(u8::from(reaches)));
        let text = knight.replace(
            "distance = 25",
            &format!("distance = {distance:?}\nrounds = 1"),
        );
        let file: ScenarioFile = parse(&text, "knights.toml").unwrap();
        let query = file.combat(Path::new("scenarios")).unwrap();
        let report = query.report(&settings(Method::Exact, 1, 1));
        assert_eq!(
            exact(&report, "p_charge_fails"),
            charge.exact().p_fail,
            "{distance}"
        );
    }
}
