//! Rolls before the fight (issue 47; RULES.md Rolls before the fight): the
//! Potion of Pavona and the Gourd of Lustrian Wine. The fight is a mixture
//! over the roll; each figure worked out by hand from the rule's text, the
//! mixture checked against the fights of its outcomes played apart, and
//! the Monte Carlo engines against the exact one.

use crate::common::agree::fights_compared;
use crate::common::roster::{army_roster, cost, item, model, sel, with};
use crate::common::{combat_of, exact_of, random_fight, settings};
use mathhammer::query::Method;
use mathhammer::report::Engine;
use mathhammer::rules::special::SpecialRule;
use rand::Rng;

fn assert_near(got: f64, want: f64, what: &str) {
    assert!((got - want).abs() < 1e-12, "{what}: {got}, not {want}");
}

/// A fight of `attacker` (its table's keys below `[attacker]`) charging 20
/// unbreakable WS3 T`t` models with no save, A `a`, for `rounds` rounds,
/// with `situation`'s keys added.
fn against_twenty(attacker: &str, t: u8, a: u8, rounds: u32, situation: &str) -> String {
    format!(
        "name = \"test\"\n\
         [attacker]\nname = \"attacker\"\n{attacker}\n\
         [defender]\nname = \"defender\"\nmodels = 20\nfrontage = 5\nrules = [\"unbreakable\"]\n\
         [defender.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = {t}\nw = 1\ni = 3\na = {a}\nld = 7\n\
         [situation]\ncharger = \"attacker\"\nrounds = {rounds}\n{situation}\n"
    )
}

/// A hero alone (WS4 S3 T3 W2 I4 A2, `profile`'s lines after), with
/// `rules`.
fn hero(rules: &str, profile: &str) -> String {
    format!(
        "models = 1\nrules = [{rules}]\n\
         [attacker.profile]\nm = 10\nws = 4\nbs = 3\ns = 3\nt = 3\nw = 2\ni = 4\na = 2\nld = 8\n{profile}"
    )
}

const POTION: &str = "\"potion-of-pavona\"";

#[test]
fn the_potion_of_pavona_is_a_mixture_over_its_roll() {
    // The hero charges and strikes first; 20 foes at WS3 T3 with no save
    // strike no blow. On a 1 (W1) his A2 S3: 2 x 2/3 x 1/2 = 2/3; on 2+
    // A3 S4 (then T, W, WS, I: none changes these blows; WS5 and WS6 hit
    // WS3 on 3+ as WS4 does): 3 x 2/3 x 2/3 = 4/3. Mixed: 1/6 x 2/3 +
    // 5/6 x 4/3 = 11/9.
    let drunk = against_twenty(&hero(POTION, ""), 3, 0, 1, "");
    assert_near(
        exact_of(&drunk, "mean_defender_casualties"),
        11.0 / 9.0,
        "drunk",
    );
    // `--method auto` chose the exact engine, which says it played the
    // roll's six outcomes.
    let report = combat_of(&drunk)
        .unwrap()
        .report(&settings(Method::Auto, 1, 0));
    let note = report.outcome(Engine::Exact).and_then(|o| o.note.clone());
    let note = note.map(|n| n.render(mathhammer::Lang::En));
    assert!(
        note.as_deref()
            .is_some_and(|n| n.contains("in each of the 6 outcomes of the rolls before it")),
        "{note:?}"
    );
    // The switch keeps it from the fight: 2/3.
    let kept = against_twenty(
        &hero(POTION, ""),
        3,
        0,
        1,
        "potion_of_pavona = \"not-drunk\"",
    );
    assert_near(
        exact_of(&kept, "mean_defender_casualties"),
        2.0 / 3.0,
        "not drunk",
    );
}

