//! Hand-checked exact values, each from the rules' own examples or counted by
//! brute force independently of the engine's convolutions.

use crate::common::*;
use mathhammer::dice::for_each_outcome;
use mathhammer::exact::Pmf;
use mathhammer::query::charge::{Charge, Reaction};
use mathhammer::query::flee::{Flee, Mover};
use mathhammer::query::leadership::Leadership;
use mathhammer::query::Method;
use mathhammer::rules::{Edition, LeadershipTest};

/// Outcomes of `n` D6 whose faces satisfy `event`, counted one by one.
fn count(n: u32, event: impl Fn(&[u8]) -> bool) -> f64 {
    let mut hits = 0u64;
    for_each_outcome(n, |_, faces| hits += u64::from(event(faces)));
    hits as f64
}

fn sum(faces: &[u8]) -> i64 {
    faces.iter().map(|&f| i64::from(f)).sum()
}

#[test]
fn five_d6_mean_and_tail() {
    let flee = Flee {
        edition: Edition::Metric,
        fleeing: Mover {
            movement: 10.0,
            flies: false,
        },
        pursuer: None,
    };
    let pmf = flee.exact().pmf;
    assert!((pmf.mean() - 17.5).abs() < 1e-12);
    assert!((pmf.p_ge(25) - 252.0 / 7776.0).abs() < 1e-15);
    assert!((pmf.p_ge(25) - count(5, |f| sum(f) >= 25) / 7776.0).abs() < 1e-15);
}

#[test]
fn boar_boyz_catch_fleeing_spearmen() {
    // Seed 000: range 36 cm; caught when distance + 5D6 <= 36.
    for distance in [0.0, 6.0, 13.0, 20.0, 23.0, 31.0, 32.0] {
        let odds = boar_boyz(distance).exact();
        let by_hand = count(5, |f| distance + sum(f) as f64 <= 36.0) / 7776.0;
        assert!((odds.p_caught - by_hand).abs() < 1e-14, "at {distance}");
        assert!((odds.p_contact - odds.p_caught).abs() < 1e-15);
        assert!((odds.p_fail - (1.0 - by_hand)).abs() < 1e-14);
    }
    // From 20 cm: 5D6 <= 16, 3,108 of 7,776.
    assert!((boar_boyz(20.0).exact().p_caught - 3108.0 / 7776.0).abs() < 1e-14);
    // The seed's roll of 13 is caught from 23 cm (and 5D6 >= 5 always from 31).
    assert!(boar_boyz(31.0).exact().p_caught > 0.0);
    assert_eq!(boar_boyz(32.0).exact().p_caught, 0.0);
}

#[test]
fn holding_target_is_reached_within_range() {
    let hold = |distance, barding, difficult_terrain, wheel| Charge {
        barding,
        difficult_terrain,
        wheel,
        reaction: Reaction::Hold,
        ..boar_boyz(distance)
    };
    assert_eq!(hold(36.0, false, false, 0.0).exact().p_contact, 1.0);
    assert_eq!(hold(36.5, false, false, 0.0).exact().p_contact, 0.0);
    // Barding: M16, range 32.
    assert_eq!(hold(32.0, true, false, 0.0).exact().p_contact, 1.0);
    assert_eq!(hold(33.0, true, false, 0.0).exact().p_contact, 0.0);
    // Difficult terrain: range M = 18; a 5 cm wheel leaves 13.
    assert_eq!(hold(18.0, false, true, 0.0).exact().p_contact, 1.0);
    assert_eq!(hold(14.0, false, true, 5.0).exact().p_contact, 0.0);
    assert_eq!(hold(20.0, false, false, 5.0).exact().p_caught, 0.0);
}

#[test]
fn imperial_edition_uses_2d6_and_3d6() {
    // M7" charges 14"; a target M4" 10" away flees 2D6": caught on 2D6 <= 4.
    let charge = Charge {
        edition: Edition::Imperial,
        charger_move: 7.0,
        distance: 10.0,
        reaction: Reaction::Flee {
            target_move: 4.0,
            target_flies: false,
        },
        ..boar_boyz(0.0)
    };
    assert!((charge.exact().p_caught - 6.0 / 36.0).abs() < 1e-15);
    // A fast target (M8") flees 3D6": caught on 3D6 <= 4, 4 of 216.
    let fast = Charge {
        reaction: Reaction::Flee {
            target_move: 8.0,
            target_flies: false,
        },
        ..charge
    };
    assert!((fast.exact().p_caught - 4.0 / 216.0).abs() < 1e-15);
}

