//! Combat's fast Monte Carlo drawing whole rounds from the exact chain
//! (`--sampler`): when auto chooses it, that it is the same fight as the
//! exact engine's, reproducible on any thread count, and refused or noted
//! where it cannot apply. Its agreement with the exact engine over random
//! fights is in `tests/agreement.rs`.

use crate::common::run::{error, json, mathhammer};
use crate::common::*;
use mathhammer::combat::rounds::WholeRounds;
use mathhammer::dice::{DiceSource, TableDice};
use mathhammer::query::{Method, Sampler, Settings};
use mathhammer::report::{Engine, Format};
use mathhammer::scenario::combat::load_combat;
use mathhammer::sim::stream::chunk_rng;
use std::path::Path;

const FLAGSHIP: &str = "scenarios/boar_boyz_charge_spearmen.toml";

fn sampler_of(args: &[&str]) -> String {
    let v = json(args);
    v["sampler"].as_str().unwrap_or_default().to_string()
}

#[test]
fn auto_draws_whole_rounds_where_the_chain_pays_for_itself() {
    // 1 M fights: the flagship's chain (about 35 M of work) fits 350 a fight.
    let mc = ["combat", FLAGSHIP, "--method", "monte-carlo"];
    let whole = sampler_of(&mc);
    assert_eq!(whole, "whole rounds from the exact chain (222 states)");
    // 4,000 fights: building the chain would cost more than they do.
    let few = sampler_of(&[&mc[..], &["--trials", "4000"]].concat());
    assert_eq!(few, "strike steps");
    // Asked for, either way.
    let steps = sampler_of(&[&mc[..], &["--sampler", "steps"]].concat());
    assert_eq!(steps, "strike steps");
    let forced = [&mc[..], &["--trials", "4000", "--sampler", "whole-rounds"]].concat();
    assert_eq!(sampler_of(&forced), whole);
    // The dice engine rolls every die whatever --sampler says.
    let dice = json(&["combat", FLAGSHIP, "--method", "dice", "--trials", "2000"]);
    assert!(dice.get("sampler").is_none(), "{dice}");
}

#[test]
fn whole_rounds_agree_with_the_exact_fight_and_every_fight_ends_once() {
    let q = load_combat(Path::new(FLAGSHIP), &[]).unwrap();
    let sampler = WholeRounds::new(&q.combat, 1_000_000_000).unwrap();
    let mut dice = TableDice::from_rng(chunk_rng(5, 0));
    let mut counts = sampler.counts();
    let fights = 200_000;
    for _ in 0..fights {
        sampler.fight(&mut dice, &mut counts);
    }
    let (mut ended, mut rounds) = (0, 0);
    sampler.each(&counts, |t, n| match t {
        mathhammer::combat::chain::Tallied::End { .. } => ended += n,
        mathhammer::combat::chain::Tallied::Round(..) => rounds += n,
    });
    assert_eq!(ended, fights);
    // The flagship's exact mean is 1.4454 rounds a fight.
    let mean = rounds as f64 / fights as f64;
    assert!((mean - 1.4454).abs() < 0.01, "{mean}");
    // Every figure against the exact engine, through the report.
    let exact = q.report(&settings(Method::Exact, 1, 0));
    let drawn = q.report(&Settings {
        sampler: Sampler::WholeRounds,
        ..settings(Method::MonteCarlo, 100_000, 9)
    });
    let exact = exact.outcome(Engine::Exact).unwrap();
    let drawn = drawn.outcome(Engine::MonteCarlo).unwrap();
    let mut compared = 0;
    for f in &exact.fields {
        let Some(mathhammer::report::Value::Prob(p)) = exact.field(&f.key) else {
            continue;
        };
        let e = drawn.field(&f.key).and_then(|v| v.estimate()).unwrap();
        assert!(within_4_sigma(*p, &e), "{}: {p} vs {e:?}", f.key);
        compared += 1;
    }
    assert!(compared >= 15, "{compared}");
}

#[test]
fn whole_rounds_give_the_same_numbers_on_one_or_two_threads() {
    let q = load_combat(Path::new(FLAGSHIP), &[]).unwrap();
    let s = Settings {
        sampler: Sampler::WholeRounds,
        ..settings(Method::MonteCarlo, 300_001, 4)
    };
    let on = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        mathhammer::app::render(&pool.install(|| q.report(&s)), Format::Json)
    };
    assert_eq!(on(1), on(2));
}

#[test]
fn whole_rounds_past_the_chain_budget_are_refused_in_one_line() {
    // 60 halberdiers and 80 orcs fighting, knights in their flank: past the
    // exact engine's budget at round 9, so whole rounds cannot be drawn.
    let e = error(&[
        "combat",
        "scenarios/knights_hit_the_flank_of_engaged_orcs.toml",
        "--set",
        "attacker.models=60",
        "--set",
        "defender.models=80",
        "--method",
        "monte-carlo",
        "--sampler",
        "whole-rounds",
    ]);
    assert!(
        e.starts_with("error: --method monte-carlo: --sampler whole-rounds needs the exact chain")
            && e.contains("--sampler steps"),
        "{e}"
    );
}

#[test]
fn sampler_says_when_it_does_nothing() {
    for (args, says) in [
        (
            vec![
                "combat",
                FLAGSHIP,
                "--method",
                "exact",
                "--sampler",
                "steps",
            ],
            "note: --sampler does nothing with --method exact",
        ),
        (
            vec!["flee", "--move", "10", "--sampler", "whole-rounds"],
            "note: --sampler does nothing for flee",
        ),
    ] {
        let out = mathhammer().args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        assert!(stderr.starts_with(says), "{args:?}: {stderr}");
    }
    let e = error(&["combat", FLAGSHIP, "--sampler", "rounds"]);
    assert!(e.contains("--sampler") && e.contains("whole-rounds"), "{e}");
}
