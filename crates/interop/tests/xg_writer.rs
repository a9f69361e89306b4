//! A small `.xg` writer for the tests: it lays a Ludus match out as GameSite's published
//! record layout (the layout `ludus_interop::xg` reads), so that the project makes its own test
//! files. Only what a match needs is filled in; analysis fields stay zero.

use ludus_backgammon::{Game, GameEnd, GameEvent, Match, Position, Seat, WinKind};
use ludus_interop::xg::{
    ARCHIVE_TRAILER_BYTES, FILE_ENTRY_BYTES, GAME_FILE_NAME, MATCH_MAGIC, MONEY_MATCH_LENGTH,
    RECORD_BYTES, RECORD_KIND_OFFSET, RICH_HEADER_BYTES, RICH_HEADER_MAGIC, RecordKind,
};

/// The file version written in the match header (names also in UTF-16 from 24 on).
const FILE_VERSION: i32 = 30;
/// zlib's default compression level.
const LEVEL: u8 = 6;

/// The bytes of an `.xg` file holding `record`.
pub fn write_xg(record: &Match) -> Vec<u8> {
    pack(&game_records(record))
}

/// The bytes of an `.xg` file holding these `temp.xg` records.
pub fn pack(records: &[Vec<u8>]) -> Vec<u8> {
    let header_copy = [records[0].clone(), records[records.len() - 1].clone()].concat();
    let game_file = records.concat();
    let archive = archive(&[
        ("temp.xgi", header_copy.as_slice()),
        ("temp.xgr", &[]),
        ("temp.xgc", &[]),
        (GAME_FILE_NAME, game_file.as_slice()),
    ]);
    [rich_header(), archive].concat()
}

fn rich_header() -> Vec<u8> {
    let mut header = vec![0; RICH_HEADER_BYTES];
    header[..4].copy_from_slice(RICH_HEADER_MAGIC);
    put_i32(&mut header, 4, 1);
    put_i32(&mut header, 8, RICH_HEADER_BYTES as i32);
    // Thumbnail offset (8 bytes) and size stay 0: no thumbnail. The game name (UTF-16):
    put_utf16(&mut header, 40, "Ludus match", 1024);
    header
}

fn archive(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut data = Vec::new();
    let mut registry = Vec::new();
    for (name, bytes) in files {
        let compressed = miniz_oxide::deflate::compress_to_vec_zlib(bytes, LEVEL);
        let mut entry = vec![0; FILE_ENTRY_BYTES];
        put_short_string(&mut entry, 0, name, 255);
        put_i32(&mut entry, 512, bytes.len() as i32);
        put_i32(&mut entry, 516, compressed.len() as i32);
        put_i32(&mut entry, 520, data.len() as i32);
        put_u32(&mut entry, 524, crc32fast::hash(bytes));
        entry[528] = 0; // zlib
        entry[529] = LEVEL;
        registry.extend(entry);
        data.extend(compressed);
    }
    let registry = miniz_oxide::deflate::compress_to_vec_zlib(&registry, LEVEL);
    let files_size = data.len();
    data.extend(&registry);
    let mut trailer = vec![0; ARCHIVE_TRAILER_BYTES];
    put_u32(&mut trailer, 0, crc32fast::hash(&data));
    put_i32(&mut trailer, 4, files.len() as i32);
    put_i32(&mut trailer, 8, 1);
    put_i32(&mut trailer, 12, registry.len() as i32);
    put_i32(&mut trailer, 16, files_size as i32);
    put_i32(&mut trailer, 20, 1);
    data.extend(trailer);
    data
}

fn new_record(kind: RecordKind) -> Vec<u8> {
    let mut record = vec![0; RECORD_BYTES];
    record[RECORD_KIND_OFFSET] = kind as u8;
    record
}

