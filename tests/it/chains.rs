//! Hand-computed attack chains, one test per rule (RULES.md sections named in
//! each test), through the exact engine.

use mathhammer::exact::attacks::{chain_odds, CasualtyPmf};
use mathhammer::exact::Pmf;
use mathhammer::rules::attack::{AttackChain, Damage};
use mathhammer::rules::fighter::{impact_hit, Defender, Save, Striker};
use mathhammer::rules::profile::TroopType;
use mathhammer::rules::saves::{Armour, BodyArmour};
use mathhammer::rules::special::{Rules, SpecialRule};
use mathhammer::rules::to_hit::ShootingModifiers;
use mathhammer::rules::weapons::{Moment, Weapon};

pub(crate) const EPS: f64 = 1e-14;
const ROUND_1: Moment = Moment {
    round: 1,
    charging: false,
};
const ROUND_2: Moment = Moment {
    round: 2,
    charging: false,
};
pub(crate) const CHARGE: Moment = Moment {
    round: 1,
    charging: true,
};

pub(crate) fn striker(ws: u8, s: u8, rules: &[SpecialRule]) -> Striker {
    Striker {
        ws,
        bs: 3,
        s,
        a: 1,
        a_dice: None,
        crew: 1,
        troop: TroopType::Infantry,
        weapon: Weapon::HandWeapon,
        rules: Rules::new(rules, "test").unwrap(),
        hit_modifier: 0,
    }
}

pub(crate) fn defender(ws: u8, t: u8, save: Option<u8>) -> Defender {
    Defender {
        ws,
        t,
        w: 1,
        troop: TroopType::Infantry,
        save: Save::Given(save),
        weapon: Weapon::HandWeapon,
        ward: None,
        regeneration: false,
        reroll_saves: false,
        ethereal: false,
        daemonic_aura: false,
        flammable: false,
        regeneration_not_magic: false,
        foes_minus_one_to_hit: false,
        undead_or_daemon: false,
        against_missiles: Default::default(),
        hardiness: Default::default(),
    }
}

/// A save worked out from armour.
fn gear(body: BodyArmour, shield: bool, barding: bool) -> Save {
    Save::Armour(Armour {
        body,
        shield,
        barding,
        natural: None,
    })
}

fn unsaved(chain: &AttackChain) -> f64 {
    chain_odds(chain).p_unsaved
}

fn close(s: &Striker, d: &Defender) -> AttackChain {
    s.close_combat(d, ROUND_1)
}

fn assert_close(a: f64, b: f64) {
    assert!((a - b).abs() < EPS, "{a} vs {b}");
}

#[test]
fn plain_chain() {
    // RULES.md To hit (4+ at equal WS), To wound (4+ at S = T), Saves (5+).
    let odds = chain_odds(&close(&striker(3, 3, &[]), &defender(3, 3, Some(5))));
    assert_close(odds.p_hit, 0.5);
    assert_close(odds.p_wound, 0.25);
    assert_close(odds.p_unsaved, 0.25 * 4.0 / 6.0);
    assert_close(odds.damage.iter().map(|(_, p)| p).sum::<f64>(), 1.0);
}

#[test]
fn strength_modifies_armour() {
    // RULES.md Saves: S4 -1, S5 -2; a 5+ save is 6+ against S4, none against
    // S5. (S4 wounds T3 on 3+, S5 on 2+.)
    assert_close(
        unsaved(&close(&striker(3, 4, &[]), &defender(3, 3, Some(5)))),
        0.5 * 4.0 / 6.0 * 5.0 / 6.0,
    );
    assert_close(
        unsaved(&close(&striker(3, 5, &[]), &defender(3, 3, Some(5)))),
        0.5 * 5.0 / 6.0,
    );
}

#[test]
fn poison_wounds_on_a_six_to_hit() {
    // RULES.md Special attacks: a natural 6 to hit wounds automatically,
    // even where wounding is impossible (S3 vs T7).
    let odds = chain_odds(&close(
        &striker(3, 3, &[SpecialRule::Poison]),
        &defender(3, 7, None),
    ));
    assert_close(odds.p_hit, 0.5);
    assert_close(odds.p_unsaved, 1.0 / 6.0);
    // Against T3: 6s wound automatically, 4s and 5s roll 4+ to wound.
    let odds = chain_odds(&close(
        &striker(3, 3, &[SpecialRule::Poison]),
        &defender(3, 3, None),
    ));
    assert_close(odds.p_unsaved, 1.0 / 6.0 + 2.0 / 6.0 * 0.5);
}

