//! Rules that change a charge's blows (issue 47; RULES.md Special attacks
//! and psychology): the Ogres' Bull Charge, Tuskgor and Tuskar Charge,
//! Blessed Spawning of Sotek. Each figure worked out by hand from the
//! army book's text, one round of a fight whose men cannot strike back.

use crate::common::run::{engines_agree, exact_round_one, json};

/// `text` written as `name` under the tests' temporary folder.
fn written(name: &str, text: &str) -> String {
    crate::common::written_in("charge_rules", name, text)
}

/// A profile table: M WS BS S T W I A Ld.
fn profile(table: &str, v: [u32; 9]) -> String {
    let [m, ws, bs, s, t, w, i, a, ld] = v;
    format!("[{table}]\nm = {m}\nws = {ws}\nbs = {bs}\ns = {s}\nt = {t}\nw = {w}\ni = {i}\na = {a}\nld = {ld}\n")
}

/// Ogre Bulls without attacks of their own (A 0: only their Bull Charge
/// strikes), `models` of them `frontage` wide with `rules`, and `more`
/// of their table (characters), charging twenty unbreakable men of T5,
/// WS3, no save and no attacks, `distance` cm away: one round.
fn bulls(models: u32, frontage: u32, rules: &str, more: &str, distance: u32) -> String {
    format!(
        "name = \"bulls\"\n[attacker]\nname = \"Ogre Bulls\"\nmodels = {models}\nfrontage = {frontage}\n\
         type = \"large-infantry\"\nrules = [{rules}]\n{}{more}\
         [defender]\nname = \"Men\"\nmodels = 20\nfrontage = 5\nrules = [\"unbreakable\"]\n{}\
         [situation]\ncharger = \"attacker\"\ndistance = {distance}\nrounds = 1\n",
        profile("attacker.profile", [15, 3, 2, 4, 4, 3, 2, 0, 7]),
        profile("defender.profile", [10, 3, 3, 3, 5, 1, 3, 0, 7]),
    )
}

/// The exact mean of the men slain in `fight` (written as `name`).
fn men_slain(name: &str, fight: &str) -> f64 {
    let r = json(&["combat", &written(name, fight), "--method", "exact"]);
    r["mean_defender_casualties"].as_f64().unwrap()
}

const BULL: &str = "\"bull-charge\"";

#[test]
fn ogres_bull_charge_one_hit_each_in_contact_and_one_strength_a_rank_behind() {
    // S4 wounds T5 on 5+ (1/3), S5 on 4+ (1/2), S6 on 3+ (2/3); no save,
    // one wound each: a wound is a man slain.
    // Eight Bulls four wide (the book's example): four hits at S5, one
    // Ogre behind each: 4 x 1/2 = 2.
    let eight = men_slain("eight.toml", &bulls(8, 4, BULL, "", 20));
    assert!((eight - 2.0).abs() < 1e-12, "{eight}");
    // Ten four wide: ranks of 4, 4 and 2; [ruling] the rear two stand
    // behind two Ogres in contact: 2 hits at S6, 2 at S5:
    // 2 x 2/3 + 2 x 1/2 = 7/3.
    let ten = men_slain("ten.toml", &bulls(10, 4, BULL, "", 20));
    assert!((ten - 7.0 / 3.0).abs() < 1e-12, "{ten}");
    // Three in one rank: three hits at S4, 1.
    let three = men_slain("three.toml", &bulls(3, 3, BULL, "", 20));
    assert!((three - 1.0).abs() < 1e-12, "{three}");
    // A charge of 15 cm (6") is enough; 14 cm is not; [ruling] an
    // unstated distance (0) is.
    let six = men_slain("six.toml", &bulls(3, 3, BULL, "", 15));
    assert!((six - 1.0).abs() < 1e-12, "{six}");
    assert_eq!(men_slain("short.toml", &bulls(8, 4, BULL, "", 14)), 0.0);
    let unstated = men_slain("unstated.toml", &bulls(10, 4, BULL, "", 0));
    assert!((unstated - 7.0 / 3.0).abs() < 1e-12, "{unstated}");
    // Two Ogres are no unit of three; Ogres without the rule make none.
    assert_eq!(men_slain("two.toml", &bulls(2, 2, BULL, "", 20)), 0.0);
    assert_eq!(men_slain("none.toml", &bulls(8, 4, "", "", 20)), 0.0);
}

/// A Bruiser (S5, A 0) leading the Bulls, with `rules`.
fn bruiser(rules: &str) -> String {
    format!(
        "[[attacker.characters]]\nname = \"Bruiser\"\ntype = \"large-infantry\"\nrules = [{rules}]\n{}",
        profile("attacker.characters.profile", [15, 5, 4, 5, 5, 4, 3, 0, 8])
    )
}

