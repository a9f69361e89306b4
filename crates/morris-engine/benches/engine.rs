//! Criterion benchmarks of the engine: search speed and solver speed.
//!
//! `cargo bench -p ludus-morris-engine --bench engine`

use criterion::{Criterion, criterion_group, criterion_main};
use ludus_morris::{Position, Rules};
use ludus_morris_engine::db::solve_pair;
use ludus_morris_engine::{SearchLimits, Searcher};
use std::hint::black_box;

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let start = Position::new();
    group.bench_function("start_depth_6", |b| {
        b.iter(|| {
            Searcher::new(Rules::standard()).search(black_box(&start), &SearchLimits::depth(6))
        })
    });
    let middle: Position = "WW.B.W.B/.BW.W.B./B..W.B.. w 0 0 0"
        .parse()
        .expect("a position");
    group.bench_function("movement_depth_8", |b| {
        b.iter(|| {
            Searcher::new(Rules::standard()).search(black_box(&middle), &SearchLimits::depth(8))
        })
    });
    group.finish();
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    group.bench_function("solve_3v3_flying", |b| {
        b.iter(|| solve_pair(true, 3, 3, &[], &mut |_| {}))
    });
    group.bench_function("solve_3v3_no_flying", |b| {
        b.iter(|| solve_pair(false, 3, 3, &[], &mut |_| {}))
    });
    group.finish();
}

criterion_group!(benches, search, solver);
criterion_main!(benches);
