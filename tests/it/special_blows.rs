//! Special blows real lists carry (issue 47): Troll Vomit, Festooned
//! with Pistols. RULES.md
//! Special attacks and psychology. Each figure worked out by hand from
//! the rule's text.

use crate::common::exact_of;
use crate::common::roster::{army_roster, cost, gear_profile, model, rule, sel, with};
use mathhammer::rules::special::SpecialRule;
use mathhammer::scenario::combat::ScenarioFile;
use mathhammer::scenario::parse;

/// A Troll's profile (Forces of Chaos army book).
const TROLL: &str = "6 3 1 5 4 3 1 3 4 - - 3 40x40";

/// The mean casualties of 20 unbreakable WS3 T3 models (A 0, armour save
/// `save`, or none) in one round against `attacker` (its TOML table's
/// keys below `[attacker]`), with `situation`'s keys added.
fn one_round(attacker: &str, save: Option<u8>, situation: &str) -> f64 {
    rounds(attacker, save, situation, 1)
}

/// As [`one_round`], over `rounds` rounds (the defender strikes no blow).
fn rounds(attacker: &str, save: Option<u8>, situation: &str, rounds: u32) -> f64 {
    let save = save.map_or_else(String::new, |s| format!("save = {s}\n"));
    let text = format!(
        "name = \"test\"\n\
         [attacker]\nname = \"attacker\"\nfrontage = 3\n{attacker}\n\
         [defender]\nname = \"defender\"\nmodels = 20\nfrontage = 5\nrules = [\"unbreakable\"]\n{save}\
         [defender.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = 7\n\
         [situation]\ncharger = \"attacker\"\nrounds = {rounds}\n{situation}\n"
    );
    exact_of(&text, "mean_defender_casualties")
}

/// One Troll (WS3 S5 A3), with Troll Vomit or without.
fn troll(vomit: bool) -> String {
    let rules = if vomit {
        "rules = [\"troll-vomit\"]\n"
    } else {
        ""
    };
    format!(
        "models = 1\ntype = \"large-infantry\"\n{rules}\
         [attacker.profile]\nm = 15\nws = 3\nbs = 1\ns = 5\nt = 4\nw = 3\ni = 1\na = 3\nld = 4\n"
    )
}

fn assert_near(got: f64, want: f64, what: &str) {
    assert!((got - want).abs() < 1e-12, "{what}: {got}, not {want}");
}

#[test]
fn a_troll_vomits_when_its_vomit_beats_its_attacks() {
    // Its attacks at WS3: 1/2 hit, S5 at T3 wounds on 2+ (5/6). At a 2+
    // save (4+ at S5, 1/2 fails): 3 x 1/2 x 5/6 x 1/2 = 5/8; its vomit,
    // an automatic S5 hit with no armour save: 5/6. It vomits ([ruling]).
    assert_near(one_round(&troll(true), Some(2), ""), 5.0 / 6.0, "2+ save");
    // Without a save its attacks make 3 x 1/2 x 5/6 = 5/4: it attacks.
    assert_near(one_round(&troll(true), None, ""), 5.0 / 4.0, "no save");
    // A troll without the rule attacks.
    assert_near(one_round(&troll(false), Some(2), ""), 5.0 / 8.0, "no rule");
}

#[test]
fn the_troll_vomit_switch_makes_a_troll_always_or_never_vomit() {
    // `always`: 5/6 without a save too; `never`: 5/8 at a 2+ save.
    let always = "troll_vomit = \"always\"";
    assert_near(one_round(&troll(true), None, always), 5.0 / 6.0, "always");
    let never = "troll_vomit = \"never\"";
    assert_near(one_round(&troll(true), Some(2), never), 5.0 / 8.0, "never");
}

#[test]
fn frenzied_trolls_vomit_once_each_whatever_their_attacks() {
    // Three frenzied trolls (A3, +1 for frenzy) vomit once each, not
    // four times: 3 x 5/6 = 5/2 at T3.
    let trolls = troll(true)
        .replace("[\"troll-vomit\"]", "[\"troll-vomit\", \"frenzy\"]")
        .replace("models = 1", "models = 3");
    let got = one_round(&trolls, None, "troll_vomit = \"always\"");
    assert_near(got, 5.0 / 2.0, "three frenzied trolls");
}

#[test]
fn a_roster_s_troll_vomit_is_played() {
    // The Forces of Chaos' Trolls carry it as a rule, the Skaven's as a
    // weapon profile ("Hits automatically, Troll Vomit", S5).
    let trolls = |held: String| {
        let m = sel("model", "Troll", 3, &[model("Troll", TROLL)], &[]);
        with(sel("unit", "Trolls", 1, &[], &[m, held]), &cost(120))
    };
    let as_rule = rule(sel("upgrade", "Trolls' rules", 1, &[], &[]), "Troll Vomit");
    let as_weapon = sel(
        "upgrade",
        "Troll Vomit",
        1,
        &[gear_profile(
            "Troll Vomit",
            "Weapon",
            &[("Range", "CC"), ("Strength", "S5")],
        )],
        &[],
    );
    for held in [as_rule, as_weapon] {
        let r = army_roster("Forces of Chaos", 120, &[trolls(held)]);
        let played = r.units[0].played.as_ref().unwrap();
        assert!(played.rules.contains(&SpecialRule::TrollVomit));
    }
}

