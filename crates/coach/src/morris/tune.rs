//! Texel tuning of the evaluation weights: play seeded self-play games, keep the quiet positions
//! (no removal to play), label each by the game's result from its side to move (1, ½, 0) — or,
//! where a built endgame database covers it, by its perfect value — and fit the weights so that
//! `sigmoid(evaluation / K)` predicts the labels (least squares; K is fitted first, then the
//! weights by full-batch Adam). Everything is deterministic from the seed: fixed-depth searches,
//! seeded openings ([`super::duel::openings`]) and seeded evaluation noise.

use super::duel::openings;
use ludus_morris::{Game, Position, Rules};
use ludus_morris_engine::db::{Databases, Value};
use ludus_morris_engine::eval::{FEATURE_COUNT, Features, PIECE, Phase, Weights, features};
use ludus_morris_engine::{SearchLimits, Searcher, probe};

/// Longest self-play game in plies (the draw rules end games far sooner).
const MAX_GAME_PLIES: usize = 600;
/// Scales tried for K (evaluation units per logistic unit).
const SCALES: std::ops::RangeInclusive<i32> = 20..=400;
/// Step between the scales tried.
const SCALE_STEP: usize = 5;
/// Adam's step (hundredths of a piece), decay rates and epsilon.
const LEARNING_RATE: f64 = 1.0;
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPSILON: f64 = 1e-8;
/// The tempo weight stays within this bound (it is not a difference of the sides).
const MAX_TEMPO: f64 = 50.0;

/// What a tuning run does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TuneConfig {
    /// Seed of the openings and of the noise.
    pub seed: u64,
    /// Self-play games.
    pub games: u64,
    /// Depth of the self-play searches, in plies.
    pub depth: u32,
    /// Evaluation noise of the self-play searches (hundredths of a piece), for varied games.
    pub noise: i32,
    /// Passes of the fit over all positions.
    pub epochs: u32,
    /// The rules of the games.
    pub rules: Rules,
}

/// One labelled position.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// Its features.
    pub features: Features,
    /// The expected score of its side to move: 1 win, 0.5 draw, 0 loss.
    pub target: f64,
    /// Whether the label comes from an endgame database.
    pub perfect: bool,
}

/// What a fit found.
#[derive(Clone, Copy, Debug)]
pub struct Fit {
    /// The fitted weights (rounded).
    pub weights: Weights,
    /// The logistic scale K.
    pub scale: f64,
    /// Mean squared error of the starting weights.
    pub loss_before: f64,
    /// Mean squared error of the fitted weights.
    pub loss_after: f64,
}

/// Where a tuning run is: `stage` (`self-play` or `fit`), `done` of `total`.
pub type Progress<'a> = dyn FnMut(&'static str, u64, u64) + 'a;

/// Plays `config.games` self-play games with `weights` and returns their labelled quiet
/// positions (the opening's random placements excluded).
pub fn self_play(
    config: &TuneConfig,
    weights: Weights,
    dbs: Option<&Databases>,
    progress: &mut Progress<'_>,
) -> Vec<Sample> {
    let mut samples = Vec::new();
    let lines = openings(config.seed, config.games, &config.rules);
    for (index, opening) in lines.iter().enumerate() {
        let seed = config.seed ^ (index as u64).wrapping_mul(0x2545_F491_4F6C_DD1D);
        let (positions, winner) = play_one(config, weights, opening, seed);
        for position in positions {
            samples.push(label(position, winner, dbs, &config.rules));
        }
        progress("self-play", index as u64 + 1, config.games);
    }
    samples
}