#[test]
fn a_character_leading_ogres_bull_charges_at_his_own_strength() {
    // Five Bulls and a Bruiser four wide: six Ogres, ranks of 4 and 2;
    // in contact three Bulls and the Bruiser. [ruling] the rear two stand
    // behind the first two Bulls: 2 hits at S5, 1 at S4, the Bruiser's at
    // his S5 with none behind: 2/2 + 1/3 + 1/2 = 11/6.
    let fight = bulls(5, 4, BULL, &bruiser(BULL), 20);
    let led = men_slain("bruiser.toml", &fight);
    assert!((led - 11.0 / 6.0).abs() < 1e-12, "{led}");
    // Two Bulls two wide and the Bruiser make three Ogres (two alone make
    // no Bull Charge): in contact a Bull and the Bruiser, the other Bull
    // behind the first: S5 and S5, 1/2 + 1/2 = 1.
    let three = men_slain(
        "two_and_bruiser.toml",
        &bulls(2, 2, BULL, &bruiser(BULL), 20),
    );
    assert!((three - 1.0).abs() < 1e-12, "{three}");
    // Too Rich to Walk: D6 hits, not 1, for Greasus: 3.5 x 1/2 in place
    // of the Bruiser's 1/2: 11/6 + 5/4 = 37/12.
    let rich = bruiser("\"bull-charge\", \"bull-charge-d6\"");
    let greasus = men_slain("greasus.toml", &bulls(5, 4, BULL, &rich, 20));
    assert!((greasus - 37.0 / 12.0).abs() < 1e-12, "{greasus}");
    // The Great Bullplate: Braugh bull charges alone: one hit at S5, 1/2.
    let alone = format!(
        "name = \"braugh\"\n[attacker]\nname = \"Braugh\"\nmodels = 1\nfrontage = 1\ntype = \"large-infantry\"\n\
         rules = [\"bull-charge-alone\"]\n{}{}",
        profile("attacker.profile", [10, 5, 4, 5, 5, 4, 3, 0, 8]),
        &bulls(1, 1, "", "", 20)[bulls(1, 1, "", "", 20).find("[defender]").unwrap()..]
    );
    let braugh = men_slain("braugh.toml", &alone);
    assert!((braugh - 0.5).abs() < 1e-12, "{braugh}");
}

#[test]
fn the_bull_standard_rerolls_the_bull_charges_failed_wounds() {
    // A failed wound re-rolled: S5 against T5 wounds with 1 - (1/2)^2 =
    // 3/4, S4 with 1 - (2/3)^2 = 5/9. Eight Bulls four wide: 4 x 3/4 = 3.
    let standard = "\"bull-charge\", \"bull-standard\"";
    let eight = men_slain("standard.toml", &bulls(8, 4, standard, "", 20));
    assert!((eight - 3.0).abs() < 1e-12, "{eight}");
    // The Bruiser's fight above, the Bruiser re-rolling too:
    // 2 x 3/4 + 5/9 + 3/4 = 101/36.
    let led = men_slain(
        "standard_bruiser.toml",
        &bulls(5, 4, standard, &bruiser(BULL), 20),
    );
    assert!((led - 101.0 / 36.0).abs() < 1e-12, "{led}");
}

#[test]
fn bull_charge_engines_agree() {
    // Two rounds of the Bruiser's fight above, with Too Rich to Walk's D6.
    let rich = bruiser("\"bull-charge\", \"bull-charge-d6\"");
    let fight = written("agree.toml", &bulls(5, 4, BULL, &rich, 20));
    let r = json(&[
        "combat",
        &fight,
        "--method",
        "all",
        "--set",
        "situation.rounds=2",
    ]);
    let exact = r["exact"]["mean_defender_casualties"].as_f64().unwrap();
    assert!((exact - 37.0 / 12.0).abs() < 1e-12, "{exact}");
    for engine in ["monte_carlo", "dice"] {
        let e = &r[engine]["mean_defender_casualties"];
        let (lo, hi) = (
            e["ci95"][0].as_f64().unwrap(),
            e["ci95"][1].as_f64().unwrap(),
        );
        // Within twice its 95% interval's half-width (about 4 sigma).
        let half = (hi - lo) / 2.0;
        let estimate = e["estimate"].as_f64().unwrap();
        assert!(
            (estimate - exact).abs() <= 2.0 * half,
            "{engine}: {e} vs {exact}"
        );
    }
    engines_agree(&r, &["p_attacker_wins"], "bull charge");
}

/// Five unbreakable `kind` models with `rules` and `more` of their table
/// (a steed), charging twenty unbreakable men of T3, WS3, no save and no attacks
/// 20 cm away: `rounds` rounds.
fn chargers(kind: &str, rules: &str, more: &str, attacker: [u32; 9], rounds: u32) -> String {
    format!(
        "name = \"chargers\"\n[attacker]\nname = \"Chargers\"\nmodels = 5\nfrontage = 5\n\
         type = \"{kind}\"\nrules = [\"unbreakable\", {rules}]\n{}{more}\
         [defender]\nname = \"Men\"\nmodels = 20\nfrontage = 5\nrules = [\"unbreakable\"]\n{}\
         [situation]\ncharger = \"attacker\"\ndistance = 20\nrounds = {rounds}\n",
        profile("attacker.profile", attacker),
        profile("defender.profile", [10, 3, 3, 3, 3, 1, 3, 0, 7]),
    )
}

