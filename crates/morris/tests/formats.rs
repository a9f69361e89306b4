//! Sanmill's FEN, the atomic move tokens and the game record: golden files read and write back
//! unchanged, tokens join into whole turns, records keep their rules and tags.

use ludus_morris::fen::{Fen, FenError, START_FEN};
use ludus_morris::record::{OffBoardResult, Record, RecordError};
use ludus_morris::token::{MorrisState, TokenError, apply_token, tokens_of};
use ludus_morris::{Color, Game, NMoveCount, Position, Rules, Square};

/// The FEN lines of `data/fen.txt` (comments skipped).
const FENS: &str = include_str!("data/fen.txt");

/// A recorded self-play game (`data/game_record.txt`).
const GAME_RECORD: &str = include_str!("data/game_record.txt");

#[test]
fn sanmill_fens_read_and_write_back_unchanged() {
    for line in FENS.lines().filter(|l| !l.starts_with('#')) {
        let fen: Fen = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(fen.to_string(), line);
        fen.state().unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}

#[test]
fn the_current_form_is_written_and_the_legacy_form_read() {
    let legacy = "********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1";
    let fen: Fen = legacy.parse().unwrap();
    assert!(!fen.node_ids);
    assert_eq!(fen.to_string(), legacy);
    let state = fen.state().unwrap();
    assert_eq!(
        Fen::from_state(&state, 1).to_string(),
        format!("{legacy} ids:nodes")
    );
    let current: Fen = START_FEN.parse().unwrap();
    assert!(current.node_ids && current.extensions.is_empty());
    assert_eq!(current.state().unwrap(), state);
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
fn fens_that_disagree_with_themselves_say_why() {
    let wrong_count = "********/********/OO*@***O b p p 4 6 1 7 0 0 -1 -1 -1 -1 0 0 3";
    assert_eq!(
        wrong_count.parse::<Fen>().unwrap_err().to_string(),
        "White has 3 pieces on the board, the FEN says 4"
    );
    let unknown_extension = "********/********/OO*@***O b p p 3 6 1 7 0 0 -1 -1 -1 -1 0 0 3 x:1";
    assert_eq!(
        unknown_extension.parse::<Fen>(),
        Err(FenError::Extension("x:1".to_string()))
    );
    let node_id_too_big =
        "********/********/OO*@***O b p p 3 6 1 7 0 0 -1 24 -1 -1 0 0 3 ids:nodes";
    assert_eq!(
        node_id_too_big.parse::<Fen>().unwrap_err().to_string(),
        "field 12 (last mill node id (-1..23)) cannot be \"24\""
    );
    let removal_without_action = "********/********/OO*@***O b p p 3 6 1 7 0 1 -1 -1 -1 -1 0 0 3";
    let fen: Fen = removal_without_action.parse().unwrap();
    assert_eq!(
        fen.state().unwrap_err().to_string(),
        "pieces to remove without action r"
    );
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
    assert_eq!(tokens_of(&"g7xa1".parse().unwrap()), ["g7", "xa1"]);
}

#[test]
fn tokens_that_do_not_apply_say_why() {
    let rules = Rules::standard();
    let start = MorrisState::Turn(Position::new());
    assert_eq!(
        apply_token(&start, &rules, "z9"),
        Err(TokenError::Malformed("z9".into()))
    );
    assert_eq!(
        apply_token(&start, &rules, "xa1"),
        Err(TokenError::Illegal {
            token: "xa1".into()
        })
    );
}

#[test]
fn a_game_record_reads_and_writes_back_unchanged() {
    let record: Record = GAME_RECORD.parse().unwrap();
    assert_eq!(record.game.moves().len(), 16);
    assert_eq!(record.tag("White"), Some("ludus"));
    assert_eq!(record.to_string(), GAME_RECORD);
}

#[test]
fn a_record_with_separate_removal_tokens_joins_them() {
    let text = "[Event \"x\"]\n\n1. a7 a1 2. d7 a4 3. g7 xa1 *\n";
    let record: Record = text.parse().unwrap();
    assert_eq!(record.game.moves().last().unwrap().to_string(), "g7xa1");
    let tokens: Vec<String> = record.game.moves().iter().flat_map(tokens_of).collect();
    assert_eq!(tokens.join(" "), "a7 a1 d7 a4 g7 xa1");
    assert!(record.to_string().contains("3. g7xa1 *"));
}

#[test]
fn a_record_keeps_its_rules_start_and_result() {
    let start: Position = "WW.W..../.BBB..../........ b 0 0 4".parse().unwrap();
    let mut game = Game::from_position(Rules::no_flying(), start);
    for mv in ["f4-f2", "g4-g7xd6"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let mut record = Record::new(game);
    record.first_move_number = 12;
    record.set_tag("Event", "endgame");
    let text = record.to_string();
    assert!(
        text.contains("[Rules \"no-flying\"]\n[SetUp \"1\"]\n[FEN \""),
        "{text}"
    );
    assert!(
        text.ends_with("[Result \"1-0\"]\n\n12... f4-f2 13. g4-g7xd6 1-0\n"),
        "{text}"
    );
    let read: Record = text.parse().unwrap();
    assert_eq!(read, record);
    assert_eq!(read.game.rules(), &Rules::no_flying());
}

#[test]
fn a_result_the_moves_do_not_reach_is_kept_as_off_the_board() {
    let resigned = "[Result \"0-1\"]\n\n1. d6 f4 0-1\n";
    let record: Record = resigned.parse().unwrap();
    assert_eq!(record.off_board, Some(OffBoardResult::Win(Color::Black)));
    assert_eq!(record.result(), "0-1");
    assert_eq!(record.to_string(), resigned);
    let from_movetext: Record = "1. d6 f4 1/2-1/2\n".parse().unwrap();
    assert_eq!(from_movetext.off_board, Some(OffBoardResult::Draw));
    // The end on the board wins over a result tag that disagrees with it.
    let mut won = Record::new(Game::from_position(
        Rules::standard(),
        "WW.W..../BBB...../........ w 0 0 0".parse().unwrap(),
    ));
    won.game.play("g4-g7xb6".parse().unwrap()).unwrap();
    let text = won.to_string().replace("1-0", "0-1");
    let read: Record = text.parse().unwrap();
    assert_eq!((read.off_board, read.result()), (None, "1-0"));
}

#[test]
fn records_with_mistakes_say_where() {
    let illegal = GAME_RECORD.replace("5. g7 a7", "5. g7 g7");
    assert!(
        matches!(
            illegal.parse::<Record>(),
            Err(RecordError::Token { number: 10, .. })
        ),
        "{illegal}"
    );
    let rules = GAME_RECORD.replace("[Event", "[Rules \"lasker\"]\n[Event");
    assert!(matches!(
        rules.parse::<Record>(),
        Err(RecordError::Rules { line: 1, .. })
    ));
    let tag = GAME_RECORD.replace("[White \"ludus\"]", "[White ludus");
    assert_eq!(tag.parse::<Record>(), Err(RecordError::Tag(2)));
    let unfinished = "1. a7 a1 2. d7 a4 3. g7\n";
    assert_eq!(unfinished.parse::<Record>(), Err(RecordError::Unfinished));
}

#[test]
fn rules_texts_read_back() {
    for flying in [true, false] {
        for n_move_rule in [None, Some(1), Some(50), Some(100)] {
            for threefold_repetition in [true, false] {
                for n_move_count in [NMoveCount::AllPlies, NMoveCount::MovementPlies] {
                    let rules = Rules {
                        flying,
                        n_move_rule,
                        threefold_repetition,
                        n_move_count,
                    };
                    assert_eq!(rules.to_string().parse(), Ok(rules), "{rules}");
                }
            }
        }
    }
    assert_eq!(Rules::standard().to_string(), "standard");
    assert_eq!(Rules::no_flying().to_string(), "no-flying");
    assert!("standard n-move-rule=0".parse::<Rules>().is_err());
    assert!("standard flying=on".parse::<Rules>().is_err());
    assert!("standard n-move-count=some".parse::<Rules>().is_err());
    assert_eq!(
        "standard n-move-count=movement"
            .parse::<Rules>()
            .map(|r| r.n_move_count),
        Ok(NMoveCount::MovementPlies)
    );
}
