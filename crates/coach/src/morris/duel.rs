//! Duels between two Morris players: a seeded set of varied openings (2 to 4 random
//! placements), each played twice with the colours swapped, refereed by the rules crate
//! ([`Game`]: mills, blocks, threefold repetition and the N-move rule as the [`Rules`] say).
//!
//! A player is anything behind the one Morris [`Player`] trait: the engine at a level, a depth
//! or a time (`ludus_morris_engine::EnginePlayer`), or another program over Sanmill's UCI-like
//! protocol ([`super::uci_client`]). [`duel`] plays the games on several threads, each with its
//! own pair of players from a factory, and reports every game; [`Tally`] turns the results into
//! a score, an Elo difference with its 95% interval and an SPRT verdict.

use crate::stats::Z95;
use ludus_morris::player::{Limits, Player, PlayerError};
use ludus_morris::record::{OffBoardResult, Record};
use ludus_morris::{Color, Game, Move, Outcome, OutcomeReason, Position, Rules};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Safety limit on the plies of one game: the draw rules end real games far sooner; this ends
/// games played without them (a draw, [`GameEnd::PlyLimit`]).
const MAX_PLIES: usize = 1000;
/// Fewest random placements of an opening.
const MIN_OPENING_PLIES: u64 = 2;
/// Most random placements of an opening.
const MAX_OPENING_PLIES: u64 = 4;

/// How a game of a duel ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The rules ended it (a mill left fewer than three pieces, a block, a draw rule).
    Rules(Outcome),
    /// A player held the game over where the referee does not (scored as a draw).
    DrawClaim(Color),
    /// A player failed or played an illegal move: it loses.
    Forfeit(Color),
    /// [`MAX_PLIES`] plies without an end (a draw).
    PlyLimit,
}

impl GameEnd {
    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameEnd::Rules(outcome) => outcome.winner,
            GameEnd::Forfeit(loser) => Some(loser.opponent()),
            GameEnd::DrawClaim(_) | GameEnd::PlyLimit => None,
        }
    }

    /// How it ended in a word: `mill`, `blocked`, `repetition`, `N-ply` (the N-move rule with
    /// its limit under `rules`), `claim`, `forfeit`, `ply-limit`.
    pub fn word(self, rules: &Rules) -> String {
        match self {
            GameEnd::Rules(outcome) => match outcome.reason {
                OutcomeReason::TooFewPieces => "mill".to_string(),
                OutcomeReason::Blocked => "blocked".to_string(),
                OutcomeReason::ThreefoldRepetition => "repetition".to_string(),
                OutcomeReason::NMoveRule => match rules.n_move_rule {
                    Some(plies) => format!("{plies}-ply"),
                    None => "n-move".to_string(),
                },
            },
            GameEnd::DrawClaim(_) => "claim".to_string(),
            GameEnd::Forfeit(_) => "forfeit".to_string(),
            GameEnd::PlyLimit => "ply-limit".to_string(),
        }
    }
}

/// One finished game of a duel.
#[derive(Clone, Debug)]
pub struct DuelGame {
    /// Its number, from 0: games `2k` and `2k + 1` share opening `k`, A is White in the first.
    pub index: u64,
    /// Whether player A had White.
    pub a_is_white: bool,
    /// The opening's placements (the first moves of `game`).
    pub opening_plies: usize,
    /// The whole game.
    pub game: Game,
    /// How it ended.
    pub end: GameEnd,
    /// What went wrong, for a forfeit.
    pub error: Option<String>,
}

