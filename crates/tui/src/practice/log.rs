//! Reviews written to the player file as they are made in play: each finished game once per
//! sitting, the person's side only (against the computer).

use super::decisions::{self, ReviewedGames};
use super::store::{PlayerStore, StoreError};
use ludus_backgammon_engine::analysis::MatchReview;
use ludus_morris::{Color, Move, Position};
use ludus_morris_engine::review::GameReview;
use ludus_practice::Day;

/// Where the reviews of a sitting go, and which games are already there.
#[derive(Clone, Debug)]
pub struct ReviewLog {
    /// The player file.
    pub store: PlayerStore,
    /// The day the games are recorded under.
    pub today: Day,
    /// The first backgammon game (1-based) not recorded yet.
    next_game: usize,
    /// The moves of the last Morris game recorded.
    last_morris: Option<Vec<Move>>,
}

impl ReviewLog {
    /// A log writing to `store` on `today`.
    pub fn new(store: PlayerStore, today: Day) -> ReviewLog {
        ReviewLog {
            store,
            today,
            next_game: 1,
            last_morris: None,
        }
    }

    /// Starts a new match: its games are numbered from 1 again.
    pub fn new_match(&mut self) {
        self.next_game = 1;
    }

    /// Records the finished games of a backgammon review not recorded yet, `player`'s decisions
    /// (0 or 1); the number of new exercises.
    pub fn add_backgammon(
        &mut self,
        review: &MatchReview,
        player: usize,
    ) -> Result<usize, StoreError> {
        let reviewed = decisions::backgammon(review, player, self.next_game.., self.today);
        let added = self.add(&reviewed)?;
        if let Some(last) = review
            .report
            .games
            .iter()
            .filter(|g| g.result.is_some())
            .map(|g| g.number)
            .max()
        {
            self.next_game = self.next_game.max(last + 1);
        }
        Ok(added)
    }

    /// Records a finished Morris game's review (`moves` tells the game; the same game is
    /// recorded once), `side`'s moves; the number of new exercises.
    pub fn add_morris(
        &mut self,
        review: &GameReview,
        positions: &[Position],
        moves: &[Move],
        side: Color,
    ) -> Result<usize, StoreError> {
        if self.last_morris.as_deref() == Some(moves) {
            return Ok(0);
        }
        let reviewed = decisions::morris(review, positions, side, self.today);
        let added = self.add(&reviewed)?;
        self.last_morris = Some(moves.to_vec());
        Ok(added)
    }

    fn add(&self, reviewed: &ReviewedGames) -> Result<usize, StoreError> {
        if reviewed.games.is_empty() {
            return Ok(0);
        }
        self.store.update(|file| {
            let before = file.exercises.len();
            file.add_review(
                &reviewed.decisions,
                reviewed.games.iter().cloned(),
                self.today,
            );
            file.exercises.len() - before
        })
    }
}
