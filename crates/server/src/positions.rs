//! `GET /api/position?text=…`: reads a position pasted into the analysis board, in any format
//! the rules crates read: gnubg's Position ID (alone or as `POSITIONID:MATCHID`), an XGID, a
//! Sanmill FEN, or a Ludus Morris position text. The answer says which game it is and gives what
//! the analysis endpoints take (`/api/backgammon/analysis`, `/api/morris/analysis`) and the board
//! to draw. `GET /api/position?text=…&dice=…` also checks dice typed beside the text, and
//! `GET /api/position/play?text=…&dice=…&move=…` plays a move on the position read (the analysis
//! board's variations and its best-move arrows): the rules crates check the move and write the
//! position after it. `GET /api/position/steps?text=…&dice=…&taken=…` builds a backgammon move on
//! the position checker by checker, as a game's `/steps` does (the analysis board's clicks).

use crate::games::backgammon::{BoardView, LastPlayView, StepsView};
use crate::games::morris::{MillView, standing_mills};
use crate::games::{PerSide, Side, backgammon, morris};
use crate::setup::SetupRefusal;
use ludus_backgammon::{
    CubeOwner, Dice, GameState, MatchState, MoveParseError, Position as BgPosition, Seat, Turn,
    TurnError, Xgid,
};
use ludus_morris::fen::Fen;
use ludus_morris::token::MorrisState;
use ludus_morris::{
    Color, IllegalMove, Move as MorrisMove, ParseMoveError, ParseRulesError,
    Position as MorrisPosition, Rules as MorrisRules, Square,
};
use serde::Serialize;
use std::collections::BTreeMap;

/// A backgammon position read from a pasted text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BackgammonPosition {
    /// The format it was read from: `position-id`, `gnubg-id` or `xgid`.
    pub format: &'static str,
    /// gnubg's Position ID, the side on roll first (what the analysis takes).
    pub position_id: String,
    /// gnubg's Match ID (cube, score, dice), where the text had one.
    pub match_id: Option<String>,
    /// The side on roll.
    pub on_roll: Side,
    /// The dice rolled, if any (`"31"`).
    pub dice: Option<String>,
    /// The board, in White's numbering as the game's view has it.
    pub board: BoardView,
    /// The cube's value and owner, the score and the match length (money: length 0); the
    /// defaults (cube 1 in the middle, 0–0, money) where the text had no Match ID.
    pub cube: CubeSetup,
}

/// The cube and score of a pasted backgammon position (what the analysis board's edit mode
/// starts from).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CubeSetup {
    /// The cube's value (1, 2, 4, …).
    pub value: u32,
    /// Its owner, `None` in the middle.
    pub owner: Option<Side>,
    /// The match length, 0 for money.
    pub match_length: u32,
    /// The score.
    pub score: PerSide<u32>,
    /// Whether this is the Crawford game.
    pub crawford: bool,
}

impl CubeSetup {
    fn of(state: Option<&MatchState>) -> CubeSetup {
        let Some(state) = state else {
            return CubeSetup {
                value: 1,
                owner: None,
                match_length: 0,
                score: PerSide { white: 0, black: 0 },
                crawford: false,
            };
        };
        CubeSetup {
            value: state.cube_value,
            owner: match state.cube_owner {
                CubeOwner::Centered => None,
                CubeOwner::Owned(seat) => Some(backgammon::side_of(seat)),
            },
            match_length: state.match_length,
            score: PerSide::from_pair(state.score),
            crawford: state.crawford,
        }
    }
}

/// A Morris position read from a pasted text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MorrisPositionView {
    /// The format it was read from: `fen` or `ludus`.
    pub format: &'static str,
    /// The position in Ludus's text (what the analysis takes).
    pub position: String,
    /// The occupied points.
    pub points: BTreeMap<&'static str, Side>,
    /// Pieces in hand.
    pub in_hand: PerSide<u8>,
    /// The side to move.
    pub side_to_move: Side,
    /// The standing mills (for highlighting).
    pub mills: Vec<MillView>,
    /// The side to move's legal moves in notation (standard rules), for a board that takes
    /// clicks; empty when the game is over.
    pub legal_moves: Vec<String>,
}

