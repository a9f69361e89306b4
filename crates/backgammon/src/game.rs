//! A game and a match: opening roll, turns, the doubling cube, resignations, scoring, Crawford.

use crate::dice::Dice;
use crate::dice_source::DiceSource;
use crate::match_state::{CubeOwner, DoubleRefusal, GameState, MatchState, Seat, cube_refusal};
use crate::moves::Move;
use crate::position::{Position, RelativeSide, WinKind};
use crate::turn::Turn;
use std::fmt;
use thiserror::Error;

/// The cube ceiling of the source rules: the physical cube's 64 (2^6).
pub const DEFAULT_MAX_CUBE_LOG2: u8 = 6;
/// The highest ceiling a Match ID can describe: 2^15 (the "lifted" ceiling).
pub const LIFTED_MAX_CUBE_LOG2: u8 = 15;

/// Rule options of a match or money session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Points to win the match; 0 for money play.
    pub match_length: u32,
    /// Money play: gammons and backgammons count only after the cube has been turned.
    pub jacoby: bool,
    /// Money play: a player who is doubled may take and at once redouble, keeping the cube.
    pub beavers: bool,
    /// log2 of the highest cube value (6: 64).
    pub max_cube_log2: u8,
}

impl Default for Rules {
    /// Money play, no Jacoby rule, no beavers, cube ceiling 64 (rules.md part B).
    fn default() -> Self {
        Rules {
            match_length: 0,
            jacoby: false,
            beavers: false,
            max_cube_log2: DEFAULT_MAX_CUBE_LOG2,
        }
    }
}

impl Rules {
    /// A match to `length` points (Crawford rule; no Jacoby, no beavers); `match_to(0)` is money
    /// play, [`Rules::default`].
    pub fn match_to(length: u32) -> Rules {
        Rules {
            match_length: length,
            ..Rules::default()
        }
    }

    /// True for money play.
    pub fn is_money(&self) -> bool {
        self.match_length == 0
    }

    /// The highest cube value allowed.
    pub fn max_cube(&self) -> u32 {
        1 << self.max_cube_log2.min(LIFTED_MAX_CUBE_LOG2)
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// The winner bore off all 15 checkers.
    BoreOff(WinKind),
    /// The loser refused a double.
    DoubleRefused,
    /// The loser resigned this much and the winner accepted.
    Resigned(WinKind),
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameOutcome {
    /// Who won.
    pub winner: Seat,
    /// How.
    pub end: GameEnd,
    /// Points won: kind × cube (the cube before the refused double for a drop; with the Jacoby
    /// rule in money play, 1 × cube while the cube is centred).
    pub points: u32,
}

/// What the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The player on roll may double or roll.
    AwaitingRoll,
    /// The player on roll has doubled; the other must take, pass (or beaver).
    Doubled,
    /// The player on roll has these dice and must move.
    Moving(Dice),
    /// `by` offered to resign this much; the other must accept or reject. `dice` are the dice of
    /// the turn that was interrupted, if any.
    ResignationOffered {
        /// Who offered.
        by: Seat,
        /// Single, gammon or backgammon.
        kind: WinKind,
        /// The dice of the interrupted turn.
        dice: Option<Dice>,
    },
    /// The game is over.
    Over(GameOutcome),
}

/// One action in a game's record, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameEvent {
    /// `seat` rolled `dice` and played `play` (`None` while the move is still to come; the
    /// empty move when no checker could move). The opening roll is the first turn's dice.
    Turn {
        /// Who rolled.
        seat: Seat,
        /// The roll (larger die first for the opening roll: one die each).
        dice: Dice,
        /// The move played.
        play: Option<Move>,
    },
    /// `seat` doubled to `value`.
    Double {
        /// The doubler.
        seat: Seat,
        /// The cube value offered.
        value: u32,
    },
    /// `seat` took the double.
    Take {
        /// The taker.
        seat: Seat,
    },
    /// `seat` took and redoubled at once to `value` (money play with beavers).
    Beaver {
        /// The beaverer.
        seat: Seat,
        /// The new cube value.
        value: u32,
    },
    /// `seat` refused the double.
    Pass {
        /// The player who passed.
        seat: Seat,
    },
    /// `seat` offered to resign.
    Resign {
        /// The resigner.
        seat: Seat,
        /// How much.
        kind: WinKind,
    },
    /// `seat` accepted the resignation.
    AcceptResignation {
        /// The winner.
        seat: Seat,
    },
    /// `seat` rejected the resignation.
    RejectResignation {
        /// The player who rejected.
        seat: Seat,
    },
}

