//! The review's details of a match: alternatives, the cube table, the cube before each decision,
//! luck.

use ludus_backgammon::read_mat;
use ludus_backgammon_engine::NetEvaluator;
use ludus_backgammon_engine::analysis::{
    ALTERNATIVES, DecisionKind, MAX_LUCK_PLIES, ReviewStopped, analyze_match, luck_plies,
    review_match, review_match_until,
};
use std::cell::Cell;
use std::ops::ControlFlow;

/// A gnubg export of a 3-point match with doubles, takes and a drop (`tests/data`).
const GNUBG_3_POINT: &str = include_str!("data/gnubg_3_point_match.mat");
/// gnubg (0-ply) against Ludus as its external player, a 3-point match (`tests/data`).
const GNUBG_VS_LUDUS: &str = include_str!("data/gnubg_vs_ludus_match.mat");

#[test]
fn a_review_is_the_analysis_with_details_for_every_decision() {
    let record = read_mat(GNUBG_3_POINT).unwrap();
    let evaluator = NetEvaluator::shipped();
    let review = review_match(&record, &evaluator, 0);
    assert_eq!(review.report, analyze_match(&record, &evaluator, 0));
    assert_eq!(review.details.len(), review.report.games.len());
    for (game, details) in review.report.games.iter().zip(&review.details) {
        assert_eq!(game.decisions.len(), details.len());
        for (decision, detail) in game.decisions.iter().zip(details) {
            let rows = &detail.alternatives;
            match decision.kind {
                DecisionKind::Checker => {
                    assert!(rows.len() >= ALTERNATIVES.min(2), "{decision:?}");
                    assert!(rows.len() <= ALTERNATIVES + 1);
                    assert_eq!(rows[0].difference, 0.0);
                    assert_eq!(rows[0].action, decision.best);
                    assert!(detail.luck.is_some_and(f64::is_finite));
                }
                DecisionKind::Double => {
                    let actions: Vec<&str> = rows.iter().map(|r| r.action.as_str()).collect();
                    assert_eq!(actions, ["no double", "double, take", "double, pass"]);
                    // The right action loses nothing, and nothing gains on it.
                    assert!(rows.iter().any(|r| r.difference.abs() < 1e-12));
                    assert!(rows.iter().all(|r| r.difference <= 1e-12
                        || r.action == "double, pass"
                        || r.action == "double, take"));
                    assert!(detail.luck.is_none());
                    // Normalised equity, in a match as in money play: a double passed wins
                    // one game at the current cube, +1 exactly; the others within a gammon's
                    // and a backgammon's reach at twice the cube.
                    assert!((rows[2].equity - 1.0).abs() < 1e-9, "{rows:?}");
                    assert!(rows.iter().all(|r| r.equity.abs() <= 6.0), "{rows:?}");
                    // The proper action, named as gnubg names it, is the row that loses nothing.
                    let code = detail.cube_action.as_deref().expect("a proper action");
                    let right = rows.iter().find(|r| r.difference.abs() < 1e-12).unwrap();
                    let row = match code.trim_start_matches("re") {
                        c if c.starts_with("no-") || c.starts_with("too-good") => "no double",
                        c if c.ends_with("take") => "double, take",
                        _ => "double, pass",
                    };
                    assert_eq!(right.action, row, "{code} {rows:?}");
                }
                DecisionKind::Take => {
                    assert!(detail.cube_action.is_none());
                    assert_eq!(rows.len(), 2);
                    assert_eq!(rows[0].action, decision.best);
                    let pass = rows.iter().find(|r| r.action == "pass").unwrap();
                    assert!((pass.equity + 1.0).abs() < 1e-9, "{rows:?}");
                }
            }
            // The play made is listed exactly once, its loss the difference.
            let played: Vec<_> = rows.iter().filter(|r| r.played).collect();
            assert_eq!(played.len(), 1, "{decision:?} {rows:?}");
            if decision.kind == DecisionKind::Checker {
                assert_eq!(played[0].action, decision.played);
            }
            for row in rows {
                let [win, wg, wbg, lg, lbg] = row.chances;
                assert!(
                    (0.0..=1.0).contains(&win) && wbg <= wg && wg <= win,
                    "{row:?}"
                );
                assert!(lbg <= lg && lg <= 1.0 - win + 1e-6, "{row:?}");
                assert_eq!(row.plies, 0);
            }
        }
    }
    for luck in &review.luck {
        // The match is short: a few rolls each, forced ones included.
        assert!(luck.rolls >= 2 && luck.total.is_finite(), "{luck:?}");
    }
    assert_eq!(review.luck_plies, 0);
    assert_eq!(luck_plies(7), MAX_LUCK_PLIES);
}

