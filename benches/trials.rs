//! Whole trials of each query's kernel, on the fast and the dice-level
//! engines, and the parallel runner on 1 and 2 threads.
//! `cargo bench --bench trials`

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mathhammer::dice::{DiceSource, PlainDice, TableDice};
use mathhammer::query::attacks::{
    AttackGroup, Attacks, Count, DiceAttacksKernel, FastAttacksKernel,
};
use mathhammer::query::kernels::RollKernel;
use mathhammer::query::leadership::LeadershipKernel;
use mathhammer::rules::fighter::{Defender, Save, Striker};
use mathhammer::rules::movement::flee_roll;
use mathhammer::rules::profile::TroopType;
use mathhammer::rules::special::{Rules, SpecialRule};
use mathhammer::rules::weapons::{Moment, Weapon};
use mathhammer::rules::{Edition, LeadershipTest};
use mathhammer::sim::stream::chunk_rng;
use mathhammer::sim::{run, Kernel};
use std::time::Duration;

const BATCH: u64 = 10_000;

/// The seed's flee: Spearmen (M10) flee 5D6 cm from a charge.
fn charge_kernel() -> RollKernel {
    RollKernel::new(Some(flee_roll(10.0, false, Edition::Metric)))
}

/// A break test on Ld 7, -2, with a battle-standard re-roll.
fn leadership_kernel() -> LeadershipKernel {
    LeadershipKernel::new(LeadershipTest {
        modifier: 2,
        reroll: true,
        ..LeadershipTest::new(7)
    })
}

/// `attacks` close-combat attacks of WS3 S4 (halberds) at T3 5+ models of
/// `wounds` Wounds, with `rules`.
fn chain(attacks: u32, wounds: u8, rules: &[SpecialRule]) -> Attacks {
    let striker = Striker {
        ws: 3,
        bs: 3,
        s: 3,
        a: 1,
        a_dice: None,
        crew: 1,
        troop: TroopType::Infantry,
        weapon: Weapon::Halberd,
        rules: Rules::new(rules, "bench").unwrap(),
        hit_modifier: 0,
    };
    let defender = Defender {
        ws: 3,
        t: 3,
        w: wounds,
        troop: TroopType::Infantry,
        save: Save::Given(Some(5)),
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
    };
    let moment = Moment {
        round: 1,
        charging: false,
    };
    Attacks {
        query: "attacks",
        summary: Default::default(),
        groups: vec![AttackGroup {
            name: "attacks",
            chain: striker.close_combat(&defender, moment),
            count: Count::fixed(attacks),
            strength: 4,
        }],
        target_wounds: wounds,
        cost: None,
        target_models: Some(attacks),
        panic: None,
    }
}

/// Exact distributions: 20 attacks (the chain enumeration and the casualty
/// DP), and 100 attacks with D3 wounds against W3 models.
fn exact(c: &mut Criterion) {
    let mut g = c.benchmark_group("attack_chain_exact");
    let twenty = chain(20, 1, &[]);
    g.bench_function("20_attacks", |b| b.iter(|| black_box(twenty.exact())));
    let hundred = chain(100, 3, &[SpecialRule::MultipleWoundsD3]);
    g.bench_function("100_attacks_d3_wounds_w3", |b| {
        b.iter(|| black_box(hundred.exact()))
    });
    g.finish();
}

fn kernel_bench<K: Kernel, S: DiceSource>(c: &mut Criterion, group: &str, kernel: &K) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(BATCH));
    g.bench_function(BenchmarkId::from_parameter(S::NAME), |b| {
        let mut dice = Some(S::from_rng(chunk_rng(1, 0)));
        b.iter(|| {
            let mut tally = kernel.tally();
            dice = dice.take().map(|d| kernel.run(d, BATCH, &mut tally));
            black_box(tally)
        })
    });
    g.finish();
}

fn trials(c: &mut Criterion) {
    let charge = charge_kernel();
    kernel_bench::<_, TableDice>(c, "charge_vs_flee_trial", &charge);
    kernel_bench::<_, PlainDice>(c, "charge_vs_flee_trial", &charge);
    let ld = leadership_kernel();
    kernel_bench::<_, TableDice>(c, "leadership_trial", &ld);
    kernel_bench::<_, PlainDice>(c, "leadership_trial", &ld);
    let twenty = chain(20, 1, &[]);
    kernel_bench::<_, TableDice>(c, "attack_chain_20_trial", &FastAttacksKernel::new(&twenty));
    kernel_bench::<_, PlainDice>(c, "attack_chain_20_trial", &DiceAttacksKernel::new(&twenty));
}

/// The repository's root (this package is its `benches/`), where the
/// shipped scenarios are.
fn repository() -> &'static std::path::Path {
    std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// A shipped scenario's fight (`scenarios/NAME.toml`).
fn scenario(name: &str) -> mathhammer::combat::fight::Combat {
    let path = repository().join(format!("scenarios/{name}.toml"));
    mathhammer::scenario::combat::load_combat(&path, &[])
        .unwrap()
        .combat
}

/// The flagship fight: 5 Boar Boyz charge 20 Spearmen, until a result.
fn flagship() -> mathhammer::combat::fight::Combat {
    scenario("boar_boyz_charge_spearmen")
}

