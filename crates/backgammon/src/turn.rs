//! A turn built one checker step at a time, as front ends let a player make it: the steps legal
//! now, a step played or taken back, the board so far, and the finished [`Move`].
//!
//! A step is offered only when it leads to one of [`Position::legal_moves`]: every dice-usage
//! rule holds (the most dice used, the higher die when only one of two can be played), and a
//! checker may travel several dice at once ([`Turn::journeys`]). The search behind it visits each
//! distinct (board, dice left) state of the turn once, so even a double with thousands of orders
//! costs a few thousand board updates.

use crate::dice::Dice;
use crate::moves::{CheckerMove, MAX_CHECKER_MOVES, Move};
use crate::position::{BAR, HOME_POINTS, OFF, POINTS, Position};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use thiserror::Error;

/// One checker moved by one die, from the mover's view (`from` 25 is the bar, `to` 0 is off).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// The point the checker leaves (25 = bar).
    pub from: u8,
    /// The point it lands on (0 = borne off).
    pub to: u8,
    /// The die used (larger than `from - to` only when bearing off from the highest point).
    pub die: u8,
    /// True when it hits an opposing blot on `to`.
    pub hit: bool,
}

impl Step {
    /// The step as a checker move of a [`Move`] (the die is implied by the points).
    pub fn checker_move(&self) -> CheckerMove {
        CheckerMove {
            from: self.from,
            to: self.to,
            hit: self.hit,
        }
    }
}

/// One checker's trip over one or more steps in a row: what a front end does on one click from
/// `from` to `to` ("several dice at once").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Journey {
    /// The point the checker leaves.
    pub from: u8,
    /// Where it ends.
    pub to: u8,
    /// The steps, in order; each one is legal when its turn comes.
    pub steps: Vec<Step>,
}

impl Journey {
    fn hits(&self) -> usize {
        self.steps.iter().filter(|step| step.hit).count()
    }
}

/// Why a step cannot be played now.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TurnError {
    /// No legal move continues with a checker from `from` to `to` now.
    #[error(
        "no checker may go from {from} to {to} now (points of the side on roll; 25 = bar, 0 = off)"
    )]
    NoSuchStep {
        /// The point left.
        from: u8,
        /// The point aimed at.
        to: u8,
    },
    /// Every die that can be used is used: the move is complete.
    #[error("the move is complete: confirm it or take a checker back")]
    Complete,
}

/// The dice not used yet, largest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct DiceLeft {
    faces: [u8; MAX_CHECKER_MOVES],
    len: u8,
}

impl DiceLeft {
    fn of(dice: Dice) -> DiceLeft {
        if dice.is_double() {
            DiceLeft {
                faces: [dice.high(); MAX_CHECKER_MOVES],
                len: MAX_CHECKER_MOVES as u8,
            }
        } else {
            DiceLeft {
                faces: [dice.high(), dice.low(), 0, 0],
                len: 2,
            }
        }
    }

    fn as_slice(&self) -> &[u8] {
        &self.faces[..usize::from(self.len)]
    }

    /// Each face once, largest first.
    fn distinct(&self) -> impl Iterator<Item = u8> + '_ {
        let faces = self.as_slice();
        faces
            .iter()
            .enumerate()
            .filter(move |&(i, face)| i == 0 || faces[i - 1] != *face)
            .map(|(_, &face)| face)
    }

    fn without(&self, die: u8) -> DiceLeft {
        let mut rest = DiceLeft {
            faces: [0; MAX_CHECKER_MOVES],
            len: 0,
        };
        let mut removed = false;
        for &face in self.as_slice() {
            if face == die && !removed {
                removed = true;
            } else {
                rest.faces[usize::from(rest.len)] = face;
                rest.len += 1;
            }
        }
        rest
    }
}

/// A state of the turn: the board and the dice still to use.
type State = (Position, DiceLeft);

/// A turn being built: the position at its start, the dice, and the steps taken so far.
///
/// ```
/// use ludus_backgammon::{Position, Turn};
/// let mut turn = Turn::new(Position::starting(), "31".parse().unwrap());
/// assert_eq!(turn.sources(), [24, 13, 8, 6]); // points a checker may leave now
/// let to: Vec<u8> = turn.journeys(24).iter().map(|j| j.to).collect();
/// assert_eq!(to, [23, 21, 20]); // one die, or both in a row
/// turn.play_checker(8, 5).unwrap();
/// assert_eq!(turn.dice_used(), [(3, true), (1, false)]);
/// turn.undo();
/// assert!(turn.steps().is_empty());
/// ```
#[derive(Debug, Clone)]
pub struct Turn {
    start: Position,
    dice: Dice,
    /// How many dice every legal move uses.
    dice_to_use: usize,
    /// When only one of two different dice can be played: that die.
    only_die: Option<u8>,
    /// The states from which the steps can still end in a legal move (shared by clones).
    viable: Arc<HashSet<State>>,
    steps: Vec<Step>,
    board: Position,
    left: DiceLeft,
}