/// One game from `opening`: its quiet positions after the opening and the winner (`None`: a
/// draw).
fn play_one(
    config: &TuneConfig,
    weights: Weights,
    opening: &[ludus_morris::Move],
    seed: u64,
) -> (Vec<Position>, Option<ludus_morris::Color>) {
    let mut game = Game::new(config.rules);
    for &mv in opening {
        if game.play(mv).is_err() {
            break;
        }
    }
    let mut searcher = Searcher::new(config.rules);
    searcher.set_weights(weights);
    searcher.set_noise(seed, config.noise);
    let mut quiet = Vec::new();
    let limits = SearchLimits::depth(config.depth);
    while game.moves().len() < MAX_GAME_PLIES {
        if let Some(outcome) = game.outcome() {
            return (quiet, outcome.winner);
        }
        let current = *game.position();
        if is_quiet(&current, &config.rules) {
            quiet.push(current);
        }
        searcher.set_history(game.history());
        let Some(mv) = searcher.search(&current, &limits).best_move else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    (quiet, None)
}

/// Whether the side to move has no removal to play (the static value can be trusted).
fn is_quiet(position: &Position, rules: &Rules) -> bool {
    let mut quiet = true;
    position.for_each_legal_move(rules, |mv| quiet &= mv.remove.is_none());
    quiet
}

/// The sample of `position` in a game won by `winner`, relabelled from the databases when
/// they cover it.
fn label(
    position: Position,
    winner: Option<ludus_morris::Color>,
    dbs: Option<&Databases>,
    rules: &Rules,
) -> Sample {
    let features = features(&position, rules);
    let perfect = dbs.and_then(|dbs| probe(dbs, &position, rules).ok());
    let target = match (perfect, winner) {
        (Some(Value::Win(_)), _) => 1.0,
        (Some(Value::Loss(_)), _) => 0.0,
        (Some(Value::Draw), _) | (None, None) => 0.5,
        (None, Some(color)) if color == position.side_to_move() => 1.0,
        (None, Some(_)) => 0.0,
    };
    Sample {
        features,
        target,
        perfect: perfect.is_some(),
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The value of `sample` under real-valued weights (both phases, placement first).
fn value(sample: &Sample, weights: &[[f64; FEATURE_COUNT]; 2]) -> f64 {
    let w = &weights[phase_index(sample.features.phase)];
    f64::from(sample.features.material * PIECE)
        + sample
            .features
            .values
            .iter()
            .zip(w)
            .map(|(&v, &w)| f64::from(v) * w)
            .sum::<f64>()
}

fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Placement => 0,
        Phase::Movement => 1,
    }
}

/// Mean squared error of the predictions at scale `k`.
fn loss(samples: &[Sample], weights: &[[f64; FEATURE_COUNT]; 2], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (s.target - sigmoid(value(s, weights) / k)).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

fn to_real(weights: &Weights) -> [[f64; FEATURE_COUNT]; 2] {
    [
        weights.placement.map(f64::from),
        weights.movement.map(f64::from),
    ]
}

/// Fits the weights to `samples` from `start` (see the module documentation).
pub fn fit(samples: &[Sample], start: Weights, epochs: u32, progress: &mut Progress<'_>) -> Fit {
    let mut w = to_real(&start);
    let scale = SCALES
        .step_by(SCALE_STEP)
        .map(f64::from)
        .min_by(|&a, &b| loss(samples, &w, a).total_cmp(&loss(samples, &w, b)))
        .unwrap_or(100.0);
    let loss_before = loss(samples, &w, scale);
    let mut m = [[0.0; FEATURE_COUNT]; 2];
    let mut v = [[0.0; FEATURE_COUNT]; 2];
    let n = samples.len().max(1) as f64;
    for epoch in 1..=epochs {
        let mut grad = [[0.0; FEATURE_COUNT]; 2];
        for s in samples {
            let p = sigmoid(value(s, &w) / scale);
            // d/dw (t - p)^2 = -2 (t - p) p (1 - p) x / K
            let common = -2.0 * (s.target - p) * p * (1.0 - p) / scale / n;
            let g = &mut grad[phase_index(s.features.phase)];
            for (gi, &x) in g.iter_mut().zip(&s.features.values) {
                *gi += common * f64::from(x);
            }
        }
        let t = f64::from(epoch);
        for phase in 0..2 {
            for i in 0..FEATURE_COUNT {
                let g = grad[phase][i];
                m[phase][i] = BETA1 * m[phase][i] + (1.0 - BETA1) * g;
                v[phase][i] = BETA2 * v[phase][i] + (1.0 - BETA2) * g * g;
                let m_hat = m[phase][i] / (1.0 - BETA1.powf(t));
                let v_hat = v[phase][i] / (1.0 - BETA2.powf(t));
                w[phase][i] -= LEARNING_RATE * m_hat / (v_hat.sqrt() + EPSILON);
            }
            // The tempo weight comes last.
            w[phase][FEATURE_COUNT - 1] = w[phase][FEATURE_COUNT - 1].clamp(-MAX_TEMPO, MAX_TEMPO);
        }
        progress("fit", u64::from(epoch), u64::from(epochs));
    }
    let weights = Weights {
        placement: w[0].map(|x| x.round() as i32),
        movement: w[1].map(|x| x.round() as i32),
    };
    Fit {
        weights,
        scale,
        loss_before,
        loss_after: loss(samples, &to_real(&weights), scale),
    }
}
