//! To-hit and Leadership modifiers and weapons that read their foe
//! (issue 47): the Sword of Striking, the Bear Banner, Cloud of Flies.
//! RULES.md To hit in close combat. Each figure worked out by hand from
//! the rule's text.

use crate::common::exact_of;

/// The mean casualties of 20 unbreakable WS3 T3 models (A 0, no save,
/// `defender`'s keys added) in `rounds` rounds against `attacker` (its
/// TOML table's keys below `[attacker]`), which charges.
pub(crate) fn slain(attacker: &str, defender: &str, rounds: u32) -> f64 {
    let text = format!(
        "name = \"test\"\n\
         [attacker]\nname = \"attacker\"\nfrontage = 3\n{attacker}\n\
         [defender]\nname = \"defender\"\nmodels = 20\nfrontage = 5\n{defender}\n\
         [defender.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = 7\n\
         [situation]\ncharger = \"attacker\"\nrounds = {rounds}\n"
    );
    exact_of(&text, "mean_defender_casualties")
}

/// One unbreakable model of WS `ws`, S3, `a` attacks, with `rules` (and
/// `more` of its table: a steed).
pub(crate) fn striker(ws: u8, a: u8, rules: &str, more: &str) -> String {
    format!(
        "models = 1\nrules = [\"unbreakable\"{rules}]\n{more}\
         [attacker.profile]\nm = 10\nws = {ws}\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = {a}\nld = 7\n"
    )
}

pub(crate) const UNBREAKABLE: &str = "rules = [\"unbreakable\"]";

pub(crate) fn assert_near(got: f64, want: f64, what: &str) {
    assert!((got - want).abs() < 1e-12, "{what}: {got}, not {want}");
}

#[test]
fn the_sword_of_striking_hits_one_easier_never_on_a_one() {
    // WS4 at WS3 hits on 3+; +1: 2+ (5/6). S3 wounds T3 on 4+ (1/2). Two
    // attacks: 2 x 5/6 x 1/2 = 5/6 slain, not 2 x 2/3 x 1/2 = 2/3.
    let sword = striker(4, 2, ", \"plus-one-to-hit\"", "");
    assert_near(slain(&sword, UNBREAKABLE, 1), 5.0 / 6.0, "sword");
    assert_near(
        slain(&striker(4, 2, "", ""), UNBREAKABLE, 1),
        2.0 / 3.0,
        "none",
    );
    // With the Bear Banner too, +2, the roll stays 2+ (a natural 1
    // misses): 2 x 5/6 x 1/2 = 5/6 in the first round.
    let both = striker(
        4,
        2,
        ", \"plus-one-to-hit\", \"plus-one-to-hit-first-round\"",
        "",
    );
    assert_near(slain(&both, UNBREAKABLE, 1), 5.0 / 6.0, "sword and banner");
}

#[test]
fn the_bear_banner_hits_one_easier_in_the_first_round_only() {
    // WS3 at WS3 hits on 4+; the first round 3+ (2/3): 2/3 x 1/2 = 1/3
    // slain; the second round 4+ again: 1/2 x 1/2 = 1/4, 7/12 in two.
    let banner = striker(3, 1, ", \"plus-one-to-hit-first-round\"", "");
    assert_near(slain(&banner, UNBREAKABLE, 1), 1.0 / 3.0, "round 1");
    assert_near(slain(&banner, UNBREAKABLE, 2), 7.0 / 12.0, "rounds 1-2");
    // Its steed is of the unit: a rider of no attacks on a WS3 S3 A1
    // steed hits on 3+ in the first round too, 1/3.
    let steed = "type = \"cavalry\"\n[attacker.mount]\nws = 3\ns = 3\ni = 3\na = 1\n";
    let rider = striker(3, 0, ", \"plus-one-to-hit-first-round\"", steed);
    assert_near(slain(&rider, UNBREAKABLE, 1), 1.0 / 3.0, "steed");
}