/// What a game waits for when an action does not fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Waiting {
    /// The player on roll must roll or double.
    Roll,
    /// A double awaits an answer.
    Answer,
    /// The player on roll must move these dice.
    Move(Dice),
    /// A resignation awaits an answer.
    ResignationAnswer,
    /// The game is over.
    Over,
}

impl fmt::Display for Waiting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Waiting::Roll => f.write_str("the player on roll must roll or double"),
            Waiting::Answer => f.write_str("a double awaits an answer"),
            Waiting::Move(dice) => write!(f, "the player on roll must move {dice}"),
            Waiting::ResignationAnswer => f.write_str("a resignation awaits an answer"),
            Waiting::Over => f.write_str("the game is over"),
        }
    }
}

/// Why the doubled player may not beaver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum BeaverRefusal {
    /// The rules have no beavers (only money play may allow them).
    #[error("beavers are not allowed")]
    NotAllowed,
    /// The cube would pass its ceiling.
    #[error("the cube would pass its ceiling")]
    PastCeiling,
}

/// Why a new game of a match cannot start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum MatchRefusal {
    /// A player has reached the match length.
    #[error("the match is over")]
    MatchOver,
    /// The current game has not ended.
    #[error("a game is still in progress")]
    GameInProgress,
}

/// Why an action is not allowed now.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The action does not fit what the game waits for.
    #[error("cannot {action} now: {waiting}")]
    NotNow {
        /// The action attempted.
        action: &'static str,
        /// What the game waits for instead.
        waiting: Waiting,
    },
    /// A double is not allowed.
    #[error("cannot double: {0}")]
    CannotDouble(DoubleRefusal),
    /// A beaver is not allowed.
    #[error("cannot beaver: {0}")]
    CannotBeaver(BeaverRefusal),
    /// The move is not legal with the dice.
    #[error("illegal move {mv} with {dice}")]
    IllegalMove {
        /// The move, in notation.
        mv: String,
        /// The dice.
        dice: Dice,
    },
    /// The match is over or a game is still in progress.
    #[error("{0}")]
    Match(MatchRefusal),
}

/// Where a game from a set-up position starts ([`Game::from_setup`]): a checked [`Position`]
/// with the player to act, the cube and the dice (not an unchecked board, which Morris's
/// `Setup` is).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameStart {
    /// The board from the view of `on_roll`.
    pub position: Position,
    /// The player to act.
    pub on_roll: Seat,
    /// The cube's value.
    pub cube_value: u32,
    /// Who owns the cube.
    pub cube_owner: CubeOwner,
    /// The dice already rolled, if any.
    pub dice: Option<Dice>,
}

impl GameStart {
    /// The start of a game at `position` (from the view of the side on roll) in the match state
    /// `state`: its side on roll, cube and dice.
    pub fn of(position: Position, state: &crate::match_state::MatchState) -> GameStart {
        GameStart {
            position,
            on_roll: state.on_roll,
            cube_value: state.cube_value,
            cube_owner: state.cube_owner,
            dice: state.dice,
        }
    }
}

/// One game of backgammon with the doubling cube.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    score: [u32; 2],
    crawford: bool,
    position: Position,
    on_roll: Seat,
    cube_value: u32,
    cube_owner: CubeOwner,
    phase: Phase,
    events: Vec<GameEvent>,
    /// Where the game started, when it came from [`Game::from_setup`].
    setup: Option<GameStart>,
}

