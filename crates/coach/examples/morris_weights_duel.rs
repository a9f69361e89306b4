//! Two evaluation weight sets of this engine against each other: the same search, seeded
//! openings, each played with both colours (`ludus_coach::morris::duel`), then W-D-L, score and
//! Elo with its 95% interval for A. How the tuned weights were measured (`docs/benchmarks.md`,
//! "Morris engine"; `docs/notes/2026-12-01-morris-engine.md`).
//!
//! ```sh
//! cargo run --release -p ludus-coach --example morris_weights_duel -- A B GAMES LIMIT [JOBS]
//! ```
//!
//! A and B: `tuned` (compiled in), `hand` (the hand-set start of tuning), `old` (roughly the
//! terms of the evaluation before issue 12: nothing for mobility while placing; the set the
//! benchmarks measured) or a weights file (`ludus morris tune --out`). LIMIT: `dN`
//! for depth N, else milliseconds a move.

use ludus_coach::morris::duel::{DuelConfig, DuelGame, PlayerPair, Tally, duel};
use ludus_morris::player::{Choice, Limits, Player, PlayerError};
use ludus_morris::{Game, Rules};
use ludus_morris_engine::eval::Weights;
use ludus_morris_engine::{SearchLimits, Searcher};
use std::process::ExitCode;
use std::time::Duration;

/// Seed of the openings.
const SEED: u64 = 12;

/// The engine with one weight set; a fresh searcher each game.
struct WeightsPlayer {
    weights: Weights,
    limits: SearchLimits,
    searcher: Searcher<'static>,
    name: String,
}

impl Player for WeightsPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _game: u64) -> Result<(), PlayerError> {
        self.searcher = Searcher::new(Rules::standard());
        self.searcher.set_weights(self.weights);
        Ok(())
    }

    fn choose(&mut self, game: &Game, _: &Limits) -> Result<Choice, PlayerError> {
        self.searcher.set_history(game.history());
        let best = self
            .searcher
            .search(game.position(), &self.limits)
            .best_move;
        Ok(Choice::new(best))
    }
}

fn weights(spec: &str) -> Result<Weights, String> {
    match spec {
        "old" => Ok(Weights {
            placement: [0, 12, 14, 0, 0, 0, 0, 0, 0, 0, 0],
            movement: [0, 8, 22, 0, 70, 5, 4, 0, 0, 40, 0],
        }),
        "hand" => Ok(Weights::HAND_SET),
        "tuned" => Ok(Weights::tuned()),
        path => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            Weights::parse(&text).map_err(|e| format!("{path}: {e}"))
        }
    }
}

fn limits(spec: &str) -> Result<SearchLimits, String> {
    let bad = |_| format!("LIMIT must be dN or milliseconds, got {spec:?}");
    match spec.strip_prefix('d') {
        Some(depth) => Ok(SearchLimits::depth(depth.parse().map_err(bad)?)),
        None => Ok(SearchLimits::movetime(Duration::from_millis(
            spec.parse().map_err(bad)?,
        ))),
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let [a, b, games, limit, rest @ ..] = args else {
        return Err("usage: morris_weights_duel A B GAMES LIMIT [JOBS]".to_string());
    };
    let (wa, wb, limits) = (weights(a)?, weights(b)?, limits(limit)?);
    let games: u64 = games.parse().map_err(|_| "GAMES must be a number")?;
    let jobs: usize = match rest.first() {
        Some(jobs) => jobs.parse().map_err(|_| "JOBS must be a number")?,
        None => 1,
    };
    let player = |w: Weights, name: &str| -> Box<dyn Player> {
        Box::new(WeightsPlayer {
            weights: w,
            limits: limits.clone(),
            searcher: Searcher::new(Rules::standard()),
            name: name.to_string(),
        })
    };
    let make = || -> Result<PlayerPair, PlayerError> { Ok([player(wa, "A"), player(wb, "B")]) };
    let config = DuelConfig {
        games,
        seed: SEED,
        rules: Rules::standard(),
    };
    let on_game = |g: &DuelGame| {
        eprintln!(
            "game {} {} in {} plies",
            g.index,
            g.result(),
            g.game.moves().len()
        );
    };
    let played = duel(&make, &config, jobs, &on_game).map_err(|e| e.to_string())?;
    let tally = Tally::of(&played);
    let (low, high) = tally.elo_ci95();
    println!(
        "A {a} vs B {b} at {limit}: +{} ={} -{} score {:.3} elo {:.0} [{low:.0}, {high:.0}]",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.score(),
        tally.elo()
    );
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
