//! `mathhammer panic`, the battle line (RULES.md Panic, Fleeing and
//! pursuit; seeds 003 and 004): one hand-computed test per trigger and
//! rule, seed 003's worked example, exact against both Monte Carlo engines
//! on random lines, and bad input.

use crate::common::run::{error, json};
use crate::common::{p_fail, rng, settings, within_4_sigma, HOSTILE_VALUES};
use mathhammer::dice::Roll;
use mathhammer::exact::leadership::p_pass;
use mathhammer::exact::tree::enumerate_choices;
use mathhammer::exact::Pmf;
use mathhammer::query::panic::cascade::{play, LineFate, Trace};
use mathhammer::query::panic::{BattleLine, Event, LineUnit};
use mathhammer::query::{Method, Question};
use mathhammer::report::{Engine, Report, Value};
use mathhammer::rules::leadership::LeadershipTest;
use mathhammer::rules::measure::Footprint;
use mathhammer::rules::Edition;
use rand::Rng;
use std::collections::HashMap;

/// A unit 10 cm wide and 4 deep, its front edge's centre at (x, y),
/// facing up the table.
pub(crate) fn unit(name: &str, us: u32, ld: u8, x: f64, y: f64) -> LineUnit {
    LineUnit {
        name: name.into(),
        models: us,
        standing: us,
        unit_strength: us,
        ld,
        rally_ld: ld,
        without_general: (ld, ld),
        tests: true,
        unbreakable: false,
        cold_blooded: false,
        flee: Roll::sum(5),
        panics_when_destroyed: true,
        at: Footprint {
            x,
            y,
            facing: 0.0,
            width: 10.0,
            depth: 4.0,
        },
        fleeing: false,
        spared_by: [0; 2],
    }
}

pub(crate) fn line(units: Vec<LineUnit>, event: Event, turns: u8) -> BattleLine {
    let line = BattleLine {
        name: "test".into(),
        units,
        event,
        turns,
        fleeing_friends_equal_panics: false,
        edition: Edition::Metric,
        general: None,
    };
    line.validate().expect("a valid line");
    line
}

pub(crate) fn exact_report(line: &BattleLine) -> Report {
    line.report(&settings(Method::Exact, 0, 1))
}

/// The exact cell `column` of unit `row` in the stage table `stage`.
fn cell(report: &Report, engine: Engine, stage: &str, row: usize, column: &str) -> Value {
    let t = report
        .outcome(engine)
        .and_then(|o| o.table(stage))
        .unwrap_or_else(|| panic!("no table {stage}"));
    let c = t.columns.iter().position(|c| c.key == column).unwrap();
    t.rows[row].1[c].clone()
}