#[test]
fn killing_blow_slays_man_sized_models() {
    // RULES.md Special attacks: a 6 to wound slays outright, no armour save.
    // WS4 vs 3: 3+; S3 vs T3: 4+; a 4+ save.
    let kb = striker(4, 3, &[SpecialRule::KillingBlow]);
    let odds = chain_odds(&close(&kb, &defender(3, 3, Some(4))));
    assert_close(odds.p_unsaved, 2.0 / 3.0 * (1.0 / 6.0 + 2.0 / 6.0 * 0.5));
    let p_kb = odds
        .damage
        .iter()
        .find(|(d, _)| *d == Damage::KillingBlow)
        .unwrap()
        .1;
    assert_close(p_kb, 2.0 / 3.0 / 6.0);
    // Not against large infantry (an ogre): just a wound.
    let ogre = Defender {
        troop: TroopType::LargeInfantry,
        ..defender(3, 3, Some(4))
    };
    assert_close(unsaved(&close(&kb, &ogre)), 2.0 / 3.0 * 0.5 * 0.5);
    // A ward save is still taken: 5+ ward.
    let warded = Defender {
        ward: Some(5),
        ..defender(3, 3, Some(4))
    };
    assert_close(
        unsaved(&close(&kb, &warded)),
        2.0 / 3.0 * (1.0 / 6.0 + 2.0 / 6.0 * 0.5) * 4.0 / 6.0,
    );
}

#[test]
fn poison_and_killing_blow_on_the_same_die() {
    // The poisoned 6 to hit wounds without a to-wound roll, so it cannot
    // also be a killing blow: only 4s and 5s to hit roll to wound.
    let both = striker(3, 3, &[SpecialRule::Poison, SpecialRule::KillingBlow]);
    let odds = chain_odds(&close(&both, &defender(3, 3, Some(4))));
    let p_kb = odds
        .damage
        .iter()
        .find(|(d, _)| *d == Damage::KillingBlow)
        .unwrap()
        .1;
    assert_close(p_kb, 2.0 / 6.0 * 1.0 / 6.0);
    assert_close(
        odds.p_unsaved,
        2.0 / 6.0 * (1.0 / 6.0 + 2.0 / 6.0 * 0.5) + 1.0 / 6.0 * 0.5,
    );
}

#[test]
fn multiple_wounds_are_capped_per_model() {
    // RULES.md Special attacks: D3 wounds per unsaved wound, capped at the
    // victim's Wounds, no carry-over. WS3 vs 3 (4+), S3 vs T3 (4+), no save.
    let d3 = close(
        &striker(3, 3, &[SpecialRule::MultipleWoundsD3]),
        &defender(3, 3, None),
    );
    let odds = chain_odds(&d3);
    for k in 1..=3 {
        let p = odds
            .damage
            .iter()
            .find(|(d, _)| *d == Damage::Wounds(k))
            .unwrap()
            .1;
        assert_close(p, 0.25 / 3.0);
    }
    // One attack against W2 models: slays one if it rolls 2 or 3.
    let one = CasualtyPmf::start(2, None, 0).after(&odds.damage, &Pmf::point(1));
    assert_close(one.kills().p_eq(1), 0.25 * 2.0 / 3.0);
    assert_close(
        one.combat_result_wounds().mean(),
        0.25 * (1.0 + 2.0 + 2.0) / 3.0,
    );
    // D6 wounds against W1: never more than one model, one wound, per attack.
    let d6 = chain_odds(&close(
        &striker(3, 3, &[SpecialRule::MultipleWoundsD6]),
        &defender(3, 3, None),
    ));
    let three = CasualtyPmf::start(1, None, 0).after(&d6.damage, &Pmf::point(3));
    assert_close(three.kills().mean(), 0.75);
    assert_close(three.combat_result_wounds().mean(), 0.75);
}

