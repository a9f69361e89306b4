use crate::players::{FirstLegal, Reckless};
use ludus_backgammon::{CubeOwner, Dice, MatchState, Position, Seat, random_positions};
use ludus_interop::player_protocol::{
    Mode, PlayerClient, ProtocolError, Request, RequestError, answer, serve,
};
use std::io::Cursor;

fn match_state() -> MatchState {
    MatchState {
        cube_value: 2,
        cube_owner: CubeOwner::Owned(Seat::One),
        on_roll: Seat::One,
        turn: Seat::One,
        match_length: 7,
        score: [3, 5],
        ..MatchState::default()
    }
}

/// A position from `(point, checkers)` lists of both sides, each in its own numbering (25 = bar).
fn board(player: &[(usize, u8)], opponent: &[(usize, u8)]) -> Position {
    let side = |list: &[(usize, u8)]| {
        let mut checkers = [0u8; 26];
        for &(point, count) in list {
            checkers[point] = count;
        }
        checkers
    };
    Position::from_board(side(player), side(opponent)).expect("a valid position")
}

fn dice(text: &str) -> Dice {
    text.parse().expect("dice")
}

#[test]
fn every_request_reads_back_from_its_line() {
    let state = match_state();
    for (i, position) in random_positions(5, 40).into_iter().enumerate() {
        let roll = Dice::try_new(1 + (i % 6) as u8, 1 + (i / 6 % 6) as u8).expect("dice");
        let mode = if i % 2 == 0 {
            Mode::Cubeless
        } else {
            Mode::Cubeful
        };
        for request in [
            Request::Move {
                position,
                state,
                dice: roll,
                mode,
            },
            Request::Double { position, state },
            Request::Take { position, state },
            Request::Eval {
                position,
                state,
                mode,
            },
            Request::Quit,
        ] {
            let line = request.line().expect("a line");
            assert_eq!(Request::parse(&line), Ok(request), "{line}");
        }
    }
}

#[test]
fn the_documented_opening_request_reads() {
    let request = Request::parse("move 4HPwATDgc/ABMA cAkAAAAAAAAA 31 cubeless").expect("reads");
    let Request::Move {
        position,
        state,
        dice: roll,
        mode,
    } = request
    else {
        panic!("not a move: {request:?}");
    };
    assert_eq!(position, Position::starting());
    assert_eq!(roll, dice("31"));
    assert_eq!(mode, Mode::Cubeless);
    assert_eq!(state.cube_value, 1);
    assert_eq!(state.match_length, 0);
}

#[test]
fn bad_request_lines_are_answered_with_one_error_line() {
    let cases = [
        ("", None),
        ("fly 4HPwATDgc/ABMA", Some("error unknown request \"fly\"")),
        (
            "move 4HPwATDgc/ABMA cAkAAAAAAAAA 31",
            Some("error move takes 4 arguments, got 3"),
        ),
        (
            "move 4HPwATDgc/ABMA cAkAAAAAAAAA 71 cubeless",
            Some("error bad dice"),
        ),
        ("double 4HPwATDgc/ABMA nonsense", Some("error bad match id")),
        (
            "take ???????????? cAkAAAAAAAAA",
            Some("error bad position id"),
        ),
        (
            "eval 4HPwATDgc/ABMA cAkAAAAAAAAA sideways",
            Some("error bad expected"),
        ),
    ];
    for (line, expected) in cases {
        let reply = answer(&mut FirstLegal, line);
        match expected {
            None => assert_eq!(reply, None, "{line:?}"),
            Some(start) => {
                let reply = reply.expect("a reply");
                assert!(reply.starts_with(start), "{line:?} -> {reply:?}");
                assert!(!reply.contains('\n'));
            }
        }
    }
    assert_eq!(Request::parse("  "), Err(RequestError::Empty));
}

#[test]
fn a_decision_the_player_cannot_make_is_answered_with_its_error() {
    let cases = [
        (
            "move 4HPwATDgc/ABMA cAkAAAAAAAAA 31 cubeless",
            "error reckless: chose play 16 of 16",
        ),
        (
            "eval 4HPwATDgc/ABMA cAkAAAAAAAAA cubeful",
            "error reckless: this player does not evaluate",
        ),
    ];
    for (line, expected) in cases {
        assert_eq!(
            answer(&mut Reckless, line).as_deref(),
            Some(expected),
            "{line}"
        );
    }
}

