//! Sectors of the whole game: pieces on the board and in hand of each side, from the side to
//! move's view, and the DAG they form.
//!
//! A *sector* `m-o/hm-ho` holds every board where the side to move has `m` pieces on the board
//! and `hm` in hand, its opponent `o` and `ho`. While placing, White moves when both hands are
//! equal and Black when its hand holds one more, so `ho` is `hm` or `hm − 1`. A placement lowers
//! the mover's hand by one, so placement sectors lead only to sectors with fewer pieces in hand:
//! the sectors form a DAG (no cycle inside a placement sector), solved children first. Sectors
//! with both hands empty are the movement sub-spaces ([`super::Subspace`]), solved by retrograde
//! analysis in pairs.

use super::index::SubspaceIndex;
use super::subspace::Subspace;
use ludus_morris::{Color, PIECES_PER_SIDE, Position};
use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Fewest pieces (board plus hand) a side may have and play on.
const MIN_ALIVE: u8 = 3;

/// One sector: rules, pieces on the board and in hand of the side to move and of its opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sector {
    /// Whether flying is allowed.
    pub flying: bool,
    /// Pieces of the side to move on the board.
    pub mover: u8,
    /// Pieces of the opponent on the board.
    pub opponent: u8,
    /// Pieces of the side to move in hand.
    pub mover_hand: u8,
    /// Pieces of the opponent in hand.
    pub opponent_hand: u8,
}

/// Why a text or a position names no sector.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SectorError {
    /// The text is not `M-O` or `M-O/HM-HO`.
    #[error("a sector looks like 4-3/2-2 (board, then hands; side to move first), got {0:?}")]
    Syntax(String),
    /// The counts cannot occur in a game.
    #[error("no game reaches sector {0}")]
    Impossible(String),
}

impl Sector {
    /// The sector of a legal position (with the rules' flying flag).
    pub fn of(position: &Position, flying: bool) -> Sector {
        let side = position.side_to_move();
        Sector {
            flying,
            mover: position.pieces(side).count_ones() as u8,
            opponent: position.pieces(side.opponent()).count_ones() as u8,
            mover_hand: position.in_hand(side),
            opponent_hand: position.in_hand(side.opponent()),
        }
    }

    /// The movement sector of a sub-space (both hands empty).
    pub fn movement(s: Subspace) -> Sector {
        Sector {
            flying: s.flying,
            mover: s.mover as u8,
            opponent: s.opponent as u8,
            mover_hand: 0,
            opponent_hand: 0,
        }
    }

    /// The first sector of the game with `stones` pieces a side: the empty board.
    pub fn start(flying: bool, stones: u8) -> Sector {
        Sector {
            flying,
            mover: 0,
            opponent: 0,
            mover_hand: stones,
            opponent_hand: stones,
        }
    }

    /// Whether both hands are empty (a movement sub-space).
    pub fn is_movement(&self) -> bool {
        self.mover_hand == 0 && self.opponent_hand == 0
    }

    /// The movement sub-space of a sector with empty hands.
    pub fn subspace(&self) -> Option<Subspace> {
        self.is_movement().then_some(Subspace {
            flying: self.flying,
            mover: usize::from(self.mover),
            opponent: usize::from(self.opponent),
        })
    }

    /// Whether the counts can occur: at most nine pieces a side, hands as alternate placement
    /// leaves them, both sides alive (three pieces or more on the board and in hand), and a
    /// movement sector within the databases' 3..=9.
    pub fn is_valid(&self) -> bool {
        let (m, o, hm, ho) = (
            self.mover,
            self.opponent,
            self.mover_hand,
            self.opponent_hand,
        );
        let hands = ho == hm || (hm >= 1 && ho == hm - 1);
        hands
            && m + hm <= PIECES_PER_SIDE
            && o + ho <= PIECES_PER_SIDE
            && m + hm >= MIN_ALIVE
            && o + ho >= MIN_ALIVE
            && m + o <= 24
    }

