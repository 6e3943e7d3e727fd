//! The Gem of Lustria (issue 47): the first armour save its bearer fails
//! each turn, one round of close combat, is rolled again. RULES.md Saves,
//! One failed save a turn. Each figure worked out by hand from the rule's
//! text.

use crate::chains::{defender, striker, CHARGE};
use crate::common::run::{engines_agree, json};
use mathhammer::exact::attacks::{chain_odds, saving_odds, CasualtyPmf};
use mathhammer::exact::Pmf;
use mathhammer::rules::fighter::Defender;
use mathhammer::rules::hardiness::Hardiness;
use mathhammer::rules::special::SpecialRule;

const GEM: SpecialRule = SpecialRule::RerollOneFailedSaveATurn;

fn near(got: f64, want: f64, what: &str) {
    assert!((got - want).abs() < 1e-12, "{what}: {got}, not {want}");
}

/// A lone WS3 T3 W3 model with a 4+ save, with `rules`.
fn bearer(rules: &[SpecialRule]) -> Defender {
    Defender {
        w: 3,
        hardiness: Hardiness::of(rules),
        ..defender(3, 3, Some(4))
    }
}

#[test]
fn three_blows_at_the_gems_bearer_have_his_first_failed_save_rolled_again() {
    // WS3 S3 at WS3 T3 with a 4+ save: each blow hits 1/2, wounds 1/2 and
    // fails the save 1/2: 1/8 unsaved. With the Gem, while he holds it a
    // blow keeps it 7/8 (missed, not wounded or saved: 3/4 + 1/8) and
    // spends it 1/8 (a failed save), re-rolled: saved 1/16, a wound 1/16;
    // once spent, 1/8 a wound. Over three blows:
    // P(3) = 1/16 x 1/8 x 1/8 = 1/1024 (the first spends it and wounds);
    // P(2) = 1/16 x 2 x 1/8 x 7/8 (spent and wounding at the first, one of
    //   the other two) + 1/16 x 1/64 (saved at the first, both others)
    //   + 7/8 x 1/16 x 1/8 (spent and wounding at the second, the third)
    //   = 14/1024 + 1/1024 + 7/1024 = 22/1024;
    // P(1) = 3 x 49/1024 (spent and wounding at one, nothing else)
    //   + 14/1024 + 7/1024 (saved, one wound after) = 168/1024;
    // P(0) = 833/1024. Without it: binomial(3, 1/8): 686, 294, 42, 2.
    let chain = striker(3, 3, &[]).close_combat(&bearer(&[GEM]), CHARGE);
    let (saving, odds) = (saving_odds(&chain), chain_odds(&chain).damage);
    let start = CasualtyPmf::start(3, Some(1), 0);
    let (kept, spent) = start.after_saving(&saving, &odds, &Pmf::point(3));
    let p = |pmf: &CasualtyPmf, i: usize| pmf.states().get(i).copied().unwrap_or(0.0);
    // States: no kill with 0, 1, 2 wounds; slain (kills 1) with three.
    for (i, want) in [833.0, 168.0, 22.0, 1.0].into_iter().enumerate() {
        near(p(&kept, i) + p(&spent, i), want / 1024.0, "with the Gem");
    }
    // Kept only where no save failed: 7/8 x 7/8 x 7/8, no wound.
    near(kept.states().iter().sum(), 343.0 / 512.0, "kept");
    let bare = start.after(&odds, &Pmf::point(3));
    for (i, want) in [686.0, 294.0, 42.0, 2.0].into_iter().enumerate() {
        near(p(&bare, i), want / 1024.0, "without");
    }
}

#[test]
fn no_armour_save_no_gem_and_none_above_a_reroll_of_every_save() {
    // S7 at a 4+ save leaves none (4 + 4 = 8+): the blow spends nothing.
    let hard = striker(3, 7, &[]).close_combat(&bearer(&[GEM]), CHARGE);
    assert!(saving_odds(&hard).spent.is_empty());
    assert!(!Hardiness::of(&[GEM]).saves_again_once(&hard));
    // A model that re-rolls every failed save already gains nothing.
    let rerolls = Defender {
        reroll_saves: true,
        ..bearer(&[GEM])
    };
    let chain = striker(3, 3, &[]).close_combat(&rerolls, CHARGE);
    assert!(saving_odds(&chain).spent.is_empty());
    assert!(!rerolls.hardiness.saves_again_once(&chain));
    assert!(Hardiness::of(&[GEM])
        .saves_again_once(&striker(3, 3, &[]).close_combat(&bearer(&[GEM]), CHARGE)));
}