#[test]
fn a_cloud_of_flies_makes_its_enemies_hit_one_harder() {
    // WS3 at a WS3 foe with a Cloud of Flies hits on 5+, not 4+: two
    // attacks 2 x 1/3 x 1/2 = 1/3 slain, not 1/2.
    let flies = "rules = [\"unbreakable\", \"foes-minus-one-to-hit\"]";
    assert_near(slain(&striker(3, 2, "", ""), flies, 1), 1.0 / 3.0, "flies");
    assert_near(
        slain(&striker(3, 2, "", ""), UNBREAKABLE, 1),
        1.0 / 2.0,
        "none",
    );
    // A Sword of Striking makes up for it: 4+, 1/2.
    let sword = striker(3, 2, ", \"plus-one-to-hit\"", "");
    assert_near(slain(&sword, flies, 1), 1.0 / 2.0, "sword at flies");
}

#[test]
fn a_roster_s_bear_banner_cloud_of_flies_and_aura_of_slaanesh_are_played() {
    use crate::common::roster::{army_roster, cost, model, rule, sel, with};
    use mathhammer::rules::special::SpecialRule;
    const MAN: &str = "4 3 3 3 3 1 3 1 7 - - 1 20x20";
    let unit = |army: &str, held| {
        let m = sel("model", "Man", 10, &[model("Man", MAN)], &[]);
        let r = army_roster(
            army,
            100,
            &[with(sel("unit", "Men", 1, &[], &[m, held]), &cost(100))],
        );
        r.units[0].played.as_ref().unwrap().rules.clone()
    };
    let banner = sel("upgrade", "Bear Banner", 1, &[], &[]);
    let rules = unit("Mercenaries", banner);
    assert!(
        rules.contains(&SpecialRule::PlusOneToHitFirstRound),
        "{rules:?}"
    );
    let flies = rule(
        sel("upgrade", "Nurgle's gifts", 1, &[], &[]),
        "Cloud of Flies",
    );
    let rules = unit("Forces of Chaos", flies);
    assert!(rules.contains(&SpecialRule::FoesMinusOneToHit), "{rules:?}");
    let aura = rule(
        sel("upgrade", "Slaanesh's gifts", 1, &[], &[]),
        "Aura of Slaanesh",
    );
    let rules = unit("Forces of Chaos", aura);
    assert!(rules.contains(&SpecialRule::AuraOfSlaanesh), "{rules:?}");
    // The other books' "-1 to hit" at their bearers: Slimy Skin, Warp
    // Fleas, a River Troll, the Effigy of Mork, the Fangsword.
    for (army, name) in [
        ("Vampire Counts", "Slimy Skin"),
        ("Skaven", "Warp Fleas (Morbus Sanguis)"),
        ("Orcs and Goblins", "River Troll"),
        ("Orcs and Goblins", "Effigy of Mork "),
        ("High Elves", "The Fangsword of Athel Tamarha"),
        // Within 6" of him (played at him: RULES.md To hit).
        ("Vampire Counts", "Staff of Raukhamon"),
        ("Bretonnia", "I will taunt you viciously a second time"),
    ] {
        let held = rule(sel("upgrade", "Gift", 1, &[], &[]), name);
        let rules = unit(army, held);
        assert!(
            rules.contains(&SpecialRule::FoesMinusOneToHit),
            "{name}: {rules:?}"
        );
    }
}

/// P(the defender breaks) in one round: ten men of no attacks (two ranks
/// of five, a standard) with `attacker_rules` beat five Ld `ld` men of
/// no attacks with `defender_rules` by 3 (rank +1, standard +1,
/// outnumbering +1, no wounds).
fn breaks(attacker_rules: &str, defender_rules: &str, ld: u8) -> f64 {
    breaks_in(attacker_rules, defender_rules, ld, 1)
}

/// As [`breaks`], over `rounds` rounds (each lost by 3 alike).
fn breaks_in(attacker_rules: &str, defender_rules: &str, ld: u8, rounds: u32) -> f64 {
    let profile = |side: &str, ld: u8| {
        format!(
            "[{side}.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = {ld}\n"
        )
    };
    let text = format!(
        "name = \"test\"\n\
         [attacker]\nname = \"attacker\"\nmodels = 10\nfrontage = 5\nstandard = true\n\
         rules = [\"unbreakable\"{attacker_rules}]\n{}\
         [defender]\nname = \"defender\"\nmodels = 5\nfrontage = 5\nrules = [{defender_rules}]\n{}\
         [situation]\ncharger = \"attacker\"\nrounds = {rounds}\n",
        profile("attacker", 7),
        profile("defender", ld),
    );
    exact_of(&text, "p_defender_breaks")
}

