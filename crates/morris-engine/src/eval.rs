//! Static evaluation of a position from the side to move's view, in hundredths of a piece.
//!
//! The value is material (pieces on the board and in hand, [`PIECE`] each) plus a weighted sum
//! of [`FEATURE_COUNT`] features, each the side to move's count minus the opponent's: pieces in
//! hand, closed mills, open mills (two pieces of a line and the third point empty — while placing
//! or flying any such line threatens, while sliding only when another own piece can step onto
//! the empty point), double threats (two open mills at once: one block cannot stop both),
//! running mills (a closed mill with a piece that can step out and close another), mobility (the
//! free neighbours of the pieces: the slides of a sliding side, and *also while placing*, where
//! they are the slides to come), blocked pieces, cramping (few free neighbours left: the threat
//! of being blocked, which loses), fork points (empty points where one placement or flight opens
//! two mills), threats against a flying opponent, and a tempo bonus for the side to move.
//!
//! There are two sets of weights, one while either side still places and one for the movement
//! phase. They are tuned, not set by hand: `ludus morris tune` fits them to the results of seeded
//! self-play games (Texel's method, see [`crate::tune`]) and writes the file `weights.txt` beside
//! this module, which is compiled in. One weight is held by hand: the placement tempo is 0, where
//! the fit gave −40 and the static value then jumped 1.3 pieces towards the side that had just
//! placed (the fit cannot see that: the hand difference already tells it who is to move; see
//! `examples/graph_swing.rs`, docs/benchmarks.md, "Review", and
//! docs/notes/2026-12-01-morris-engine.md, "The placement tempo").

use ludus_morris::geometry::{MILLS, MILLS_THROUGH, NEIGHBOURS, in_mill};
use ludus_morris::{Color, Position, Rules, Square};
use std::fmt;
use std::sync::LazyLock;
use thiserror::Error;

/// Value of one piece; every other term is relative to it.
pub const PIECE: i32 = 100;

/// Number of weighted features.
pub const FEATURE_COUNT: usize = 11;

/// The names of the features, in the order of [`Features::values`] and of the weights.
pub const FEATURE_NAMES: [&str; FEATURE_COUNT] = [
    "in_hand",
    "closed_mill",
    "open_mill",
    "double_threat",
    "running_mill",
    "mobility",
    "blocked_piece",
    "cramped",
    "fork_point",
    "threat_vs_flyer",
    "tempo",
];

/// Index of the tempo feature (the only one that is not a difference of the two sides).
const TEMPO: usize = 10;

/// Free neighbours below this count make a side cramped (the shortfall, squared, is counted).
const CRAMPED_BELOW: i32 = 4;

/// The two phases that have their own weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A side still has pieces in hand.
    Placement,
    /// Both hands are empty.
    Movement,
}

impl Phase {
    /// Both phases, placement first.
    pub const ALL: [Phase; 2] = [Phase::Placement, Phase::Movement];

    /// The phase of `position`.
    pub fn of(position: &Position) -> Phase {
        if position.is_movement_phase() {
            Phase::Movement
        } else {
            Phase::Placement
        }
    }

    /// `placement` or `movement`, as in the weights file.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Placement => "placement",
            Phase::Movement => "movement",
        }
    }
}

/// The evaluation weights of both phases (hundredths of a piece per unit of each feature).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Weights while a side still places, by feature.
    pub placement: [i32; FEATURE_COUNT],
    /// Weights of the movement phase, by feature.
    pub movement: [i32; FEATURE_COUNT],
}

/// A weights file that does not read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum WeightsError {
    /// A line is not `PHASE FEATURE VALUE`.
    #[error("line {line}: expected `PHASE FEATURE VALUE`, got {text:?}")]
    Syntax {
        /// The line number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// A weight is missing.
    #[error("no weight for {phase} {feature}")]
    Missing {
        /// The phase name.
        phase: &'static str,
        /// The feature name.
        feature: &'static str,
    },
}

/// The tuned weights compiled into the engine (see [`crate::tune`] for how they were made).
const TUNED_TEXT: &str = include_str!("weights.txt");

static TUNED: LazyLock<Weights> =
    LazyLock::new(|| Weights::parse(TUNED_TEXT).unwrap_or(Weights::HAND_SET));

impl Weights {
    /// Hand-set weights, the starting point of tuning.
    pub const HAND_SET: Weights = Weights {
        placement: [0, 12, 14, 20, 0, 3, 5, 5, 10, 0, 0],
        movement: [0, 8, 22, 20, 70, 5, 4, 10, 0, 40, 0],
    };

    /// The tuned weights the engine plays with.
    pub fn tuned() -> Weights {
        *TUNED
    }

    /// The weights of `phase`.
    pub fn of(&self, phase: Phase) -> &[i32; FEATURE_COUNT] {
        match phase {
            Phase::Placement => &self.placement,
            Phase::Movement => &self.movement,
        }
    }

    fn of_mut(&mut self, phase: Phase) -> &mut [i32; FEATURE_COUNT] {
        match phase {
            Phase::Placement => &mut self.placement,
            Phase::Movement => &mut self.movement,
        }
    }

