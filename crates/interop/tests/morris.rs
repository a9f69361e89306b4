use crate::data;
use ludus_interop::fen::{Fen, MorrisState, START_FEN};
use ludus_interop::record::{read_record, uci_tokens, write_record};
use ludus_interop::uci::{EngineBrain, UciSession, apply_token};
use ludus_morris::{Color, Position, Rules, Square};

#[test]
fn sanmill_fens_read_and_write_back_unchanged() {
    for line in data("fen.txt").lines().filter(|l| !l.starts_with('#')) {
        let fen: Fen = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(fen.to_string(), line);
        fen.state().unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}

#[test]
fn the_start_fen_is_the_empty_board_and_back() {
    let fen: Fen = START_FEN.parse().unwrap();
    assert_eq!(fen.state().unwrap(), MorrisState::Turn(Position::new()));
    assert_eq!(
        Fen::from_state(&MorrisState::Turn(Position::new()), 1).to_string(),
        START_FEN
    );
}

#[test]
fn rings_are_written_inner_first_from_the_top_midpoint_clockwise() {
    let d5: Square = "d5".parse().unwrap();
    let c5: Square = "c5".parse().unwrap();
    let a7: Square = "a7".parse().unwrap();
    let fen: Fen = "O******@/********/*******O b p p 2 8 1 8 0 0 -1 -1 -1 -1 0 0 1"
        .parse()
        .unwrap();
    assert_eq!(fen.pieces[Color::White.index()], d5.bit() | a7.bit());
    assert_eq!(fen.pieces[Color::Black.index()], c5.bit());
}

#[test]
fn a_mill_then_its_removal_token_is_one_whole_turn() {
    let rules = Rules::standard();
    let mut state = MorrisState::Turn(Position::new());
    for token in ["a7", "a1", "d7", "a4", "g7"] {
        state = apply_token(&state, &rules, token).unwrap();
    }
    let MorrisState::Removal(removal) = state else {
        panic!("g7 closes a mill")
    };
    assert_eq!(removal.remover, Color::White);
    assert!(apply_token(&state, &rules, "xd5").is_err());
    let joined = {
        let mut s = MorrisState::Turn(Position::new());
        for token in ["a7", "a1", "d7", "a4", "g7xa1"] {
            s = apply_token(&s, &rules, token).unwrap();
        }
        s
    };
    assert_eq!(apply_token(&state, &rules, "xa1").unwrap(), joined);
}

#[test]
fn a_game_record_reads_and_writes_back_unchanged() {
    let text = data("game_record.txt");
    let record = read_record(&text).unwrap();
    assert_eq!(record.game.moves().len(), 16);
    assert_eq!(write_record(&record), text);
}

#[test]
fn a_record_with_separate_removal_tokens_joins_them() {
    let text = "[Event \"x\"]\n\n1. a7 a1 2. d7 a4 3. g7 xa1 *\n";
    let record = read_record(text).unwrap();
    assert_eq!(record.game.moves().last().unwrap().to_string(), "g7xa1");
    assert_eq!(uci_tokens(&record.game).join(" "), "a7 a1 d7 a4 g7 xa1");
    assert!(write_record(&record).contains("3. g7xa1 *"));
}

fn matches(expected: &str, actual: &str) -> bool {
    let (e, a): (Vec<&str>, Vec<&str>) = (
        expected.split_whitespace().collect(),
        actual.split_whitespace().collect(),
    );
    e.len() == a.len() && e.iter().zip(&a).all(|(e, a)| *e == "*" || e == a)
}

#[test]
fn a_recorded_uci_session_replays_line_for_line() {
    let mut session = UciSession::new(EngineBrain::new());
    let mut pending: Vec<String> = Vec::new();
    for line in data("uci_session.txt").lines() {
        if let Some(command) = line.strip_prefix("> ") {
            assert!(pending.is_empty(), "unanswered: {pending:?}");
            pending = session.handle(command).lines;
            pending.reverse();
        } else if let Some(expected) = line.strip_prefix("< ") {
            let actual = pending
                .pop()
                .unwrap_or_else(|| panic!("missing {expected}"));
            assert!(
                matches(expected, &actual),
                "expected {expected:?}, got {actual:?}"
            );
        }
    }
    assert!(pending.is_empty(), "extra: {pending:?}");
}