/// The `temp.xg` records of a match, one per [`RECORD_BYTES`].
pub fn game_records(record: &Match) -> Vec<Vec<u8>> {
    let mut records = vec![match_header(record)];
    for (index, game) in record.games().iter().enumerate() {
        records.push(game_header(game, index));
        records.extend(action_records(game));
        if let Some(footer) = game_footer(game) {
            records.push(footer);
        }
    }
    let mut footer = new_record(RecordKind::FooterMatch);
    let score = record.score();
    put_i32(&mut footer, 12, score[0] as i32);
    put_i32(&mut footer, 16, score[1] as i32);
    put_i32(&mut footer, 20, record.winner().map_or(0, winner_value));
    records.push(footer);
    records
}

fn match_header(record: &Match) -> Vec<u8> {
    let mut header = new_record(RecordKind::HeaderMatch);
    let names = record.names();
    put_short_string(&mut header, 9, &names[0], 40);
    put_short_string(&mut header, 50, &names[1], 40);
    let rules = record.rules();
    let length = if rules.is_money() {
        MONEY_MATCH_LENGTH
    } else {
        rules.match_length as i32
    };
    put_i32(&mut header, 92, length);
    header[100] = u8::from(!rules.is_money()); // Crawford
    header[101] = u8::from(rules.jacoby);
    header[102] = u8::from(rules.beavers);
    put_i32(&mut header, 552, FILE_VERSION);
    put_u32(&mut header, 556, MATCH_MAGIC);
    put_utf16(&mut header, 880, &names[0], 129);
    put_utf16(&mut header, 1138, &names[1], 129);
    header
}

fn game_header(game: &Game, index: usize) -> Vec<u8> {
    let mut header = new_record(RecordKind::HeaderGame);
    let score = game.score();
    put_i32(&mut header, 12, score[0] as i32);
    put_i32(&mut header, 16, score[1] as i32);
    header[20] = u8::from(game.is_crawford());
    put_position(&mut header, 21, &Position::starting());
    put_i32(&mut header, 48, index as i32 + 1);
    header[52] = u8::from(game.outcome().is_none());
    header
}

/// The cube and move records of a game, replaying it to know each position.
fn action_records(game: &Game) -> Vec<Vec<u8>> {
    let mut records = Vec::new();
    let mut position = Position::starting();
    let mut cube_value_log2 = 0i32;
    let mut cube_owner: Option<Seat> = None;
    let mut pending_double: Option<(Seat, Vec<u8>)> = None;
    for event in game.events() {
        match *event {
            GameEvent::Turn {
                seat,
                dice,
                play: Some(play),
            } => {
                let mut record = new_record(RecordKind::Move);
                put_position(&mut record, 9, &position);
                put_i32(&mut record, 64, xg_player(seat));
                let mut at = 68;
                for step in play.checker_moves() {
                    put_i32(&mut record, at, i32::from(step.from));
                    put_i32(
                        &mut record,
                        at + 4,
                        if step.to == 0 { -2 } else { i32::from(step.to) },
                    );
                    at += 8;
                }
                if at < 100 {
                    put_i32(&mut record, at, -1);
                }
                put_i32(&mut record, 100, i32::from(dice.first()));
                put_i32(&mut record, 104, i32::from(dice.second()));
                put_i32(
                    &mut record,
                    108,
                    cube_field(cube_value_log2, cube_owner, seat),
                );
                position = position.apply(&play).swapped();
                put_position(&mut record, 35, &position.swapped());
                records.push(record);
            }
            GameEvent::Turn { play: None, .. } => {}
            GameEvent::Double { seat, .. } => {
                let mut record = new_record(RecordKind::Cube);
                put_i32(&mut record, 12, xg_player(seat));
                put_i32(&mut record, 16, 1);
                put_i32(
                    &mut record,
                    32,
                    cube_field(cube_value_log2, cube_owner, seat),
                );
                put_position(&mut record, 36, &position);
                pending_double = Some((seat, record));
            }
            GameEvent::Take { seat }
            | GameEvent::Pass { seat }
            | GameEvent::Beaver { seat, .. } => {
                let Some((_, mut record)) = pending_double.take() else {
                    continue;
                };
                let answer = match event {
                    GameEvent::Take { .. } => 1,
                    GameEvent::Pass { .. } => 0,
                    _ => 2,
                };
                put_i32(&mut record, 20, answer);
                records.push(record);
                if answer != 0 {
                    cube_value_log2 += if answer == 2 { 2 } else { 1 };
                    cube_owner = Some(if answer == 2 { seat.other() } else { seat });
                }
            }
            GameEvent::Resign { .. }
            | GameEvent::AcceptResignation { .. }
            | GameEvent::RejectResignation { .. } => {}
        }
    }
    records
}

