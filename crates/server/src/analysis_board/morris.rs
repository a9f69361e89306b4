//! `GET /api/morris/analysis`: every legal move of a position (or of a game's current position,
//! with its history) with the analyst's value and, where the databases reach, its perfect value.

use crate::error::RequestError;
use crate::games::Players;
use ludus_morris::record::Record;
use ludus_morris::{Position, Rules};
use serde::Serialize;

/// One move of the analysis with the player's value (hundredths of a piece for the engine).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RankedMorrisMove {
    /// The move in notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value for the side to move.
    pub value: i32,
    /// Its perfect-play value for the side to move (`win in 5 plies`, `draw`, `loss in 8
    /// plies`: the distance counted from before the move), where the endgame databases know the
    /// position after it; `null` where they do not.
    pub perfect: Option<String>,
}

/// `GET /api/morris/analysis`: every legal move with its value, best first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MorrisAnalysis {
    /// The moves, best first.
    pub moves: Vec<RankedMorrisMove>,
    /// The perfect-play value of the position for the side to move, where the databases know it.
    pub perfect: Option<String>,
}

/// `GET /api/morris/analysis?position=…&rules=…`: every legal move with the player's value.
pub fn analysis(
    position: Option<&str>,
    rules: Option<&str>,
    players: &Players,
) -> Result<MorrisAnalysis, RequestError> {
    let rules: Rules = match rules {
        Some(text) => text.parse()?,
        None => Rules::standard(),
    };
    let position = match position {
        None | Some("") => Position::new(),
        Some(text) => text
            .parse::<Position>()
            .map_err(|error| RequestError::MorrisPosition {
                text: text.to_string(),
                error,
            })?,
    };
    Ok(analyse(&[], &position, &rules, players))
}

/// `GET /api/morris/analysis?game=ID`: the analysis of the Morris game whose record is
/// `record` (its export) in its current position, with its history for the repetition rule —
/// the hint of that game, by the same measure as its review.
pub fn game_analysis(record: &str, players: &Players) -> Result<MorrisAnalysis, String> {
    let record: Record = record.parse().map_err(|error| format!("{error}"))?;
    let game = record.game;
    Ok(analyse(
        game.history(),
        game.position(),
        game.rules(),
        players,
    ))
}

/// Every legal move of `position` ranked by the players' analyst, `history` before it.
fn analyse(
    history: &[Position],
    position: &Position,
    rules: &Rules,
    players: &Players,
) -> MorrisAnalysis {
    let analyst = &players.morris.analyst;
    let moves = analyst
        .analyse(history, position, rules)
        .into_iter()
        .map(|(mv, value)| RankedMorrisMove {
            mv: mv.to_string(),
            value,
            perfect: analyst.perfect_value_of_move(position, mv, rules),
        })
        .collect();
    let perfect = analyst.perfect_value(position, rules);
    MorrisAnalysis { moves, perfect }
}
