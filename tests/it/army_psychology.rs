//! The army books' psychology (issue 47): the Goblins' Fear Elves, the
//! Mark of Chaos Undivided's re-rolled psychology tests. RULES.md Special
//! attacks and psychology. Each figure worked out by hand from the rule's
//! text.

use crate::combat::{combat, unit, Scripted};
use crate::common::p_fail;
use crate::common::roster::{army_roster, cost, model, rule, sel, with};
use crate::common::run::{assert_outcomes_sum_to_one, engines_agree, exact_round_one, json};
use mathhammer::combat::fight::End;
use mathhammer::rules::special::SpecialRule;
use serde_json::Value;

const FLAGSHIP: &str = "scenarios/boar_boyz_charge_spearmen.toml";
const CHARGE: &str = "charger = \"attacker\"\ndistance = 5\nrounds = 1";
const ELVES: &str = "[\"High Elves\", \"Dark Elves\", \"Wood Elves\"]";

/// P(the charged unit fled the charge, caught or not).
fn fled(r: &Value) -> f64 {
    r["p_target_fled"].as_f64().unwrap() + r["p_target_caught"].as_f64().unwrap()
}

/// The flagship's first round with `n` Spearmen (Ld 7) fearing the Elves
/// and the five Boar Boyz (US 10) of `army`.
fn spearmen_fearing_elves(n: u32, army: &str) -> Value {
    let models = format!("defender.models={n}");
    let fears = format!("defender.fears={ELVES}");
    let army = format!("attacker.army=\"{army}\"");
    exact_round_one(FLAGSHIP, &[&models, &fears, &army])
}

#[test]
fn goblins_fear_elves_they_do_not_outnumber_two_to_one() {
    // Fear Elves: a unit fears any unit of Elves it does not outnumber two
    // to one. 9 Spearmen (US 9 < 2 x 10) charged by Elves of US 10 test
    // Ld 7: failing, P = 1 - 21/36 = 15/36, they flee (US 9 < 10).
    let r = spearmen_fearing_elves(9, "Wood Elves");
    assert!((fled(&r) - 15.0 / 36.0).abs() < 1e-12, "{r}");
    assert!((fled(&r) - p_fail(7)).abs() < 1e-12);
    assert_outcomes_sum_to_one(&r);
    // 20 (two to one exactly): no fear, they hold. Nor of an army not
    // named: no test.
    assert_eq!(fled(&spearmen_fearing_elves(20, "High Elves")), 0.0);
    assert_eq!(fled(&spearmen_fearing_elves(9, "The Empire")), 0.0);
}

#[test]
fn fear_of_elves_is_a_fear_test_and_breaks_a_smaller_unit_without_one() {
    // Unbreakable Elves: the Goblins' tests are all the fight takes.
    let elves = |n: u32| {
        let extra = "army = \"High Elves\"\nrules = [\"unbreakable\"]";
        unit("attacker", n, 5, 3, 3, extra)
    };
    let goblins = |n: u32| unit("defender", n, 5, 3, 3, &format!("fears = {ELVES}"));
    // 10 Elves charge 19 Goblins (19 < 20): one fear test; failed, the
    // Goblins do not flee (19 > 10) and need 6s to hit.
    let mut fails = Scripted {
        fail_tests: true,
        ..Scripted::default()
    };
    let record = combat(&elves(10), &goblins(19), CHARGE).fight(&mut fails);
    assert_eq!(fails.tests.len(), 1);
    assert_ne!(record.end, End::TargetFled);
    // 20 Goblins outnumber them two to one: no test at all.
    let mut none = Scripted::default();
    combat(&elves(10), &goblins(20), CHARGE).fight(&mut none);
    assert!(none.tests.is_empty(), "{:?}", none.tests);
    // 5 Goblins beaten by 10 Elves (US 10 > 5) they fear: they pass the
    // fear test but break without a break test.
    let mut beaten = Scripted {
        kills: vec![2, 0],
        ..Scripted::default()
    };
    let record = combat(&elves(10), &goblins(5), CHARGE).fight(&mut beaten);
    assert_eq!(
        record.end,
        End::Broke {
            loser: 1,
            caught: false
        }
    );
    assert_eq!(beaten.tests.len(), 1);
}

