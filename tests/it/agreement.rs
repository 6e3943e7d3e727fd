//! The three evaluators agree: over many randomly generated scenarios (fixed
//! seeds), the fast Monte Carlo and the dice-level engines land within 4
//! standard errors of the exact engine on every headline figure.

use crate::common::agree::{fights_compared, Compared};
use crate::common::*;
use mathhammer::exact::Pmf;
use mathhammer::query::charge::Charge;
use mathhammer::query::leadership::Leadership;
use mathhammer::query::Method;
use mathhammer::report::Engine;
use rand::Rng;

const FAST_TRIALS: u64 = 400_000;
const DICE_TRIALS: u64 = 100_000;

fn engines() -> [(Engine, Method, u64); 2] {
    [
        (Engine::MonteCarlo, Method::MonteCarlo, FAST_TRIALS),
        (Engine::Dice, Method::Dice, DICE_TRIALS),
    ]
}

#[test]
fn charges_agree_with_exact() {
    let mut r = rng(11);
    for case in 0..80u64 {
        let charge = random_charge(&mut r);
        let exact_report = charge.report(&settings(Method::Exact, 1, 0));
        let p = exact(&exact_report, "p_contact");
        assert!((exact(&exact_report, "p_fail") - (1.0 - p)).abs() < 1e-12);
        for (engine, method, trials) in engines() {
            let report = charge.report(&settings(method, trials, 1000 + case));
            let e = estimate(&report, engine, "p_contact");
            assert!(
                within_4_sigma(p, &e),
                "case {case} {engine:?}: exact {p}, got {e:?} for {charge:?}"
            );
            let caught = estimate(&report, engine, "p_caught");
            let p_caught = exact(&exact_report, "p_caught");
            assert!(
                within_4_sigma(p_caught, &caught),
                "case {case} {engine:?} p_caught"
            );
        }
    }
}

#[test]
fn reach_tables_agree_with_exact() {
    let mut r = rng(12);
    for case in 0..6u64 {
        let charge = Charge {
            reach_table: true,
            ..random_charge(&mut r)
        };
        let exact_report = charge.report(&settings(Method::Exact, 1, 0));
        let exact_rows = &exact_report
            .outcome(Engine::Exact)
            .unwrap()
            .table("reach_table")
            .unwrap()
            .rows;
        for (engine, method, trials) in engines() {
            let report = charge.report(&settings(method, trials, 2000 + case));
            let rows = &report
                .outcome(engine)
                .unwrap()
                .table("reach_table")
                .unwrap()
                .rows;
            assert_eq!(rows.len(), exact_rows.len());
            for ((d, want), (_, got)) in exact_rows.iter().zip(rows) {
                let p = want[0].exact().unwrap();
                let e = got[0].estimate().unwrap();
                assert!(
                    within_4_sigma(p, &e),
                    "case {case} {engine:?} at {d}: {p} vs {e:?}"
                );
            }
        }
    }
}

#[test]
fn flees_agree_with_exact() {
    let mut r = rng(13);
    for case in 0..40u64 {
        let flee = random_flee(&mut r);
        let odds = flee.exact();
        let (mean, sd) = (odds.pmf.mean(), odds.pmf.sd());
        let median = (odds.pmf.min() + odds.pmf.max()) / 2;
        for (engine, method, trials) in engines() {
            let report = flee.report(&settings(method, trials, 3000 + case));
            let m = estimate(&report, engine, "mean");
            assert!(
                mean_within_4_sigma(mean, sd, &m),
                "case {case} {engine:?} mean {mean} vs {m:?}"
            );
            if let Some(p) = odds.p_caught {
                let e = estimate(&report, engine, "p_caught");
                assert!(
                    within_4_sigma(p, &e),
                    "case {case} {engine:?} caught {p} vs {e:?}"
                );
            }
            let rows = &report.outcome(engine).unwrap().table("pmf").unwrap().rows;
            let row = rows
                .iter()
                .find(|(d, _)| d.exact() == Some(median as f64))
                .unwrap();
            let e = row.1[1].estimate().unwrap();
            assert!(
                within_4_sigma(odds.pmf.p_ge(median), &e),
                "case {case} {engine:?} P(>= {median})"
            );
        }
    }
}

#[test]
fn leadership_tests_agree_with_exact() {
    let mut r = rng(14);
    for case in 0..80u64 {
        let q = Leadership {
            test: random_leadership(&mut r),
        };
        let p = q.exact();
        for (engine, method, trials) in engines() {
            let report = q.report(&settings(method, trials, 4000 + case));
            let e = estimate(&report, engine, "p_pass");
            assert!(
                within_4_sigma(p, &e),
                "case {case} {engine:?}: {p} vs {e:?} for {:?}",
                q.test
            );
        }
    }
}