    /// The colour to move in this sector's positions: White when both hands are equal.
    pub fn mover_color(&self) -> Color {
        if self.mover_hand == self.opponent_hand {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The index space of the sector's boards (mover set, opponent set).
    pub fn index(&self) -> SubspaceIndex {
        SubspaceIndex::new(usize::from(self.mover), usize::from(self.opponent))
    }

    /// The sector a placement without removal leads to (`None` for a movement sector).
    pub fn quiet_child(&self) -> Option<Sector> {
        (!self.is_movement())
            .then(|| self.next(self.opponent))
            .filter(Sector::is_valid)
    }

    /// The sector a placement with a removal leads to, when a mill can close (three of the
    /// mover's pieces on the board after it, an opposing piece to remove) and the opponent keeps
    /// three pieces (board plus hand); `None` otherwise.
    pub fn capture_child(&self) -> Option<Sector> {
        (!self.is_movement() && self.mover + 1 >= MIN_ALIVE && self.opponent >= 1)
            .then(|| self.next(self.opponent - 1))
            .filter(Sector::is_valid)
    }

    /// The sectors a placement of this sector leads to that are still alive
    /// ([`Sector::quiet_child`], [`Sector::capture_child`]). Empty for a movement sector.
    pub fn children(&self) -> Vec<Sector> {
        self.quiet_child()
            .into_iter()
            .chain(self.capture_child())
            .collect()
    }

    /// The sector after a placement that leaves the opponent `opponent` pieces on the board.
    fn next(&self, opponent: u8) -> Sector {
        Sector {
            flying: self.flying,
            mover: opponent,
            opponent: self.mover + 1,
            mover_hand: self.opponent_hand,
            opponent_hand: self.mover_hand - 1,
        }
    }

    /// File stem of a placement sector: `4v3-2h2` (board, then hands).
    pub fn file_stem(&self) -> String {
        format!(
            "{}v{}-{}h{}",
            self.mover, self.opponent, self.mover_hand, self.opponent_hand
        )
    }

    /// The rules directory name: `standard` or `no-flying`.
    pub fn rules_name(&self) -> &'static str {
        ludus_morris::Rules::with_flying(self.flying).movement_name()
    }
}

impl fmt::Display for Sector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}/{}-{}",
            self.mover, self.opponent, self.mover_hand, self.opponent_hand
        )
    }
}

impl FromStr for Sector {
    type Err = SectorError;

    /// Reads `M-O/HM-HO` (or `M-O` for a movement sector), standard rules; set `flying` after.
    fn from_str(text: &str) -> Result<Sector, SectorError> {
        let bad = || SectorError::Syntax(text.to_string());
        let pair = |part: &str| -> Result<(u8, u8), SectorError> {
            let (a, b) = part.split_once('-').ok_or_else(bad)?;
            Ok((
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            ))
        };
        let (board, hands) = text.split_once('/').unwrap_or((text, "0-0"));
        let (mover, opponent) = pair(board)?;
        let (mover_hand, opponent_hand) = pair(hands)?;
        let sector = Sector {
            flying: true,
            mover,
            opponent,
            mover_hand,
            opponent_hand,
        };
        if sector.is_valid() {
            Ok(sector)
        } else {
            Err(SectorError::Impossible(text.to_string()))
        }
    }
}

/// Every sector reachable from the empty board of the game with `stones` pieces a side (3..=9),
/// children before parents: movement sectors first (by total pieces), then placement sectors by
/// pieces in hand, fewest first. Each sector's children come before it.
pub fn game_sectors(flying: bool, stones: u8) -> Vec<Sector> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![Sector::start(flying, stones)];
    while let Some(s) = stack.pop() {
        if seen.insert(s) {
            stack.extend(s.children());
        }
    }
    let mut order: Vec<Sector> = seen.into_iter().collect();
    order.sort_by_key(|s| {
        (
            s.mover_hand + s.opponent_hand,
            s.mover + s.opponent,
            s.mover,
            s.opponent,
        )
    });
    order
}

/// The movement sub-spaces among `sectors`, as pairs (smaller count first), in build order.
pub fn movement_pairs(sectors: &[Sector]) -> Vec<Subspace> {
    let mut pairs: Vec<Subspace> = sectors
        .iter()
        .filter_map(Sector::subspace)
        .map(|s| Subspace {
            mover: s.mover.min(s.opponent),
            opponent: s.mover.max(s.opponent),
            ..s
        })
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    pairs.sort_by_key(|p| (p.mover + p.opponent, p.mover));
    pairs
}
