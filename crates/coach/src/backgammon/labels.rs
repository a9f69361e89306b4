//! The file of labelled positions that `ludus backgammon label` writes and `train --supervised`
//! reads.
//!
//! One position a line: `GAME POSITION_ID WIN WIN_GAMMON WIN_BACKGAMMON LOSE_GAMMON
//! LOSE_BACKGAMMON [DECISION]` (the game the position came from, gnubg's Position ID with the
//! side on roll first, its five cumulative probabilities for the side on roll; and for sibling
//! labels, `label --siblings`, the number of the decision in the game whose play led to it: the
//! lines of one game and decision are the candidates of one choice, [`SiblingGroup`]). Games are
//! written whole and in order, so a run that was stopped resumes by dropping the last game in the
//! file (perhaps cut short) and labelling again from it ([`resume_point`]): the file ends the same
//! as an uninterrupted run's. Every game whose number is `HELD_OUT_EVERY - 1` modulo [`HELD_OUT_EVERY`]
//! is held out of the training to measure it ([`read_labelled`]).

use crate::backgammon::supervised::LabelledPosition;
use crate::file_error::FileError;
use ludus_backgammon::{Position, PositionIdError};
use ludus_backgammon_engine::Probabilities;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Held-out games: those whose number is `HELD_OUT_EVERY - 1` modulo this.
pub const HELD_OUT_EVERY: u64 = 20;

/// Why a line is not a labelled position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LineError {
    /// Fewer than two fields.
    #[error("expected GAME POSITION_ID and five probabilities")]
    Fields,
    /// Not five probabilities after the Position ID.
    #[error("expected five probabilities, found {0}")]
    Count(usize),
    /// The game number is not a number.
    #[error("bad game number {0:?}")]
    Game(String),
    /// The Position ID does not read.
    #[error("{0:?}: {1}")]
    PositionId(String, PositionIdError),
    /// A probability is not a number.
    #[error("bad probability {0:?}")]
    Probability(String),
    /// A probability outside 0..1.
    #[error("probability {0} outside 0..1")]
    Range(String),
    /// The decision number is not a number.
    #[error("bad decision number {0:?}")]
    Decision(String),
}

/// One line of the file, read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelLine {
    /// The game the position came from.
    pub game: u64,
    /// For sibling labels: the decision of the game whose play led to the position.
    pub decision: Option<u64>,
    /// The position and its label.
    pub sample: LabelledPosition,
}

/// Why a file of labelled positions cannot be read or resumed.
#[derive(Debug, Error)]
pub enum LabelFileError {
    /// A line of the file is not a labelled position (the user's file).
    #[error("{} line {line}: {error}", path.display())]
    Line {
        /// The file.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// What is wrong with it.
        error: LineError,
    },
    /// No position to train on in the files (the user's files).
    #[error("no labelled positions to train on")]
    Empty,
    /// Reading or writing the file failed.
    #[error(transparent)]
    Io(#[from] FileError),
}

impl LabelFileError {
    /// True when the files themselves are at fault (a bad line, nothing in them), not the I/O.
    pub fn is_bad_input(&self) -> bool {
        !matches!(self, LabelFileError::Io(_))
    }