#[test]
fn the_potions_mixture_is_its_outcomes_fights_weighted_by_a_sixth() {
    // Foes that strike back (A1, T3) over three rounds: the mixture's
    // figures equal the six fights of the roll's outcomes played apart
    // (W1; A3 S4; then T4, W3, WS5, I5 in turn), each weighted 1/6, to
    // 1e-12.
    let outcomes = [
        "w = 1\n",
        "a = 3\ns = 4\n",
        "a = 3\ns = 4\nt = 4\n",
        "a = 3\ns = 4\nt = 4\nw = 3\n",
        "a = 3\ns = 4\nt = 4\nw = 3\nws = 5\n",
        "a = 3\ns = 4\nt = 4\nw = 3\nws = 5\ni = 5\n",
    ];
    // A profile's later line overrides its earlier one in a table: write
    // the hero's whole profile per outcome.
    let apart = |changes: &str| {
        let base = [
            ("m", "10"),
            ("ws", "4"),
            ("bs", "3"),
            ("s", "3"),
            ("t", "3"),
            ("w", "2"),
            ("i", "4"),
            ("a", "2"),
            ("ld", "8"),
        ];
        let lines: String = base
            .iter()
            .map(|(k, v)| {
                let own = changes
                    .lines()
                    .find_map(|l| l.strip_prefix(&format!("{k} = ")));
                format!("{k} = {}\n", own.unwrap_or(v))
            })
            .collect();
        format!("models = 1\nrules = []\n[attacker.profile]\n{lines}")
    };
    for key in [
        "p_attacker_wins",
        "p_defender_wins",
        "p_attacker_destroyed",
        "mean_defender_casualties",
        "mean_attacker_casualties",
    ] {
        let mixed = exact_of(&against_twenty(&hero(POTION, ""), 3, 1, 3, ""), key);
        let weighted: f64 = outcomes
            .iter()
            .map(|o| exact_of(&against_twenty(&apart(o), 3, 1, 3, ""), key) / 6.0)
            .sum();
        assert_near(mixed, weighted, key);
    }
}

#[test]
fn a_champion_slain_by_the_potion_leaves_his_unit_a_model_short() {
    // Ten men (WS3 S3 A1, five wide) led by a champion of his own (A2,
    // W1) who drinks. On a 1 he is slain before the fight: nine men, five
    // in the front rank, 5 x 1/2 x 1/2 = 5/4 kills at WS3 T3; on 2 to 4
    // (A3 S4, then T4, W2) four men and him: 4 x 1/4 + 3 x 1/2 x 2/3 = 2;
    // on 5 and 6 his WS4 hits on 3+ too: 1 + 3 x 2/3 x 2/3 = 7/3. Mixed:
    // 1/6 x 5/4 + 3/6 x 2 + 2/6 x 7/3 = 143/72. He counts as his unit's
    // casualty: 1/6 lost.
    let men = "models = 10\nfrontage = 5\n\
               [attacker.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n\
               [attacker.champion]\nname = \"champion\"\nrules = [\"potion-of-pavona\"]\n\
               [attacker.champion.profile]\na = 2\n";
    let fight = against_twenty(men, 3, 0, 1, "");
    assert_near(
        exact_of(&fight, "mean_defender_casualties"),
        143.0 / 72.0,
        "kills",
    );
    assert_near(
        exact_of(&fight, "mean_attacker_casualties"),
        1.0 / 6.0,
        "lost",
    );
}

#[test]
fn a_champion_slain_before_the_fight_draws_no_attacks_declared_at_him() {
    // Foes (A1) declare two attacks a round at the drinking champion, over
    // two rounds: the mixture equals the fights of the roll's outcomes
    // played apart, each weighted 1/6, to 1e-12; on a 1, nine men with no
    // champion and no attack declared at anyone, one casualty already.
    let men = |models: u32, champion: &str, declared: u32| {
        format!(
            "models = {models}\nfrontage = 5\nattacks_on_champion = {declared}\nrules = [\"unbreakable\"]\n\
             [attacker.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n{champion}"
        )
    };
    let his = |rules: &str, profile: &str| {
        format!(
            "[attacker.champion]\nname = \"champion\"\nrules = [{rules}]\n\
             [attacker.champion.profile]\na = 2\n{profile}"
        )
    };
    let outcomes = [
        "a = 3\ns = 4\n",
        "a = 3\ns = 4\nt = 4\n",
        "a = 3\ns = 4\nt = 4\nw = 2\n",
        "a = 3\ns = 4\nt = 4\nw = 2\nws = 4\n",
        "a = 3\ns = 4\nt = 4\nw = 2\nws = 4\ni = 4\n",
    ];
    for key in [
        "p_attacker_wins",
        "mean_defender_casualties",
        "mean_attacker_casualties",
    ] {
        let fight = |attacker: &str| exact_of(&against_twenty(attacker, 3, 1, 2, ""), key);
        let mixed = fight(&men(10, &his(POTION, ""), 2));
        // The champion's own table's later `a` overrides his `a = 2`.
        let raised: f64 = outcomes
            .iter()
            .map(|o| fight(&men(10, &his("", "").replace("a = 2\n", o), 2)) / 6.0)
            .sum();
        // The 1: nine men, a casualty before the fight.
        let slain = |k: &str| exact_of(&against_twenty(&men(9, "", 0), 3, 1, 2, ""), k);
        let one = match key {
            "mean_attacker_casualties" => slain(key) + 1.0,
            _ => slain(key),
        };
        assert_near(mixed, raised + one / 6.0, key);
    }
}