#[test]
fn an_aura_of_slaanesh_takes_one_from_the_ld_of_enemies_in_contact() {
    // Beaten by 3, Ld 7 holds on 2D6 <= 4: 6/36, breaks 30/36. Touching
    // the aura, Ld 6 holds on 3 or less: 3/36, breaks 33/36.
    let aura = ", \"aura-of-slaanesh\"";
    assert_near(breaks("", "", 7), 30.0 / 36.0, "no aura");
    assert_near(breaks(aura, "", 7), 33.0 / 36.0, "aura");
    // Stubborn tests on unmodified Ld, the aura's lowered one: 2D6 <= 6
    // holds, 15/36; it breaks 21/36, not 15/36.
    let stubborn = "\"stubborn\"";
    assert_near(breaks("", stubborn, 7), 15.0 / 36.0, "stubborn");
    assert_near(breaks(aura, stubborn, 7), 21.0 / 36.0, "stubborn, aura");
    // At least 2: stubborn on Ld 2 holds on a double 1 (1/36) either way.
    assert_near(breaks(aura, stubborn, 2), 35.0 / 36.0, "Ld 2");
}

#[test]
fn the_stake_of_sigmar_strikes_undead_and_daemons_at_strength_8() {
    // Twenty Undead of T3 (ranks +3 and a standard win the round: none
    // crumble). Two WS4 S3 attacks hit on 3+ (2/3); the Stake's S8
    // wounds T3 on 2+ (5/6): 2 x 2/3 x 5/6 = 10/9 slain. S3 wounds on
    // 4+ (1/2): 2/3.
    let undead = "standard = true\nrules = [\"undead\"]";
    let stake = striker(4, 2, ", \"stake-of-sigmar\"", "");
    assert_near(slain(&stake, undead, 1), 10.0 / 9.0, "undead");
    assert_near(
        slain(&striker(4, 2, "", ""), undead, 1),
        2.0 / 3.0,
        "no stake",
    );
    // Living men of T3 it strikes at S3: 2 x 2/3 x 1/2.
    assert_near(slain(&stake, UNBREAKABLE, 1), 2.0 / 3.0, "men");
}

#[test]
fn a_vampireslayer_makes_each_wound_d6_at_toughness_5_or_more() {
    // A WS4 S4 attack at WS3 T5 W3 models hits on 3+ (2/3), wounds on 5+
    // (1/3); its wound becomes D6, 3 or more (4/6) slaying one:
    // 2/3 x 1/3 x 4/6 = 4/27 slain. At T4 one wound of three slays none.
    let tough = |t: u8| {
        format!(
            "rules = [\"unbreakable\"]\n[defender.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = {t}\nw = 3\ni = 3\na = 0\nld = 7\n"
        )
    };
    let slayer = "models = 1\nrules = [\"unbreakable\", \"vampireslayer\"]\n\
                  [attacker.profile]\nm = 10\nws = 4\nbs = 3\ns = 4\nt = 4\nw = 1\ni = 3\na = 1\nld = 9\n";
    let slain_of = |defender: &str| {
        let text = format!(
            "name = \"test\"\n[attacker]\nname = \"attacker\"\n{slayer}\
             [defender]\nname = \"defender\"\nmodels = 5\nfrontage = 5\n{defender}\
             [situation]\ncharger = \"attacker\"\nrounds = 1\n"
        );
        exact_of(&text, "mean_defender_casualties")
    };
    assert_near(slain_of(&tough(5)), 4.0 / 27.0, "T5");
    assert_near(slain_of(&tough(4)), 0.0, "T4");
}

