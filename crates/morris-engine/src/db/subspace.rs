//! A sub-space of the movement phase: the rules and the piece counts, side to move first — the
//! unit the databases are solved, filed and looked up by.

use super::{MAX_DB_PIECES, MIN_DB_PIECES};
use ludus_morris::Rules;
use std::fmt;

/// One sub-space: rules and piece counts (side to move first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Subspace {
    /// Whether flying is allowed.
    pub flying: bool,
    /// Pieces of the side to move.
    pub mover: usize,
    /// Pieces of the opponent.
    pub opponent: usize,
}

impl Subspace {
    /// Whether both counts are in 3..=9.
    pub fn is_valid(&self) -> bool {
        let range = MIN_DB_PIECES..=MAX_DB_PIECES;
        range.contains(&self.mover) && range.contains(&self.opponent)
    }

    /// The named rule set of this sub-space (only flying matters in the movement phase).
    pub fn rules(&self) -> Rules {
        Rules::with_flying(self.flying)
    }

    /// The rules directory name: `standard` or `no-flying` ([`Rules::movement_name`]).
    pub fn rules_name(&self) -> &'static str {
        self.rules().movement_name()
    }

    /// The other sub-space of the pair (the same one when the counts are equal).
    pub fn partner(&self) -> Subspace {
        Subspace {
            mover: self.opponent,
            opponent: self.mover,
            ..*self
        }
    }

    /// The sub-spaces of this one's pair: itself, then its partner unless both counts are equal.
    pub fn pair_members(&self) -> Vec<Subspace> {
        if self.mover == self.opponent {
            vec![*self]
        } else {
            vec![*self, self.partner()]
        }
    }

    /// The sub-spaces reached by a removal from this pair, with three pieces or more a side.
    pub fn lower(&self) -> Vec<Subspace> {
        [(self.opponent, self.mover), (self.mover, self.opponent)]
            .into_iter()
            .filter(|&(_, victim)| victim > MIN_DB_PIECES)
            .map(|(attacker, victim)| Subspace {
                mover: victim - 1,
                opponent: attacker,
                ..*self
            })
            .collect()
    }

    /// The pair key: smaller count first.
    pub fn pair_key(&self) -> Subspace {
        Subspace {
            mover: self.mover.min(self.opponent),
            opponent: self.mover.max(self.opponent),
            ..*self
        }
    }
}

impl fmt::Display for Subspace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{} ({})",
            self.mover,
            self.opponent,
            self.rules_name()
        )
    }
}