pub(crate) fn p(report: &Report, stage: &str, row: usize, column: &str) -> f64 {
    cell(report, Engine::Exact, stage, row, column)
        .exact()
        .unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn seed_003s_fifteen_spearmen_test_beside_two_fleeing_horse_units_not_one() {
    // Seed 003: one unit of five horse (US 10) does not exceed 15; two (20) do.
    let one = exact_report(&BattleLine::fleeing_friends_beside(15, 7, &[10], 1, false));
    assert_eq!(p(&one, "turn_1", 0, "p_tests"), 0.0);
    let two = exact_report(&BattleLine::fleeing_friends_beside(
        15,
        7,
        &[10, 10],
        1,
        false,
    ));
    assert!(close(p(&two, "turn_1", 0, "p_tests"), 1.0));
    assert!(close(p(&two, "turn_1", 0, "p_flees"), p_fail(7)));
    // The shipped file, from the command line: the same figures.
    let file = json(&["panic", "scenarios/lines/cavalry_flee_past_spearmen.toml"]);
    let spearmen = &file["turn_1"][0];
    assert_eq!(spearmen["p_tests"], 1.0);
    assert!(close(spearmen["p_flees"].as_f64().unwrap(), p_fail(7)));
}

#[test]
fn equal_unit_strength_panics_only_under_seed_004s_ruling() {
    let mut equal = BattleLine::fleeing_friends_beside(10, 7, &[10], 1, false);
    assert_eq!(p(&exact_report(&equal), "turn_1", 0, "p_tests"), 0.0);
    equal.fleeing_friends_equal_panics = true;
    assert!(close(p(&exact_report(&equal), "turn_1", 0, "p_tests"), 1.0));
}

#[test]
fn a_broken_friend_panics_units_within_15_cm_and_they_flee_from_it() {
    // The broken unit 10 wide at x -5..5; friends' near edges 15 and 15.5
    // cm away test and do not.
    let units = vec![
        unit("broken", 10, 7, 0.0, 0.0),
        unit("at 15", 10, 8, 25.0, 0.0),
        unit("at 15.5", 10, 8, -25.5, 0.0),
    ];
    let event = Event::Broken {
        unit: 0,
        cause: (0.0, 10.0),
        pursuit: None,
    };
    let r = exact_report(&line(units, event, 0));
    assert!(close(p(&r, "phase", 1, "p_tests"), 1.0));
    assert!(close(p(&r, "phase", 1, "p_flees"), p_fail(8)));
    assert_eq!(p(&r, "phase", 2, "p_tests"), 0.0);
    assert!(close(p(&r, "phase", 0, "p_flees"), 1.0));
}

#[test]
fn a_cold_blooded_friend_tests_and_rallies_on_three_dice_less_the_highest() {
    let mut lizards = unit("at 15", 10, 8, 25.0, 0.0);
    lizards.cold_blooded = true;
    let units = vec![unit("broken", 10, 7, 0.0, 0.0), lizards];
    let event = Event::Broken {
        unit: 0,
        cause: (0.0, 10.0),
        pursuit: None,
    };
    let r = exact_report(&line(units, event, 1));
    // 193 of 216 rolls of 3D6 keep 8 or less.
    assert!(close(p(&r, "phase", 1, "p_flees"), 23.0 / 216.0));
}

#[test]
fn a_pursuer_catches_the_broken_unit_when_its_roll_reaches_the_flee_roll() {
    // 5D6 fled, 8D6 pursued: caught if pursuit >= flee.
    let units = vec![unit("broken", 10, 7, 0.0, 0.0)];
    let event = Event::Broken {
        unit: 0,
        cause: (0.0, 10.0),
        pursuit: Some(Roll::sum(8)),
    };
    let r = exact_report(&line(units, event, 0));
    let (flee, pursuit) = (Pmf::nd6(5), Pmf::nd6(8));
    let escapes: f64 = flee.iter().map(|(f, p)| p * pursuit.p_le(f - 1)).sum();
    assert!(close(p(&r, "phase", 0, "p_fleeing"), escapes), "{escapes}");
}

#[test]
fn a_destroyed_lone_hero_of_fewer_than_five_wounds_panics_nobody() {
    let mut hero = unit("hero", 1, 8, 0.0, 0.0);
    hero.panics_when_destroyed = false;
    let friend = unit("friend", 10, 7, 12.0, 0.0);
    let r = exact_report(&line(
        vec![hero.clone(), friend.clone()],
        Event::Destroyed { unit: 0 },
        0,
    ));
    assert_eq!(p(&r, "phase", 1, "p_tests"), 0.0);
    hero.panics_when_destroyed = true;
    let r = exact_report(&line(vec![hero, friend], Event::Destroyed { unit: 0 }, 0));
    assert!(close(p(&r, "phase", 1, "p_flees"), p_fail(7)));
}

#[test]
fn a_unit_caught_fleeing_panics_friends_within_10_cm_of_smaller_unit_strength() {
    // Caught: US 12. Within 10 cm: US 11 tests, US 12 does not; 10.5 cm
    // away US 5 does not.
    let units = vec![
        unit("caught", 12, 7, 0.0, 0.0),
        unit("US 11", 11, 7, 20.0, 0.0),
        unit("US 12", 12, 7, -20.0, 0.0),
        unit("far", 5, 7, 0.0, -14.5),
    ];
    let r = exact_report(&line(units, Event::Caught { unit: 0 }, 0));
    assert!(close(p(&r, "phase", 1, "p_tests"), 1.0));
    assert_eq!(p(&r, "phase", 2, "p_tests"), 0.0);
    assert_eq!(p(&r, "phase", 3, "p_tests"), 0.0);
    assert_eq!(p(&r, "phase", 0, "p_flees"), 0.0);
}

#[test]
fn shooting_makes_a_unit_test_on_25_percent_and_friends_on_its_destruction() {
    // Seed 003: 12 models test on 3 casualties, not on 2.
    let units = || {
        vec![
            unit("shot", 12, 7, 0.0, 0.0),
            unit("friend", 10, 8, 18.0, 0.0),
        ]
    };
    let shot = |casualties| Event::Shot {
        unit: 0,
        casualties,
        cause: (0.0, 30.0),
    };
    let r = exact_report(&line(units(), shot(3), 0));
    assert!(close(p(&r, "phase", 0, "p_flees"), p_fail(7)));
    assert_eq!(p(&r, "phase", 1, "p_tests"), 0.0);
    let r = exact_report(&line(units(), shot(2), 0));
    assert_eq!(p(&r, "phase", 0, "p_tests"), 0.0);
    // Destroyed: the friend 8 cm away tests.
    let r = exact_report(&line(units(), shot(12), 0));
    assert!(close(p(&r, "phase", 1, "p_flees"), p_fail(8)));
}

#[test]
fn a_fleeing_unit_rallies_on_its_ld_unless_below_a_quarter_of_its_models() {
    let mut fleeing = unit("fleeing", 20, 8, 0.0, 0.0);
    fleeing.fleeing = true;
    let r = exact_report(&line(vec![fleeing.clone()], Event::Fleeing, 1));
    assert!(close(p(&r, "turn_1", 0, "p_rallied"), 1.0 - p_fail(8)));
    fleeing.standing = 4;
    let r = exact_report(&line(vec![fleeing], Event::Fleeing, 1));
    assert_eq!(p(&r, "turn_1", 0, "p_rallied"), 0.0);
    assert!(close(p(&r, "turn_1", 0, "p_fleeing"), 1.0));
}

#[test]
fn the_cascade_a_unit_that_panics_runs_past_the_next_and_makes_it_test() {
    // A flees above B (US 20 > 10, within 10 cm): B tests at turn 1 and,
    // failing, runs straight down, away from A. C stands below B, 20 cm
    // from B's rear: within 10 cm of B at turn 2 unless B rolled under 10
    // (B's 4 cm and C's 4 cm of depth: 10 <= roll <= 38, all of 5D6 but 5
    // to 9). B (US 10) exceeds C (US 8).
    let mut a = unit("A", 20, 7, 0.0, 12.0);
    a.fleeing = true;
    a.at.facing = 0.0;
    let b = unit("B", 10, 7, 0.0, 4.0);
    let c = unit("C", 8, 6, 0.0, -20.0);
    let r = exact_report(&line(vec![a, b, c], Event::Fleeing, 2));
    let runs_near: f64 = Pmf::nd6(5).p_ge(10);
    assert!(close(p(&r, "turn_1", 1, "p_flees"), p_fail(7)));
    assert_eq!(p(&r, "turn_1", 2, "p_tests"), 0.0);
    let tests = p_fail(7) * runs_near;
    assert!(close(p(&r, "turn_2", 2, "p_tests"), tests), "{tests}");
    assert!(close(p(&r, "turn_2", 2, "p_flees"), tests * p_fail(6)));
}

/// A random line: 2 to 6 units on a 50 x 30 cm patch, none overlapping,
/// some fleeing, a random event and 0 to 3 later turns.
fn random_line(r: &mut impl Rng) -> BattleLine {
    let n = r.random_range(2..=6);
    let mut units: Vec<LineUnit> = Vec::new();
    while units.len() < n {
        let mut u = unit(
            &format!("u{}", units.len()),
            r.random_range(3..=25),
            r.random_range(5..=9),
            f64::from(r.random_range(-25..=25)),
            f64::from(r.random_range(-15..=15)),
        );
        u.at.facing = [0.0, 90.0, 180.0, 45.0][r.random_range(0..4)];
        u.at.width = f64::from(r.random_range(4..=12));
        u.flee = Roll::sum([5, 8][r.random_range(0..2)]);
        u.tests = r.random_bool(0.9);
        u.standing = r.random_range(1..=u.models);
        u.panics_when_destroyed = r.random_bool(0.8);
        // No draw of its own: the lines drawn stay those the seeds found.
        u.cold_blooded = u.models.is_multiple_of(3);
        if units.iter().all(|o| !o.at.overlaps(&u.at, 1e-6)) {
            units.push(u);
        }
    }
    let unit = r.random_range(0..n);
    let event = match r.random_range(0..5) {
        0 => Event::Broken {
            unit,
            cause: (0.0, 40.0),
            pursuit: r.random_bool(0.5).then(|| Roll::sum(5)),
        },
        1 => Event::Destroyed { unit },
        2 => Event::Caught { unit },
        3 => Event::Shot {
            unit,
            casualties: r.random_range(1..=units[unit].standing),
            cause: (0.0, -40.0),
        },
        _ => {
            units[unit].fleeing = true;
            Event::Fleeing
        }
    };
    let least = u8::from(matches!(event, Event::Fleeing));
    let mut line = BattleLine {
        name: "random".into(),
        units,
        event,
        turns: r.random_range(least..=3),
        fleeing_friends_equal_panics: r.random_bool(0.3),
        edition: Edition::Metric,
        general: None,
    };
    // Lines of two turns or more: the General is with the first unit, and
    // the others test 2 lower without him (no draw of its own: the lines
    // drawn stay those the seeds were set on).
    if line.turns >= 2 {
        line.general = Some(0);
        for u in line.units.iter_mut().skip(1) {
            u.without_general = (
                u.ld.saturating_sub(2).max(2),
                u.rally_ld.saturating_sub(2).max(2),
            );
        }
    }
    if let Err(e) = line.validate() {
        panic!("{e}: {line:?}");
    }
    line.name = format!("{:?}", line.event).into();
    line
}

#[test]
fn exact_agrees_with_both_monte_carlo_engines_on_random_lines() {
    let mut r = rng(12);
    let mut compared = 0;
    for case in 0..30 {
        let line = random_line(&mut r);
        let report = line.report(&settings(Method::All, 20_000, 100 + case));
        let exact = report.outcome(Engine::Exact).unwrap();
        if exact.refusal().is_some() {
            continue;
        }
        for table in &exact.tables {
            for (row, (_, cells)) in table.rows.iter().enumerate() {
                for (c, v) in cells.iter().enumerate() {
                    let p = v.exact().unwrap();
                    for engine in [Engine::MonteCarlo, Engine::Dice] {
                        let t = report.outcome(engine).unwrap().table(&table.key).unwrap();
                        let e = t.rows[row].1[c].estimate().unwrap();
                        assert!(
                            within_4_sigma(p, &e),
                            "case {case} {engine:?} {} row {row} col {c}: {p} vs {e:?}\n{line:?}",
                            table.key
                        );
                        compared += 1;
                    }
                }
            }
        }
        // The fleeing counts partition the trials.
        let pmf = exact.table("fleeing_pmf").unwrap();
        let total: f64 = pmf.rows.iter().map(|r| r.1[0].exact().unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-12, "case {case}: {total}");
    }
    assert!(compared > 2000, "{compared}");
}

/// A second exact evaluator: every flee roll enumerated by its totals as
/// soon as it is made (no narrowing), every test by pass or fail.
struct EagerFate<'a> {
    choose: &'a mut dyn FnMut(&[f64]) -> usize,
}

