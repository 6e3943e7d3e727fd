//! A champion's own missile weapon in stand and shoot (issue 47): each
//! model shoots his own weapon, a champion of his own body his own at his
//! own BS, the rank and file theirs without him (RULES.md Shooting, Each
//! model shoots his own weapon). Every figure worked out by hand.

use crate::common::exact_of as exactly;
use crate::common::run::{engines_agree, json};
use std::path::Path;

/// Ten WS3 S3 T3 A0 models (BS 3, M 10, Ld 7), `extra` lines, five a rank.
fn body(side: &str, extra: &str) -> String {
    format!(
        "[{side}]\nname = \"{side}\"\nmodels = 10\nfrontage = 5\n{extra}\n\
         [{side}.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = 7\n"
    )
}

/// Unbreakable chargers in light armour and shield (5+) charge from 15
/// at ten shooters with `shooters`' lines, who stand and shoot; no blow
/// is struck after.
fn volley(shooters: &str, rounds: u32) -> String {
    let a = body("attacker", "save = 5\nrules = [\"unbreakable\"]");
    let d = body("defender", shooters);
    format!(
        "name = \"volley\"\n{a}\n{d}\n[situation]\ncharger = \"attacker\"\ndistance = 15\n\
         reaction = \"stand-and-shoot\"\nrounds = {rounds}\n"
    )
}

/// A champion of his own (A 0, so he strikes no blow) with a pistol (S4,
/// armour piercing) and BS `bs`.
fn pistol_champion(bs: u8) -> String {
    format!(
        "[defender.champion]\nname = \"Marksman\"\n\
         missile = {{ s = 4, shots = 1, armour_piercing = true }}\n\
         [defender.champion.profile]\nbs = {bs}\na = 0\n"
    )
}

const BOWS: &str = "missile = { s = 3, shots = 1 }";

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn a_champion_shoots_his_own_pistol_and_the_rank_and_file_their_bows() {
    // Nine bowmen: BS 3 hits on 4+, 5+ standing and shooting (1/3); S3
    // against T3 wounds on 4+ (1/2); the 5+ save fails 2/3: 1/9 a shot,
    // 1 in all. The champion's pistol at BS 4: 3+, 4+ standing and
    // shooting (1/2); S4 against T3 wounds on 3+ (2/3); the 5+ save less
    // 1 for S4 and 1 for armour piercing is none: 1/3. In all 4/3.
    let text = volley(&format!("{BOWS}\n{}", pistol_champion(4)), 1);
    let own = exactly(&text, "mean_attacker_casualties");
    assert!(close(own, 4.0 / 3.0), "{own}");
    // Ten bows without a champion: 10/9.
    let plain = exactly(&volley(BOWS, 1), "mean_attacker_casualties");
    assert!(close(plain, 10.0 / 9.0), "{plain}");
}

#[test]
fn a_unit_whose_champion_alone_has_a_pistol_stands_and_shoots_with_it() {
    // Only the champion shoots: BS 3, 5+ standing and shooting (1/3); S4
    // wounds T3 on 3+ (2/3); no save: 2/9.
    let own = exactly(&volley(&pistol_champion(3), 1), "mean_attacker_casualties");
    assert!(close(own, 2.0 / 9.0), "{own}");
}

#[test]
fn the_engines_agree_on_a_champions_own_shot() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("champion_shots");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("volley.toml");
    // Chargers that may panic, and blows struck both ways after, three
    // rounds.
    let text = volley(&format!("{BOWS}\n{}", pistol_champion(4)), 3)
        .replace("rules = [\"unbreakable\"]", "")
        .replace("a = 0\nld = 7\n", "a = 1\nld = 7\n");
    std::fs::write(&path, &text).unwrap();
    let r = json(&["combat", path.to_str().unwrap(), "--method", "all"]);
    engines_agree(
        &r,
        &[
            "p_attacker_wins",
            "p_defender_wins",
            "p_attacker_breaks",
            "p_defender_breaks",
            "p_charger_fled",
        ],
        &text,
    );
}

/// Ten bowmen's stand and shoot at unbreakable chargers with `armour`
/// lines and `rule` (a rule's name, or none): their mean casualties.
fn shot_at(armour: &str, rule: &str) -> f64 {
    let rules = match rule {
        "" => "rules = [\"unbreakable\"]".to_string(),
        r => format!("rules = [\"unbreakable\", \"{r}\"]"),
    };
    let a = body("attacker", &format!("{armour}\n{rules}"));
    let text =
        volley(BOWS, 1).replace(&body("attacker", "save = 5\nrules = [\"unbreakable\"]"), &a);
    exactly(&text, "mean_attacker_casualties")
}

#[test]
fn saves_against_missiles_only_count_at_stand_and_shoot() {
    // Ten bows: 5+ to hit standing and shooting (1/3), S3 wounds T3 on
    // 4+ (1/2): 1/6 a shot unsaved, 10/6 in all.
    let bare = shot_at("", "");
    assert!(close(bare, 10.0 / 6.0), "{bare}");
    // The Lion Cloak: heavy armour's 5+ is 3+ against missiles, failed
    // 1/3: 10/18 (10/9 without it).
    let lions = shot_at("armour = \"heavy\"", "lion-cloak");
    assert!(close(lions, 10.0 / 18.0), "{lions}");
    let heavy = shot_at("armour = \"heavy\"", "");
    assert!(close(heavy, 10.0 / 9.0), "{heavy}");
    // The Cape of Feathers: a 4+ armour save, failed 1/2: 10/12.
    let cape = shot_at("", "cape-of-feathers");
    assert!(close(cape, 10.0 / 12.0), "{cape}");
    // The Gleaming Robe: a 3+ ward, failed 1/3: 10/18.
    let robe = shot_at("", "gleaming-robe");
    assert!(close(robe, 10.0 / 18.0), "{robe}");
    // Forest Stalkers: 6+ to hit (1/6), 1/12 a shot: 10/12.
    let stalkers = shot_at("", "forest-stalkers");
    assert!(close(stalkers, 10.0 / 12.0), "{stalkers}");
}

#[test]
fn the_engines_agree_on_saves_against_missiles_only() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("champion_shots");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cloaks.toml");
    // Lion Cloaks and a Gleaming Robe's ward, chargers that may panic and
    // strike back in light armour (the cloak counts only against shots).
    let a = body(
        "attacker",
        "armour = \"light\"\nrules = [\"lion-cloak\", \"gleaming-robe\"]",
    )
    .replace("a = 0", "a = 1");
    let text = volley(BOWS, 3)
        .replace(&body("attacker", "save = 5\nrules = [\"unbreakable\"]"), &a)
        .replace("a = 0\nld = 7\n", "a = 1\nld = 7\n");
    std::fs::write(&path, &text).unwrap();
    let r = json(&["combat", path.to_str().unwrap(), "--method", "all"]);
    engines_agree(
        &r,
        &["p_attacker_wins", "p_defender_wins", "p_charger_fled"],
        &text,
    );
}
