//! Benchmarks of move generation: `perft` from the start and a mid-game position, and
//! `legal_moves` on a few typical positions. Run with `cargo bench -p ludus-morris`.

use criterion::{Criterion, criterion_group, criterion_main};
use ludus_morris::{Position, Rules, perft};
use std::hint::black_box;

/// A movement-phase position with mills to close (from `tests/data/perft.txt`).
const MOVEMENT: &str = "....BBWW/.....WW./.BB.W.W. w 0 0 11";

/// A placement position with mills to close.
const PLACEMENT: &str = "..WWWWW./BBB.W.../....B.B. w 2 2 3";

/// White flies with three pieces.
const FLYING: &str = "BBBBB.../.B....../....WWW. w 0 0 0";

fn parse(text: &str) -> Position {
    text.parse().expect("benchmark position")
}

fn bench_perft(c: &mut Criterion) {
    let rules = Rules::standard();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("start depth 5", |b| {
        b.iter(|| perft(black_box(&Position::new()), &rules, 5))
    });
    group.bench_function("start depth 6", |b| {
        b.iter(|| perft(black_box(&Position::new()), &rules, 6))
    });
    let movement = parse(MOVEMENT);
    group.bench_function("movement depth 5", |b| {
        b.iter(|| perft(black_box(&movement), &rules, 5))
    });
    group.finish();
}

fn bench_legal_moves(c: &mut Criterion) {
    let rules = Rules::standard();
    let mut group = c.benchmark_group("legal_moves");
    for (name, text) in [
        ("start", "......../......../........ w 9 9 0"),
        ("placement", PLACEMENT),
        ("movement", MOVEMENT),
        ("flying", FLYING),
    ] {
        let position = parse(text);
        group.bench_function(name, |b| {
            b.iter(|| black_box(&position).legal_moves(&rules))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_legal_moves);
criterion_main!(benches);
