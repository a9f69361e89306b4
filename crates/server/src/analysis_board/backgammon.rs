//! `GET /api/backgammon/analysis`: the ranking of a position's moves, its cube decision and
//! chances, all at the lookahead asked for.

use crate::error::RequestError;
use crate::games::Players;
use crate::games::backgammon::{CubeValues, MAX_ANALYSIS_PLIES, MoneyRules, before_roll};
use ludus_backgammon::player::Evaluation;
use ludus_backgammon::{Dice, MatchState, Position, Rules};
use serde::Serialize;

/// Cubeless chances of the side on roll (each from 0 to 1; gammons include backgammons).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Chances {
    /// Winning.
    pub win: f64,
    /// Winning a gammon or backgammon.
    pub win_gammon: f64,
    /// Winning a backgammon.
    pub win_backgammon: f64,
    /// Losing a gammon or backgammon.
    pub lose_gammon: f64,
    /// Losing a backgammon.
    pub lose_backgammon: f64,
    /// Cubeless equity (points per game at cube 1).
    pub equity: f64,
    /// The lookahead they come from.
    pub plies: u8,
}

impl Chances {
    /// The chances of a cubeless evaluation at `plies` plies.
    fn of(evaluation: Evaluation, plies: u8) -> Chances {
        let [
            win,
            win_gammon,
            win_backgammon,
            lose_gammon,
            lose_backgammon,
        ] = evaluation.probabilities;
        Chances {
            win,
            win_gammon,
            win_backgammon,
            lose_gammon,
            lose_backgammon,
            equity: evaluation.equity,
            plies,
        }
    }
}

/// Pip counts of the side on roll and its opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PipCounts {
    /// The side on roll's.
    pub player: u32,
    /// The opponent's.
    pub opponent: u32,
}

/// The cube decision of the side on roll, before rolling.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CubeAdvice {
    /// Whether the rules let it double (and doubling is not pointless).
    pub may_double: bool,
    /// Whether the player doubles.
    pub double: bool,
    /// Whether the opponent should take a double.
    pub take: bool,
    /// The decision's equities, action and lookahead, where the engine judges the cube.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub decision: Option<CubeValues>,
}

/// One ranked move with the engine's value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RankedMove {
    /// The move in notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value for the mover.
    pub value: f64,
    /// The lookahead the value comes from.
    pub plies: u8,
    /// The mover's chances after it at that lookahead: win, win a gammon, win a backgammon, lose
    /// a gammon, lose a backgammon.
    pub chances: [f64; 5],
}

/// `GET /api/backgammon/analysis`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BackgammonAnalysis {
    /// The Position ID analysed.
    pub position_id: String,
    /// Pip counts.
    pub pips: PipCounts,
    /// The cube decision.
    pub cube: CubeAdvice,
    /// The moves of the dice asked for, best first (absent without dice).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<RankedMove>>,
    /// The side on roll's chances before rolling, at the lookahead asked for.
    pub chances: Chances,
    /// What the moves' values are: `cubeful` (the mover's cubeful equity at the score, in a
    /// match) or `cubeless` (money play: the equity the engine plays by).
    pub measure: &'static str,
}

/// The lookahead of the analysis endpoint when none is asked for: the review's (one less than
/// [`MAX_ANALYSIS_PLIES`]), so that a decision opened from a review shows the values it was
/// judged by, and where the shipped engine's cube errs least (docs/benchmarks.md, "Cube
/// decisions": 0.7–2.2 millipoints a decision at 2 plies, 3.2–4.7 at 1) in a few tenths of a
/// second. The analysis page's lookahead menu starts at it (`web/analysis.js`).
pub const DEFAULT_ANALYSIS_PLIES: u8 = MAX_ANALYSIS_PLIES - 1;

/// `GET /api/backgammon/analysis`: the ranking of the moves at `plies` lookahead (default
/// [`DEFAULT_ANALYSIS_PLIES`]), the cube decision and chances at the same lookahead (the
/// analysis board's [`MoveRanker`](crate::games::backgammon::MoveRanker)), the pip counts. The match id (default: a money game, cube centred) is
/// read as before rolling; `money`'s rules apply to money play only (400
/// `money-rules-in-match` in a match).
pub fn analysis(
    position_id: Option<&str>,
    match_id: Option<&str>,
    dice: Option<&str>,
    plies: Option<u8>,
    money: MoneyRules,
    players: &Players,
) -> Result<BackgammonAnalysis, RequestError> {
    let plies = plies.unwrap_or(DEFAULT_ANALYSIS_PLIES);
    if plies > MAX_ANALYSIS_PLIES {
        return Err(RequestError::Plies {
            plies,
            max: MAX_ANALYSIS_PLIES,
        });
    }
    let position = match position_id.filter(|id| !id.is_empty()) {
        None => Position::starting(),
        Some(id) => Position::from_position_id(id)?,
    };
    let state = match match_id.filter(|id| !id.is_empty()) {
        None => MatchState::default(),
        Some(id) => MatchState::from_match_id(id)?,
    };
    crate::setup::check_match_state(&position, &state).map_err(RequestError::from)?;
    if money != MoneyRules::default() && state.match_length > 0 {
        return Err(RequestError::MoneyRulesInMatch);
    }
    let cube = before_roll(state);
    let may_double =
        cube.double_refusal(Rules::default().max_cube()).is_none() && !cube.doubling_is_pointless();
    let (player, opponent) = position.pip_count();
    let analyst = &players.backgammon.analyst;
    let moves = match dice.filter(|text| !text.is_empty()) {
        None => None,
        Some(text) => {
            let dice: Dice = text.parse()?;
            let ranked = analyst.rank_moves(&position, dice, &cube, plies);
            Some(
                ranked
                    .into_iter()
                    .map(|m| RankedMove {
                        mv: m.mv.to_string(),
                        value: m.value,
                        plies: m.plies,
                        chances: m.chances,
                    })
                    .collect(),
            )
        }
    };
    let before = analyst.before_roll(&position, &cube, money, plies);
    let decision = before.cube;
    Ok(BackgammonAnalysis {
        position_id: position.position_id(),
        pips: PipCounts { player, opponent },
        cube: CubeAdvice {
            may_double,
            double: may_double && decision.as_ref().is_some_and(|d| d.doubles),
            take: decision.as_ref().is_none_or(|d| d.takes),
            decision,
        },
        moves,
        chances: Chances::of(before.chances, before.plies),
        measure: if state.match_length > 0 {
            "cubeful"
        } else {
            "cubeless"
        },
    })
}
