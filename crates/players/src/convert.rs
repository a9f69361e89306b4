//! The one place where the engines' review reports become the server's typed view of them
//! ([`ludus_server::games::report`]).
//!
//! Every engine struct is taken apart with a pattern that names all its fields (no `..`): a
//! field added, renamed or removed in an engine's report is a compile error here, and a report
//! whose parts do not line up (a game's decisions against the review's details of them) is a
//! [`ReportError`], never a value the page silently goes without.

use ludus_backgammon_engine::analysis as bg;
use ludus_morris::Color;
use ludus_morris_engine::review as morris;
use ludus_server::games::Side;
use ludus_server::games::report::{
    Alternative, BackgammonReport, CubeBefore, Decision, DecisionKind, GameReport, Mark,
    MorrisAlternative, MorrisMove, MorrisPlayers, MorrisReview, MorrisTotals, MoveClass,
    PlayerLuck, PlayerTotals, ReportError,
};

/// The server's view of a reviewed backgammon match: the report's decisions merged with the
/// review's details of them, and the players' luck.
pub fn backgammon_report(review: bg::MatchReview) -> Result<BackgammonReport, ReportError> {
    let bg::MatchReview {
        report,
        details,
        luck,
        luck_plies,
    } = review;
    let bg::MatchReport {
        match_length,
        plies,
        thresholds,
        players,
        games,
    } = report;
    if games.len() != details.len() {
        return Err(ReportError::GamesMismatch {
            games: games.len(),
            details: details.len(),
        });
    }
    let games = games
        .into_iter()
        .zip(details)
        .enumerate()
        .map(|(index, (game, details))| game_report(index, game, details))
        .collect::<Result<_, _>>()?;
    Ok(BackgammonReport {
        games,
        luck: luck.map(player_luck),
        luck_plies,
        match_length,
        players: players.map(player_totals),
        plies,
        thresholds,
    })
}

/// Game `index` of a match, each decision with its details.
fn game_report(
    index: usize,
    game: bg::GameReport,
    details: Vec<bg::DecisionDetail>,
) -> Result<GameReport, ReportError> {
    let bg::GameReport {
        number,
        score,
        result,
        decisions,
    } = game;
    if decisions.len() != details.len() {
        return Err(ReportError::DetailsMismatch {
            game: index,
            decisions: decisions.len(),
            details: details.len(),
        });
    }
    Ok(GameReport {
        decisions: decisions.into_iter().zip(details).map(decision).collect(),
        number,
        result,
        score,
    })
}

/// One decision and its details (the review adds the board and the arrows).
fn decision((decision, detail): (bg::Decision, bg::DecisionDetail)) -> Decision {
    let bg::Decision {
        player,
        kind,
        dice,
        played,
        best,
        equity_lost,
        mark,
        position_id,
    } = decision;
    let bg::DecisionDetail {
        alternatives,
        cube,
        luck,
        white_win,
        xgid,
        cube_action,
    } = detail;
    let bg::CubeBefore { value, owner } = cube;
    Decision {
        alternatives: alternatives.into_iter().map(alternative).collect(),
        best,
        best_steps: None,
        board: None,
        cube: CubeBefore { owner, value },
        dice,
        equity_lost,
        kind: decision_kind(kind),
        luck,
        mark: decision_mark(mark),
        played,
        played_steps: None,
        player,
        position_id,
        white_win,
        xgid,
        cube_action,
    }
}

/// The kind of a decision.
fn decision_kind(kind: bg::DecisionKind) -> DecisionKind {
    match kind {
        bg::DecisionKind::Checker => DecisionKind::Checker,
        bg::DecisionKind::Double => DecisionKind::Double,
        bg::DecisionKind::Take => DecisionKind::Take,
    }
}

/// The mark of a decision.
fn decision_mark(mark: bg::Mark) -> Mark {
    match mark {
        bg::Mark::None => Mark::None,
        bg::Mark::Doubtful => Mark::Doubtful,
        bg::Mark::Error => Mark::Error,
        bg::Mark::Blunder => Mark::Blunder,
    }
}

