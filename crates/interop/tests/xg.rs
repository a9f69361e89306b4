use crate::xg_writer::{game_records, pack, put_i32, write_xg};
use crate::{data, data_path};
use ludus_backgammon::{GameEvent, Match, read_mat};
use ludus_interop::matchfile::{MatchFormat, read_match};
use ludus_interop::xg::{
    ARCHIVE_TRAILER_BYTES, RECORD_KIND_OFFSET, RICH_HEADER_BYTES, RecordKind, XgError, XgProblem,
    read_xg,
};
use proptest::prelude::*;

/// The test file the project makes: a whole 3-point match that gnubg played against itself
/// (doubles, a take, a drop, a roll with no move, the Crawford game), written by the test
/// writer.
const XG_FILE: &str = "ludus_3_point_match.xg";
/// The match it holds.
const XG_SOURCE: &str = "gnubg_selfplay_3_point.mat";

fn committed_xg() -> Vec<u8> {
    let path = data_path(XG_FILE);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_committed_xg_file_is_what_the_writer_makes_of_its_match() {
    let record = read_mat(&data(XG_SOURCE)).unwrap();
    let written = write_xg(&record);
    if std::env::var_os("LUDUS_BLESS").is_some() {
        std::fs::write(data_path(XG_FILE), &written).unwrap();
    }
    assert!(
        written == committed_xg(),
        "run with LUDUS_BLESS=1 to rewrite {XG_FILE}"
    );
}

#[test]
fn an_xg_file_opens_to_the_match_it_was_made_from() {
    let expected = read_mat(&data(XG_SOURCE)).unwrap();
    let record = read_xg(&committed_xg()).unwrap();
    assert_eq!(record, expected);
    assert!(record.winner().is_some());
    let by_extension = read_match(&committed_xg(), MatchFormat::Xg).unwrap();
    assert_eq!(by_extension, expected);
}

/// Each game's actions, less a last roll whose move is still to come (XG records a roll only
/// with its move).
fn actions(record: &Match) -> Vec<Vec<GameEvent>> {
    record
        .games()
        .iter()
        .map(|game| {
            let mut events = game.events().to_vec();
            if let Some(GameEvent::Turn { play: None, .. }) = events.last() {
                events.pop();
            }
            events
        })
        .collect()
}

#[test]
fn every_gnubg_match_survives_the_trip_through_xg() {
    for name in [
        "gnubg_3_point_match",
        "gnubg_5_point_match",
        "gnubg_money_session",
    ] {
        let record = read_mat(&data(&format!("{name}.mat"))).unwrap();
        let back = read_xg(&write_xg(&record)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(actions(&back), actions(&record), "{name}");
        assert_eq!(back.score(), record.score(), "{name}");
        assert_eq!(
            (back.rules(), back.names()),
            (record.rules(), record.names()),
            "{name}"
        );
    }
}

#[test]
fn a_cut_xg_file_is_refused_with_a_reason() {
    let bytes = committed_xg();
    let mut cuts: Vec<usize> = (0..bytes.len()).step_by(97).collect();
    cuts.extend([
        0,
        3,
        RICH_HEADER_BYTES - 1,
        RICH_HEADER_BYTES,
        bytes.len() - 1,
    ]);
    for cut in cuts {
        let error = read_xg(&bytes[..cut]).unwrap_err();
        assert!(!error.to_string().is_empty(), "cut at {cut}");
    }
    assert_eq!(
        read_xg(&bytes[..100]).unwrap_err(),
        XgError::Truncated {
            what: "RichGameFormat header",
            needed: RICH_HEADER_BYTES,
            found: 100
        }
    );
}

#[test]
fn a_damaged_xg_file_fails_its_crc() {
    let mut bytes = committed_xg();
    let middle = RICH_HEADER_BYTES + (bytes.len() - RICH_HEADER_BYTES) / 2;
    bytes[middle] ^= 0x55;
    assert_eq!(read_xg(&bytes).unwrap_err(), XgError::Damaged("archive"));
}

#[test]
fn a_file_that_is_not_xg_is_named_so() {
    let mut bytes = committed_xg();
    bytes[0] = b'X';
    assert_eq!(read_xg(&bytes).unwrap_err(), XgError::NotXg);
    assert_eq!(
        read_xg(&vec![0; RICH_HEADER_BYTES])
            .unwrap_err()
            .to_string(),
        "not an eXtreme Gammon file (no RGMH header)"
    );
}

/// The records of the 3-point match, for tests that change one.
fn records() -> Vec<Vec<u8>> {
    game_records(&read_mat(&data(XG_SOURCE)).unwrap())
}

/// Index of the first record of `kind` after `from`.
fn find(records: &[Vec<u8>], kind: RecordKind, from: usize) -> usize {
    (from..records.len())
        .find(|&i| records[i][RECORD_KIND_OFFSET] == kind as u8)
        .unwrap()
}

#[test]
fn a_game_header_whose_score_disagrees_with_the_games_before_is_refused() {
    let mut records = records();
    let first_game = find(&records, RecordKind::HeaderGame, 0);
    let second_game = find(&records, RecordKind::HeaderGame, first_game + 1);
    put_i32(&mut records[second_game], 12, 7);
    let error = read_xg(&pack(&records)).unwrap_err();
    let XgError::Record {
        record,
        game,
        problem,
    } = error
    else {
        panic!("{error}");
    };
    assert_eq!((record, game), (second_game, 1));
    assert!(
        matches!(problem, XgProblem::WrongScore { said: [7, _], .. }),
        "{problem}"
    );
}

#[test]
fn an_illegal_move_in_an_xg_file_is_refused_with_its_record() {
    let mut records = records();
    let first_move = find(&records, RecordKind::Move, 0);
    // 24/1 with any roll.
    put_i32(&mut records[first_move], 68, 24);
    put_i32(&mut records[first_move], 72, 1);
    let error = read_xg(&pack(&records)).unwrap_err();
    let XgError::Record {
        record, problem, ..
    } = error
    else {
        panic!("{error}");
    };
    assert_eq!(record, first_move);
    assert!(
        matches!(problem, XgProblem::IllegalMove { .. }),
        "{problem}"
    );
}

#[test]
fn an_unknown_cube_answer_is_refused() {
    let mut records = records();
    let cube = find(&records, RecordKind::Cube, 0);
    put_i32(&mut records[cube], 20, 7);
    let error = read_xg(&pack(&records)).unwrap_err();
    assert!(
        error.to_string().ends_with("cube record's answer is 7"),
        "{error}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_bytes_are_refused_never_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..20_000)) {
        prop_assert!(read_xg(&bytes).is_err());
    }

    #[test]
    fn random_bytes_behind_a_valid_header_are_refused(tail in proptest::collection::vec(any::<u8>(), 0..4_000)) {
        let mut bytes = committed_xg()[..RICH_HEADER_BYTES].to_vec();
        bytes.extend(tail);
        prop_assert!(read_xg(&bytes).is_err());
    }

    #[test]
    fn a_byte_changed_anywhere_is_refused_or_read(at in 0usize..100_000, value in any::<u8>()) {
        let mut bytes = committed_xg();
        let at = at % bytes.len();
        bytes[at] = value;
        // Either an error or a match: never a panic. Between the header and the archive's
        // trailer, the CRC catches it.
        let result = read_xg(&bytes);
        let covered = RICH_HEADER_BYTES..bytes.len() - ARCHIVE_TRAILER_BYTES;
        if covered.contains(&at) && committed_xg()[at] != value {
            prop_assert!(result.is_err());
        }
    }
}
