//! Pikes (the Dogs of War book; RULES.md Weapons, Order of strikes;
//! issue 47): four ranks fight to the front, first in a combat's first
//! round even before chargers (after those that always strike first), +1 S
//! at cavalry, chariots or monsters that charged their front. Every figure
//! worked out by hand, and the Monte Carlo engines agree with the exact.

use crate::common::exact_of as exactly;
use crate::common::run::{engines_agree, json};
use std::path::Path;

const CHARGE: &str = "charger = \"attacker\"\ndistance = 5\nrounds = 1";
const ENGAGED: &str = "charger = \"none\"\nrounds = 1";

/// A unit table with profile `m ws s t w i a ld` (BS 3) and `extra` lines.
fn body(side: &str, models: u32, p: [u8; 8], extra: &str) -> String {
    let [m, ws, s, t, w, i, a, ld] = p;
    format!(
        "[{side}]\nname = \"{side}\"\nmodels = {models}\nfrontage = 5\n{extra}\n\
         [{side}.profile]\nm = {m}\nws = {ws}\nbs = 3\ns = {s}\nt = {t}\nw = {w}\ni = {i}\na = {a}\nld = {ld}\n"
    )
}

fn scenario(attacker: &str, defender: &str, situation: &str) -> String {
    format!("name = \"pikes\"\n{attacker}\n{defender}\n[situation]\n{situation}\n")
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// 20 WS3 S3 A1 models with `weapon` (4 ranks of 5) at 30 WS3 T3 models
/// without armour or attacks, 5 wide: one round, `situation`.
fn twenty_at_thirty(weapon: &str, situation: &str) -> f64 {
    twenty_with_at_thirty(&format!("weapon = \"{weapon}\""), situation)
}

/// As [`twenty_at_thirty`], the twenty's table lines `extra`.
fn twenty_with_at_thirty(extra: &str, situation: &str) -> f64 {
    let a = body("attacker", 20, [10, 3, 3, 3, 1, 3, 1, 7], extra);
    let d = body(
        "defender",
        30,
        [10, 3, 3, 3, 1, 3, 0, 7],
        "rules = [\"unbreakable\"]",
    );
    exactly(&scenario(&a, &d, situation), "mean_defender_casualties")
}

#[test]
fn pikes_fight_in_four_ranks_charging_or_not() {
    // Each attack 1/2 to hit (WS3 against 3) x 1/2 to wound (S3 against
    // T3), no save: 1/4. Five in contact; pikes bring the three ranks
    // behind (15 more): 20 x 1/4 = 5. A spear, two ranks: 10 x 1/4 = 2.5,
    // the turn it charges one: 5 x 1/4 = 1.25. [ruling] Pikes charging
    // still fight in four (the book names no exception): 5.
    let pikes = twenty_at_thirty("pike", ENGAGED);
    assert!(close(pikes, 5.0), "{pikes}");
    let spears = twenty_at_thirty("spear", ENGAGED);
    assert!(close(spears, 2.5), "{spears}");
    let charging = twenty_at_thirty("pike", CHARGE);
    assert!(close(charging, 5.0), "{charging}");
    let spears_charging = twenty_at_thirty("spear", CHARGE);
    assert!(close(spears_charging, 1.25), "{spears_charging}");
}

/// 10 `kind` models (WS3 S3 T3 I3 A1, no armour; `rules`) charge 10
/// pikemen (WS3 S3 T3 I1 A1, no armour, two ranks of 5): one round.
fn charge_at_pikes(kind: &str, rules: &str) -> String {
    let a = body(
        "attacker",
        10,
        [20, 3, 3, 3, 1, 3, 1, 7],
        &format!("type = \"{kind}\"\nrules = [{rules}]"),
    );
    let d = body(
        "defender",
        10,
        [10, 3, 3, 3, 1, 1, 1, 7],
        "weapon = \"pike\"\nrules = [\"unbreakable\"]",
    );
    scenario(&a, &d, CHARGE)
}

#[test]
fn pikes_strike_first_and_harder_at_charging_cavalry() {
    // Ten pikemen in two ranks (five in contact, five behind) strike first
    // although the knights charged, at S4 (+1 at charging cavalry): 1/2 to
    // hit x 2/3 to wound (S4 against T3), the mount's 6+ gone at S4: 1/3
    // each, 10/3 knights slain, none lost before they strike. At S3 it
    // would be 1/2 x 1/2 x 5/6 each; striking after the chargers, fewer.
    let knights = charge_at_pikes("cavalry", "");
    let slain = exactly(&knights, "mean_attacker_casualties");
    assert!(close(slain, 10.0 / 3.0), "{slain}");
    // The five knights in contact strike after, each slain one a blow
    // fewer: E[(5 - K)+] with K ~ Bin(10, 1/3) = sum over k < 5 of
    // (5 - k) C(10, k) (1/3)^k (2/3)^(10 - k) = 104320/59049, each 1/4
    // (S3 against T3, no armour): 26080/59049.
    let lost = exactly(&knights, "mean_defender_casualties");
    assert!(close(lost, 26080.0 / 59049.0), "{lost}");
    // Infantry charging: still first, but no +1 S and no mount: 1/4 each.
    let infantry = charge_at_pikes("infantry", "");
    let slain = exactly(&infantry, "mean_attacker_casualties");
    assert!(close(slain, 2.5), "{slain}");
}

#[test]
fn what_always_strikes_first_strikes_before_pikes() {
    // Knights that always strike first: their five in contact strike
    // before the pikes, 5 x 1/4 = 1.25 pikemen slain, whatever follows.
    let knights = charge_at_pikes("cavalry", "\"always-strikes-first\"");
    let lost = exactly(&knights, "mean_defender_casualties");
    assert!(close(lost, 1.25), "{lost}");
}

#[test]
fn the_engines_agree_on_pikes() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pikes");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("knights.toml");
    let text = charge_at_pikes("cavalry", "").replace("rounds = 1", "rounds = 3");
    std::fs::write(&path, text).unwrap();
    let r = json(&["combat", path.to_str().unwrap(), "--method", "all"]);
    engines_agree(
        &r,
        &["p_attacker_wins", "p_defender_wins", "p_attacker_breaks"],
        "pikes against charging knights",
    );
}

