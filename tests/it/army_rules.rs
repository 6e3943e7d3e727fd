//! The army books' rules in fights (issue 38): Undead crumbling and the
//! battle standard's wound less, skirmishers, the resolute's shorter
//! flight, re-rolled saves, the choppa, a profile's own combat result,
//! impact hits plus, the General and the battle standard carried by a
//! model, hatred of named armies. RULES.md Undead, Skirmishers, Fleeing and
//! pursuit, Saves, Weapons, Combat resolution, Special attacks and
//! psychology, Break test. Each figure worked out by hand.

use crate::combat::{combat, more, unit, Scripted};
use mathhammer::combat::fight::{Combat, End, StepKind, UnitEnd};
use mathhammer::rules::attack::HitNeed;
use mathhammer::scenario::combat::ScenarioFile;
use mathhammer::scenario::parse;
use std::path::Path;

const CHARGE: &str = "charger = \"attacker\"\ndistance = 5\nrounds = 1";
const ENGAGED: &str = "charger = \"none\"\nrounds = 1";

/// A unit table with its whole profile given (`m ws s t w i a ld`, BS 3)
/// and `extra` lines.
fn body(side: &str, models: u32, frontage: u32, p: [u8; 8], extra: &str) -> String {
    let [m, ws, s, t, w, i, a, ld] = p;
    format!(
        "[{side}]\nname = \"{side}\"\nmodels = {models}\nfrontage = {frontage}\n{extra}\n\
         [{side}.profile]\nm = {m}\nws = {ws}\nbs = 3\ns = {s}\nt = {t}\nw = {w}\ni = {i}\na = {a}\nld = {ld}\n"
    )
}

/// A character of `side` with W `w`, A 0, and `extra` lines.
fn hero(side: &str, w: u8, extra: &str) -> String {
    format!(
        "[[{side}.characters]]\nname = \"hero\"\n{extra}\n\
         [{side}.characters.profile]\nm = 10\nws = 4\nbs = 3\ns = 4\nt = 4\nw = {w}\ni = 4\na = 0\nld = 8\n"
    )
}

