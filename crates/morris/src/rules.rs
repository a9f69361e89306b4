//! Rule options (variants) of Nine Men's Morris.

use std::fmt;
use std::str::FromStr;

/// Default of the N-move rule: a draw after this many plies without a removal.
pub const DEFAULT_N_MOVE_RULE: u32 = 100;

/// Which plies the N-move rule counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum NMoveCount {
    /// Every ply since the last removal, placements included (Ludus's reading, the default).
    #[default]
    AllPlies,
    /// Only the movement-phase plies since the last removal (Sanmill's reading): placements
    /// do not count.
    MovementPlies,
}

impl NMoveCount {
    /// The name in the text form: `all` or `movement`.
    pub const fn name(self) -> &'static str {
        match self {
            NMoveCount::AllPlies => "all",
            NMoveCount::MovementPlies => "movement",
        }
    }
}

/// The rule options a game is played under. Perft ignores the two draw rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// A player with exactly three pieces (and none in hand) may move a piece to any empty point.
    pub flying: bool,
    /// A draw after this many plies without a removal (`None`: no such rule).
    pub n_move_rule: Option<u32>,
    /// A draw when the same position (same side to move) occurs for the third time.
    pub threefold_repetition: bool,
    /// Which plies the N-move rule counts.
    pub n_move_count: NMoveCount,
}

impl Rules {
    /// The default rules: flying on, 100 plies without a removal draw, threefold repetition draws.
    pub const fn standard() -> Rules {
        Rules {
            flying: true,
            n_move_rule: Some(DEFAULT_N_MOVE_RULE),
            threefold_repetition: true,
            n_move_count: NMoveCount::AllPlies,
        }
    }

    /// The standard rules without flying.
    pub const fn no_flying() -> Rules {
        Rules {
            flying: false,
            ..Rules::standard()
        }
    }

    /// The named rule set with or without flying: [`Rules::standard`] or [`Rules::no_flying`].
    pub const fn with_flying(flying: bool) -> Rules {
        if flying {
            Rules::standard()
        } else {
            Rules::no_flying()
        }
    }

    /// The named rule sets, `standard` first: what the front ends offer.
    pub const NAMED: [(&'static str, Rules); 2] = [
        (STANDARD, Rules::standard()),
        (NO_FLYING, Rules::no_flying()),
    ];

    /// The name of the named rule set these rules equal, if any.
    pub fn name(&self) -> Option<&'static str> {
        Rules::NAMED
            .iter()
            .find(|(_, rules)| rules == self)
            .map(|(name, _)| *name)
    }

    /// The name of the movement rules alone: `standard` with flying, `no-flying` without (the
    /// draw rules aside; the endgame databases, which know no draw rule, are filed under it).
    pub const fn movement_name(&self) -> &'static str {
        if self.flying { STANDARD } else { NO_FLYING }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::standard()
    }
}

/// Name of the standard rule set.
const STANDARD: &str = "standard";
/// Name of the rule set without flying.
const NO_FLYING: &str = "no-flying";
/// Option key of the N-move rule in the text form (`n-move-rule=50`, `n-move-rule=off`).
const N_MOVE_KEY: &str = "n-move-rule";
/// Option key of the repetition rule in the text form (`threefold-repetition=off`).
const THREEFOLD_KEY: &str = "threefold-repetition";
/// Option key of the N-move rule's counting in the text form (`n-move-count=movement`).
const N_MOVE_COUNT_KEY: &str = "n-move-count";

/// Why a text names no rule set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseRulesError {
    /// The first word is not a rule set name.
    #[error("unknown rules {0:?} (expected \"standard\" or \"no-flying\")")]
    UnknownName(String),
    /// An option after the name is not `n-move-rule=N|off`, `threefold-repetition=on|off` or
    /// `n-move-count=all|movement`.
    #[error(
        "unknown rule option {0:?} (expected n-move-rule=N, n-move-rule=off, threefold-repetition=on, threefold-repetition=off, n-move-count=all or n-move-count=movement)"
    )]
    BadOption(String),
}

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// Reads a rule set name, `standard` or `no-flying`, optionally followed by options that
    /// change its draw rules: `n-move-rule=N` (N ≥ 1) or `n-move-rule=off`,
    /// `threefold-repetition=on|off`, `n-move-count=all|movement` (which plies the N-move rule
    /// counts, [`NMoveCount`]) — the text [`Display`](fmt::Display) writes.
    ///
    /// ```
    /// use ludus_morris::Rules;
    /// assert_eq!("no-flying".parse(), Ok(Rules::no_flying()));
    /// let rules: Rules = "standard n-move-rule=off".parse().unwrap();
    /// assert_eq!(rules.n_move_rule, None);
    /// assert_eq!(rules.to_string(), "standard n-move-rule=off");
    /// ```
    fn from_str(text: &str) -> Result<Rules, ParseRulesError> {
        let mut words = text.split_whitespace();
        let named = words
            .next()
            .and_then(|word| Rules::NAMED.iter().find(|(name, _)| *name == word));
        let Some(&(_, mut rules)) = named else {
            return Err(ParseRulesError::UnknownName(text.to_string()));
        };
        for option in words {
            let bad = || ParseRulesError::BadOption(option.to_string());
            match option.split_once('=').ok_or_else(bad)? {
                (N_MOVE_KEY, "off") => rules.n_move_rule = None,
                (N_MOVE_KEY, plies) => {
                    let plies = plies.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?;
                    rules.n_move_rule = Some(plies);
                }
                (THREEFOLD_KEY, "on") => rules.threefold_repetition = true,
                (THREEFOLD_KEY, "off") => rules.threefold_repetition = false,
                (N_MOVE_COUNT_KEY, "all") => rules.n_move_count = NMoveCount::AllPlies,
                (N_MOVE_COUNT_KEY, "movement") => rules.n_move_count = NMoveCount::MovementPlies,
                _ => return Err(bad()),
            }
        }
        Ok(rules)
    }
}

impl fmt::Display for Rules {
    /// The name of the named set these rules start from (by the flying rule), then each draw
    /// rule that differs from it; reads back with [`FromStr`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = Rules::with_flying(self.flying);
        f.write_str(self.movement_name())?;
        if self.n_move_rule != base.n_move_rule {
            match self.n_move_rule {
                Some(plies) => write!(f, " {N_MOVE_KEY}={plies}")?,
                None => write!(f, " {N_MOVE_KEY}=off")?,
            }
        }
        if self.threefold_repetition != base.threefold_repetition {
            let on = if self.threefold_repetition {
                "on"
            } else {
                "off"
            };
            write!(f, " {THREEFOLD_KEY}={on}")?;
        }
        if self.n_move_count != base.n_move_count {
            write!(f, " {N_MOVE_COUNT_KEY}={}", self.n_move_count.name())?;
        }
        Ok(())
    }
}