    fn line(path: &Path, number: usize) -> impl FnOnce(LineError) -> LabelFileError {
        let path = path.to_path_buf();
        move |error| LabelFileError::Line {
            path,
            line: number + 1,
            error,
        }
    }
}

/// One line of the file (without the newline); the decision only for sibling labels.
pub fn format_line(game: u64, decision: Option<u64>, sample: &LabelledPosition) -> String {
    // Averages of probabilities can come out a hair below zero: written as 0.
    let p = sample.target.to_array().map(|v| v.max(0.0) + 0.0);
    let mut line = format!(
        "{game} {} {:.6} {:.6} {:.6} {:.6} {:.6}",
        sample.position.position_id(),
        p[0],
        p[1],
        p[2],
        p[3],
        p[4]
    );
    if let Some(decision) = decision {
        line.push_str(&format!(" {decision}"));
    }
    line
}

/// Parses one line of the file.
pub fn parse_line(line: &str) -> Result<LabelLine, LineError> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [game, id, rest @ ..] = fields.as_slice() else {
        return Err(LineError::Fields);
    };
    let (values, decision) = match rest {
        [values @ .., decision] if rest.len() == 6 => (values, Some(*decision)),
        values if values.len() == 5 => (values, None),
        // Five probabilities and a decision number, or five alone; anything else is refused.
        _ => return Err(LineError::Count(rest.len())),
    };
    let decision = decision
        .map(|d| {
            d.parse::<u64>()
                .map_err(|_| LineError::Decision(d.to_string()))
        })
        .transpose()?;
    let game = game
        .parse::<u64>()
        .map_err(|_| LineError::Game(game.to_string()))?;
    let position =
        Position::from_position_id(id).map_err(|e| LineError::PositionId(id.to_string(), e))?;
    let mut o = [0.0f32; 5];
    for (slot, text) in o.iter_mut().zip(values) {
        *slot = parse_probability(text)?;
    }
    let target = Probabilities::from_outputs(o);
    Ok(LabelLine {
        game,
        decision,
        sample: LabelledPosition { position, target },
    })
}

/// One probability field: a number in 0..1.
fn parse_probability(text: &str) -> Result<f32, LineError> {
    let v: f32 = text
        .parse()
        .map_err(|_| LineError::Probability(text.to_string()))?;
    if !(0.0..=1.0).contains(&v) {
        return Err(LineError::Range(text.to_string()));
    }
    Ok(v)
}

/// The game to resume from: 0 for a new file, else the last game in it, which is removed (it
/// may have been cut short) along with any unfinished line.
pub fn resume_point(path: &Path) -> Result<u64, LabelFileError> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Ok(0);
    };
    let complete = match text.rfind('\n') {
        Some(end) => &text[..=end],
        None => "",
    };
    let Some((game, keep_until)) = last_game(path, complete)? else {
        std::fs::write(path, "").map_err(FileError::of("truncating", path))?;
        return Ok(0);
    };
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(FileError::of("opening", path))?;
    file.set_len(keep_until as u64)
        .map_err(FileError::of("truncating", path))?;
    Ok(game)
}

/// The last game of the complete lines `text` of `path` and the offset where its lines start.
fn last_game(path: &Path, text: &str) -> Result<Option<(u64, usize)>, LabelFileError> {
    let mut last = None;
    let mut offset = 0;
    for (number, line) in text.lines().enumerate() {
        let game = parse_line(line)
            .map_err(LabelFileError::line(path, number))?
            .game;
        if last.is_none_or(|(g, _)| g != game) {
            last = Some((game, offset));
        }
        offset += line.len() + 1;
    }
    Ok(last)
}

/// Labelled positions split for training: the held-out part measures it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LabelledSets {
    /// The positions trained on.
    pub train: Vec<LabelledPosition>,
    /// The held-out positions: every game whose number is 19 modulo 20.
    pub held_out: Vec<LabelledPosition>,
    /// The training games' sibling labels grouped by decision (each position is in `train`
    /// too): groups of at least two.
    pub siblings: Vec<SiblingGroup>,
    /// The held-out games' sibling labels grouped alike (each position is in `held_out` too).
    pub held_out_siblings: Vec<SiblingGroup>,
}

/// The labelled candidates of one decision (`label --siblings`): the positions after its best
/// plays, to be ranked alike by the network and by their labels.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SiblingGroup {
    /// The candidates, in the file's order.
    pub candidates: Vec<LabelledPosition>,
}

impl LabelledSets {
    /// Keeps only the positions `keep` accepts, in every set and group (a group left with
    /// fewer than two candidates goes).
    pub fn retain(&mut self, keep: impl Fn(&Position) -> bool) {
        self.train.retain(|s| keep(&s.position));
        self.held_out.retain(|s| keep(&s.position));
        for groups in [&mut self.siblings, &mut self.held_out_siblings] {
            for group in groups.iter_mut() {
                group.candidates.retain(|s| keep(&s.position));
            }
            groups.retain(SiblingGroup::ranks);
        }
    }

