use crate::data;
use ludus_backgammon::{GameEvent, read_mat, write_mat};
use ludus_interop::sgf::{SgfProblem, read_sgf, write_sgf};

const GNUBG_MATCHES: [&str; 3] = [
    "gnubg_3_point_match",
    "gnubg_5_point_match",
    "gnubg_money_session",
];

/// The games as comparable facts: per event, the seat, dice and the checker moves as a set.
fn facts(record: &ludus_backgammon::Match) -> Vec<Vec<String>> {
    record
        .games()
        .iter()
        .map(|game| {
            game.events()
                .iter()
                .map(|event| match event {
                    GameEvent::Turn { seat, dice, play } => {
                        let mut steps: Vec<(u8, u8)> = play
                            .iter()
                            .flat_map(|m| m.checker_moves())
                            .map(|s| (s.from, s.to))
                            .collect();
                        steps.sort_unstable();
                        format!("{seat:?} {} {steps:?}", dice.normalized())
                    }
                    other => format!("{other:?}"),
                })
                .collect()
        })
        .collect()
}

#[test]
fn a_match_gnubg_played_saves_as_sgf_that_imports_to_exactly_its_mat_export() {
    let record = read_sgf(&data("gnubg_selfplay_3_point.sgf")).unwrap();
    let mat = data("gnubg_selfplay_3_point.mat");
    // gnubg's export starts with a `; [EventDate …]` comment and a blank line.
    let body: String = mat.lines().skip(2).map(|l| format!("{l}\n")).collect();
    assert_eq!(write_mat(&record), body);
}

#[test]
fn sgf_files_saved_by_gnubg_import_to_the_same_games_as_its_mat_export() {
    // These SGF files were saved by gnubg after importing the .mat, so the order of the checker
    // moves within a play may differ (gnubg sorts them on import); the plays are the same.
    for name in GNUBG_MATCHES {
        let record =
            read_sgf(&data(&format!("{name}.sgf"))).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mat = read_mat(&data(&format!("{name}.mat"))).unwrap();
        assert_eq!(facts(&record), facts(&mat), "{name}");
        assert_eq!(record.score(), mat.score(), "{name}");
    }
}

#[test]
fn a_move_out_of_turn_in_sgf_is_refused_with_the_game_number() {
    let text = "(;FF[4]GM[6]MI[length:1]PW[a]PB[b];W[31hefe];W[31hefe])";
    let error = read_sgf(text).unwrap_err();
    assert_eq!(error.game, 1);
    assert_eq!(error.reason, SgfProblem::OutOfTurn(0));
    assert_eq!(error.to_string(), "SGF game 1: player 0 moves out of turn");
}

#[test]
fn every_match_written_as_sgf_reads_back_to_the_same_match() {
    for name in GNUBG_MATCHES.into_iter().chain(["gnubg_selfplay_3_point"]) {
        let record = read_mat(&data(&format!("{name}.mat"))).unwrap();
        let sgf = write_sgf(&record);
        let back = read_sgf(&sgf).unwrap_or_else(|e| panic!("{name}: {e}\n{sgf}"));
        assert_eq!(back, record, "{name}");
    }
}

#[test]
fn an_sgf_export_names_each_game_its_score_and_its_result() {
    let record = read_mat(&data("gnubg_3_point_match.mat")).unwrap();
    let sgf = write_sgf(&record);
    let first = sgf.lines().next().unwrap();
    assert!(
        first.starts_with("(;FF[4]GM[6]CA[UTF-8]AP[Ludus]MI[length:3][game:0][ws:0][bs:0]"),
        "{first}"
    );
    assert_eq!(sgf.matches("(;FF[4]").count(), record.games().len());
    let outcome = record.games()[0].outcome().unwrap();
    let color = if outcome.winner.index() == 0 {
        'W'
    } else {
        'B'
    };
    assert!(
        first.ends_with(&format!("RE[{color}+{}]", outcome.points)),
        "{first}"
    );
}

#[test]
fn match_files_are_read_and_written_by_their_extension() {
    use ludus_interop::matchfile::{MatchFileError, MatchFormat, read_match, write_match};
    use std::path::Path;
    assert_eq!(
        MatchFormat::from_path(Path::new("a/b.SGF")),
        Some(MatchFormat::Sgf)
    );
    assert_eq!(
        MatchFormat::from_path(Path::new("b.mat")),
        Some(MatchFormat::Mat)
    );
    assert_eq!(
        MatchFormat::from_path(Path::new("b.xg")),
        Some(MatchFormat::Xg)
    );
    assert_eq!(MatchFormat::from_path(Path::new("b.pdf")), None);
    let record = read_mat(&data("gnubg_5_point_match.mat")).unwrap();
    for format in [MatchFormat::Mat, MatchFormat::Sgf] {
        let bytes = write_match(&record, format).unwrap();
        assert_eq!(read_match(&bytes, format).unwrap(), record, "{format:?}");
    }
    assert_eq!(
        write_match(&record, MatchFormat::Xg).unwrap_err(),
        MatchFileError::NotWritable("xg")
    );
}