#[test]
fn a_units_potion_is_its_champions() {
    // The same ten men with `champion = true` and the potion in the
    // unit's rules: he drinks it, as the champion of his own above (the
    // unit's A1 +1): 143/72 again.
    let men = "models = 10\nfrontage = 5\nchampion = true\nrules = [\"potion-of-pavona\"]\n\
               [attacker.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n";
    let fight = against_twenty(men, 3, 0, 1, "");
    assert_near(
        exact_of(&fight, "mean_defender_casualties"),
        143.0 / 72.0,
        "kills",
    );
}

#[test]
fn a_character_slain_by_the_potion_is_a_character_lost() {
    // A one-Wound hero with ten men: P(the unit loses a character) is at
    // least the potion's 1/6; with foes of A 0 and the fight one round,
    // exactly 1/6.
    let men = format!(
        "models = 10\nfrontage = 5\n\
         [attacker.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n\
         [[attacker.characters]]\nname = \"hero\"\nrules = [{POTION}]\n\
         [attacker.characters.profile]\nm = 10\nws = 4\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 4\na = 2\nld = 8\n"
    );
    let fight = against_twenty(&men, 3, 0, 1, "");
    assert_near(
        exact_of(&fight, "p_attacker_character_slain"),
        1.0 / 6.0,
        "slain",
    );
}

#[test]
fn the_gourd_of_lustrian_wine_adds_a_d6_to_the_first_rounds_strength() {
    // Marco Colombo's S4 A3 WS5 at WS3 T5 foes, hit on 3+ (2/3). In the
    // first round S4+D6: S5 wounds on 4+, S6 on 3+, S7 and more on 2+:
    // (1/2 + 2/3 + 4 x 5/6)/6 = 3/4; 3 x 2/3 x 3/4 = 3/2. The second
    // round at S4, 5+: 3 x 2/3 x 1/3 = 2/3. Two rounds (he is
    // unbreakable): 13/6.
    let marco = "models = 1\nrules = [\"gourd-of-lustrian-wine\", \"unbreakable\"]\n\
                 [attacker.profile]\nm = 10\nws = 5\nbs = 5\ns = 4\nt = 4\nw = 2\ni = 5\na = 3\nld = 8\n";
    let drunk = against_twenty(marco, 5, 0, 2, "");
    assert_near(
        exact_of(&drunk, "mean_defender_casualties"),
        13.0 / 6.0,
        "drunk",
    );
    let kept = against_twenty(marco, 5, 0, 2, "gourd_of_lustrian_wine = \"not-drunk\"");
    assert_near(
        exact_of(&kept, "mean_defender_casualties"),
        4.0 / 3.0,
        "not drunk",
    );
}