/// One alternative of a decision.
fn alternative(alternative: bg::Alternative) -> Alternative {
    let bg::Alternative {
        action,
        equity,
        difference,
        chances,
        plies,
        played,
    } = alternative;
    Alternative {
        action,
        chances,
        difference,
        equity,
        played,
        plies,
    }
}

/// One player's totals.
fn player_totals(totals: bg::PlayerTotals) -> PlayerTotals {
    let bg::PlayerTotals {
        name,
        unforced_moves,
        cube_decisions,
        checker_loss,
        cube_loss,
        doubtful,
        errors,
        blunders,
        error_rate,
    } = totals;
    PlayerTotals {
        blunders,
        checker_loss,
        cube_decisions,
        cube_loss,
        doubtful,
        error_rate,
        errors,
        name,
        unforced_moves,
    }
}

/// One player's luck.
fn player_luck(luck: bg::PlayerLuck) -> PlayerLuck {
    let bg::PlayerLuck { rolls, total } = luck;
    PlayerLuck { rolls, total }
}

/// The server's view of a reviewed Morris game.
pub fn morris_review(review: morris::GameReview) -> MorrisReview {
    let graph = review.white_graph();
    let morris::GameReview {
        moves,
        white,
        black,
    } = review;
    MorrisReview {
        graph,
        moves: moves.into_iter().map(morris_move).collect(),
        players: MorrisPlayers {
            black: morris_totals(black),
            white: morris_totals(white),
        },
    }
}

/// One reviewed Morris move; perfect-play values by their text (`win in 12 plies`).
fn morris_move(reviewed: morris::MoveReview) -> MorrisMove {
    let morris::MoveReview {
        ply,
        side,
        played,
        best,
        played_score,
        best_score,
        loss,
        class,
        perfect_before,
        perfect_after,
        perfect_changed,
        alternatives,
    } = reviewed;
    MorrisMove {
        alternatives: alternatives.into_iter().map(morris_alternative).collect(),
        best,
        best_score,
        class: move_class(class),
        loss,
        perfect_after: perfect_after.map(|value| value.to_string()),
        perfect_before: perfect_before.map(|value| value.to_string()),
        perfect_changed,
        played,
        played_score,
        ply,
        side: match side {
            Color::White => Side::White,
            Color::Black => Side::Black,
        },
    }
}

/// The class of a Morris move.
fn move_class(class: morris::MoveClass) -> MoveClass {
    match class {
        morris::MoveClass::Best => MoveClass::Best,
        morris::MoveClass::Good => MoveClass::Good,
        morris::MoveClass::Inaccuracy => MoveClass::Inaccuracy,
        morris::MoveClass::Mistake => MoveClass::Mistake,
        morris::MoveClass::Blunder => MoveClass::Blunder,
    }
}

/// One move of a reviewed Morris position.
fn morris_alternative(alternative: morris::Alternative) -> MorrisAlternative {
    let morris::Alternative {
        mv,
        value,
        perfect,
        played,
    } = alternative;
    MorrisAlternative {
        mv,
        perfect: perfect.map(|value| value.to_string()),
        played,
        value,
    }
}

