//! The army books' Leadership, psychology, pursuit and combat result
//! rules of issue 47's tail (RULES.md Special attacks and psychology,
//! Break test, Fleeing and pursuit, Combat resolution). Each figure
//! worked out by hand from the rule's text, on units without blows
//! (A 0), so the rule alone decides.

use crate::common::run::{engines_agree, json};
use mathhammer::exact::Pmf;

/// `text` written as `name` under the tests' temporary folder.
pub(crate) fn written(name: &str, text: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("leadership_tail");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// A unit table `side` of `models` men (A 0, Ld 7, M 4) `frontage`
/// wide, with `extra` lines of its table.
fn idle(side: &str, models: u32, frontage: u32, extra: &str) -> String {
    men(side, models, frontage, [0, 7], extra)
}

/// A unit table `side` of `models` men (WS 3, S 3, T 3, M 4) `frontage`
/// wide with A and Ld `[a, ld]`, and `extra` lines of its table.
fn men(side: &str, models: u32, frontage: u32, [a, ld]: [u32; 2], extra: &str) -> String {
    format!(
        "[{side}]\nname = \"{side}\"\nmodels = {models}\nfrontage = {frontage}\n{extra}\n\
         [{side}.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = {a}\nld = {ld}\n"
    )
}

/// A character of Ld 7 and A 0 standing in `side`'s unit, with `rules`.
fn hero(side: &str, rules: &str) -> String {
    format!(
        "[[{side}.characters]]\nname = \"hero\"\nrules = [{rules}]\n\
         [{side}.characters.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 2\ni = 3\na = 0\nld = 7\n"
    )
}

/// The fight of these tables and `situation`, as a file named `name`.
fn fight(name: &str, attacker: &str, defender: &str, situation: &str) -> String {
    let text = format!("name = \"{name}\"\n{attacker}\n{defender}\n[situation]\n{situation}\n");
    written(&format!("{name}.toml"), &text)
}

/// The exact report's `key` of the fight in `file`.
fn exact(file: &str, key: &str) -> f64 {
    let r = json(&["combat", file, "--method", "exact"]);
    r[key].as_f64().unwrap()
}

/// Ten men charge from 5 cm at the start of a turn with a terror-causer
/// near: they test Ld 7 for terror before they may declare the charge.
const TERROR: &str = "charger = \"attacker\"\ndistance = 5\nrounds = 1\nterror_nearby = true";

/// Ten men (eleven with a character) charge from 5 cm at the start of a
/// turn with friends of US 12 fleeing near: they test Ld 7 for panic
/// before they may declare it.
const PANIC: &str = "charger = \"attacker\"\ndistance = 5\nrounds = 1\nfleeing_friends_us = 12";

/// Ten men in one rank against five, engaged, no blows: the five lose by
/// the outnumbering bonus, 1, and test Ld 7 - 1 = 6.
const ENGAGED: &str = "charger = \"none\"\nrounds = 1";

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn a_beastmaster_or_the_jade_lion_rerolls_his_units_psychology_tests() {
    // "May re-roll any failed psychology test": Ld 7 fails 15/36, twice
    // (15/36)^2 = 225/1296; the charge is declared with P = 1071/1296.
    let declared = |name: &str, extra: &str| {
        let men = idle("attacker", 10, 10, extra);
        let file = fight(name, &men, &idle("defender", 10, 10, ""), TERROR);
        exact(&file, "p_charge_declared")
    };
    assert!(close(declared("plain", ""), 21.0 / 36.0));
    let rule = "\"unit-rerolls-psychology\"";
    let own = declared("own", &format!("rules = [{rule}]"));
    assert!(close(own, 1071.0 / 1296.0), "{own}");
    // A Master Moulder standing in the unit gives it to the unit.
    let led = declared("led", &hero("attacker", rule));
    assert!(close(led, 1071.0 / 1296.0), "{led}");
    // A character's own Mark of Chaos Undivided does not reach it.
    let marked = declared("marked", &hero("attacker", "\"reroll-psychology\""));
    assert!(close(marked, 21.0 / 36.0), "{marked}");
}

#[test]
fn the_virtue_of_stoicism_rerolls_his_units_break_tests() {
    // Break test at Ld 6: fails 21/36; re-rolled, (21/36)^2 = 441/1296.
    let breaks = |name: &str, extra: &str| {
        let few = idle("defender", 5, 5, extra);
        let file = fight(name, &idle("attacker", 10, 10, ""), &few, ENGAGED);
        exact(&file, "p_defender_breaks")
    };
    assert!(close(breaks("unled", ""), 21.0 / 36.0));
    let rule = "\"unit-rerolls-break-tests\"";
    let own = breaks("stoic", &format!("rules = [{rule}]"));
    assert!(close(own, 441.0 / 1296.0), "{own}");
    // The knight in the unit (US 6, still outnumbered: lost by 1).
    let led = breaks("stoic_knight", &hero("defender", rule));
    assert!(close(led, 441.0 / 1296.0), "{led}");
    // With a battle standard too: one re-roll, not two.
    let both = breaks(
        "stoic_bsb",
        &format!("rules = [{rule}]\nbattle_standard = true"),
    );
    assert!(close(both, 441.0 / 1296.0), "{both}");
    // Not a psychology re-roll: the Beastmaster's does not re-roll it.
    let other = breaks("moulder", "rules = [\"unit-rerolls-psychology\"]");
    assert!(close(other, 21.0 / 36.0), "{other}");
}

#[test]
fn the_tail_rules_agree_between_exact_and_both_monte_carlo_engines() {
    let cases = [
        fight(
            "agree_moulder",
            &idle(
                "attacker",
                10,
                10,
                &hero("attacker", "\"unit-rerolls-psychology\""),
            ),
            &idle("defender", 10, 10, ""),
            TERROR,
        ),
        fight(
            "agree_stoic",
            &idle("attacker", 10, 10, ""),
            &idle(
                "defender",
                5,
                5,
                &hero("defender", "\"unit-rerolls-break-tests\""),
            ),
            ENGAGED,
        ),
        fight(
            "agree_whispers",
            &idle("attacker", 10, 10, "rules = [\"whispers-in-the-darkness\"]"),
            &idle("defender", 5, 5, ""),
            ENGAGED,
        ),
        fight(
            "agree_smoke",
            &idle("attacker", 10, 10, ""),
            &idle("defender", 1, 1, "rules = [\"smoke-bomb\"]"),
            ENGAGED,
        ),
        fight(
            "agree_ragbanner",
            &idle("attacker", 10, 10, "rules = [\"panic-on-three-dice\"]"),
            &idle("defender", 10, 10, ""),
            PANIC,
        ),
        fight(
            "agree_bloodgreed",
            &idle("attacker", 10, 10, "rules = [\"pursues-one-die-more\"]"),
            &idle("defender", 5, 5, ""),
            ENGAGED,
        ),
        fight(
            "agree_coils",
            &idle(
                "attacker",
                12,
                4,
                &hero("attacker", "\"double-rank-bonus\""),
            ),
            &idle("defender", 10, 10, ""),
            ENGAGED,
        ),
        fight(
            "agree_crush",
            &men(
                "attacker",
                5,
                5,
                [1, 7],
                &hero("attacker", "\"crush-the-weak\""),
            ),
            &men("defender", 10, 5, [1, 6], ""),
            ENGAGED,
        ),
    ];
    for file in &cases {
        let args = [
            "combat", file, "--method", "all", "--trials", "40000", "--seed", "47",
        ];
        let keys = [
            "p_charge_declared",
            "p_defender_breaks",
            "p_defender_caught",
            "p_attacker_breaks",
            "p_defender_rallies",
        ];
        engines_agree(&json(&args), &keys, file);
    }
}

/// P(a pursuit of `pursuit` D6 reaches a flight of `flee` D6).
fn p_caught(pursuit: u32, flee: u32) -> f64 {
    let (pursuit, flee) = (Pmf::nd6(pursuit), Pmf::nd6(flee));
    flee.iter()
        .map(|(f, p)| p * (1.0 - pursuit.p_le(f - 1)))
        .sum()
}

/// P(defender breaks), P(defender caught) in the exact report of `file`.
fn broke_and_caught(file: &str) -> (f64, f64) {
    let r = json(&["combat", file, "--method", "exact"]);
    let p = |k: &str| r[k].as_f64().unwrap();
    (p("p_defender_breaks"), p("p_defender_caught"))
}

#[test]
fn bloodgreed_and_the_jaguar_standard_pursue_with_one_die_more() {
    // The five (M 10 cm) break with P = 21/36 and flee 5D6 cm; the ten
    // pursue 5D6 cm, or with one die more, 3D6" for 2D6": 8D6 cm.
    let caught = |name: &str, attacker: &str, defender: &str| {
        broke_and_caught(&fight(
            name,
            &idle("attacker", 10, 10, attacker),
            &idle("defender", 5, 5, defender),
            ENGAGED,
        ))
    };
    let greed = "rules = [\"pursues-one-die-more\"]";
    let (broke, plain) = caught("greedless", "", "");
    assert!(close(broke, 21.0 / 36.0) && close(plain, broke * p_caught(5, 5)));
    let (b, greedy) = caught("bloodgreed", greed, "");
    assert!(close(b, broke), "{b}");
    assert!(close(greedy, broke * p_caught(8, 5)), "{greedy}");
    assert!(greedy > plain + 0.1, "{greedy} {plain}");
    // Its flight is as before: beaten, it flees 5D6 from a 5D6 pursuit.
    let (b, fled) = caught("greedy_beaten", "", greed);
    assert!(close(fled, b * p_caught(5, 5)), "{fled}");
}

#[test]
fn the_coils_of_sotek_and_the_griffon_standard_double_the_rank_bonus() {
    // Twelve four wide (ranks of 4, 4 and 4: +2) outnumber ten in one
    // rank (+1): the ten lose by 3 and test Ld 4, breaking 30/36. Doubled,
    // +4 and +1: Ld 2, breaking 35/36.
    let breaks = |name: &str, extra: &str| {
        let file = fight(
            name,
            &idle("attacker", 12, 4, extra),
            &idle("defender", 10, 10, ""),
            ENGAGED,
        );
        exact(&file, "p_defender_breaks")
    };
    assert!(close(breaks("ranks", ""), 30.0 / 36.0));
    let banner = breaks("griffon", "rules = [\"double-rank-bonus\"]");
    assert!(close(banner, 35.0 / 36.0), "{banner}");
    // Xltep in the unit: 13 places, ranks of 4, 4, 4 and 1: still +2,
    // doubled +4.
    let xltep = breaks("coils", &hero("attacker", "\"double-rank-bonus\""));
    assert!(close(xltep, 35.0 / 36.0), "{xltep}");
}

#[test]
fn the_virtue_of_discipline_denies_the_enemy_its_outnumbering() {
    // Ten against five, no blows: outnumbering alone wins by 1 (21/36
    // break). The five with the Virtue: a draw, nobody breaks; the Banner
    // of the Swarm's +2 is denied too.
    let breaks = |name: &str, attacker: &str, defender: &str| {
        let file = fight(
            name,
            &idle("attacker", 10, 10, attacker),
            &idle("defender", 5, 5, defender),
            ENGAGED,
        );
        exact(&file, "p_defender_breaks")
    };
    assert!(close(breaks("outnumbered", "", ""), 21.0 / 36.0));
    let virtue = "rules = [\"denies-outnumbering\"]";
    assert_eq!(breaks("discipline", "", virtue), 0.0);
    let swarm = "rules = [\"double-outnumber-bonus\"]";
    assert_eq!(breaks("discipline_swarm", swarm, virtue), 0.0);
    // A knight with the Virtue in the unit (US 6 < 10) denies it as well.
    let led = breaks("knight", "", &hero("defender", "\"denies-outnumbering\""));
    assert_eq!(led, 0.0);
}

#[test]
fn the_banner_of_middenheim_spares_fear_and_terror_not_panic() {
    // Terror at the start of its turn: Ld 7 fails 15/36; immune, the
    // charge is always declared. Panic (friends of US 12 fleeing near the
    // ten): still tested, 21/36.
    let declared = |name: &str, extra: &str, situation: &str| {
        let men = idle("attacker", 10, 10, extra);
        let file = fight(name, &men, &idle("defender", 10, 10, ""), situation);
        exact(&file, "p_charge_declared")
    };
    let immune = "rules = [\"immune-to-fear\"]";
    assert!(close(declared("terror", "", TERROR), 21.0 / 36.0));
    assert_eq!(declared("middenheim_terror", immune, TERROR), 1.0);
    let p = declared("middenheim_panic", immune, PANIC);
    assert!(close(p, 21.0 / 36.0), "{p}");
    // Charged by fear-causers of greater unit strength (US 10 > 9): Ld 7
    // fails 15/36 and flees; immune, never.
    let fled = |name: &str, extra: &str| {
        let file = fight(
            name,
            &idle("attacker", 10, 10, "rules = [\"fear\"]"),
            &idle("defender", 9, 9, extra),
            "charger = \"attacker\"\ndistance = 5\nrounds = 1",
        );
        let r = json(&["combat", &file, "--method", "exact"]);
        r["p_target_fled"].as_f64().unwrap() + r["p_target_caught"].as_f64().unwrap()
    };
    assert!(close(fled("feared", ""), 15.0 / 36.0));
    assert_eq!(fled("middenheim_fear", immune), 0.0);
}

#[test]
fn crush_the_weak_hates_enemies_of_leadership_six_or_less() {
    // Five men (WS 3, S 3, A 1) strike five of T 3, WS 3, no save: a hit
    // 1/2, a wound 1/2, 5/4 slain; hating, misses re-rolled, 3/4 a hit:
    // 15/8, against Ld 6, not 7.
    let slain = |name: &str, extra: &str, ld: u32| {
        let file = fight(
            name,
            &men("attacker", 5, 5, [1, 7], extra),
            &men("defender", 10, 5, [0, ld], "rules = [\"unbreakable\"]"),
            ENGAGED,
        );
        exact(&file, "mean_defender_casualties")
    };
    let crush = "rules = [\"crush-the-weak\"]";
    assert!(close(slain("plain", "", 6), 5.0 / 4.0));
    let weak = slain("weak", crush, 6);
    assert!(close(weak, 15.0 / 8.0), "{weak}");
    let strong = slain("strong", crush, 7);
    assert!(close(strong, 5.0 / 4.0), "{strong}");
    // Ar-Ulric's hatred reaches the unit he leads: every hit of its men
    // 3/4 for 1/2, half as many slain again, wherever he stands.
    let led = slain("led", &hero("attacker", "\"crush-the-weak\""), 6);
    let unled = slain("unled", &hero("attacker", ""), 6);
    assert!(close(led, unled * 1.5), "{led} {unled}");
}

/// P(the ten declare their charge) with `extra` lines of their table and
/// `situation`, as a file named `name`.
fn declared(name: &str, extra: &str, situation: &str) -> f64 {
    let men = idle("attacker", 10, 10, extra);
    let file = fight(name, &men, &idle("defender", 10, 10, ""), situation);
    exact(&file, "p_charge_declared")
}

#[test]
fn the_ragbanner_rolls_panic_tests_on_three_dice_less_the_highest() {
    // Ld 7 on 3D6 with the highest discarded: 174 of the 216 rolls keep
    // two dice totalling 7 or less (42 fail), not 21/36 on 2D6.
    let passes = mathhammer::exact::Pmf::of_roll(
        &mathhammer::rules::leadership::LeadershipTest::on(7, true).roll(),
    )
    .p_le(7);
    assert!(close(passes, 174.0 / 216.0), "{passes}");
    assert!(close(declared("panicky", "", PANIC), 21.0 / 36.0));
    let rag = "rules = [\"panic-on-three-dice\"]";
    let p = declared("ragbanner", rag, PANIC);
    assert!(close(p, 174.0 / 216.0), "{p}");
    // Carried by a standing character, the same; terror stays on 2D6.
    let led = declared(
        "ragbanner_bsb",
        &hero("attacker", "\"panic-on-three-dice\""),
        PANIC,
    );
    assert!(close(led, 174.0 / 216.0), "{led}");
    let terror = declared("ragbanner_terror", rag, TERROR);
    assert!(close(terror, 21.0 / 36.0), "{terror}");
}

#[test]
fn the_fey_queen_and_the_horned_rat_lend_their_unit_immunity() {
    // A character immune to panic for his unit: its panic test is never
    // taken (declared always), its terror test still is (21/36).
    let aura = hero("attacker", "\"unit-immune-to-panic\"");
    assert_eq!(declared("fey_queen_panic", &aura, PANIC), 1.0);
    let terror = declared("fey_queen_terror", &aura, TERROR);
    assert!(close(terror, 21.0 / 36.0), "{terror}");
    // Immune to psychology: no terror test either.
    let rat = hero("attacker", "\"unit-immune-to-psychology\"");
    assert_eq!(declared("horned_rat", &rat, TERROR), 1.0);
    // His own immunity (immune-to-panic) does not reach the unit.
    let own = declared(
        "own_immunity",
        &hero("attacker", "\"immune-to-panic\""),
        PANIC,
    );
    assert!(close(own, 21.0 / 36.0), "{own}");
}

#[test]
fn a_lone_assassin_with_smoke_bombs_is_pursued_only_on_a_four() {
    // One model (Ld 7) beaten by outnumbering alone breaks 21/36 and flees
    // 5D6 cm from the ten's 5D6 cm pursuit; with Smoke Bombs they pursue
    // only on a 4+, 1/2.
    let caught = |name: &str, extra: &str| {
        broke_and_caught(&fight(
            name,
            &idle("attacker", 10, 10, ""),
            &idle("defender", 1, 1, extra),
            ENGAGED,
        ))
    };
    let (broke, plain) = caught("assassin", "");
    assert!(close(broke, 21.0 / 36.0) && close(plain, broke * p_caught(5, 5)));
    let (b, smoke) = caught("smoke_bomb", "rules = [\"smoke-bomb\"]");
    assert!(close(b, broke) && close(smoke, plain / 2.0), "{smoke}");
    // In a unit, the bombs change nothing: two models are pursued.
    let pair = |name: &str, extra: &str| {
        broke_and_caught(&fight(
            name,
            &idle("attacker", 10, 10, ""),
            &idle("defender", 2, 2, extra),
            ENGAGED,
        ))
    };
    let (_, two) = pair("pair", "");
    let (_, two_smoke) = pair("pair_smoke", "rules = [\"smoke-bomb\"]");
    assert!(two > 0.1 && close(two, two_smoke), "{two} {two_smoke}");
}

/// The friend named `name`'s row of the friends table in the exact report
/// of `file`: P(tests), P(flees).
fn friend_row(file: &str, name: &str) -> (f64, f64) {
    let r = json(&["combat", file, "--method", "exact"]);
    let row = crate::friends::row(&r, name);
    let p = |k: &str| row[k].as_f64().unwrap();
    (p("p_tests"), p("p_flees"))
}

#[test]
fn old_grumblers_let_friends_within_six_inches_reroll_panic() {
    // Twenty men in one rank against five and four unbreakable Longbeards
    // (US 4 on the twenty's flank: no flank bonus): the twenty outnumber
    // them, +1, and the five test Ld 6, breaking 21/36; the Longbeards
    // hold, so nobody pursues. A friend (Ld 7, US 10) 10 cm from them
    // tests on the break and flees 15/36 of the time; within 6" of
    // Longbeards that do not flee, (15/36)^2.
    let fight_with = |name: &str, rules: &str| {
        let longbeards = format!(
            "[[unit]]\nside = \"defender\"\nname = \"Longbeards\"\nmodels = 4\nfrontage = 4\n\
             facing = \"flank\"\nrules = [\"unbreakable\"{rules}]\n\
             [unit.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = 9\n\
             [[friend]]\nside = \"defender\"\nname = \"Thunderers\"\nunit_strength = 10\nld = 7\ndistance = 10\n"
        );
        let defender = idle("defender", 5, 5, "");
        fight(
            name,
            &idle("attacker", 20, 20, ""),
            &format!("{defender}\n{longbeards}"),
            ENGAGED,
        )
    };
    let (tests, flees) = friend_row(&fight_with("grumbleless", ""), "Thunderers");
    assert!(close(tests, 21.0 / 36.0), "{tests}");
    assert!(close(flees, tests * 15.0 / 36.0), "{flees}");
    let file = fight_with("grumblers", ", \"friends-reroll-panic\"");
    let (t, grumbled) = friend_row(&file, "Thunderers");
    assert!(close(t, tests), "{t}");
    assert!(
        close(grumbled, tests * (15.0 / 36.0) * (15.0 / 36.0)),
        "{grumbled}"
    );
}

#[test]
fn whispers_in_the_darkness_lower_the_enemys_tests_and_rallies() {
    // Ten against five, no blows: the five lose by 1 and test Ld 7 - 1:
    // break 21/36. Whispered to, Ld 6 - 1 = 5: pass 10/36, break 26/36.
    // The broken rally at their next turn on Ld 7 (21/36), whispered to
    // on 6 (15/36): P(rallies) = P(broke, not caught) x it.
    let report = |name: &str, extra: &str| {
        let file = fight(
            name,
            &idle("attacker", 10, 10, extra),
            &idle("defender", 5, 5, ""),
            ENGAGED,
        );
        json(&["combat", &file, "--method", "exact"])
    };
    let p = |r: &serde_json::Value, k: &str| r[k].as_f64().unwrap();
    let plain = report("unwhispered", "");
    assert!(close(p(&plain, "p_defender_breaks"), 21.0 / 36.0));
    let escaped = p(&plain, "p_defender_breaks") - p(&plain, "p_defender_caught");
    assert!(close(
        p(&plain, "p_defender_rallies"),
        escaped * 21.0 / 36.0
    ));
    let belakor = report("whispered", "rules = [\"whispers-in-the-darkness\"]");
    let broke = p(&belakor, "p_defender_breaks");
    assert!(close(broke, 26.0 / 36.0), "{broke}");
    let escaped = broke - p(&belakor, "p_defender_caught");
    let rallies = p(&belakor, "p_defender_rallies");
    assert!(close(rallies, escaped * 15.0 / 36.0), "{rallies}");
}

#[test]
fn hammerers_joined_by_royal_blood_are_immune_to_fear_and_terror() {
    // Terror at the start of the turn: Ld 7 fails 15/36. Hammerers with a
    // lord of Royal Blood in them take no test; with another lord, or
    // Royal Blood elsewhere, they do.
    let bodyguard = |hero_rules: &str| {
        format!(
            "rules = [\"fearless-with-royal-blood\"]\n{}",
            hero("attacker", hero_rules)
        )
    };
    let royal = declared("royal", &bodyguard("\"royal-blood\""), TERROR);
    assert_eq!(royal, 1.0);
    let thane = declared("thane", &bodyguard(""), TERROR);
    assert!(close(thane, 21.0 / 36.0), "{thane}");
    let lone = declared("lone_lord", &hero("attacker", "\"royal-blood\""), TERROR);
    assert!(close(lone, 21.0 / 36.0), "{lone}");
}
