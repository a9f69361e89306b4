//! The terminal UI of Ludus: `ludus play morris|backgammon`.
//!
//! - [`morris`] and [`backgammon`]: the screens' state machines. A key or click becomes an
//!   action (`action_for`), an action changes the state (`apply`); nothing there draws, so the
//!   tests drive them directly.
//! - [`game_screen`]: what both screens write alike (their `Screen` plumbing, the review's step
//!   keys, the sides' and players' names).
//! - [`morris_view`], [`backgammon_view`], [`view`]: drawing with ratatui.
//! - [`run`]: the full-screen loop (crossterm) and the plain-text loop (line prompts).
//! - [`record`]: saved games (the Morris game record with the settings as tags, Backgammon
//!   `.mat`).
//! - [`i18n`]: English, Estonian and Hungarian: the `ludus-i18n` crate, re-exported under this
//!   name so that the screens write `crate::i18n::Catalog`.
//!
//! [`play_morris`] and [`play_backgammon`] put these together for the `ludus` binary.
#![warn(missing_docs)]

pub mod analysis;
pub mod backgammon;
pub mod backgammon_view;
pub mod game_screen;
pub mod morris;
mod morris_layout;
pub mod morris_view;
pub mod practice;
pub mod record;
pub mod review;
pub mod run;
pub mod ui;
pub mod view;

pub use ludus_i18n as i18n;

use backgammon::{BgApp, BgConfig};
use i18n::{Catalog, Lang};
use ludus_backgammon::Seat;
use ludus_morris::{Color, Rules};
use morris::{MorrisApp, MorrisConfig};
use record::{BgRecord, MorrisPlayer, MorrisRecord};
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use ui::{Opponent, Screen};

/// Weakest and strongest computer levels.
pub const LEVELS: std::ops::RangeInclusive<u32> = 1..=10;

/// Why a game could not be played.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// The user's options or file are wrong.
    #[error("{0}")]
    BadInput(String),
    /// Reading, writing or the terminal failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Options of both games. `None` means "as the loaded record says, else the default".
#[derive(Clone, Debug, Default)]
pub struct PlayOptions {
    /// The other side.
    pub opponent: Option<Opponent>,
    /// The computer's level.
    pub level: Option<u32>,
    /// The person plays White (`true`) or Black against the computer.
    pub as_white: Option<bool>,
    /// Seed of the dice (Backgammon) or the engine's noise (Morris).
    pub seed: Option<u64>,
    /// The language.
    pub lang: Lang,
    /// Plain text with line prompts even on a terminal.
    pub plain: bool,
    /// Where to save the game after every move (default: the loaded file).
    pub save: Option<PathBuf>,
    /// A saved game to resume.
    pub load: Option<PathBuf>,
    /// A saved game to review (opens the review at once; implies `load`).
    pub review: Option<PathBuf>,
    /// Where reviewed games become exercises (`None`: nowhere).
    pub practice: Option<practice::log::ReviewLog>,
}

impl PlayOptions {
    /// The options with a review file read as the game to load.
    fn resolved(&self) -> PlayOptions {
        let mut options = self.clone();
        if options.review.is_some() {
            options.load.clone_from(&options.review);
        }
        options
    }
}

/// Morris options besides the common ones.
#[derive(Clone, Copy, Debug, Default)]
pub struct MorrisOptions {
    /// The rule set (default standard, or the loaded record's).
    pub rules: Option<Rules>,
}

/// Backgammon options besides the common ones.
#[derive(Clone, Copy, Debug, Default)]
pub struct BgOptions {
    /// Match length (0 or `None`: money play).
    pub match_length: Option<u32>,
    /// Use the doubling cube in money play (default on).
    pub cube: Option<bool>,
    /// Bear off automatically when nothing else matters (default on).
    pub auto_bear_off: Option<bool>,
}

fn check_level(level: Option<u32>) -> Result<(), PlayError> {
    match level {
        Some(level) if !LEVELS.contains(&level) => Err(PlayError::BadInput(format!(
            "--level must be 1..=10, got {level}"
        ))),
        _ => Ok(()),
    }
}

/// The saved game `--load` names, read as `R` (Morris or Backgammon record), if any.
fn load_record<R>(options: &PlayOptions) -> Result<Option<R>, PlayError>
where
    R: std::str::FromStr,
    R::Err: std::fmt::Display,
{
    let Some(path) = &options.load else {
        return Ok(None);
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| PlayError::BadInput(format!("cannot read {}: {e}", path.display())))?;
    text.parse()
        .map(Some)
        .map_err(|e| PlayError::BadInput(format!("{}: {e}", path.display())))
}

