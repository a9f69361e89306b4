//! eXtreme Gammon's `.xg` match files (import), replayed move by move by the rules crate.
//!
//! The layout is the one GameSite published (`XG_format.pas`, "XG file format", 2013) and that
//! xgdatatools describes; all numbers are little-endian:
//!
//! * a *RichGameFormat* header of [`RICH_HEADER_BYTES`] bytes: the magic `RGMH`, its version,
//!   its size, a thumbnail's offset (from the end of the header) and size, then four UTF-16
//!   texts;
//! * after the thumbnail, a zlib *archive*: the stored files one after another, then a registry
//!   of [`FILE_ENTRY_BYTES`]-byte file entries (name, sizes, start, CRC-32, whether compressed),
//!   itself zlib-compressed or not, then a trailer of [`ARCHIVE_TRAILER_BYTES`] bytes (CRC-32
//!   of files and registry, file count, version, registry size, size of the files, whether the
//!   registry is compressed);
//! * in the archive, `temp.xg`: the match as [`RECORD_BYTES`]-byte records whose byte 8 is
//!   the record's kind: match header, game header, cube action, move, game footer, match
//!   footer.
//!
//! XG's player 1 is Ludus's [`Seat::Zero`] (the `.mat` left column). A move record holds the
//! dice and up to four checker moves as (from, to) pairs in the mover's own numbering (25 the
//! bar, 0 or below borne off, −1 ends the list); a cube record holds a double and the answer
//! (take, pass or beaver). The positions that the records also carry are not needed: the
//! rules replay each action and refuse what is illegal. Analysis, comments and rollouts
//! (`temp.xgr`, `temp.xgc`) are not read.

use ludus_backgammon::ResultRefusal;
use ludus_backgammon::{Dice, GameError, Match, Move, MoveParseError, Phase, Rules, Seat};
use thiserror::Error;

/// Size of the RichGameFormat header (magic, version, size, thumbnail offset and size, a GUID
/// and four texts of 1024 UTF-16 units).
pub const RICH_HEADER_BYTES: usize = 8232;
/// The RichGameFormat header's magic.
pub const RICH_HEADER_MAGIC: &[u8; 4] = b"RGMH";
/// Size of the archive's trailer at the end of the file.
pub const ARCHIVE_TRAILER_BYTES: usize = 36;
/// Size of one file entry of the archive's registry.
pub const FILE_ENTRY_BYTES: usize = 532;
/// Size of one record of `temp.xg`.
pub const RECORD_BYTES: usize = 2560;
/// The archived file that holds the match.
pub const GAME_FILE_NAME: &str = "temp.xg";
/// The match header's magic (`DMLI` as bytes).
pub const MATCH_MAGIC: u32 = 0x494C_4D44;
/// The match length XG writes for unlimited (money) sessions.
pub const MONEY_MATCH_LENGTH: i32 = 99_999;
/// The largest uncompressed file accepted: far above any match (a record per action), far
/// below what a forged archive could ask for.
const MAX_INFLATED_BYTES: usize = 64 << 20;

/// Where the match header keeps its fields (offsets inside its record).
mod header_match {
    /// Player 1's name as a Delphi short string (length byte, then up to 40 ANSI bytes).
    pub const SHORT_NAME_1: usize = 9;
    /// Player 2's name, the same way.
    pub const SHORT_NAME_2: usize = 50;
    /// Short-string capacity of the ANSI names.
    pub const SHORT_NAME_CAPACITY: usize = 40;
    /// Match length (`MONEY_MATCH_LENGTH` for money).
    pub const MATCH_LENGTH: usize = 92;
    /// 0 backgammon; 1 nackgammon, 2 hypergammon, 3 longgammon.
    pub const VARIATION: usize = 96;
    /// Jacoby rule (one byte).
    pub const JACOBY: usize = 101;
    /// Beavers allowed (one byte).
    pub const BEAVER: usize = 102;
    /// The file version.
    pub const VERSION: usize = 552;
    /// `MATCH_MAGIC`.
    pub const MAGIC: usize = 556;
    /// From this version on the names are also written as UTF-16.
    pub const UNICODE_VERSION: i32 = 24;
    /// Player 1's UTF-16 name (129 units, zero-terminated).
    pub const UNICODE_NAME_1: usize = 880;
    /// Player 2's UTF-16 name.
    pub const UNICODE_NAME_2: usize = 1138;
    /// UTF-16 units of a unicode name.
    pub const UNICODE_NAME_UNITS: usize = 129;
}

