//! Blades that wound by their own rule (issue 47): Hacka's Sword of
//! Hackin', Kleeva's Cleaver and the 2001 Master Rune of Skalf
//! Blackhammer, Foe Bane, Manbane, the 2005 Master Rune of Skalf
//! Blackhammer, the Executioner's Axe, the Piranha Blade, the Cursed
//! Blade of Delirium. RULES.md Weapons, Blades that wound by their own
//! rule. Each figure worked out by hand from the rule's text.

use crate::chains::{defender, striker, CHARGE, EPS};
use crate::modifiers::{assert_near, slain, UNBREAKABLE};
use mathhammer::exact::attacks::chain_odds;
use mathhammer::rules::fighter::{Defender, Striker};
use mathhammer::rules::special::SpecialRule;

/// P(an attack of `striker` at `target` is unsaved), the turn it charges.
fn unsaved(striker: &Striker, target: &Defender) -> f64 {
    chain_odds(&striker.close_combat(target, CHARGE)).p_unsaved
}

fn near(got: f64, want: f64, what: &str) {
    assert!((got - want).abs() < EPS, "{what}: {got}, not {want}");
}

#[test]
fn hackas_sword_hits_on_2_whatever_the_weapon_skill() {
    // WS1 at WS3 hits on 5+; the Sword 2+ (5/6); S3 at T3 4+:
    // 5/6 x 1/2 = 5/12, not 1/3 x 1/2 = 1/6.
    let foe = defender(3, 3, None);
    near(
        unsaved(&striker(1, 3, &[SpecialRule::HitsOnTwo]), &foe),
        5.0 / 12.0,
        "sword",
    );
    near(unsaved(&striker(1, 3, &[]), &foe), 1.0 / 6.0, "none");
}

#[test]
fn kleevas_cleaver_wounds_every_hit_its_strength_modifying_saves() {
    // WS3 at WS3 hits on 4+ (1/2); every hit wounds, even S3 at T7; a 5+
    // save at S3 stands, failed 2/3: 1/2 x 2/3 = 1/3. Without it S3
    // cannot wound T7.
    let foe = defender(3, 7, Some(5));
    let cleaver = striker(3, 3, &[SpecialRule::WoundsAutomatically]);
    near(unsaved(&cleaver, &foe), 1.0 / 3.0, "cleaver");
    near(unsaved(&striker(3, 3, &[]), &foe), 0.0, "none");
}

#[test]
fn foe_bane_wounds_a_foe_of_3_wounds_or_more_on_2() {
    // S3 at T5 wounds on 6+; at a foe of 3 Wounds Foe Bane's 2+: 1/2 x
    // 5/6 = 5/12, its 4+ save at S3 failed 1/2: 5/24. At a foe of 1
    // Wound 1/2 x 1/6 x 1/2 = 1/24.
    let bane = striker(3, 3, &[SpecialRule::FoeBane]);
    let big = Defender {
        w: 3,
        ..defender(3, 5, Some(4))
    };
    near(unsaved(&bane, &big), 5.0 / 24.0, "3 wounds");
    near(
        unsaved(&bane, &defender(3, 5, Some(4))),
        1.0 / 24.0,
        "1 wound",
    );
}

#[test]
fn manbane_and_skalfs_rune_raise_strength_to_wound_and_to_save() {
    // Manbane: S3 at T4 counts S5, 3+ to wound (2/3); a 3+ save at S5 is
    // 5+, failed 2/3: 1/2 x 2/3 x 2/3 = 2/9 (S3: 1/2 x 1/3 x 1/3 = 1/18).
    let foe = defender(3, 4, Some(3));
    near(
        unsaved(&striker(3, 3, &[SpecialRule::Manbane]), &foe),
        2.0 / 9.0,
        "manbane",
    );
    near(unsaved(&striker(3, 3, &[]), &foe), 1.0 / 18.0, "none");
    // At T6 at most S6: 4+ to wound, the save 6+: 1/2 x 1/2 x 5/6 = 5/24.
    let tough = defender(3, 6, Some(3));
    near(
        unsaved(&striker(3, 3, &[SpecialRule::Manbane]), &tough),
        5.0 / 24.0,
        "T6",
    );
    // Skalf's rune (2005): S4 at T4 counts S6, 2+ to wound; a 2+ save at
    // S6 is 5+: 1/2 x 5/6 x 2/3 = 5/18 (S4: 1/2 x 1/2 x 1/3 = 1/12).
    let rune = striker(3, 4, &[SpecialRule::WoundsOnTwoByStrength]);
    let armoured = defender(3, 4, Some(2));
    near(unsaved(&rune, &armoured), 5.0 / 18.0, "rune");
    near(
        unsaved(&striker(3, 4, &[]), &armoured),
        1.0 / 12.0,
        "no rune",
    );
}

#[test]
fn the_executioners_axe_strikes_at_double_the_toughness() {
    // At T5: S10, 2+ to wound, a 3+ save gone: 1/2 x 5/6 = 5/12; at S3
    // 1/2 x 1/6 x 1/3 = 1/36.
    let foe = defender(3, 5, Some(3));
    let axe = striker(3, 3, &[SpecialRule::ExecutionersAxe]);
    near(unsaved(&axe, &foe), 5.0 / 12.0, "axe");
    near(unsaved(&striker(3, 3, &[]), &foe), 1.0 / 36.0, "none");
}

#[test]
fn the_piranha_blade_makes_each_unsaved_wound_two() {
    // S4 at T3: 1/2 x 2/3 = 1/3 unsaved, each two wounds at a foe of 3
    // Wounds: 2/3 expected; at a foe of 1 Wound, 1/3.
    let blade = striker(3, 4, &[SpecialRule::DoubleWounds]);
    let big = Defender {
        w: 3,
        ..defender(3, 3, None)
    };
    let wounds = |s: &Striker, d: &Defender| s.close_combat(d, CHARGE).expected_wounds(d.w);
    near(wounds(&blade, &big), 2.0 / 3.0, "two wounds");
    near(
        wounds(&blade, &defender(3, 3, None)),
        1.0 / 3.0,
        "one wound",
    );
    near(wounds(&striker(3, 4, &[]), &big), 1.0 / 3.0, "none");
}

#[test]
fn the_cursed_blade_of_delirium_strikes_at_ws10() {
    // A WS1 model of two attacks at WS3 hits on 5+: 2 x 1/3 x 1/2 = 1/3
    // slain; at WS10 3+: 2 x 2/3 x 1/2 = 2/3.
    let cursed = crate::modifiers::striker(1, 2, ", \"weapon-skill-10\"", "");
    assert_near(slain(&cursed, UNBREAKABLE, 1), 2.0 / 3.0, "cursed");
    let bare = crate::modifiers::striker(1, 2, "", "");
    assert_near(slain(&bare, UNBREAKABLE, 1), 1.0 / 3.0, "none");
}
