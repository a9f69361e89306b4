//! The Backgammon screen's state machine: keys and clicks become [`BgAction`]s, actions change
//! [`BgApp`] (a match or money session of `ludus-backgammon`, with the engine as opponent);
//! drawing lives in [`crate::backgammon_view`].
//!
//! A move is made by typing it (`24/18 13/11`, Tab completes an unambiguous prefix) or one checker
//! at a time with the arrow keys or the mouse (source, then destination); checkers moved so far
//! this turn can be taken back (`u`) until the move is confirmed with Enter. Which checker may go
//! where is the rules crate's [`Turn`]: this screen only shows it.
//!
//! One job a file: `keys` (inputs to actions), `turn` (the person's move), `computer` (its
//! turns, hints), `cube`, `resign` (and leaving), `session` (actions on the game and the steps
//! that follow them), `status` (every text), `board` (what the board shows), `review` (the
//! analysis). Rules stay in `ludus-backgammon`: a take-back is `Match::take_back_in_game`, the
//! forced empty move `Match::automatic_step`.

mod board;
mod computer;
mod cube;
mod keys;
mod resign;
mod review;
mod screen;
mod session;
mod status;
mod turn;

pub use board::{BAR_COLUMN, OFF_COLUMN, SLOT_COLUMNS, Slot};
pub use keys::BgAction;
pub use review::{BgReview, BgReviewStep};

use crate::i18n::Catalog;
use crate::record::{BgRecord, BgSettings};
use crate::ui::{Animation, Opponent, ScreenState};
use ludus_backgammon::{DiceSource, Match, Move, Rules, Seat, SeededDice, Turn};
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::level::Level;

/// The file offered when leaving a session that is saved nowhere.
pub const DEFAULT_SAVE: &str = "ludus-backgammon.mat";

/// The lines of the help overlay (`?`), as catalog keys.
pub const HELP_KEYS: [&str; 11] = [
    "tui-help-bg-type",
    "tui-help-bg-pick",
    "tui-help-bg-backspace",
    "tui-help-bg-undo",
    "tui-help-bg-cube",
    "tui-help-hint",
    "tui-help-bg-next",
    "tui-help-bg-review",
    "tui-help-esc",
    "tui-help-bg-quit",
    "tui-help-help",
];

/// How a backgammon session is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BgConfig {
    /// The other side.
    pub opponent: Opponent,
    /// The computer's level, 1..=10.
    pub level: u32,
    /// The person's seat against the computer (player 0 plays White).
    pub human: Seat,
    /// Whether the cube is used (matches always use it).
    pub cube: bool,
    /// Match length; 0 for money play.
    pub match_length: u32,
    /// The dice seed.
    pub seed: u64,
    /// Play gnubg's automatic bear-off for the person
    /// ([`ludus_backgammon::Position::automatic_bear_off`]).
    pub auto_bear_off: bool,
}

impl Default for BgConfig {
    fn default() -> Self {
        BgConfig {
            opponent: Opponent::Computer,
            level: 5,
            human: Seat::Zero,
            cube: true,
            match_length: 0,
            seed: 0,
            auto_bear_off: true,
        }
    }
}

/// Dice from the seed, counted so a saved session resumes the same stream.
#[derive(Clone, Debug)]
struct CountingDice {
    source: SeededDice,
    rolled: u64,
}

impl CountingDice {
    /// The seed's dice with the first `rolled` already used.
    fn resumed(seed: u64, rolled: u64) -> CountingDice {
        let mut dice = CountingDice {
            source: SeededDice::new(seed),
            rolled: 0,
        };
        for _ in 0..rolled {
            dice.roll_die();
        }
        dice
    }
}

/// A new match of `match_length` points (0: a money session) between White and Black.
fn new_record(match_length: u32) -> Match {
    let rules = Rules {
        match_length,
        ..Rules::default()
    };
    Match::new(rules, [String::from("White"), String::from("Black")])
}

impl DiceSource for CountingDice {
    fn roll_die(&mut self) -> u8 {
        self.rolled += 1;
        self.source.roll_die()
    }
}

/// The backgammon screen.
pub struct BgApp {
    /// The match (or money session) so far.
    pub record: Match,
    /// The settings.
    pub config: BgConfig,
    /// The texts, status line, typed move, board area and quit flag.
    pub screen: ScreenState,
    /// The person's move being built checker by checker (while a move is to be made).
    turn: Option<Turn>,
    /// The cursor: top row or bottom, display column.
    pub cursor: (bool, u8),
    /// The point a checker is to be moved from (mover's view; 25 is the bar).
    pub selected: Option<u8>,
    /// A resign/leave question is open.
    pub asking: bool,
    /// The last hint, one line per row of the side panel (the first is the status line's).
    pub hint: Option<String>,
    /// The computer's move being shown, one checker at a time.
    pub animation: Option<Animation<Move>>,
    /// The post-game analysis (its lines: the totals and the marked decisions), if open.
    pub analysis: Option<Vec<String>>,
    /// The review stepping through the analysed decisions, open with the analysis.
    pub review: Option<BgReview>,
    /// Where reviewed games go for practice (the person's decisions against the computer).
    pub practice: Option<crate::practice::log::ReviewLog>,
    dice: CountingDice,
    engine: Engine,
}

impl BgApp {
    /// A new session: the first game starts with its opening roll.
    pub fn new(config: BgConfig, catalog: Catalog) -> BgApp {
        let record = new_record(config.match_length);
        let mut app = BgApp::with_record(config, catalog, record, 0);
        app.next_game();
        app
    }

    /// Continues a saved session; `dice_rolled` dice of the seed's stream are already used.
    pub fn with_record(
        config: BgConfig,
        catalog: Catalog,
        record: Match,
        dice_rolled: u64,
    ) -> BgApp {
        let mut app = BgApp {
            record,
            config,
            screen: ScreenState::new(catalog),
            turn: None,
            cursor: (false, OFF_COLUMN - 1),
            selected: None,
            asking: false,
            hint: None,
            animation: None,
            analysis: None,
            review: None,
            practice: None,
            dice: CountingDice::resumed(config.seed, dice_rolled),
            engine: Engine::at_level(Level::nearest(config.level), config.seed),
        };
        app.screen.default_save = DEFAULT_SAVE.into();
        if app.record.current().is_none() {
            app.next_game();
        }
        app.turn = app.game().and_then(ludus_backgammon::Game::turn_builder);
        app.screen.status = app.prompt();
        app
    }

    /// The game shown: the one in progress or the last one.
    pub fn game(&self) -> Option<&ludus_backgammon::Game> {
        self.record.current()
    }

    /// The seat drawn at the bottom: the person's against the computer, else White's.
    pub fn bottom(&self) -> Seat {
        match self.config.opponent {
            Opponent::Computer => self.config.human,
            Opponent::Human => Seat::Zero,
        }
    }

    /// Whether `seat` is played by a person.
    pub fn is_human(&self, seat: Seat) -> bool {
        self.config.opponent == Opponent::Human || seat == self.config.human
    }

    /// Whether the person must act now (roll, move, answer a double).
    pub fn human_to_act(&self) -> bool {
        match self.game() {
            Some(game) if game.outcome().is_none() => self.is_human(game.turn()),
            _ => false,
        }
    }

    /// The session as a `.mat` record with the settings line.
    pub fn bg_record(&self) -> BgRecord {
        BgRecord {
            settings: BgSettings {
                opponent: self.config.opponent,
                level: self.config.level,
                human: self.config.human,
                cube: self.config.cube,
                seed: self.config.seed,
                dice_rolled: self.dice.rolled,
            },
            record: self.record.clone(),
        }
    }
}