#[test]
fn hatred_rerolls_misses_in_the_first_round_only() {
    // RULES.md Special attacks: hatred re-rolls missed hits in the first turn.
    let hate = striker(3, 3, &[SpecialRule::Hatred]);
    assert_close(
        chain_odds(&hate.close_combat(&defender(3, 3, None), ROUND_1)).p_hit,
        0.75,
    );
    assert_close(
        chain_odds(&hate.close_combat(&defender(3, 3, None), ROUND_2)).p_hit,
        0.5,
    );
}

#[test]
fn frenzy_and_additional_hand_weapon_add_attacks() {
    // RULES.md Special attacks (frenzy +1 A), Weapons (additional hand weapon +1 A on foot).
    assert_eq!(striker(3, 3, &[SpecialRule::Frenzy]).attacks(), 2);
    let ahw = Striker {
        weapon: Weapon::AdditionalHandWeapon,
        ..striker(3, 3, &[SpecialRule::Frenzy])
    };
    assert_eq!(ahw.attacks(), 3);
    let mounted = Striker {
        troop: TroopType::Cavalry,
        ..ahw
    };
    assert_eq!(mounted.attacks(), 2);
}

#[test]
fn generic_rerolls() {
    // Re-roll hits of 1 at 4+: 1/2 + 1/6 * 1/2.
    let ones = chain_odds(&close(
        &striker(3, 3, &[SpecialRule::RerollHitsOf1]),
        &defender(3, 3, None),
    ));
    assert_close(ones.p_hit, 0.5 + 1.0 / 12.0);
    // Re-roll failed wounds at 4+: 3/4 of hits.
    let w = chain_odds(&close(
        &striker(3, 3, &[SpecialRule::RerollWounds]),
        &defender(3, 3, None),
    ));
    assert_close(w.p_wound, 0.5 * 0.75);
    // Re-roll wounds of 1 at 4+: 1/2 + 1/6 * 1/2.
    let w1 = chain_odds(&close(
        &striker(3, 3, &[SpecialRule::RerollWoundsOf1]),
        &defender(3, 3, None),
    ));
    assert_close(w1.p_wound, 0.5 * (0.5 + 1.0 / 12.0));
    // Re-rolled saves: a 4+ save fails 1/4 of the time.
    let rerolls = Defender {
        reroll_saves: true,
        ..defender(3, 3, Some(4))
    };
    assert_close(unsaved(&close(&striker(3, 3, &[]), &rerolls)), 0.25 * 0.25);
}

#[test]
fn rerolls_that_cannot_help() {
    // Nothing to re-roll when wounding is impossible.
    let hopeless = close(
        &striker(3, 3, &[SpecialRule::RerollWounds]),
        &defender(3, 7, None),
    );
    assert_eq!(unsaved(&hopeless), 0.0);
    // At 2+ to hit (3+ with +1), re-rolling 1s and re-rolling misses are the
    // same: 5/6 + 1/6 * 5/6.
    let easy = |rule| Striker {
        hit_modifier: 1,
        ..striker(10, 3, &[rule])
    };
    let a = chain_odds(&close(
        &easy(SpecialRule::RerollHits),
        &defender(1, 3, None),
    ));
    let b = chain_odds(&close(
        &easy(SpecialRule::RerollHitsOf1),
        &defender(1, 3, None),
    ));
    assert_close(a.p_hit, 5.0 / 6.0 + 5.0 / 36.0);
    assert_close(a.p_hit, b.p_hit);
}

#[test]
fn needing_sixes_to_hit() {
    // RULES.md Special attacks (fear): 6s to hit, whatever the WS.
    let scared = chain_odds(&close(
        &striker(10, 3, &[SpecialRule::NeedsSixesToHit]),
        &defender(1, 3, None),
    ));
    assert_close(scared.p_hit, 1.0 / 6.0);
    // Hatred still re-rolls the misses: 1/6 + 5/6 * 1/6.
    let both = chain_odds(&close(
        &striker(3, 3, &[SpecialRule::NeedsSixesToHit, SpecialRule::Hatred]),
        &defender(3, 3, None),
    ));
    assert_close(both.p_hit, 1.0 / 6.0 + 5.0 / 36.0);
}