/// Offsets inside a game header record.
mod header_game {
    /// Player 1's score before the game.
    pub const SCORE_1: usize = 12;
    /// Player 2's score before the game.
    pub const SCORE_2: usize = 16;
}

/// Offsets inside a cube record.
mod cube {
    /// The player who may double: 1 or 2.
    pub const ACTIVE: usize = 12;
    /// 1 when that player doubled.
    pub const DOUBLE: usize = 16;
    /// The answer: 0 pass, 1 take, 2 beaver.
    pub const TAKE: usize = 20;
}

/// Offsets inside a move record.
mod moves {
    /// The mover: 1 or 2.
    pub const ACTIVE: usize = 64;
    /// Eight 32-bit numbers: (from, to) pairs, −1 after the last.
    pub const CHECKER_MOVES: usize = 68;
    /// Two 32-bit dice.
    pub const DICE: usize = 100;
}

/// Offsets inside a game footer record.
mod footer_game {
    /// +1 player 1 won, −1 player 2.
    pub const WINNER: usize = 24;
    /// Points won.
    pub const POINTS: usize = 28;
}

/// The kinds of `temp.xg` records (byte 8 of each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordKind {
    /// The match's players and rules.
    HeaderMatch = 0,
    /// A game starts (the score before it).
    HeaderGame = 1,
    /// A cube decision.
    Cube = 2,
    /// A roll and its checker play.
    Move = 3,
    /// A game ends (winner and points).
    FooterGame = 4,
    /// The match ends.
    FooterMatch = 5,
}

impl RecordKind {
    /// The kind of record `byte`, `None` for kinds this reader skips.
    pub fn from_byte(byte: u8) -> Option<RecordKind> {
        [
            RecordKind::HeaderMatch,
            RecordKind::HeaderGame,
            RecordKind::Cube,
            RecordKind::Move,
            RecordKind::FooterGame,
            RecordKind::FooterMatch,
        ]
        .into_iter()
        .find(|k| *k as u8 == byte)
    }
}

/// Offset of a record's kind byte.
pub const RECORD_KIND_OFFSET: usize = 8;

/// Why bytes are not a readable eXtreme Gammon match.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum XgError {
    /// The file ends before a part that must be there.
    #[error("the file is cut short: {what} needs {needed} bytes, {found} are there")]
    Truncated {
        /// The part.
        what: &'static str,
        /// Bytes it needs.
        needed: usize,
        /// Bytes there are.
        found: usize,
    },
    /// The file does not start with `RGMH`: not an XG file.
    #[error("not an eXtreme Gammon file (no RGMH header)")]
    NotXg,
    /// A size or offset in the file points outside it.
    #[error("the {0} points outside the file")]
    OutOfBounds(&'static str),
    /// A CRC-32 does not match: the file is damaged.
    #[error("the {0} is damaged (CRC-32 mismatch)")]
    Damaged(&'static str),
    /// A zlib stream does not inflate.
    #[error("the {0} does not decompress")]
    Inflate(&'static str),
    /// The archive holds no `temp.xg`.
    #[error("the archive holds no {GAME_FILE_NAME}")]
    NoGameFile,
    /// `temp.xg` is not a whole number of records.
    #[error("{GAME_FILE_NAME} has {0} bytes, not a whole number of {RECORD_BYTES}-byte records")]
    PartialRecord(usize),
    /// The match header's magic is wrong.
    #[error("{GAME_FILE_NAME} does not start with an XG match header")]
    NoMatchHeader,
    /// A variant of the game Ludus does not play (nackgammon, hypergammon, longgammon).
    #[error(
        "variation {0} is not backgammon (nackgammon, hypergammon and longgammon are not supported)"
    )]
    Variation(i32),
    /// A record that the rules or the format refuse.
    #[error("record {record} (game {game}): {problem}")]
    Record {
        /// 0-based record number in `temp.xg`.
        record: usize,
        /// 1-based game number (0 before the first game).
        game: usize,
        /// What is wrong.
        problem: XgProblem,
    },
}