impl Game {
    /// Starts a game with the opening roll: each player rolls one die (player 0 first), ties
    /// are rolled again, the higher die moves first and plays both dice.
    pub fn new(rules: Rules, score: [u32; 2], crawford: bool, dice: &mut dyn DiceSource) -> Game {
        // Player 0 rolls the first die, player 1 the second.
        let roll = dice.opening_roll();
        let first = if roll.first() > roll.second() {
            Seat::Zero
        } else {
            Seat::One
        };
        Game::with_opening(rules, score, crawford, first, roll.normalized())
    }

    /// Starts a game whose opening roll is known: `first` moves first with `roll` (a non-double;
    /// a double is treated as rolled by the first player anyway).
    pub fn with_opening(
        rules: Rules,
        score: [u32; 2],
        crawford: bool,
        first: Seat,
        roll: Dice,
    ) -> Game {
        Game {
            rules,
            score,
            crawford,
            position: Position::starting(),
            on_roll: first,
            cube_value: 1,
            cube_owner: CubeOwner::Centered,
            phase: Phase::Moving(roll),
            events: vec![GameEvent::Turn {
                seat: first,
                dice: roll,
                play: None,
            }],
            setup: None,
        }
    }

    /// A game from a set-up position (an analysis board's, a pasted XGID's): `on_roll` to act
    /// with `position` from its view, the cube as given, and `dice` already rolled (the game
    /// then starts with that turn) or not (it starts before the roll). Unlike a game from the
    /// opening, its first event is no opening roll, and `.mat` records (which start every game
    /// from the starting position) cannot hold it.
    pub fn from_setup(rules: Rules, score: [u32; 2], crawford: bool, setup: GameStart) -> Game {
        let (phase, events) = match setup.dice {
            Some(dice) => (
                Phase::Moving(dice),
                vec![GameEvent::Turn {
                    seat: setup.on_roll,
                    dice,
                    play: None,
                }],
            ),
            None => (Phase::AwaitingRoll, Vec::new()),
        };
        Game {
            rules,
            score,
            crawford,
            position: setup.position,
            on_roll: setup.on_roll,
            cube_value: setup.cube_value,
            cube_owner: setup.cube_owner,
            phase,
            events,
            setup: Some(setup),
        }
    }

    /// The set-up position the game started from ([`Game::from_setup`]), or `None` for a game
    /// from the opening roll.
    pub fn setup(&self) -> Option<GameStart> {
        self.setup
    }

    /// The game as it started: its set-up, or its opening roll (the first event of a game that
    /// has no set-up).
    pub(crate) fn restarted(&self) -> Game {
        match (self.setup, self.events.first()) {
            (Some(start), _) => Game::from_setup(self.rules, self.score, self.crawford, start),
            (None, Some(&GameEvent::Turn { seat, dice, .. })) => {
                Game::with_opening(self.rules, self.score, self.crawford, seat, dice)
            }
            _ => unreachable!("a game without a set-up starts with its opening roll"),
        }
    }

    /// The board from the view of the player on roll.
    pub fn position(&self) -> Position {
        self.position
    }

    /// The player on roll.
    pub fn on_roll(&self) -> Seat {
        self.on_roll
    }

    /// What the game waits for.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The match score (player 0, player 1) when this game started.
    pub fn score(&self) -> [u32; 2] {
        self.score
    }

    /// True in the Crawford game (no doubling).
    pub fn is_crawford(&self) -> bool {
        self.crawford
    }

    /// Cube value and owner.
    pub fn cube(&self) -> (u32, CubeOwner) {
        (self.cube_value, self.cube_owner)
    }

    /// The record of the game so far.
    pub fn events(&self) -> &[GameEvent] {
        &self.events
    }

    /// The result once the game is over.
    pub fn outcome(&self) -> Option<GameOutcome> {
        match self.phase {
            Phase::Over(outcome) => Some(outcome),
            _ => None,
        }
    }

