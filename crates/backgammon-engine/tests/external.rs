//! The engine as gnubg's external player (`ludus_interop::external`): legal replies to the
//! board lines gnubg sent, and no double or drop at the start.

use ludus_backgammon::player::Player;
use ludus_backgammon::{MatchState, Move, Position};
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::level::Level;
use ludus_interop::external::ExternalPlayer;
use ludus_interop::fibs::{Decision, FibsBoard};

/// Board lines gnubg sent to the external player, recorded in ludus-interop's tests.
fn recorded_lines() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../interop/tests/data/fibs_lines.txt"
    );
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_reply_of_the_engine_to_recorded_gnubg_lines_is_legal() {
    for level in [1, 8] {
        let level = Level::new(level).expect("a level");
        let mut player = ExternalPlayer::new(Engine::at_level(level, 0));
        for line in recorded_lines().lines() {
            let reply = player.reply(line);
            assert_eq!(reply.error, None);
            let board: FibsBoard = line.parse().expect("a board line");
            match board.decision().expect("a decision") {
                Decision::TakeOrDrop => assert!(["take", "drop"].contains(&&*reply.text)),
                Decision::RollOrDouble => {
                    assert!(["roll", "double"].contains(&&*reply.text));
                }
                Decision::Move(dice) => {
                    let position = board.position().expect("a position");
                    let legal = position.legal_moves(dice);
                    if reply.text.is_empty() {
                        assert!(legal.iter().all(Move::is_empty), "{line}");
                    } else {
                        let mv = position.parse_move(dice, &reply.text).expect("legal");
                        assert!(
                            legal
                                .iter()
                                .any(|m| position.apply(m) == position.apply(&mv))
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_engine_neither_doubles_nor_drops_at_the_start() {
    let mut engine = Engine::at_level(Level::strongest(), 0);
    let state = MatchState::default();
    let start = Position::starting();
    assert!(!Player::double(&mut engine, &start, &state).expect("a decision"));
    assert!(Player::take(&mut engine, &start, &state).expect("a decision"));
}