#[test]
fn a_roll_is_one_models_and_a_lone_one_wound_model_is_refused_it() {
    // Ten men with no champion carrying the potion: which of them drinks?
    let men = "models = 10\nrules = [\"potion-of-pavona\"]\n\
               [attacker.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n";
    let e = combat_of(&against_twenty(men, 3, 0, 1, "")).unwrap_err();
    assert!(
        e.contains("attacker.rules") && e.contains("one model's roll"),
        "{e}"
    );
    // A lone model of one Wound: its 1 would leave no fight.
    let lone = hero(POTION, "").replace("w = 2", "w = 1");
    let e = combat_of(&against_twenty(&lone, 3, 0, 1, "")).unwrap_err();
    assert!(e.contains("only model, of one Wound"), "{e}");
    // Unless the switch keeps it from the fight.
    let kept = against_twenty(&lone, 3, 0, 1, "potion_of_pavona = \"not-drunk\"");
    assert!(combat_of(&kept).is_ok());
    // Five rolls: 6^5 fights to play, more than the 1,296 of four (four
    // heroes drinking the potion, the last the gourd too).
    let hero = "[[attacker.characters]]\nname = \"hero\"\nrules = [\"potion-of-pavona\"]\n\
                [attacker.characters.profile]\nm = 10\nws = 4\nbs = 3\ns = 3\nt = 3\nw = 2\ni = 4\na = 2\nld = 8\n";
    let men = "models = 10\n[attacker.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n";
    let heroes = format!("{men}{}", hero.repeat(4));
    let at = heroes.rfind("[\"potion-of-pavona\"]").unwrap() + 1;
    let mut five = heroes.clone();
    five.insert_str(at, "\"gourd-of-lustrian-wine\", ");
    let e = combat_of(&against_twenty(&five, 3, 0, 1, "")).unwrap_err();
    assert!(e.contains("5 rolls before the fight"), "{e}");
    assert!(combat_of(&against_twenty(&heroes, 3, 0, 1, "")).is_ok());
}

/// A Dogs of War unit whose champion holds the potion, as a roster
/// writes it: ten pikemen, their champion with a profile of his own.
fn pikemen_with_a_drinking_champion() -> mathhammer::roster::RosterUnit {
    let champion = sel(
        "upgrade",
        "Champion",
        1,
        &[model("Champion", "4 3 3 3 3 1 3 2 7 - - 1 20x20")],
        &[item("Potion of Pavona [DOGS OF WAR]")],
    );
    let unit = sel(
        "unit",
        "Pikemen",
        1,
        &[model("Pikemen", "4 3 3 3 3 1 3 1 7 - - 1 20x20")],
        &[sel("model", "Pikemen", 10, &[], &[]), champion],
    );
    let r = army_roster("Dogs of War", 120, &[with(unit, &cost(120))]);
    r.units[0].clone()
}

#[test]
fn a_rosters_potion_is_drunk_by_the_model_that_holds_it() {
    let u = pikemen_with_a_drinking_champion();
    let f = u.played.as_ref().expect("played");
    let his = f.champion.as_deref().expect("the champion's own body");
    assert!(his.rules.contains(&SpecialRule::PotionOfPavona), "{his:?}");
    // Not the rank and file's: they would all drink it.
    assert!(!f.rules.contains(&SpecialRule::PotionOfPavona), "{f:?}");
    // Told as played, not "not played".
    assert!(
        !u.rules_not_played.iter().any(|n| n.name.contains("Pavona")),
        "{:?}",
        u.rules_not_played
    );
}

/// Random fights (salt 4747, a stream of their own) whose attacker's or
/// defender's hero or champion of his own drinks the potion, or a hero
/// the gourd: every figure of both step-by-step engines within 4 sigma of
/// the exact mixture.
#[test]
fn fights_with_rolls_before_them_agree_with_the_exact_mixture() {
    let c = fights_compared(4747, 12, |r| loop {
        let rounds = 1 + r.random_range(0..3);
        let fight = random_fight(r, 0).replace("rounds = 1\n", &format!("rounds = {rounds}\n"));
        let rule = match r.random_bool(0.75) {
            true => "\"potion-of-pavona\"",
            false => "\"gourd-of-lustrian-wine\"",
        };
        let hero = [
            "[[attacker.characters]]\nname = \"hero\"\n",
            "[[defender.characters]]\nname = \"hero\"\n",
        ]
        .into_iter()
        .find(|h| fight.contains(h));
        if let Some(h) = hero {
            break fight.replacen(h, &format!("{h}rules = [{rule}]\n"), 1);
        }
        let champion = "[attacker.champion]\nname = \"champion\"\n";
        if fight.contains(champion) {
            let at = fight.find(champion).unwrap();
            let rules = at + fight[at..].find("rules = [").unwrap() + "rules = [".len();
            let mut fight = fight;
            let sep = if fight[rules..].starts_with(']') {
                ""
            } else {
                ", "
            };
            fight.insert_str(rules, &format!("{rule}{sep}"));
            break fight;
        }
    });
    assert!(c.fights >= 30, "only {} comparisons", c.fights);
}