    /// The player who must act now.
    pub fn turn(&self) -> Seat {
        match self.phase {
            Phase::Doubled => self.on_roll.other(),
            Phase::ResignationOffered { by, .. } => by.other(),
            _ => self.on_roll,
        }
    }

    /// Everything around the board, as gnubg's Match ID holds it. Once the game is over, like
    /// gnubg, the score includes the game's points, and after an accepted resignation the
    /// resignation stays and the acceptor is the player to act.
    pub fn match_state(&self) -> MatchState {
        let mut score = self.score;
        let mut turn = self.turn();
        if let Phase::Over(outcome) = self.phase {
            score[outcome.winner.index()] += outcome.points;
            turn = match outcome.end {
                GameEnd::Resigned(_) => outcome.winner,
                GameEnd::DoubleRefused => self.on_roll.other(),
                GameEnd::BoreOff(_) => self.on_roll,
            };
        }
        let (game_state, dice, resignation) = match self.phase {
            Phase::Moving(dice) => (GameState::Playing, Some(dice), None),
            Phase::ResignationOffered { kind, dice, .. } => (GameState::Playing, dice, Some(kind)),
            Phase::Over(outcome) => match outcome.end {
                GameEnd::BoreOff(_) => (GameState::Over, None, None),
                GameEnd::DoubleRefused => (GameState::Dropped, None, None),
                GameEnd::Resigned(kind) => (GameState::Resigned, None, Some(kind)),
            },
            _ => (GameState::Playing, None, None),
        };
        MatchState {
            cube_value: self.cube_value,
            cube_owner: self.cube_owner,
            on_roll: self.on_roll,
            crawford: self.crawford,
            game_state,
            turn,
            double_offered: self.phase == Phase::Doubled,
            resignation,
            dice,
            match_length: self.rules.match_length,
            score,
            jacoby: self.rules.is_money() && self.rules.jacoby,
        }
    }

    /// The legal moves of the player on roll, once the dice are rolled.
    pub fn legal_moves(&self) -> Vec<Move> {
        match self.phase {
            Phase::Moving(dice) => self.position.legal_moves(dice),
            _ => Vec::new(),
        }
    }

    /// A fresh [`Turn`] to build the move checker by checker, while the player on roll must move.
    pub fn turn_builder(&self) -> Option<Turn> {
        match self.phase {
            Phase::Moving(dice) => Some(Turn::new(self.position, dice)),
            _ => None,
        }
    }

    fn not_now(&self, action: &'static str) -> GameError {
        let waiting = match self.phase {
            Phase::AwaitingRoll => Waiting::Roll,
            Phase::Doubled => Waiting::Answer,
            Phase::Moving(dice) => Waiting::Move(dice),
            Phase::ResignationOffered { .. } => Waiting::ResignationAnswer,
            Phase::Over(_) => Waiting::Over,
        };
        GameError::NotNow { action, waiting }
    }

    /// Why the player on roll may not double now, if so.
    pub fn double_refusal(&self) -> Option<DoubleRefusal> {
        if self.phase != Phase::AwaitingRoll {
            return Some(DoubleRefusal::NotBeforeRoll);
        }
        let max = self.rules.max_cube();
        cube_refusal(
            self.crawford,
            self.cube_owner,
            self.on_roll,
            self.cube_value,
            max,
        )
    }

    /// The player on roll doubles.
    pub fn double(&mut self) -> Result<(), GameError> {
        if let Some(reason) = self.double_refusal() {
            return Err(GameError::CannotDouble(reason));
        }
        self.events.push(GameEvent::Double {
            seat: self.on_roll,
            value: self.cube_value * 2,
        });
        self.phase = Phase::Doubled;
        Ok(())
    }

    /// The doubled player takes: the cube doubles and goes to the taker.
    pub fn take(&mut self) -> Result<(), GameError> {
        if self.phase != Phase::Doubled {
            return Err(self.not_now("take"));
        }
        let taker = self.on_roll.other();
        self.cube_value *= 2;
        self.cube_owner = CubeOwner::Owned(taker);
        self.events.push(GameEvent::Take { seat: taker });
        self.phase = Phase::AwaitingRoll;
        Ok(())
    }