#[test]
fn a_troll_vomit_switch_of_no_choice_is_refused_naming_the_choices() {
    let text = "name = \"t\"\n[situation]\ntroll_vomit = \"sometimes\"\n";
    let Err(e) = parse::<ScenarioFile>(text, "t.toml") else {
        panic!("troll_vomit = \"sometimes\" read");
    };
    let said = e.to_string();
    assert!(
        said.contains("troll_vomit") && said.contains("`best`, `always`, `never`"),
        "{said}"
    );
}

/// One of Long Drong's Slayer Pirates (a Dwarf: WS4 S3 A1, unbreakable
/// as they are), Festooned with Pistols or not.
fn pirate(pistols: bool) -> String {
    let rules = if pistols {
        "rules = [\"festooned-with-pistols\", \"unbreakable\"]\n"
    } else {
        "rules = [\"unbreakable\"]\n"
    };
    format!(
        "models = 1\n{rules}\
         [attacker.profile]\nm = 7.5\nws = 4\nbs = 3\ns = 3\nt = 4\nw = 1\ni = 2\na = 1\nld = 9\n"
    )
}

#[test]
fn pistols_strike_twice_at_s4_armour_piercing_in_the_first_round_only() {
    // At WS3 T3 foes with a 5+ save: in the first round two attacks, 2/3
    // hit (WS4 against WS3), S4 wounds T3 on 3+ (2/3), and the save, 5+
    // -1 for S4 -1 armour piercing, is gone: 2 x 2/3 x 2/3 = 8/9.
    assert_near(one_round(&pirate(true), Some(5), ""), 8.0 / 9.0, "round 1");
    // The second round with a hand weapon: 2/3 x 1/2 (S3 at T3) x 2/3
    // (5+ failed) = 2/9 more, 10/9 in two rounds.
    assert_near(
        rounds(&pirate(true), Some(5), "", 2),
        10.0 / 9.0,
        "rounds 1-2",
    );
    // Without pistols 2/9 a round: 4/9 in two.
    assert_near(
        rounds(&pirate(false), Some(5), "", 2),
        4.0 / 9.0,
        "no pistols",
    );
}

#[test]
fn a_roster_s_loads_of_pistols_are_festooned_with_pistols() {
    const DWARF: &str = "3 4 3 3 4 1 2 1 9 - - 1 20x20";
    let m = sel("model", "Dwarf", 10, &[model("Dwarf", DWARF)], &[]);
    let pistols = sel("upgrade", "Loads of pistols!", 1, &[], &[]);
    let unit = with(
        sel("unit", "Long Drong's Slayer Pirates", 1, &[], &[m, pistols]),
        &cost(120),
    );
    let r = army_roster("Mercenaries", 120, &[unit]);
    let played = r.units[0].played.as_ref().unwrap();
    assert!(played.rules.contains(&SpecialRule::FestoonedWithPistols));
}

/// A Pistolier (WS3 S3 A1) on a WS3 S3 A1 horse, unbreakable, with
/// `rules`.
fn pistolier(rules: &str) -> String {
    format!(
        "models = 1\ntype = \"cavalry\"\nrules = [\"unbreakable\"{rules}]\n\
         [attacker.profile]\nm = 8\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n\
         [attacker.mount]\nws = 3\ns = 3\ni = 3\na = 1\n"
    )
}

#[test]
fn fusillade_fires_both_pistols_mounted_in_the_first_round() {
    // At WS3 T3 foes with a 5+ save: the rider's two pistol blows at S4,
    // armour piercing (no save left), 2 x 1/2 x 2/3 = 2/3, and the horse
    // 1/2 x 1/2 x 2/3 = 1/6: 5/6 slain in the first round. Festooned
    // with Pistols alone gives a rider one blow: 1/3 + 1/6 = 1/2.
    let both = ", \"festooned-with-pistols\", \"fusillade\"";
    assert_near(
        one_round(&pistolier(both), Some(5), ""),
        5.0 / 6.0,
        "fusillade",
    );
    let one = ", \"festooned-with-pistols\"";
    assert_near(one_round(&pistolier(one), Some(5), ""), 0.5, "festooned");
    // The second round: the rider's hand weapon, 1/2 x 1/2 x 2/3 = 1/6,
    // and the horse's 1/6: 5/6 + 1/3 = 7/6 in two.
    assert_near(
        rounds(&pistolier(both), Some(5), "", 2),
        7.0 / 6.0,
        "two rounds",
    );
}
