//! gnubg as a player over the line protocol answers cube requests as gnubg judges them: known
//! positions whose cube action gnubg's `hint` gives (money play, centred cube, 0 ply).

#[path = "../../../backgammon/tests/gnubg.rs"]
mod gnubg;

use ludus_backgammon::player::Player;
use ludus_backgammon::{MatchState, Position};
use ludus_coach::backgammon::program::{Program, ProgramPlayer};

fn position(id: &str) -> Position {
    Position::from_position_id(id).expect("a valid Position ID")
}

#[test]
fn gnubg_doubles_takes_and_passes_as_its_hint_says() {
    if !gnubg::gnubg_is_installed("the gnubg cube test") {
        return;
    }
    let mut player = ProgramPlayer::start(&Program::Gnubg { plies: 0 }).expect("gnubg starts");
    let money = MatchState::default();
    // (Position ID, gnubg doubles, gnubg takes):
    // * the opening position: no double, take;
    // * the last roll of issue 28 (23 rolls of 36 bear off; the opponent is off next turn):
    //   double, take (exact: no double +0.278, double/take +0.556);
    // * a gammonish attack (gnubg 0-ply: no double +0.882, double/pass +1.000, double/take
    //   +1.386): double, pass.
    let cases = [
        ("4HPwATDgc/ABMA", false, true),
        ("AwAAkAAAAAAAAA", true, true),
        ("s90QAA7HdzMAAA", true, false),
    ];
    for (id, doubles, takes) in cases {
        let p = position(id);
        assert_eq!(
            player.double(&p, &money).expect("an answer"),
            doubles,
            "{id}"
        );
        assert_eq!(player.take(&p, &money).expect("an answer"), takes, "{id}");
    }
}