/// P(the charge is declared) of five Orcs (infantry, Ld 7) with `rules`,
/// led by a Boss with `boss_rules` (none: no Boss), charging five men.
fn declared(rules: &str, boss_rules: Option<&str>) -> f64 {
    let profile = |table: &str| {
        format!("[{table}]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 4\nw = 1\ni = 2\na = 1\nld = 7\n")
    };
    let boss = boss_rules.map_or_else(String::new, |r| {
        format!(
            "[[attacker.characters]]\nname = \"Boss\"\nrules = [{r}]\n{}",
            profile("attacker.characters.profile")
        )
    });
    let text = format!(
        "name = \"test\"\n[attacker]\nname = \"Orcs\"\nmodels = 5\nfrontage = 5\nrules = [{rules}]\n{}{boss}\
         [defender]\nname = \"Men\"\nmodels = 5\nfrontage = 5\n{}\
         [situation]\ncharger = \"attacker\"\nrounds = 1\n",
        profile("attacker.profile"),
        profile("defender.profile"),
    );
    exact_of(&text, "p_charge_declared")
}

#[test]
fn quell_animosity_takes_no_test_and_a_unit_it_leads_rolls_again() {
    // Animosity stops a charge on a 1, then 1 to 5 on the table: 1/6 x
    // 5/6 = 5/36, declared 31/36.
    let animosity = "\"animosity\"";
    assert_near(declared(animosity, None), 31.0 / 36.0, "animosity");
    assert_near(declared(animosity, Some("")), 31.0 / 36.0, "a plain Boss");
    // Led by a Boss with Quell Animosity the 1 is rolled again: 1/6 x
    // 1/6 x 5/6 = 5/216 stopped, 211/216 declared.
    let quell = "\"quell-animosity\"";
    assert_near(declared(animosity, Some(quell)), 211.0 / 216.0, "quelled");
    // Black Orcs with the rule take no test.
    let black_orcs = "\"animosity\", \"quell-animosity\"";
    assert_near(declared(black_orcs, None), 1.0, "Black Orcs");
}

#[test]
fn a_tongue_attack_steed_strikes_first_with_poison() {
    // A rider of no attacks (T3, 6+ for his mount) on a WS3 S3 I1 A2
    // steed, charged by one WS3 S3 I3 man (T3, no save). The steed's
    // poisoned blows hit on 4+, a 6 wounding at once: 2/6 x 1/2 + 1/6 =
    // 1/3 each; striking first, it slays the man 1 - (2/3)^2 = 5/9.
    // Without the rule the man strikes first and slays the rider 1/2 x
    // 1/2 x 5/6 = 5/24; the steed's plain blows slay 1/4 each:
    // 19/24 x (1 - (3/4)^2) = 133/384.
    let fight = |rules: &str| {
        let text = format!(
            "name = \"test\"\n[attacker]\nname = \"rider\"\nmodels = 1\ntype = \"cavalry\"\n\
             rules = [\"unbreakable\"{rules}]\n\
             [attacker.profile]\nm = 20\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = 7\n\
             [attacker.mount]\nws = 3\ns = 3\ni = 1\na = 2\n\
             [defender]\nname = \"man\"\nmodels = 1\nrules = [\"unbreakable\"]\n\
             [defender.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 7\n\
             [situation]\ncharger = \"defender\"\nrounds = 1\n"
        );
        exact_of(&text, "mean_defender_casualties")
    };
    assert_near(fight(", \"tongue-attack\""), 5.0 / 9.0, "tongue");
    assert_near(fight(""), 133.0 / 384.0, "none");
}

#[test]
fn resolute_knights_are_stubborn_in_the_first_round_only() {
    // Beaten by 3 on Ld 7: stubborn, they break on 2D6 > 7 (15/36), as
    // a stubborn unit does, in the first round.
    let resolute = "\"stubborn-first-round\"";
    assert_near(breaks("", resolute, 7), 15.0 / 36.0, "round 1");
    // The second round, beaten by 3 again, on Ld 4: 30/36. Over two:
    // 15/36 + 21/36 x 30/36 = 1170/1296 (stubborn throughout: 855/1296).
    let two = breaks_in("", resolute, 7, 2);
    assert_near(two, 1170.0 / 1296.0, "rounds 1-2");
    let stubborn = breaks_in("", "\"stubborn\"", 7, 2);
    assert_near(stubborn, 855.0 / 1296.0, "stubborn");
}

