//! The real engines behind the server's player traits (the server crate knows no engine):
//! Morris through `ludus-morris-engine`'s levels, Backgammon through the network engine at the
//! levels of `ludus_backgammon_engine::level`, and the engine's post-game analysis.

use ludus_backgammon::player::{self as bg, Evaluation};
use ludus_backgammon::{Dice, MatchState, Move as BgMove, Position as BgPosition, read_mat};
use ludus_backgammon_engine::NetEvaluator;
use ludus_backgammon_engine::analysis::{Decision, DecisionKind, review_match};
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::eval::Evaluator;
use ludus_backgammon_engine::level::{Level as BgLevel, MAX_LEVEL as BG_MAX_LEVEL};
use ludus_morris::player::Player;
use ludus_morris::{Move, Position, Rules};
use ludus_morris_engine::analysis::{move_value, rank_moves};
use ludus_morris_engine::db::Databases;
use ludus_morris_engine::level::Level;
use ludus_morris_engine::review::{ReviewOptions, review_game};
use ludus_morris_engine::{EnginePlayer, EngineSetting};
use ludus_server::games::backgammon::{MAX_ANALYSIS_PLIES, MoveRanker};
use ludus_server::games::morris::MorrisAnalyst;
use ludus_server::games::{
    AnalysisFailure, BackgammonComputer, Computer, MatchAnalyser, MorrisComputer, Players,
};
use rand::RngExt;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

