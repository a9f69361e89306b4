//! The player of a computer seat at a level: the level's engine for checker plays, the
//! noiseless 2-ply engine for the cube and the chances, whatever the level (so that a weak level
//! plays weak checker moves but never throws a match away on the cube); the 1-ply one when the
//! think time is too short for 2 plies.

use crate::engine::Engine;
use crate::level::{Level, MAX_LEVEL};
use ludus_backgammon::player::{self as bg, Evaluation, PlayRequest, Player};
use ludus_backgammon::{MatchState, Position};
use std::time::Duration;

/// Think time below which the top level (2-ply, up to about a second a decision) plays one level
/// lower (1-ply), and the cube looks 1 ply ahead instead of 2.
pub const TWO_PLY_THINK_TIME: Duration = Duration::from_millis(1000);

/// The player of a computer seat (made for each decision).
pub struct SeatPlayer {
    /// The level's engine, its noise seeded.
    checkers: Engine,
    /// The noiseless 2-ply engine (1-ply under [`TWO_PLY_THINK_TIME`]): doubles on
    /// double/take and double/pass, takes when taking leaves the doubler no more than passing
    /// would; never doubles and always takes where it has no decision.
    cube: Engine,
}

impl SeatPlayer {
    /// The player at `level`, its noise seeded by `seed`; the top level plays one level lower
    /// (1-ply), and the cube looks 1 ply ahead, when given less than [`TWO_PLY_THINK_TIME`].
    pub fn new(level: Level, seed: u64, think_time: Duration) -> SeatPlayer {
        let quick = think_time < TWO_PLY_THINK_TIME;
        let level = if level.number == MAX_LEVEL && quick {
            Level::nearest(u32::from(MAX_LEVEL - 1))
        } else {
            level
        };
        SeatPlayer {
            checkers: Engine::at_level(level, seed),
            cube: Engine::new(if quick { 1 } else { 2 }),
        }
    }
}

impl Player for SeatPlayer {
    fn name(&self) -> String {
        self.checkers.name()
    }

    fn choose(&mut self, request: PlayRequest<'_>) -> Result<usize, bg::PlayerError> {
        self.checkers.choose(request)
    }

    fn double(&mut self, position: &Position, state: &MatchState) -> Result<bool, bg::PlayerError> {
        self.cube.double(position, state)
    }

    fn take(&mut self, position: &Position, state: &MatchState) -> Result<bool, bg::PlayerError> {
        self.cube.take(position, state)
    }

    /// The network's probabilities at the cube engine's lookahead (2 plies, 1 when quick).
    fn evaluate(
        &mut self,
        position: &Position,
        state: Option<&MatchState>,
    ) -> Result<Option<Evaluation>, bg::PlayerError> {
        Player::evaluate(&mut self.cube, position, state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_top_level_plays_one_level_lower_without_the_time_for_two_plies() {
        let quick = SeatPlayer::new(Level::strongest(), 0, Duration::from_millis(20));
        let nine = Engine::at_level(Level::nearest(9), 0);
        assert_eq!(quick.name(), Player::name(&nine));
        let slow = SeatPlayer::new(Level::strongest(), 0, TWO_PLY_THINK_TIME);
        let ten = Engine::at_level(Level::strongest(), 0);
        assert_eq!(slow.name(), Player::name(&ten));
    }

    #[test]
    fn a_weak_level_keeps_the_noiseless_cube() {
        let mut weak = SeatPlayer::new(Level::nearest(1), 3, TWO_PLY_THINK_TIME);
        let mut cube = Engine::new(2);
        let state = MatchState::default();
        let start = Position::starting();
        assert_eq!(
            weak.double(&start, &state).unwrap(),
            Player::double(&mut cube, &start, &state).unwrap()
        );
        assert!(weak.take(&start, &state).unwrap());
    }

    #[test]
    fn the_cube_and_chances_look_two_plies_ahead_and_one_without_the_time() {
        let position = Position::from_position_id("4HPwATDgc/ABMA").unwrap();
        let chances = |mut player: SeatPlayer| player.evaluate(&position, None).unwrap();
        let at = |plies: u8| Player::evaluate(&mut Engine::new(plies), &position, None).unwrap();
        let slow = chances(SeatPlayer::new(Level::nearest(3), 0, TWO_PLY_THINK_TIME));
        let quick = chances(SeatPlayer::new(
            Level::nearest(3),
            0,
            Duration::from_millis(20),
        ));
        assert_eq!(slow, at(2));
        assert_eq!(quick, at(1));
        assert_ne!(slow, quick);
    }
}
