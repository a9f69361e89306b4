//! What a page is sent of a backgammon game: the board, the dice and the move being built, the
//! cube, the match, the log and the last play ([`BackgammonView`]).

use super::side_of;
use crate::games::{PerSide, Side};
use ludus_backgammon::{Dice, GameEvent, Move, Position, Seat, Turn};
use serde::Serialize;

/// Checkers on the board, in White's numbering.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardView {
    /// White's points 1..=24: positive counts are White's checkers, negative Black's.
    pub points: Vec<i32>,
    /// Checkers on the bar.
    pub bar: PerSide<u8>,
    /// Checkers borne off.
    pub off: PerSide<u8>,
    /// Pip counts.
    pub pips: PerSide<u32>,
}

impl BoardView {
    /// The board of `position` (from the view of `on_roll`, who is on roll).
    pub fn new(position: &Position, on_roll: Seat) -> BoardView {
        let (mover, other) = (position.player_checkers(), position.opponent_checkers());
        let (white, black) = match on_roll {
            Seat::Zero => (mover, other),
            Seat::One => (other, mover),
        };
        let points = (1..=24)
            .map(|point| i32::from(white[point]) - i32::from(black[25 - point]))
            .collect();
        let (mover_pips, other_pips) = position.pip_count();
        let pips = match on_roll {
            Seat::Zero => [mover_pips, other_pips],
            Seat::One => [other_pips, mover_pips],
        };
        BoardView {
            points,
            bar: PerSide::from_pair([white[25], black[25]]),
            off: PerSide::from_pair([white[0], black[0]]),
            pips: PerSide::from_pair(pips),
        }
    }
}

/// One die of the roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DieView {
    /// The number shown.
    pub face: u8,
    /// Whether a step of the move so far used it.
    pub used: bool,
}

/// Where a checker may go next: one click from `from` to `to`, over the steps listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NextStep {
    /// The point the checker leaves (mover's numbering: 25 the bar).
    pub from: u8,
    /// Where it ends (0: borne off).
    pub to: u8,
    /// The single-die steps that take it there, `[from, to]` each, to add to `taken`.
    pub steps: Vec<[u8; 2]>,
}

/// A move being built checker by checker (the rules crate's [`Turn`]): everything the page needs
/// to show it and to offer the next steps, so that the browser applies no rule itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepsView {
    /// The steps taken so far, `[from, to]` in the mover's numbering (25 the bar, 0 off).
    pub taken: Vec<[u8; 2]>,
    /// The board after them.
    pub board: BoardView,
    /// The dice as rolled (four for a double), each marked once a step used it.
    pub dice: Vec<DieView>,
    /// Every click legal now; empty once the move is complete.
    pub next: Vec<NextStep>,
    /// True once the steps make a whole legal move.
    pub complete: bool,
    /// That move in notation (what to send to `/moves`), once complete.
    #[serde(rename = "move")]
    pub mv: Option<String>,
}

impl StepsView {
    /// The view of `turn`, played by `on_roll`.
    pub fn new(turn: &Turn, on_roll: Seat) -> StepsView {
        let pair = |from: u8, to: u8| [from, to];
        let next = turn
            .sources()
            .into_iter()
            .flat_map(|from| turn.journeys(from))
            .map(|journey| NextStep {
                from: journey.from,
                to: journey.to,
                steps: journey.steps.iter().map(|s| pair(s.from, s.to)).collect(),
            })
            .collect();
        StepsView {
            taken: turn.steps().iter().map(|s| pair(s.from, s.to)).collect(),
            board: BoardView::new(&turn.board(), on_roll),
            dice: turn
                .dice_used()
                .into_iter()
                .map(|(face, used)| DieView { face, used })
                .collect(),
            next,
            complete: turn.is_complete(),
            mv: turn.finished_move().map(|mv| mv.to_string()),
        }
    }
}

/// What the backgammon game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BackgammonPhase {
    /// Roll (or double).
    Roll,
    /// Move the dice rolled.
    Move,
    /// Answer a double.
    Doubled,
    /// Answer a resignation.
    Resignation,
    /// The game or match is over.
    Over,
}

/// The doubling cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CubeView {
    /// Whether this game uses it.
    pub enabled: bool,
    /// Its value.
    pub value: u32,
    /// Its owner; `None` while centred.
    pub owner: Option<Side>,
    /// A double awaits its answer.
    pub offered: bool,
    /// The value the pending double offers, while one does.
    pub offered_value: Option<u32>,
}