/// The engine players and the analyser, as `ludus serve` uses them.
pub(crate) fn engine_players() -> Players {
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
pub(crate) fn warm_up_bearoff() {
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
pub(crate) fn morris_computer(databases: Option<&'static Databases>) -> MorrisComputer {
    let player = move |level: u8, _: Duration| -> Box<dyn Player> {
        let setting = EngineSetting::Level(Level::nearest(u32::from(level)));
        let mut player = EnginePlayer::new(setting, databases);
        player.set_seed(rand::rng().random::<u64>());
        Box::new(player)
    };
    Computer::new(player, Arc::new(MorrisEngine::new(databases)))
}

/// The Morris engine's analysis board: every move ranked, and the databases' values.
pub(crate) struct MorrisEngine {
    /// The endgame databases where present (only probed, never built here).
    databases: Option<&'static Databases>,
}

impl MorrisEngine {
    /// The engine probing `databases` at the levels that use them.
    pub(crate) fn new(databases: Option<&'static Databases>) -> MorrisEngine {
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

/// Think time below which the top level (2-ply, up to about a second) plays one level lower
/// (1-ply).
const TWO_PLY_THINK_TIME: Duration = Duration::from_millis(1000);

/// Backgammon: the network engine at the seat's level for checker plays; the noiseless 1-ply
/// engine for the cube and the chances, at every level; the analysis board's ranking.
pub(crate) fn backgammon_computer() -> BackgammonComputer {
    let player =
        |level, think_time| -> Box<dyn bg::Player> { Box::new(SeatPlayer::new(level, think_time)) };
    Computer::new(player, Arc::new(Ranking::new()))
}

/// The player of a computer seat (made for each decision).
struct SeatPlayer {
    /// The level's engine, noise seeded from the system's randomness.
    checkers: Engine,
    /// The noiseless 1-ply engine: doubles on double/take and double/pass, takes when taking
    /// leaves the doubler no more than passing would; never doubles and always takes where it
    /// has no decision.
    cube: Engine,
}

impl SeatPlayer {
    /// The player at `level` (the nearest level); the top level plays one level lower (1-ply)
    /// below [`TWO_PLY_THINK_TIME`].
    fn new(level: u8, think_time: Duration) -> SeatPlayer {
        let mut level = BgLevel::nearest(u32::from(level));
        if level.number == BG_MAX_LEVEL && think_time < TWO_PLY_THINK_TIME {
            level = BgLevel::nearest(u32::from(level.number - 1));
        }
        SeatPlayer {
            checkers: Engine::at_level(level, rand::rng().random::<u64>()),
            cube: Engine::new(1),
        }
    }
}

impl bg::Player for SeatPlayer {
    fn name(&self) -> String {
        bg::Player::name(&self.checkers)
    }

    fn choose(&mut self, request: bg::PlayRequest<'_>) -> Result<usize, bg::PlayerError> {
        self.checkers.choose(request)
    }

    fn double(
        &mut self,
        position: &BgPosition,
        state: &MatchState,
    ) -> Result<bool, bg::PlayerError> {
        self.cube.double(position, state)
    }

    fn take(&mut self, position: &BgPosition, state: &MatchState) -> Result<bool, bg::PlayerError> {
        self.cube.take(position, state)
    }

    /// The network's probabilities at 1 ply.
    fn evaluate(
        &mut self,
        position: &BgPosition,
        state: Option<&MatchState>,
    ) -> Result<Option<Evaluation>, bg::PlayerError> {
        bg::Player::evaluate(&mut self.cube, position, state)
    }
}

/// The analysis board's ranking: the noiseless engines at 0, 1 and 2 plies.
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

impl MoveRanker for Ranking {
    fn rank_moves(&self, position: &BgPosition, dice: Dice, plies: u8) -> Vec<(BgMove, f64)> {
        let deepest = self.engines.len() - 1;
        self.engines[usize::from(plies).min(deepest)]
            .ranked_moves(position, dice)
            .into_iter()
            .map(|play| (play.mv, f64::from(play.probabilities.equity())))
            .collect()
    }
}

/// Lookahead of the post-game analysis: the engine's review setting.
const ANALYSIS_PLIES: u8 = ludus_backgammon_engine::analysis::REVIEW_PLIES;

/// The engine's post-game analysis (`ludus_backgammon_engine::analysis`) with the shipped network,
/// and the Morris engine's game review (`ludus_morris_engine::review`).
pub(crate) struct Analyser {
    /// The Morris endgame databases where present (perfect-play values in the review).
    databases: Option<&'static Databases>,
}

impl Analyser {
    /// The analyser, probing `databases` in Morris reviews.
    pub(crate) fn new(databases: Option<&'static Databases>) -> Analyser {
        Analyser { databases }
    }
}

/// The alternatives listed beside each move of a Morris review (by the review's own measure,
/// the judge's: `ludus_morris_engine::judge`, which the hint uses too).
const MORRIS_ALTERNATIVES: usize = 5;

impl MatchAnalyser for Analyser {
    /// The engine's report, each decision with White's winning chance before it (`white_win`,
    /// the review's graph).
    fn analyse(&self, mat: &str) -> Result<Value, AnalysisFailure> {
        self.analyse_match(&read_mat(mat)?)
    }

    /// As [`MatchAnalyser::analyse`], replaying each game from its own start (a set-up
    /// position included); each decision with the review's details (`alternatives`, `cube`,
    /// `luck`: `ludus_backgammon_engine::analysis::review_match`), each player's luck
    /// (`luck`, `luck_plies` at the top).
    fn analyse_match(&self, record: &ludus_backgammon::Match) -> Result<Value, AnalysisFailure> {
        let evaluator = NetEvaluator::shipped();
        let review = review_match(record, &evaluator, ANALYSIS_PLIES);
        let report = &review.report;
        let mut value = serde_json::to_value(report)?;
        for ((game, details), games) in report
            .games
            .iter()
            .zip(&review.details)
            .zip(value["games"].as_array_mut().into_iter().flatten())
        {
            let decisions = games["decisions"].as_array_mut().into_iter().flatten();
            for ((decision, detail), json) in game.decisions.iter().zip(details).zip(decisions) {
                if let Some(chance) = white_win(&evaluator, decision) {
                    json["white_win"] = serde_json::json!(chance);
                }
                if let (Value::Object(json), Value::Object(detail)) =
                    (json, serde_json::to_value(detail)?)
                {
                    json.extend(detail);
                }
            }
        }
        value["luck"] = serde_json::to_value(review.luck)?;
        value["luck_plies"] = serde_json::json!(review.luck_plies);
        Ok(value)
    }

    fn review_morris(
        &self,
        rules: &Rules,
        start: &Position,
        moves: &[Move],
    ) -> Result<Value, AnalysisFailure> {
        let options = ReviewOptions {
            databases: self.databases,
            alternatives: MORRIS_ALTERNATIVES,
            ..ReviewOptions::default()
        };
        Ok(serde_json::to_value(review_game(
            rules, start, moves, &options,
        )?)?)
    }
}

/// White's (the `.mat` file's player 0) chance to win before `decision`, from the position the
/// decider (the doubler, for a take) had on roll.
fn white_win(evaluator: &NetEvaluator, decision: &Decision) -> Option<f64> {
    let position = BgPosition::from_position_id(&decision.position_id).ok()?;
    let on_roll = match decision.kind {
        DecisionKind::Take => 1 - decision.player,
        DecisionKind::Checker | DecisionKind::Double => decision.player,
    };
    let win = f64::from(evaluator.eval_any(&position).win);
    Some(if on_roll == 0 { win } else { 1.0 - win })
}

#[cfg(test)]
mod tests {
    use super::*;
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
        assert_eq!(report["players"].as_array().map(Vec::len), Some(2));
        assert!(report["players"][0]["unforced_moves"].as_u64() > Some(0));
        let decisions = report["games"][0]["decisions"].as_array().unwrap();
        assert!(!decisions.is_empty());
        for decision in decisions {
            assert!(
                decision["alternatives"]
                    .as_array()
                    .is_some_and(|a| !a.is_empty())
            );
            assert!(decision["cube"]["value"].as_u64() >= Some(1));
        }
        assert!(report["luck"][0]["rolls"].as_u64() > Some(0));
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
        let report = Analyser::new(None).analyse_match(&record).unwrap();
        let first = &report["games"][0]["decisions"][0];
        let set_up = start.parse::<ludus_backgammon::Xgid>().unwrap().position;
        assert_eq!(first["position_id"], set_up.position_id(), "{report}");
        assert_eq!(first["dice"], "65", "{report}");
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
            .rank_moves(&start, "31".parse().unwrap(), 1);
        assert_eq!(ranked[0].0.to_string(), "8/5 6/5");
        let chances = player.evaluate(&start, None).unwrap().unwrap();
        let [win, win_gammon, _, lose_gammon, _] = chances.probabilities;
        assert!((0.45..0.6).contains(&win), "{chances:?}");
        assert!(win_gammon < win && lose_gammon < 1.0 - win);
    }

    #[test]
    fn a_morris_game_is_reviewed_move_by_move() {
        let rules = Rules::standard();
        let moves: Vec<Move> = ["d6", "d2", "b6", "f2", "f6xd2"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        let review = Analyser::new(None)
            .review_morris(&rules, &Position::new(), &moves)
            .unwrap();
        assert_eq!(review["moves"].as_array().map(Vec::len), Some(5));
        assert_eq!(review["graph"].as_array().map(Vec::len), Some(5));
        assert_eq!(review["moves"][4]["played"], "f6xd2");
        assert_eq!(review["players"]["white"]["moves"], 3);
        assert_eq!(review["players"]["black"]["moves"], 2);
        let alternatives = review["moves"][0]["alternatives"].as_array().unwrap();
        // The five best, and the move played where it is not among them.
        assert!((5..=6).contains(&alternatives.len()), "{alternatives:?}");
        assert_eq!(
            alternatives.iter().filter(|a| a["played"] == true).count(),
            1
        );
        assert!(
            alternatives
                .iter()
                .all(|a| a["value"].is_i64() && a["move"].is_string())
        );
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
