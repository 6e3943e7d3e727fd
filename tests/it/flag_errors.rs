//! A picked fight's error names what the player typed (issue 50): the flag
//! that gave the value, not the line of the scenario the flags were turned
//! into; `--set` where an override set it; a count typed twice refused; a
//! value of the wrong kind said in a player's words.

use crate::common::run::error;

const ORCS: &str = "scenarios/rosters/orcs_500.ros:2";
const EMPIRE: &str = "scenarios/rosters/empire_500.ros:2";

fn picked(more: &[&str]) -> String {
    let mut args = vec!["combat", "--attacker", ORCS, "--defender", EMPIRE];
    args.extend_from_slice(more);
    error(&args)
}

#[test]
fn a_value_out_of_range_is_its_flags() {
    let e = picked(&["--distance", "501"]);
    assert_eq!(
        e.trim_end(),
        "error: --distance: 501 is out of range (accepted: 0 to 500)"
    );
}

#[test]
fn a_reaction_the_unit_cannot_make_is_the_reactions_flag() {
    let e = picked(&["--reaction", "stand-and-shoot"]);
    assert!(
        e.starts_with("error: --reaction: stand-and-shoot needs"),
        "{e}"
    );
}

#[test]
fn a_value_an_override_set_is_the_overrides() {
    let e = picked(&["--set", "situation.distance=600"]);
    assert!(e.starts_with("error: --set: 600 is out of range"), "{e}");
    // A whole number written as a decimal is that number, its range told.
    let e = picked(&["--set", "attacker.models=1e3"]);
    assert!(
        e.starts_with("error: --set: 1000 is out of range (accepted: 1 to 500)"),
        "{e}"
    );
    let e = picked(&["--set", "attacker.models=2.5"]);
    assert!(e.contains("expected a whole number"), "{e}");
}

#[test]
fn a_count_typed_twice_is_refused() {
    let e = error(&[
        "combat",
        "--attacker",
        "scenarios/rosters/orcs_500.ros:2:22",
        "--attacker-models",
        "25",
        "--defender",
        EMPIRE,
    ]);
    assert!(
        e.starts_with("error: --attacker-models: 25 models, and 22 in --attacker"),
        "{e}"
    );
}

#[test]
fn a_units_own_bs_of_0_is_the_units_not_an_untyped_flags() {
    let e = error(&[
        "shoot",
        "--attacker",
        "lizardmen:saurus warriors:10",
        "--s",
        "3",
        "--target",
        "orcs:orc boyz",
    ]);
    assert!(e.starts_with("error: --attacker: its BS is 0"), "{e}");
}
