//! Panic from shooting (RULES.md Panic; seed 003): `shoot` with
//! `--target-models` reports P(the target tests: 25% lost and it stands),
//! P(it flees), and with `--friend-ld` P(a friend within 10 cm tests and
//! flees, the target destroyed). Hand-computed cases, the seed's own
//! example, exact against both Monte Carlo engines, and bad input.

use crate::common::p_fail;
use crate::common::run::{error, json};
use rand::{Rng, SeedableRng};
use serde_json::Value;

/// The JSON of a `mathhammer` command line written as one string.
fn shoot(args: &str) -> Value {
    json(&args.split_whitespace().collect::<Vec<_>>())
}

/// P(k of n) for a binomial with success `p`.
fn binomial(n: u32, k: u32, p: f64) -> f64 {
    let choose = (0..k).fold(1.0, |c, i| c * f64::from(n - i) / f64::from(i + 1));
    choose * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32)
}

#[test]
fn seed_003s_twelve_models_test_on_three_casualties() {
    // 10 shots, BS3 (4+) and S3 against T3 (4+), no save: each slays 1/4.
    // Seed 003: 12 models at the start of the phase test on 3 or more.
    let r = shoot("shoot --models 10 --bs 3 --s 3 --target-t 3 --target-models 12 --target-ld 7");
    let tests: f64 = (3..=10).map(|k| binomial(10, k, 0.25)).sum();
    assert_eq!(r["panic_casualties"], 3.0);
    assert!(
        (r["p_panic_test"].as_f64().unwrap() - tests).abs() < 1e-12,
        "{r}"
    );
    let flees = tests * p_fail(7);
    assert!(
        (r["p_flees"].as_f64().unwrap() - flees).abs() < 1e-12,
        "{r}"
    );
}

#[test]
fn a_destroyed_unit_tests_no_more_but_panics_its_friends() {
    // Four models test on one casualty (seed 003's four ogres); slain to
    // the last they are gone, and a friend within 10 cm tests instead.
    let r = shoot(
        "shoot --models 4 --bs 3 --s 3 --target-t 3 --target-models 4 --target-ld 8 --friend-ld 6",
    );
    let destroyed = binomial(4, 4, 0.25);
    let tests = 1.0 - binomial(4, 0, 0.25) - destroyed;
    assert!(
        (r["p_panic_test"].as_f64().unwrap() - tests).abs() < 1e-12,
        "{r}"
    );
    assert!((r["p_friend_tests"].as_f64().unwrap() - destroyed).abs() < 1e-12);
    let friend_flees = destroyed * p_fail(6);
    assert!((r["p_friend_flees"].as_f64().unwrap() - friend_flees).abs() < 1e-12);
}

#[test]
fn a_lone_hero_of_fewer_than_five_wounds_panics_nobody() {
    let hero = |w: &str| {
        shoot(&format!(
            "shoot --models 10 --bs 4 --s 6 --target-t 4 --target-w {w} --target-models 1 --friend-ld 7"
        ))
    };
    let (small, large) = (hero("3"), hero("5"));
    assert_eq!(small["p_friend_tests"], 0.0, "{small}");
    assert!(large["p_friend_tests"].as_f64().unwrap() > 0.1, "{large}");
    assert_eq!(large["p_friend_tests"], large["p_destroyed"]);
    // A unit of one model is never left standing to test.
    assert_eq!(large["p_panic_test"], 0.0);
}

#[test]
fn exact_panic_figures_agree_with_both_monte_carlo_engines() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
    for _ in 0..12 {
        let n = |lo: u32, hi: u32, rng: &mut rand_xoshiro::Xoshiro256PlusPlus| {
            rng.random_range(lo..=hi).to_string()
        };
        let (models, bs, s, t) = (
            n(1, 20, &mut rng),
            n(1, 5, &mut rng),
            n(2, 6, &mut rng),
            n(2, 6, &mut rng),
        );
        let (w, target, ld, friend) = (
            n(1, 3, &mut rng),
            n(1, 15, &mut rng),
            n(2, 10, &mut rng),
            n(2, 10, &mut rng),
        );
        let args = [
            "shoot",
            "--models",
            &models,
            "--bs",
            &bs,
            "--s",
            &s,
            "--target-t",
            &t,
            "--target-w",
            &w,
            "--target-models",
            &target,
            "--target-ld",
            &ld,
            "--friend-ld",
            &friend,
            "--method",
            "all",
            "--trials",
            "40000",
            "--seed",
            "11",
        ];
        let r = json(&args);
        for key in [
            "p_panic_test",
            "p_flees",
            "p_friend_tests",
            "p_friend_flees",
        ] {
            let p = r["exact"][key].as_f64().unwrap();
            for engine in ["monte_carlo", "dice"] {
                let e: &Value = &r[engine][key];
                let (x, trials) = (
                    e["estimate"].as_f64().unwrap(),
                    e["trials"].as_f64().unwrap(),
                );
                // The Ld test's factor is exact: sigma of the scaled share.
                let k = match key {
                    "p_flees" => p_fail(ld.parse().unwrap()),
                    "p_friend_flees" => p_fail(friend.parse().unwrap()),
                    _ => 1.0,
                };
                let q = if k > 0.0 { p / k } else { 0.0 };
                let sigma = k * (q * (1.0 - q) / trials).sqrt();
                assert!(
                    (x - p).abs() <= 4.0 * sigma + 1e-12,
                    "{key} {engine} {args:?}: {x} vs {p}"
                );
            }
        }
    }
}

#[test]
fn panic_flags_need_the_models_at_the_start_of_the_phase() {
    let base = "shoot --models 10 --bs 3 --s 3 --target-t 3";
    let with =
        |more: &[&'static str]| [&base.split_whitespace().collect::<Vec<_>>()[..], more].concat();
    let e = error(&with(&["--target-ld", "7"]));
    assert!(e.contains("--target-ld: needs --target-models"), "{e}");
    let e = error(&with(&["--friend-ld", "7"]));
    assert!(e.contains("--friend-ld: needs --target-models"), "{e}");
    let e = error(&with(&["--target-models", "10", "--target-ld", "11"]));
    assert!(e.contains("11 is out of range (accepted: 2 to 10)"), "{e}");
    let e = error(&with(&["--target-models", "10", "--friend-ld", "1"]));
    assert!(
        e.contains("--friend-ld") && e.contains("accepted: 2 to 10"),
        "{e}"
    );
}
