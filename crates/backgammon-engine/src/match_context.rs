//! The cube and score context of a decision, from the rules crate's `MatchState` (gnubg Match
//! ID): cube value and owner relative to the side on roll, the scores as points away, the
//! Crawford stage, the dice; and equities normalised in that context (money: per unit of cube;
//! match: gnubg's EMG).

use crate::cube::{
    CubeState, MatchPayoff, Met, MoneyOptions, Payoff, cube_decision, efficiency_for,
    exact_money_equity,
};
use crate::probabilities::Probabilities;
use ludus_backgammon::{CrawfordStage, CubeOwner, Dice, MatchState, Position, RelativeSide};

/// Largest cube value the engine's cube model handles (the physical cube).
const MAX_CUBE_VALUE: u32 = 64;

/// Why a Match ID cannot be used as a decision context.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MatchContextError {
    /// The Match ID itself is malformed.
    #[error(transparent)]
    MatchId(#[from] ludus_backgammon::MatchIdError),
    /// A field out of the engine's range.
    #[error("{0}")]
    Field(&'static str),
}

/// The decision context: cube, scores, dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchContext {
    /// The cube, ownership relative to the side on roll.
    pub cube: CubeState,
    /// Match length (0 = money game).
    pub length: u32,
    /// Points the side on roll still needs (match play).
    pub away_me: u32,
    /// Points the opponent still needs (match play).
    pub away_opponent: u32,
    /// Crawford stage.
    pub crawford: CrawfordStage,
    /// Dice rolled, if any.
    pub dice: Option<Dice>,
    /// The money game's optional rules (Jacoby, beavers); unused in match play.
    pub money: MoneyOptions,
}

impl Default for MatchContext {
    /// Money play, centred cube, no dice.
    fn default() -> Self {
        MatchContext {
            cube: CubeState::default(),
            length: 0,
            away_me: 0,
            away_opponent: 0,
            crawford: CrawfordStage::Before,
            dice: None,
            money: MoneyOptions::default(),
        }
    }
}

impl MatchContext {
    /// Reads a gnubg Match ID.
    pub fn from_match_id(id: &str) -> Result<MatchContext, MatchContextError> {
        MatchContext::from_match_state(&MatchState::from_match_id(id.trim())?)
    }

    /// The context of a match state, seen from its player on roll.
    pub fn from_match_state(state: &MatchState) -> Result<MatchContext, MatchContextError> {
        if state.cube_value > MAX_CUBE_VALUE {
            return Err(MatchContextError::Field("cube value above 64"));
        }
        let me = state.on_roll;
        let them = me.other();
        let (mine, theirs) = (state.score[me.index()], state.score[them.index()]);
        let length = state.match_length;
        if length > 0 && (mine >= length || theirs >= length) {
            return Err(MatchContextError::Field("a score reaches the match length"));
        }
        let owner = match state.cube_owner {
            CubeOwner::Centered => None,
            CubeOwner::Owned(seat) if seat == me => Some(RelativeSide::Player),
            CubeOwner::Owned(_) => Some(RelativeSide::Opponent),
        };
        let (away_me, away_opponent) = if length > 0 {
            (length - mine, length - theirs)
        } else {
            (0, 0)
        };
        Ok(MatchContext {
            cube: CubeState {
                value: state.cube_value,
                owner,
            },
            length,
            away_me,
            away_opponent,
            crawford: state.crawford_stage(),
            dice: state.dice,
            money: MoneyOptions::default(),
        })
    }

    /// The same game seen from the opponent: its cube ownership, its scores; no dice (the
    /// context after a play, when the opponent is next on roll).
    pub fn swapped(&self) -> MatchContext {
        MatchContext {
            cube: CubeState {
                value: self.cube.value,
                owner: self.cube.owner.map(RelativeSide::other),
            },
            away_me: self.away_opponent,
            away_opponent: self.away_me,
            dice: None,
            ..*self
        }
    }

    /// True for money play.
    pub fn is_money(&self) -> bool {
        self.length == 0
    }

    /// The same context in money play under `money` (Jacoby, beavers); match play is left as
    /// it is.
    #[must_use]
    pub fn with_money_options(self, money: MoneyOptions) -> MatchContext {
        MatchContext { money, ..self }
    }

    /// The payoff of this context (money under its options, or match winning chances from
    /// `met`).
    pub fn payoff<'a>(&self, met: &'a Met) -> Box<dyn Payoff + 'a> {
        if self.is_money() {
            Box::new(self.money)
        } else {
            Box::new(MatchPayoff {
                away_me: self.away_me,
                away_opponent: self.away_opponent,
                crawford: self.crawford,
                met,
            })
        }
    }
}

/// A cubeful equity in the payoff's units (`raw`) as normalised equity: in money play per unit
/// of cube (divided by the cube value); in match play the match winning chance mapped linearly
/// so that losing / winning a single game at the current cube is −1 / +1 (gnubg's "EMG").
pub fn normalised_equity(payoff: &dyn Payoff, context: &MatchContext, raw: f64) -> f64 {
    let value = context.cube.value;
    if context.is_money() {
        return raw / f64::from(value);
    }
    let (win, lose) = (payoff.win(value), payoff.lose(value));
    if win > lose {
        2.0 * (raw - lose) / (win - lose) - 1.0
    } else {
        0.0
    }
}

/// The mover's cubeful equity after a play, normalised like [`normalised_equity`] (money: points
/// per unit of cube; match: EMG): the opponent is next on roll with its cube access and its
/// option to double, so the value is the complement of the opponent's cubeful equity.
/// `context` is the mover's cube and score before the play, `after` the position after it
/// (mover's view), `p` the mover's probabilities there. Exact in money play where the two-sided
/// bearoff database reaches.
pub fn cubeful_equity_after_play(
    context: &MatchContext,
    after: &Position,
    p: &Probabilities,
) -> f64 {
    let met = Met::get();
    let theirs = context.swapped();
    let their_payoff = theirs.payoff(met);
    let exact = theirs
        .is_money()
        .then(|| exact_money_equity(&after.swapped(), theirs.cube, theirs.money))
        .flatten();
    let their_raw = exact.unwrap_or_else(|| {
        let (view, q) = (after.swapped(), p.flipped());
        let x = efficiency_for(&view, &q);
        cube_decision(their_payoff.as_ref(), &q, theirs.cube, x).equity
    });
    let my_raw = if context.is_money() {
        -their_raw
    } else {
        1.0 - their_raw
    };
    normalised_equity(context.payoff(met).as_ref(), context, my_raw)
}

/// A cubeful equity in both its units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubefulEquity {
    /// In the payoff's units: money points at the cube's value, or the match winning chance.
    pub raw: f64,
    /// Normalised ([`normalised_equity`]): money points per unit of cube, or gnubg's EMG.
    pub normalised: f64,
}

/// The cubeful equity of the side on roll of `position` (before rolling) in `context`, from its
/// probabilities `p`, with its option to double now; exact in money play where the two-sided
/// bearoff database reaches.
pub fn cubeful_equity_on_roll(
    context: &MatchContext,
    position: &Position,
    p: &Probabilities,
) -> CubefulEquity {
    let payoff = context.payoff(Met::get());
    let exact = context
        .is_money()
        .then(|| exact_money_equity(position, context.cube, context.money))
        .flatten();
    let raw = exact.unwrap_or_else(|| {
        let x = efficiency_for(position, p);
        cube_decision(payoff.as_ref(), p, context.cube, x).equity
    });
    CubefulEquity {
        raw,
        normalised: normalised_equity(payoff.as_ref(), context, raw),
    }
}
