//! The server's computer players: the real engines behind `ludus-server`'s player traits.
//! Morris through `ludus-morris-engine`'s levels, Backgammon through the network engine at the
//! levels of `ludus_backgammon_engine::level`, and the engines' post-game reviews, converted to
//! the server's typed view of them in one place ([`convert`]).
//!
//! # Why a crate of its own
//!
//! The server knows no engine: it holds sessions, seats, storage and sockets, and asks a
//! [`Players`] what to play and a `MatchAnalyser` for reviews, so that its tests run on small
//! stand-ins and it builds without the engines. The engines know no server. These adapters need
//! both, and so live in neither: here, a small crate that depends on the two engines and on the
//! server's traits. The `ludus` binary only wires them in (`ludus serve`); anything else that
//! serves Ludus (a test harness, another front end) can depend on this crate without linking
//! the command line or the trainer.

pub mod convert;

use ludus_backgammon::player::{self as bg, Evaluation};
use ludus_backgammon::{CubeOwner, Dice, MatchState, Position as BgPosition, read_mat};
use ludus_backgammon_engine::NetEvaluator;
use ludus_backgammon_engine::analysis::review_match_until;
use ludus_backgammon_engine::cube::{CubeDecision, MoneyOptions};
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::level::Level as BgLevel;
use ludus_backgammon_engine::probabilities::Probabilities;
use ludus_backgammon_engine::rollout::{LuckEstimate, RolloutConfig, rollout_games};
use ludus_backgammon_engine::seat::SeatPlayer;
use ludus_morris::player::Player;
use ludus_morris::{Move, Position, Rules};
use ludus_morris_engine::analysis::{move_value, rank_moves};
use ludus_morris_engine::db::Databases;
use ludus_morris_engine::level::Level;
use ludus_morris_engine::review::{ReviewOptions, review_game};
use ludus_morris_engine::{EnginePlayer, EngineSetting};
use ludus_server::games::backgammon::{
    ANALYSIS_SHOWN, BeforeRoll, CubeValues, MAX_ANALYSIS_PLIES, MoneyRules, MoveRanker, MoveValue,
    RolloutKind, RolloutLength, RolloutPart,
};
use ludus_server::games::morris::MorrisAnalyst;
use ludus_server::games::report::{BackgammonReport, MorrisReview};
use ludus_server::games::{
    AnalysisFailure, BackgammonComputer, Checkpoint, Computer, MatchAnalyser, MorrisComputer,
    Players,
};
use rand::RngExt;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

/// The engine players and the analyser, as `ludus serve` uses them.
pub fn engine_players() -> Players {
    // One set of databases for the players and the analyser, kept for the life of the
    // server: each loads its tables once.
    let databases: &'static Databases = Box::leak(Box::new(Databases::open_default()));
    Players {
        morris: morris_computer(Some(databases)),
        backgammon: backgammon_computer(),
        analyser: Some(Arc::new(Analyser::new(Some(databases)))),
    }
}

/// Builds the backgammon engine's bear-off databases (one-sided and two-sided) on a thread of
/// their own. They are otherwise built on first use, inside whatever needed them first — a
/// review, an analysis or a computer move reaching a bear-off — which then waited for the whole
/// build (28.7 s against 0.33 s for the next review in the unoptimised build; see
/// docs/benchmarks.md).
pub fn warm_up_bearoff() {
    let spawned = std::thread::Builder::new()
        .name("bearoff-warm-up".to_string())
        .spawn(|| {
            let started = std::time::Instant::now();
            ludus_backgammon_engine::bearoff::BearoffDb::get();
            ludus_backgammon_engine::bearoff::TwoSidedDb::get();
            tracing::info!(
                "backgammon bear-off databases ready in {:.2} s",
                started.elapsed().as_secs_f64()
            );
        });
    if let Err(error) = spawned {
        tracing::warn!("bear-off databases not built ahead: {error}");
    }
}