impl LineFate for EagerFate<'_> {
    type Spread = f64;
    fn still(&self) -> f64 {
        0.0
    }
    fn test(&mut self, test: &LeadershipTest) -> bool {
        let p = p_pass(test);
        (self.choose)(&[p, 1.0 - p]) == 0
    }
    fn flee(&mut self, run: &f64, roll: &Roll) -> f64 {
        let pmf = Pmf::nd6(roll.dice);
        let p: Vec<f64> = pmf.iter().map(|(_, p)| p).collect();
        run + (pmf.min() + (self.choose)(&p) as i64) as f64
    }
    fn within(&mut self, run: &mut f64, near: &dyn Fn(f64) -> bool) -> bool {
        near(*run)
    }
    fn caught(&mut self, run: &mut f64, pursuit: &Roll) -> bool {
        let pmf = Pmf::nd6(pursuit.dice);
        let p: Vec<f64> = pmf.iter().map(|(_, p)| p).collect();
        (pmf.min() + (self.choose)(&p) as i64) as f64 >= *run
    }
    fn settle(&mut self, run: &mut f64) -> f64 {
        *run
    }
    fn spread_len(_: &f64) -> usize {
        1
    }
}

/// Every cell of `line`'s exact report against [`EagerFate`]'s; false if
/// the eager enumeration is too long to try.
fn agrees_with_eager(line: &BattleLine, case: &str) -> Option<usize> {
    let mut cells: HashMap<(usize, usize, &str), f64> = HashMap::new();
    let mut runs = 0;
    let whole = enumerate_choices(
        |choose| play(line, &mut EagerFate { choose }),
        |trace: Trace, q| {
            for (s, stage) in trace.iter().enumerate() {
                for (key, bits) in [
                    ("p_tests", stage.tested),
                    ("p_flees", stage.fled),
                    ("p_fleeing", stage.fleeing),
                    ("p_rallied", stage.rallied),
                ] {
                    for u in (0..line.units.len()).filter(|u| bits & 1 << u != 0) {
                        *cells.entry((s, u, key)).or_default() += q;
                    }
                }
            }
        },
        |_| {
            runs += 1;
            runs < 200_000
        },
    );
    if !whole {
        return None;
    }
    let report = exact_report(line);
    let tables = &report.outcome(Engine::Exact).unwrap().tables;
    let mut compared = 0;
    for (s, table) in tables.iter().take(tables.len() - 1).enumerate() {
        for u in 0..line.units.len() {
            for column in ["p_tests", "p_flees", "p_fleeing", "p_rallied"] {
                let eager = cells.get(&(s, u, column)).copied().unwrap_or(0.0);
                let narrowed = p(&report, &table.key, u, column);
                assert!(
                    (eager - narrowed).abs() < 1e-12,
                    "{case} {} unit {u} {column}: {eager} vs {narrowed}\n{line:?}",
                    table.key
                );
                compared += 1;
            }
        }
    }
    Some(compared)
}