/// A fight already under way, `rounds` rounds: a WS3 S3 A3 model strikes
/// a lone WS3 T3 W2 model with a 4+ save and no attacks, unbreakable,
/// with `rules` (his body the unit's: a character alone), or (`declared`)
/// five such models, unbreakable, with him as their character W2, the
/// attacker's three attacks declared at him.
fn fight(name: &str, rules: &str, rounds: u32, declared: bool) -> String {
    fight_with(name, rules, (rounds, declared), ["models = 1", "", ""])
}

/// [`fight`] with its attacker's `models` line, `more` lines after its
/// attacker's profile (a character of his) and `situation` after its
/// situation's.
fn fight_with(
    name: &str,
    rules: &str,
    (rounds, declared): (u32, bool),
    [models, more, situation]: [&str; 3],
) -> String {
    let profile = |w: u8, a: u8| {
        format!("m = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = {w}\ni = 3\na = {a}\nld = 7\n")
    };
    let defender = match declared {
        false => format!(
            "[defender]\nname = \"defender\"\nmodels = 1\nsave = 4\nrules = [\"unbreakable\", {rules}]\n\
             [defender.profile]\n{}",
            profile(2, 0)
        ),
        true => format!(
            "[defender]\nname = \"defender\"\nmodels = 5\nfrontage = 5\nrules = [\"unbreakable\"]\n\
             [defender.profile]\n{}\
             [[defender.characters]]\nname = \"marco\"\nattacks_on_him = 3\nsave = 4\nrules = [{rules}]\n\
             [defender.characters.profile]\n{}",
            profile(1, 0),
            profile(2, 0)
        ),
    };
    crate::common::written_in(
        "one_save",
        name,
        &format!(
            "name = \"{name}\"\n[attacker]\nname = \"attacker\"\n{models}\n\
             [attacker.profile]\n{}{more}\n{defender}\n[situation]\ncharger = \"none\"\nrounds = {rounds}\n{situation}",
            profile(1, 3)
        ),
    )
}

fn exact(file: &str, key: &str) -> f64 {
    let r = json(&["combat", file, "--method", "exact"]);
    r[key].as_f64().unwrap_or_else(|| panic!("no {key} in {r}"))
}

const GEM_RULE: &str = "\"reroll-one-failed-save-a-turn\"";

#[test]
fn a_lone_bearer_has_his_gem_again_each_round() {
    // Slain at two wounds: in a round 23/1024 with the Gem (22 + 1 of the
    // figures above), 44/1024 without. Over two rounds, the Gem back in
    // the second: slain in the first 23/1024; unhurt after it (833/1024)
    // and slain in the second 23/1024; one wound after it (168/1024) and
    // any wound in the second (1 - 833/1024 = 191/1024):
    // (23 x 1024 + 833 x 23 + 168 x 191) / 1024^2 = 74,799 / 1,048,576.
    let slain = "mean_defender_casualties";
    near(
        exact(&fight("gem1.toml", GEM_RULE, 1, false), slain),
        23.0 / 1024.0,
        "one round",
    );
    near(
        exact(&fight("bare1.toml", "", 1, false), slain),
        44.0 / 1024.0,
        "without",
    );
    near(
        exact(&fight("gem2.toml", GEM_RULE, 2, false), slain),
        74_799.0 / 1_048_576.0,
        "two rounds",
    );
}

#[test]
fn a_character_with_the_gem_in_a_unit_saves_again_the_blows_declared_at_him() {
    // The three attacks declared at him: slain 23/1024 in a round, as
    // alone; without the Gem 44/1024.
    let key = "p_defender_character_slain";
    near(
        exact(&fight("marco.toml", GEM_RULE, 1, true), key),
        23.0 / 1024.0,
        "with",
    );
    near(
        exact(&fight("marco_bare.toml", "", 1, true), key),
        44.0 / 1024.0,
        "without",
    );
}

#[test]
fn the_engines_agree_on_the_gems_bearer() {
    // A hero of the attacker's strikes beside a model of its rank and
    // file, at another Initiative: two steps a round at a lone bearer, one
    // re-roll between them (a re-roll each step would slay him over three
    // rounds 0.55, not 0.61); against Marco in a unit he challenges.
    let hero = "[[attacker.characters]]\nname = \"hero\"\n\
                [attacker.characters.profile]\nm = 10\nws = 5\nbs = 3\ns = 3\nt = 4\nw = 2\ni = 5\na = 4\nld = 8\n";
    let (one, two) = ("models = 1", "models = 2\nfrontage = 3");
    let challenge = "challenge = \"attacker\"\n";
    for (name, declared, more) in [
        ("gem_all.toml", false, [two, hero, ""]),
        ("marco_all.toml", true, [one, "", ""]),
        ("duel_all.toml", true, [one, hero, challenge]),
    ] {
        let file = fight_with(name, GEM_RULE, (3, declared), more);
        let r = json(&[
            "combat",
            &file,
            "--method",
            "all",
            "--sampler",
            "steps",
            "--trials",
            "40000",
            "--seed",
            "47",
        ]);
        engines_agree(
            &r,
            &["mean_defender_casualties", "p_defender_character_slain"]
                [..1 + usize::from(declared)],
            name,
        );
    }
}