/// The exact report's value of `key` for the fight of these tables.
fn exactly(attacker: &str, defender: &str, situation: &str, key: &str) -> f64 {
    let text = format!("name = \"test\"\n{attacker}\n{defender}\n[situation]\n{situation}\n");
    crate::common::exact_of(&text, key)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// One round scripted: the attacker's first strike slays `a`, the
/// defender's `d`, tests pass.
fn scripted(c: &Combat, kills: Vec<u32>) -> (mathhammer::combat::fight::Record, Scripted) {
    let mut fate = Scripted {
        kills,
        ..Scripted::default()
    };
    let record = c.fight(&mut fate);
    (record, fate)
}

#[test]
fn beaten_undead_crumble_a_wound_a_point_and_take_no_test() {
    // 5 attackers charge 10 Undead 10 wide and slay 3: 3 against the
    // Undead's 0 + 1 outnumbering (7 to 5). Lost by 2: two more fall,
    // no test; 5 left, still fighting.
    let a = unit("attacker", 5, 5, 3, 1, "");
    let undead = |extra: &str| {
        unit(
            "defender",
            10,
            10,
            3,
            3,
            &format!("rules = [\"undead\"]\n{extra}"),
        )
    };
    let (record, fate) = scripted(&combat(&a, &undead(""), CHARGE), vec![3, 0]);
    assert!(fate.tests.is_empty());
    assert_eq!(record.end, End::Unresolved);
    assert_eq!(record.units[1], UnitEnd::Stands);
    assert_eq!(record.casualties[1], 5);
    assert_eq!(record.rounds[0].casualties[1], 5);
    // Their battle standard in range: one wound less.
    let (record, _) = scripted(
        &combat(&a, &undead("battle_standard = true"), CHARGE),
        vec![3, 0],
    );
    assert_eq!(record.casualties[1], 4);
    // The Banner of Malediction: one wound fewer again (the Cursed
    // Company beaten by 3 loses two): 3 slain and 1 crumbled, or with the
    // battle standard too, none crumbled.
    let banner = "rules = [\"undead\", \"crumbles-one-fewer\"]";
    let (record, _) = scripted(
        &combat(&a, &unit("defender", 10, 10, 3, 3, banner), CHARGE),
        vec![3, 0],
    );
    assert_eq!(record.casualties[1], 4);
    let both = unit(
        "defender",
        10,
        10,
        3,
        3,
        &format!("{banner}\nbattle_standard = true"),
    );
    let (record, _) = scripted(&combat(&a, &both, CHARGE), vec![3, 0]);
    assert_eq!(record.casualties[1], 3);
    // A living unit so beaten tests at -2.
    let living = unit("defender", 10, 10, 3, 3, "");
    let (_, fate) = scripted(&combat(&a, &living, CHARGE), vec![3, 0]);
    assert_eq!(fate.tests[0].modifier, 2);
}

#[test]
fn a_battle_standard_carried_by_a_character_counts_while_he_stands() {
    // The Undead's bearer adds his standard (3 against 0 + 1 outnumbering
    // (8 to 5) + 1 standard: lost by 1) and takes the wound off: none lost.
    let a = unit("attacker", 5, 5, 3, 1, "");
    let d = unit("defender", 10, 10, 3, 3, "rules = [\"undead\"]")
        + &hero("defender", 2, "battle_standard = true");
    let (record, fate) = scripted(&combat(&a, &d, CHARGE), vec![3, 0]);
    assert!(fate.tests.is_empty());
    assert_eq!(record.casualties[1], 3);
    // A living unit's bearer: its re-roll, and his standard. 5 attackers
    // with him slay none; the defenders slay 2: 2 + 1 outnumbering (5 to
    // 4) against his standard's 1, lost by 2; without it, by 3.
    let a = unit("attacker", 5, 5, 3, 3, "") + &hero("attacker", 2, "battle_standard = true");
    let d = unit("defender", 5, 5, 3, 1, "");
    let (_, fate) = scripted(&combat(&a, &d, CHARGE), vec![0, 2]);
    assert_eq!((fate.tests[0].modifier, fate.tests[0].reroll), (2, true));
    let a = unit("attacker", 5, 5, 3, 3, "") + &hero("attacker", 2, "");
    let (_, fate) = scripted(&combat(&a, &d, CHARGE), vec![0, 2]);
    assert_eq!((fate.tests[0].modifier, fate.tests[0].reroll), (3, false));
}

#[test]
fn undead_crumbled_to_the_last_model_are_wiped_out() {
    // 3 Undead lose 2 to 5 attackers: 2 + 1 outnumbering against 0, lost
    // by 3: the last falls too.
    let a = unit("attacker", 5, 5, 3, 1, "");
    let d = unit("defender", 3, 3, 3, 3, "rules = [\"undead\"]");
    let (record, fate) = scripted(&combat(&a, &d, CHARGE), vec![2, 0]);
    assert!(fate.tests.is_empty());
    assert_eq!(record.end, End::WipedOut { loser: 1 });
    assert_eq!(record.units[1], UnitEnd::WipedOut);
    assert_eq!(record.casualties[1], 3);
}

#[test]
fn crumbling_takes_the_rank_and_file_then_the_characters() {
    // [ruling] 2 Undead and their W2 character lose 1 model to 5
    // attackers: 1 + 1 outnumbering (5 to 2) against 0, lost by 2: the
    // last model, then a wound on the character, who stands.
    let a = |extra: &str| unit("attacker", 5, 5, 3, 1, extra);
    let d = unit("defender", 2, 2, 3, 3, "rules = [\"undead\"]") + &hero("defender", 2, "");
    let (record, _) = scripted(&combat(&a(""), &d, CHARGE), vec![1, 0]);
    assert_eq!(record.end, End::Unresolved);
    assert_eq!((record.casualties[1], record.characters_slain[1]), (2, 0));
    // With the attackers' standard, lost by 3: he falls too.
    let (record, _) = scripted(&combat(&a("standard = true"), &d, CHARGE), vec![1, 0]);
    assert_eq!(record.end, End::WipedOut { loser: 1 });
    assert_eq!((record.casualties[1], record.characters_slain[1]), (2, 1));
}

#[test]
fn undead_never_flee() {
    // No fear test when charged by a fear-causer, as unbreakable units.
    let scary = unit("attacker", 5, 5, 3, 1, "rules = [\"fear\"]");
    let (_, fate) = scripted(
        &combat(
            &scary,
            &unit("defender", 5, 5, 3, 1, "rules = [\"undead\"]"),
            CHARGE,
        ),
        vec![0, 0],
    );
    assert!(fate.tests.is_empty());
    let (_, fate) = scripted(
        &combat(&scary, &unit("defender", 5, 5, 3, 1, ""), CHARGE),
        vec![0, 0],
    );
    assert_eq!(fate.tests.len(), 1);
    // They may not flee a charge.
    let text = format!(
        "name = \"t\"\n{}\n{}\n[situation]\n{CHARGE}\nreaction = \"flee\"\n",
        unit("attacker", 5, 5, 3, 1, ""),
        unit("defender", 5, 5, 3, 1, "rules = [\"undead\"]")
    );
    let file: ScenarioFile = parse(&text, "t.toml").unwrap();
    let e = file.combat(Path::new(".")).unwrap_err();
    assert!(e.to_string().contains("Undead and cannot flee"), "{e}");
}

#[test]
fn undead_crumbling_by_hand() {
    // One attacker (WS 4, S 3, with a standard) fights 3 Undead (WS 3, T 3,
    // no save, no attacks): P(slay one) = 2/3 x 1/2 = 1/3. Then 1 + 1
    // standard against 0 + 1 outnumbering: lost by 1, one more falls;
    // else 1 against 1, a draw. Mean casualties 2 x 1/3.
    let a = body(
        "attacker",
        1,
        1,
        [10, 4, 3, 3, 1, 3, 1, 7],
        "standard = true",
    );
    let d = |extra: &str| {
        body(
            "defender",
            3,
            3,
            [10, 3, 3, 3, 1, 3, 0, 7],
            &format!("rules = [\"undead\"]\n{extra}"),
        )
    };
    let mean = exactly(&a, &d(""), ENGAGED, "mean_defender_casualties");
    assert!(close(mean, 2.0 / 3.0), "{mean}");
    // The battle standard takes that wound off.
    let mean = exactly(
        &a,
        &d("battle_standard = true"),
        ENGAGED,
        "mean_defender_casualties",
    );
    assert!(close(mean, 1.0 / 3.0), "{mean}");
    let broke = exactly(&a, &d(""), ENGAGED, "p_defender_breaks");
    assert_eq!(broke, 0.0);
}

#[test]
fn skirmishers_have_no_rank_bonus() {
    // 20 defenders 5 wide slay 1 of 5 chargers: 1 + 3 ranks + 1
    // outnumbering; skirmishers the same but the ranks.
    let a = unit("attacker", 5, 5, 3, 1, "");
    let (_, fate) = scripted(
        &combat(&a, &unit("defender", 20, 5, 3, 3, ""), CHARGE),
        vec![0, 1],
    );
    assert_eq!(fate.tests[0].modifier, 5);
    let d = unit("defender", 20, 5, 3, 3, "rules = [\"skirmishers\"]");
    let (_, fate) = scripted(&combat(&a, &d, CHARGE), vec![0, 1]);
    assert_eq!(fate.tests[0].modifier, 2);
}

#[test]
fn skirmishers_in_a_flank_leave_the_ranks() {
    // 5 charge 20 defenders' front, 5 more their flank. A flank charge by
    // US 5 takes the defenders' 3 ranks: 1 outnumbering (20 to 10) against
    // 1 for the flank, a draw. Skirmishers in the flank take none: 3 + 1
    // against 1, both attackers test at -3.
    let a = unit("attacker", 5, 5, 3, 1, "");
    let flank = "side = \"attacker\"\nfacing = \"flank\"\ncharges = true\ndistance = 5";
    let d = unit("defender", 20, 5, 3, 3, "") + &more(5, 5, 1, flank);
    let (_, fate) = scripted(&combat(&a, &d, CHARGE), vec![]);
    assert!(fate.tests.is_empty());
    let skirmishing = format!("{flank}\nrules = [\"skirmishers\"]");
    let d = unit("defender", 20, 5, 3, 3, "") + &more(5, 5, 1, &skirmishing);
    let (_, fate) = scripted(&combat(&a, &d, CHARGE), vec![]);
    let tests: Vec<i32> = fate.tests.iter().map(|t| t.modifier).collect();
    assert_eq!(tests, vec![3, 3]);
}

#[test]
fn skirmishers_bring_as_many_as_the_enemy_front_takes() {
    // 10 skirmishers 2 wide charge 10 defenders 5 wide: 7 of them strike
    // (5 and the corners), not 2.
    let d = unit("defender", 10, 5, 3, 1, "");
    let (_, fate) = scripted(
        &combat(&unit("attacker", 10, 2, 3, 3, ""), &d, CHARGE),
        vec![],
    );
    assert_eq!(fate.strikes[0], (0, StepKind::RankAndFile, 2));
    let a = unit("attacker", 10, 2, 3, 3, "rules = [\"skirmishers\"]");
    let (_, fate) = scripted(&combat(&a, &d, CHARGE), vec![]);
    assert_eq!(fate.strikes[0], (0, StepKind::RankAndFile, 7));
}

#[test]
fn skirmishers_turn_to_face_a_charge() {
    // 5 charge 5 in the flank: +1 for the flank, the defenders test at -1.
    // Skirmishers turn to face it: a draw, no test.
    let a = unit("attacker", 5, 5, 3, 1, "");
    let flank = "charger = \"attacker\"\nfacing = \"flank\"\ndistance = 5\nrounds = 1";
    let (_, fate) = scripted(
        &combat(&a, &unit("defender", 5, 5, 3, 3, ""), flank),
        vec![],
    );
    assert_eq!(fate.tests[0].modifier, 1);
    let d = unit("defender", 5, 5, 3, 3, "rules = [\"skirmishers\"]");
    let (_, fate) = scripted(&combat(&a, &d, flank), vec![]);
    assert!(fate.tests.is_empty());
}

#[test]
fn standing_and_shooting_at_skirmishers_is_harder() {
    // BS 3 hits on 4+; standing and shooting 5+; at skirmishers 6+.
    let shots = |rules: &str| {
        let a = unit("attacker", 5, 5, 3, 1, rules);
        let d = unit("defender", 5, 5, 3, 1, "missile = { s = 3, shots = 1 }");
        let situation =
            "charger = \"attacker\"\ndistance = 15\nreaction = \"stand-and-shoot\"\nrounds = 1";
        let c = combat(&a, &d, situation);
        let step = c.steps.iter().find(|s| s.kind == StepKind::Shots).unwrap();
        step.chain.hit
    };
    assert_eq!(shots(""), HitNeed::Shooting(5));
    assert_eq!(shots("rules = [\"skirmishers\"]"), HitNeed::Shooting(6));
}

/// The outcomes of 5D6 whose total passes `ok`, out of 7,776.
fn five_d6(ok: impl Fn(u32) -> bool) -> f64 {
    let mut n = 0;
    for i in 0..7776u32 {
        let total: u32 = (0..5).map(|k| i / 6u32.pow(k) % 6 + 1).sum();
        n += u32::from(ok(total));
    }
    f64::from(n) / 7776.0
}

/// P(a pursuer's 2D6 less `p_less` reaches a flee's 2D6 less `f_less`),
/// over the 1,296 pairs.
fn pursuit_2d6(p_less: i32, f_less: i32) -> f64 {
    let mut n = 0;
    for (a, b, c, d) in (1..=6).flat_map(|a| {
        (1..=6).flat_map(move |b| (1..=6).flat_map(move |c| (1..=6).map(move |d| (a, b, c, d))))
    }) {
        n += i32::from(a + b - p_less >= c + d - f_less);
    }
    f64::from(n as u32) / 1296.0
}

#[test]
fn the_resolute_flee_an_inch_shorter() {
    // M 10 chargers (range 20 cm) 5 cm from M 8 defenders who flee 5D6 cm:
    // caught on 15 or less; resolute, their 5D6 less 2.5 cm: on 17 or less.
    let a = unit("attacker", 5, 5, 3, 1, "");
    let flee = "charger = \"attacker\"\ndistance = 5\nreaction = \"flee\"\nrounds = 1";
    let d = |rules: &str| body("defender", 5, 5, [8, 3, 3, 3, 1, 3, 1, 7], rules);
    let p = exactly(&a, &d(""), flee, "p_target_caught");
    assert!(close(p, five_d6(|t| t <= 15)), "{p}");
    let p = exactly(&a, &d("rules = [\"resolute\"]"), flee, "p_target_caught");
    assert!(close(p, five_d6(|t| t <= 17)), "{p}");
}

#[test]
fn the_resolute_pursue_an_inch_shorter() {
    // Inches: the attacker (A 0, a standard) beats the defender (A 0, Ld 2)
    // by 1 every time, and the defender breaks (2D6 against 1); both flee
    // and pursue 2D6", caught if the pursuit reaches the flee.
    let cases = [
        ("", "", 0, 0),
        ("rules = [\"resolute\"]", "", 1, 0),
        ("", "rules = [\"resolute\"]", 0, 1),
        ("rules = [\"resolute\"]", "rules = [\"resolute\"]", 1, 1),
    ];
    for (pursuer, fleeing, p_less, f_less) in cases {
        let a = body(
            "attacker",
            1,
            1,
            [10, 3, 3, 3, 1, 3, 0, 7],
            &format!("standard = true\n{pursuer}"),
        );
        let d = body("defender", 1, 1, [10, 3, 3, 3, 1, 3, 0, 2], fleeing);
        let p = exactly(
            &a,
            &d,
            "charger = \"none\"\nrounds = 1\ninches = true",
            "p_defender_caught",
        );
        let want = pursuit_2d6(p_less, f_less);
        assert!(close(p, want), "{pursuer} {fleeing}: {p} vs {want}");
    }
    // 721, 575, 861 and 721 of the 1,296 pairs.
    assert!(close(pursuit_2d6(1, 0), 575.0 / 1296.0));
    assert!(close(pursuit_2d6(0, 1), 861.0 / 1296.0));
}

#[test]
fn rerolled_saves_in_a_fight() {
    // One attacker (WS 4 against 3: 3+; S 3 against T 3: 4+) at a 4+ save:
    // 2/3 x 1/2 x 1/2 = 1/6 unsaved; re-rolled, 2/3 x 1/2 x 1/4 = 1/12.
    let a = body("attacker", 1, 1, [10, 4, 3, 3, 1, 3, 1, 7], "");
    let d = |rules: &str| {
        body(
            "defender",
            5,
            5,
            [10, 3, 3, 3, 1, 3, 0, 7],
            &format!("save = 4\nrules = [\"unbreakable\"{rules}]"),
        )
    };
    let mean = exactly(&a, &d(""), ENGAGED, "mean_defender_casualties");
    assert!(close(mean, 1.0 / 6.0), "{mean}");
    let mean = exactly(
        &a,
        &d(", \"reroll-saves\""),
        ENGAGED,
        "mean_defender_casualties",
    );
    assert!(close(mean, 1.0 / 12.0), "{mean}");
}

#[test]
fn a_choppa_on_the_charge() {
    // An orc (WS 3 against 3: 4+) with a choppa at T 4: S 4 the turn he
    // charges on foot, 1/2 x 1/2 = 1/4; not charging, or mounted, S 3:
    // 1/2 x 1/3 = 1/6.
    let a = |extra: &str| body("attacker", 1, 1, [10, 3, 3, 3, 1, 3, 1, 7], extra);
    let d = body(
        "defender",
        5,
        5,
        [10, 3, 3, 4, 1, 3, 0, 7],
        "rules = [\"unbreakable\"]",
    );
    let key = "mean_defender_casualties";
    let charge = exactly(&a("weapon = \"choppa\""), &d, CHARGE, key);
    assert!(close(charge, 0.25), "{charge}");
    let engaged = exactly(&a("weapon = \"choppa\""), &d, ENGAGED, key);
    assert!(close(engaged, 1.0 / 6.0), "{engaged}");
    let mounted = exactly(
        &a("weapon = \"choppa\"\ntype = \"cavalry\""),
        &d,
        CHARGE,
        key,
    );
    assert!(close(mounted, 1.0 / 6.0), "{mounted}");
    // A choppa and a shield do not parry (the book: the hand weapon and
    // shield's extra save is not for an Orc wielding a choppa): the
    // shield's 6+ alone against S 3, as with a spear; a great weapon
    // leaves the shield no use in close combat.
    let a = body("attacker", 1, 1, [10, 3, 3, 3, 1, 3, 1, 7], "");
    let d = |weapon: &str| {
        body(
            "defender",
            5,
            5,
            [10, 3, 3, 3, 1, 3, 0, 7],
            &format!("rules = [\"unbreakable\"]\nshield = true\nweapon = \"{weapon}\""),
        )
    };
    let choppa = exactly(&a, &d("choppa"), ENGAGED, key);
    assert!(close(choppa, 1.0 / 2.0 * 1.0 / 2.0 * 5.0 / 6.0), "{choppa}");
    let shield = exactly(&a, &d("great-weapon"), ENGAGED, key);
    assert!(close(shield, 1.0 / 2.0 * 1.0 / 2.0), "{shield}");
    let spear = exactly(&a, &d("spear"), ENGAGED, key);
    assert!(close(spear, 1.0 / 2.0 * 1.0 / 2.0 * 5.0 / 6.0), "{spear}");
}

#[test]
fn a_profiles_own_combat_result() {
    // 5 against 5: the attackers slay 1, 1 + 1 outnumbering (5 to 4)
    // against 0; a War Banner's +1 makes it 3; a character's, while he
    // stands, 4.
    let d = unit("defender", 5, 5, 3, 1, "");
    let banner = |extra: &str| unit("attacker", 5, 5, 3, 3, extra);
    let (_, fate) = scripted(&combat(&banner(""), &d, CHARGE), vec![1, 0]);
    assert_eq!(fate.tests[0].modifier, 2);
    let (_, fate) = scripted(
        &combat(&banner("combat_resolution = 1"), &d, CHARGE),
        vec![1, 0],
    );
    assert_eq!(fate.tests[0].modifier, 3);
    let a = banner("combat_resolution = 1") + &hero("attacker", 2, "combat_resolution = 1");
    let (_, fate) = scripted(&combat(&a, &d, CHARGE), vec![1, 0]);
    assert_eq!(fate.tests[0].modifier, 4);
}

#[test]
fn scythes_add_to_the_impact_hits() {
    // A chariot (crew A 0) charges 20 with D6+1 impact hits at S 7 against
    // T 3 (2+) and no save: 4.5 x 5/6 = 3.75 slain; plain D6, 3.5 x 5/6.
    let chariot = |plus: u8| {
        body(
            "attacker",
            1,
            1,
            [10, 3, 3, 5, 4, 3, 0, 7],
            &format!(
                "type = \"chariot\"\n[attacker.impact_hits]\ndice = \"D6\"\nplus = {plus}\ns = 7"
            ),
        )
    };
    let d = body(
        "defender",
        20,
        5,
        [10, 3, 3, 3, 1, 3, 0, 7],
        "rules = [\"unbreakable\"]",
    );
    let key = "mean_defender_casualties";
    let plus = exactly(&chariot(1), &d, CHARGE, key);
    assert!(close(plus, 4.5 * 5.0 / 6.0), "{plus}");
    let plain = exactly(&chariot(0), &d, CHARGE, key);
    assert!(close(plain, 3.5 * 5.0 / 6.0), "{plain}");
}

/// A profile file `name` written under the tests' folder `dir`, with
/// `extra` keys, and its path.
fn profile_file(dir: &str, name: &str, extra: &str) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let text = format!(
        "name = \"{name}\"\n{extra}\n[profile]\nm = 10\nws = 4\nbs = 3\ns = 4\nt = 4\nw = 2\ni = 4\na = 0\nld = 9\n"
    );
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn a_general_or_a_bearer_by_profile_leads_his_unit() {
    let general = profile_file("mh-army-rules", "general.toml", "general = true");
    let bearer = profile_file("mh-army-rules", "bearer.toml", "battle_standard = true");
    let d = unit("defender", 5, 5, 3, 1, "");
    // A character whose profile is the General's: his unit is the
    // General's.
    let led = |file: &str| {
        unit("attacker", 5, 5, 3, 3, "")
            + &format!("[[attacker.characters]]\nprofile_file = \"{file}\"\n")
    };
    let c = combat(&led(&general), &d, CHARGE);
    assert_eq!((c.general(0), c.general(1)), (Some(0), None));
    assert!(!c.setup.units[0].battle_standard);
    // His battle standard: a standard and the re-roll (the defenders slay
    // 2: 2 + 1 outnumbering against 1, lost by 2).
    let c = combat(&led(&bearer), &d, CHARGE);
    assert_eq!(c.general(0), None);
    let (_, fate) = scripted(&c, vec![0, 2]);
    assert_eq!((fate.tests[0].modifier, fate.tests[0].reroll), (2, true));
    // A model that is the unit, by its profile file.
    let alone = format!("[attacker]\nprofile_file = \"{general}\"\nmodels = 1\n");
    let c = combat(&alone, &d, CHARGE);
    assert_eq!(c.general(0), Some(0));
}

#[test]
fn a_unit_hates_the_armies_it_names() {
    // Dwarfs hate Orcs and Goblins: re-rolled misses in round 1, 1/2 to
    // 3/4 to hit, x 1/2 to wound (S 3 against T 3).
    let a = |army: &str| {
        body(
            "attacker",
            1,
            1,
            [8, 3, 3, 3, 1, 3, 1, 9],
            &format!("army = \"Dwarfs (2001)\"\nhates = [\"{army}\"]"),
        )
    };
    let d = |army: &str| {
        body(
            "defender",
            5,
            5,
            [10, 3, 3, 3, 1, 3, 0, 7],
            &format!("rules = [\"unbreakable\"]\narmy = \"{army}\""),
        )
    };
    let key = "mean_defender_casualties";
    let hated = exactly(&a("Orcs and Goblins"), &d("Orcs and goblins"), ENGAGED, key);
    assert!(close(hated, 3.0 / 8.0), "{hated}");
    let other = exactly(&a("Orcs and Goblins"), &d("The Empire"), ENGAGED, key);
    assert!(close(other, 1.0 / 4.0), "{other}");
    let c = {
        let text = format!(
            "name = \"t\"\n{}\n{}\n[situation]\n{ENGAGED}\n",
            a("Orcs and Goblins"),
            d("Orcs and Goblins")
        );
        let file: ScenarioFile = parse(&text, "t.toml").unwrap();
        file.combat(Path::new(".")).unwrap().combat
    };
    assert!(c.setup.units[0].rules.hatred && c.setup.units[0].must_pursue());
    assert!(!c.setup.units[1].rules.hatred);
}

#[test]
fn a_unit_never_takes_an_assassins_leadership() {
    // No blows: 10 attackers 10 wide outnumber 5 defenders (Ld 5) and a
    // hero (US 6), +1. The defenders test on the hero's Ld 8 - 1, break
    // on 8 to 12, 15 of 36; an Assassin lends none ("units in the army
    // can never use their Leadership value"): Ld 5 - 1, 30 of 36.
    let a = body("attacker", 10, 10, [4, 3, 3, 3, 1, 3, 0, 7], "");
    let d = |rules: &str| {
        body("defender", 5, 5, [4, 3, 3, 3, 1, 3, 0, 5], "") + &hero("defender", 1, rules)
    };
    let breaks = |rules: &str| exactly(&a, &d(rules), ENGAGED, "p_defender_breaks");
    assert!(close(breaks(""), 15.0 / 36.0), "{}", breaks(""));
    let assassin = breaks("rules = [\"lends-no-leadership\"]");
    assert!(close(assassin, 30.0 / 36.0), "{assassin}");
}
