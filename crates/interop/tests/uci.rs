//! The UCI-like protocol as a state machine over a scripted brain: tokens and the removal state,
//! scores from White's side, limits, options. (The recorded session with the real engine is
//! replayed through `ludus morris uci` in the CLI tests.)

use ludus_interop::uci::{Answer, Limits, MorrisBrain, Score, SpinOption, UciSession};
use ludus_morris::{Move, Position, Rules};
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
}

impl MorrisBrain for Scripted {
    fn search(&mut self, position: &Position, history: &[Position], limits: &Limits) -> Answer {
        self.searches.push((*position, history.len(), *limits));
        let legal = position.legal_moves(&Rules::standard());
        let best = self
            .favourite
            .filter(|mv| legal.contains(mv))
            .or_else(|| legal.first().copied());
        Answer {
            best_move: best,
            score: self.score.unwrap_or(Score::Pieces(7)),
            depth: limits.depth.unwrap_or(1),
            pv: best.into_iter().collect(),
            nodes: 42,
            elapsed: Duration::from_millis(3),
        }
    }

    fn options(&self) -> Vec<SpinOption> {
        vec![SpinOption {
            name: "Level",
            default: 10,
            min: 1,
            max: 10,
        }]
    }

    fn set_option(&mut self, name: &'static str, value: i64) {
        self.set.push((name, value));
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
fn a_turn_with_a_removal_is_answered_in_two_tokens_from_one_search() {
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
    assert_eq!(uci.handle("go depth 2").lines, ["bestmove xa1"]);
    let brain = uci.brain();
    assert_eq!(
        brain.searches.len(),
        1,
        "the removal needs no second search"
    );
    assert_eq!(brain.searches[0].1, 4, "four earlier positions");
    assert_eq!(brain.searches[0].2.depth, Some(2));
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
fn a_removal_from_elsewhere_searches_each_target_and_keeps_the_worst_for_the_opponent() {
    // White has closed a7-d7-g7 by placing and must remove a1 or g4.
    let fen = "********/********/OO@**@*O w p r 3 6 2 7 1 0 -1 -1 -1 -1 0 5 3";
    let mut uci = session("d6", Score::Pieces(-5));
    uci.handle(&format!("position fen {fen}"));
    let lines = uci.handle("go movetime 300").lines;
    assert_eq!(lines, ["info score cp 5", "bestmove xg4"]);
    let searches = &uci.brain().searches;
    assert_eq!(searches.len(), 2);
    assert!(
        searches
            .iter()
            .all(|s| s.2.movetime == Some(Duration::from_millis(150)))
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
    assert_eq!(limits[1].movetime, Some(Duration::from_millis(100)));
}

#[test]
fn a_finished_game_has_no_best_move() {
    let mut uci = UciSession::new(Scripted::default());
    // Black has two pieces left.
    uci.handle("position fen ********/@******@/O*O****O b m s 3 0 2 0 0 0 -1 -1 -1 -1 0 0 10");
    assert_eq!(uci.handle("go depth 1").lines, ["bestmove none"]);
    assert!(uci.brain().searches.is_empty());
}