/// What is wrong with one record of `temp.xg`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum XgProblem {
    /// A second match header.
    #[error("a second match header")]
    SecondMatchHeader,
    /// An action before the first game header.
    #[error("an action outside a game")]
    OutsideGame,
    /// An action after the game ended.
    #[error("an action after the end of the game")]
    AfterTheEnd,
    /// A field holds a value the format does not define.
    #[error("{field} is {value}")]
    BadValue {
        /// The field.
        field: &'static str,
        /// Its value.
        value: i32,
    },
    /// The game header's score differs from the games before.
    #[error("the game header says {said:?}, the games before give {replayed:?}")]
    WrongScore {
        /// The header's score.
        said: [u32; 2],
        /// The replay's.
        replayed: [u32; 2],
    },
    /// The rules refuse an action.
    #[error("{0}")]
    Game(#[from] GameError),
    /// A move of the player not on roll; XG's player number.
    #[error("player {0} moves out of turn")]
    OutOfTurn(u8),
    /// A move that is not legal with its dice.
    #[error("{text} with {dice}: {error}")]
    IllegalMove {
        /// The move in Ludus's notation.
        text: String,
        /// Its dice.
        dice: Dice,
        /// Why it is not legal.
        error: MoveParseError,
    },
    /// The footer disagrees with the replayed game's end.
    #[error("the footer says player {winner} wins {points}, the replay gives {replayed}")]
    WrongResult {
        /// The footer's winner (1 or 2).
        winner: u8,
        /// The footer's points.
        points: u32,
        /// The replay's result, as words.
        replayed: String,
    },
    /// A result that no resignation at this cube is worth.
    #[error("{points} points is no resignation with the cube at {cube}")]
    NoResignation {
        /// The points.
        points: u32,
        /// The cube's value.
        cube: u32,
    },
    /// The game ends with a double unanswered.
    #[error("the game ends with a double unanswered")]
    DoubleUnanswered,
}

/// Reads an eXtreme Gammon `.xg` file and replays its match with the rules.
pub fn read_xg(bytes: &[u8]) -> Result<Match, XgError> {
    let content = strip_rich_header(bytes)?;
    let archive = Archive::parse(content)?;
    let game_file = archive.file(GAME_FILE_NAME)?;
    replay_records(&game_file)
}

/// The bytes after the RichGameFormat header and its thumbnail.
fn strip_rich_header(bytes: &[u8]) -> Result<&[u8], XgError> {
    need(bytes, RICH_HEADER_BYTES, "RichGameFormat header")?;
    if &bytes[..4] != RICH_HEADER_MAGIC {
        return Err(XgError::NotXg);
    }
    let thumbnail =
        usize::try_from(u32_at(bytes, 20)).map_err(|_| XgError::OutOfBounds("thumbnail size"))?;
    let start = RICH_HEADER_BYTES
        .checked_add(thumbnail)
        .filter(|&s| s <= bytes.len())
        .ok_or(XgError::OutOfBounds("thumbnail size"))?;
    Ok(&bytes[start..])
}

/// One entry of the archive's registry.
#[derive(Debug)]
struct FileEntry {
    name: String,
    original_size: usize,
    compressed_size: usize,
    start: usize,
    crc: u32,
    compressed: bool,
}

/// The archive: its files' bytes and its registry.
struct Archive<'a> {
    data: &'a [u8],
    entries: Vec<FileEntry>,
}

