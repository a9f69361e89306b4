//! Rule options (variants) of Nine Men's Morris.

use std::fmt;
use std::str::FromStr;

/// Default of the N-move rule: a draw after this many plies without a removal.
pub const DEFAULT_N_MOVE_RULE: u32 = 100;

/// The rule options a game is played under. Perft ignores the two draw rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// A player with exactly three pieces (and none in hand) may move a piece to any empty point.
    pub flying: bool,
    /// A draw after this many plies without a removal (`None`: no such rule).
    pub n_move_rule: Option<u32>,
    /// A draw when the same position (same side to move) occurs for the third time.
    pub threefold_repetition: bool,
}

impl Rules {
    /// The default rules: flying on, 100 plies without a removal draw, threefold repetition draws.
    pub const fn standard() -> Rules {
        Rules {
            flying: true,
            n_move_rule: Some(DEFAULT_N_MOVE_RULE),
            threefold_repetition: true,
        }
    }

    /// The standard rules without flying.
    pub const fn no_flying() -> Rules {
        Rules {
            flying: false,
            ..Rules::standard()
        }
    }

    /// The name of the named rule set these rules equal, if any.
    pub fn name(&self) -> Option<&'static str> {
        if *self == Rules::standard() {
            Some("standard")
        } else if *self == Rules::no_flying() {
            Some("no-flying")
        } else {
            None
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::standard()
    }
}

/// Why a text names no rule set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules {0:?} (expected \"standard\" or \"no-flying\")")]
pub struct ParseRulesError(pub String);

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// Reads `standard` or `no-flying`.
    fn from_str(text: &str) -> Result<Rules, ParseRulesError> {
        match text {
            "standard" => Ok(Rules::standard()),
            "no-flying" => Ok(Rules::no_flying()),
            _ => Err(ParseRulesError(text.to_string())),
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => write!(
                f,
                "flying={} n-move-rule={:?} threefold-repetition={}",
                self.flying, self.n_move_rule, self.threefold_repetition
            ),
        }
    }
}