    /// The doubled player takes and redoubles at once, keeping the cube (money play with the
    /// beaver option).
    pub fn beaver(&mut self) -> Result<(), GameError> {
        if self.phase != Phase::Doubled {
            return Err(self.not_now("beaver"));
        }
        if !(self.rules.is_money() && self.rules.beavers) {
            return Err(GameError::CannotBeaver(BeaverRefusal::NotAllowed));
        }
        if self.cube_value * 4 > self.rules.max_cube() {
            return Err(GameError::CannotBeaver(BeaverRefusal::PastCeiling));
        }
        let beaverer = self.on_roll.other();
        self.cube_value *= 4;
        self.cube_owner = CubeOwner::Owned(beaverer);
        self.events.push(GameEvent::Beaver {
            seat: beaverer,
            value: self.cube_value,
        });
        self.phase = Phase::AwaitingRoll;
        Ok(())
    }

    /// The doubled player passes: the doubler wins the current cube value.
    pub fn pass(&mut self) -> Result<(), GameError> {
        if self.phase != Phase::Doubled {
            return Err(self.not_now("pass"));
        }
        self.events.push(GameEvent::Pass {
            seat: self.on_roll.other(),
        });
        self.finish(self.on_roll, GameEnd::DoubleRefused);
        Ok(())
    }

    /// The player on roll rolls the dice from `source`.
    pub fn roll(&mut self, source: &mut dyn DiceSource) -> Result<Dice, GameError> {
        let dice = source.roll();
        self.roll_with(dice)?;
        Ok(dice)
    }

    /// The player on roll rolls these dice (replays, tests).
    pub fn roll_with(&mut self, dice: Dice) -> Result<(), GameError> {
        if self.phase != Phase::AwaitingRoll {
            return Err(self.not_now("roll"));
        }
        self.events.push(GameEvent::Turn {
            seat: self.on_roll,
            dice,
            play: None,
        });
        self.phase = Phase::Moving(dice);
        Ok(())
    }

    /// The player on roll plays `mv` (the empty move when no checker can move).
    pub fn play(&mut self, mv: &Move) -> Result<(), GameError> {
        let Phase::Moving(dice) = self.phase else {
            return Err(self.not_now("move"));
        };
        let legal = self.position.legal_moves_with_positions(dice);
        // The checker moves as given when that order is legal and ends on a legal board;
        // otherwise the same checker moves in any order (compared without the hits, which
        // depend on the order).
        let as_given = self
            .position
            .in_order(dice, mv.checker_moves())
            .and_then(|ordered| {
                let after = self.position.apply(&ordered);
                legal
                    .iter()
                    .any(|(_, p)| *p == after)
                    .then_some((ordered, after))
            });
        let canonical = |m: &Move| {
            let mut steps: Vec<(u8, u8)> =
                m.checker_moves().iter().map(|s| (s.from, s.to)).collect();
            steps.sort_unstable();
            steps
        };
        let wanted = canonical(mv);
        let found =
            as_given.or_else(|| legal.iter().find(|(m, _)| canonical(m) == wanted).copied());
        let Some((played, after)) = found else {
            return Err(GameError::IllegalMove {
                mv: mv.to_string(),
                dice,
            });
        };
        // The turn's own event: a resignation refused since the roll may stand after it.
        let turn = self.events.iter_mut().rev().find_map(|event| match event {
            GameEvent::Turn { play, .. } => Some(play),
            _ => None,
        });
        if let Some(play) = turn {
            *play = Some(played);
        }
        let mover = self.on_roll;
        if let Some(result) = after.game_result() {
            self.position = after;
            self.finish(mover, GameEnd::BoreOff(result.kind));
            return Ok(());
        }
        self.position = after.swapped();
        self.on_roll = mover.other();
        self.phase = Phase::AwaitingRoll;
        Ok(())
    }

