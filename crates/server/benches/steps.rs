//! The cost of building a backgammon move click by click on the server: one `/steps` answer (the
//! rules crate's `Turn` replayed, every journey listed, serialised) for the worst case found in
//! 200,000 random positions (1-1 with 952 legal moves, Position ID `7w8BgCRmpihlAg`) and for the
//! opening 31; printed first, the sizes of those answers and of the whole tree of a turn had it
//! been sent at once (one node per distinct board and dice left).
//!
//! `cargo bench -p ludus-server --bench steps`

use criterion::{Criterion, criterion_group, criterion_main};
use ludus_backgammon::{Dice, Position, Seat, Turn};
use ludus_server::games::backgammon::StepsView;
use std::collections::HashSet;
use std::hint::black_box;

/// The position with the most legal moves of a double among 200,000 random ones.
const WORST_ID: &str = "7w8BgCRmpihlAg";

/// One `/steps` answer: the turn after `taken`, as JSON.
fn answer(position: Position, dice: Dice, taken: &[[u8; 2]]) -> Vec<u8> {
    let mut turn = Turn::new(position, dice);
    for &[from, to] in taken {
        turn.play_checker(from, to).expect("a legal step");
    }
    serde_json::to_vec(&StepsView::new(&turn, Seat::Zero)).expect("JSON")
}

/// Nodes and bytes of the whole tree of a turn: every state reachable by clicks, each once.
fn whole_tree(position: Position, dice: Dice) -> (usize, usize) {
    let mut seen = HashSet::new();
    let mut bytes = 0;
    let mut stack = vec![Turn::new(position, dice)];
    while let Some(turn) = stack.pop() {
        let used: Vec<bool> = turn.dice_used().iter().map(|&(_, used)| used).collect();
        if !seen.insert((turn.board(), used)) {
            continue;
        }
        bytes += serde_json::to_vec(&StepsView::new(&turn, Seat::Zero))
            .expect("JSON")
            .len();
        for step in turn.legal_steps() {
            let mut next = turn.clone();
            next.play(step).expect("offered");
            stack.push(next);
        }
    }
    (seen.len(), bytes)
}

fn bench_steps(c: &mut Criterion) {
    let worst = Position::from_position_id(WORST_ID).expect("id");
    let ones: Dice = "11".parse().expect("dice");
    let opening: Dice = "31".parse().expect("dice");
    let first = Turn::new(worst, ones).legal_steps()[0];
    let one_step = [[first.from, first.to]];
    for (name, position, dice, taken) in [
        ("worst 11, no step", worst, ones, &[][..]),
        ("worst 11, one step", worst, ones, &one_step[..]),
        (
            "opening 31, no step",
            Position::starting(),
            opening,
            &[][..],
        ),
    ] {
        println!(
            "{name}: answer {} bytes",
            answer(position, dice, taken).len()
        );
    }
    for (name, position, dice) in [
        ("worst 11", worst, ones),
        ("opening 31", Position::starting(), opening),
    ] {
        let (nodes, bytes) = whole_tree(position, dice);
        println!("{name}: whole tree {nodes} nodes, {bytes} bytes");
    }
    let mut group = c.benchmark_group("steps_answer");
    group.bench_function("worst_11_no_step", |b| {
        b.iter(|| black_box(answer(worst, ones, &[])))
    });
    group.bench_function("worst_11_one_step", |b| {
        b.iter(|| black_box(answer(worst, ones, &one_step)))
    });
    group.bench_function("opening_31_no_step", |b| {
        b.iter(|| black_box(answer(Position::starting(), opening, &[])))
    });
    group.finish();
}

criterion_group!(benches, bench_steps);
criterion_main!(benches);