#[test]
fn a_goblin_units_fear_elves_names_the_elves_armies() {
    // The Orcs and Goblins book's Fear Elves, as a roster names it.
    const GOBLIN: &str = "4 2 3 3 3 1 2 1 6 - - 1 20x20";
    let m = sel("model", "Goblin", 20, &[model("Goblin", GOBLIN)], &[]);
    let gobbos = rule(
        with(sel("unit", "Goblins", 1, &[], &[m]), &cost(40)),
        "Fear Elves",
    );
    let r = army_roster("Orcs and Goblins", 40, &[gobbos]);
    let f = r.units[0].played.as_ref().unwrap();
    assert_eq!(f.fears, ["High Elves", "Dark Elves", "Wood Elves"]);
    assert!(
        r.units[0].rules_not_played.is_empty(),
        "{:?}",
        r.units[0].rules_not_played
    );
}

#[test]
fn the_mark_of_chaos_undivided_rerolls_a_failed_terror_or_fear_test() {
    // "May re-roll failed Psychology tests": Ld 7 fails 15/36, failed
    // twice (15/36)^2 = 225/1296. The Boar Boyz' terror test at the start
    // of their turn: the charge is declared with P = 1 - 225/1296 =
    // 1071/1296.
    let terror = "situation.terror_nearby=true";
    let marked = "attacker.rules=[\"reroll-psychology\"]";
    let r = exact_round_one(FLAGSHIP, &[terror, marked]);
    let declared = r["p_charge_declared"].as_f64().unwrap();
    assert!((declared - 1071.0 / 1296.0).abs() < 1e-12, "{r}");
    let plain = exact_round_one(FLAGSHIP, &[terror]);
    let once = plain["p_charge_declared"].as_f64().unwrap();
    assert!((once - 21.0 / 36.0).abs() < 1e-12);
    // 9 marked Spearmen charged by fear-causing Boar Boyz (US 10) flee
    // only when both tests fail: 225/1296.
    let r = exact_round_one(
        FLAGSHIP,
        &[
            "defender.models=9",
            "attacker.rules=[\"fear\"]",
            "defender.rules=[\"reroll-psychology\"]",
        ],
    );
    assert!((fled(&r) - 225.0 / 1296.0).abs() < 1e-12, "{r}");
    assert_outcomes_sum_to_one(&r);
}

#[test]
fn the_mark_of_chaos_undivided_does_not_reroll_a_break_test() {
    // A break test is no psychology test: the marked unit's is taken once.
    let a = unit("attacker", 10, 5, 3, 3, "");
    let marked = unit("defender", 5, 5, 3, 1, "rules = [\"reroll-psychology\"]");
    let mut fate = Scripted {
        kills: vec![3, 0],
        ..Scripted::default()
    };
    combat(&a, &marked, CHARGE).fight(&mut fate);
    assert_eq!(fate.tests.len(), 1);
    assert!(!fate.tests[0].reroll);
}

#[test]
fn a_chaos_unit_with_the_mark_of_chaos_undivided_rerolls_psychology() {
    const WARRIOR: &str = "4 5 3 4 4 1 5 1 8 - - 1 25x25";
    let m = sel(
        "model",
        "Chaos Warrior",
        10,
        &[model("Chaos Warrior", WARRIOR)],
        &[],
    );
    let warriors = with(sel("unit", "Chaos Warriors", 1, &[], &[m]), &cost(150));
    let r = army_roster(
        "Forces of Chaos",
        150,
        &[rule(warriors, "Mark of Chaos Undivided")],
    );
    let f = r.units[0].played.as_ref().unwrap();
    assert!(
        f.rules.contains(&SpecialRule::RerollPsychology),
        "{:?}",
        f.rules
    );
}

/// The exact report's value of `key` for the fight of these tables.
fn exactly(attacker: &str, defender: &str, situation: &str, key: &str) -> f64 {
    let text = format!("name = \"test\"\n{attacker}\n{defender}\n[situation]\n{situation}\n");
    crate::common::exact_of(&text, key)
}