/// One player's totals in a Morris review (the engine's `total_loss` is its own bookkeeping:
/// the page reads `average_loss`).
fn morris_totals(totals: morris::PlayerSummary) -> MorrisTotals {
    let morris::PlayerSummary {
        moves,
        best,
        good,
        inaccuracies,
        mistakes,
        blunders,
        total_loss: _,
        average_loss,
        perfect_changes,
    } = totals;
    MorrisTotals {
        average_loss,
        best,
        blunders,
        good,
        inaccuracies,
        mistakes,
        moves,
        perfect_changes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_morris::Move;
    use ludus_morris_engine::db::Value as Perfect;
    use serde_json::Value;

    /// A reviewed match of one game of two decisions, every field a value of its own.
    fn engine_review() -> bg::MatchReview {
        let totals = |name: &str, base: usize| bg::PlayerTotals {
            name: name.to_string(),
            unforced_moves: base,
            cube_decisions: base + 1,
            checker_loss: 0.25,
            cube_loss: 0.5,
            doubtful: base + 2,
            errors: base + 3,
            blunders: base + 4,
            error_rate: 12.5,
        };
        let decision = |player, kind, dice: Option<&str>, played: &str, best: &str| bg::Decision {
            player,
            kind,
            dice: dice.map(str::to_string),
            played: played.to_string(),
            best: best.to_string(),
            equity_lost: 0.125,
            mark: bg::Mark::Error,
            position_id: "4HPwATDgc/ABMA".to_string(),
        };
        let detail = |luck, white_win| bg::DecisionDetail {
            alternatives: vec![bg::Alternative {
                action: "8/5 6/5".to_string(),
                equity: 0.0625,
                difference: -0.5,
                chances: [0.5, 0.25, 0.125, 0.0625, 0.03125],
                plies: 2,
                played: true,
            }],
            cube: bg::CubeBefore {
                value: 2,
                owner: Some(1),
            },
            luck,
            white_win,
            xgid: "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:3:4:0:5:10".to_string(),
            cube_action: None,
        };
        bg::MatchReview {
            report: bg::MatchReport {
                match_length: 5,
                plies: 2,
                thresholds: [0.03, 0.06, 0.12],
                players: [totals("white", 10), totals("black", 20)],
                games: vec![bg::GameReport {
                    number: 1,
                    score: [3, 4],
                    result: Some((1, 2)),
                    decisions: vec![
                        decision(
                            0,
                            bg::DecisionKind::Checker,
                            Some("31"),
                            "24/21 6/5",
                            "8/5 6/5",
                        ),
                        decision(1, bg::DecisionKind::Take, None, "pass", "take"),
                    ],
                }],
            },
            details: vec![vec![detail(Some(0.375), Some(0.75)), detail(None, None)]],
            luck: [
                bg::PlayerLuck {
                    rolls: 7,
                    total: 1.5,
                },
                bg::PlayerLuck {
                    rolls: 8,
                    total: -1.5,
                },
            ],
            luck_plies: 1,
        }
    }

    /// What the server made of a reviewed match before its reports were typed: the report as
    /// JSON, each decision's details merged into it, and the luck (kept here as the oracle of
    /// the page's JSON).
    fn untyped(review: &bg::MatchReview) -> Value {
        let mut value = serde_json::to_value(&review.report).unwrap();
        let games = value["games"].as_array_mut().unwrap();
        for (details, game) in review.details.iter().zip(games) {
            let decisions = game["decisions"].as_array_mut().unwrap();
            for (detail, decision) in details.iter().zip(decisions) {
                let Value::Object(detail) = serde_json::to_value(detail).unwrap() else {
                    panic!("details are an object");
                };
                decision.as_object_mut().unwrap().extend(detail);
            }
        }
        value["luck"] = serde_json::to_value(review.luck).unwrap();
        value["luck_plies"] = Value::from(review.luck_plies);
        value
    }

    /// The JSON of [`engine_review`] as the page receives it.
    const GOLDEN_BACKGAMMON: &str = concat!(
        r#"{"games":[{"decisions":["#,
        r#"{"alternatives":[{"action":"8/5 6/5","chances":[0.5,0.25,0.125,0.0625,0.03125],"#,
        r#""difference":-0.5,"equity":0.0625,"played":true,"plies":2}],"best":"8/5 6/5","#,
        r#""cube":{"owner":1,"value":2},"dice":"31","equity_lost":0.125,"kind":"checker","#,
        r#""luck":0.375,"mark":"error","played":"24/21 6/5","player":0,"#,
        r#""position_id":"4HPwATDgc/ABMA","white_win":0.75,"#,
        r#""xgid":"XGID=-b----E-C---eE---c-e----B-:0:0:1:31:3:4:0:5:10"},"#,
        r#"{"alternatives":[{"action":"8/5 6/5","chances":[0.5,0.25,0.125,0.0625,0.03125],"#,
        r#""difference":-0.5,"equity":0.0625,"played":true,"plies":2}],"best":"take","#,
        r#""cube":{"owner":1,"value":2},"dice":null,"equity_lost":0.125,"kind":"take","#,
        r#""luck":null,"mark":"error","played":"pass","player":1,"#,
        r#""position_id":"4HPwATDgc/ABMA","#,
        r#""xgid":"XGID=-b----E-C---eE---c-e----B-:0:0:1:31:3:4:0:5:10"}],"#,
        r#""number":1,"result":[1,2],"score":[3,4]}],"#,
        r#""luck":[{"rolls":7,"total":1.5},{"rolls":8,"total":-1.5}],"luck_plies":1,"#,
        r#""match_length":5,"#,
        r#""players":[{"blunders":14,"checker_loss":0.25,"cube_decisions":11,"cube_loss":0.5,"#,
        r#""doubtful":12,"error_rate":12.5,"errors":13,"name":"white","unforced_moves":10},"#,
        r#"{"blunders":24,"checker_loss":0.25,"cube_decisions":21,"cube_loss":0.5,"#,
        r#""doubtful":22,"error_rate":12.5,"errors":23,"name":"black","unforced_moves":20}],"#,
        r#""plies":2,"thresholds":[0.03,0.06,0.12]}"#,
    );

    #[test]
    fn every_field_of_a_backgammon_review_reaches_the_page_under_its_name() {
        let report = backgammon_report(engine_review()).unwrap();
        assert_eq!(serde_json::to_string(&report).unwrap(), GOLDEN_BACKGAMMON);
    }

    #[test]
    fn the_typed_backgammon_report_is_byte_for_byte_the_untyped_one() {
        let review = engine_review();
        let untyped = untyped(&review).to_string();
        let typed = serde_json::to_string(&backgammon_report(review).unwrap()).unwrap();
        assert_eq!(typed, untyped);
    }

    #[test]
    fn details_that_do_not_line_up_with_the_decisions_are_an_error() {
        let mut review = engine_review();
        review.details[0].pop();
        assert_eq!(
            backgammon_report(review),
            Err(ReportError::DetailsMismatch {
                game: 0,
                decisions: 2,
                details: 1
            })
        );
        let mut review = engine_review();
        review.details.clear();
        assert_eq!(
            backgammon_report(review),
            Err(ReportError::GamesMismatch {
                games: 1,
                details: 0
            })
        );
    }

    /// A reviewed Morris game of two moves, the databases' values known for the first.
    fn engine_morris_review() -> morris::GameReview {
        let mv = |text: &str| text.parse::<Move>().unwrap();
        let reviewed = |ply, side, played: &str, perfect: Option<Perfect>| morris::MoveReview {
            ply,
            side,
            played: mv(played),
            best: mv("d6"),
            played_score: 40 - 10 * ply as i32,
            best_score: 50,
            loss: 10 + ply as i32,
            class: morris::MoveClass::Inaccuracy,
            perfect_before: perfect,
            perfect_after: perfect.map(Perfect::parent),
            perfect_changed: perfect.is_some(),
            alternatives: vec![morris::Alternative {
                mv: mv("d6"),
                value: 50,
                perfect,
                played: false,
            }],
        };
        let moves = vec![
            reviewed(0, Color::White, "d2", Some(Perfect::Win(12))),
            reviewed(1, Color::Black, "b6", None),
        ];
        morris::GameReview {
            white: morris::PlayerSummary::of(Color::White, &moves),
            black: morris::PlayerSummary::of(Color::Black, &moves),
            moves,
        }
    }

    #[test]
    fn the_typed_morris_review_is_byte_for_byte_the_untyped_one() {
        let review = engine_morris_review();
        let untyped = serde_json::to_value(&review).unwrap().to_string();
        let typed = serde_json::to_string(&morris_review(review)).unwrap();
        assert_eq!(typed, untyped);
        for field in [
            r#""perfect_before":"win in 12 plies""#,
            r#""side":"black""#,
            r#""class":"inaccuracy""#,
            r#""move":"d6""#,
            r#""graph":[40,-30]"#,
        ] {
            assert!(typed.contains(field), "{field} in {typed}");
        }
    }
}
