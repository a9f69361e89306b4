//! Duels between two players with mirrored dice: each dice sequence is played twice, once with
//! each player in each seat, which cancels much of the luck of the dice.
//!
//! Three kinds of stakes ([`Stakes`]): cubeless money games (1, 2 or 3 points a game), money
//! games with the doubling cube, and matches to N points (the cube, the Crawford rule; each
//! match is worth +1 or −1). A pair of games (or matches) shares one ChaCha8 dice stream seeded
//! from `(seed, pair)`; in a match the opening roll's first die is seat 0's, so the same stream
//! hands the first move to the other player in the mirrored match.
//!
//! Two estimates of the same result come from the same games ([`DuelReport`]): the mirrored one
//! treats each pair's mean as one sample (its variance is what the duel achieved), the
//! unmirrored one treats every game as an independent sample (what as many games with
//! independent dice would give). Their ratio is the variance reduction that mirroring bought.
//!
//! With the cube the report also counts each player's cube actions ([`CubeCounts`]): the doubles
//! it offered and its takes and passes of the other's doubles.
//!
//! [`duel_with`] plays on the calling thread with the two given players; [`duel_parallel`] runs
//! pairs on several threads, each with its own two players from a factory (external programs
//! spend most of their time waiting, so several at once fill the cores). Both give the same
//! report for players that decide deterministically.

use crate::stats::mean_ci95;
use ludus_backgammon::player::plays;
use ludus_backgammon::player::{Evaluation, PlayRequest, Player, PlayerError};
use ludus_backgammon::{
    CubeOwner, Dice, DiceSource, GameEnd, GameOutcome, GameState, MatchState, Position, Rules,
    Seat, WinKind, score_points,
};
use ludus_backgammon_engine::probabilities::lost;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Safety limit on plies in one game (real games end far sooner; guards against a broken player).
const MAX_PLIES: usize = 10_000;
/// Safety limit on games in one match (a 25-point match takes a few dozen).
const MAX_MATCH_GAMES: usize = 1_000;

/// What the games of a duel are played for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stakes {
    /// Money games without the cube: 1, 2 or 3 points a game.
    Cubeless,
    /// Money games with the doubling cube (no Jacoby rule, no beavers, ceiling 64).
    Money,
    /// Matches to this many points with the cube and the Crawford rule: +1 or −1 a match.
    Match(u32),
}

impl Stakes {
    fn cube(self) -> bool {
        self != Stakes::Cubeless
    }
}

/// The setting of one game: the rules, whether the cube is in play, the score before it and
/// whether it is the Crawford game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSetup {
    /// Money or match rules.
    pub rules: Rules,
    /// Whether the cube is in play (otherwise a cubeless money game).
    pub cube: bool,
    /// Points of seat 0 and seat 1 before the game (match play).
    pub score: [u32; 2],
    /// This game is the Crawford game.
    pub crawford: bool,
}

impl GameSetup {
    /// A money game, cubeless or with the cube.
    pub fn money(cube: bool) -> GameSetup {
        GameSetup {
            rules: Rules::default(),
            cube,
            score: [0, 0],
            crawford: false,
        }
    }

    /// The match state around the board with `seat` on roll.
    fn state(&self, seat: Seat, cube_value: u32, cube_owner: CubeOwner) -> MatchState {
        MatchState {
            cube_value,
            cube_owner,
            on_roll: seat,
            crawford: self.crawford,
            game_state: GameState::Playing,
            turn: seat,
            double_offered: false,
            resignation: None,
            dice: None,
            match_length: self.rules.match_length,
            score: self.score,
            jacoby: false,
        }
    }
}

