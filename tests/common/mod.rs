//! Helpers shared by the integration tests: settings, the 4-sigma check and
//! seeded generators of random scenarios.
#![allow(dead_code)]

use mathhammer::query::charge::{Charge, Reaction};
use mathhammer::query::flee::{Flee, Mover};
use mathhammer::query::{Method, Settings};
use mathhammer::report::{Engine, Report};
use mathhammer::rules::{Edition, LeadershipTest};
use mathhammer::sim::{Estimate, Sampling};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

pub fn settings(method: Method, trials: u64, seed: u64) -> Settings {
    Settings {
        method,
        sampling: Sampling {
            trials,
            seed,
            precision: None,
            max_trials: trials,
        },
    }
}

/// Whether a Monte Carlo proportion lies within 4 standard errors of the exact
/// probability `p` (with p = 0 or 1 the estimate must equal it).
pub fn within_4_sigma(p: f64, e: &Estimate) -> bool {
    let sigma = (p * (1.0 - p) / e.trials as f64).sqrt();
    (e.estimate - p).abs() <= 4.0 * sigma + 1e-12
}

/// Whether a Monte Carlo mean lies within 4 standard errors of the exact mean
/// of a variable with standard deviation `sd`.
pub fn mean_within_4_sigma(mean: f64, sd: f64, e: &Estimate) -> bool {
    (e.estimate - mean).abs() <= 4.0 * sd / (e.trials as f64).sqrt() + 1e-12
}

/// The exact value of field `key`.
pub fn exact(report: &Report, key: &str) -> f64 {
    report
        .outcome(Engine::Exact)
        .and_then(|o| o.field(key))
        .and_then(|v| v.exact())
        .unwrap_or_else(|| panic!("no exact {key}"))
}

/// The estimate of field `key` by `engine`.
pub fn estimate(report: &Report, engine: Engine, key: &str) -> Estimate {
    report
        .outcome(engine)
        .and_then(|o| o.field(key))
        .and_then(|v| v.estimate())
        .unwrap_or_else(|| panic!("no {key} from {engine:?}"))
}

pub fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

fn edition(r: &mut impl Rng) -> Edition {
    if r.random_bool(0.5) {
        Edition::Metric
    } else {
        Edition::Imperial
    }
}

/// A whole or half unit of distance in `lo..=hi`.
fn distance(r: &mut impl Rng, lo: f64, hi: f64) -> f64 {
    (r.random_range(lo * 2.0..=hi * 2.0)).round() / 2.0
}

/// A random valid charge: any edition, move, barding, terrain, wheel and
/// reaction, at a distance around the range.
pub fn random_charge(r: &mut impl Rng) -> Charge {
    let edition = edition(r);
    let scale = if edition == Edition::Metric { 2.5 } else { 1.0 };
    let charger_move = distance(r, 2.0 * scale, 10.0 * scale);
    let barding = charger_move > 1.5 * scale && r.random_bool(0.3);
    let mut charge = Charge {
        edition,
        charger_move,
        barding,
        difficult_terrain: r.random_bool(0.2),
        wheel: 0.0,
        distance: 0.0,
        reaction: if r.random_bool(0.75) {
            Reaction::Flee {
                target_move: distance(r, 2.0 * scale, 10.0 * scale),
                target_flies: r.random_bool(0.2),
            }
        } else {
            Reaction::Hold
        },
        confidence: None,
        reach_table: false,
    };
    let full = charge.charge_range();
    charge.wheel = if r.random_bool(0.3) {
        distance(r, 0.0, full / 3.0)
    } else {
        0.0
    };
    charge.distance = distance(r, 0.0, charge.charge_range());
    charge.validate().expect("generated charges are valid");
    charge
}

/// A random flee, with a pursuer half the time.
pub fn random_flee(r: &mut impl Rng) -> Flee {
    let edition = edition(r);
    let scale = if edition == Edition::Metric { 2.5 } else { 1.0 };
    let mover = |r: &mut dyn rand::RngCore| Mover {
        movement: (r.random_range(4.0 * scale..=10.0 * scale) * 2.0_f64).round() / 2.0,
        flies: r.random_bool(0.2),
    };
    let fleeing = mover(r);
    let pursuer = if r.random_bool(0.5) {
        Some(mover(r))
    } else {
        None
    };
    let flee = Flee {
        edition,
        fleeing,
        pursuer,
    };
    flee.validate().expect("generated flees are valid");
    flee
}

/// A random leadership test with every option.
pub fn random_leadership(r: &mut impl Rng) -> LeadershipTest {
    LeadershipTest {
        ld: r.random_range(2..=10),
        modifier: r.random_range(-3..=6),
        stubborn: r.random_bool(0.2),
        insane_courage: r.random_bool(0.3),
        cold_blooded: r.random_bool(0.3),
        reroll: r.random_bool(0.4),
    }
}
