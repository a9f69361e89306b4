use crate::data;
use ludus_backgammon_engine::NetEvaluator;
use ludus_interop::analysis::{BLUNDER, DOUBTFUL, DecisionKind, ERROR, Mark, analyze_match};
use ludus_interop::mat::read_mat;

#[test]
fn marks_follow_gnubgs_default_thresholds() {
    assert_eq!(Mark::of(DOUBTFUL - 1e-9), Mark::None);
    assert_eq!(Mark::of(DOUBTFUL), Mark::Doubtful);
    assert_eq!(Mark::of(ERROR), Mark::Error);
    assert_eq!(Mark::of(BLUNDER), Mark::Blunder);
    assert_eq!((DOUBTFUL, ERROR, BLUNDER), (0.03, 0.06, 0.12));
}

#[test]
fn the_zero_ply_engine_loses_nothing_by_its_own_zero_ply_measure() {
    // Ludus ("root") played this match at 0 ply against gnubg.
    let record = read_mat(&data("gnubg_vs_ludus_match.mat")).unwrap();
    let report = analyze_match(&record, &NetEvaluator::shipped(), 0);
    let ludus = &report.players[1];
    assert_eq!(ludus.name, "root");
    assert!(ludus.unforced_moves > 10);
    assert!(ludus.checker_loss.abs() < 1e-9, "{}", ludus.checker_loss);
    let decisions: usize = report.games.iter().map(|g| g.decisions.len()).sum();
    assert!(decisions > 20);
}

#[test]
fn every_cube_action_of_a_match_is_analysed_and_the_report_serialises() {
    let record = read_mat(&data("gnubg_3_point_match.mat")).unwrap();
    let report = analyze_match(&record, &NetEvaluator::shipped(), 0);
    let kinds: Vec<DecisionKind> = report.games[0].decisions.iter().map(|d| d.kind).collect();
    // Game 1: gnubg's opening move, root doubles, gnubg takes, root's move, gnubg redoubles,
    // root drops.
    assert_eq!(
        kinds.iter().filter(|k| **k == DecisionKind::Double).count(),
        2
    );
    assert_eq!(
        kinds.iter().filter(|k| **k == DecisionKind::Take).count(),
        2
    );
    for d in report.games.iter().flat_map(|g| &g.decisions) {
        assert!(d.equity_lost >= 0.0);
        assert_eq!(d.mark, Mark::of(d.equity_lost));
    }
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["match_length"], 3);
    assert_eq!(json["players"][0]["name"], "gnubg");
}