    /// The player on roll plays a move written in notation.
    pub fn play_text(&mut self, text: &str) -> Result<(), GameError> {
        let Phase::Moving(dice) = self.phase else {
            return Err(self.not_now("move"));
        };
        let mv = self
            .position
            .parse_move(dice, text)
            .map_err(|_| GameError::IllegalMove {
                mv: text.to_string(),
                dice,
            })?;
        self.play(&mv)
    }

    /// `seat` offers to resign `kind` (before rolling or before moving, either player).
    pub fn resign(&mut self, seat: Seat, kind: WinKind) -> Result<(), GameError> {
        let dice = match self.phase {
            Phase::AwaitingRoll => None,
            Phase::Moving(dice) => Some(dice),
            _ => return Err(self.not_now("resign")),
        };
        self.events.push(GameEvent::Resign { seat, kind });
        self.phase = Phase::ResignationOffered {
            by: seat,
            kind,
            dice,
        };
        Ok(())
    }

    /// The other player accepts the resignation and wins.
    pub fn accept_resignation(&mut self) -> Result<(), GameError> {
        let Phase::ResignationOffered { by, kind, .. } = self.phase else {
            return Err(self.not_now("accept a resignation"));
        };
        self.events
            .push(GameEvent::AcceptResignation { seat: by.other() });
        self.finish(by.other(), GameEnd::Resigned(kind));
        Ok(())
    }

    /// The other player rejects the resignation; play goes on.
    pub fn reject_resignation(&mut self) -> Result<(), GameError> {
        let Phase::ResignationOffered { by, dice, .. } = self.phase else {
            return Err(self.not_now("reject a resignation"));
        };
        self.events
            .push(GameEvent::RejectResignation { seat: by.other() });
        self.phase = dice.map_or(Phase::AwaitingRoll, Phase::Moving);
        Ok(())
    }

    fn finish(&mut self, winner: Seat, end: GameEnd) {
        let points = score_points(&self.rules, self.cube_value, self.cube_owner, end);
        self.phase = Phase::Over(GameOutcome {
            winner,
            end,
            points,
        });
    }
}

/// Points won for a game ending this way with this cube.
pub fn score_points(rules: &Rules, cube_value: u32, cube_owner: CubeOwner, end: GameEnd) -> u32 {
    let kind = match end {
        GameEnd::DoubleRefused => return cube_value,
        GameEnd::BoreOff(kind) | GameEnd::Resigned(kind) => kind,
    };
    let jacoby_applies = rules.is_money() && rules.jacoby && cube_owner == CubeOwner::Centered;
    let multiplier = if jacoby_applies { 1 } else { kind.multiplier() };
    multiplier * cube_value
}

/// The resignation worth `points` with this cube (the smallest kind when several are: under the
/// Jacoby rule all three are worth the cube): how a record that gives only the points, like
/// `.mat` and SGF, ends a game that stopped before its end. `None` when no resignation is worth
/// that much.
pub fn resignation_worth(
    rules: &Rules,
    cube_value: u32,
    cube_owner: CubeOwner,
    points: u32,
) -> Option<WinKind> {
    [WinKind::Single, WinKind::Gammon, WinKind::Backgammon]
        .into_iter()
        .find(|&kind| {
            score_points(rules, cube_value, cube_owner, GameEnd::Resigned(kind)) == points
        })
}

/// A match to N points (or a money session when N is 0): its games and score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    rules: Rules,
    names: [String; 2],
    games: Vec<Game>,
    /// The score before the first game (a match taken up from a set-up position).
    start_score: [u32; 2],
    /// The Crawford game was played before the first game (a set-up position after it).
    crawford_before: bool,
}

impl Match {
    /// A new match between players named `names` (player 0, player 1).
    pub fn new(rules: Rules, names: [String; 2]) -> Match {
        Match {
            rules,
            names,
            games: Vec::new(),
            start_score: [0, 0],
            crawford_before: false,
        }
    }