/// A unit of `models` with A 0, Ld 7, `frontage` wide, and `extra` lines.
fn idle(side: &str, models: u32, frontage: u32, extra: &str) -> String {
    format!(
        "[{side}]\nname = \"{side}\"\nmodels = {models}\nfrontage = {frontage}\n{extra}\n\
         [{side}.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = 7\n"
    )
}

#[test]
fn the_banner_of_the_swarm_makes_outnumbering_worth_two() {
    // 10 (one rank) against 5 engaged, no blows: outnumbering alone, +1,
    // or +2 with the Banner of the Swarm. The 5 test Ld 7 - 1 = 6, break
    // with P = 1 - 15/36 = 21/36; with the banner Ld 5, 1 - 10/36 = 26/36.
    let engaged = "charger = \"none\"\nrounds = 1";
    let key = "p_defender_breaks";
    let few = idle("defender", 5, 5, "");
    let plain = exactly(&idle("attacker", 10, 10, ""), &few, engaged, key);
    assert!((plain - 21.0 / 36.0).abs() < 1e-12, "{plain}");
    let banner = "rules = [\"double-outnumber-bonus\"]";
    let swarm = exactly(&idle("attacker", 10, 10, banner), &few, engaged, key);
    assert!((swarm - 26.0 / 36.0).abs() < 1e-12, "{swarm}");
    // Not outnumbering, the banner adds nothing: 5 against 5, a draw.
    let even = exactly(&idle("attacker", 5, 5, banner), &few, engaged, key);
    assert_eq!(even, 0.0);
}

#[test]
fn stoic_high_elves_take_no_panic_test_against_dark_elves() {
    // Stoic: "when fighting against a Dark Elf army, High Elves are immune
    // to Panic". Friends of US 11 fleeing near the Boar Boyz (US 10) make
    // them test Ld 7 at the start of their turn: the charge is declared
    // with P = 21/36; Stoic against the Spearmen's Dark Elf army, always.
    let panic = "situation.fleeing_friends_us=11";
    let stoic = "attacker.immune_to_panic_against=[\"Dark Elves\"]";
    let declared = |army: &str| {
        let army = format!("defender.army=\"{army}\"");
        let r = exact_round_one(FLAGSHIP, &[panic, stoic, &army]);
        r["p_charge_declared"].as_f64().unwrap()
    };
    assert_eq!(declared("Dark Elves"), 1.0);
    assert!((declared("Wood Elves") - 21.0 / 36.0).abs() < 1e-12);
    // The roster's Stoic names the Dark Elves' army.
    const ELF: &str = "5 4 4 3 3 1 5 1 8 - - 1 20x20";
    let m = sel("model", "Spearman", 20, &[model("Spearman", ELF)], &[]);
    let spears = rule(
        with(sel("unit", "Spearmen", 1, &[], &[m]), &cost(180)),
        "Stoic",
    );
    let r = army_roster("High Elves", 180, &[spears]);
    let f = r.units[0].played.as_ref().unwrap();
    assert_eq!(f.immune_to_panic_against, ["Dark Elves"]);
}

#[test]
fn the_new_rules_agree_between_exact_and_both_monte_carlo_engines() {
    let fears = format!("defender.fears={ELVES}");
    let cases: [&[&str]; 4] = [
        &["defender.models=9", &fears, "attacker.army=\"Dark Elves\""],
        &[
            "situation.terror_nearby=true",
            "attacker.rules=[\"reroll-psychology\"]",
        ],
        &[
            "defender.models=9",
            "attacker.rules=[\"fear\"]",
            "defender.rules=[\"reroll-psychology\"]",
        ],
        &["attacker.rules=[\"double-outnumber-bonus\"]"],
    ];
    for sets in cases {
        let mut args = vec!["combat", FLAGSHIP, "--set", "situation.rounds=1"];
        for s in sets {
            args.extend(["--set", s]);
        }
        args.extend(["--method", "all", "--trials", "40000", "--seed", "47"]);
        let keys = ["p_charge_declared", "p_target_fled", "p_defender_breaks"];
        engines_agree(&json(&args), &keys, &format!("{sets:?}"));
    }
}