/// Plays one game from the start: `first` moves first with the opening roll `opening`, then the
/// dice come from `dice`. With the cube, the player on roll is asked to double before each roll
/// after the first (when the rules let it and doubling can still gain), and the other to take.
/// The outcome's points include the cube. A game still going after [`MAX_PLIES`] (a broken
/// player) is scored as a single game for the side on roll, as if the other had resigned it.
pub fn play_game(
    players: [&mut dyn Player; 2],
    first: Seat,
    opening: Dice,
    dice: &mut ChaCha8Rng,
    setup: &GameSetup,
) -> Result<GameOutcome, PlayerError> {
    let mut position = Position::starting();
    let mut roll = opening;
    let mut seat = first;
    let mut after = Vec::new();
    let [p0, p1] = players;
    let mut cube_value = 1u32;
    let mut owner = CubeOwner::Centered;
    for ply in 0..MAX_PLIES {
        let (roller, other): (&mut dyn Player, &mut dyn Player) = match seat {
            Seat::Zero => (&mut *p0, &mut *p1),
            Seat::One => (&mut *p1, &mut *p0),
        };
        let mut state = setup.state(seat, cube_value, owner);
        let may_double = setup.cube
            && ply > 0
            && state.double_refusal(setup.rules.max_cube()).is_none()
            && !state.doubling_is_pointless();
        if may_double && roller.double(&position, &state)? {
            if !other.take(&position, &state)? {
                return Ok(GameOutcome {
                    winner: seat,
                    end: GameEnd::DoubleRefused,
                    points: cube_value,
                });
            }
            cube_value *= 2;
            owner = CubeOwner::Owned(seat.other());
            state = setup.state(seat, cube_value, owner);
        }
        state.dice = Some(roll);
        plays(&position, roll, &mut after);
        let context = setup.cube.then_some(&state);
        let i = roller.choose(PlayRequest {
            position: &position,
            dice: roll,
            plays: &after,
            state: context,
        })?;
        let Some(chosen) = after.get(i) else {
            let error = format!("chose play {i} of {}", after.len());
            return Err(PlayerError::new(roller.name(), error));
        };
        let next = chosen.swapped();
        if let Some(kind) = lost(&next) {
            let end = GameEnd::BoreOff(kind);
            return Ok(GameOutcome {
                winner: seat,
                end,
                points: score_points(&setup.rules, cube_value, owner, end),
            });
        }
        position = next;
        seat = seat.other();
        roll = dice.roll();
    }
    Ok(GameOutcome {
        winner: seat,
        end: GameEnd::Resigned(WinKind::Single),
        points: cube_value,
    })
}

/// Plays a match to `length` points: each game's opening roll comes from `dice`, its first die
/// being seat 0's (the higher die moves first). Returns the games' outcomes; the winner of the
/// last one won the match.
pub fn play_match(
    players: [&mut dyn Player; 2],
    length: u32,
    dice: &mut ChaCha8Rng,
) -> Result<Vec<GameOutcome>, PlayerError> {
    let [p0, p1] = players;
    let mut score = [0u32; 2];
    let mut crawford_played = false;
    let mut outcomes = Vec::new();
    while score.iter().all(|&s| s < length) && outcomes.len() < MAX_MATCH_GAMES {
        let crawford = !crawford_played && score.contains(&(length - 1));
        crawford_played |= crawford;
        let setup = GameSetup {
            rules: Rules::match_to(length),
            cube: true,
            score,
            crawford,
        };
        let opening = dice.opening_roll();
        let first = if opening.first() > opening.second() {
            Seat::Zero
        } else {
            Seat::One
        };
        let outcome = play_game([&mut *p0, &mut *p1], first, opening, dice, &setup)?;
        score[outcome.winner.index()] += outcome.points;
        outcomes.push(outcome);
    }
    Ok(outcomes)
}

/// What a duel plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelConfig {
    /// Games (or matches), rounded up to an even number: each dice sequence is played twice.
    pub games: u64,
    /// Seed of the dice.
    pub seed: u64,
    /// Cubeless, money with the cube, or matches.
    pub stakes: Stakes,
}

/// The outcome of a duel, from player A's point of view.
#[derive(Clone, Debug, PartialEq)]
pub struct DuelReport {
    /// Games played (matches in match play), twice the dice sequences.
    pub games: u64,
    /// Player A's name.
    pub a: String,
    /// Player B's name.
    pub b: String,
    /// What was played for.
    pub stakes: Stakes,
    /// Games (matches) won by A.
    pub a_wins: u64,
    /// Gammons and backgammons won by A (every game of every match counted).
    pub a_gammons: u64,
    /// Gammons and backgammons won by B.
    pub b_gammons: u64,
    /// A's cube actions (all zero in cubeless games).
    pub a_cube: CubeCounts,
    /// B's cube actions.
    pub b_cube: CubeCounts,
    /// Points per game for A (cubeless: 1, 2 or 3 a game; times the cube with the cube); in
    /// match play +1 or −1 a match, so `(1 + ppg) / 2` is A's share of matches won.
    pub ppg: f64,
    /// Half-width of the 95% confidence interval of `ppg`, each mirrored pair one sample.
    pub ci95: f64,
    /// The same from the same games taken as independent samples: what unmirrored dice give.
    pub ci95_unmirrored: f64,
}

impl DuelReport {
    /// How many times fewer games the mirrored estimate needs than the unmirrored one for the
    /// same interval: the ratio of the two variances of the mean (1 when there is no spread).
    pub fn variance_ratio(&self) -> f64 {
        if self.ci95 > 0.0 {
            (self.ci95_unmirrored / self.ci95).powi(2)
        } else {
            1.0
        }
    }
}

