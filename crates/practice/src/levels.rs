//! The computer levels' measured strength, shown beside a player's progress (the browser's
//! progress page, `ludus practice progress`) so that the player sees which level to try next.

use serde::Serialize;

/// One computer level's measured strength, for the player to see which to try next.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LevelStrength {
    /// The level (1 to 10, the same scale in the browser and the terminal).
    pub level: u8,
    /// Backgammon: millipoints its checker plays lose a move against gnubg at 2 plies.
    pub backgammon_mp_per_move: f64,
    /// The 95 % half-interval of that figure.
    pub backgammon_ci95: f64,
    /// Morris: Elo on the level ladder, level 1 = 0 (each level against the one below).
    pub morris_ladder_elo: u32,
}

/// The levels' measured strength. Backgammon: `ludus backgammon error-rate --positions 1000
/// --judge gnubg:2ply --players level:1,…,level:10` (1,000 positions of seed 42, cubeless,
/// 2026-12-07, the stage-14 networks; docs/benchmarks.md); Morris: the level ladder of docs/benchmarks.md (20 games a
/// step, ±150–300 Elo a step, 2026-12-01).
pub const LEVELS: [LevelStrength; 10] = {
    const fn level(level: u8, mp: f64, ci95: f64, elo: u32) -> LevelStrength {
        LevelStrength {
            level,
            backgammon_mp_per_move: mp,
            backgammon_ci95: ci95,
            morris_ladder_elo: elo,
        }
    }
    [
        level(1, 56.2, 5.1, 0),
        level(2, 50.2, 4.8, 53),
        level(3, 40.8, 3.8, 435),
        level(4, 34.8, 3.4, 488),
        level(5, 25.0, 2.6, 656),
        level(6, 17.7, 2.0, 824),
        level(7, 8.0, 1.1, 932),
        level(8, 3.0, 0.6, 1079),
        level(9, 1.9, 0.4, 1348),
        level(10, 0.8, 0.2, 1495),
    ]
};

/// The weakest level whose checker plays lose less than `mp` millipoints a move (the level to
/// try next for a player losing `mp`), the strongest when none does.
pub fn level_to_try(mp: f64) -> u8 {
    LEVELS
        .iter()
        .find(|level| level.backgammon_mp_per_move < mp)
        .map_or(LEVELS[LEVELS.len() - 1].level, |level| level.level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_get_stronger_and_the_next_one_errs_less_than_the_player() {
        assert!(LEVELS.windows(2).all(|pair| {
            pair[0].backgammon_mp_per_move > pair[1].backgammon_mp_per_move
                && pair[0].morris_ladder_elo < pair[1].morris_ladder_elo
        }));
        assert_eq!(level_to_try(100.0), 1);
        assert_eq!(level_to_try(20.0), 6);
        assert_eq!(level_to_try(0.5), 10);
    }
}