    /// Reads the text form (see the `Display` implementation): one `PHASE FEATURE VALUE` per
    /// line; `#` starts a comment; every weight must be given.
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let mut weights = Weights {
            placement: [0; FEATURE_COUNT],
            movement: [0; FEATURE_COUNT],
        };
        let mut seen = [[false; FEATURE_COUNT]; 2];
        for (number, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let syntax = || WeightsError::Syntax {
                line: number + 1,
                text: raw.to_string(),
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            let [phase, feature, value] = words[..] else {
                return Err(syntax());
            };
            let phase_index = Phase::ALL
                .iter()
                .position(|p| p.name() == phase)
                .ok_or_else(syntax)?;
            let feature = FEATURE_NAMES
                .iter()
                .position(|&f| f == feature)
                .ok_or_else(syntax)?;
            let value: i32 = value.parse().map_err(|_| syntax())?;
            weights.of_mut(Phase::ALL[phase_index])[feature] = value;
            seen[phase_index][feature] = true;
        }
        for (p, phase) in Phase::ALL.iter().enumerate() {
            if let Some(f) = seen[p].iter().position(|&s| !s) {
                return Err(WeightsError::Missing {
                    phase: phase.name(),
                    feature: FEATURE_NAMES[f],
                });
            }
        }
        Ok(weights)
    }
}

impl Default for Weights {
    /// The tuned weights.
    fn default() -> Weights {
        Weights::tuned()
    }
}

impl fmt::Display for Weights {
    /// One `PHASE FEATURE VALUE` line per weight, placement first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for phase in Phase::ALL {
            for (name, value) in FEATURE_NAMES.iter().zip(self.of(phase)) {
                writeln!(f, "{} {name} {value}", phase.name())?;
            }
        }
        Ok(())
    }
}

/// The features of a position, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Which weights apply.
    pub phase: Phase,
    /// Own pieces (board and hand) minus the opponent's.
    pub material: i32,
    /// Each feature: own count minus the opponent's (tempo: 1).
    pub values: [i32; FEATURE_COUNT],
}

impl Features {
    /// The value of these features under `weights`.
    #[inline]
    pub fn value(&self, weights: &Weights) -> i32 {
        let w = weights.of(self.phase);
        self.material * PIECE + self.values.iter().zip(w).map(|(&v, &w)| v * w).sum::<i32>()
    }
}

/// The counts of one side.
fn side_features(position: &Position, rules: &Rules, color: Color) -> [i32; FEATURE_COUNT] {
    let own = position.pieces(color);
    let opp = position.pieces(color.opponent());
    let empty = position.empty();
    let placing = position.in_hand(color) > 0;
    let flies = position.flies(color, rules);
    let anywhere = placing || flies;
    let (mut closed, mut open, mut running) = (0, 0, 0);
    for &mill in &MILLS {
        let mine = (own & mill).count_ones();
        if mine == 3 {
            closed += 1;
            if !anywhere && runs(mill, own, empty) {
                running += 1;
            }
        } else if mine == 2 && opp & mill == 0 {
            let hole = (mill & empty).trailing_zeros() as usize;
            if anywhere || NEIGHBOURS[hole] & own & !mill != 0 {
                open += 1;
            }
        }
    }
    let (mut mobility, mut blocked) = (0, 0);
    if !flies {
        for s in Square::iter_bits(own) {
            let free = (NEIGHBOURS[s.index()] & empty).count_ones() as i32;
            mobility += free;
            blocked += i32::from(free == 0);
        }
    }
    let cramped = if flies || own == 0 {
        0
    } else {
        (CRAMPED_BELOW - mobility).max(0).pow(2)
    };
    let forks = if anywhere {
        fork_points(own, opp, empty)
    } else {
        0
    };
    let vs_flyer = if position.flies(color.opponent(), rules) {
        open
    } else {
        0
    };
    let mut values = [0; FEATURE_COUNT];
    values[0] = i32::from(position.in_hand(color));
    values[1] = closed;
    values[2] = open;
    values[3] = i32::from(open >= 2);
    values[4] = running;
    values[5] = mobility;
    values[6] = blocked;
    values[7] = cramped;
    values[8] = forks;
    values[9] = vs_flyer;
    values
}

/// Whether a piece of the closed `mill` can step out to a point where it closes another mill.
fn runs(mill: u32, own: u32, empty: u32) -> bool {
    Square::iter_bits(mill).any(|s| {
        Square::iter_bits(NEIGHBOURS[s.index()] & empty)
            .any(|t| in_mill(own ^ s.bit() ^ t.bit(), t))
    })
}

/// Empty points whose two lines each hold one own piece, no opposing piece: a piece placed (or
/// flown) there opens two mills at once.
fn fork_points(own: u32, opp: u32, empty: u32) -> i32 {
    Square::iter_bits(empty)
        .filter(|s| {
            MILLS_THROUGH[s.index()]
                .iter()
                .all(|&line| (own & line).count_ones() == 1 && opp & line == 0)
        })
        .count() as i32
}

/// The features of `position` under `rules`, from the side to move's view.
pub fn features(position: &Position, rules: &Rules) -> Features {
    let us = position.side_to_move();
    let them = us.opponent();
    let a = side_features(position, rules, us);
    let b = side_features(position, rules, them);
    let mut values = [0; FEATURE_COUNT];
    for (i, value) in values.iter_mut().enumerate() {
        *value = a[i] - b[i];
    }
    values[TEMPO] = 1;
    Features {
        phase: Phase::of(position),
        material: position.piece_count(us) as i32 - position.piece_count(them) as i32,
        values,
    }
}

/// The static value of `position` under `rules` for the side to move, with `weights`.
#[inline]
pub fn evaluate_with(weights: &Weights, position: &Position, rules: &Rules) -> i32 {
    features(position, rules).value(weights)
}

/// The static value of `position` under `rules` for the side to move, with the tuned weights.
pub fn evaluate(position: &Position, rules: &Rules) -> i32 {
    evaluate_with(&TUNED, position, rules)
}