#[test]
fn a_session_served_and_read_back_gives_the_players_decisions() {
    let start = Position::starting();
    let state = MatchState::default();
    let race = board(&[(6, 15)], &[(24, 15)]);
    let requests = [
        Request::Move {
            position: start,
            state,
            dice: dice("31"),
            mode: Mode::Cubeless,
        },
        Request::Double {
            position: start,
            state,
        },
        Request::Take {
            position: start,
            state,
        },
        Request::Eval {
            position: start,
            state,
            mode: Mode::Cubeful,
        },
        Request::Double {
            position: race,
            state,
        },
    ];
    let input: String = requests
        .iter()
        .map(|r| r.line().expect("a line") + "\n")
        .collect::<String>()
        + "quit\n";
    let mut replies = Vec::new();
    serve(Cursor::new(input), &mut replies, &mut FirstLegal).expect("served");
    // A banner before `ready`, as gnubg prints one.
    let output: Vec<u8> = b"GNU Backgammon\n\n"
        .iter()
        .copied()
        .chain(replies)
        .collect();
    let mut client = PlayerClient::connect(Cursor::new(output), Vec::new()).expect("ready");
    assert_eq!(client.name(), "first legal");
    let mv = client
        .choose_move(&start, &state, dice("31"), Mode::Cubeless)
        .expect("a legal play");
    assert_eq!(
        start.apply(&mv),
        start.apply(&start.legal_moves(dice("31"))[0])
    );
    assert!(!client.double(&start, &state).expect("an answer"));
    assert!(client.take(&start, &state).expect("an answer"));
    let evaluation = client
        .evaluate(&start, &state, Mode::Cubeful)
        .expect("numbers");
    assert_eq!(evaluation.probabilities[0], 0.5);
    assert_eq!(evaluation.equity, 0.0);
    let (mine, theirs) = race.pip_count();
    assert_eq!(
        client.double(&race, &state).expect("an answer"),
        mine + 20 < theirs
    );
    assert!(matches!(
        client.take(&start, &state),
        Err(ProtocolError::Closed { .. })
    ));
}

/// A client whose player is already written: `ready` then `replies`.
fn client_with(replies: &str) -> PlayerClient<Cursor<Vec<u8>>, Vec<u8>> {
    let output = format!("ready scripted\n{replies}").into_bytes();
    PlayerClient::connect(Cursor::new(output), Vec::new()).expect("ready")
}

#[test]
fn an_illegal_play_is_an_error_naming_the_position_never_a_substitute() {
    let start = Position::starting();
    let state = MatchState::default();
    for reply in ["24/18 24/18", "13/10 13/9", "none", "8/5 6/5 1/off", "pass"] {
        let mut client = client_with(&format!("{reply}\n"));
        let error = client
            .choose_move(&start, &state, dice("31"), Mode::Cubeless)
            .expect_err(reply);
        let ProtocolError::IllegalMove {
            position_id,
            dice: roll,
            reply: echoed,
            ..
        } = &error
        else {
            panic!("{reply}: {error}");
        };
        assert_eq!(position_id, "4HPwATDgc/ABMA");
        assert_eq!(*roll, dice("31"));
        assert_eq!(echoed, reply);
        assert!(error.to_string().contains("4HPwATDgc/ABMA"), "{error}");
    }
}

#[test]
fn none_is_the_play_only_when_no_checker_can_move() {
    // Seat on roll on the bar against a closed board: 66 cannot enter.
    let closed = board(
        &[(25, 1), (6, 14)],
        &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 3)],
    );
    let roll = dice("66");
    if closed.legal_moves(roll)[0].is_empty() {
        let mut client = client_with("none\n");
        let mv = client
            .choose_move(&closed, &MatchState::default(), roll, Mode::Cubeless)
            .expect("no play is legal here");
        assert!(mv.is_empty());
    } else {
        panic!("the test position must be a dance: {closed:?}");
    }
}

#[test]
fn refusals_garbage_and_silence_are_errors() {
    let start = Position::starting();
    let state = MatchState::default();
    let refused = client_with("error gnubg: out of memory\n").double(&start, &state);
    assert!(
        matches!(&refused, Err(ProtocolError::Refused { reason, .. }) if reason == "gnubg: out of memory"),
        "{refused:?}"
    );
    let garbage = client_with("maybe\n").take(&start, &state);
    assert!(
        matches!(garbage, Err(ProtocolError::Unreadable { .. })),
        "{garbage:?}"
    );
    for numbers in [
        "0.5 0.1 0 0 0",
        "0.5 0.1 0 0 0 x",
        "1.5 0 0 0 0 0.1",
        "0.5 0 0 0 0 inf",
    ] {
        let result = client_with(&format!("{numbers}\n")).evaluate(&start, &state, Mode::Cubeless);
        assert!(
            matches!(result, Err(ProtocolError::Unreadable { .. })),
            "{numbers}: {result:?}"
        );
    }
    let closed = client_with("").double(&start, &state);
    assert!(
        matches!(closed, Err(ProtocolError::Closed { .. })),
        "{closed:?}"
    );
    let banner: String = (0..200).map(|i| format!("line {i}\n")).collect();
    let never_ready = PlayerClient::connect(Cursor::new(banner.into_bytes()), Vec::new());
    assert!(matches!(never_ready, Err(ProtocolError::NotReady)));
}