#[test]
fn sporofic_musk_halves_the_ws_of_the_enemies_in_contact() {
    // Two S3 attacks at T3 (4+ to wound). A WS5 attacker at a WS3 foe with
    // the musk strikes at WS3: 4+, 2 x 1/2 x 1/2 = 1/2 slain, not 3+'s
    // 2 x 2/3 x 1/2 = 2/3.
    let musk = "rules = [\"unbreakable\", \"sporofic-musk\"]";
    assert_near(slain(&striker(5, 2, "", ""), musk, 1), 1.0 / 2.0, "musked");
    assert_near(
        slain(&striker(5, 2, "", ""), UNBREAKABLE, 1),
        2.0 / 3.0,
        "none",
    );
    // A WS3 attacker with the musk at a WS7 foe: its WS 4 (7 halved,
    // rounding up) is hit on 4+ (1/2), not 5+ (1/3): 1/2, not 1/3.
    let at_ws7 = |rules: &str| {
        let text = format!(
            "name = \"test\"\n[attacker]\nname = \"attacker\"\n{}\
             [defender]\nname = \"defender\"\nmodels = 20\nfrontage = 5\nrules = [\"unbreakable\"]\n\
             [defender.profile]\nm = 10\nws = 7\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = 7\n\
             [situation]\ncharger = \"attacker\"\nrounds = 1\n",
            striker(3, 2, rules, "")
        );
        exact_of(&text, "mean_defender_casualties")
    };
    assert_near(at_ws7(", \"sporofic-musk\""), 1.0 / 2.0, "musk at WS7");
    assert_near(at_ws7(""), 1.0 / 3.0, "WS7");
}

#[test]
fn sporofic_musk_halves_the_initiative_of_the_enemies_in_contact() {
    // One WS3 S3 I4 man with the musk and one WS3 S3 I6 man, T3, one
    // attack each, no charge. Halved to WS2 I3, the foe strikes after
    // the musk's bearer, who hits WS2 on 3+: 2/3 x 1/2 = 1/3 slain (were
    // it first still, it would slay the bearer 1/4 first: 3/4 x 1/3 =
    // 1/4). Without the musk it strikes first and slays 1/4, leaving 3/4
    // to strike on 4+: 3/4 x 1/4 = 3/16.
    let fight = |rules: &str| {
        let man = |side: &str, i: u8, rules: &str| {
            format!(
                "[{side}]\nname = \"{side}\"\nmodels = 1\nrules = [\"unbreakable\"{rules}]\n\
                 [{side}.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = {i}\na = 1\nld = 7\n"
            )
        };
        let text = format!(
            "name = \"test\"\n{}{}[situation]\ncharger = \"none\"\nrounds = 1\n",
            man("attacker", 4, rules),
            man("defender", 6, "")
        );
        exact_of(&text, "mean_defender_casualties")
    };
    assert_near(fight(", \"sporofic-musk\""), 1.0 / 3.0, "musk");
    assert_near(fight(""), 3.0 / 16.0, "none");
}

#[test]
fn the_deathsword_strikes_at_s10_and_da_wicked_edge_cuts_saves_by_3() {
    // Two WS4 attacks at WS3 T3 models of a 3+ save hit on 3+ (2/3). The
    // Deathsword's S10 wounds on 2+ (5/6) and leaves no save: 2 x 2/3 x
    // 5/6 = 10/9 slain. At S3: 4+ to wound, the 3+ save failed 1/3:
    // 2 x 2/3 x 1/2 x 1/3 = 2/9.
    let armoured = "save = 3\nrules = [\"unbreakable\"]";
    let sword = striker(4, 2, ", \"deathsword\"", "");
    assert_near(slain(&sword, armoured, 1), 10.0 / 9.0, "deathsword");
    assert_near(
        slain(&striker(4, 2, "", ""), armoured, 1),
        2.0 / 9.0,
        "none",
    );
    // Da Wicked Edge: the 3+ save at a further -3 is 6+, failed 5/6:
    // 2 x 2/3 x 1/2 x 5/6 = 5/9.
    let edge = striker(4, 2, ", \"wicked-edge\"", "");
    assert_near(slain(&edge, armoured, 1), 5.0 / 9.0, "wicked edge");
}