/// Whole fights exact (the chain over states between rounds): the
/// flagship, the two-unit fight with characters on both sides and the
/// three-unit flank fight; first,
/// every shipped scenario's states per round, work and time, once (for
/// BENCHMARKS.md).
fn exact_fights(c: &mut Criterion) {
    use mathhammer::combat::chain::exact_fight;
    let dir = repository().join("scenarios");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".toml").map(str::to_string))
        .collect();
    names.sort();
    for name in &names {
        let combat = scenario(name);
        let started = std::time::Instant::now();
        let size = exact_fight(&combat, |_, _| {});
        let ms = started.elapsed().as_secs_f64() * 1e3;
        match size {
            Ok(s) => eprintln!("{name}: {ms:.1} ms, work {}, states {:?}", s.work, s.states),
            Err(r) => eprintln!("{name}: refused after {ms:.1} ms: {r:?}"),
        }
    }
    let mut g = c.benchmark_group("exact_whole_fight");
    g.sample_size(10);
    for name in [
        "boar_boyz_charge_spearmen",
        "big_boss_leads_boyz",
        "knights_hit_the_flank_of_engaged_orcs",
    ] {
        let combat = scenario(name);
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut total = 0.0;
                exact_fight(&combat, |_, p| total += p).expect("within the budget");
                total
            })
        });
    }
    g.finish();
}

/// A 2,000-point list against another, both ways (benches/rosters/): every
/// cell built and run under --method auto, on all cores.
fn matchups(c: &mut Criterion) {
    use mathhammer::query::{Method, Settings};
    use mathhammer::roster::Roster;
    use mathhammer::sweep::matchup::{matchup_cells, run_cells};
    let read = |f: &str| Roster::read(std::path::Path::new(&format!("rosters/{f}"))).unwrap();
    let lists = [read("orcs_2000.ros"), read("empire_2000.ros")];
    let settings = Settings {
        method: Method::Auto,
        sampling: mathhammer::Sampling {
            trials: 1_000_000,
            seed: 2000,
            precision: None,
            max_trials: 1_000_000,
        },
        sampler: Default::default(),
    };
    let mut g = c.benchmark_group("matchup");
    g.sample_size(10);
    g.bench_function("orcs_2000_vs_empire_2000_both", |b| {
        b.iter(|| {
            let pick = Default::default();
            let m = matchup_cells([&lists[0], &lists[1]], &[], true, false, pick).unwrap();
            run_cells(&m.cells, &settings, &|| {}).unwrap().len()
        })
    });
    g.finish();
}

/// Whole fights, one engine at a time, and 10 M fights on 1 and 2 threads.
fn combats(c: &mut Criterion) {
    use mathhammer::query::combat::CombatKernel;
    let combat = flagship();
    kernel_bench::<_, TableDice>(c, "boar_boyz_fight", &CombatKernel::new(&combat, true));
    kernel_bench::<_, PlainDice>(c, "boar_boyz_fight", &CombatKernel::new(&combat, false));
    thread_scaling(
        c,
        "boar_boyz_10M_fights_threads",
        &CombatKernel::new(&combat, true),
        10_000_000,
        15,
    );
    // Whole rounds drawn from the exact chain (`--sampler whole-rounds`),
    // the chain built once, outside the timing.
    let rounds = CombatKernel::whole_rounds(&combat, 1_000_000_000).expect("within the budget");
    kernel_bench::<_, TableDice>(c, "boar_boyz_fight_whole_rounds", &rounds);
    thread_scaling(
        c,
        "boar_boyz_10M_fights_whole_rounds_threads",
        &rounds,
        10_000_000,
        5,
    );
    let mut g = c.benchmark_group("boar_boyz_whole_rounds_build");
    g.sample_size(20);
    g.bench_function("chain_and_tables", |b| {
        b.iter(|| black_box(CombatKernel::whole_rounds(&combat, 1_000_000_000).is_ok()))
    });
    g.finish();
}

/// Seed 003's battle line: two units of horse flee beside 15 Spearmen, two
/// turns; one line per trial, and the exact enumeration.
fn battle_lines(c: &mut Criterion) {
    use mathhammer::query::panic::{BattleLine, LineKernel};
    use mathhammer::query::{Method, Question, Settings};
    let path = repository().join("scenarios/lines/cavalry_flee_past_spearmen.toml");
    let mathhammer::Query::Panic(line) = mathhammer::load_query(&path, &[]).unwrap() else {
        panic!("not a battle line");
    };
    let line: &BattleLine = &line;
    kernel_bench::<_, TableDice>(c, "seed_003_line", &LineKernel::new(line));
    kernel_bench::<_, PlainDice>(c, "seed_003_line", &LineKernel::new(line));
    thread_scaling(
        c,
        "seed_003_1M_lines_threads",
        &LineKernel::new(line),
        1_000_000,
        10,
    );
    let exact = Settings {
        method: Method::Exact,
        sampling: mathhammer::Sampling {
            trials: 1,
            seed: 1,
            precision: None,
            max_trials: 1,
        },
        sampler: Default::default(),
    };
    c.bench_function("seed_003_line_exact", |b| {
        b.iter(|| black_box(line.report(&exact)))
    });
}

/// `trials` trials of `kernel` (fast engine) through the chunked runner on
/// 1 and 2 threads.
fn thread_scaling<K: Kernel>(
    c: &mut Criterion,
    group: &str,
    kernel: &K,
    trials: u64,
    seconds: u64,
) {
    let mut g = c.benchmark_group(group);
    g.sample_size(10)
        .measurement_time(Duration::from_secs(seconds));
    g.throughput(Throughput::Elements(trials));
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        g.bench_function(BenchmarkId::from_parameter(threads), |b| {
            b.iter(|| pool.install(|| black_box(run::<_, TableDice>(kernel, 7, trials))))
        });
    }
    g.finish();
}

/// 100 M charge-vs-flee trials through the chunked runner on 1 and 2 threads.
fn parallel(c: &mut Criterion) {
    thread_scaling(c, "charge_100M_threads", &charge_kernel(), 100_000_000, 8);
}

criterion_group!(
    benches,
    trials,
    exact,
    exact_fights,
    combats,
    matchups,
    battle_lines,
    parallel
);
criterion_main!(benches);
