//! `ludus morris uci`: Sanmill's UCI-like engine protocol on stdin/stdout. The protocol is
//! `ludus_interop::uci` (which knows no engine); [`EngineBrain`] here puts the Morris engine
//! behind its [`MorrisBrain`] trait.

use crate::CliResult;
use crate::output::{self, outln};
use ludus_interop::uci::{Answer, Limits, MorrisBrain, Score, SpinOption, UciSession};
use ludus_morris::{Position, Rules};
use ludus_morris_engine::db::Databases;
use ludus_morris_engine::level::{MAX_LEVEL, MIN_LEVEL};
use ludus_morris_engine::search::WIN_THRESHOLD;
use ludus_morris_engine::{Level, SearchLimits, SearchResult, Searcher, WIN};
use std::io::BufRead;

/// The name of the level option (`setoption name Level value N`).
const LEVEL_OPTION: &str = "Level";

/// Runs the protocol loop until `quit` or the end of input.
pub(crate) fn run() -> CliResult {
    let mut session = UciSession::new(EngineBrain::new());
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let response = session.handle(&line?);
        for out in &response.lines {
            outln!("{out}")?;
        }
        output::flush()?;
        if response.quit {
            break;
        }
    }
    Ok(())
}

/// The Morris engine as the protocol's brain (standard rules). Until `setoption name Level`
/// it searches at full strength without the endgame databases, keeping its tables between
/// searches; with a level, each search plays that level of the table in `Level` (its noise,
/// depth and time, and the databases from level 8 on), the limits of `go` taking precedence.
pub(crate) struct EngineBrain {
    /// The searcher of the full-strength default.
    searcher: Searcher<'static>,
    /// The level set by `setoption`, if any.
    level: Option<Level>,
    /// The endgame databases of the default cache directory (probed by the levels that use them).
    databases: Databases,
}

impl EngineBrain {
    /// The full-strength engine, no level set.
    pub(crate) fn new() -> EngineBrain {
        EngineBrain {
            searcher: Searcher::new(Rules::standard()),
            level: None,
            databases: Databases::open_default(),
        }
    }
}

/// The engine's limits for the protocol's.
fn search_limits(limits: &Limits) -> SearchLimits {
    SearchLimits {
        depth: limits.depth,
        movetime: limits.movetime,
        nodes: limits.nodes,
    }
}

/// The protocol's score for the engine's: beyond [`WIN_THRESHOLD`] a forced result in plies.
fn score(value: i32) -> Score {
    if value > WIN_THRESHOLD {
        Score::Win(value.abs_diff(WIN))
    } else if value < -WIN_THRESHOLD {
        Score::Loss(value.abs_diff(-WIN))
    } else {
        Score::Pieces(value)
    }
}

fn answer(result: SearchResult) -> Answer {
    Answer {
        best_move: result.best_move,
        score: score(result.score),
        depth: result.depth,
        pv: result.pv,
        nodes: result.nodes,
        elapsed: result.elapsed,
    }
}

impl MorrisBrain for EngineBrain {
    fn search(&mut self, position: &Position, history: &[Position], limits: &Limits) -> Answer {
        let Some(level) = self.level else {
            self.searcher.set_history(history);
            return answer(self.searcher.search(position, &search_limits(limits)));
        };
        // The game's length seeds the noise: a replayed game gets the same answers.
        let seed = history.len() as u64;
        let mut searcher = level.searcher(Rules::standard(), Some(&self.databases), seed);
        searcher.set_history(history);
        answer(searcher.search(position, &search_limits(limits)))
    }

    fn options(&self) -> Vec<SpinOption> {
        vec![SpinOption {
            name: LEVEL_OPTION,
            default: i64::from(MAX_LEVEL),
            min: i64::from(MIN_LEVEL),
            max: i64::from(MAX_LEVEL),
        }]
    }

    fn set_option(&mut self, name: &'static str, value: i64) {
        if name == LEVEL_OPTION {
            self.level = u32::try_from(value).ok().and_then(|n| Level::new(n).ok());
        }
    }

    fn default_limits(&self) -> Limits {
        match self.level {
            Some(level) => Limits {
                depth: Some(level.depth),
                movetime: Some(level.movetime),
                nodes: None,
            },
            None => Limits {
                movetime: Some(ludus_interop::uci::DEFAULT_MOVETIME),
                ..Limits::default()
            },
        }
    }
}
