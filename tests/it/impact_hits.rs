//! Impact hits of models that are not chariots (issue 47): a Rhinox's
//! Thunderous Charge, only after a charge of more than 7", at the
//! Rhinox's S; a Stegadon's D6+1; the Tomb Kings' light chariots' D3.
//! RULES.md Special attacks and psychology, Impact hits. Each figure
//! worked out by hand.

use crate::common::exact_of;
use crate::common::roster::{model, mount, roster, rule, sel};
use mathhammer::rules::random::Die;

/// One Rhinox (a monster, A 0) with Thunderous Charge's D3 S5 impact hits
/// charging `distance` cm into 20 unbreakable T3 models without a save:
/// the defender's mean casualties in the one round.
fn rhinox_charge(distance: f64) -> f64 {
    let text = format!(
        "name = \"test\"\n\
         [attacker]\nname = \"rhinox\"\nmodels = 1\nfrontage = 1\ntype = \"monster\"\n\
         [attacker.profile]\nm = 15\nws = 3\nbs = 2\ns = 4\nt = 5\nw = 5\ni = 2\na = 0\nld = 7\n\
         [attacker.impact_hits]\ndice = \"D3\"\ns = 5\nbeyond = 7\n\
         [defender]\nname = \"defender\"\nmodels = 20\nfrontage = 5\nrules = [\"unbreakable\"]\n\
         [defender.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = 7\n\
         [situation]\ncharger = \"attacker\"\ndistance = {distance}\nrounds = 1\n"
    );
    exact_of(&text, "mean_defender_casualties")
}

#[test]
fn a_thunderous_charge_strikes_only_from_more_than_seven_inches() {
    // D3 hits, 2 on average, each wounding T3 at S5 on a 2+ (5/6), no
    // save: 2 x 5/6 = 5/3 slain. 7" is 17.5 cm: a charge of 17.5 cm makes
    // none, nor does one of 10 cm; 18 cm does, and so does an unstated
    // distance (0, [ruling]).
    let slain = 2.0 * 5.0 / 6.0;
    for (distance, want) in [(18.0, slain), (0.0, slain), (17.5, 0.0), (10.0, 0.0)] {
        let got = rhinox_charge(distance);
        assert!(
            (got - want).abs() < 1e-12,
            "{distance} cm: {got}, not {want}"
        );
    }
}

const RHINOX_RIDER: &str = "6 3 2 4 5 5 2 3 7 4 7 3 40x40";
const RHINOX: &str = "6 3 0 5 - - 2 3 5 7 7 1 40x40";

#[test]
fn a_roster_reads_the_impact_hits_books_give() {
    // Dogs of War Rhinox Riders: Thunderous charge, D3 hits each, at the
    // Rhinox's S5 (not the Ogre's S4: [ruling]), after more than 7".
    let riders = rule(
        sel(
            "unit",
            "Rhinox Riders",
            2,
            &[model("Rhinox Rider", RHINOX_RIDER)],
            &[mount("Rhinox", RHINOX)],
        ),
        "Thunderous charge",
    );
    // A Stegadon: Impact Hits, D6+1 at its own S5.
    let stegadon = rule(
        sel(
            "unit",
            "Stegadon",
            1,
            &[model("Stegadon", "6 3 0 5 6 5 2 4 5 4 7 8 50x100")],
            &[],
        ),
        "Impact Hits",
    );
    let r = roster(0, &[riders, stegadon]);
    let hits = |u: usize| {
        let h = r.units[u].played.as_ref().unwrap().impact_hits.unwrap();
        (h.dice, h.plus.0, h.s.0, h.beyond.0)
    };
    assert_eq!(hits(0), (Die::D3, 0, 5, 7));
    assert_eq!(hits(1), (Die::D6, 1, 5, 0));
}