impl<'a> Archive<'a> {
    fn parse(content: &'a [u8]) -> Result<Archive<'a>, XgError> {
        need(content, ARCHIVE_TRAILER_BYTES, "archive trailer")?;
        let trailer_at = content.len() - ARCHIVE_TRAILER_BYTES;
        let trailer = &content[trailer_at..];
        let crc = u32_at(trailer, 0);
        let count = size_at(trailer, 4, "archive's file count")?;
        let registry_size = size_at(trailer, 12, "archive's registry size")?;
        let files_size = size_at(trailer, 16, "archive's size")?;
        let registry_compressed = i32_at(trailer, 20) != 0;
        let start = trailer_at
            .checked_sub(registry_size)
            .and_then(|r| r.checked_sub(files_size))
            .ok_or(XgError::OutOfBounds("archive's size"))?;
        if crc32fast::hash(&content[start..trailer_at]) != crc {
            return Err(XgError::Damaged("archive"));
        }
        let registry = &content[trailer_at - registry_size..trailer_at];
        let registry = if registry_compressed {
            inflate(registry, "archive registry")?
        } else {
            registry.to_vec()
        };
        let needed = count
            .checked_mul(FILE_ENTRY_BYTES)
            .ok_or(XgError::OutOfBounds("archive's file count"))?;
        need(&registry, needed, "archive registry")?;
        let entries = registry
            .chunks_exact(FILE_ENTRY_BYTES)
            .take(count)
            .map(parse_file_entry)
            .collect::<Result<_, _>>()?;
        Ok(Archive {
            data: &content[start..start + files_size],
            entries,
        })
    }

    /// The uncompressed bytes of file `name`, CRC checked.
    fn file(&self, name: &str) -> Result<Vec<u8>, XgError> {
        let entry = self
            .entries
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(name))
            .ok_or(XgError::NoGameFile)?;
        let end = entry
            .start
            .checked_add(entry.compressed_size)
            .filter(|&end| end <= self.data.len())
            .ok_or(XgError::OutOfBounds("game file's entry"))?;
        let stored = &self.data[entry.start..end];
        let bytes = if entry.compressed {
            inflate(stored, "game file")?
        } else {
            stored.to_vec()
        };
        if bytes.len() != entry.original_size || crc32fast::hash(&bytes) != entry.crc {
            return Err(XgError::Damaged("game file"));
        }
        Ok(bytes)
    }
}

fn parse_file_entry(bytes: &[u8]) -> Result<FileEntry, XgError> {
    Ok(FileEntry {
        name: short_string(&bytes[..256], 255),
        original_size: size_at(bytes, 512, "file entry's size")?,
        compressed_size: size_at(bytes, 516, "file entry's compressed size")?,
        start: size_at(bytes, 520, "file entry's start")?,
        crc: u32_at(bytes, 524),
        // The registry stores the compression *kind*: 0 is zlib, anything else stored as is.
        compressed: bytes[528] == 0,
    })
}

fn inflate(bytes: &[u8], what: &'static str) -> Result<Vec<u8>, XgError> {
    miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(bytes, MAX_INFLATED_BYTES)
        .map_err(|_| XgError::Inflate(what))
}

fn need(bytes: &[u8], needed: usize, what: &'static str) -> Result<(), XgError> {
    if bytes.len() < needed {
        return Err(XgError::Truncated {
            what,
            needed,
            found: bytes.len(),
        });
    }
    Ok(())
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut word = [0; 4];
    word.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(word)
}

fn i32_at(bytes: &[u8], at: usize) -> i32 {
    u32_at(bytes, at) as i32
}

/// A non-negative 32-bit size or offset.
fn size_at(bytes: &[u8], at: usize, what: &'static str) -> Result<usize, XgError> {
    usize::try_from(i32_at(bytes, at)).map_err(|_| XgError::OutOfBounds(what))
}

/// A Delphi short string: a length byte, then that many ANSI (Latin-1) bytes.
fn short_string(bytes: &[u8], capacity: usize) -> String {
    let length = usize::from(bytes[0]).min(capacity).min(bytes.len() - 1);
    bytes[1..=length].iter().map(|&b| char::from(b)).collect()
}

