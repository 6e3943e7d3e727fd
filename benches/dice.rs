//! Raw random numbers and dice: the floor every trial is measured against.
//! `cargo bench --bench dice`

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mathhammer::dice::source::PreparedRoll;
use mathhammer::dice::{DiceSource, PlainDice, Roll, TableDice};
use mathhammer::sim::stream::chunk_rng;
use rand::RngCore;

const BATCH: u64 = 10_000;

fn rng(c: &mut Criterion) {
    let mut g = c.benchmark_group("rng");
    g.throughput(Throughput::Elements(BATCH));
    g.bench_function("next_u64", |b| {
        let mut rng = chunk_rng(1, 0);
        b.iter(|| {
            let mut acc = 0u64;
            for _ in 0..BATCH {
                acc ^= rng.next_u64();
            }
            black_box(acc)
        })
    });
    g.finish();
}

fn rolls<S: DiceSource>(c: &mut Criterion, group: &str, roll: Roll) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(BATCH));
    let prepared = PreparedRoll::new(roll);
    g.bench_function(BenchmarkId::from_parameter(S::NAME), |b| {
        let mut dice = S::from_rng(chunk_rng(1, 0));
        b.iter(|| {
            let mut acc = 0u64;
            for _ in 0..BATCH {
                acc += u64::from(dice.roll(&prepared));
            }
            black_box(acc)
        })
    });
    g.finish();
}

fn dice(c: &mut Criterion) {
    rolls::<TableDice>(c, "d6", Roll::sum(1));
    rolls::<PlainDice>(c, "d6", Roll::sum(1));
    rolls::<TableDice>(c, "5d6_sum", Roll::sum(5));
    rolls::<PlainDice>(c, "5d6_sum", Roll::sum(5));
}

criterion_group!(benches, rng, dice);
criterion_main!(benches);
