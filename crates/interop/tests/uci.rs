//! The UCI-like protocol as a state machine over a scripted brain: tokens and the removal state,
//! scores from White's side, limits, options. (The recorded session with the real engine is
//! replayed through `ludus morris uci` in the CLI tests.)

use ludus_interop::uci::{SpinOption, UciEngine, UciSession, clock_time};
use ludus_morris::player::{Choice, Limits, Player, PlayerError, Score};
use ludus_morris::{Game, Move, NMoveCount, Position, Rules};
use std::time::Duration;

/// A brain that plays its first legal move (or a scripted one) and records what it was asked.
#[derive(Default)]
struct Scripted {
    /// The move to answer when it is legal.
    favourite: Option<Move>,
    /// The score to answer.
    score: Option<Score>,
    /// Every search: the position, the history length and the limits.
    searches: Vec<(Position, usize, Limits)>,
    /// Options set.
    set: Vec<(&'static str, i64)>,
    /// The rules last handed over.
    rules: Option<Rules>,
    /// Answer `search_among` (else the session searches each removal).
    among: bool,
    /// The candidates of every `search_among`.
    among_calls: Vec<Vec<Move>>,
}

impl Scripted {
    /// The favourite where legal, else the first legal move; records the search.
    fn search(&mut self, game: &Game, limits: &Limits) -> Choice {
        let position = game.position();
        self.searches
            .push((*position, game.history().len(), *limits));
        let legal = position.legal_moves(&Rules::standard());
        let best = self
            .favourite
            .filter(|mv| legal.contains(mv))
            .or_else(|| legal.first().copied());
        Choice {
            best_move: best,
            score: self.score.unwrap_or(Score::Pieces(7)),
            depth: limits.depth.unwrap_or(1),
            pv: best.into_iter().collect(),
            nodes: 42,
            elapsed: Duration::from_millis(3),
        }
    }
}

impl Player for Scripted {
    fn name(&self) -> String {
        "scripted".to_string()
    }

    fn choose(&mut self, game: &Game, limits: &Limits) -> Result<Choice, PlayerError> {
        Ok(self.search(game, limits))
    }
}

impl UciEngine for Scripted {
    fn options(&self) -> Vec<SpinOption> {
        vec![SpinOption {
            name: "Level",
            default: 10,
            min: 1,
            max: 10,
        }]
    }

    fn set_option(&mut self, name: &'static str, value: i64) -> Option<String> {
        self.set.push((name, value));
        None
    }

    fn set_rules(&mut self, rules: Rules) {
        self.rules = Some(rules);
    }

    fn search_among(&mut self, game: &Game, turns: &[Move], limits: &Limits) -> Option<Choice> {
        if !self.among {
            return None;
        }
        self.among_calls.push(turns.to_vec());
        let mut answer = self.search(game, limits);
        let best = self
            .favourite
            .filter(|mv| turns.contains(mv))
            .unwrap_or(turns[0]);
        answer.best_move = Some(best);
        answer.pv = vec![best, "d6".parse().unwrap()];
        Some(answer)
    }

