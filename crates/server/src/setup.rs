//! `POST /api/setup`: a position set up by clicking on the analysis board (the editor's model,
//! `web/editor.js`), checked by the rules crates and written out as the ids the analysis reads
//! (backgammon: XGID, gnubg Position ID and Match ID; Morris: Sanmill FEN and the Ludus text
//! form). The page keeps only the model and the clicks; every rule of a set-up is here, taken
//! from `ludus-backgammon` ([`MatchState::start_refusal`], [`BgPosition::from_board`]) and
//! `ludus-morris` ([`MorrisPosition::playable`]).

use crate::games::backgammon::seat_of as seat_of_side;
use crate::games::morris::color_of as color_of_side;
use crate::games::{PerSide, Side};
use crate::games::{backgammon, morris};
use ludus_backgammon::{
    CubeOwner, DiceError, GameState, MAX_MATCH_LENGTH, MatchState, Position as BgPosition,
    PositionError, RelativeSide as Relative, Rules, StartRefusal, Xgid,
};
use ludus_morris::fen::Fen;
use ludus_morris::token::MorrisState;
use ludus_morris::{
    Color, ParseSquareError, Position as MorrisPosition, Rules as MorrisRules, Setup, SetupError,
    Square,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The body of `POST /api/setup`: the editor's model of either game.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum SetupRequest {
    /// A backgammon set-up.
    Backgammon(BackgammonSetup),
    /// A Morris set-up.
    Morris(MorrisSetup),
}

/// A backgammon set-up in White's numbering, as the game's view has the board.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackgammonSetup {
    /// White's points 1..=24: positive counts are White's checkers, negative Black's.
    pub points: [i8; 24],
    /// Checkers on the bar.
    pub bar: PerSide<u8>,
    /// The side on roll.
    pub turn: Side,
    /// The dice rolled, if any.
    pub dice: Option<[u8; 2]>,
    /// The cube's value and owner (`null`: in the middle).
    pub cube: CubeSetting,
    /// The match length, 0 for money.
    pub length: u32,
    /// The score.
    pub score: PerSide<u32>,
    /// Whether this is the Crawford game (match play only).
    pub crawford: bool,
}

/// The cube of a backgammon set-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CubeSetting {
    /// Its value.
    pub value: u32,
    /// Its owner, `null` in the middle.
    pub owner: Option<Side>,
}

/// A Morris set-up: who stands where, the pieces in hand, the side to move.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MorrisSetup {
    /// The occupied points: `{"d6": "white", …}`.
    pub points: BTreeMap<String, Side>,
    /// Pieces still in hand.
    pub in_hand: PerSide<u8>,
    /// The side to move.
    pub side_to_move: Side,
    /// The rule set (`standard`, `no-flying`, …; standard when absent): whether the side to
    /// move is blocked depends on flying.
    #[serde(default)]
    pub rules: Option<String>,
}

/// The answer of `POST /api/setup`: the ids of the checked set-up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum SetupIds {
    /// A backgammon position with its match state.
    Backgammon {
        /// eXtreme Gammon's XGID.
        xgid: String,
        /// gnubg's Position ID, the side on roll first.
        position_id: String,
        /// gnubg's Match ID (cube, score, dice).
        match_id: Option<String>,
    },
    /// A Morris position.
    Morris {
        /// Sanmill's FEN.
        fen: String,
        /// The Ludus text form.
        position: String,
    },
}