#[test]
fn narrowing_runs_gives_what_enumerating_every_roll_gives() {
    // X breaks and flees; Y beside it panics and flees too (Ld 1: it
    // always fails), may rally at turn 1 while X runs on (on 1: it never
    // rallies): at turn 2 Y, its run still unsettled, is measured
    // against X's. Flee rolls of one D6 keep the eager enumeration short;
    // the 10 cm edge falls among their sums.
    let mut x = unit("X", 20, 2, 0.0, 0.0);
    x.rally_ld = 1;
    let mut y = unit("Y", 5, 1, 14.0, 0.0);
    y.rally_ld = 8;
    x.flee = Roll::sum(1);
    y.flee = Roll::sum(1);
    let event = Event::Broken {
        unit: 0,
        cause: (0.0, 30.0),
        pursuit: None,
    };
    let crafted = line(vec![x, y], event, 2);
    assert!(agrees_with_eager(&crafted, "crafted").is_some());
    // Small random lines.
    let mut r = rng(7);
    let mut compared = 0;
    for case in 0..40 {
        let mut line = random_line(&mut r);
        line.units.truncate(3);
        line.turns = line.turns.min(2);
        if line.validate().is_ok() {
            compared += agrees_with_eager(&line, &format!("case {case}")).unwrap_or(0);
        }
    }
    assert!(compared > 500, "{compared}");
}

