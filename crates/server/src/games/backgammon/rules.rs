//! The backgammon rule options of the API and the set-up start of a new game, read and checked.

use crate::games::RulesError;
use crate::games::rule_options::{self, OptionValue, UnknownOptions};
use ludus_backgammon::{GameStart, MAX_MATCH_LENGTH, MatchState, Position, Rules, Seat, Xgid};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The Backgammon rule options of the API, every one named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BackgammonRules {
    /// Points to win; 0 for a money game.
    pub match_length: u32,
    /// Whether the doubling cube is used.
    pub cube: bool,
}

/// The Backgammon rule options of a new game as the API takes them, each optional.
#[derive(Debug, Default, Deserialize)]
struct BackgammonRuleOptions {
    #[serde(default, deserialize_with = "rule_options::present")]
    match_length: Option<OptionValue<u32>>,
    #[serde(default, deserialize_with = "rule_options::present")]
    cube: Option<OptionValue<bool>>,
    #[serde(flatten)]
    unknown: UnknownOptions,
}

/// Reads `{"match_length": 0 | 1..=25, "cube": bool}` (each optional; `null` for none).
pub(in crate::games) fn parse_rules(rules: &Value) -> Result<BackgammonRules, RulesError> {
    let options: BackgammonRuleOptions =
        rule_options::read("Backgammon", rules, |options: &BackgammonRuleOptions| {
            &options.unknown
        })?;
    let match_length = options
        .match_length
        .map(|value| {
            value.checked("match_length", "0 (money game) to 25", |n| {
                *n <= MAX_MATCH_LENGTH
            })
        })
        .transpose()?;
    let cube = options
        .cube
        .map(|value| value.checked("cube", "true or false", |_| true))
        .transpose()?;
    Ok(BackgammonRules {
        match_length: match_length.unwrap_or(0),
        cube: cube.unwrap_or(true),
    })
}

/// The match state and set-up a start text describes: an XGID, or a gnubg Position ID with its
/// Match ID (alone: White on roll, money, the cube in the middle, no dice), checked for a game that
/// can be played on from there.
pub(super) fn start_setup(text: &str) -> Result<(MatchState, GameStart), RulesError> {
    let text = text.trim();
    let bad = |reason: &str| crate::games::bad_start(text, reason);
    let (position, state) = if let Ok(xgid) = text.parse::<Xgid>() {
        (xgid.position, xgid.state)
    } else if let Some((position, match_id)) = text.split_once(':') {
        let position = Position::from_position_id(position.trim())
            .map_err(|error| bad(&format!("position id: {error}")))?;
        let state = MatchState::from_match_id(match_id.trim())
            .map_err(|error| bad(&format!("match id: {error}")))?;
        (position, state)
    } else {
        let position = Position::from_position_id(text).map_err(|error| {
            bad(&format!(
                "neither an XGID nor a gnubg Position ID (with its Match ID): {error}"
            ))
        })?;
        // A money game, centred cube, White on roll before rolling.
        let state = MatchState {
            on_roll: Seat::Zero,
            turn: Seat::Zero,
            ..MatchState::default()
        };
        (position, state)
    };
    if state.match_length > MAX_MATCH_LENGTH {
        return Err(bad(&format!(
            "the match length must be 0 (money) to {MAX_MATCH_LENGTH}"
        )));
    }
    let max_cube = Rules::match_to(state.match_length).max_cube();
    if let Some(refusal) = state.start_refusal(&position, max_cube) {
        return Err(bad(&refusal.to_string()));
    }
    Ok((state, GameStart::of(position, &state)))
}