/// Morris: the engine's player at the nearest level of `ludus_morris_engine::level::Level`
/// (thinking at most the server's think time, its noise seeded from the system's randomness),
/// and the engine's analysis, both probing `databases` where the level uses them.
pub fn morris_computer(databases: Option<&'static Databases>) -> MorrisComputer {
    let player = move |level: u8, _: Duration| -> Box<dyn Player> {
        let setting = EngineSetting::Level(Level::nearest(u32::from(level)));
        let mut player = EnginePlayer::new(setting, databases);
        player.set_seed(rand::rng().random::<u64>());
        Box::new(player)
    };
    Computer::new(player, Arc::new(MorrisEngine::new(databases)))
}

/// The Morris engine's analysis board: every move ranked, and the databases' values.
pub struct MorrisEngine {
    /// The endgame databases where present (only probed, never built here).
    databases: Option<&'static Databases>,
}

impl MorrisEngine {
    /// The engine probing `databases` at the levels that use them.
    pub fn new(databases: Option<&'static Databases>) -> MorrisEngine {
        MorrisEngine { databases }
    }
}

impl MorrisAnalyst for MorrisEngine {
    /// The judge's ranking (`ludus_morris_engine::judge`), the review's measure; values in
    /// hundredths of a piece.
    fn analyse(
        &self,
        history: &[Position],
        position: &Position,
        rules: &Rules,
    ) -> Vec<(Move, i32)> {
        rank_moves(position, rules, history, self.databases)
    }

    /// The databases' value, where they are built for the position's sub-space.
    fn perfect_value(&self, position: &Position, rules: &Rules) -> Option<String> {
        let databases = self.databases?;
        ludus_morris_engine::probe(databases, position, rules)
            .ok()
            .map(|value| value.to_string())
    }

    /// The databases' value of the position after `mv`, seen from before it (one ply more, the
    /// mover's view).
    fn perfect_value_of_move(
        &self,
        position: &Position,
        mv: Move,
        rules: &Rules,
    ) -> Option<String> {
        move_value(self.databases?, position, mv, rules).map(|value| value.to_string())
    }
}

/// Backgammon: the network engine at the seat's level for checker plays; the noiseless 2-ply
/// engine (1-ply when the think time is too short for 2 plies) for the cube and the chances, at
/// every level; the analysis board's ranking.
pub fn backgammon_computer() -> BackgammonComputer {
    let player = |level: u8, think_time| -> Box<dyn bg::Player> {
        let level = BgLevel::nearest(u32::from(level));
        Box::new(SeatPlayer::new(
            level,
            rand::rng().random::<u64>(),
            think_time,
        ))
    };
    Computer::new(player, Arc::new(Ranking::new()))
}

/// The analysis board's ranking: the noiseless engines at 0 to [`MAX_ANALYSIS_PLIES`] plies.
struct Ranking {
    /// One engine per lookahead, 0 first.
    engines: Vec<Engine>,
}

impl Ranking {
    fn new() -> Ranking {
        Ranking {
            engines: (0..=MAX_ANALYSIS_PLIES).map(Engine::new).collect(),
        }
    }
}

impl Ranking {
    /// The engine at `plies` (the deepest where more are asked).
    fn engine(&self, plies: u8) -> &Engine {
        &self.engines[usize::from(plies).min(self.engines.len() - 1)]
    }
}

impl MoveRanker for Ranking {
    /// The engine's ranking (cubeful at the score in a match, as its hint), the first
    /// [`ANALYSIS_SHOWN`] all at `plies`.
    fn rank_moves(
        &self,
        position: &BgPosition,
        dice: Dice,
        state: &MatchState,
        plies: u8,
    ) -> Vec<MoveValue> {
        self.engine(plies)
            .ranked_moves_shown(position, dice, Some(state), ANALYSIS_SHOWN)
            .into_iter()
            .map(|play| MoveValue {
                mv: play.mv,
                value: play.value,
                plies: play.plies,
                chances: play.probabilities.to_array().map(f64::from),
            })
            .collect()
    }