    /// Keeps a group of game `game` if it has candidates to rank.
    fn push_siblings(&mut self, game: u64, group: SiblingGroup) {
        if !group.ranks() {
            return;
        }
        if is_held_out(game) {
            self.held_out_siblings.push(group);
        } else {
            self.siblings.push(group);
        }
    }
}

impl SiblingGroup {
    /// True when the group has at least two candidates, so something to rank.
    fn ranks(&self) -> bool {
        self.candidates.len() >= 2
    }
}

/// True for the held-out games.
fn is_held_out(game: u64) -> bool {
    game % HELD_OUT_EVERY == HELD_OUT_EVERY - 1
}

/// The text of a labelled file, decompressed when its name ends in `.zst` (a finished chunk of
/// `scripts/label-chunks`, compressed by zstd).
fn open_lines(path: &Path) -> Result<Box<dyn BufRead>, LabelFileError> {
    let file = std::fs::File::open(path).map_err(FileError::of("reading", path))?;
    if path.extension().is_some_and(|e| e == "zst") {
        let decoder = zstd::Decoder::new(file).map_err(FileError::of("reading", path))?;
        return Ok(Box::new(BufReader::new(decoder)));
    }
    Ok(Box::new(BufReader::new(file)))
}

/// Reads labelled files (plain, or zstd-compressed when named `*.zst`) into training and
/// held-out sets (an error when nothing is left to
/// train on).
pub fn read_labelled(paths: &[PathBuf]) -> Result<LabelledSets, LabelFileError> {
    let mut sets = LabelledSets::default();
    for path in paths {
        let mut group: Option<(u64, u64, SiblingGroup)> = None;
        for (number, line) in open_lines(path)?.lines().enumerate() {
            let line = line.map_err(FileError::of("reading", path))?;
            let LabelLine {
                game,
                decision,
                sample,
            } = parse_line(&line).map_err(LabelFileError::line(path, number))?;
            if is_held_out(game) {
                sets.held_out.push(sample);
            } else {
                sets.train.push(sample);
            }
            let Some(decision) = decision else { continue };
            match &mut group {
                Some((g, d, siblings)) if (*g, *d) == (game, decision) => {
                    siblings.candidates.push(sample);
                }
                _ => {
                    let next = SiblingGroup {
                        candidates: vec![sample],
                    };
                    if let Some((game, _, done)) = group.replace((game, decision, next)) {
                        sets.push_siblings(game, done);
                    }
                }
            }
        }
        if let Some((game, _, done)) = group {
            sets.push_siblings(game, done);
        }
    }
    if sets.train.is_empty() {
        return Err(LabelFileError::Empty);
    }
    Ok(sets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::supervised::{game_samples, label};
    use ludus_backgammon_engine::NetEvaluator;

    #[test]
    fn lines_round_trip() {
        let evaluator = NetEvaluator::shipped();
        for position in game_samples(&evaluator, 2, 3, 0.1).iter().take(20) {
            let sample = label(&evaluator, position, 0);
            let line = parse_line(&format_line(42, None, &sample)).unwrap();
            assert_eq!((line.game, line.decision), (42, None));
            let back = line.sample;
            let with_decision = parse_line(&format_line(42, Some(7), &sample)).unwrap();
            assert_eq!(with_decision.decision, Some(7));
            assert_eq!(with_decision.sample, back);
            assert_eq!(back.position, sample.position);
            let (a, b) = (back.target.to_array(), sample.target.to_array());
            assert!(a.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-5));
        }
    }

    #[test]
    fn sibling_lines_are_grouped_by_game_and_decision_and_held_out_alike() {
        let line = |game: u64, decision: Option<u64>, win: f64| {
            let mut text = format!("{game} 4HPwATDgc/ABMA {win} 0.1 0.0 0.1 0.0");
            if let Some(d) = decision {
                text.push_str(&format!(" {d}"));
            }
            text
        };
        let lines = [
            line(0, None, 0.5),
            line(1, Some(0), 0.4),
            line(1, Some(0), 0.45),
            line(1, Some(1), 0.5),
            line(1, Some(2), 0.3),
            line(1, Some(2), 0.35),
            line(1, Some(2), 0.36),
            line(2, Some(2), 0.6),
            line(2, Some(2), 0.61),
            line(19, Some(0), 0.2),
            line(19, Some(0), 0.25),
        ];
        let dir = std::env::temp_dir().join(format!("ludus-labels-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let path = dir.join("siblings.txt");
        std::fs::write(&path, lines.join("\n") + "\n").expect("a scratch file");
        let sets = read_labelled(std::slice::from_ref(&path)).expect("the sets");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!((sets.train.len(), sets.held_out.len()), (9, 2));
        // Game 1 decision 1 has one candidate: no group. Game 2's decision 2 is not game 1's.
        let sizes: Vec<usize> = sets.siblings.iter().map(|g| g.candidates.len()).collect();
        assert_eq!(sizes, [2, 3, 2]);
        assert_eq!(sets.siblings[1].candidates[0], sets.train[4]);
        assert_eq!(sets.held_out_siblings.len(), 1);
        assert_eq!(sets.held_out_siblings[0].candidates, sets.held_out);
        // Keeping none of the positions empties every set and group.
        let mut none = sets.clone();
        none.retain(|_| false);
        assert_eq!(none, LabelledSets::default());
        let mut all = sets.clone();
        all.retain(|_| true);
        assert_eq!(all, sets);
    }

    #[test]
    fn bad_lines_are_refused_with_a_reason() {
        for line in [
            "",
            "1",
            "x 4HPwATDgc/ABMA 0.5 0.1 0.0 0.1 0.0",
            "1 nonsense 0.5 0.1 0.0 0.1 0.0",
            "1 4HPwATDgc/ABMA 0.5 0.1 0.0 0.1",
            "1 4HPwATDgc/ABMA 0.5 0.1 0.0 0.1 0.0 0.3",
            "1 4HPwATDgc/ABMA 0.5 0.1 0.0 0.1 0.0 -3",
            "1 4HPwATDgc/ABMA 0.5 0.1 0.0 0.1 0.0 3 4",
            "1 4HPwATDgc/ABMA 1.5 0.1 0.0 0.1 0.0",
            "1 4HPwATDgc/ABMA 0.5 NaN 0.0 0.1 0.0",
        ] {
            assert!(parse_line(line).is_err(), "{line:?}");
        }
        assert!(parse_line("1 4HPwATDgc/ABMA 0.5 0.1 0.0 0.1 0.0").is_ok());
        assert!(parse_line("1 4HPwATDgc/ABMA 0.5 0.1 0.0 0.1 0.0 3").is_ok());
        assert_eq!(
            parse_line("1 4HPwATDgc/ABMA 1.5 0.1 0.0 0.1 0.0").unwrap_err(),
            LineError::Range("1.5".into())
        );
    }

    #[test]
    fn random_lines_never_panic_and_what_parses_is_in_range() {
        use rand::{RngExt, SeedableRng};
        let alphabet: Vec<char> = "0123456789 ./+-eEaAzZ4HPwATDgcMBNnif\t".chars().collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let good = "12 4HPwATDgc/ABMA 0.527814 0.123346 0.004873 0.101427 0.003994";
        for _ in 0..20_000 {
            let line: String = if rng.random_bool(0.5) {
                // A valid line with a few characters replaced.
                let mut chars: Vec<char> = good.chars().collect();
                for _ in 0..rng.random_range(1..4) {
                    let at = rng.random_range(0..chars.len());
                    chars[at] = alphabet[rng.random_range(0..alphabet.len())];
                }
                chars.into_iter().collect()
            } else {
                (0..rng.random_range(0..70))
                    .map(|_| alphabet[rng.random_range(0..alphabet.len())])
                    .collect()
            };
            if let Ok(read) = parse_line(&line) {
                let p = read.sample.target.to_array();
                assert!(p.iter().all(|v| (0.0..=1.0).contains(v)), "{line:?}");
            }
        }
    }
}
