//! What harms a model (issue 47): Immune to Poison, the Aura of Quetzl,
//! the Cloak of the Beastlord, the Skull of Mugrar, the Amulet of Fire,
//! Fire Resistant; Beastslayer. RULES.md Saves, What harms a model;
//! Combat resolution. Each figure worked
//! out by hand from the rule's text.

use crate::chains::{defender, striker, CHARGE, EPS};
use mathhammer::exact::attacks::chain_odds;
use mathhammer::rules::fighter::{Defender, Striker};
use mathhammer::rules::hardiness::Hardiness;
use mathhammer::rules::special::SpecialRule;

/// `target` with `rules` of what harms it.
fn hardy(rules: &[SpecialRule], target: Defender) -> Defender {
    Defender {
        hardiness: Hardiness::of(rules),
        ..target
    }
}

/// P(an attack of `striker` at `target` is unsaved).
fn unsaved(striker: &Striker, target: &Defender) -> f64 {
    chain_odds(&striker.close_combat(target, CHARGE)).p_unsaved
}

fn near(got: f64, want: f64, what: &str) {
    assert!((got - want).abs() < EPS, "{what}: {got}, not {want}");
}

#[test]
fn a_model_immune_to_poison_is_wounded_by_a_poisoned_6_only_on_its_roll() {
    // WS3 at WS3, S3 at T3: a 4 or 5 to hit (1/3) wounds on 4+; a 6 (1/6)
    // wounds outright when poisoned: 1/3 x 1/2 + 1/6 = 1/3; immune, the 6
    // rolls too: 1/2 x 1/2 = 1/4.
    let venom = striker(3, 3, &[SpecialRule::Poison]);
    let foe = defender(3, 3, None);
    near(unsaved(&venom, &foe), 1.0 / 3.0, "poisoned");
    let immune = hardy(&[SpecialRule::ImmuneToPoison], foe);
    near(unsaved(&venom, &immune), 0.25, "immune");
}

#[test]
fn the_aura_of_quetzl_wards_strong_blows_and_the_cloak_each_blow_by_its_strength() {
    // The Aura: S5 at T3 wounds on 2+, the 4+ ward fails 1/2: 1/2 x 5/6 x
    // 1/2 = 5/24; S4 gets no ward: 1/2 x 2/3 = 1/3.
    let aura = hardy(&[SpecialRule::WardAgainstStrong], defender(3, 3, None));
    near(unsaved(&striker(3, 5, &[]), &aura), 5.0 / 24.0, "S5");
    near(unsaved(&striker(3, 4, &[]), &aura), 1.0 / 3.0, "S4");
    // The Cloak: S3 saved on 3+ (fails 1/3): 1/2 x 1/2 x 1/3 = 1/12; S5
    // on 5+ (fails 2/3): 1/2 x 5/6 x 2/3 = 5/18.
    let cloak = hardy(&[SpecialRule::WardOfStrength], defender(3, 3, None));
    near(unsaved(&striker(3, 3, &[]), &cloak), 1.0 / 12.0, "cloak S3");
    near(unsaved(&striker(3, 5, &[]), &cloak), 5.0 / 18.0, "cloak S5");
}

#[test]
fn the_skull_of_mugrar_makes_every_blow_s5_at_most_and_one_wound() {
    // S8 with D3 wounds at T4 W3 with a 4+ save: S5, 3+ to wound (2/3),
    // the save 6+ (fails 5/6), one wound each: 1/2 x 2/3 x 5/6 = 5/18
    // expected; without the Skull 2+ to wound, no save, D3 (2 on
    // average): 1/2 x 5/6 x 2 = 5/6.
    let great = striker(3, 8, &[SpecialRule::MultipleWoundsD3]);
    let gorthor = Defender {
        w: 3,
        ..defender(3, 4, Some(4))
    };
    let wounds = |d: &Defender| great.close_combat(d, CHARGE).expected_wounds(d.w);
    near(
        wounds(&hardy(&[SpecialRule::StrengthAtMost5], gorthor)),
        5.0 / 18.0,
        "skull",
    );
    near(wounds(&gorthor), 5.0 / 6.0, "none");
}