/// Builds the Morris screen from options and an optional saved game.
pub fn morris_app(options: &PlayOptions, morris: MorrisOptions) -> Result<MorrisApp, PlayError> {
    if let Some(level) = options.level
        && ludus_morris_engine::Level::new(level).is_err()
    {
        // The engine's level table decides which levels exist.
        use ludus_morris_engine::level::{MAX_LEVEL, MIN_LEVEL};
        return Err(PlayError::BadInput(format!(
            "--level must be {MIN_LEVEL}..={MAX_LEVEL}, got {level}"
        )));
    }
    let loaded: Option<MorrisRecord> = load_record(options)?;
    let saved_seed = loaded.as_ref().and_then(|record| record.seed);
    let mut config = MorrisConfig {
        seed: options.seed.or(saved_seed).unwrap_or_else(fresh_seed),
        ..MorrisConfig::default()
    };
    if let Some(record) = &loaded {
        config.rules = *record.game.rules();
        match record.players {
            [MorrisPlayer::Human, MorrisPlayer::Human] => config.opponent = Opponent::Human,
            [MorrisPlayer::Human, MorrisPlayer::Computer(level)] => config.level = level,
            [MorrisPlayer::Computer(level), _] => {
                config.level = level;
                config.human = Color::Black;
            }
        }
    }
    if let Some(rules) = morris.rules {
        config.rules = rules;
    }
    config.opponent = options.opponent.unwrap_or(config.opponent);
    config.level = options.level.unwrap_or(config.level);
    if let Some(white) = options.as_white {
        config.human = if white { Color::White } else { Color::Black };
    }
    let catalog = Catalog::new(options.lang);
    Ok(match loaded {
        Some(record) => {
            let mut game =
                ludus_morris::Game::from_position(config.rules, *record.game.start_position());
            for mv in record.game.moves() {
                game.play(*mv)
                    .map_err(|e| PlayError::BadInput(e.to_string()))?;
            }
            MorrisApp::with_game(config, catalog, game)
        }
        None => MorrisApp::new(config, catalog),
    })
}

/// Builds the Backgammon screen from options and an optional saved session.
pub fn backgammon_app(options: &PlayOptions, bg: BgOptions) -> Result<BgApp, PlayError> {
    check_level(options.level)?;
    let catalog = Catalog::new(options.lang);
    let loaded: Option<BgRecord> = load_record(options)?;
    let settings = loaded.as_ref().map(|r| r.settings).unwrap_or_default();
    let seat = |white: bool| if white { Seat::Zero } else { Seat::One };
    let config = BgConfig {
        opponent: options.opponent.unwrap_or(settings.opponent),
        level: options.level.unwrap_or(settings.level),
        human: options.as_white.map_or(settings.human, seat),
        cube: bg.cube.unwrap_or(settings.cube),
        match_length: loaded.as_ref().map_or(bg.match_length.unwrap_or(0), |r| {
            r.record.rules().match_length
        }),
        seed: match (&loaded, options.seed) {
            (Some(_), _) => settings.seed,
            (None, Some(seed)) => seed,
            (None, None) => fresh_seed(),
        },
        auto_bear_off: bg.auto_bear_off.unwrap_or(true),
    };
    Ok(match loaded {
        Some(record) => BgApp::with_record(config, catalog, record.record, settings.dice_rolled),
        None => BgApp::new(config, catalog),
    })
}

/// A seed from the clock, for sessions without `--seed`.
fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Plays Morris in the terminal (or in plain text) until the user leaves.
pub fn play_morris(options: &PlayOptions, morris: MorrisOptions) -> Result<(), PlayError> {
    let options = &options.resolved();
    let mut app = morris_app(options, morris)?;
    app.practice.clone_from(&options.practice);
    if options.review.is_some() {
        app.open_review();
    }
    play(&mut app, options)
}

/// Plays Backgammon in the terminal (or in plain text) until the user leaves.
pub fn play_backgammon(options: &PlayOptions, bg: BgOptions) -> Result<(), PlayError> {
    let options = &options.resolved();
    let mut app = backgammon_app(options, bg)?;
    app.practice.clone_from(&options.practice);
    if options.review.is_some() {
        app.open_review();
    }
    play(&mut app, options)
}

/// Today's practice in the terminal (or in plain text): the exercises due, from the player file
/// at `store`, on day `today`.
pub fn practise(
    store: practice::store::PlayerStore,
    today: ludus_practice::Day,
    lang: Lang,
    plain: bool,
) -> Result<(), PlayError> {
    let file = store
        .load()
        .map_err(|error| PlayError::BadInput(error.to_string()))?;
    let mut app = practice::screen::PracticeApp::new(file, store, today, Catalog::new(lang));
    let mut save = |_: &std::path::Path, _: &str| Ok(());
    if plain || !io::stdout().is_terminal() {
        let stdin = io::stdin();
        run::run_plain(&mut app, &mut stdin.lock(), &mut io::stdout(), &mut save)?;
    } else {
        run::run_terminal(&mut app, &mut save)?;
    }
    Ok(())
}

fn play(screen: &mut dyn Screen, options: &PlayOptions) -> Result<(), PlayError> {
    screen.state_mut().save_path = options.save.clone().or_else(|| options.load.clone());
    let mut save = |path: &std::path::Path, record: &str| std::fs::write(path, record);
    if options.plain || !io::stdout().is_terminal() {
        let stdin = io::stdin();
        run::run_plain(screen, &mut stdin.lock(), &mut io::stdout(), &mut save)?;
    } else {
        run::run_terminal(screen, &mut save)?;
    }
    Ok(())
}