impl Turn {
    /// The turn of the side on roll of `start` with `dice`, no step taken yet.
    ///
    /// ```
    /// use ludus_backgammon::{Position, Turn};
    /// let mut turn = Turn::new(Position::starting(), "31".parse().unwrap());
    /// turn.play_checker(8, 5).unwrap();
    /// turn.play_checker(6, 5).unwrap();
    /// assert_eq!(turn.finished_move().unwrap().to_string(), "8/5 6/5");
    /// ```
    pub fn new(start: Position, dice: Dice) -> Turn {
        let legal = start.legal_moves_with_positions(dice);
        let dice_to_use = legal.iter().map(|(mv, _)| mv.len()).max().unwrap_or(0);
        let left = DiceLeft::of(dice);
        let high_playable = !steps_with_die(&start, dice.high()).is_empty();
        let only_die = (dice_to_use == 1 && !dice.is_double()).then(|| {
            if high_playable {
                dice.high()
            } else {
                dice.low()
            }
        });
        let mut turn = Turn {
            start,
            dice,
            dice_to_use,
            only_die,
            viable: Arc::default(),
            steps: Vec::new(),
            board: start,
            left,
        };
        let finals: HashSet<Position> = legal.into_iter().map(|(_, after)| after).collect();
        let mut memo = HashMap::new();
        turn.explore((start, left), &finals, &mut memo);
        turn.viable = Arc::new(
            memo.into_iter()
                .filter_map(|(state, viable)| viable.then_some(state))
                .collect(),
        );
        turn
    }

    /// Whether the steps from `state` can end in one of `finals`, remembering every state seen.
    fn explore(
        &self,
        state: State,
        finals: &HashSet<Position>,
        memo: &mut HashMap<State, bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&state) {
            return known;
        }
        let (board, left) = state;
        let used = self.faces() - usize::from(left.len);
        let viable = if used == self.dice_to_use {
            finals.contains(&board)
        } else {
            let mut any = false;
            for step in self.candidate_steps(&board, &left) {
                // Every successor is explored so that the memo knows them all.
                any |= self.explore((after(&board, step), left.without(step.die)), finals, memo);
            }
            any
        };
        memo.insert(state, viable);
        viable
    }

    /// The single steps the movement rules allow on `board` with the dice `left` (and the die
    /// rule when only one die can be played).
    fn candidate_steps(&self, board: &Position, left: &DiceLeft) -> Vec<Step> {
        left.distinct()
            .filter(|&die| self.only_die.is_none_or(|only| only == die))
            .flat_map(|die| steps_with_die(board, die))
            .collect()
    }

    fn faces(&self) -> usize {
        usize::from(DiceLeft::of(self.dice).len)
    }

    /// The position at the start of the turn (the mover's view).
    pub fn start(&self) -> Position {
        self.start
    }

    /// The roll.
    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// The steps taken so far, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The board after the steps so far (the mover's view).
    pub fn board(&self) -> Position {
        self.board
    }

    /// How many dice a legal move uses (0 when no checker can move).
    pub fn dice_to_use(&self) -> usize {
        self.dice_to_use
    }

    /// The dice as rolled (four faces for a double), each with whether a step used it.
    pub fn dice_used(&self) -> Vec<(u8, bool)> {
        let faces: Vec<u8> = if self.dice.is_double() {
            vec![self.dice.high(); MAX_CHECKER_MOVES]
        } else {
            vec![self.dice.first(), self.dice.second()]
        };
        let mut shown: Vec<(u8, bool)> = faces.into_iter().map(|face| (face, false)).collect();
        for step in &self.steps {
            if let Some(die) = shown
                .iter_mut()
                .find(|(face, used)| !used && *face == step.die)
            {
                die.1 = true;
            }
        }
        shown
    }

    /// True once the steps make a whole legal move (at once when no checker can move).
    pub fn is_complete(&self) -> bool {
        self.steps.len() == self.dice_to_use
    }

    /// The move the steps make, once complete: the checker moves in the order played.
    pub fn finished_move(&self) -> Option<Move> {
        if !self.is_complete() {
            return None;
        }
        let moves: Vec<CheckerMove> = self.steps.iter().map(Step::checker_move).collect();
        Move::from_checker_moves(&moves)
    }

    /// Every single step legal now: each leads on to a legal move. Largest die first, then
    /// from the highest point.
    pub fn legal_steps(&self) -> Vec<Step> {
        if self.is_complete() {
            return Vec::new();
        }
        self.candidate_steps(&self.board, &self.left)
            .into_iter()
            .filter(|&step| {
                let next = (after(&self.board, step), self.left.without(step.die));
                self.viable.contains(&next)
            })
            .collect()
    }

    /// The points a checker may leave now, highest first.
    pub fn sources(&self) -> Vec<u8> {
        let mut sources: Vec<u8> = self.legal_steps().iter().map(|step| step.from).collect();
        sources.sort_unstable_by(|a, b| b.cmp(a));
        sources.dedup();
        sources
    }

    /// The legal step from `from` to `to`, if any. Where two dice bear the same checker off, the
    /// smaller one is used (what is left plays the same either way).
    pub fn step_between(&self, from: u8, to: u8) -> Option<Step> {
        self.legal_steps()
            .into_iter()
            .filter(|step| step.from == from && step.to == to)
            .min_by_key(|step| step.die)
    }

    /// Plays a legal step (its `hit` is recomputed from the board).
    pub fn play(&mut self, step: Step) -> Result<(), TurnError> {
        if self.is_complete() {
            return Err(TurnError::Complete);
        }
        let legal = self
            .legal_steps()
            .into_iter()
            .find(|s| (s.from, s.to, s.die) == (step.from, step.to, step.die));
        let Some(step) = legal else {
            return Err(TurnError::NoSuchStep {
                from: step.from,
                to: step.to,
            });
        };
        self.board = after(&self.board, step);
        self.left = self.left.without(step.die);
        self.steps.push(step);
        Ok(())
    }

    /// Moves a checker from `from` to `to` by one die (see [`Turn::step_between`]).
    pub fn play_checker(&mut self, from: u8, to: u8) -> Result<Step, TurnError> {
        if self.is_complete() {
            return Err(TurnError::Complete);
        }
        let step = self
            .step_between(from, to)
            .ok_or(TurnError::NoSuchStep { from, to })?;
        self.play(step)?;
        Ok(step)
    }

    /// Plays the steps of a journey in order; on a refusal nothing is played.
    pub fn play_journey(&mut self, journey: &Journey) -> Result<(), TurnError> {
        let mut next = self.clone();
        for &step in &journey.steps {
            next.play(step)?;
        }
        *self = next;
        Ok(())
    }

    /// Takes back the last step, if any.
    pub fn undo(&mut self) -> Option<Step> {
        let step = self.steps.pop()?;
        self.board = self.start;
        self.left = DiceLeft::of(self.dice);
        for &earlier in &self.steps {
            self.board = after(&self.board, earlier);
            self.left = self.left.without(earlier.die);
        }
        Some(step)
    }

    /// Where the checker on `from` can go now, one die or several in a row, each destination
    /// once: by the fewest steps, and among those the trip that hits least (to hit on the way,
    /// move die by die).
    pub fn journeys(&self, from: u8) -> Vec<Journey> {
        let mut found: Vec<Journey> = Vec::new();
        let mut frontier = vec![(self.clone(), Vec::new())];
        while !frontier.is_empty() {
            let mut next_frontier = Vec::new();
            for (turn, path) in frontier {
                let at = path.last().map_or(from, |step: &Step| step.to);
                let mut targets: Vec<u8> = turn
                    .legal_steps()
                    .iter()
                    .filter(|step| step.from == at)
                    .map(|step| step.to)
                    .collect();
                targets.sort_unstable_by(|a, b| b.cmp(a));
                targets.dedup();
                for to in targets {
                    let mut continued = turn.clone();
                    let Ok(step) = continued.play_checker(at, to) else {
                        continue;
                    };
                    let mut steps = path.clone();
                    steps.push(step);
                    let journey = Journey { from, to, steps };
                    match found.iter_mut().find(|known| known.to == to) {
                        Some(known) if known.steps.len() < journey.steps.len() => {}
                        Some(known) if known.hits() <= journey.hits() => {}
                        Some(known) => *known = journey.clone(),
                        None => found.push(journey.clone()),
                    }
                    if to != OFF {
                        next_frontier.push((continued, journey.steps));
                    }
                }
            }
            frontier = next_frontier;
        }
        found
    }
}