/// One player's cube actions over a duel: every double it offered is answered by the other's
/// take or pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CubeCounts {
    /// Doubles (and redoubles) offered.
    pub doubles: u64,
    /// The other player's doubles taken.
    pub takes: u64,
    /// The other player's doubles passed (each ends a game).
    pub passes: u64,
}

impl CubeCounts {
    fn add(&mut self, other: CubeCounts) {
        self.doubles += other.doubles;
        self.takes += other.takes;
        self.passes += other.passes;
    }
}

/// A player whose cube actions are counted; every decision is the wrapped player's.
struct Counted<'a> {
    player: &'a mut dyn Player,
    counts: CubeCounts,
}

impl<'a> Counted<'a> {
    fn new(player: &'a mut dyn Player) -> Counted<'a> {
        Counted {
            player,
            counts: CubeCounts::default(),
        }
    }
}

impl Player for Counted<'_> {
    fn name(&self) -> String {
        self.player.name()
    }

    fn choose(&mut self, request: PlayRequest<'_>) -> Result<usize, PlayerError> {
        self.player.choose(request)
    }

    fn double(&mut self, position: &Position, state: &MatchState) -> Result<bool, PlayerError> {
        let doubles = self.player.double(position, state)?;
        self.counts.doubles += u64::from(doubles);
        Ok(doubles)
    }

    fn take(&mut self, position: &Position, state: &MatchState) -> Result<bool, PlayerError> {
        let takes = self.player.take(position, state)?;
        if takes {
            self.counts.takes += 1;
        } else {
            self.counts.passes += 1;
        }
        Ok(takes)
    }

    fn evaluate(
        &mut self,
        position: &Position,
        state: Option<&MatchState>,
    ) -> Result<Option<Evaluation>, PlayerError> {
        self.player.evaluate(position, state)
    }
}

/// One pair's results, from A's view.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct PairResult {
    /// A's result in each of the two games (matches).
    points: [f64; 2],
    a_wins: u64,
    a_gammons: u64,
    b_gammons: u64,
    a_cube: CubeCounts,
    b_cube: CubeCounts,
}

/// One game's (or match's) result with A in a seat, from A's view.
struct OneResult {
    /// A's points (match play: +1 or −1).
    points: f64,
    a_won: bool,
    a_gammons: u64,
    b_gammons: u64,
    a_cube: CubeCounts,
    b_cube: CubeCounts,
}

/// One game or match with A in `a_seat`: A's points, whether A won, the gammons and cube
/// actions of A and B.
fn play_one(
    a: &mut dyn Player,
    b: &mut dyn Player,
    a_seat: Seat,
    dice: &mut ChaCha8Rng,
    stakes: Stakes,
) -> Result<OneResult, PlayerError> {
    let (mut a, mut b) = (Counted::new(a), Counted::new(b));
    let players: [&mut dyn Player; 2] = match a_seat {
        Seat::Zero => [&mut a, &mut b],
        Seat::One => [&mut b, &mut a],
    };
    let outcomes = match stakes {
        Stakes::Match(length) => play_match(players, length, dice)?,
        Stakes::Cubeless | Stakes::Money => {
            let setup = GameSetup::money(stakes.cube());
            let opening = dice.opening_roll();
            vec![play_game(players, Seat::Zero, opening, dice, &setup)?]
        }
    };
    let gammons = |seat: Seat| {
        let gammon = |o: &&GameOutcome| {
            o.winner == seat && matches!(o.end, GameEnd::BoreOff(k) if k != WinKind::Single)
        };
        outcomes.iter().filter(gammon).count() as u64
    };
    let last = outcomes.last().copied();
    let a_won = last.is_some_and(|o| o.winner == a_seat);
    let points = match (stakes, last) {
        (Stakes::Match(_), _) => 1.0,
        (_, Some(o)) => f64::from(o.points),
        (_, None) => 0.0,
    };
    Ok(OneResult {
        points: if a_won { points } else { -points },
        a_won,
        a_gammons: gammons(a_seat),
        b_gammons: gammons(a_seat.other()),
        a_cube: a.counts,
        b_cube: b.counts,
    })
}

/// Both games (matches) of pair `pair`: A in seat 0, then in seat 1, on the same dice.
fn play_pair(
    a: &mut dyn Player,
    b: &mut dyn Player,
    config: &DuelConfig,
    pair: u64,
) -> Result<PairResult, PlayerError> {
    let mut result = PairResult::default();
    for (k, a_seat) in [Seat::Zero, Seat::One].into_iter().enumerate() {
        let mut dice = ChaCha8Rng::seed_from_u64(config.seed.wrapping_add(pair));
        let one = play_one(&mut *a, &mut *b, a_seat, &mut dice, config.stakes)?;
        result.points[k] = one.points;
        result.a_wins += u64::from(one.a_won);
        result.a_gammons += one.a_gammons;
        result.b_gammons += one.b_gammons;
        result.a_cube.add(one.a_cube);
        result.b_cube.add(one.b_cube);
    }
    Ok(result)
}