    /// The cube decision at `plies` ([`Engine::cube_decision_at_plies`]) and its cubeless
    /// chances; the chances alone where the cube model cannot read the cube (above 64).
    fn before_roll(
        &self,
        position: &BgPosition,
        state: &MatchState,
        money: MoneyRules,
        plies: u8,
    ) -> BeforeRoll {
        let engine = self.engine(plies);
        let options = MoneyOptions {
            jacoby: money.jacoby,
            beavers: money.beavers,
        };
        match engine.cube_decision_at_plies(position, state, options, plies) {
            Ok((p, decision)) => BeforeRoll {
                chances: cubeless(&p),
                plies,
                cube: Some(cube_values(&decision, state, plies)),
            },
            Err(_) => BeforeRoll {
                chances: cubeless(&engine.evaluate(position)),
                plies,
                cube: None,
            },
        }
    }

    /// The shipped network's rollout ([`rollout_config`]: luck-adjusted by the pruned reply
    /// choice, truncated after [`ROLLOUT_TRUNCATE`] plies or played to the end, cubeless or
    /// cubeful), games `games` of it.
    fn rollout(
        &self,
        position: &BgPosition,
        games: std::ops::Range<u64>,
        kind: RolloutKind,
    ) -> Option<RolloutPart> {
        let config = rollout_config(kind);
        let sums = rollout_games(&NetEvaluator::shipped(), position, &config, games, |_| {});
        Some(RolloutPart {
            games: sums.games,
            chances: sums.probabilities.to_array().map(f64::from),
            equity: sums.equity,
            equity_squared: sums.equity_squared,
        })
    }
}

/// Plies after which the analysis board's rollouts score the network's value.
pub const ROLLOUT_TRUNCATE: u32 = 10;

/// The analysis board's rollouts of `kind`: seed 1, each roll's luck subtracted (valued by the
/// pruned reply choice); truncated after [`ROLLOUT_TRUNCATE`] plies (the settings of the
/// project's rollout labels) or played to the end of each game; the cube played or not.
pub fn rollout_config(kind: RolloutKind) -> RolloutConfig {
    RolloutConfig {
        games: 0,
        seed: 1,
        truncate: match kind.length {
            RolloutLength::Truncated => Some(ROLLOUT_TRUNCATE),
            RolloutLength::Full => None,
        },
        luck_adjust: true,
        luck: LuckEstimate::Pruned,
        cubeful: kind.cubeful,
        plies: 0,
    }
}

/// Cubeless probabilities and equity as the player trait's evaluation.
fn cubeless(p: &Probabilities) -> Evaluation {
    Evaluation {
        probabilities: p.to_array().map(f64::from),
        equity: f64::from(p.equity()),
    }
}

/// The server's view of an engine cube decision for the side on roll of `state`, at `plies`.
fn cube_values(decision: &CubeDecision, state: &MatchState, plies: u8) -> CubeValues {
    let redouble = state.cube_owner == CubeOwner::Owned(state.on_roll);
    CubeValues {
        action: decision.action.code(redouble),
        words: decision.action.words(redouble),
        doubles: decision.action.is_double(),
        takes: decision.is_take(),
        no_double: decision.no_double,
        double_take: decision.double_take,
        double_pass: decision.double_pass,
        take_point: 1.0 - decision.take_point,
        plies,
        exact: decision.exact,
        money: state.match_length == 0,
    }
}

/// Lookahead of the post-game analysis: the engine's review setting.
const ANALYSIS_PLIES: u8 = ludus_backgammon_engine::analysis::REVIEW_PLIES;

/// The engine's post-game analysis (`ludus_backgammon_engine::analysis`) with the shipped network,
/// and the Morris engine's game review (`ludus_morris_engine::review`).
pub struct Analyser {
    /// The Morris endgame databases where present (perfect-play values in the review).
    databases: Option<&'static Databases>,
}

impl Analyser {
    /// The analyser, probing `databases` in Morris reviews.
    pub fn new(databases: Option<&'static Databases>) -> Analyser {
        Analyser { databases }
    }
}