impl DuelGame {
    /// Player A's points: 1, ½ or 0.
    pub fn a_points(&self) -> f64 {
        let a = if self.a_is_white {
            Color::White
        } else {
            Color::Black
        };
        match self.end.winner() {
            Some(winner) if winner == a => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// The names of White and Black, given those of A and B.
    pub fn by_colour<'n>(&self, names: &'n [String; 2]) -> [&'n str; 2] {
        let [a, b] = names;
        if self.a_is_white { [a, b] } else { [b, a] }
    }

    /// The game as a Morris record (`docs/morris-record.md`), given the names of A and B: the
    /// event, the round, the players, how it ended, and the result off the board where the
    /// board shows none (a claim, a forfeit, the ply limit).
    pub fn record(&self, names: &[String; 2]) -> Record {
        let [white, black] = self.by_colour(names);
        let mut record = Record::new(self.game.clone());
        record.set_tag("Event", "ludus morris duel");
        record.set_tag("Round", (self.index + 1).to_string());
        record.set_tag("White", white);
        record.set_tag("Black", black);
        record.set_tag("Termination", self.end.word(self.game.rules()));
        if self.game.outcome().is_none() {
            record.off_board = Some(match self.end.winner() {
                Some(winner) => OffBoardResult::Win(winner),
                None => OffBoardResult::Draw,
            });
        }
        record
    }

    /// The result from White's side: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.end.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// The openings of a duel: `count` sequences of 2 to 4 random legal placements from the empty
/// board, the same for the same seed.
pub fn openings(seed: u64, count: u64, rules: &Rules) -> Vec<Vec<Move>> {
    (0..count)
        .map(|index| {
            let mut random = SplitMix(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let plies =
                MIN_OPENING_PLIES + random.next() % (MAX_OPENING_PLIES - MIN_OPENING_PLIES + 1);
            let mut position = Position::new();
            let mut moves = Vec::new();
            for _ in 0..plies {
                let legal = position.legal_moves(rules);
                if legal.is_empty() {
                    break;
                }
                let mv = legal[(random.next() % legal.len() as u64) as usize];
                position = position.play(mv);
                moves.push(mv);
            }
            moves
        })
        .collect()
}

/// SplitMix64: a small, well-mixed seeded generator for the openings.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Plays one game from `opening` with `white` and `black`, refereed under `rules`.
pub fn play_game(
    white: &mut dyn Player,
    black: &mut dyn Player,
    rules: Rules,
    opening: &[Move],
) -> (Game, GameEnd, Option<String>) {
    let mut game = Game::new(rules);
    for &mv in opening {
        if game.play(mv).is_err() {
            break;
        }
    }
    while game.moves().len() < MAX_PLIES {
        if let Some(outcome) = game.outcome() {
            return (game, GameEnd::Rules(outcome), None);
        }
        let side = game.position().side_to_move();
        let player: &mut dyn Player = match side {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        match player
            .choose(&game, &Limits::default())
            .map(|choice| choice.best_move)
        {
            Ok(Some(mv)) => {
                if let Err(error) = game.play(mv) {
                    let message = format!("illegal move {mv}: {error}");
                    return (game, GameEnd::Forfeit(side), Some(message));
                }
            }
            Ok(None) => return (game, GameEnd::DrawClaim(side), None),
            Err(error) => return (game, GameEnd::Forfeit(side), Some(error.to_string())),
        }
    }
    (game, GameEnd::PlyLimit, None)
}

/// What a duel plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelConfig {
    /// Games, rounded up to an even number: each opening is played with both colours.
    pub games: u64,
    /// Seed of the openings.
    pub seed: u64,
    /// The rules the referee applies.
    pub rules: Rules,
}

/// Player A and player B of one worker.
pub type PlayerPair = [Box<dyn Player>; 2];

/// Plays the duel on `jobs` threads, each with its own pair from `make_players` (A first),
/// calling `on_game` after each game (in the order they finish). Returns the games in order
/// of their numbers, or the first error of a factory. A player that fails in a game forfeits
/// that game ([`GameEnd::Forfeit`]) and is built anew for the next.
pub fn duel(
    make_players: &(dyn Fn() -> Result<PlayerPair, PlayerError> + Sync),
    config: &DuelConfig,
    jobs: usize,
    on_game: &(dyn Fn(&DuelGame) + Sync),
) -> Result<Vec<DuelGame>, PlayerError> {
    let games = config.games.div_ceil(2) * 2;
    let openings = openings(config.seed, games / 2, &config.rules);
    let next = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let finished = Mutex::new(Vec::new());
    let first_error = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                let worker = Worker {
                    make_players,
                    config,
                    openings: &openings,
                    next: &next,
                    failed: &failed,
                    games,
                    on_game,
                };
                match worker.run() {
                    Ok(done) => lock(&finished).extend(done),
                    Err(error) => {
                        failed.store(true, Ordering::Relaxed);
                        lock(&first_error).get_or_insert(error);
                    }
                }
            });
        }
    });
    if let Some(error) = lock(&first_error).take() {
        return Err(error);
    }
    let mut finished = std::mem::take(&mut *lock(&finished));
    finished.sort_by_key(|game: &DuelGame| game.index);
    Ok(finished)
}

/// The lock's data even if another thread panicked holding it.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// One thread of a duel.
struct Worker<'a> {
    make_players: &'a (dyn Fn() -> Result<PlayerPair, PlayerError> + Sync),
    config: &'a DuelConfig,
    openings: &'a [Vec<Move>],
    next: &'a AtomicU64,
    failed: &'a AtomicBool,
    games: u64,
    on_game: &'a (dyn Fn(&DuelGame) + Sync),
}

