//! The post-game analysis screen of a backgammon match: per-player totals and every marked
//! decision, from `ludus_backgammon_engine::analysis` (the same report the web UI shows).

use crate::i18n::Catalog;
use ludus_backgammon::Match;
use ludus_backgammon_engine::NetEvaluator;
use ludus_backgammon_engine::analysis::{
    Mark, MatchReport, MatchReview, analyze_match, review_match,
};

/// Lookahead of the analysis: the engine's review setting.
const ANALYSIS_PLIES: u8 = ludus_backgammon_engine::analysis::REVIEW_PLIES;

/// Analyses `record` with the shipped network.
pub fn analyse(record: &Match) -> MatchReport {
    analyze_match(record, &NetEvaluator::shipped(), ANALYSIS_PLIES)
}

/// Reviews `record` with the shipped network as the web's review does: the analysis report with
/// each decision's alternatives (their equities and plies) and the cube before it.
pub fn review(record: &Match) -> MatchReview {
    review_match(record, &NetEvaluator::shipped(), ANALYSIS_PLIES)
}

/// The catalog key of a mark's name.
fn mark_key(mark: Mark) -> &'static str {
    match mark {
        Mark::None => "analysis-no-errors",
        Mark::Doubtful => "analysis-mark-doubtful",
        Mark::Error => "analysis-mark-error",
        Mark::Blunder => "analysis-mark-blunder",
    }
}

/// The screen's text: a title, one line of totals per player, then the marked decisions.
pub fn analysis_lines(report: &MatchReport, catalog: &Catalog) -> Vec<String> {
    let mut lines = vec![catalog.get("analysis-title"), String::new()];
    for player in &report.players {
        lines.push(format!(
            "{}: {} {:.3} · {} {:.3} · {} {} · {} {} · {} {} · {} {:.1}",
            player.name,
            catalog.get("analysis-checker-loss"),
            player.checker_loss,
            catalog.get("analysis-cube-loss"),
            player.cube_loss,
            catalog.get("analysis-mark-doubtful"),
            player.doubtful,
            catalog.get("analysis-mark-error"),
            player.errors,
            catalog.get("analysis-mark-blunder"),
            player.blunders,
            catalog.get("analysis-error-rate"),
            player.error_rate,
        ));
    }
    lines.push(String::new());
    let before = lines.len();
    for game in &report.games {
        for (index, decision) in game.decisions.iter().enumerate() {
            if decision.mark == Mark::None {
                continue;
            }
            let number = (index + 1).to_string();
            let dice = decision
                .dice
                .as_deref()
                .map(|dice| format!("{dice}: "))
                .unwrap_or_default();
            lines.push(format!(
                "{} {}: {dice}{} ({}: {}) −{:.3} {}",
                catalog.format(
                    "analysis-decision",
                    &[("game", &game.number.to_string()), ("number", &number)]
                ),
                report.players[decision.player].name,
                decision.played,
                catalog.get("analysis-best"),
                decision.best,
                decision.equity_lost,
                catalog.get(mark_key(decision.mark)),
            ));
        }
    }
    if lines.len() == before {
        lines.push(catalog.get("analysis-no-errors"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use ludus_backgammon_engine::analysis::{Decision, DecisionKind, GameReport, PlayerTotals};

    fn report() -> MatchReport {
        let decision = |player, mark, lost| Decision {
            player,
            kind: DecisionKind::Checker,
            dice: Some("31".to_string()),
            played: "24/21".to_string(),
            best: "8/5 6/5".to_string(),
            equity_lost: lost,
            mark,
            position_id: "4HPwATDgc/ABMA".to_string(),
        };
        let totals = |name: &str| PlayerTotals {
            name: name.to_string(),
            unforced_moves: 10,
            checker_loss: 0.2,
            blunders: 1,
            error_rate: 20.0,
            ..PlayerTotals::default()
        };
        MatchReport {
            match_length: 1,
            plies: 0,
            thresholds: [0.03, 0.06, 0.12],
            players: [totals("White"), totals("Black")],
            games: vec![GameReport {
                number: 1,
                score: [0, 0],
                result: Some((0, 1)),
                decisions: vec![
                    decision(0, Mark::None, 0.0),
                    decision(1, Mark::Blunder, 0.2),
                ],
            }],
        }
    }

    #[test]
    fn the_screen_shows_both_totals_and_only_the_marked_decisions() {
        let lines = analysis_lines(&report(), &Catalog::new(Lang::En));
        assert_eq!(lines[0], "Analysis (a: close)");
        assert!(lines[2].starts_with("White: Checker play lost 0.200"));
        assert!(lines[3].starts_with("Black:"));
        assert_eq!(
            lines[5],
            "Game 1, decision 2: Black: 31: 24/21 (best: 8/5 6/5) −0.200 blunder"
        );
        assert_eq!(lines.len(), 6);
    }

    #[test]
    fn a_clean_match_says_there_is_no_marked_error() {
        let mut clean = report();
        clean.games[0].decisions.truncate(1);
        let lines = analysis_lines(&clean, &Catalog::new(Lang::En));
        assert_eq!(lines.last().map(String::as_str), Some("No marked errors."));
    }

    #[test]
    fn a_fresh_match_analyses_without_decisions() {
        let record = Match::new(ludus_backgammon::Rules::default(), ["A".into(), "B".into()]);
        let report = analyse(&record);
        assert_eq!(report.players[0].name, "A");
        assert!(report.games.iter().all(|g| g.decisions.is_empty()));
    }
}