#[test]
fn bad_battle_lines_get_one_line_errors() {
    let dir = std::env::temp_dir().join(format!("mathhammer-lines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let unit = "[[unit]]\nname = \"A\"\nunit_strength = 10\nmodels = 10\nld = 7\nx = 0\ny = 0\n";
    let cases = [
        (
            "[event]\nkind = \"broken\"\nunit = \"B\"\n",
            "event.unit: B is not a unit of the line (accepted: A)",
        ),
        (
            "[event]\nkind = \"fleeing\"\n",
            "event.unit: no unit is fleeing",
        ),
        (
            "[event]\nkind = \"shot\"\nunit = \"A\"\ncasualties = 11\n",
            "event.casualties: 11 is out of range (accepted: 1 to 10",
        ),
        (
            "[event]\nkind = \"caught\"\nunit = \"A\"\nfrom = [0, 3]\n",
            "event.from: not for this kind",
        ),
        (
            "[event]\nkind = \"panicked\"\n",
            "unknown variant `panicked`",
        ),
    ];
    for (i, (event, expected)) in cases.iter().enumerate() {
        let path = dir.join(format!("bad{i}.toml"));
        std::fs::write(&path, format!("query = \"panic\"\n{event}{unit}")).unwrap();
        let e = error(&["panic", path.to_str().unwrap()]);
        assert!(e.contains(expected), "{e}");
        assert_eq!(e.trim().lines().count(), 1, "{e}");
    }
    // RULES.md Break test: an unbreakable unit never breaks or flees.
    let steadfast = format!("{unit}rules = [\"unbreakable\"]\n");
    for (event, fleeing, expected) in [
        ("broken", "", "event.kind: A is unbreakable"),
        ("caught", "", "event.kind: A is unbreakable"),
        (
            "destroyed",
            "fleeing = true\n",
            "unit.fleeing: A is unbreakable",
        ),
    ] {
        let path = dir.join(format!("steadfast_{event}.toml"));
        let file = format!(
            "query = \"panic\"\n[event]\nkind = \"{event}\"\nunit = \"A\"\n{steadfast}{fleeing}"
        );
        std::fs::write(&path, file).unwrap();
        let e = error(&["panic", path.to_str().unwrap()]);
        assert!(e.contains(expected), "{event}: {e}");
        assert_eq!(e.trim().lines().count(), 1, "{e}");
    }
    // Two units on top of each other; a negative distance; a unit with no x.
    let overlap = format!(
        "query = \"panic\"\n[event]\nkind = \"destroyed\"\nunit = \"A\"\n{unit}{}",
        unit.replace("\"A\"", "\"B\"").replace("x = 0", "x = 5")
    );
    let path = dir.join("overlap.toml");
    std::fs::write(&path, overlap).unwrap();
    let e = error(&["panic", path.to_str().unwrap()]);
    assert!(e.contains("unit.2: B overlaps A"), "{e}");
    for (set, expected) in [
        ("unit.1.x=-900", "unit.1.x: -900 is out of range"),
        ("unit.1.base=[0, 20]", "unit.1.base"),
        ("unit.3.ld=7", "'unit' is a list: name an entry, 1 to 2"),
        ("turns=9", "9 is out of range (accepted: 0 to 6)"),
        (
            "turns=x",
            "--set: invalid type: string \"x\", expected a whole number",
        ),
    ] {
        let e = error(&[
            "panic",
            path.to_str().unwrap(),
            "--set",
            "unit.2.x=30",
            "--set",
            set,
        ]);
        assert!(e.contains(expected), "{set}: {e}");
    }
    for args in [
        vec!["panic", "--fleeing-us", "0"],
        vec!["panic", "--fleeing-us", "10", "--ld", "11"],
        vec!["panic"],
    ] {
        let e = error(&args);
        assert_eq!(e.trim().lines().count(), 1, "{args:?}: {e}");
    }
    // No flag is silently ignored, and no other query runs as a line.
    let line = "scenarios/lines/cavalry_flee_past_spearmen.toml";
    for (args, expected) in [
        (
            vec!["panic", line, "--ld", "8"],
            "cannot be used with '--ld <LD>'",
        ),
        (
            vec!["panic", "--fleeing-us", "10", "--set", "turns=2"],
            "--set: overrides a field of a file",
        ),
        (
            vec!["panic", "scenarios/queries/boar_boyz_charge.toml"],
            "query: charge is not a battle line",
        ),
        (
            vec!["panic", "scenarios/boar_boyz_charge_spearmen.toml"],
            "query: combat is not a battle line",
        ),
    ] {
        let e = error(&args);
        assert!(e.contains(expected), "{args:?}: {e}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_value_of_the_shipped_lines_swapped_for_every_hostile_token() {
    // Whatever the value, reading gives a line or one one-line error naming
    // a field, never a panic; a line's probabilities lie in [0, 1] and its
    // fleeing counts sum to 1.
    let mut cases = 0;
    for name in [
        "cavalry_flee_past_spearmen",
        "spearmen_break_in_the_line",
        "goblins_caught_fleeing_a_charge",
    ] {
        let text = std::fs::read_to_string(format!("scenarios/lines/{name}.toml")).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some((key, _)) = line.split_once('=') else {
                continue;
            };
            if line.starts_with('#') {
                continue;
            }
            let names = [
                "\"Spearmen\"",
                "\"fleeing\"",
                "\"shot\"",
                "[0, 0]",
                "[\"fear\"]",
                "{}",
            ];
            for token in HOSTILE_VALUES.iter().chain(&names) {
                let mut edited = lines.clone();
                let swapped = format!("{key}= {token}");
                edited[i] = &swapped;
                let edited = edited.join("\n");
                let outcome = std::panic::catch_unwind(|| read_and_run(&edited));
                assert!(outcome.is_ok(), "panicked on {name}:{}: {swapped}", i + 1);
                cases += 1;
            }
        }
    }
    assert!(cases > 1000, "{cases}");
}

fn read_and_run(text: &str) {
    use mathhammer::scenario::battle_line::BattleLineFile;
    let one_line = |e: &mathhammer::error::InputError| {
        assert!(
            !e.to_string().contains('\n') && !e.field.is_empty(),
            "{e}\n{text}"
        );
    };
    let file: BattleLineFile = match mathhammer::scenario::parse(text, "fuzz.toml") {
        Ok(f) => f,
        Err(e) => return one_line(&e),
    };
    let line = match file.line(std::path::Path::new("scenarios/lines")) {
        Ok(l) => l,
        Err(e) => return one_line(&e),
    };
    // The exact engine where it is quick: a line it refuses spends about a
    // second first.
    let method = match line.turns <= 2 && line.units.len() <= 4 {
        true => Method::All,
        false => Method::MonteCarlo,
    };
    let report = line.report(&settings(method, 200, 3));
    for o in &report.outcomes {
        for t in &o.tables {
            for v in t.rows.iter().flat_map(|r| &r.1) {
                let p = v.central().unwrap();
                assert!((0.0..=1.0).contains(&p), "{} {v:?}\n{text}", t.key);
            }
        }
        if let Some(pmf) = o.table("fleeing_pmf") {
            let total: f64 = pmf.rows.iter().map(|r| r.1[0].central().unwrap()).sum();
            assert!((total - 1.0).abs() < 1e-9, "{total}\n{text}");
        }
    }
}

#[test]
fn without_a_file_the_fleeing_friends_are_asked_for() {
    let e = crate::common::run::error(&["panic", "--unit-strength", "15", "--ld", "7"]);
    assert!(
        e.starts_with("error: --fleeing-us: needed without a FILE"),
        "{e}"
    );
}

#[test]
fn a_line_too_long_for_exact_is_answered_by_monte_carlo_by_default() {
    let out = crate::common::run::mathhammer()
        .args([
            "panic",
            "scenarios/lines/spearmen_break_in_the_line.toml",
            "--set",
            "turns=2",
            "--set",
            "unit.4.models=10",
            "--trials",
            "2000",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.starts_with("note: estimated by playing it out 2000 times at random"),
        "{stderr}"
    );
    let out = crate::common::run::mathhammer()
        .args(["panic", "scenarios/lines/spearmen_break_in_the_line.toml"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "note: worked out exactly\n"
    );
}

#[test]
fn a_fleeing_general_lends_no_ld() {
    // Seed 004, start of turn: the General's Ld counts "si éste no está
    // huyendo". The Handgunners (Ld 7, the General's 8 within 30 cm) test
    // at the start of turn 1 when the broken Spearmen run past them. With
    // the General among the Spearmen, fleeing, they test on their own 7:
    // P(flees) = P(tests) x 15/36, not x 10/36.
    let run = |sets: &[&str]| {
        let mut args = vec!["panic", "scenarios/lines/spearmen_break_in_the_line.toml"];
        for s in sets {
            args.extend(["--set", s]);
        }
        let r = crate::common::run::json(&args);
        let row = r["turn_1"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["name"] == "Handgunners")
            .unwrap()
            .clone();
        (
            row["p_tests"].as_f64().unwrap(),
            r["p_unit_4_flees"].as_f64().unwrap(),
        )
    };
    let (tests, flees) = run(&[]);
    assert!(
        (flees - tests * 10.0 / 36.0).abs() < 1e-12,
        "{tests} {flees}"
    );
    let (tests, flees) = run(&["unit.1.general=true"]);
    assert!(
        (flees - tests * 15.0 / 36.0).abs() < 1e-12,
        "{tests} {flees}"
    );
    let e = crate::common::run::error(&[
        "panic",
        "scenarios/lines/spearmen_break_in_the_line.toml",
        "--set",
        "unit.1.general=true",
        "--set",
        "unit.2.general=true",
    ]);
    assert!(
        e.contains("unit.2.general: the General is already with another unit"),
        "{e}"
    );
}