/// Why a set-up is refused, each with a code the page translates (`err-<code>`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupRefusal {
    /// A match length the games do not offer.
    #[error("the match length {0} is outside 0 (money) to {MAX_MATCH_LENGTH}")]
    Length(u32),
    /// A die outside 1 to 6.
    #[error("dice: {0}")]
    Dice(#[from] DiceError),
    /// More than 15 checkers of a side on the board and the bar.
    #[error("{side} has {count} checkers on the board and the bar; the most is 15")]
    Checkers {
        /// Whose checkers.
        side: Side,
        /// How many.
        count: u32,
    },
    /// A board the backgammon rules crate refuses otherwise.
    #[error("the board cannot occur: {0}")]
    Board(PositionError),
    /// A backgammon position no game goes on from; `side` names the player where there is one.
    #[error("{refusal}")]
    Start {
        /// The rules crate's reason.
        refusal: StartRefusal,
        /// The player it names, as a side.
        side: Option<Side>,
    },
    /// A Morris point name that does not exist.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// A Morris rule set that does not exist.
    #[error(transparent)]
    MorrisRules(#[from] ludus_morris::ParseRulesError),
    /// A Morris set-up the rules crate refuses.
    #[error("{0}")]
    Morris(#[from] SetupError),
}

impl SetupRefusal {
    /// A stable machine name of the refusal.
    pub fn code(&self) -> &'static str {
        match self {
            SetupRefusal::Length(_) => "setup-length",
            SetupRefusal::Dice(error) => error.code(),
            SetupRefusal::Checkers { .. } => "setup-checkers",
            SetupRefusal::Board(_) => "illegal-position",
            SetupRefusal::Start { refusal, .. } => match refusal {
                StartRefusal::NoCheckers(_) => "setup-no-checkers",
                StartRefusal::GameOver => "setup-over",
                StartRefusal::AnswerPending => "setup-pending",
                StartRefusal::Cube { .. } => "setup-cube",
                StartRefusal::Score { .. } => "setup-score",
            },
            SetupRefusal::Square(error) => error.code(),
            SetupRefusal::MorrisRules(error) => error.code(),
            SetupRefusal::Morris(error) => match error {
                SetupError::TooManyPieces { .. } => "setup-pieces",
                SetupError::InconsistentHands { .. } => "setup-hands",
                SetupError::TooFewPieces { .. } => "setup-few-pieces",
                SetupError::Blocked(_) => "setup-blocked",
                SetupError::OutsideBoard { .. } | SetupError::SharedPoint(_) => "illegal-position",
            },
        }
    }

    /// The values the message names (`side` is `white` or `black`).
    pub fn params(&self) -> crate::params::Params {
        let side = |side: Side| ("side", side.to_string());
        match self {
            SetupRefusal::Length(length) => vec![("length", length.to_string())],
            SetupRefusal::Dice(error) => error.params(),
            SetupRefusal::Checkers { side: who, count } => {
                vec![side(*who), ("count", count.to_string())]
            }
            SetupRefusal::Board(error) => vec![("reason", error.to_string())],
            SetupRefusal::Start { refusal, side: who } => {
                let mut params: crate::params::Params = who.iter().map(|&s| side(s)).collect();
                match *refusal {
                    StartRefusal::Cube { value, max } => {
                        params.extend([("value", value.to_string()), ("max", max.to_string())]);
                    }
                    StartRefusal::Score { score, length, .. } => {
                        params
                            .extend([("score", score.to_string()), ("length", length.to_string())]);
                    }
                    _ => {}
                }
                params
            }
            SetupRefusal::Square(error) => error.params(),
            SetupRefusal::MorrisRules(error) => error.params(),
            SetupRefusal::Morris(error) => morris_params(error),
        }
    }
}

/// The values of a Morris set-up refusal.
fn morris_params(error: &SetupError) -> crate::params::Params {
    let side = |color: Color| ("side", morris::side_of(color).to_string());
    match *error {
        SetupError::TooManyPieces { color, count } => {
            vec![side(color), ("count", count.to_string())]
        }
        SetupError::InconsistentHands {
            white,
            black,
            side: color,
        } => vec![
            side(color),
            ("white", white.to_string()),
            ("black", black.to_string()),
        ],
        SetupError::TooFewPieces { color, count } => {
            vec![side(color), ("count", count.to_string())]
        }
        SetupError::Blocked(color) => vec![side(color)],
        SetupError::OutsideBoard { .. } | SetupError::SharedPoint(_) => {
            vec![("reason", error.to_string())]
        }
    }
}

/// Checks `request` by the rules crates and writes its ids.
pub fn write_ids(request: &SetupRequest) -> Result<SetupIds, SetupRefusal> {
    match request {
        SetupRequest::Backgammon(setup) => backgammon_ids(setup),
        SetupRequest::Morris(setup) => morris_ids(setup),
    }
}

/// The refusal of a start, naming the player where there is one.
fn start_refused(refusal: StartRefusal) -> SetupRefusal {
    let side = match refusal {
        StartRefusal::NoCheckers(seat) | StartRefusal::Score { seat, .. } => {
            Some(backgammon::side_of(seat))
        }
        _ => None,
    };
    SetupRefusal::Start { refusal, side }
}

/// Refuses a match state that cannot occur (a match longer than game creation offers, a cube
/// that is no power of two up to the ceiling, a score that has reached the match length) with
/// the reason game creation gives; a finished game or a pending answer may still be analysed.
pub fn check_match_state(position: &BgPosition, state: &MatchState) -> Result<(), SetupRefusal> {
    if state.match_length > MAX_MATCH_LENGTH {
        return Err(SetupRefusal::Length(state.match_length));
    }
    match state.start_refusal(position, Rules::default().max_cube()) {
        Some(refusal @ (StartRefusal::Cube { .. } | StartRefusal::Score { .. })) => {
            Err(start_refused(refusal))
        }
        _ => Ok(()),
    }
}

fn backgammon_ids(setup: &BackgammonSetup) -> Result<SetupIds, SetupRefusal> {
    if setup.length > MAX_MATCH_LENGTH {
        return Err(SetupRefusal::Length(setup.length));
    }
    let dice = setup
        .dice
        .map(|[first, second]| ludus_backgammon::Dice::try_new(first, second))
        .transpose()?;
    let position = backgammon_board(setup)?;
    let on_roll = seat_of_side(setup.turn);
    let state = MatchState {
        cube_value: setup.cube.value,
        cube_owner: setup.cube.owner.map_or(CubeOwner::Centered, |side| {
            CubeOwner::Owned(seat_of_side(side))
        }),
        on_roll,
        crawford: setup.length > 0 && setup.crawford,
        game_state: GameState::Playing,
        turn: on_roll,
        double_offered: false,
        resignation: None,
        dice,
        match_length: setup.length,
        score: [setup.score.white, setup.score.black],
        jacoby: false,
    };
    if let Some(refusal) = state.start_refusal(&position, Rules::default().max_cube()) {
        return Err(start_refused(refusal));
    }
    let xgid = Xgid::new(position, state);
    Ok(SetupIds::Backgammon {
        xgid: xgid.to_string(),
        position_id: position.position_id(),
        match_id: state.match_id().ok(),
    })
}

/// The board of a set-up from the view of the side on roll.
fn backgammon_board(setup: &BackgammonSetup) -> Result<BgPosition, SetupRefusal> {
    // Each side's checkers in its own numbering (25: the bar); Black's point q is White's 25 - q.
    let mut white = [0u8; 26];
    let mut black = [0u8; 26];
    for (index, &count) in setup.points.iter().enumerate() {
        let point = index + 1;
        if count > 0 {
            white[point] = count.unsigned_abs();
        } else {
            black[25 - point] = count.unsigned_abs();
        }
    }
    white[25] = setup.bar.white;
    black[25] = setup.bar.black;
    for (side, checkers) in [(Side::White, &white), (Side::Black, &black)] {
        let count: u32 = checkers.iter().map(|&c| u32::from(c)).sum();
        if count > u32::from(ludus_backgammon::CHECKERS_PER_SIDE) {
            return Err(SetupRefusal::Checkers { side, count });
        }
    }
    let (player, opponent) = match setup.turn {
        Side::White => (white, black),
        Side::Black => (black, white),
    };
    BgPosition::from_board(player, opponent).map_err(|error| match error {
        // Neither side has a checker: White's is named first.
        PositionError::BothBorneOff => SetupRefusal::Start {
            refusal: StartRefusal::NoCheckers(seat_of_side(Side::White)),
            side: Some(Side::White),
        },
        PositionError::WrongCheckerCount { side, count } => SetupRefusal::Checkers {
            side: match side {
                Relative::Player => setup.turn,
                Relative::Opponent => setup.turn.opponent(),
            },
            count,
        },
        other => SetupRefusal::Board(other),
    })
}

fn morris_ids(setup: &MorrisSetup) -> Result<SetupIds, SetupRefusal> {
    let rules: MorrisRules = match setup.rules.as_deref() {
        None | Some("") => MorrisRules::standard(),
        Some(text) => text.parse()?,
    };
    let mut pieces = [0, 0];
    for (name, side) in &setup.points {
        let square: Square = name.parse()?;
        pieces[color_of_side(*side).index()] |= square.bit();
    }
    let setup = Setup {
        pieces,
        in_hand: [setup.in_hand.white, setup.in_hand.black],
        side_to_move: color_of_side(setup.side_to_move),
        plies_since_removal: 0,
    };
    let position = MorrisPosition::playable(setup, &rules)?;
    Ok(SetupIds::Morris {
        fen: Fen::from_state(&MorrisState::Turn(position), 1).to_string(),
        position: position.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn morris(points: &[(&str, Side)], hands: (u8, u8), side_to_move: Side) -> SetupRequest {
        SetupRequest::Morris(MorrisSetup {
            points: points.iter().map(|&(p, s)| (p.to_string(), s)).collect(),
            in_hand: PerSide {
                white: hands.0,
                black: hands.1,
            },
            side_to_move,
            rules: None,
        })
    }

    /// White on its 1 and 2 points, Black on its own 1 point (White's 24).
    fn bearing_off(dice: Option<[u8; 2]>) -> BackgammonSetup {
        let mut points = [0; 24];
        points[0] = 1;
        points[1] = 1;
        points[23] = -1;
        BackgammonSetup {
            points,
            bar: PerSide { white: 0, black: 0 },
            turn: Side::White,
            dice,
            cube: CubeSetting {
                value: 1,
                owner: None,
            },
            length: 0,
            score: PerSide { white: 0, black: 0 },
            crawford: false,
        }
    }

    #[test]
    fn a_backgammon_setup_writes_the_xgid_the_editor_wrote() {
        let ids = write_ids(&SetupRequest::Backgammon(bearing_off(Some([6, 5])))).unwrap();
        let SetupIds::Backgammon { xgid, .. } = ids else {
            panic!("not backgammon");
        };
        assert_eq!(xgid, "XGID=-A---------------------aa-:0:0:-1:65:0:0:0:0:10");
    }

    #[test]
    fn cube_and_score_go_into_the_xgid() {
        let setup = BackgammonSetup {
            cube: CubeSetting {
                value: 4,
                owner: Some(Side::Black),
            },
            length: 7,
            score: PerSide { white: 3, black: 0 },
            ..bearing_off(Some([6, 5]))
        };
        let SetupIds::Backgammon { xgid, match_id, .. } =
            write_ids(&SetupRequest::Backgammon(setup)).unwrap()
        else {
            panic!("not backgammon");
        };
        assert_eq!(xgid, "XGID=-A---------------------aa-:2:1:-1:65:0:3:0:7:10");
        assert!(match_id.is_some());
    }

    #[test]
    fn a_side_without_checkers_and_a_sixteenth_checker_are_refused() {
        let mut setup = bearing_off(None);
        setup.points[23] = 0;
        let refusal = write_ids(&SetupRequest::Backgammon(setup.clone())).unwrap_err();
        assert_eq!(refusal.code(), "setup-no-checkers");
        assert!(refusal.params().contains(&("side", "black".to_string())));
        setup.points[5] = 16;
        let refusal = write_ids(&SetupRequest::Backgammon(setup)).unwrap_err();
        assert_eq!(refusal.code(), "setup-checkers");
        assert!(refusal.params().contains(&("count", "18".to_string())));
    }

    #[test]
    fn a_score_at_the_length_a_long_match_and_a_big_cube_are_refused() {
        let score = BackgammonSetup {
            length: 5,
            score: PerSide { white: 0, black: 5 },
            ..bearing_off(None)
        };
        let long = BackgammonSetup {
            length: 26,
            ..bearing_off(None)
        };
        let cube = BackgammonSetup {
            cube: CubeSetting {
                value: 128,
                owner: None,
            },
            ..bearing_off(None)
        };
        let codes: Vec<&str> = [score, long, cube]
            .into_iter()
            .map(|s| write_ids(&SetupRequest::Backgammon(s)).unwrap_err().code())
            .collect();
        assert_eq!(codes, ["setup-score", "setup-length", "setup-cube"]);
    }

    /// White's three on a7, d7, b4, then Black's on e3, c3, f2.
    const THREE_AGAINST_THREE: [(&str, Side); 6] = [
        ("a7", Side::White),
        ("d7", Side::White),
        ("b4", Side::White),
        ("e3", Side::Black),
        ("c3", Side::Black),
        ("f2", Side::Black),
    ];

    #[test]
    fn a_morris_setup_writes_its_fen_and_text() {
        let ids = write_ids(&morris(&THREE_AGAINST_THREE, (0, 0), Side::White)).unwrap();
        let SetupIds::Morris { fen, position } = ids else {
            panic!("not morris");
        };
        assert!(
            fen.starts_with("***@*@**/***@**O*/O******O w m s 3 0 3 0 0 0 -1 -1 -1 -1 0 0 1"),
            "{fen}"
        );
        assert_eq!(
            position.parse::<MorrisPosition>().unwrap().to_string(),
            position
        );
    }

    #[test]
    fn morris_refusals_name_the_rule() {
        let three = &THREE_AGAINST_THREE[..3];
        let cases = [
            (morris(three, (1, 0), Side::White), "setup-hands"),
            (morris(three, (7, 0), Side::Black), "setup-pieces"),
            (morris(three, (0, 0), Side::White), "setup-few-pieces"),
            (
                morris(&[("z9", Side::White)], (9, 9), Side::White),
                "unknown-square",
            ),
        ];
        for (request, code) in cases {
            assert_eq!(write_ids(&request).unwrap_err().code(), code, "{request:?}");
        }
    }
}
