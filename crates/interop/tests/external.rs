use crate::data;
use crate::players::{FirstLegal, Reckless, Recorder};
use ludus_backgammon::{CubeOwner, Move, Position, Seat};
use ludus_interop::external::ExternalPlayer;
use ludus_interop::fibs::{Decision, FibsBoard};

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
fn every_reply_to_recorded_gnubg_lines_is_legal() {
    let mut player = ExternalPlayer::new(FirstLegal);
    for line in data("fibs_lines.txt").lines() {
        let reply = player.reply(line);
        assert_eq!(reply.error, None);
        assert_reply_is_legal(line, &reply.text);
    }
}

#[test]
fn an_impossible_move_or_a_forbidden_double_from_the_player_is_never_sent() {
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

#[test]
fn the_player_sees_the_match_from_the_deciding_side() {
    let mut player = ExternalPlayer::new(Recorder::default());
    let mut line = FibsBoard::from_position(&Position::starting(), ["gnubg".into(), "bot".into()]);
    line.match_length = 5;
    line.scores = [1, 3];
    line.cube = 2;
    line.bot_may_double = true;
    line.opponent_may_double = false;
    assert_eq!(player.reply(&line.to_string()).text, "roll");
    // Doubled: gnubg writes the bot first; the doubler's view has the other seat on roll.
    let mut doubled = line.clone();
    doubled.names = ["bot".into(), "gnubg".into()];
    doubled.scores = [3, 1];
    doubled.was_doubled = 1;
    assert_eq!(player.reply(&doubled.to_string()).text, "take");
    let [(_, _, own), (_, doubler_view, doubler)] = player.player().states[..] else {
        panic!("two decisions asked");
    };
    assert_eq!(own.on_roll, Seat::One);
    assert_eq!(own.score, [1, 3]);
    assert_eq!(own.cube_owner, CubeOwner::Owned(Seat::One));
    assert_eq!(own.cube_value, 2);
    // The bot is seat zero on this line; the doubler, gnubg, seat one.
    assert_eq!(doubler.on_roll, Seat::One);
    assert_eq!(doubler.score, [3, 1]);
    assert_eq!(doubler.cube_owner, CubeOwner::Owned(Seat::Zero));
    assert_eq!(doubler_view, Position::starting().swapped());
}

/// A server for `connections` connections of [`FirstLegal`] players on a free local port, on a
/// thread of its own; its address.
fn start_server(connections: u64, max_line: usize) -> std::net::SocketAddr {
    use ludus_interop::external_server::{ConnectionLimits, serve};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a local port");
    let address = listener.local_addr().expect("an address");
    let limits = ConnectionLimits {
        max_connections: 4,
        idle_timeout: std::time::Duration::from_secs(60),
        max_line,
    };
    std::thread::spawn(move || {
        serve(
            &listener,
            |_| FirstLegal,
            limits,
            Some(connections),
            &|_| {},
        )
    });
    address
}

#[test]
fn the_server_answers_each_board_line_of_a_connection_as_the_session_does() {
    use std::io::{BufRead, BufReader, Write};
    let address = start_server(1, 16 * 1024);
    let mut stream = std::net::TcpStream::connect(address).expect("a connection");
    let mut reader = BufReader::new(stream.try_clone().expect("a second handle"));
    let mut session = ExternalPlayer::new(FirstLegal);
    for line in data("fibs_lines.txt").lines().take(5) {
        stream
            .write_all(format!("{line}\n\0").as_bytes())
            .expect("sent");
        let mut reply = String::new();
        reader.read_line(&mut reply).expect("a reply");
        assert_eq!(reply.trim_end_matches('\n'), session.reply(line).text);
    }
}

#[test]
fn a_line_over_the_limit_is_answered_with_an_error_and_ends_the_connection() {
    use std::io::{Read, Write};
    let address = start_server(1, 64);
    let mut stream = std::net::TcpStream::connect(address).expect("a connection");
    stream.write_all(&[b'x'; 200]).expect("sent");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(
        answer.starts_with("error: line longer than 64 bytes"),
        "{answer:?}"
    );
}
