//! Whole trials of each query's kernel, on the fast and the dice-level
//! engines, and the parallel runner on 1 and 2 threads.
//! `cargo bench --bench trials`

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mathhammer::dice::{DiceSource, PlainDice, TableDice};
use mathhammer::query::kernels::RollKernel;
use mathhammer::query::leadership::LeadershipKernel;
use mathhammer::rules::movement::flee_roll;
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
}

/// 100 M charge-vs-flee trials through the chunked runner on 1 and 2 threads.
fn parallel(c: &mut Criterion) {
    const TRIALS: u64 = 100_000_000;
    let kernel = charge_kernel();
    let mut g = c.benchmark_group("charge_100M_threads");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    g.throughput(Throughput::Elements(TRIALS));
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        g.bench_function(BenchmarkId::from_parameter(threads), |b| {
            b.iter(|| pool.install(|| black_box(run::<_, TableDice>(&kernel, 7, TRIALS))))
        });
    }
    g.finish();
}

criterion_group!(benches, trials, parallel);
criterion_main!(benches);
