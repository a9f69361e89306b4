//! Every parser takes any text: it answers a value or one error, never a panic. Inputs are
//! random strings and valid lines with a few characters changed. (The Morris text formats are
//! fuzzed in the rules crate, `crates/morris/tests/random_input.rs`.)
use crate::data;
use crate::players::FirstLegal;
use ludus_backgammon::Position;
use ludus_interop::external::ExternalPlayer;
use ludus_interop::fibs::FibsBoard;
use ludus_interop::sgf::read_sgf;
use ludus_interop::uci::{UciEngine, UciSession};
use ludus_morris::player::{Choice, Limits, Player, PlayerError};
use proptest::prelude::*;

/// Changes `edits` characters of `text` at positions and to characters drawn by proptest.
fn mutate(text: &str, edits: &[(usize, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, c) in edits {
        if chars.is_empty() {
            chars.push(c);
        } else {
            let i = at % chars.len();
            chars[i] = c;
        }
    }
    chars.into_iter().collect()
}

fn edits() -> impl Strategy<Value = Vec<(usize, char)>> {
    prop::collection::vec(
        (
            any::<usize>(),
            prop::sample::select(vec![
                '0', '1', '9', '-', ':', ' ', '\n', '[', ']', ';', 'x', '*', 'O', '/', ')',
            ]),
        ),
        1..4,
    )
}

/// A brain that never searches (the fuzzing is about parsing).
struct NoSearch;

impl Player for NoSearch {
    fn name(&self) -> String {
        "no-search".to_string()
    }

    fn choose(&mut self, game: &ludus_morris::Game, _: &Limits) -> Result<Choice, PlayerError> {
        let moves = game
            .position()
            .legal_moves(&ludus_morris::Rules::standard());
        Ok(Choice::new(moves.first().copied()))
    }
}

impl UciEngine for NoSearch {}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn fibs_lines_never_panic(text in ".{0,200}", e in edits(), pick in 0usize..60) {
        let lines = data("fibs_lines.txt");
        let line = lines.lines().nth(pick % 60).unwrap_or("");
        for input in [text.clone(), mutate(line, &e)] {
            if let Ok(board) = input.parse::<FibsBoard>() {
                let _ = board.position();
                let _ = board.decision();
                let _ = board.match_state(board.bot_index());
                prop_assert_eq!(board.to_string().parse::<FibsBoard>().ok(), Some(board));
            }
        }
        let mut player = ExternalPlayer::new(FirstLegal);
        let _ = player.reply(&mutate(line, &e));
    }

    #[test]
    fn sgf_never_panics(e in edits(), pick in 0usize..3) {
        let name = ["gnubg_3_point_match", "gnubg_5_point_match", "gnubg_money_session"][pick];
        let _ = read_sgf(&mutate(&data(&format!("{name}.sgf")), &e));
    }

    #[test]
    fn uci_lines_never_panic(text in ".{0,120}", e in edits()) {
        let fen = mutate("********/O*@*O*@*/@*O***** w p p 3 6 3 6 0 0 -1 -1 -1 -1 0 6 4", &e);
        let mut session = UciSession::new(NoSearch);
        let _ = session.handle(&format!("position fen {fen} moves d6 xd5"));
        let _ = session.handle(&text);
        let _ = session.handle(&format!("setoption {text}"));
        let _ = session.handle("go depth 1");
    }
}

#[test]
fn a_board_line_with_too_many_checkers_is_one_clear_error() {
    let mut board = FibsBoard::from_position(&Position::starting(), ["a".into(), "b".into()]);
    board.board[6] = 9;
    let error = board
        .to_string()
        .parse::<FibsBoard>()
        .unwrap()
        .position()
        .unwrap_err();
    assert!(error.to_string().contains("15"), "{error}");
}
