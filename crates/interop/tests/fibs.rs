use crate::data;
use ludus_backgammon::Position;
use ludus_interop::fibs::{Decision, FibsBoard};

#[test]
fn board_lines_recorded_from_gnubg_round_trip_unchanged() {
    let lines = data("fibs_lines.txt");
    for line in lines.lines() {
        let board: FibsBoard = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(board.to_string(), line);
        board.position().expect("gnubg's boards are positions");
    }
}

#[test]
fn the_documented_opening_line_is_the_starting_position_before_the_roll() {
    let line = "board:gnubg:extbot:0:0:0:0:-1:-1:0:0:0:5:0:3:0:0:0:-4:5:0:0:-1:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";
    let board: FibsBoard = line.parse().unwrap();
    assert_eq!(board.decision().unwrap(), Decision::RollOrDouble);
    let position = board.position().unwrap();
    // The opponent has split its back checkers to 24 and 23 and played 8/9… : 15 checkers each.
    assert_eq!(position.player(6), 5);
    assert_eq!(position.player(24), 2);
    assert_eq!(position.opponent(24), 1);
    assert_eq!(position.opponent(23), 1);
    assert!(board.bot_can_double());
}

#[test]
fn a_position_written_as_a_board_line_reads_back_the_same() {
    let start = Position::starting();
    let board = FibsBoard::from_position(&start, ["them".into(), "us".into()]);
    let text = board.to_string();
    let back: FibsBoard = text.parse().unwrap();
    assert_eq!(back.position().unwrap(), start);
    assert_eq!(back, board);
}

#[test]
fn the_bot_is_second_on_its_turn_and_first_when_doubled() {
    let lines = data("fibs_lines.txt");
    for line in lines.lines() {
        let board: FibsBoard = line.parse().unwrap();
        assert_eq!(board.names[board.bot_index()], "root", "{line}");
    }
}

#[test]
fn field_52_zero_marks_the_crawford_game_and_forbids_doubling() {
    let mut board = FibsBoard::from_position(&Position::starting(), ["a".into(), "b".into()]);
    board.match_length = 3;
    board.scores = [2, 0];
    board.last = 0;
    assert!(board.is_crawford_game());
    assert!(!board.bot_can_double());
}

#[test]
fn the_match_state_has_the_bot_on_roll_and_the_crawford_stage() {
    use ludus_backgammon::{CrawfordStage, Seat};
    use ludus_interop::fibs::FibsError;
    let mut board = FibsBoard::from_position(&Position::starting(), ["a".into(), "b".into()]);
    board.match_length = 3;
    board.scores = [2, 0];
    board.last = 0;
    let state = board.match_state(1).unwrap();
    assert_eq!(state.on_roll, Seat::One);
    assert_eq!(state.score, [2, 0]);
    assert_eq!(state.crawford_stage(), CrawfordStage::ThisGame);
    board.last = 1;
    let after = board.match_state(1).unwrap();
    assert_eq!(after.crawford_stage(), CrawfordStage::After);
    board.scores = [3, 0];
    assert_eq!(
        board.match_state(1),
        Err(FibsError::ScoreOverMatch {
            score: 3,
            length: 3
        })
    );
}