#[test]
fn flier_flees_8d6() {
    let charge = Charge {
        distance: 0.0,
        reaction: Reaction::Flee {
            target_move: 10.0,
            target_flies: true,
        },
        ..boar_boyz(0.0)
    };
    // 8D6 <= 36.
    assert!((charge.exact().p_caught - Pmf::nd6(8).p_le(36)).abs() < 1e-15);
    let report = charge.report(&settings(Method::Exact, 1, 0));
    assert_eq!(report.fact("flee_dice").unwrap().to_string(), "8D6");
}

#[test]
fn confident_distance_for_the_boar_boyz() {
    let charge = Charge {
        confidence: Some(0.9),
        ..boar_boyz(20.0)
    };
    let report = charge.report(&settings(Method::Exact, 1, 0));
    let d = exact(&report, "confident_distance");
    // Brute force: the farthest whole distance with P(5D6 <= 36 - d) >= 0.9.
    let by_hand = (1..=36)
        .rev()
        .find(|&d| count(5, |f| sum(f) <= 36 - d) / 7776.0 >= 0.9)
        .unwrap();
    assert_eq!(d, by_hand as f64);
    assert_eq!(d, 14.0);
}

#[test]
fn pursuit_of_equal_dice() {
    // Equal dice: P(pursuit >= flee) = (1 + P(tie)) / 2.
    let flee = Flee {
        edition: Edition::Metric,
        fleeing: Mover {
            movement: 10.0,
            flies: false,
        },
        pursuer: Some(Mover {
            movement: 10.0,
            flies: false,
        }),
    };
    let five = Pmf::nd6(5);
    let tie: f64 = five.iter().map(|(_, p)| p * p).sum();
    assert!((flee.exact().p_caught.unwrap() - (1.0 + tie) / 2.0).abs() < 1e-14);
    // Cavalry (8D6) pursuing infantry (5D6), counted over all 6^13 pairs via
    // the two totals' counts.
    let fast = Flee {
        pursuer: Some(Mover {
            movement: 18.0,
            flies: false,
        }),
        ..flee
    };
    let eight = Pmf::nd6(8);
    let by_pairs: f64 = five.iter().map(|(f, pf)| pf * eight.p_ge(f)).sum();
    assert!((fast.exact().p_caught.unwrap() - by_pairs).abs() < 1e-14);
}

#[test]
fn leadership_by_hand() {
    let p = |test: LeadershipTest| Leadership { test }.exact();
    let ld = LeadershipTest::new;
    assert!((p(ld(7)) - 21.0 / 36.0).abs() < 1e-15);
    let minus2 = LeadershipTest {
        modifier: 2,
        ..ld(7)
    };
    assert!((p(minus2) - 10.0 / 36.0).abs() < 1e-15);
    // Battle standard: p + (1 - p) p.
    let once = 10.0 / 36.0;
    assert!(
        (p(LeadershipTest {
            reroll: true,
            ..minus2
        }) - (once + (1.0 - once) * once))
            .abs()
            < 1e-15
    );
    // Stubborn ignores the modifier.
    assert!(
        (p(LeadershipTest {
            stubborn: true,
            ..minus2
        }) - 21.0 / 36.0)
            .abs()
            < 1e-15
    );
    // Insane courage: only a double 1 passes against Ld 7 - 10.
    let hopeless = LeadershipTest {
        modifier: 10,
        ..ld(7)
    };
    assert_eq!(p(hopeless), 0.0);
    assert!(
        (p(LeadershipTest {
            insane_courage: true,
            ..hopeless
        }) - 1.0 / 36.0)
            .abs()
            < 1e-15
    );
    // Cold-blooded Ld 7: the two lowest of 3D6 at most 7, counted by hand.
    let by_hand = count(3, |f| sum(f) - i64::from(*f.iter().max().unwrap()) <= 7) / 216.0;
    assert!(
        (p(LeadershipTest {
            cold_blooded: true,
            ..ld(7)
        }) - by_hand)
            .abs()
            < 1e-15
    );
    // Ld 10 passes on anything but 11 and 12.
    assert!((p(ld(10)) - 33.0 / 36.0).abs() < 1e-15);
}
