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
