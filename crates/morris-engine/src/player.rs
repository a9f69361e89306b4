//! This engine as a [`Player`]: at a level of the level table, at a fixed depth or for a fixed
//! time per move. The duels, the server's computer seat and the terminal UI play it through the
//! one player trait of `ludus_morris::player`.

use crate::db::Databases;
use crate::level::Level;
use crate::search::{SearchLimits, SearchResult, Searcher, WIN, WIN_THRESHOLD};
use ludus_morris::player::{Choice, Limits, Player, PlayerError, Score};
use ludus_morris::{Game, Rules};
use std::fmt;
use std::time::Duration;

/// Seeds of one game's moves are this many apart from the next game's: more plies than a game
/// lasts, so that no two moves of a series share a seed.
const SEED_STRIDE: u64 = 1000;

/// How an [`EnginePlayer`] searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineSetting {
    /// A level of the level table (its depth, time, noise and databases).
    Level(Level),
    /// A fixed depth in plies (deterministic).
    Depth(u32),
    /// A fixed time per move.
    Movetime(Duration),
}

impl fmt::Display for EngineSetting {
    /// `level:N`, `depth:N` or `movetime:MS`, the spec that reads back as a duel player.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineSetting::Level(level) => write!(f, "level:{}", level.number),
            EngineSetting::Depth(depth) => write!(f, "depth:{depth}"),
            EngineSetting::Movetime(time) => write!(f, "movetime:{}", time.as_millis()),
        }
    }
}

/// This engine as a player. Depth and time settings keep one searcher (and its transposition
/// table) through a game and start each game with a fresh one, so that a depth duel is
/// reproducible. The limits a caller gives cap the setting's depth and time.
pub struct EnginePlayer<'a> {
    setting: EngineSetting,
    databases: Option<&'a Databases>,
    /// The searcher of this game and the rules it was made for (depth and time settings).
    searcher: Option<(Rules, Searcher<'a>)>,
    threads: usize,
    /// The noise seed of a level's first move; each ply adds one.
    seed: u64,
}

impl<'a> EnginePlayer<'a> {
    /// An engine playing `setting`, probing `databases` where the setting does (levels from 8
    /// on; depth and time settings always when given).
    pub fn new(setting: EngineSetting, databases: Option<&'a Databases>) -> EnginePlayer<'a> {
        EnginePlayer {
            setting,
            databases,
            searcher: None,
            threads: 1,
            seed: 0,
        }
    }

    /// Searches with `threads` threads (depth and time settings).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads;
        if let Some((_, searcher)) = &mut self.searcher {
            searcher.set_threads(threads);
        }
    }

    /// Seeds a level's noise: the move at ply `n` of a game gets seed `seed + n`.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// The searcher of this game under `rules`, made on first use.
    fn searcher(&mut self, rules: Rules) -> &mut Searcher<'a> {
        let kept = self.searcher.take().filter(|(made, _)| *made == rules);
        let entry = match kept {
            Some(entry) => entry,
            None => {
                let mut searcher = Searcher::new(rules);
                searcher.set_databases(self.databases);
                searcher.set_threads(self.threads);
                searcher.set_opening_as_filter(true);
                (rules, searcher)
            }
        };
        &mut self.searcher.insert(entry).1
    }
}

/// `own`, capped by the caller's `cap` where it sets one.
fn capped<T: Ord + Copy>(own: T, cap: Option<T>) -> T {
    cap.map_or(own, |cap| own.min(cap))
}

impl Player for EnginePlayer<'_> {
    fn name(&self) -> String {
        self.setting.to_string()
    }

    fn new_game(&mut self, game: u64) -> Result<(), PlayerError> {
        self.seed = game.wrapping_mul(SEED_STRIDE);
        self.searcher = None;
        Ok(())
    }

    fn choose(&mut self, game: &Game, limits: &Limits) -> Result<Choice, PlayerError> {
        let (history, current) = (game.history(), game.position());
        let result = match self.setting {
            EngineSetting::Level(mut level) => {
                level.depth = capped(level.depth, limits.depth);
                level.movetime = capped(level.movetime, limits.movetime);
                let seed = self.seed.wrapping_add(history.len() as u64);
                level.choose(current, *game.rules(), history, self.databases, seed)
            }
            EngineSetting::Depth(depth) => {
                let limits = SearchLimits {
                    depth: Some(capped(depth, limits.depth)),
                    movetime: limits.movetime,
                    nodes: limits.nodes,
                };
                let searcher = self.searcher(*game.rules());
                searcher.set_history(history);
                searcher.search(current, &limits)
            }
            EngineSetting::Movetime(time) => {
                let limits = SearchLimits {
                    depth: limits.depth,
                    movetime: Some(capped(time, limits.movetime)),
                    nodes: limits.nodes,
                };
                let searcher = self.searcher(*game.rules());
                searcher.set_history(history);
                searcher.search(current, &limits)
            }
        };
        Ok(Choice::from(result))
    }
}

/// The player's score for the engine's: beyond [`WIN_THRESHOLD`] a forced result in plies.
pub fn score(value: i32) -> Score {
    if value > WIN_THRESHOLD {
        Score::Win(value.abs_diff(WIN))
    } else if value < -WIN_THRESHOLD {
        Score::Loss(value.abs_diff(-WIN))
    } else {
        Score::Pieces(value)
    }
}

impl From<SearchResult> for Choice {
    /// The search's move, line and counts, its score as a [`Score`].
    fn from(result: SearchResult) -> Choice {
        Choice {
            best_move: result.best_move,
            score: score(result.score),
            depth: result.depth,
            pv: result.pv,
            nodes: result.nodes,
            elapsed: result.elapsed,
        }
    }
}