fn game_footer(game: &Game) -> Option<Vec<u8>> {
    let outcome = game.outcome()?;
    let mut footer = new_record(RecordKind::FooterGame);
    let score = game.score();
    let mut after = score;
    after[outcome.winner.index()] += outcome.points;
    put_i32(&mut footer, 12, after[0] as i32);
    put_i32(&mut footer, 16, after[1] as i32);
    put_i32(&mut footer, 24, winner_value(outcome.winner));
    put_i32(&mut footer, 28, outcome.points as i32);
    let termination = match outcome.end {
        GameEnd::DoubleRefused => 0,
        GameEnd::BoreOff(kind) => kind_value(kind),
        GameEnd::Resigned(kind) => 100 + kind_value(kind) - 1,
    };
    put_i32(&mut footer, 32, termination);
    Some(footer)
}

fn kind_value(kind: WinKind) -> i32 {
    match kind {
        WinKind::Single => 1,
        WinKind::Gammon => 2,
        WinKind::Backgammon => 3,
    }
}

/// The cube as XG writes it from `seat`'s view: 0 centred, +n a 2^n cube `seat` owns, −n one
/// the opponent owns.
fn cube_field(log2: i32, owner: Option<Seat>, seat: Seat) -> i32 {
    match owner {
        None => 0,
        Some(o) if o == seat => log2,
        Some(_) => -log2,
    }
}

fn xg_player(seat: Seat) -> i32 {
    match seat {
        Seat::Zero => 1,
        Seat::One => 2,
    }
}

fn winner_value(seat: Seat) -> i32 {
    match seat {
        Seat::Zero => 1,
        Seat::One => -1,
    }
}

/// A position as 26 signed bytes from the view of the side on roll: its checkers positive on
/// its points 1..=24 and its bar (25), the opponent's negative (its bar at 0).
fn put_position(record: &mut [u8], at: usize, position: &Position) {
    for point in 1..=24u8 {
        let count = i8::try_from(position.player(point)).unwrap_or(i8::MAX)
            - i8::try_from(position.opponent(25 - point)).unwrap_or(i8::MAX);
        record[at + usize::from(point)] = count as u8;
    }
    record[at + 25] = position.player(25);
    record[at] = (-i8::try_from(position.opponent(25)).unwrap_or(i8::MAX)) as u8;
}

/// Writes a little-endian 32-bit number.
pub fn put_i32(bytes: &mut [u8], at: usize, value: i32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

fn put_u32(bytes: &mut [u8], at: usize, value: u32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

/// A Delphi short string: a length byte and up to `capacity` Latin-1 bytes ('?' for others).
fn put_short_string(bytes: &mut [u8], at: usize, text: &str, capacity: usize) {
    let latin1: Vec<u8> = text
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
        .take(capacity)
        .collect();
    bytes[at] = latin1.len() as u8;
    bytes[at + 1..at + 1 + latin1.len()].copy_from_slice(&latin1);
}

/// A zero-terminated UTF-16 text in a field of `units` units.
fn put_utf16(bytes: &mut [u8], at: usize, text: &str, units: usize) {
    for (i, unit) in text.encode_utf16().take(units - 1).enumerate() {
        bytes[at + 2 * i..at + 2 * i + 2].copy_from_slice(&unit.to_le_bytes());
    }
}