#[test]
fn marco_colombo_from_a_roster_plays_the_gem_of_lustria() {
    // Marco as the Mercenaries' list writes him: a character's unit of
    // one with his gear and the Gem among his magic items.
    use crate::common::roster::{army_roster, category, cost, item, model, sel, with};
    let gear = [
        "Hand Weapon",
        "Light Armour",
        "Shield",
        "Crossbow",
        "Gem of Lustria",
    ];
    let marco = sel(
        "unit",
        "Marco Colombo",
        1,
        &[model("Marco Colombo", "4 6 6 4 4 3 6 4 10 5 7 1 20x20")],
        &gear.map(item),
    );
    let marco = with(marco, &format!("{}{}", category("Characters"), cost(155)));
    let r = army_roster("Mercenaries", 155, &[marco]);
    let u = &r.units[0];
    let played = u.played.as_ref().expect("Marco plays");
    assert!(played.rules.contains(&GEM), "{:?}", played.rules);
    assert!(
        u.rules_played.iter().any(|n| n == "Gem of Lustria"),
        "{:?}",
        u.rules_played
    );
    assert!(!u
        .rules_not_played
        .iter()
        .any(|n| n.name == "Gem of Lustria"));
}

#[test]
fn the_fight_asks_for_the_re_roll_until_spent_and_again_each_round() {
    // A lone bearer struck by a hero (I5) and a model (I3) each round, two
    // rounds (the bearer's own blow third): the hero's blows, first, find
    // the re-roll held; spent there, the model's do not; the next round
    // holds it again. Never spent, every strike at him finds it held.
    use crate::combat::{combat, unit, Scripted};
    let hero = "[[attacker.characters]]\nname = \"hero\"\n\
                [attacker.characters.profile]\nm = 10\nws = 4\nbs = 3\ns = 3\nt = 4\nw = 2\ni = 5\na = 2\nld = 8\n";
    let attacker = format!("{}{hero}", unit("attacker", 2, 3, 3, 3, ""));
    let gem = format!("save = 4\nrules = [\"unbreakable\", {GEM_RULE}]");
    let defender = unit("defender", 1, 1, 3, 1, &gem);
    let fight = combat(&attacker, &defender, "charger = \"none\"\nrounds = 2");
    let mut spends = Scripted {
        spends: true,
        ..Scripted::default()
    };
    fight.fight(&mut spends);
    assert_eq!(spends.strikes.len(), 6, "{:?}", spends.strikes);
    assert_eq!(spends.saving, [0, 3]);
    let mut keeps = Scripted::default();
    fight.fight(&mut keeps);
    assert_eq!(keeps.saving, [0, 1, 3, 4]);
    // Without the Gem, none.
    let bare = unit(
        "defender",
        1,
        1,
        3,
        1,
        "save = 4\nrules = [\"unbreakable\"]",
    );
    let mut none = Scripted::default();
    combat(&attacker, &bare, "charger = \"none\"\nrounds = 2").fight(&mut none);
    assert!(none.saving.is_empty());
}

#[test]
fn stand_and_shoot_at_a_charging_bearer_shares_round_ones_re_roll() {
    // RULES.md Saves, One failed save a turn, [ruling]: the shots at a
    // charging bearer are in his turn, as round 1 is. The shots spend it:
    // round 1's blows at him do not find it; round 2's do.
    use crate::combat::{combat, unit, Scripted};
    let gem = format!("save = 4\nrules = [\"unbreakable\", {GEM_RULE}]");
    let bearer = unit("attacker", 1, 1, 3, 3, &gem);
    let shooters = unit("defender", 5, 5, 3, 3, "missile = { s = 3, shots = 1 }");
    let fight = combat(
        &bearer,
        &shooters,
        "charger = \"attacker\"\ndistance = 15\nreaction = \"stand-and-shoot\"\nrounds = 2",
    );
    let mut spends = Scripted {
        spends: true,
        ..Scripted::default()
    };
    fight.fight(&mut spends);
    // Shots, round 1 (the bearer's blow, the shooters'), round 2 (the
    // same): the shots' and round 2's blows at him ask.
    let at_him: Vec<usize> = (spends.strikes.iter().enumerate())
        .filter(|(_, s)| s.0 == 1)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(at_him.len(), 3, "{:?}", spends.strikes);
    assert_eq!(
        spends.saving,
        [at_him[0], at_him[2]],
        "{:?}",
        spends.strikes
    );
}