    /// A match taken up at `score` with `first`, a game from a set-up position
    /// ([`Game::from_setup`], built with the same rules and score), as its first game.
    /// A set-up game at one point short of the match length that is not the Crawford game is
    /// after it: no later game is the Crawford game.
    pub fn from_setup(names: [String; 2], score: [u32; 2], first: Game) -> Match {
        let length = first.rules().match_length;
        let post_crawford =
            length > 0 && !first.is_crawford() && score.contains(&(length.saturating_sub(1)));
        Match {
            rules: first.rules(),
            names,
            games: vec![first],
            start_score: score,
            crawford_before: post_crawford,
        }
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The players' names.
    pub fn names(&self) -> &[String; 2] {
        &self.names
    }

    /// The games, the last possibly in progress.
    pub fn games(&self) -> &[Game] {
        &self.games
    }

    /// The game in progress or just finished.
    pub fn current(&self) -> Option<&Game> {
        self.games.last()
    }

    /// The game in progress, to act in.
    pub fn current_mut(&mut self) -> Option<&mut Game> {
        self.games.last_mut().filter(|g| g.outcome().is_none())
    }

    /// Points of player 0 and player 1 from the finished games (and the score the match was
    /// taken up at, see [`Match::from_setup`]).
    pub fn score(&self) -> [u32; 2] {
        let mut score = self.start_score;
        for outcome in self.games.iter().filter_map(Game::outcome) {
            score[outcome.winner.index()] += outcome.points;
        }
        score
    }

    /// The winner of a match once a player has reached the match length (never for money).
    pub fn winner(&self) -> Option<Seat> {
        let length = self.rules.match_length;
        if length == 0 {
            return None;
        }
        let score = self.score();
        [Seat::Zero, Seat::One]
            .into_iter()
            .find(|s| score[s.index()] >= length)
    }

    /// Whether the next game is the Crawford game: the first game after a player reaches one
    /// point short of the match length.
    pub fn next_is_crawford(&self) -> bool {
        let length = self.rules.match_length;
        if length == 0 || self.crawford_before || self.games.iter().any(Game::is_crawford) {
            return false;
        }
        let score = self.score();
        score.contains(&(length - 1)) && self.winner().is_none()
    }

    /// Starts the next game with an opening roll from `dice`.
    pub fn new_game(&mut self, dice: &mut dyn DiceSource) -> Result<&mut Game, GameError> {
        self.check_can_start()?;
        let game = Game::new(self.rules, self.score(), self.next_is_crawford(), dice);
        self.games.push(game);
        Ok(self.games.last_mut().expect("just pushed"))
    }

    /// Starts the next game with a known opening roll.
    pub fn new_game_with_opening(
        &mut self,
        first: Seat,
        roll: Dice,
    ) -> Result<&mut Game, GameError> {
        self.check_can_start()?;
        let game = Game::with_opening(
            self.rules,
            self.score(),
            self.next_is_crawford(),
            first,
            roll,
        );
        self.games.push(game);
        Ok(self.games.last_mut().expect("just pushed"))
    }

    /// Drops game `index` and the later games, and puts `game` in their place.
    pub(crate) fn replace_games_from(&mut self, index: usize, game: Game) {
        self.games.truncate(index);
        self.games.push(game);
    }

    fn check_can_start(&self) -> Result<(), GameError> {
        if self.winner().is_some() {
            return Err(GameError::Match(MatchRefusal::MatchOver));
        }
        if self.games.last().is_some_and(|g| g.outcome().is_none()) {
            return Err(GameError::Match(MatchRefusal::GameInProgress));
        }
        Ok(())
    }
}

impl RelativeSide {
    /// The seat of this side when `on_roll` is on roll.
    pub fn seat(self, on_roll: Seat) -> Seat {
        match self {
            RelativeSide::Player => on_roll,
            RelativeSide::Opponent => on_roll.other(),
        }
    }
}