/// The answer of `GET /api/position`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum PastedPosition {
    /// A backgammon position.
    Backgammon(BackgammonPosition),
    /// A Morris position.
    Morris(MorrisPositionView),
}

/// Why a pasted position, its dice or a move on it is refused; the API answers each as a bad
/// request with the code of the [`RequestError`](crate::error::RequestError) it becomes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A text in none of the formats read (at most 120 characters of it).
    #[error("cannot read {0:?} as a position")]
    Unreadable(String),
    /// Dice that do not read.
    #[error("dice: {0}")]
    Dice(#[from] ludus_backgammon::DiceError),
    /// A match state the analysis cannot start from (length, cube, score).
    #[error(transparent)]
    Setup(#[from] SetupRefusal),
    /// A move that cannot be played on the position.
    #[error(transparent)]
    Play(#[from] PlayRefusal),
}

/// A pasted text, parsed: the rules crates' position (and backgammon's match state).
enum Parsed {
    /// A backgammon board from the view of the side on roll, with the text's Match ID or XGID
    /// state where it had one.
    Backgammon(&'static str, BgPosition, Option<MatchState>),
    /// A Morris position.
    Morris(&'static str, MorrisPosition),
}

/// Parses `text` in the first format that fits.
fn parse(text: &str) -> Result<Parsed, PositionError> {
    let text = text.trim();
    let unreadable = || PositionError::Unreadable(text.chars().take(120).collect());
    if text.is_empty() {
        return Err(unreadable());
    }
    if let Ok(xgid) = text.parse::<Xgid>() {
        crate::setup::check_match_state(&xgid.position, &xgid.state)?;
        return Ok(Parsed::Backgammon("xgid", xgid.position, Some(xgid.state)));
    }
    if let Some((position, match_id)) = text.split_once(':')
        && let (Ok(position), Ok(state)) = (
            BgPosition::from_position_id(position.trim()),
            MatchState::from_match_id(match_id.trim()),
        )
    {
        crate::setup::check_match_state(&position, &state)?;
        return Ok(Parsed::Backgammon("gnubg-id", position, Some(state)));
    }
    if let Ok(position) = BgPosition::from_position_id(text) {
        return Ok(Parsed::Backgammon("position-id", position, None));
    }
    if let Ok(fen) = text.parse::<Fen>() {
        return match fen.state() {
            Ok(MorrisState::Turn(position)) => Ok(Parsed::Morris("fen", position)),
            // Between a mill and its removal: not a position a move is chosen in.
            _ => Err(unreadable()),
        };
    }
    text.parse::<MorrisPosition>()
        .map(|position| Parsed::Morris("ludus", position))
        .map_err(|_| unreadable())
}

impl Parsed {
    /// The position as the page draws it.
    fn view(&self) -> PastedPosition {
        match self {
            Parsed::Backgammon(format, position, state) => backgammon(format, position, *state),
            Parsed::Morris(format, position) => morris(format, position),
        }
    }
}

/// Reads `text` in the first format that fits.
pub fn read_position(text: &str) -> Result<PastedPosition, PositionError> {
    parse(text).map(|parsed| parsed.view())
}

/// Reads `text` as [`read_position`] does, with `dice` (when not empty) checked and put in place
/// of the text's own: dice outside 1 to 6 are refused (`bad-dice`), for either game.
pub fn read_position_with_dice(
    text: &str,
    dice: Option<&str>,
) -> Result<PastedPosition, PositionError> {
    let dice = read_dice(dice)?;
    let mut read = read_position(text)?;
    if let (PastedPosition::Backgammon(position), Some(dice)) = (&mut read, dice) {
        position.dice = Some(format!("{}{}", dice.first(), dice.second()));
    }
    Ok(read)
}

/// The dice typed beside a position, if any: two faces 1 to 6 (`"31"`).
fn read_dice(dice: Option<&str>) -> Result<Option<Dice>, PositionError> {
    match dice.map(str::trim).filter(|text| !text.is_empty()) {
        None => Ok(None),
        Some(text) => Ok(Some(text.parse::<Dice>()?)),
    }
}

/// Why a move cannot be played on a pasted position, each with a code the page translates.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayRefusal {
    /// A backgammon move needs dice.
    #[error("a backgammon move needs the dice it is played with")]
    NoDice,
    /// The backgammon move cannot be read or is not legal with these dice.
    #[error(transparent)]
    Backgammon(#[from] MoveParseError),
    /// The Morris move cannot be read.
    #[error(transparent)]
    MorrisText(#[from] ParseMoveError),
    /// The Morris move is not legal here.
    #[error(transparent)]
    Morris(#[from] IllegalMove),
    /// Unknown Morris rules.
    #[error(transparent)]
    Rules(#[from] ParseRulesError),
    /// A checker step that the dice or the board do not allow now.
    #[error(transparent)]
    Step(#[from] TurnError),
    /// Checker steps asked for on a Morris position.
    #[error("checker steps are built on backgammon positions only")]
    StepsNeedBackgammon,
    /// A rollout asked of a play that ends the game.
    #[error("the play ends the game: its result is known, there is nothing to roll out")]
    PlayEndsGame,
}

impl PlayRefusal {
    /// A stable machine name of the mistake (`err-<code>` in the Fluent files).
    pub fn code(&self) -> &'static str {
        match self {
            PlayRefusal::NoDice => "play-needs-dice",
            PlayRefusal::Backgammon(error) => error.code(),
            PlayRefusal::MorrisText(error) => error.code(),
            PlayRefusal::Morris(error) => error.code(),
            PlayRefusal::Rules(error) => error.code(),
            PlayRefusal::Step(error) => error.code(),
            PlayRefusal::StepsNeedBackgammon => "steps-need-backgammon",
            PlayRefusal::PlayEndsGame => "play-ends-game",
        }
    }

    /// The values the message names.
    pub fn params(&self) -> crate::params::Params {
        match self {
            PlayRefusal::NoDice | PlayRefusal::StepsNeedBackgammon | PlayRefusal::PlayEndsGame => {
                Vec::new()
            }
            PlayRefusal::Backgammon(error) => error.params(),
            PlayRefusal::MorrisText(error) => error.params(),
            PlayRefusal::Morris(error) => error.params(),
            PlayRefusal::Rules(error) => error.params(),
            PlayRefusal::Step(error) => error.params(),
        }
    }
}

/// A play of `dice` (typed, `"31"`) read on `position` for a rollout: the dice, the play in
/// gnubg's notation and the position after it (the opponent on roll). Refused where the dice
/// or the play cannot be read or the play ends the game.
pub fn play_to_roll_out(
    position: &BgPosition,
    dice: &str,
    play: &str,
) -> Result<(Dice, String, BgPosition), PositionError> {
    let dice = read_dice(Some(dice))?.ok_or(PlayRefusal::NoDice)?;
    let play = position.parse_move(dice, play).map_err(PlayRefusal::from)?;
    let after = position.play(&play);
    if after.game_result().is_some() {
        return Err(PlayRefusal::PlayEndsGame.into());
    }
    Ok((dice, play.to_string(), after))
}

/// The answer of `GET /api/position/play`: the position after the move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayedPosition {
    /// The move as the rules crate writes it.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position after it as a text the analysis board reads again: an XGID (the other side
    /// on roll, no dice, the cube and score kept) or Ludus's Morris text.
    pub text: String,
    /// Backgammon: the move's checkers in the mover's numbering and the boards after each
    /// (what a game's `last_play` holds), for drawing its arrows.
    pub last_play: Option<LastPlayView>,
    /// Whether the game is over after the move.
    pub over: bool,
    /// The position after the move, as `GET /api/position` reads it.
    pub position: PastedPosition,
}

/// Plays `mv` on the position of `text`: with `dice` for backgammon (else the text's own), by
/// `rules` for Morris (standard when absent).
pub fn play_move(
    text: &str,
    dice: Option<&str>,
    mv: &str,
    rules: Option<&str>,
) -> Result<PlayedPosition, PositionError> {
    let dice = read_dice(dice)?;
    match parse(text)? {
        Parsed::Backgammon(_, position, state) => {
            let state = state.unwrap_or(MatchState {
                on_roll: Seat::Zero,
                turn: Seat::Zero,
                ..MatchState::default()
            });
            let dice = dice.or(state.dice).ok_or(PlayRefusal::NoDice)?;
            Ok(play_backgammon(&position, state, dice, mv)?)
        }
        Parsed::Morris(_, position) => {
            let rules: MorrisRules = match rules.map(str::trim).filter(|r| !r.is_empty()) {
                None => MorrisRules::standard(),
                Some(text) => text.parse().map_err(PlayRefusal::from)?,
            };
            Ok(play_morris(&position, &rules, mv)?)
        }
    }
}

/// The move being built on the backgammon position of `text` with `dice` (else the text's own)
/// after the checker steps `taken` (`[from, to]` in the mover's numbering, 25 the bar, 0 off):
/// the board so far, the dice used, every click legal next and the move once complete.
pub fn position_steps(
    text: &str,
    dice: Option<&str>,
    taken: &[[u8; 2]],
) -> Result<StepsView, PositionError> {
    let dice = read_dice(dice)?;
    let Parsed::Backgammon(_, position, state) = parse(text)? else {
        return Err(PlayRefusal::StepsNeedBackgammon.into());
    };
    let dice = dice
        .or(state.and_then(|state| state.dice))
        .ok_or(PlayRefusal::NoDice)?;
    let on_roll = state.map_or(Seat::Zero, |state| state.on_roll);
    let mut turn = Turn::new(position, dice);
    for &[from, to] in taken {
        turn.play_checker(from, to).map_err(PlayRefusal::from)?;
    }
    Ok(StepsView::new(&turn, on_roll))
}

fn play_backgammon(
    position: &BgPosition,
    state: MatchState,
    dice: Dice,
    text: &str,
) -> Result<PlayedPosition, PlayRefusal> {
    let play = position.parse_move(dice, text)?;
    let seat = state.on_roll;
    let after = position.play(&play);
    let next = MatchState {
        on_roll: seat.other(),
        turn: seat.other(),
        dice: None,
        double_offered: false,
        resignation: None,
        game_state: if after.game_result().is_some() {
            GameState::Over
        } else {
            GameState::Playing
        },
        ..state
    };
    let xgid = Xgid::new(after, next);
    let last_play = LastPlayView::played(seat, dice, &play, position);
    Ok(PlayedPosition {
        mv: play.to_string(),
        text: xgid.to_string(),
        last_play: Some(last_play),
        over: after.game_result().is_some(),
        position: backgammon("xgid", &after, Some(next)),
    })
}

fn play_morris(
    position: &MorrisPosition,
    rules: &MorrisRules,
    text: &str,
) -> Result<PlayedPosition, PlayRefusal> {
    let mv: MorrisMove = text.trim().parse()?;
    let after = position.play_checked(rules, mv)?;
    Ok(PlayedPosition {
        mv: mv.to_string(),
        text: after.to_string(),
        last_play: None,
        over: after.outcome(rules).is_some(),
        position: morris("ludus", &after),
    })
}

fn backgammon(
    format: &'static str,
    position: &BgPosition,
    state: Option<MatchState>,
) -> PastedPosition {
    let on_roll = state.map_or(Seat::Zero, |state| state.on_roll);
    PastedPosition::Backgammon(BackgammonPosition {
        format,
        position_id: position.position_id(),
        match_id: state.and_then(|state| state.match_id().ok()),
        on_roll: backgammon::side_of(on_roll),
        dice: state
            .and_then(|state| state.dice)
            .map(|dice| format!("{}{}", dice.first(), dice.second())),
        board: BoardView::new(position, on_roll),
        cube: CubeSetup::of(state.as_ref()),
    })
}

fn morris(format: &'static str, position: &MorrisPosition) -> PastedPosition {
    PastedPosition::Morris(MorrisPositionView {
        format,
        position: position.to_string(),
        points: Square::ALL
            .into_iter()
            .filter_map(|square| Some((square.name(), morris::side_of(position.piece_at(square)?))))
            .collect(),
        in_hand: PerSide {
            white: position.in_hand(Color::White),
            black: position.in_hand(Color::Black),
        },
        side_to_move: morris::side_of(position.side_to_move()),
        mills: standing_mills(position),
        legal_moves: position
            .legal_moves(&MorrisRules::standard())
            .iter()
            .map(ToString::to_string)
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The code the API answers `error` with.
    fn code(error: PositionError) -> &'static str {
        crate::error::RequestError::from(error).code()
    }

    #[test]
    fn an_xgid_reads_as_backgammon_with_its_dice() {
        let text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10";
        let PastedPosition::Backgammon(read) = read_position(text).unwrap() else {
            panic!("not backgammon");
        };
        assert_eq!(read.format, "xgid");
        assert_eq!(read.dice.as_deref(), Some("31"));
        assert_eq!(read.board.pips.white + read.board.pips.black, 2 * 167);
        assert_eq!(read.cube.value, 1);
        assert_eq!(read.cube.owner, None);
    }

    #[test]
    fn an_xgid_gives_its_cube_and_score() {
        // Cube 4 owned by the bottom player (Black), Black 2 – White 1 in a 7-point match.
        let text = "XGID=-b----E-C---eE---c-e----B-:2:1:1:00:2:1:0:7:10";
        let PastedPosition::Backgammon(read) = read_position(text).unwrap() else {
            panic!("not backgammon");
        };
        assert_eq!(read.cube.value, 4);
        assert_eq!(read.cube.owner, Some(Side::Black));
        assert_eq!(read.cube.match_length, 7);
        assert_eq!((read.cube.score.white, read.cube.score.black), (1, 2));
    }

    #[test]
    fn gnubg_ids_read_alone_and_with_the_match_id() {
        let start = BgPosition::starting().position_id();
        let alone = read_position(&start).unwrap();
        assert!(matches!(alone, PastedPosition::Backgammon(ref p) if p.format == "position-id"));
        let both = read_position(&format!("{start}:cAkAAAAAAAAA")).unwrap();
        assert!(matches!(both, PastedPosition::Backgammon(ref p) if p.match_id.is_some()));
    }

    #[test]
    fn a_sanmill_fen_reads_as_morris() {
        let fen = "O*******/********/******** b p p 1 8 0 9 0 0 -1 -1 -1 -1 0 0 1";
        let PastedPosition::Morris(read) = read_position(fen).unwrap() else {
            panic!("not morris");
        };
        assert_eq!(read.format, "fen");
        assert_eq!(read.side_to_move, Side::Black);
        assert_eq!(read.points.len(), 1);
        assert_eq!(read.in_hand.white, 8);
        assert!(read.mills.is_empty());
    }

    #[test]
    fn a_morris_position_comes_with_its_standing_mills() {
        let PastedPosition::Morris(read) =
            read_position("WWW...../......../BB...... b 6 7 0").unwrap()
        else {
            panic!("not morris");
        };
        assert_eq!(read.mills.len(), 1);
        assert_eq!(read.mills[0].color, Side::White);
    }

    #[test]
    fn steps_on_a_pasted_position_build_its_move() {
        let text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10";
        let start = position_steps(text, None, &[]).unwrap();
        assert!(start.next.iter().any(|n| n.from == 8 && n.to == 5));
        let done = position_steps(text, None, &[[8, 5], [6, 5]]).unwrap();
        assert!(done.complete);
        assert_eq!(done.mv.as_deref(), Some("8/5 6/5"));
        // Other dice typed beside the text replace its own.
        let other = position_steps(text, Some("64"), &[[24, 18]]).unwrap();
        assert_eq!(other.taken, vec![[24, 18]]);
    }

    #[test]
    fn steps_refuse_what_the_dice_do_not_allow() {
        let text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10";
        let error = position_steps(text, None, &[[24, 18]]).unwrap_err();
        assert_eq!(code(error), "no-such-step");
        let no_dice = position_steps(&BgPosition::starting().position_id(), None, &[]);
        assert_eq!(code(no_dice.unwrap_err()), "play-needs-dice");
        let morris = position_steps("......../......../........ w 9 9 0", None, &[]);
        assert_eq!(code(morris.unwrap_err()), "steps-need-backgammon");
        let seven = position_steps(text, Some("71"), &[]);
        assert_eq!(code(seven.unwrap_err()), "bad-dice");
    }

    #[test]
    fn nonsense_is_refused_with_the_text() {
        let error = read_position("hello").unwrap_err();
        assert_eq!(code(error), "unreadable-position");
        assert!(read_position("  ").is_err());
    }
}