/// Boar Boyz whose riders make no attacks: each boar WS3 S3 A1.
fn boar_boyz(rules: &str, rounds: u32) -> String {
    let boar = "[attacker.mount]\nws = 3\ns = 3\ni = 3\na = 1\n";
    chargers("cavalry", rules, boar, [18, 3, 3, 3, 4, 1, 2, 0, 7], rounds)
}

#[test]
fn tuskgor_and_tuskar_charge_add_two_strength_to_the_steeds_charging() {
    // Five boars in contact hit WS3 on 4+ (1/2); S3 wounds T3 on 4+
    // (1/4 a blow: 5/4 men), S5 on 2+ (5/12 a blow: 25/12 men).
    let plain = men_slain("boars.toml", &boar_boyz("", 1));
    assert!((plain - 5.0 / 4.0).abs() < 1e-12, "{plain}");
    let tuskar = men_slain("tuskar.toml", &boar_boyz("\"tuskar-charge\"", 1));
    assert!((tuskar - 25.0 / 12.0).abs() < 1e-12, "{tuskar}");
    // Only the turn they charge: the second round's 5/4 more, with the
    // five in contact still (twenty men, five slain at most).
    let two = men_slain("tuskgor.toml", &boar_boyz("\"tuskgor-charge\"", 2));
    assert!((two - (25.0 / 12.0 + 5.0 / 4.0)).abs() < 1e-12, "{two}");
}

#[test]
fn blessed_spawning_of_sotek_adds_an_attack_the_round_it_charges() {
    // Five Skinks in contact (WS2 S3 A1) hit WS3 on 4+ and wound T3 on
    // 4+: 1/4 a blow. Charging with Sotek's +1 A: 10 blows, 5/2 men; the
    // second round 5 blows, 5/4 more.
    let skinks =
        |rules, rounds| chargers("infantry", rules, "", [15, 2, 3, 3, 2, 1, 4, 1, 5], rounds);
    let plain = men_slain("skinks.toml", &skinks("", 1));
    assert!((plain - 5.0 / 4.0).abs() < 1e-12, "{plain}");
    let sotek = men_slain("sotek.toml", &skinks("\"charge-attack\"", 1));
    assert!((sotek - 5.0 / 2.0).abs() < 1e-12, "{sotek}");
    let two = men_slain("sotek2.toml", &skinks("\"charge-attack\"", 2));
    assert!((two - 15.0 / 4.0).abs() < 1e-12, "{two}");
}

#[test]
fn defensive_stakes_take_the_charge_bonus_from_a_charge_at_their_front() {
    // Defensive Stakes: "No unit gains any charge bonus when they charge
    // the unit's front ... lances do not gain their +2 Strength bonus".
    // Five knights (WS4, a champion of A2: 6 blows) and their warhorses
    // (WS3 S3, 5 blows) charge 25 halberdiers (WS3 T3, light armour),
    // whose I1 lets the knights strike first either way. A lance charging
    // (S5): 6 x 2/3 to hit x 5/6 to wound, no save = 10/3; the horses
    // 5 x 1/2 x 1/2 x 5/6 (6+) = 25/24: 105/24 slain. Against the stakes
    // (S3): 6 x 2/3 x 1/2 x 5/6 = 5/3, 65/24 slain with the horses'.
    let slain = |sets: &[&str]| {
        let mut all = vec!["defender.profile.i=1"];
        all.extend(sets);
        exact_round_one("scenarios/knights_charge_halberdiers.toml", &all)
            ["mean_defender_casualties"]
            .as_f64()
            .unwrap()
    };
    let stakes = "defender.rules=[\"defensive-stakes\"]";
    assert!((slain(&[]) - 105.0 / 24.0).abs() < 1e-12);
    assert!((slain(&[stakes]) - 65.0 / 24.0).abs() < 1e-12);
    // Stakes gone (the unit moved), or a charge at the flank: the bonus.
    let removed = "situation.defensive_stakes=\"removed\"";
    assert!((slain(&[stakes, removed]) - 105.0 / 24.0).abs() < 1e-12);
    let flank = slain(&[stakes, "situation.facing=\"flank\""]);
    let flank_unstaked = slain(&["situation.facing=\"flank\""]);
    assert!(
        (flank - flank_unstaked).abs() < 1e-12,
        "{flank} {flank_unstaked}"
    );
    // Whole fights, Initiative tied: the stakes' strike order is rolled.
    let r = json(&[
        "combat",
        "scenarios/knights_charge_halberdiers.toml",
        "--method",
        "all",
        "--set",
        stakes,
    ]);
    engines_agree(&r, &["p_attacker_wins", "p_defender_wins"], "stakes");
}