/// A zero-terminated UTF-16 text of `units` units.
fn utf16_string(bytes: &[u8], units: usize) -> String {
    let words: Vec<u16> = bytes[..units * 2]
        .chunks_exact(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .take_while(|&w| w != 0)
        .collect();
    String::from_utf16_lossy(&words)
}

/// Replays the records of `temp.xg`.
fn replay_records(file: &[u8]) -> Result<Match, XgError> {
    if !file.len().is_multiple_of(RECORD_BYTES) {
        return Err(XgError::PartialRecord(file.len()));
    }
    let mut records = file.chunks_exact(RECORD_BYTES);
    let first = records.next().ok_or(XgError::NoMatchHeader)?;
    let mut replay = Replay {
        record: new_match(first)?,
        game_started: false,
        in_game: false,
    };
    for (index, record) in records.enumerate() {
        replay.apply(record).map_err(|problem| XgError::Record {
            record: index + 1,
            game: replay.record.games().len(),
            problem,
        })?;
    }
    Ok(replay.record)
}

fn new_match(record: &[u8]) -> Result<Match, XgError> {
    use header_match as h;
    let is_header =
        RecordKind::from_byte(record[RECORD_KIND_OFFSET]) == Some(RecordKind::HeaderMatch);
    if !is_header || u32_at(record, h::MAGIC) != MATCH_MAGIC {
        return Err(XgError::NoMatchHeader);
    }
    let variation = i32_at(record, h::VARIATION);
    if variation != 0 {
        return Err(XgError::Variation(variation));
    }
    let length = i32_at(record, h::MATCH_LENGTH);
    let mut rules = match u32::try_from(length) {
        Ok(n) if length != MONEY_MATCH_LENGTH => Rules::match_to(n),
        _ => Rules::default(),
    };
    if rules.is_money() {
        rules.jacoby = record[h::JACOBY] != 0;
        rules.beavers = record[h::BEAVER] != 0;
    }
    let names = if i32_at(record, h::VERSION) >= h::UNICODE_VERSION {
        [h::UNICODE_NAME_1, h::UNICODE_NAME_2]
            .map(|at| utf16_string(&record[at..], h::UNICODE_NAME_UNITS))
    } else {
        [h::SHORT_NAME_1, h::SHORT_NAME_2]
            .map(|at| short_string(&record[at..], h::SHORT_NAME_CAPACITY))
    };
    Ok(Match::new(rules, names))
}

/// The match being rebuilt from the records.
struct Replay {
    record: Match,
    /// The current game has had its opening roll.
    game_started: bool,
    /// A game header came and its footer not yet.
    in_game: bool,
}

impl Replay {
    fn apply(&mut self, record: &[u8]) -> Result<(), XgProblem> {
        match RecordKind::from_byte(record[RECORD_KIND_OFFSET]) {
            Some(RecordKind::HeaderMatch) => Err(XgProblem::SecondMatchHeader),
            Some(RecordKind::HeaderGame) => self.start_game(record),
            Some(RecordKind::Cube) => self.cube(record),
            Some(RecordKind::Move) => self.play(record),
            Some(RecordKind::FooterGame) => self.finish_game(record),
            Some(RecordKind::FooterMatch) | None => Ok(()),
        }
    }

    fn start_game(&mut self, record: &[u8]) -> Result<(), XgProblem> {
        let said = [header_game::SCORE_1, header_game::SCORE_2]
            .map(|at| u32::try_from(i32_at(record, at)).unwrap_or(u32::MAX));
        let replayed = self.record.score();
        if said != replayed {
            return Err(XgProblem::WrongScore { said, replayed });
        }
        self.in_game = true;
        self.game_started = false;
        Ok(())
    }

    fn game(&mut self) -> Result<&mut ludus_backgammon::Game, XgProblem> {
        if !self.in_game || !self.game_started {
            return Err(XgProblem::OutsideGame);
        }
        self.record.current_mut().ok_or(XgProblem::AfterTheEnd)
    }

    fn cube(&mut self, record: &[u8]) -> Result<(), XgProblem> {
        seat_of(i32_at(record, cube::ACTIVE), "cube record's player")?;
        match i32_at(record, cube::DOUBLE) {
            0 => return Ok(()),
            1 => {}
            value => {
                return Err(XgProblem::BadValue {
                    field: "cube record's double",
                    value,
                });
            }
        }
        let game = self.game()?;
        game.double()?;
        match i32_at(record, cube::TAKE) {
            0 => game.pass()?,
            1 => game.take()?,
            2 => game.beaver()?,
            value => {
                return Err(XgProblem::BadValue {
                    field: "cube record's answer",
                    value,
                });
            }
        }
        Ok(())
    }

    fn play(&mut self, record: &[u8]) -> Result<(), XgProblem> {
        let active = i32_at(record, moves::ACTIVE);
        let seat = seat_of(active, "move record's player")?;
        let dice = read_dice(record)?;
        if !self.in_game {
            return Err(XgProblem::OutsideGame);
        }
        if self.game_started {
            let game = self.game()?;
            if game.turn() != seat {
                return Err(XgProblem::OutOfTurn(xg_player(seat)));
            }
            game.roll_with(dice)?;
        } else {
            self.record.new_game_with_opening(seat, dice)?;
            self.game_started = true;
        }
        let text = checker_moves_text(record)?;
        let game = self.game()?;
        if game.turn() != seat {
            return Err(XgProblem::OutOfTurn(xg_player(seat)));
        }
        let Phase::Moving(_) = game.phase() else {
            return Err(XgProblem::OutsideGame);
        };
        let mv = if text.is_empty() {
            Move::EMPTY
        } else {
            game.position()
                .parse_move(dice, &text)
                .map_err(|error| XgProblem::IllegalMove {
                    text: text.clone(),
                    dice,
                    error,
                })?
        };
        game.play(&mv)?;
        Ok(())
    }

    fn finish_game(&mut self, record: &[u8]) -> Result<(), XgProblem> {
        let winner = match i32_at(record, footer_game::WINNER) {
            1 => Seat::Zero,
            -1 => Seat::One,
            value => {
                return Err(XgProblem::BadValue {
                    field: "game footer's winner",
                    value,
                });
            }
        };
        let points_value = i32_at(record, footer_game::POINTS);
        let points = u32::try_from(points_value).map_err(|_| XgProblem::BadValue {
            field: "game footer's points",
            value: points_value,
        })?;
        if !self.in_game || !self.game_started {
            return Err(XgProblem::OutsideGame);
        }
        self.in_game = false;
        match self.record.end_with_recorded_result(winner, points) {
            Ok(()) => Ok(()),
            Err(ResultRefusal::NoGame | ResultRefusal::MatchOver) => Err(XgProblem::OutsideGame),
            Err(ResultRefusal::Disagrees(outcome)) => Err(XgProblem::WrongResult {
                winner: xg_player(winner),
                points,
                replayed: format!(
                    "player {} wins {}",
                    xg_player(outcome.winner),
                    outcome.points
                ),
            }),
            Err(ResultRefusal::NoResignation { points, cube }) => {
                Err(XgProblem::NoResignation { points, cube })
            }
            Err(ResultRefusal::DoubleUnanswered) => Err(XgProblem::DoubleUnanswered),
            Err(ResultRefusal::Game(error)) => Err(error.into()),
        }
    }
}

/// XG's player 1 or 2 (a cube record may also write player 2 as −1).
fn seat_of(value: i32, field: &'static str) -> Result<Seat, XgProblem> {
    match value {
        1 => Ok(Seat::Zero),
        2 | -1 => Ok(Seat::One),
        value => Err(XgProblem::BadValue { field, value }),
    }
}

/// XG's number of a seat (1 or 2).
fn xg_player(seat: Seat) -> u8 {
    match seat {
        Seat::Zero => 1,
        Seat::One => 2,
    }
}

fn read_dice(record: &[u8]) -> Result<Dice, XgProblem> {
    let die = |at: usize| {
        let value = i32_at(record, at);
        u8::try_from(value)
            .ok()
            .filter(|d| (1..=6).contains(d))
            .ok_or(XgProblem::BadValue {
                field: "move record's dice",
                value,
            })
    };
    let (first, second) = (die(moves::DICE)?, die(moves::DICE + 4)?);
    Dice::try_new(first, second).map_err(|_| XgProblem::BadValue {
        field: "move record's dice",
        value: i32::from(first) * 10 + i32::from(second),
    })
}

/// The checker moves of a move record in Ludus's notation (`"8/5 6/5"`, `"bar/22 3/off"`).
fn checker_moves_text(record: &[u8]) -> Result<String, XgProblem> {
    const PAIRS: usize = 4;
    let mut parts = Vec::new();
    for pair in 0..PAIRS {
        let at = moves::CHECKER_MOVES + pair * 8;
        let from = i32_at(record, at);
        if from == -1 {
            break;
        }
        let to = i32_at(record, at + 4);
        let from = match from {
            25 => "bar".to_string(),
            1..=24 => from.to_string(),
            value => {
                return Err(XgProblem::BadValue {
                    field: "move record's from point",
                    value,
                });
            }
        };
        let to = match to {
            ..=0 => "off".to_string(),
            1..=24 => to.to_string(),
            value => {
                return Err(XgProblem::BadValue {
                    field: "move record's to point",
                    value,
                });
            }
        };
        parts.push(format!("{from}/{to}"));
    }
    Ok(parts.join(" "))
}