/// The single steps of `die` on `board` by the movement rules: the bar first, never onto two or
/// more opposing checkers, bearing off only with every checker home, exactly or from the highest
/// point with a larger die. Highest point first.
fn steps_with_die(board: &Position, die: u8) -> Vec<Step> {
    let own = &board.player;
    let land = |from: u8| -> Option<Step> {
        let to = from - die;
        let theirs = usize::from(BAR - to);
        (board.opponent[theirs] < 2).then(|| Step {
            from,
            to,
            die,
            hit: board.opponent[theirs] == 1,
        })
    };
    if own[usize::from(BAR)] > 0 {
        return land(BAR).into_iter().collect();
    }
    let highest = (1..=POINTS).rev().find(|&p| own[usize::from(p)] > 0);
    let Some(highest) = highest else {
        return Vec::new();
    };
    let all_home = highest <= HOME_POINTS;
    let mut steps = Vec::new();
    for from in (1..=highest).rev().filter(|&p| own[usize::from(p)] > 0) {
        if from > die {
            steps.extend(land(from));
        } else if all_home && (from == die || from == highest) {
            steps.push(Step {
                from,
                to: OFF,
                die,
                hit: false,
            });
        }
    }
    steps
}

/// The board after one step.
fn after(board: &Position, step: Step) -> Position {
    let mut next = *board;
    next.player[usize::from(step.from)] -= 1;
    next.player[usize::from(step.to)] += 1;
    if step.hit {
        next.opponent[usize::from(BAR - step.to)] = 0;
        next.opponent[usize::from(BAR)] += 1;
    }
    next
}