/// The agreement check has teeth: an off-by-one rule (caught only if
/// `distance + roll < range`) is rejected by the same 4-sigma check.
#[test]
fn the_check_rejects_an_off_by_one_rule() {
    // Boar Boyz (M18) 20 cm from Spearmen (M10) who flee 5D6.
    let charge = boar_boyz(20.0);
    let report = charge.report(&settings(Method::MonteCarlo, FAST_TRIALS, 5));
    let e = estimate(&report, Engine::MonteCarlo, "p_contact");
    let right = Pmf::nd6(5).p_le(16);
    let off_by_one = Pmf::nd6(5).p_le(15);
    assert!(within_4_sigma(right, &e));
    assert!(!within_4_sigma(off_by_one, &e));
}

/// Attack chains: over random profile pairs with random rule sets, the fast
/// and dice-level engines agree with the exact engine on the mean wounds
/// and kills, on P(kills >= k) at the exact median, on P(unit destroyed),
/// and (dice-level, which rolls every step) on P(unsaved) per attack.
#[test]
fn attack_chains_agree_with_exact() {
    let mut r = rng(15);
    let mut checked = 0;
    for case in 0..60u64 {
        let q = random_attacks(&mut r);
        let odds = q.exact();
        let wounds = odds.casualties.combat_result_wounds();
        let kills = odds.casualties.kills();
        let median = (0..=kills.max()).find(|&k| kills.p_le(k) >= 0.5).unwrap();
        for (engine, method, trials) in [
            (Engine::MonteCarlo, Method::MonteCarlo, FAST_TRIALS),
            (Engine::Dice, Method::Dice, 40_000),
        ] {
            let report = q.report(&settings(method, trials, 5000 + case));
            let context = || format!("case {case} {engine:?}: {q:?}");
            let mw = estimate(&report, engine, "mean_wounds");
            assert!(
                mean_within_4_sigma(wounds.mean(), wounds.sd(), &mw),
                "mean wounds {} vs {mw:?}, {}",
                wounds.mean(),
                context()
            );
            let mk = estimate(&report, engine, "mean_kills");
            assert!(
                mean_within_4_sigma(kills.mean(), kills.sd(), &mk),
                "mean kills, {}",
                context()
            );
            let rows = &report
                .outcome(engine)
                .unwrap()
                .table("kills_pmf")
                .unwrap()
                .rows;
            let ge = rows[median as usize].1[1].estimate().unwrap();
            assert!(
                within_4_sigma(kills.p_ge(median), &ge),
                "P(kills >= {median}), {}",
                context()
            );
            if q.target_wounds > 1 {
                let rows = &report
                    .outcome(engine)
                    .unwrap()
                    .table("wounded_model_pmf")
                    .unwrap()
                    .rows;
                let e = rows[1].1[1].estimate().unwrap();
                let p = odds.casualties.damage().p_ge(1);
                assert!(
                    within_4_sigma(p, &e),
                    "P(a model left wounded), {}",
                    context()
                );
            }
            if let Some(m) = q.target_models {
                let e = estimate(&report, engine, "p_destroyed");
                assert!(
                    within_4_sigma(kills.p_eq(i64::from(m)), &e),
                    "p_destroyed, {}",
                    context()
                );
            }
            if engine == Engine::Dice {
                let main = q
                    .groups
                    .iter()
                    .position(|g| g.name != "impact hits")
                    .unwrap();
                let e = estimate(&report, engine, "p_unsaved");
                assert!(
                    within_4_sigma(odds.groups[main].p_unsaved, &e),
                    "p_unsaved, {}",
                    context()
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 120);
}

/// Whole fights: over random one-round fights, the fast and dice-level
/// engines agree with the exact engine on every probability it reports and
/// on the mean casualties, and on the panic of friends near the fight.
#[test]
fn fights_agree_with_exact() {
    let Compared {
        fights: compared,
        friends,
        ..
    } = fights_compared(16, 40, |r| random_fight(r, 0));
    assert!(compared >= 60 && friends >= 40, "{compared} {friends}");
}

/// Fights of three and four units (RULES.md Combat resolution by side; seed
/// 002 "varias unidades"): the same agreement.
#[test]
fn fights_of_several_units_agree_with_exact() {
    let (a, b) = (
        fights_compared(17, 30, |r| random_fight(r, 1)),
        fights_compared(18, 20, |r| random_fight(r, 2)),
    );
    let (three, f3, four, f4) = (a.fights, a.friends, b.fights, b.friends);
    assert!(
        three >= 40 && four >= 20,
        "only {three} and {four} comparisons"
    );
    assert!(f3 + f4 >= 40, "only {} friends' figures compared", f3 + f4);
}

/// Whole fights of two to four rounds (the exact chain of rounds, where it
/// fits its budget): every figure of both Monte Carlo engines within 4
/// sigma of the exact one, rounds two onwards included.
#[test]
fn whole_fights_agree_with_the_exact_chain() {
    let c = fights_compared(20, 60, |r| {
        let rounds = 2 + r.random_range(0..3);
        let extras = r.random_range(0..2);
        random_fight(r, extras).replace("rounds = 1\n", &format!("rounds = {rounds}\n"))
    });
    assert!(
        c.fights >= 80 && c.whole >= 40,
        "only {} comparisons, {} of whole fights of two rounds or more",
        c.fights,
        c.whole
    );
}

/// Fights with the General (RULES.md Break test; seed 004): random fights
/// of two or three rounds and three or four units, the General with the
/// attacker's main unit and his Ld lent to the others of his side and its
/// friends until his unit breaks, flees or falls.
#[test]
fn fights_with_a_general_agree_with_the_exact_chain() {
    let c = fights_compared(22, 30, |r| {
        let rounds = 2 + r.random_range(0..2);
        let extras = 1 + r.random_range(0..2);
        with_general(&random_fight(r, extras))
            .replace("rounds = 1\n", &format!("rounds = {rounds}\n"))
    });
    assert!(
        c.fights >= 40 && c.whole >= 20,
        "only {} comparisons, {} of whole fights of two rounds or more",
        c.fights,
        c.whole
    );
}

/// Random attacks (issue 46; RULES.md Special attacks and psychology):
/// random fights of one to three rounds whose attacker rolls its attacks
/// (D6, D6+1, D6+2, frenzied now and then, a champion's one more), their
/// characters and other units now and then too: every figure of both
/// step-by-step engines within 4 sigma of the exact chain.
#[test]
fn fights_with_random_attacks_agree_with_the_exact_chain() {
    let c = fights_compared(23, 40, |r| {
        let rounds = 1 + r.random_range(0..3);
        let extras = r.random_range(0..2);
        let fight =
            random_fight(r, extras).replace("rounds = 1\n", &format!("rounds = {rounds}\n"));
        with_attack_dice(&fight, "[attacker.profile]", random_attack_dice(r, 10))
    });
    assert!(
        c.fights >= 90 && c.whole >= 30,
        "only {} comparisons, {} of whole fights of two rounds or more",
        c.fights,
        c.whole
    );
}

/// Random moves (issue 46; RULES.md Charges): random fights whose
/// attacker charges as far as its dice roll (D6, 2D6, 3D6 inches), its
/// target holding, fleeing or standing and shooting when it starts more
/// than half that roll away: every figure of both step-by-step engines
/// within 4 sigma of the exact chain.
#[test]
fn fights_with_random_moves_agree_with_the_exact_chain() {
    let c = fights_compared(24, 40, |r| {
        let extras = r.random_range(0..2);
        let rounds = 1 + r.random_range(0..2);
        let fight = random_fight(r, extras)
            .replace("charger = \"none\"", "charger = \"attacker\"")
            .replace("rounds = 1\n", &format!("rounds = {rounds}\n"));
        let dice = ["D6", "2D6", "2D6", "3D6"][r.random_range(0..4)];
        let fight = with_profile_value(&fight, "[attacker.profile]", "m", &format!("\"{dice}\""));
        match r.random_bool(0.3) {
            true => fight
                .replace("reaction = \"hold\"", "reaction = \"stand-and-shoot\"")
                .replace(
                    "[defender]\n",
                    "[defender]\nmissile = { s = 4, shots = 2 }\n",
                ),
            false => fight,
        }
    });
    assert!(c.fights >= 60, "only {} comparisons", c.fights);
}

/// Redirected charges (RULES.md Charges; seed 000): random fights with a
/// unit the charge may turn on, its first target fleeing more often.
#[test]
fn redirected_charges_agree_with_exact() {
    let Compared {
        fights: compared,
        redirected,
        ..
    } = fights_compared(19, 100, random_redirect_fight);
    assert!(
        compared >= 120 && redirected >= 40,
        "only {compared} comparisons, {redirected} of p_redirected"
    );
}

#[test]
fn the_random_units_carry_issue_47s_last_rules_now_and_then() {
    // The agreement fights draw them (common::random_unit, each rule
    // from a stream of its own, 1 in 10): check they do, or those fights
    // test nothing of them.
    let r = &mut rng(4792);
    let units: Vec<String> = (0..400)
        .map(|_| random_unit(r, "[attacker]", "attacker", 20, ""))
        .collect();
    let carrying = |rule: &str| units.iter().filter(|u| u.contains(rule)).count();
    for rule in [
        "\"defensive-stakes\"",
        "\"special-regenerate\"",
        "\"fast-cavalry\"",
        "-charging\"",
        "\"reroll-one-failed-save-a-turn\"",
    ] {
        let n = carrying(rule);
        assert!((10..120).contains(&n), "{rule}: {n} of 400");
    }
}
