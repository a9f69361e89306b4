use crate::data;
use ludus_backgammon::{Dice, Move, Position};
use ludus_backgammon_engine::match_context::MatchContext;
use ludus_interop::external::{BackgammonBrain, EngineBrain, ExternalPlayer};
use ludus_interop::fibs::{Decision, FibsBoard};

/// A brain that always wants to double and to take, and proposes an impossible move.
struct Reckless;

impl BackgammonBrain for Reckless {
    fn choose_move(&mut self, _: &Position, _: Dice, _: &MatchContext) -> Move {
        Move::from_checker_moves(&[ludus_backgammon::CheckerMove {
            from: 3,
            to: 1,
            hit: false,
        }])
        .unwrap()
    }
    fn should_double(&mut self, _: &Position, _: &MatchContext) -> bool {
        true
    }
    fn should_take(&mut self, _: &Position, _: &MatchContext) -> bool {
        true
    }
}

fn assert_reply_is_legal(line: &str, reply: &str) {
    let board: FibsBoard = line.parse().unwrap();
    match board.decision().unwrap() {
        Decision::TakeOrDrop => assert!(["take", "drop"].contains(&reply), "{reply}"),
        Decision::RollOrDouble => {
            assert!(["roll", "double"].contains(&reply), "{reply}");
            if !board.bot_can_double() {
                assert_eq!(reply, "roll");
            }
        }
        Decision::Move(dice) => {
            let position = board.position().unwrap();
            let legal = position.legal_moves(dice);
            if reply.is_empty() {
                assert!(legal.iter().all(Move::is_empty), "{line}: no move sent");
            } else {
                let mv = position
                    .parse_move(dice, reply)
                    .unwrap_or_else(|e| panic!("{line} -> {reply}: {e}"));
                let after = position.apply(&mv);
                assert!(
                    legal.iter().any(|m| position.apply(m) == after),
                    "{line} -> {reply} is not legal"
                );
            }
        }
    }
}

#[test]
fn every_reply_of_the_engine_to_recorded_gnubg_lines_is_legal() {
    let mut player = ExternalPlayer::new(EngineBrain::new(0, 0));
    for line in data("fibs_lines.txt").lines() {
        let reply = player.reply(line);
        assert_eq!(reply.error, None);
        assert_reply_is_legal(line, &reply.text);
    }
}

#[test]
fn an_impossible_move_or_a_forbidden_double_from_the_brain_is_never_sent() {
    let mut player = ExternalPlayer::new(Reckless);
    for line in data("fibs_lines.txt").lines() {
        let reply = player.reply(line);
        assert_reply_is_legal(line, &reply.text);
    }
    let mut crawford = FibsBoard::from_position(&Position::starting(), ["a".into(), "b".into()]);
    crawford.match_length = 3;
    crawford.scores = [2, 0];
    crawford.last = 0;
    assert_eq!(player.reply(&crawford.to_string()).text, "roll");
    let mut owned = FibsBoard::from_position(&Position::starting(), ["a".into(), "b".into()]);
    owned.bot_may_double = false;
    owned.cube = 2;
    assert_eq!(player.reply(&owned.to_string()).text, "roll");
}

#[test]
fn an_unreadable_line_gets_an_empty_reply_and_a_reason() {
    let mut player = ExternalPlayer::new(Reckless);
    let reply = player.reply("hello gnubg");
    assert_eq!(reply.text, "");
    assert!(reply.error.unwrap().contains("board:"));
}