#[test]
fn raiders_count_a_rank_bonus_of_up_to_two_formed_four_wide() {
    // Beasts of Chaos' Raiders: skirmishers that "gain rank bonus ... just
    // like normal units, up to a maximum of +2", formed at least four
    // wide. Against as many models in one rank, no blows: the Raiders win
    // by their rank bonus and the foe tests Ld 7 less it, breaking with
    // P = 1 - P(2D6 <= Ld): +2, 1 - 10/36; +1, 1 - 15/36; skirmishers, a
    // draw.
    let engaged = "charger = \"none\"\nrounds = 1";
    let key = "p_defender_breaks";
    let raiders = "rules = [\"raiders\"]";
    let breaks = |models: u32, frontage: u32, rules: &str| {
        let foe = idle("defender", models, models, "");
        exactly(
            &idle("attacker", models, frontage, rules),
            &foe,
            engaged,
            key,
        )
    };
    let close = |p: f64, q: f64| (p - q).abs() < 1e-12;
    // 15 five wide: two ranks behind, +2.
    assert!(close(breaks(15, 5, raiders), 26.0 / 36.0));
    // 25 five wide: four behind, a unit's +3, the Raiders' +2.
    assert!(close(breaks(25, 5, raiders), 26.0 / 36.0));
    assert!(close(breaks(25, 5, ""), 30.0 / 36.0));
    // 9 three wide form four wide: 5 behind, one rank of 4, +1.
    assert!(close(breaks(9, 3, raiders), 21.0 / 36.0));
    // Skirmishers have none.
    assert_eq!(breaks(15, 5, "rules = [\"skirmishers\"]"), 0.0);
}

#[test]
fn fast_cavalry_count_no_rank_bonus() {
    // The rulebook's fast cavalry "receives no bonus for ranks". 15 five
    // wide against as many in one rank, no blows: as a unit, two ranks
    // behind, +2, and the foe breaks on Ld 7 - 2 with P = 1 - 10/36; as
    // fast cavalry, a draw: no break test.
    let engaged = "charger = \"none\"\nrounds = 1";
    let key = "p_defender_breaks";
    let foe = idle("defender", 15, 15, "");
    let breaks = |rules: &str| exactly(&idle("attacker", 15, 5, rules), &foe, engaged, key);
    assert!((breaks("") - 26.0 / 36.0).abs() < 1e-12);
    assert_eq!(breaks("rules = [\"fast-cavalry\"]"), 0.0);
}

#[test]
fn bickering_gnoblars_declare_their_charge_five_times_in_six() {
    // Bicker: "roll a D6 at the beginning of the turn for each unit of
    // Gnoblars ... If a unit rolls a 1 it may do nothing at all that
    // turn": the charge is declared with P = 5/6.
    let declared = |sets: &[&str]| {
        let r = exact_round_one(FLAGSHIP, sets);
        r["p_charge_declared"].as_f64().unwrap()
    };
    assert_eq!(declared(&[]), 1.0);
    let bicker = declared(&["attacker.rules=[\"bicker\"]"]);
    assert!((bicker - 5.0 / 6.0).abs() < 1e-12, "{bicker}");
}

#[test]
fn a_glorious_charge_makes_its_target_test_for_panic() {
    // The Winged Lancers' Glorious Charge: "any unit charged by a unit of
    // Winged Lancers with a Unit Strength of 5 or more must take a Panic
    // test, as if it had been charged in the flank whilst engaged". The
    // flagship's Spearmen (Ld 7) flee on 8 to 12, 15 of 36; five Boar
    // Boyz (US 10) too; two (US 4) cause no test.
    let fled = |sets: &[&str]| {
        let r = exact_round_one(FLAGSHIP, sets);
        r["p_defender_flees"].as_f64().unwrap()
    };
    assert_eq!(fled(&[]), 0.0);
    let glorious = "attacker.rules=[\"glorious-charge\"]";
    assert!((fled(&[glorious]) - 15.0 / 36.0).abs() < 1e-12);
    assert!((fled(&[glorious, "attacker.models=5"]) - 15.0 / 36.0).abs() < 1e-12);
    assert_eq!(fled(&[glorious, "attacker.models=2"]), 0.0);
}