/// The alternatives listed beside each move of a Morris review (by the review's own measure,
/// the judge's: `ludus_morris_engine::judge`, which the hint uses too).
const MORRIS_ALTERNATIVES: usize = 5;

impl MatchAnalyser for Analyser {
    /// The engine's review of the match (see [`MatchAnalyser::analyse_match`]).
    fn analyse(&self, mat: &str) -> Result<BackgammonReport, AnalysisFailure> {
        let go_on = || ControlFlow::Continue(());
        self.analyse_match(&read_mat(mat)?, &go_on)
    }

    /// As [`MatchAnalyser::analyse`], replaying each game from its own start (a set-up
    /// position included): the engine's report, each decision with the review's details
    /// (`ludus_backgammon_engine::analysis::review_match_until`, asking `checkpoint` before
    /// each event), each player's luck.
    fn analyse_match(
        &self,
        record: &ludus_backgammon::Match,
        checkpoint: Checkpoint,
    ) -> Result<BackgammonReport, AnalysisFailure> {
        let evaluator = NetEvaluator::shipped();
        let review = review_match_until(record, &evaluator, ANALYSIS_PLIES, &|| checkpoint())?;
        Ok(convert::backgammon_report(review)?)
    }

    /// The Morris engine's review (`ludus_morris_engine::review`), the databases' values where
    /// they are built, the best [`MORRIS_ALTERNATIVES`] moves beside each move, asking
    /// `checkpoint` after each move.
    fn review_morris(
        &self,
        rules: &Rules,
        start: &Position,
        moves: &[Move],
        checkpoint: Checkpoint,
    ) -> Result<MorrisReview, AnalysisFailure> {
        let progress = |_done: usize, _total: usize| checkpoint();
        let options = ReviewOptions {
            databases: self.databases,
            alternatives: MORRIS_ALTERNATIVES,
            progress: Some(&progress),
            ..ReviewOptions::default()
        };
        let review = review_game(rules, start, moves, &options)?;
        Ok(convert::morris_review(review))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_backgammon::MatchState;
    use ludus_backgammon_engine::level::MAX_LEVEL as BG_MAX_LEVEL;
    use ludus_server::games::{Game, GameKind};
    use ludus_server::games::{new_game, new_game_from};
    use serde_json::json;

    /// Think time of the test games: short, so that they stay fast.
    const THINK: Duration = Duration::from_millis(20);

    fn test_players() -> Players {
        Players {
            morris: morris_computer(None),
            backgammon: backgammon_computer(),
            analyser: Some(Arc::new(Analyser::new(None))),
        }
    }

    /// Lets the computer play both sides for at most `plies` decisions; every one must be legal.
    fn computer_plays(game: &mut dyn Game, level: u8, plies: usize) -> usize {
        let mut played = 0;
        while played < plies {
            let Some(side) = game.to_act() else { break };
            let job = game
                .computer_job(level, THINK)
                .expect("a job while a side acts");
            let command = job();
            game.apply(side, &command)
                .unwrap_or_else(|error| panic!("{command:?} was refused: {error}"));
            played += 1;
        }
        played
    }

    #[test]
    fn the_morris_engine_plays_legal_moves_at_low_and_high_levels() {
        let players = test_players();
        for level in [1, 5, 10] {
            let mut game = new_game(GameKind::Morris, &json!({}), 0, &players).unwrap();
            let played = computer_plays(game.as_mut(), level, 30);
            // Placement (18 plies) always completes; a game may end (blocked) before 30.
            assert!(played == 30 || (played > 18 && game.result().is_some()));
        }
    }

    #[test]
    fn rollouts_are_truncated_after_ten_plies_or_played_to_the_end() {
        let kind = |length, cubeful| RolloutKind { length, cubeful };
        let truncated = rollout_config(kind(RolloutLength::Truncated, false));
        let full = rollout_config(kind(RolloutLength::Full, true));
        assert_eq!(truncated.truncate, Some(ROLLOUT_TRUNCATE));
        assert_eq!(full.truncate, None);
        assert!(truncated.luck_adjust && full.luck_adjust);
        assert!(!truncated.cubeful && full.cubeful);
        // The same first games, played both ways: a full game ends at 0 or 1 chances of a win or
        // at a bear-off the database values, so its sums differ from the truncated ones.
        let computer = backgammon_computer();
        let start = BgPosition::starting();
        let short = computer
            .analyst
            .rollout(&start, 0..2, RolloutKind::default());
        let long = computer
            .analyst
            .rollout(&start, 0..2, kind(RolloutLength::Full, false));
        let (short, long) = (short.expect("rolls out"), long.expect("rolls out"));
        assert_eq!((short.games, long.games), (2, 2));
        assert_ne!(short, long);
    }

    #[test]
    fn the_morris_analysis_ranks_every_legal_move() {
        let engine = MorrisEngine::new(None);
        let rules = Rules::standard();
        let position = Position::new();
        let ranked = engine.analyse(&[], &position, &rules);
        assert_eq!(ranked.len(), position.legal_moves(&rules).len());
        assert!(ranked.windows(2).all(|pair| pair[0].1 >= pair[1].1));
    }

    #[test]
    fn a_backgammon_match_between_engines_ends_and_analyses() {
        let players = test_players();
        let rules = json!({"match_length": 1, "cube": true});
        let mut game = new_game(GameKind::Backgammon, &rules, 7, &players).unwrap();
        computer_plays(game.as_mut(), 3, 1000);
        assert!(game.result().is_some(), "the match ended");
        let report = Analyser::new(None).analyse(&game.export()).unwrap();
        assert!(report.players[0].unforced_moves > 0);
        let decisions = &report.games[0].decisions;
        assert!(!decisions.is_empty());
        for decision in decisions {
            assert!(!decision.alternatives.is_empty());
            assert!(decision.cube.value >= 1);
        }
        assert!(report.luck[0].rolls > 0);
    }

    #[test]
    fn a_game_without_the_cube_is_reviewed_without_cube_decisions() {
        let players = test_players();
        let rules = json!({"match_length": 0, "cube": false});
        let mut game = new_game(GameKind::Backgammon, &rules, 11, &players).unwrap();
        computer_plays(game.as_mut(), 1, 40);
        let record = game.backgammon_record().unwrap();
        let go_on = || ControlFlow::Continue(());
        let report = Analyser::new(None).analyse_match(&record, &go_on).unwrap();
        let decisions: Vec<_> = report.games.iter().flat_map(|g| &g.decisions).collect();
        assert!(decisions.len() > 10);
        assert!(
            decisions
                .iter()
                .all(|d| d.kind == ludus_server::games::report::DecisionKind::Checker),
            "no cube decision in a game without the cube"
        );
    }

    #[test]
    fn a_race_from_a_set_up_position_is_analysed_from_that_position() {
        // Two checkers each on the 5 and 6 points, White on roll with 65: over in a few turns.
        let start = "XGID=-----BB------------bb-----:0:0:1:65:0:0:0:0:10";
        let players = test_players();
        let mut game =
            new_game_from(GameKind::Backgammon, &json!({}), 5, Some(start), &players).unwrap();
        computer_plays(game.as_mut(), 1, 100);
        assert!(game.result().is_some(), "the race ended");
        let record = game.backgammon_record().unwrap();
        let report = Analyser::new(None)
            .analyse_match(&record, &|| ControlFlow::Continue(()))
            .unwrap();
        let first = &report.games[0].decisions[0];
        let set_up = start.parse::<ludus_backgammon::Xgid>().unwrap().position;
        assert_eq!(first.position_id, set_up.position_id(), "{report:?}");
        assert_eq!(first.dice.as_deref(), Some("65"), "{report:?}");
        // The review page of the same match: every decision boarded, every checker play given
        // the arrows of the play made (its dice and Position ID read).
        let page = ludus_server::review::make_review(
            &Analyser::new(None),
            GameKind::Backgammon,
            &game.export(),
            Some(&record),
            &|| ControlFlow::Continue(()),
        )
        .unwrap();
        let ludus_server::review::ReviewPage::Backgammon(page) = page else {
            panic!("a backgammon page");
        };
        for decision in page.report.games.iter().flat_map(|g| &g.decisions) {
            assert!(decision.board.is_some(), "{decision:?}");
            if decision.kind == ludus_server::games::report::DecisionKind::Checker {
                assert!(decision.played_steps.is_some(), "{decision:?}");
            }
        }
        let json = serde_json::to_value(&page).unwrap();
        assert_eq!(json["game"], "backgammon");
        assert!(json["report"]["games"][0]["decisions"][0]["board"]["points"].is_array());
    }

    #[test]
    fn the_backgammon_engine_neither_doubles_nor_drops_at_the_start() {
        let computer = backgammon_computer();
        let mut player = (computer.player)(BG_MAX_LEVEL, THINK);
        let state = MatchState::from_match_id("cAkAAAAAAAAA").unwrap();
        let start = BgPosition::starting();
        assert!(!player.double(&start, &state).unwrap());
        assert!(player.take(&start, &state).unwrap());
        let ranked = computer
            .analyst
            .rank_moves(&start, "31".parse().unwrap(), &state, 1);
        assert_eq!(ranked[0].mv.to_string(), "8/5 6/5");
        let before = computer
            .analyst
            .before_roll(&start, &state, MoneyRules::default(), 1);
        let [win, win_gammon, _, lose_gammon, _] = before.chances.probabilities;
        assert!((0.45..0.6).contains(&win), "{before:?}");
        assert!(win_gammon < win && lose_gammon < 1.0 - win);
        let cube = before.cube.expect("a centred cube is judged");
        assert_eq!((cube.action.as_str(), cube.plies), ("no-double-take", 1));
        assert!(!cube.doubles && cube.takes && !cube.exact);
    }

    #[test]
    fn the_analysis_cube_panel_gives_the_exact_last_roll_values() {
        // XGID=--A-A-------------------b-:0:0:1:00:0:0:0:0:10: 23 rolls in 36 bear both off.
        let analyst = backgammon_computer().analyst;
        let position = BgPosition::from_position_id("AwAAkAAAAAAAAA").unwrap();
        for plies in 0..=MAX_ANALYSIS_PLIES {
            let cube = analyst
                .before_roll(
                    &position,
                    &MatchState::default(),
                    MoneyRules::default(),
                    plies,
                )
                .cube
                .expect("money play is judged");
            assert_eq!(
                (cube.action.as_str(), cube.words.as_str()),
                ("double-take", "double, take")
            );
            let values = [cube.no_double, cube.double_take, cube.double_pass];
            for (got, want) in values.into_iter().zip([10.0 / 36.0, 20.0 / 36.0, 1.0]) {
                assert!((got - want).abs() < 1e-3, "{plies} plies: {values:?}");
            }
            assert!((cube.take_point - 0.25).abs() < 1e-3, "{cube:?}");
            assert!(cube.exact && cube.money && cube.doubles && cube.takes);
        }
    }

    #[test]
    fn every_play_the_analysis_board_shows_is_valued_at_the_plies_asked() {
        let analyst = backgammon_computer().analyst;
        let state = MatchState::default();
        let start = BgPosition::starting();
        let ranked = analyst.rank_moves(&start, "31".parse().unwrap(), &state, 2);
        assert_eq!(ranked.len(), 16);
        assert!(ranked.iter().all(|m| m.plies == 2), "{ranked:?}");
        assert!(ranked.windows(2).all(|w| w[0].value >= w[1].value));
        assert_eq!(ranked[0].mv.to_string(), "8/5 6/5");
    }

    #[test]
    fn the_analysis_board_looks_one_ply_deeper_than_the_review() {
        use ludus_backgammon_engine::analysis::REVIEW_PLIES;
        assert_eq!(MAX_ANALYSIS_PLIES, REVIEW_PLIES + 1);
        let analyst = backgammon_computer().analyst;
        let state = MatchState::default();
        let start = BgPosition::starting();
        let dice = "31".parse().unwrap();
        let deeper = analyst.rank_moves(&start, dice, &state, MAX_ANALYSIS_PLIES);
        assert!(deeper.iter().all(|m| m.plies == 3), "{deeper:?}");
        assert_eq!(deeper[0].mv.to_string(), "8/5 6/5");
        // The value is the 3-ply one, not the review's.
        let review = analyst.rank_moves(&start, dice, &state, REVIEW_PLIES);
        assert_ne!(deeper[0].value, review[0].value);
        let before = analyst.before_roll(&start, &state, MoneyRules::default(), 3);
        assert_eq!(before.plies, 3);
        assert_eq!(before.cube.expect("money play is judged").plies, 3);
    }

    #[test]
    fn a_morris_game_is_reviewed_move_by_move() {
        let rules = Rules::standard();
        let moves: Vec<Move> = ["d6", "d2", "b6", "f2", "f6xd2"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        let review = Analyser::new(None)
            .review_morris(&rules, &Position::new(), &moves, &|| {
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(review.moves.len(), 5);
        assert_eq!(review.graph.len(), 5);
        assert_eq!(review.moves[4].played.to_string(), "f6xd2");
        assert_eq!(review.players.white.moves, 3);
        assert_eq!(review.players.black.moves, 2);
        let alternatives = &review.moves[0].alternatives;
        // The five best, and the move played where it is not among them.
        assert!((5..=6).contains(&alternatives.len()), "{alternatives:?}");
        assert_eq!(alternatives.iter().filter(|a| a.played).count(), 1);
    }

    /// The flying 3-against-3 databases, built in a fresh temporary directory (kept to the end
    /// of the tests, as the server keeps its own).
    fn three_against_three() -> (std::path::PathBuf, &'static Databases) {
        use ludus_morris_engine::db::Subspace;
        let dir = std::env::temp_dir().join(format!("ludus-serve-db-{}", std::process::id()));
        let databases = Databases::new(&dir);
        let target = Subspace {
            flying: true,
            mover: 3,
            opponent: 3,
        };
        databases
            .build(target, false, &mut |_, _| {})
            .expect("3 against 3 builds");
        (dir, Box::leak(Box::new(databases)))
    }

    #[test]
    fn the_analysis_gives_each_move_its_database_value_where_known() {
        use ludus_morris::fen::Fen;
        use ludus_morris::token::MorrisState;
        let (dir, databases) = three_against_three();
        let engine = MorrisEngine::new(Some(databases));
        let rules = Rules::standard();
        // White a7 d7 b4, Black e3 c3 f2, White to move: b4 flies to g7, closes the mill and
        // removes a piece; Black is left with two.
        let fen: Fen = "***@*@**/***@**O*/O******O w m s 3 0 3 0 0 0 -1 -1 -1 -1 0 0 1"
            .parse()
            .unwrap();
        let MorrisState::Turn(position) = fen.state().unwrap() else {
            panic!("not a turn");
        };
        let winning: Move = "b4-g7xc3".parse().unwrap();
        assert_eq!(
            engine
                .perfect_value_of_move(&position, winning, &rules)
                .as_deref(),
            Some("win in 1 ply")
        );
        assert_eq!(
            engine.perfect_value(&position, &rules).as_deref(),
            Some("win in 1 ply"),
            "the best move's value is the position's"
        );
        // Every move of the position is known; a placing position is not.
        for mv in position.legal_moves(&rules).iter() {
            assert!(
                engine
                    .perfect_value_of_move(&position, *mv, &rules)
                    .is_some(),
                "{mv}"
            );
        }
        let start = Position::new();
        let first = start.legal_moves(&rules).iter().next().copied().unwrap();
        assert_eq!(engine.perfect_value_of_move(&start, first, &rules), None);
        std::fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn the_analyser_refuses_a_text_that_is_no_match() {
        assert!(Analyser::new(None).analyse("not a match").is_err());
    }
}