#[test]
fn fire_harms_no_bearer_of_the_amulet_of_fire_and_a_fire_kobold_at_s_minus_1() {
    // S4 flaming at T3: the Amulet's bearer takes none; a mundane S4 blow
    // 1/2 x 2/3 = 1/3.
    let fire = striker(3, 4, &[SpecialRule::Flaming]);
    let amulet = hardy(&[SpecialRule::Fireproof], defender(3, 3, None));
    near(unsaved(&fire, &amulet), 0.0, "fireproof");
    near(unsaved(&striker(3, 4, &[]), &amulet), 1.0 / 3.0, "mundane");
    // A Fire Kobold with a 5+ save: wounded at S3 (4+), saved at S4's 6+:
    // 1/2 x 1/2 x 5/6 = 5/24; a mundane S4 blow 1/2 x 2/3 x 5/6 = 5/18.
    let kobold = hardy(&[SpecialRule::FireResistant], defender(3, 3, Some(5)));
    near(unsaved(&fire, &kobold), 5.0 / 24.0, "fire resistant");
    near(unsaved(&striker(3, 4, &[]), &kobold), 5.0 / 18.0, "mundane");
}

/// P(the defender breaks) in one round: a lone WS3 S3 model of two
/// attacks with `rules`, unbreakable, charging a lone WS3 T3 W3 model
/// (A 0, Ld 7, no save).
fn lone_model_breaks(rules: &str) -> f64 {
    let text = format!(
        "name = \"test\"\n\
         [attacker]\nname = \"attacker\"\nmodels = 1\nfrontage = 1\nrules = [\"unbreakable\"{rules}]\n\
         [attacker.profile]\nm = 4\nws = 3\nbs = 3\ns = 3\nt = 4\nw = 1\ni = 3\na = 2\nld = 10\n\
         [defender]\nname = \"defender\"\nmodels = 1\nfrontage = 1\n\
         [defender.profile]\nm = 4\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 3\ni = 3\na = 0\nld = 7\n\
         [situation]\ncharger = \"attacker\"\nrounds = 1\n"
    );
    crate::common::exact_of(&text, "p_defender_breaks")
}

#[test]
fn a_beastslayers_wounds_count_double_for_combat_resolution() {
    // Each attack wounds 1/2 x 1/2 = 1/4: one wound 6/16, two 1/16. The
    // side wins by its wounds and the loser breaks on 2D6 over 7 less
    // them: by 1 21/36, by 2 26/36, by 4 33/36. Bare: 6/16 x 21/36 +
    // 1/16 x 26/36 = 19/72; counted double (by 2 or 4): 6/16 x 26/36 +
    // 1/16 x 33/36 = 21/64.
    near(lone_model_breaks(""), 19.0 / 72.0, "bare");
    near(
        lone_model_breaks(", \"wounds-count-double\""),
        21.0 / 64.0,
        "beastslayer",
    );
}

#[test]
fn a_beastslayer_champion_counts_his_own_wounds_double_not_his_units() {
    // A WS3 S3 model and its champion (WS3 S3 A1, wounds-count-double) at
    // five WS3 T3 models (A 0, Ld 7), which outnumber them (+1). Each
    // attack wounds 1/4. The champion's wound alone scores 2, a win by 1
    // (the defender breaks 21/36); both 3, by 2 (26/36); the other's
    // alone 1, a draw. 3/16 x 21/36 + 1/16 x 26/36 = 89/576: the
    // champion strikes apart from his rank and file.
    let text = "name = \"test\"\n\
         [attacker]\nname = \"attacker\"\nmodels = 2\nfrontage = 2\nrules = [\"unbreakable\"]\n\
         [attacker.profile]\nm = 4\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 1\nld = 10\n\
         [attacker.champion]\nname = \"slayer\"\nrules = [\"wounds-count-double\"]\n\
         [attacker.champion.profile]\nws = 3\ns = 3\ni = 3\na = 1\nw = 1\n\
         [defender]\nname = \"defender\"\nmodels = 5\nfrontage = 5\n\
         [defender.profile]\nm = 4\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = 7\n\
         [situation]\ncharger = \"attacker\"\nrounds = 1\n";
    near(
        crate::common::exact_of(text, "p_defender_breaks"),
        89.0 / 576.0,
        "champion",
    );
}