#[test]
fn a_rosters_pikemen_fight_with_pikes() {
    // Dogs of War Pikemen (pike, light armour, shield): they fight with
    // the pike, which needs both hands, so in close combat the shield is
    // no use: light armour 6+ against S3 (5+ against missiles).
    use crate::common::roster::{army_roster, cost, item, model, save_against_s3, sel, with};
    let held = [item("Pike"), item("Light Armour"), item("Shield")].to_vec();
    let men = sel(
        "model",
        "Pikeman",
        20,
        &[model("Pikeman", "4 3 3 3 3 1 3 1 7 - - 1 20x20")],
        &held,
    );
    let unit = with(sel("unit", "Pikemen", 1, &[], &[men]), &cost(160));
    let r = army_roster("Dogs of War", 160, &[unit]);
    let f = r.units[0].played.as_ref().unwrap();
    assert_eq!(f.weapon, mathhammer::rules::weapons::Weapon::Pike);
    assert_eq!(save_against_s3(f), Some(6));
    assert!(
        r.units[0].rules_not_played.is_empty(),
        "{:?}",
        r.units[0].rules_not_played
    );
}

#[test]
fn high_elf_spears_fight_in_three_ranks() {
    // "High Elves on foot and armed with spears may fight in three
    // ranks": as above, 15 strike, 15 x 1/4 = 3.75; the turn they charge
    // one rank, as any spears: 1.25.
    let three = "weapon = \"spear\"\nrules = [\"spears-in-three-ranks\"]";
    let elves = twenty_with_at_thirty(three, ENGAGED);
    assert!(close(elves, 3.75), "{elves}");
    let charging = twenty_with_at_thirty(three, CHARGE);
    assert!(close(charging, 1.25), "{charging}");
}
