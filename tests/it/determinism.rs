//! Reproducibility: the same seed gives bit-identical numbers on 1 or 2
//! threads (and with --precision), a different seed gives different ones.

use crate::common::*;
use mathhammer::app::render;
use mathhammer::query::charge::Charge;
use mathhammer::query::leadership::Leadership;
use mathhammer::query::{Method, Settings};
use mathhammer::report::{Engine, Format, Report};
use mathhammer::sim::stream::CHUNK_TRIALS;

fn on_threads(threads: usize, work: impl FnOnce() -> Report + Send) -> String {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    render(&pool.install(work), Format::Json)
}

/// Trial counts that end inside a chunk, and several chunks.
const TRIALS: u64 = 5 * CHUNK_TRIALS + 12_345;

#[test]
fn same_seed_same_numbers_on_one_or_two_threads() {
    let mut r = rng(21);
    for case in 0..5 {
        let charge = Charge {
            reach_table: true,
            ..random_charge(&mut r)
        };
        let flee = random_flee(&mut r);
        let ld = Leadership {
            test: random_leadership(&mut r),
        };
        let attacks = random_attacks(&mut r);
        for method in [Method::MonteCarlo, Method::Dice] {
            let s = settings(method, TRIALS, 77 + case);
            assert_eq!(
                on_threads(1, || charge.report(&s)),
                on_threads(2, || charge.report(&s))
            );
            assert_eq!(
                on_threads(1, || flee.report(&s)),
                on_threads(2, || flee.report(&s))
            );
            assert_eq!(
                on_threads(1, || ld.report(&s)),
                on_threads(2, || ld.report(&s))
            );
            let few = settings(method, 3 * CHUNK_TRIALS + 7, 91 + case);
            assert_eq!(
                on_threads(1, || attacks.report(&few)),
                on_threads(2, || attacks.report(&few))
            );
        }
    }
}

#[test]
fn different_seeds_differ() {
    let flee = mathhammer::query::flee::Flee {
        pursuer: None,
        ..random_flee(&mut rng(4))
    };
    let a = flee.report(&settings(Method::MonteCarlo, TRIALS, 1));
    let b = flee.report(&settings(Method::MonteCarlo, TRIALS, 2));
    assert_ne!(
        estimate(&a, Engine::MonteCarlo, "mean"),
        estimate(&b, Engine::MonteCarlo, "mean")
    );
}

#[test]
fn precision_mode_meets_its_target_and_is_reproducible() {
    let ld = Leadership {
        test: mathhammer::rules::LeadershipTest::new(7),
    };
    let mut s: Settings = settings(Method::MonteCarlo, 10_000, 9);
    s.sampling.precision = Some(0.001);
    s.sampling.max_trials = 100_000_000;
    let report = ld.report(&s);
    let e = estimate(&report, Engine::MonteCarlo, "p_pass");
    assert!(e.half_width() <= 0.001, "{e:?}");
    assert_eq!(e.trials % CHUNK_TRIALS, 0);
    // About z² p (1 - p) / 0.001² = 935k trials are needed; doubling from
    // one chunk stops at the first power-of-two count of chunks above that.
    assert!(
        e.trials >= 935_000 && e.trials < 2 * 935_000 + CHUNK_TRIALS,
        "{}",
        e.trials
    );
    assert_eq!(
        on_threads(1, || ld.report(&s)),
        on_threads(2, || ld.report(&s))
    );
    // The cap wins over the target.
    s.sampling.max_trials = 3 * CHUNK_TRIALS;
    let capped = estimate(&ld.report(&s), Engine::MonteCarlo, "p_pass");
    assert_eq!(capped.trials, 3 * CHUNK_TRIALS);
    assert!(capped.half_width() > 0.001);
}

#[test]
fn exact_fights_are_bit_identical_run_after_run_and_on_any_thread_count() {
    // The exact engine sums each record's paths in enumeration order: a
    // hash map's order (new each time) once moved the 15th digit.
    use mathhammer::scenario::combat::load_combat;
    let q = load_combat(
        std::path::Path::new("scenarios/big_boss_leads_boyz.toml"),
        &[],
    )
    .unwrap();
    let s = settings(Method::Exact, 1, 1);
    let first = on_threads(1, || q.report(&s));
    for threads in [1, 2, 1, 2] {
        assert_eq!(first, on_threads(threads, || q.report(&s)));
    }
}