    fn default_limits(&self) -> Limits {
        Limits {
            depth: Some(3),
            ..Limits::default()
        }
    }
}

fn session(favourite: &str, score: Score) -> UciSession<Scripted> {
    UciSession::new(Scripted {
        favourite: Some(favourite.parse().unwrap()),
        score: Some(score),
        ..Scripted::default()
    })
}

#[test]
fn a_turn_with_a_removal_is_answered_in_two_tokens_and_the_removal_searched_in_earnest() {
    let mut uci = session("g7xa1", Score::Pieces(98));
    assert!(
        uci.handle("position startpos moves a7 a1 d7 a4")
            .lines
            .is_empty()
    );
    let lines = uci.handle("go depth 2").lines;
    assert_eq!(
        lines,
        [
            "info depth 2 score cp 98 nodes 42 time 3 pv g7 xa1",
            "bestmove g7"
        ]
    );
    uci.handle("position startpos moves a7 a1 d7 a4 g7");
    let lines = uci.handle("go depth 2").lines;
    assert!(
        lines[0].starts_with("info depth 2 score cp -98 nodes 168 time "),
        "{lines:?}"
    );
    assert!(lines[0].contains(" pv xa1 "), "{lines:?}");
    assert_eq!(lines[1], "bestmove xa1");
    let brain = uci.brain();
    // The turn, then two iterations over the two targets (a1, a4).
    assert_eq!(brain.searches.len(), 5);
    assert_eq!(brain.searches[0].1, 4, "four earlier positions");
    assert!(
        brain.searches[1..].iter().all(|s| s.1 == 5),
        "and the one before the mill"
    );
    assert_eq!(brain.searches[0].2.depth, Some(2));
}

#[test]
fn a_removal_after_the_move_is_one_search_among_the_turns_of_that_move() {
    let mut uci = UciSession::new(Scripted {
        favourite: Some("g7xa4".parse().unwrap()),
        score: Some(Score::Pieces(120)),
        among: true,
        ..Scripted::default()
    });
    uci.handle("position startpos moves a7 a1 d7 a4 g7");
    let lines = uci.handle("go depth 5").lines;
    assert_eq!(
        lines,
        [
            "info depth 5 score cp 120 nodes 42 time 3 pv xa4 d6",
            "bestmove xa4"
        ]
    );
    let brain = uci.brain();
    let candidates: Vec<String> = brain.among_calls[0].iter().map(|m| m.to_string()).collect();
    assert_eq!(candidates, ["g7xa1", "g7xa4"]);
    assert_eq!(brain.searches.len(), 1);
    assert_eq!(brain.searches[0].1, 4, "the history before the mill");
}

#[test]
fn scores_are_from_whites_side() {
    let mut uci = session("d5", Score::Win(3));
    uci.handle("position startpos moves d6");
    let lines = uci.handle("go nodes 100").lines;
    assert!(lines[0].contains("score mate -3"), "{lines:?}");
    assert_eq!(uci.brain().searches[0].2.nodes, Some(100));
}

#[test]
fn a_removal_from_elsewhere_searches_each_target_deeper_and_deeper() {
    // White has closed a7-d7-g7 by placing and must remove a1 or g4 (current FEN form).
    let fen = "********/********/OO@**@*O w p r 3 6 2 7 1 0 -1 -1 -1 -1 0 5 3 ids:nodes";
    let mut uci = session("d6", Score::Pieces(-5));
    assert!(uci.handle(&format!("position fen {fen}")).lines.is_empty());
    let lines = uci.handle("go depth 3").lines;
    assert!(
        lines[0].starts_with("info depth 3 score cp 5 nodes 252 "),
        "{lines:?}"
    );
    assert_eq!(lines[1], "bestmove xg4");
    let depths: Vec<Option<u32>> = uci.brain().searches.iter().map(|s| s.2.depth).collect();
    assert_eq!(
        depths,
        [Some(1), Some(1), Some(1), Some(1), Some(2), Some(2)]
    );
}

#[test]
fn options_are_listed_checked_and_handed_to_the_brain() {
    let mut uci = UciSession::new(Scripted::default());
    let lines = uci.handle("uci").lines;
    assert_eq!(
        lines[2], "option name Level type spin default 10 min 1 max 10",
        "{lines:?}"
    );
    assert_eq!(lines.last().map(String::as_str), Some("uciok"));
    assert!(uci.handle("setoption name level value 3").lines.is_empty());
    assert_eq!(uci.brain().set, [("Level", 3)]);
    let refused = [
        (
            "setoption name Level value 11",
            "info string error: option Level: \"11\" is not a number from 1 to 10",
        ),
        (
            "setoption name Hash value 16",
            "info string error: no option \"Hash\"",
        ),
        (
            "setoption Level 3",
            "info string error: expected \"setoption name NAME value VALUE\"",
        ),
    ];
    for (command, answer) in refused {
        assert_eq!(uci.handle(command).lines, [answer], "{command}");
    }
    assert_eq!(uci.brain().set.len(), 1);
}

#[test]
fn go_without_limits_takes_the_brains_default() {
    let mut uci = UciSession::new(Scripted::default());
    uci.handle("go");
    uci.handle("go wtime 3000");
    let limits: Vec<Limits> = uci.brain().searches.iter().map(|s| s.2).collect();
    assert_eq!(limits[0].depth, Some(3));
    // 3000 ms over 30 moves, less 30 ms for the round trip.
    assert_eq!(limits[1].movetime, Some(Duration::from_millis(70)));
}

#[test]
fn the_clock_is_spread_over_the_moves_to_go_with_most_of_the_increment() {
    assert_eq!(clock_time(60_000, 1_000, None), 2_000 + 750 - 30);
    assert_eq!(
        clock_time(1_000, 0, Some(1)),
        500 - 30,
        "never more than half"
    );
    assert_eq!(clock_time(10, 0, None), 1);
    let mut uci = UciSession::new(Scripted::default());
    uci.handle("position startpos moves d6");
    uci.handle("go wtime 100 btime 60000 winc 5000 binc 1000 movestogo 10");
    let black = uci.brain().searches[0].2.movetime;
    assert_eq!(black, Some(Duration::from_millis(6_000 + 750 - 30)));
}

#[test]
fn go_infinite_hands_an_infinite_search_to_the_brain() {
    let mut uci = UciSession::new(Scripted::default());
    uci.handle("go infinite");
    let limits = uci.brain().searches[0].2;
    assert!(limits.infinite && limits.depth.is_none() && limits.movetime.is_none());
}

#[test]
fn an_unreadable_position_leaves_no_position_and_go_does_not_search() {
    let mut uci = UciSession::new(Scripted::default());
    uci.handle("position startpos moves d6 d5");
    let error = uci.handle("position fen OO@OOO@O/@***O**O/*@@@@*** w m s 8 0 7 0");
    assert!(
        error.lines[0].starts_with("info string error: "),
        "{error:?}"
    );
    assert_eq!(uci.handle("d").lines, ["info string no position is set"]);
    let lines = uci.handle("go depth 2").lines;
    assert_eq!(lines.last().map(String::as_str), Some("bestmove none"));
    assert!(lines[0].starts_with("info string error: no position"));
    assert!(
        uci.brain().searches.is_empty(),
        "the old position is not searched"
    );
    // A move that does not apply is refused the same way.
    uci.handle("position startpos moves d6 d6");
    let lines = uci.handle("go depth 1").lines;
    assert_eq!(lines.last().map(String::as_str), Some("bestmove none"));
    uci.handle("position startpos");
    assert_eq!(uci.handle("go depth 1").lines.len(), 2);
}

#[test]
fn both_fen_forms_are_read_and_the_current_one_written() {
    let current = "OO@OOO@O/@***O**O/*@@@@*** w m s 8 0 7 0 0 0 -1 -1 -1 -1 0 2 11 ids:nodes";
    let legacy = current.trim_end_matches(" ids:nodes");
    let extended = format!("{current} c:1 p:0");
    let mut uci = UciSession::new(Scripted::default());
    for fen in [current, legacy, &extended] {
        let lines = uci.handle(&format!("position fen {fen}")).lines;
        assert!(lines.is_empty(), "{fen}: {lines:?}");
        assert_eq!(uci.handle("d").lines, [format!("Fen: {current}")]);
    }
}

#[test]
fn a_drawn_position_answers_bestmove_draw() {
    let mut uci = UciSession::new(Scripted::default());
    // A movement position after 100 plies without a removal.
    let fen = "O@O@O@O@/O@O@O@O@/O*@***** b m s 9 0 9 0 0 0 -1 -1 -1 -1 0 100 60";
    uci.handle(&format!("position fen {fen}"));
    assert_eq!(uci.handle("go depth 1").lines, ["bestmove draw"]);
    assert!(uci.brain().searches.is_empty());
}

#[test]
fn rule_options_are_advertised_and_change_the_draws() {
    let mut uci = UciSession::new(Scripted::default());
    let lines = uci.handle("uci").lines;
    for option in [
        "option name MayFly type check default true",
        "option name NMoveRule type spin default 100 min 0 max 1000",
        "option name ThreefoldRepetitionRule type check default true",
        "option name NMoveRuleCountsPlacement type check default true",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option}: {lines:?}");
    }
    let fen = "O@O@O@O@/O@O@O@O@/O*@***** b m s 9 0 9 0 0 0 -1 -1 -1 -1 0 30 60";
    assert!(
        uci.handle("setoption name NMoveRule value 30")
            .lines
            .is_empty()
    );
    uci.handle(&format!("position fen {fen}"));
    assert_eq!(uci.handle("go depth 1").lines, ["bestmove draw"]);
    assert_eq!(uci.rules().n_move_rule, Some(30));
    uci.handle("setoption name NMoveRule value 0");
    assert_eq!(uci.handle("go depth 1").lines.len(), 2, "no N-move rule");
    uci.handle("setoption name NMoveRuleCountsPlacement value false");
    assert_eq!(uci.rules().n_move_count, NMoveCount::MovementPlies);
    uci.handle("setoption name MayFly value false");
    assert!(!uci.rules().flying);
    let refused = uci.handle("setoption name MayFly value maybe").lines;
    assert_eq!(
        refused,
        ["info string error: option MayFly: \"maybe\" is not true or false"]
    );
    assert_eq!(
        uci.brain().rules,
        Some(*uci.rules()),
        "the brain hears of the rules"
    );
}

#[test]
fn a_finished_game_has_no_best_move() {
    let mut uci = UciSession::new(Scripted::default());
    // Black has two pieces left.
    uci.handle("position fen ********/@******@/O*O****O b m s 3 0 2 0 0 0 -1 -1 -1 -1 0 0 10");
    assert_eq!(uci.handle("go depth 1").lines, ["bestmove none"]);
    assert!(uci.brain().searches.is_empty());
}