#[test]
fn after_a_take_the_cube_is_the_takers_at_twice_the_value() {
    let record = read_mat(GNUBG_3_POINT).unwrap();
    let review = review_match(&record, &NetEvaluator::shipped(), 0);
    let game = &review.report.games[0];
    let details = &review.details[0];
    let take = game
        .decisions
        .iter()
        .position(|d| d.kind == DecisionKind::Take && d.played == "take")
        .expect("gnubg takes in game 1");
    let before = details[take].cube;
    let next = details[take + 1].cube;
    assert_eq!(next.value, 2 * before.value);
    assert_eq!(next.owner, Some(game.decisions[take].player));
}

#[test]
fn each_decision_carries_whites_chance_to_win_before_it() {
    use ludus_backgammon::Position;
    use ludus_backgammon_engine::eval::Evaluator;
    let record = read_mat(GNUBG_3_POINT).unwrap();
    let evaluator = NetEvaluator::shipped();
    let review = review_match(&record, &evaluator, 0);
    let start_win = f64::from(evaluator.eval(&Position::starting()).win);
    for (game, details) in review.report.games.iter().zip(&review.details) {
        for (decision, detail) in game.decisions.iter().zip(details) {
            let chance = detail.white_win.expect("every Position ID reads");
            assert!((0.0..=1.0).contains(&chance), "{decision:?}");
        }
        // The opening play is made from the starting position by whoever won the opening roll:
        // White's chance is the roller's chance for White, its complement for the other side.
        let (first, detail) = (&game.decisions[0], &details[0]);
        if first.position_id == Position::starting().position_id() {
            let expected = if first.player == 0 {
                start_win
            } else {
                1.0 - start_win
            };
            assert!(
                (detail.white_win.unwrap() - expected).abs() < 1e-6,
                "{first:?}"
            );
        }
    }
    // Serialised with the details, as the server's review graph reads it.
    let json = serde_json::to_value(&review.details[0][0]).unwrap();
    assert!(json["white_win"].is_f64(), "{json}");
}

/// gnubg's matches reviewed at 2 plies (before, checker decisions showed the best play at 2
/// plies, others at 1 and the play made at 0): every row of a checker decision, the play made
/// included, is valued at the review's 2 plies, and the decision's loss is the table's
/// difference of the play made.
#[test]
fn every_row_of_a_checker_decision_has_the_reviews_plies_and_the_loss_is_the_tables() {
    let mut checked = 0;
    for text in [GNUBG_3_POINT, GNUBG_VS_LUDUS] {
        checked += rows_at_the_reviews_plies(text);
    }
    assert!(checked >= 40, "{checked} checker decisions");
}

/// Checks the checker decisions of the match `text` reviewed at 2 plies; how many there were.
fn rows_at_the_reviews_plies(text: &str) -> usize {
    let record = read_mat(text).unwrap();
    let review = review_match(&record, &NetEvaluator::shipped(), 2);
    let mut checked = 0;
    for (game, details) in review.report.games.iter().zip(&review.details) {
        for (decision, detail) in game.decisions.iter().zip(details) {
            if decision.kind != DecisionKind::Checker {
                continue;
            }
            let rows = &detail.alternatives;
            assert!(rows.iter().all(|r| r.plies == 2), "{decision:?} {rows:?}");
            let played = rows.iter().find(|r| r.played).expect("the play made");
            let table_loss = (-played.difference).max(0.0);
            assert!(
                (decision.equity_lost - table_loss).abs() < 1e-9
                    || (decision.equity_lost == 0.0 && table_loss < 1e-6),
                "loss {} against the table's {table_loss}: {rows:?}",
                decision.equity_lost
            );
            // Every other row is at or below the best, which leads the table.
            assert!(
                rows.iter().all(|r| r.played || r.difference <= 1e-12),
                "{rows:?}"
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn a_checkpoint_is_asked_before_every_event_and_stops_the_review_there() {
    let record = read_mat(GNUBG_3_POINT).unwrap();
    let evaluator = NetEvaluator::shipped();
    let events: usize = record.games().iter().map(|game| game.events().len()).sum();
    let asked = Cell::new(0);
    let count = || {
        asked.set(asked.get() + 1);
        ControlFlow::Continue(())
    };
    let whole = review_match_until(&record, &evaluator, 0, &count).expect("never stopped");
    assert_eq!(asked.get(), events, "once before each event");
    assert_eq!(whole, review_match(&record, &evaluator, 0));
    // Stopped before the sixth event: the first game's decisions of the first five events.
    asked.set(0);
    let five = || {
        asked.set(asked.get() + 1);
        if asked.get() > 5 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let Err(ReviewStopped { partial }) = review_match_until(&record, &evaluator, 0, &five) else {
        panic!("the review went on after a stop");
    };
    assert_eq!(asked.get(), 6, "nothing asked after the stop");
    assert_eq!(partial.details.len(), 1, "one game begun");
    let made = partial.report.games[0].decisions.len();
    assert!((1..=5).contains(&made), "{made} decisions");
    assert_eq!(
        partial.report.games[0].decisions[..],
        whole.report.games[0].decisions[..made]
    );
}
