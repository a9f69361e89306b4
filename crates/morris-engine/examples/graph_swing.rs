//! The odd/even swing of the review graph (issue 30): games played by the judge's own hints
//! from seeded openings, and along them how the graph of the judge's values (the review's
//! graph) and of the static evaluation move with the side that just moved.
//!
//! ```sh
//! cargo run --profile test -p ludus-morris-engine --example graph_swing -- [WEIGHTS] [GAMES] [PLIES]
//! ```
//!
//! WEIGHTS: `tuned` (compiled in, the default) or a weights file (`ludus morris tune --out`);
//! the judge and the static evaluation both use it. GAMES (default 12): openings of seeds 1..=GAMES,
//! each 2–4 random placements; from there both sides play the judge's hint up to ply PLIES
//! (default 30). Each judged move k gives a graph point g(k), its value from White's view
//! (forced results capped at ±1000), as in the review.
//!
//! Printed per phase of the move (placement: a hand still holds pieces): the **last mover's
//! gain**, the mean of g(k) − g(k−1) turned to the view of the side that made move k (along the
//! judge's own best line exact values would not move at all: a non-zero mean is a swing with the
//! side to move, the previous table's "alternating step"), the **zig-zag**, the mean of
//! |g(k) − (g(k−1) + g(k+1))/2|, and the mean of g (White's view), all in hundredths of a piece.

use ludus_morris::{Color, Move, Position, Rules};
use ludus_morris_engine::eval::{Weights, evaluate_with};
use ludus_morris_engine::judge::Judge;
use ludus_morris_engine::zobrist::splitmix64;
use std::process::ExitCode;

/// Graph points beyond this are forced results.
const CAP: i32 = 1000;

/// One judged move: its phase, its mover, the judge's value and the static value of the
/// position after it, both from White's view.
struct Point {
    placement: bool,
    mover: Color,
    judged: i32,
    static_value: i32,
}

/// `value` for the side to move turned to White's view.
fn white_view(side: Color, value: i32) -> i32 {
    if side == Color::White { value } else { -value }
}

/// The seeded opening: 2–4 random placements from the empty board.
fn opening(seed: u64) -> Vec<Move> {
    let rules = Rules::standard();
    let mut state = splitmix64(seed);
    let mut position = Position::new();
    let mut moves = Vec::new();
    for _ in 0..2 + state % 3 {
        state = splitmix64(state);
        let legal = position.legal_moves(&rules);
        let mv = legal[(state % legal.len() as u64) as usize];
        position = position.play(mv);
        moves.push(mv);
    }
    moves
}

/// The judged points of the game from `seed`'s opening, hints played up to `plies` plies.
fn judged_game(judge: &Judge, weights: &Weights, seed: u64, plies: usize) -> Vec<Point> {
    let rules = *judge.rules();
    let mut positions = vec![Position::new()];
    for mv in opening(seed) {
        let last = *positions.last().expect("a position");
        positions.push(last.play(mv));
    }
    let mut points = Vec::new();
    while positions.len() <= plies {
        let (before, history) = positions.split_last().expect("a position");
        let before = *before;
        if before.outcome(&rules).is_some() {
            break;
        }
        let Some(hint) = judge.hint(history, &before) else {
            break;
        };
        let after = before.play(hint.mv);
        let mover = before.side_to_move();
        points.push(Point {
            placement: before.is_placement_phase(),
            mover,
            judged: white_view(mover, hint.score.clamp(-CAP, CAP)),
            static_value: white_view(
                after.side_to_move(),
                evaluate_with(weights, &after, &rules).clamp(-CAP, CAP),
            ),
        });
        positions.push(after);
    }
    points
}

/// Sums of one graph over the moves of one phase.
#[derive(Default)]
struct Swing {
    gain: f64,
    steps: usize,
    zigzag: f64,
    turns: usize,
    level: f64,
    points: usize,
}

impl Swing {
    /// Adds the graph `g` of one game (`keep`: the points of the phase measured).
    fn add(&mut self, points: &[Point], g: &[i32], keep: &dyn Fn(&Point) -> bool) {
        for (k, point) in points.iter().enumerate().filter(|(_, p)| keep(p)) {
            self.level += f64::from(g[k]);
            self.points += 1;
            if k >= 1 {
                let step = f64::from(g[k] - g[k - 1]);
                self.gain += if point.mover == Color::White {
                    step
                } else {
                    -step
                };
                self.steps += 1;
            }
            if k >= 1 && k + 1 < g.len() {
                self.zigzag += (f64::from(2 * g[k] - g[k - 1] - g[k + 1]) / 2.0).abs();
                self.turns += 1;
            }
        }
    }

    fn line(&self, name: &str) -> String {
        let mean = |sum: f64, n: usize| if n == 0 { 0.0 } else { sum / n as f64 };
        format!(
            "{name:<20} {:>+8.1} {:>8.1} {:>+8.1} {:>6}",
            mean(self.gain, self.steps),
            mean(self.zigzag, self.turns),
            mean(self.level, self.points),
            self.points
        )
    }
}

fn weights(spec: &str) -> Result<Weights, String> {
    if spec == "tuned" {
        return Ok(Weights::tuned());
    }
    let text = std::fs::read_to_string(spec).map_err(|e| format!("{spec}: {e}"))?;
    Weights::parse(&text).map_err(|e| format!("{spec}: {e}"))
}

fn number(arg: Option<&String>, default: usize, name: &str) -> Result<usize, String> {
    arg.map_or(Ok(default), |a| {
        a.parse().map_err(|_| format!("{name} must be a number"))
    })
}

fn run(args: &[String]) -> Result<(), String> {
    let spec = args.first().map_or("tuned", String::as_str);
    let weights = weights(spec)?;
    let games = number(args.get(1), 12, "GAMES")?;
    let plies = number(args.get(2), 30, "PLIES")?;
    let judge = Judge::new(Rules::standard(), None).with_weights(weights);
    let mut graphs: [[Swing; 2]; 2] = Default::default();
    for seed in 1..=games as u64 {
        let points = judged_game(&judge, &weights, seed, plies);
        let judged: Vec<i32> = points.iter().map(|p| p.judged).collect();
        let statics: Vec<i32> = points.iter().map(|p| p.static_value).collect();
        for (graph, g) in graphs.iter_mut().zip([&judged, &statics]) {
            graph[0].add(&points, g, &|p| p.placement);
            graph[1].add(&points, g, &|p| !p.placement);
        }
    }
    println!("weights {spec}, {games} games to ply {plies}");
    println!(
        "{:<20} {:>8} {:>8} {:>8} {:>6}",
        "graph, moves", "gain", "zig-zag", "mean", "points"
    );
    for (name, graph) in ["judge", "static"].iter().zip(&graphs) {
        println!("{}", graph[0].line(&format!("{name}, placement")));
        println!("{}", graph[1].line(&format!("{name}, movement")));
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