#[test]
fn armour_piercing_flaming_ignores_armour() {
    // Armour piercing: a further -1 (4+ becomes 5+ at S3).
    let ap = unsaved(&close(
        &striker(3, 3, &[SpecialRule::ArmourPiercing]),
        &defender(3, 3, Some(4)),
    ));
    assert_close(ap, 0.25 * 4.0 / 6.0);
    // Ignores armour: no save; a ward still counts.
    let ignores = Defender {
        ward: Some(4),
        ..defender(3, 3, Some(2))
    };
    assert_close(
        unsaved(&close(
            &striker(3, 3, &[SpecialRule::IgnoresArmour]),
            &ignores,
        )),
        0.25 * 0.5,
    );
    // Regeneration 4+ halves the unsaved wounds, but not against flaming.
    let troll = Defender {
        regeneration: true,
        ..defender(3, 3, None)
    };
    assert_close(unsaved(&close(&striker(3, 3, &[]), &troll)), 0.125);
    assert_close(
        unsaved(&close(&striker(3, 3, &[SpecialRule::Flaming]), &troll)),
        0.25,
    );
    // Regeneration does not stop a killing blow.
    let kb = chain_odds(&close(&striker(3, 3, &[SpecialRule::KillingBlow]), &troll));
    assert_close(kb.p_unsaved, 0.5 * (1.0 / 6.0 + 2.0 / 6.0 * 0.5));
}

#[test]
fn ward_or_regeneration_not_both() {
    // [ruling] a model takes its ward or its regeneration: the better one.
    let both = Defender {
        ward: Some(5),
        regeneration: true,
        ..defender(3, 3, None)
    };
    assert_close(unsaved(&close(&striker(3, 3, &[]), &both)), 0.25 * 0.5);
    let good_ward = Defender {
        ward: Some(3),
        ..both
    };
    assert_close(
        unsaved(&close(&striker(3, 3, &[]), &good_ward)),
        0.25 * 2.0 / 6.0,
    );
}

#[test]
fn one_plus_saves_and_extremes() {
    // Heavy armour, shield, mount, barding: a knight's 2+; 3+ against S4.
    let knight = Defender {
        troop: TroopType::Cavalry,
        save: gear(BodyArmour::Heavy, true, true),
        ..defender(3, 3, None)
    };
    assert_eq!(knight.armour_save(true), Some(2));
    let parry_knight = Defender {
        weapon: Weapon::HandWeaponAndShield,
        ..knight
    };
    // Mounted: no parry.
    assert_eq!(parry_knight.armour_save(true), Some(2));
    assert_close(
        unsaved(&close(&striker(3, 4, &[]), &knight)),
        0.5 * 4.0 / 6.0 * 2.0 / 6.0,
    );
    // A 1+ save: a 1 always fails, so 2+ against S3 and S4, 3+ against S5.
    let one_plus = defender(3, 3, Some(1));
    assert_close(unsaved(&close(&striker(3, 3, &[]), &one_plus)), 0.25 / 6.0);
    assert_close(
        unsaved(&close(&striker(3, 4, &[]), &one_plus)),
        0.5 * 4.0 / 6.0 / 6.0,
    );
    assert_close(
        unsaved(&close(&striker(3, 5, &[]), &one_plus)),
        0.5 * 5.0 / 6.0 * 2.0 / 6.0,
    );
    // S10 against T1: 2+ to wound; impossible wounds: S1 against T5.
    assert_close(
        chain_odds(&close(&striker(3, 10, &[]), &defender(3, 1, None))).p_wound,
        0.5 * 5.0 / 6.0,
    );
    assert_eq!(
        unsaved(&close(&striker(3, 1, &[]), &defender(3, 5, None))),
        0.0
    );
}