/// The match around the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MatchView {
    /// Points to win; 0 for a money game.
    pub length: u32,
    /// Points so far.
    pub score: PerSide<u32>,
    /// This is the Crawford game.
    pub crawford: bool,
    /// The number of the game, from 1.
    pub game: usize,
}

/// How the last finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LastGameView {
    /// Its winner.
    pub winner: Side,
    /// Points won.
    pub points: u32,
    /// `single`, `gammon`, `backgammon`, `pass` or `resign`.
    pub kind: &'static str,
}

/// One line of the game log, as the `.mat` record words it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogLine {
    /// The game it belongs to, from 1.
    pub game: usize,
    /// Who acted.
    pub side: Side,
    /// What happened (`31: 8/5 6/5`, `Doubles => 2`, …).
    pub text: String,
}

/// One checker of a played move: from the mover's view (25 the bar, 0 off).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PlayedStep {
    /// The point the checker left.
    pub from: u8,
    /// Where it landed.
    pub to: u8,
    /// Whether it hit a blot there.
    pub hit: bool,
}

impl PlayedStep {
    /// The checkers of `play`, in the order played (the mover's numbering).
    pub fn of_move(play: &ludus_backgammon::Move) -> Vec<PlayedStep> {
        play.checker_moves()
            .iter()
            .map(|step| PlayedStep {
                from: step.from,
                to: step.to,
                hit: step.hit,
            })
            .collect()
    }
}

/// The last move played in the game on the board, for marking and animating it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LastPlayView {
    /// Who played it.
    pub side: Side,
    /// The dice.
    pub dice: [u8; 2],
    /// Its checkers in the order played, in the mover's numbering; empty when no checker could
    /// move.
    pub steps: Vec<PlayedStep>,
    /// The board before the move, then after each of its checkers (a hit blot on the bar from
    /// the step that hits it), in White's numbering: what the page animates.
    pub boards: Vec<BoardView>,
}

impl LastPlayView {
    /// The last move of `game`, if one has been played.
    pub(crate) fn of(game: &ludus_backgammon::Game) -> Option<LastPlayView> {
        let (seat, dice, play) = game.events().iter().rev().find_map(|event| match *event {
            GameEvent::Turn {
                seat,
                dice,
                play: Some(play),
            } => Some((seat, dice, play)),
            _ => None,
        })?;
        // No board has changed since: the mover's board after the move is the game's.
        let after = if game.on_roll() == seat {
            game.position()
        } else {
            game.position().swapped()
        };
        Some(LastPlayView::played(
            seat,
            dice,
            &play,
            &after.before(&play),
        ))
    }

    /// The view of `play`, made by `seat` with `dice` on the board `before` (the mover's view).
    pub fn played(seat: Seat, dice: Dice, play: &Move, before: &Position) -> LastPlayView {
        LastPlayView {
            side: side_of(seat),
            dice: [dice.first(), dice.second()],
            steps: PlayedStep::of_move(play),
            boards: before
                .boards_of(play)
                .iter()
                .map(|board| BoardView::new(board, seat))
                .collect(),
        }
    }
}

/// The backgammon board and everything around it, as the API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BackgammonView {
    /// The checkers (points, bar, off, pips at the top level of the view).
    #[serde(flatten)]
    pub board: BoardView,
    /// The side on roll (`None` before the first game).
    pub turn: Option<Side>,
    /// What the game waits for.
    pub phase: BackgammonPhase,
    /// The dice as rolled, while a move is to be made.
    pub dice: Option<[u8; 2]>,
    /// The move to be made, checker by checker: no step taken yet (the next views come from
    /// `GET /api/games/{id}/steps`).
    pub steps: Option<StepsView>,
    /// The cube.
    pub cube: CubeView,
    /// The match.
    #[serde(rename = "match")]
    pub match_state: MatchView,
    /// How the last finished game ended.
    pub last_game: Option<LastGameView>,
    /// The last move played in the game on the board.
    pub last_play: Option<LastPlayView>,
    /// The play gnubg's automatic bear-off makes now, in notation, while a move is to be made
    /// ([`ludus_backgammon::Position::automatic_bear_off`]: no contact, and one play bears off a
    /// checker with each die); the browser plays it when its setting allows.
    pub auto_play: Option<String>,
    /// gnubg's Position ID of the board, side on roll first.
    pub position_id: Option<String>,
    /// gnubg's Match ID.
    pub match_id: Option<String>,
    /// The position and match state as an XGID (eXtreme Gammon's one-line id), what the
    /// analysis board reads.
    pub xgid: Option<String>,
    /// Every action of every game.
    pub log: Vec<LogLine>,
}
