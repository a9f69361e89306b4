//! Where play can go on from ([`MatchState::start_refusal`]) and the boards of a played move
//! ([`Position::boards_of`], [`Position::before`]).

use ludus_backgammon::{Dice, MatchState, Position, Seat, StartRefusal, random_positions};

const CEILING: u32 = 64;

#[test]
fn the_starting_position_of_a_money_game_can_be_played_on() {
    let state = MatchState::default();
    assert_eq!(state.start_refusal(&Position::starting(), CEILING), None);
}

#[test]
fn a_side_with_every_checker_borne_off_has_finished_the_game() {
    let state = MatchState {
        on_roll: Seat::Zero,
        ..MatchState::default()
    };
    // The opponent (player 1) has none left on the board.
    let board = pos!(6:2; );
    assert_eq!(
        state.start_refusal(&board, CEILING),
        Some(StartRefusal::NoCheckers(Seat::One))
    );
}

#[test]
fn the_cube_is_a_power_of_two_up_to_the_ceiling() {
    let start = Position::starting();
    for (value, refused) in [(1, false), (64, false), (3, true), (128, true), (0, true)] {
        let state = MatchState {
            cube_value: value,
            ..MatchState::default()
        };
        assert_eq!(
            state.start_refusal(&start, CEILING).is_some(),
            refused,
            "cube {value}"
        );
    }
}

#[test]
fn a_score_at_the_match_length_is_refused_and_money_play_has_no_score_bound() {
    let start = Position::starting();
    let seven = MatchState {
        match_length: 7,
        score: [3, 7],
        ..MatchState::default()
    };
    assert_eq!(
        seven.start_refusal(&start, CEILING),
        Some(StartRefusal::Score {
            seat: Seat::One,
            score: 7,
            length: 7
        })
    );
    let money = MatchState {
        score: [3, 7],
        ..MatchState::default()
    };
    assert_eq!(money.start_refusal(&start, CEILING), None);
}

#[test]
fn a_pending_double_is_no_start() {
    let state = MatchState {
        double_offered: true,
        ..MatchState::default()
    };
    assert_eq!(
        state.start_refusal(&Position::starting(), CEILING),
        Some(StartRefusal::AnswerPending)
    );
}

#[test]
fn a_hit_blot_goes_to_the_bar_at_the_step_that_hits_it() {
    // The player's 8 and 6 points; the opponent's blot on the player's 4 point (its 21).
    let board = pos!(8:1, 6:14; 21:1, 1:14);
    let dice: Dice = "42".parse().unwrap();
    let mv = board.parse_move(dice, "8/4*/2").unwrap();
    let boards = board.boards_of(&mv);
    assert_eq!(boards.len(), 3);
    assert_eq!(boards[0], board);
    assert_eq!((boards[1].player(4), boards[1].opponent(25)), (1, 1));
    assert_eq!(boards[1].opponent(21), 0);
    assert_eq!((boards[2].player(2), boards[2].player(4)), (1, 0));
    assert_eq!(boards[2], board.apply(&mv));
}

#[test]
fn before_undoes_every_legal_move_hits_included() {
    let dice: Dice = "31".parse().unwrap();
    for position in random_positions(7, 200) {
        for mv in position.legal_moves(dice) {
            assert_eq!(position.apply(&mv).before(&mv), position, "{mv}");
        }
    }
}