#[test]
fn weapons_in_close_combat() {
    // RULES.md Weapons. Great weapon +2 S: S3 -> S5 against T3 (2+).
    let gw = Striker {
        weapon: Weapon::GreatWeapon,
        ..striker(3, 3, &[])
    };
    assert_close(
        chain_odds(&close(&gw, &defender(3, 3, None))).p_wound,
        0.5 * 5.0 / 6.0,
    );
    // Flail +2 S in the first round only.
    let flail = Striker {
        weapon: Weapon::Flail,
        ..striker(3, 3, &[])
    };
    assert_eq!(flail.strength(ROUND_1), 5);
    assert_eq!(flail.strength(ROUND_2), 3);
    // Lance +2 S on the charge, mounted.
    let lance = Striker {
        weapon: Weapon::Lance,
        troop: TroopType::Cavalry,
        ..striker(4, 3, &[])
    };
    assert_eq!(lance.strength(CHARGE), 5);
    assert_eq!(lance.strength(ROUND_1), 3);
    // Parry: hand weapon and shield on foot adds +1 on top of the shield.
    let parrying = Defender {
        weapon: Weapon::HandWeaponAndShield,
        save: gear(BodyArmour::Light, false, false),
        ..defender(3, 3, None)
    };
    assert_eq!(parrying.armour_save(true), Some(4));
    assert_eq!(parrying.armour_save(false), Some(5));
    // A halberdier's shield counts against shooting only.
    let halberdier = Defender {
        weapon: Weapon::Halberd,
        save: gear(BodyArmour::Light, true, false),
        ..defender(3, 3, None)
    };
    assert_eq!(halberdier.armour_save(true), Some(6));
    assert_eq!(halberdier.armour_save(false), Some(5));
}

#[test]
fn shooting_chain() {
    // RULES.md Shooting: BS3 4+; long range, moved, soft cover: 7+, a 6 then 4+.
    let archer = striker(3, 3, &[]);
    let target = defender(3, 3, None);
    let plain = chain_odds(&archer.shooting(&target, &ShootingModifiers::default()));
    assert_close(plain.p_hit, 0.5);
    let hard = ShootingModifiers {
        long_range: true,
        moved: true,
        cover: mathhammer::rules::to_hit::Cover::Soft,
        ..Default::default()
    };
    assert_close(
        chain_odds(&archer.shooting(&target, &hard)).p_hit,
        1.0 / 12.0,
    );
    // Beyond 9+: impossible.
    let hopeless = ShootingModifiers {
        long_range: true,
        moved: true,
        cover: mathhammer::rules::to_hit::Cover::Hard,
        skirmishers: true,
        ..Default::default()
    };
    let bs1 = Striker { bs: 1, ..archer };
    assert_eq!(chain_odds(&bs1.shooting(&target, &hopeless)).p_hit, 0.0);
    // A large target is easier: BS3 at +1 is 3+.
    let large = ShootingModifiers {
        large_target: true,
        ..Default::default()
    };
    assert_close(
        chain_odds(&archer.shooting(&target, &large)).p_hit,
        4.0 / 6.0,
    );
}

#[test]
fn impact_hits_hit_automatically_and_count_parry() {
    // RULES.md Special attacks: impact hits at the chariot's S; parry applies.
    let parrying = Defender {
        weapon: Weapon::HandWeaponAndShield,
        save: gear(BodyArmour::Light, false, false),
        ..defender(3, 3, None)
    };
    // S5 vs T3: 2+; 4+ save (light, shield, parry) at S5: 6+.
    let odds = chain_odds(&impact_hit(5, &parrying));
    assert_close(odds.p_hit, 1.0);
    assert_close(odds.p_unsaved, 5.0 / 6.0 * 5.0 / 6.0);
}

#[test]
fn wounds_become_casualties() {
    // Ogres (W3): a stream of single unsaved wounds fills one model then the
    // next; 4 attacks that always wound: one dead, one with a wound, 4 for
    // combat resolution.
    let always = [(Damage::Wounds(1), 1.0)];
    let c = CasualtyPmf::start(3, Some(5), 0).after(&always, &Pmf::point(4));
    assert_close(c.kills().p_eq(1), 1.0);
    assert_close(c.damage().p_eq(1), 1.0);
    assert_close(c.combat_result_wounds().p_eq(4), 1.0);
    // A unit of 2 cannot lose more than 2 models or 6 wounds.
    let wiped = CasualtyPmf::start(3, Some(2), 0).after(&always, &Pmf::point(10));
    assert_close(wiped.kills().p_eq(2), 1.0);
    assert_close(wiped.combat_result_wounds().p_eq(6), 1.0);
}
