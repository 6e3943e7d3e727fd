//! A champion who fights as himself (issue 47): his own profile, weapon,
//! armour and rules where they differ from his unit's (RULES.md
//! Characters, champions and challenges). Every figure worked out by
//! hand, and the Monte Carlo engines agree with the exact.

use crate::common::run::{engines_agree, json};
use crate::common::{combat_of as read, exact_of as exactly};
use std::path::Path;

const ENGAGED: &str = "charger = \"none\"\nrounds = 1";

/// A unit table with profile `ws s t w i a` (M 10, BS 3, Ld 7) and `extra`
/// lines, five a rank.
fn body(side: &str, models: u32, p: [u8; 6], extra: &str) -> String {
    let [ws, s, t, w, i, a] = p;
    format!(
        "[{side}]\nname = \"{side}\"\nmodels = {models}\nfrontage = 5\n{extra}\n\
         [{side}.profile]\nm = 10\nws = {ws}\nbs = 3\ns = {s}\nt = {t}\nw = {w}\ni = {i}\na = {a}\nld = 7\n"
    )
}

fn scenario(attacker: &str, defender: &str, situation: &str) -> String {
    format!("name = \"champions\"\n{attacker}\n{defender}\n[situation]\n{situation}\n")
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// 10 WS2 S3 A1 skeletons (I2) led by a champion of `champion` (a table's
/// lines, or `champion = true`), at 20 WS3 T3 models in light armour (5+),
/// that strike no blow and never break.
fn skeletons_at_men(champion: &str) -> String {
    let a = body("attacker", 10, [2, 3, 3, 1, 2, 1], champion);
    let d = body(
        "defender",
        20,
        [3, 3, 3, 1, 3, 0],
        "save = 5\nrules = [\"unbreakable\"]",
    );
    scenario(&a, &d, ENGAGED)
}

/// Ritcher Kreugar's profile (WS5 S4 I4 A3) and Blight's Killing Blow, as
/// a champion's table.
const KREUGAR: &str =
    "[attacker.champion]\nname = \"Ritcher Kreugar\"\nrules = [\"killing-blow\"]\n\
     [attacker.champion.profile]\nws = 5\ns = 4\ni = 4\na = 3\n";

#[test]
fn a_champion_strikes_with_his_own_profile_and_rules() {
    // Five in contact: the champion and four skeletons. Each skeleton's
    // blow: WS2 against WS3 hits on 4+ (1/2), S3 against T3 wounds on 4+
    // (1/2), the 5+ save fails 2/3: 1/6; four of them, 2/3.
    // Kreugar's: WS5 against WS3 hits on 3+ (2/3); S4 against T3 wounds on
    // 3+; a 6 to wound is a Killing Blow, no save (1/6); a 3 to 5 (1/2)
    // leaves the save at 6+ (S4's -1), failed 5/6: 2/3 x (1/6 + 5/12) =
    // 7/18 a blow, three blows 7/6. In all 2/3 + 7/6 = 11/6.
    let own = exactly(
        &skeletons_at_men(&format!("\n{KREUGAR}")),
        "mean_defender_casualties",
    );
    assert!(close(own, 11.0 / 6.0), "{own}");
    // A champion of his unit's own (+1 A): six skeleton blows, 1.
    let plain = exactly(
        &skeletons_at_men("champion = true"),
        "mean_defender_casualties",
    );
    assert!(close(plain, 1.0), "{plain}");
    // A table that changes nothing but gives a body of his own strikes as
    // the +1 A champion does: his unit's profile, two blows, 1 again.
    let same = exactly(
        &skeletons_at_men("\n[attacker.champion]\nname = \"Champion\"\n"),
        "mean_defender_casualties",
    );
    assert!(close(same, 1.0), "{same}");
}

#[test]
fn attacks_declared_at_a_champion_meet_his_own_save() {
    // Five WS3 S3 A1 attackers at ten WS3 T3 I1 defenders without armour:
    // two blows declared at the champion, who wears heavy armour (5+),
    // three at the rank and file. Each hits on 4+ and wounds on 4+: 1/4;
    // the champion's save fails 2/3, so each blow at him slays him 1/6:
    // 3/4 + P(he falls) = 3/4 + 1 - (5/6)^2 = 3/4 + 11/36 = 19/18. In
    // his unit's gear, no armour: 3/4 + 1 - (3/4)^2 = 19/16.
    let a = body("attacker", 5, [3, 3, 3, 1, 3, 1], "");
    let d = body(
        "defender",
        10,
        [3, 3, 3, 1, 1, 0],
        "attacks_on_champion = 2\nrules = [\"unbreakable\"]\n\
         [defender.champion]\narmour = \"heavy\"\n",
    );
    let lost = exactly(&scenario(&a, &d, ENGAGED), "mean_defender_casualties");
    assert!(close(lost, 19.0 / 18.0), "{lost}");
    let d = d.replace("armour = \"heavy\"", "");
    let lost = exactly(&scenario(&a, &d, ENGAGED), "mean_defender_casualties");
    assert!(close(lost, 19.0 / 16.0), "{lost}");
}

#[test]
fn blows_at_the_rank_and_file_leave_a_champion_of_his_own_standing() {
    // Two skeletons (WS2 T3 W1, no save) and their champion (T4), all
    // three in contact with five WS3 S3 A1 attackers who declare no blow
    // at him. The five blows strike the rank and file, each hitting on 3+
    // (WS3 against WS2) and wounding on 4+: 1/3, and slay at most the two
    // skeletons: the champion is the last of the rank and file, struck as
    // himself. E[min(K, 2)], K ~ Bin(5, 1/3): 2 - 2 P(K=0) - P(K=1) =
    // 2 - 2 x 32/243 - 80/243 = 342/243 = 38/27. Played as one of them he
    // would fall to a third wound: E[min(K, 3)], more.
    let a = body(
        "attacker",
        5,
        [3, 3, 3, 1, 3, 1],
        "rules = [\"unbreakable\"]",
    );
    let d = body(
        "defender",
        3,
        [2, 3, 3, 1, 2, 0],
        "rules = [\"unbreakable\"]\n[defender.champion]\n[defender.champion.profile]\nt = 4\n",
    );
    let lost = exactly(&scenario(&a, &d, ENGAGED), "mean_defender_casualties");
    assert!(close(lost, 38.0 / 27.0), "{lost}");
    // E[min(K, 3)] = 38/27 + P(K >= 3) = 342/243 + 51/243 = 131/81.
    let d = d.replace(
        "[defender.champion]\n[defender.champion.profile]\nt = 4\n",
        "champion = true",
    );
    let lost = exactly(&scenario(&a, &d, ENGAGED), "mean_defender_casualties");
    assert!(close(lost, 131.0 / 81.0), "{lost}");
}

#[test]
fn a_bad_champion_table_is_a_typed_error() {
    let text = skeletons_at_men("\n[attacker.champion]\nweapon = \"banana\"\n");
    let Err(e) = read(&text) else {
        panic!("no error")
    };
    assert!(e.contains(":8:10: weapon: unknown value `banana`"), "{e}");
    let text = skeletons_at_men("\n[attacker.champion]\nmodels = 2\n");
    let Err(e) = read(&text) else {
        panic!("no error")
    };
    assert!(e.contains("models"), "{e}");
    let text = skeletons_at_men("champion = 3");
    let Err(e) = read(&text) else {
        panic!("no error")
    };
    assert!(e.contains("champion"), "{e}");
}

#[test]
fn the_engines_agree_on_a_champion_of_his_own() {
    // Kreugar and his skeletons against men who strike back, three rounds.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("champions");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("kreugar.toml");
    let a = body(
        "attacker",
        10,
        [2, 3, 3, 1, 2, 1],
        &format!("attacks_on_champion = 0\n{KREUGAR}"),
    );
    let d = body(
        "defender",
        10,
        [3, 3, 3, 1, 3, 1],
        "attacks_on_champion = 1\nchampion = true",
    )
    .replace(
        "champion = true",
        "[defender.champion]\narmour = \"heavy\"\n[defender.champion.profile]\nw = 2\n",
    );
    let situation = "charger = \"attacker\"\ndistance = 5\nrounds = 3\nchallenge = \"defender\"";
    let text = scenario(&a, &d, situation);
    std::fs::write(&path, text).unwrap();
    let r = json(&["combat", path.to_str().unwrap(), "--method", "all"]);
    engines_agree(
        &r,
        &[
            "p_attacker_wins",
            "p_defender_wins",
            "p_attacker_breaks",
            "p_defender_breaks",
        ],
        "Kreugar's skeletons against men",
    );
}

/// Leopold's Leopard Company as a roster writes it: twenty Leopard
/// Company (halberds, light armour) led by Leopold, his own profile (WS5
/// S4 I5 A3) and his own Two Hand Weapons and Pistol.
fn leopards() -> mathhammer::roster::RosterUnit {
    use crate::common::roster::{army_roster, cost, item, model, sel, with};
    let leopold = sel(
        "upgrade",
        "Leopold",
        1,
        &[model("Leopold", "4 5 4 4 3 1 5 3 8 - - 1 20x20")],
        &[item("Two Hand Weapons"), item("Pistol")],
    );
    let unit = sel(
        "unit",
        "Leopard Company",
        1,
        &[model("Leopard Company", "4 4 3 3 3 1 3 1 7 - - 1 20x20")],
        &[
            sel("model", "Leopard Company", 20, &[], &[]),
            item("Halberd"),
            item("Light Armour"),
            leopold,
        ],
    );
    let r = army_roster("Dogs of War", 250, &[with(unit, &cost(250))]);
    r.units[0].clone()
}

#[test]
fn a_rosters_champion_fights_with_his_own_profile_and_gear() {
    use mathhammer::rules::weapons::Weapon;
    let u = leopards();
    let f = u.played.as_ref().expect("played");
    assert_eq!(f.weapon, Weapon::Halberd);
    let his = f.champion.as_deref().expect("Leopold's own body");
    assert_eq!(his.name, "Leopold");
    assert_eq!(
        (his.profile.ws.0, his.profile.s.0, his.profile.i.0),
        (5, 4, 5)
    );
    assert_eq!(his.profile.a.0, 3);
    // His own weapons, not the unit's halberd; the unit's light armour.
    assert_eq!(his.weapon, Weapon::AdditionalHandWeapon);
    assert_eq!(his.armour, f.armour);
    // His names are told as played, none "held by Leopold".
    let held: Vec<&str> = u
        .rules_not_played
        .iter()
        .filter(|n| n.why.contains("held by"))
        .map(|n| n.name.as_str())
        .collect();
    assert!(held.is_empty(), "{held:?}");
    assert!(
        u.equipment.iter().any(|n| n == "Two Hand Weapons"),
        "{:?}",
        u.equipment
    );
    // His pistol is his own shot (S4, armour piercing), played: the unit
    // has none (RULES.md Shooting, Each model shoots his own weapon).
    assert!(f.missile.is_none());
    let pistol = his.missile.expect("Leopold's pistol").missile();
    assert_eq!(
        (pistol.s, pistol.shots, pistol.armour_piercing),
        (4, 1, true)
    );
    assert!(
        u.equipment.iter().any(|n| n == "Pistol"),
        "{:?} {:?}",
        u.equipment,
        u.rules_not_played
    );
}

#[test]
fn a_rosters_champion_of_plus_one_attack_is_one_of_the_rank_and_file() {
    use crate::common::roster::{army_roster, cost, model, sel, with, EMPIRE_SOLDIER};
    let champion = sel(
        "upgrade",
        "Sergeant",
        1,
        &[model("Sergeant", "4 3 3 3 3 1 3 2 7 7 7 1 20x20")],
        &[],
    );
    let unit = sel(
        "unit",
        "Swordsmen",
        1,
        &[model("Swordsman", EMPIRE_SOLDIER)],
        &[sel("model", "Swordsman", 10, &[], &[]), champion],
    );
    let r = army_roster("The Empire", 60, &[with(unit, &cost(60))]);
    let f = r.units[0].played.as_ref().expect("played");
    assert!(r.units[0].champion);
    assert!(f.champion.is_none(), "{:?}", f.champion);
}

#[test]
fn the_random_agreement_units_have_champions_of_their_own_now_and_then() {
    // The agreement fights draw them (tests/it/common, with_own_champion):
    // check they do, or those fights test nothing of them.
    let r = &mut crate::common::rng(47);
    let units: Vec<String> = (0..200)
        .map(|_| crate::common::random_unit(r, "[attacker]", "attacker", 20, ""))
        .collect();
    let own = units
        .iter()
        .filter(|u| u.contains("[attacker.champion]"))
        .count();
    assert!((10..100).contains(&own), "{own} of 200");
    for u in units.iter().filter(|u| u.contains("[attacker.champion]")) {
        let text = format!("{u}\n{}", body("defender", 5, [3, 3, 3, 1, 3, 1], ""));
        read(&scenario(&text, "", ENGAGED)).unwrap_or_else(|e| panic!("{e}\n{text}"));
    }
}

#[test]
fn a_name_the_unit_and_its_champion_both_carry_is_told_once() {
    // Pistoliers and their Marksman (WS4 BS4: a body of his own) each
    // carry a pistol: the unit tells it once, as its missile weapon, not
    // again as his.
    use crate::common::roster::{army_roster, cost, item, model, sel, with, EMPIRE_SOLDIER};
    let marksman = sel(
        "upgrade",
        "Marksman",
        1,
        &[model("Marksman", "4 4 4 3 3 1 3 2 7 - - 1 20x20")],
        &[item("Pistol")],
    );
    let unit = sel(
        "unit",
        "Pistoliers",
        1,
        &[model("Pistolier", EMPIRE_SOLDIER)],
        &[
            sel("model", "Pistolier", 10, &[], &[]),
            item("Pistol"),
            marksman,
        ],
    );
    let r = army_roster("The Empire", 80, &[with(unit, &cost(80))]);
    let u = &r.units[0];
    assert!(u.played.as_ref().unwrap().champion.is_some());
    let pistols = u
        .equipment
        .iter()
        .chain(&u.rules_played)
        .filter(|n| *n == "Pistol")
        .count()
        + u.rules_not_played
            .iter()
            .filter(|n| n.name == "Pistol")
            .count();
    assert_eq!(pistols, 1, "{u:?}");
}

#[test]
fn an_undead_unit_crumbles_its_champion_last_at_his_own_wounds() {
    // No blows (no attacks; the Undead's champion, A 0, could not wound
    // T10 anyway). Twenty attackers five wide: +3 ranks, +1 outnumbering,
    // +1 standard; the three Undead nothing. They lose by 5 and crumble 5
    // wounds (RULES.md Undead): the two skeletons (W1) first, then the
    // champion, W4 of his own, who takes the other 3 and stands: 2
    // casualties. A champion of the rank and file (W1) falls with them: 3.
    let a = body(
        "attacker",
        20,
        [3, 3, 10, 1, 3, 0],
        "standard = true\nrules = [\"unbreakable\"]",
    );
    let d = body(
        "defender",
        3,
        [2, 3, 3, 1, 2, 0],
        "rules = [\"undead\"]\n[defender.champion]\n[defender.champion.profile]\nw = 4\na = 0\n",
    );
    let lost = exactly(&scenario(&a, &d, ENGAGED), "mean_defender_casualties");
    assert!(close(lost, 2.0), "{lost}");
    let d = d.replace(
        "[defender.champion]\n[defender.champion.profile]\nw = 4\na = 0\n",
        "champion = true",
    );
    let lost = exactly(&scenario(&a, &d, ENGAGED), "mean_defender_casualties");
    assert!(close(lost, 3.0), "{lost}");
}