impl Worker<'_> {
    fn run(&self) -> Result<Vec<DuelGame>, PlayerError> {
        let mut players = (self.make_players)()?;
        let mut done = Vec::new();
        loop {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            if index >= self.games || self.failed.load(Ordering::Relaxed) {
                return Ok(done);
            }
            let finished = self.play(&mut players, index)?;
            if finished.error.is_some() {
                players = (self.make_players)()?;
            }
            (self.on_game)(&finished);
            done.push(finished);
        }
    }

    fn play(&self, players: &mut PlayerPair, index: u64) -> Result<DuelGame, PlayerError> {
        let opening = &self.openings[(index / 2) as usize];
        let a_is_white = index.is_multiple_of(2);
        for player in players.iter_mut() {
            player.new_game(index)?;
        }
        let [a, b] = players;
        let (white, black) = if a_is_white { (a, b) } else { (b, a) };
        let (game, end, error) =
            play_game(white.as_mut(), black.as_mut(), self.config.rules, opening);
        Ok(DuelGame {
            index,
            a_is_white,
            opening_plies: opening.len(),
            game,
            end,
            error,
        })
    }
}

/// How many games ended each way ([`GameEnd::word`]), in the order the ways first occur.
pub fn end_counts(games: &[DuelGame], rules: &Rules) -> Vec<(String, usize)> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for game in games {
        let word = game.end.word(rules);
        match counts.iter_mut().find(|(w, _)| *w == word) {
            Some(entry) => entry.1 += 1,
            None => counts.push((word, 1)),
        }
    }
    counts
}

/// The plies at which player A (`a`) or B lost blocked.
pub fn blocked_loss_plies(games: &[DuelGame], a: bool) -> Vec<usize> {
    games
        .iter()
        .filter(|game| {
            let blocked = matches!(game.end, GameEnd::Rules(outcome)
                if outcome.reason == OutcomeReason::Blocked);
            blocked && (game.a_points() == 0.0) == a
        })
        .map(|game| game.game.moves().len())
        .collect()
}

/// Wins, draws and losses of player A.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games A lost.
    pub losses: u64,
}

/// The verdict of a sequential probability ratio test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The log-likelihood ratio of H1 (Elo difference `elo1`) against H0 (`elo0`).
    pub llr: f64,
    /// H0 is accepted at or below this bound.
    pub lower: f64,
    /// H1 is accepted at or above this bound.
    pub upper: f64,
}

impl Sprt {
    /// `H1 accepted`, `H0 accepted` or `continue`.
    pub fn verdict(&self) -> &'static str {
        if self.llr >= self.upper {
            "H1 accepted"
        } else if self.llr <= self.lower {
            "H0 accepted"
        } else {
            "continue"
        }
    }
}

/// The Elo difference that an expected score `score` (0..1) stands for (±∞ at 0 and 1).
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Tally {
    /// The tally of A's results in `games`.
    pub fn of(games: &[DuelGame]) -> Tally {
        let mut tally = Tally::default();
        for game in games {
            match game.a_points() {
                1.0 => tally.wins += 1,
                0.0 => tally.losses += 1,
                _ => tally.draws += 1,
            }
        }
        tally
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// A's share of the points, 0..1 (½ with no games).
    pub fn score(&self) -> f64 {
        let games = self.games();
        if games == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / games as f64
    }

    /// The variance of one game's points around [`Tally::score`].
    fn variance(&self) -> f64 {
        let games = self.games();
        if games == 0 {
            return 0.0;
        }
        let s = self.score();
        let sum = self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2);
        sum / games as f64
    }

    /// Half-width of the 95% interval of [`Tally::score`] (normal approximation).
    pub fn score_ci95(&self) -> f64 {
        let games = self.games();
        if games == 0 {
            return 0.0;
        }
        Z95 * (self.variance() / games as f64).sqrt()
    }

    /// A's Elo difference to B.
    pub fn elo(&self) -> f64 {
        elo_of_score(self.score())
    }

    /// The 95% interval of the Elo difference: the interval of the score, mapped to Elo.
    pub fn elo_ci95(&self) -> (f64, f64) {
        let (score, half) = (self.score(), self.score_ci95());
        (elo_of_score(score - half), elo_of_score(score + half))
    }

    /// The SPRT of H0 "A is `elo0` stronger" against H1 "A is `elo1` stronger", with error
    /// rates α = β = 5%, from the normal approximation of the mean score (the generalized SPRT:
    /// LLR = N (s1 − s0)(2s − s0 − s1) / (2σ²)).
    pub fn sprt(&self, elo0: f64, elo1: f64) -> Sprt {
        const ALPHA: f64 = 0.05;
        const BETA: f64 = 0.05;
        let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
        let variance = self.variance();
        let llr = if variance > 0.0 {
            self.games() as f64 * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * variance)
        } else {
            0.0
        };
        Sprt {
            llr,
            lower: (BETA / (1.0 - ALPHA)).ln(),
            upper: ((1.0 - BETA) / ALPHA).ln(),
        }
    }
}