fn report(a: String, b: String, config: &DuelConfig, pairs: &[PairResult]) -> DuelReport {
    let games = 2 * pairs.len() as u64;
    let all = pairs.iter().flat_map(|p| p.points);
    let means = pairs.iter().map(|p| (p.points[0] + p.points[1]) / 2.0);
    DuelReport {
        games,
        a,
        b,
        stakes: config.stakes,
        a_wins: pairs.iter().map(|p| p.a_wins).sum(),
        a_gammons: pairs.iter().map(|p| p.a_gammons).sum(),
        b_gammons: pairs.iter().map(|p| p.b_gammons).sum(),
        a_cube: cube_total(pairs.iter().map(|p| p.a_cube)),
        b_cube: cube_total(pairs.iter().map(|p| p.b_cube)),
        ppg: all.clone().sum::<f64>() / games.max(1) as f64,
        ci95: mean_ci95(means),
        ci95_unmirrored: mean_ci95(all),
    }
}

fn cube_total(counts: impl Iterator<Item = CubeCounts>) -> CubeCounts {
    let mut total = CubeCounts::default();
    counts.for_each(|c| total.add(c));
    total
}

fn pair_count(config: &DuelConfig) -> u64 {
    config.games.div_ceil(2).max(1)
}

/// Plays the duel on this thread between `a` and `b`. `progress(games_done)` after each pair.
pub fn duel_with(
    a: &mut dyn Player,
    b: &mut dyn Player,
    config: &DuelConfig,
    mut progress: impl FnMut(u64),
) -> Result<DuelReport, PlayerError> {
    let pairs = pair_count(config);
    let mut results = Vec::with_capacity(usize::try_from(pairs).unwrap_or(0));
    for pair in 0..pairs {
        results.push(play_pair(&mut *a, &mut *b, config, pair)?);
        progress(2 * (pair + 1));
    }
    Ok(report(a.name(), b.name(), config, &results))
}

/// Cubeless money duel of `games` games between `a` and `b` with mirrored dice from `seed`.
pub fn duel(
    a: &mut dyn Player,
    b: &mut dyn Player,
    games: u64,
    seed: u64,
    progress: impl FnMut(u64),
) -> Result<DuelReport, PlayerError> {
    let config = DuelConfig {
        games,
        seed,
        stakes: Stakes::Cubeless,
    };
    duel_with(a, b, &config, progress)
}

/// A pair of players for one worker of [`duel_parallel`]: A first.
pub type PlayerPair = (Box<dyn Player>, Box<dyn Player>);

/// Plays the duel on `jobs` threads, each with its own players from `make_players` (called once
/// per thread). Pairs are handed out in order and the report sums them in order, so it does not
/// depend on which thread played which pair. `progress(games_done)` after each pair. The first
/// error stops every thread.
pub fn duel_parallel(
    make_players: &(dyn Fn() -> Result<PlayerPair, PlayerError> + Sync),
    config: &DuelConfig,
    jobs: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<DuelReport, PlayerError> {
    let pairs = pair_count(config);
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let results = Mutex::new(vec![None; usize::try_from(pairs).unwrap_or(0)]);
    let names = Mutex::new(None);
    let first_error = Mutex::new(None);
    let worker = || -> Result<(), PlayerError> {
        let (mut a, mut b) = make_players()?;
        if let Ok(mut slot) = names.lock() {
            slot.get_or_insert_with(|| (a.name(), b.name()));
        }
        loop {
            let pair = next.fetch_add(1, Ordering::Relaxed);
            if pair >= pairs || failed.load(Ordering::Relaxed) {
                return Ok(());
            }
            let result = play_pair(a.as_mut(), b.as_mut(), config, pair)?;
            if let Ok(mut slots) = results.lock() {
                slots[usize::try_from(pair).unwrap_or(0)] = Some(result);
            }
            progress(2 * (done.fetch_add(1, Ordering::Relaxed) + 1));
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                if let Err(error) = worker() {
                    failed.store(true, Ordering::Relaxed);
                    if let Ok(mut slot) = first_error.lock() {
                        slot.get_or_insert(error);
                    }
                }
            });
        }
    });
    if let Some(error) = first_error.into_inner().ok().flatten() {
        return Err(error);
    }
    let (a, b) = names.into_inner().ok().flatten().unwrap_or_default();
    let results: Vec<PairResult> = results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect();
    Ok(report(a, b, config, &results))
}
