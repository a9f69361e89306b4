//! The Backgammon screen's state machine: keys and clicks become [`BgAction`]s, actions change
//! [`BgApp`] (a match or money session of `ludus-backgammon`, with the engine as opponent);
//! drawing lives in [`crate::backgammon_view`].
//!
//! A move is made by typing it (`24/18 13/11`, Tab completes an unambiguous prefix) or one checker
//! at a time with the arrow keys or the mouse (source, then destination); checkers moved so far
//! this turn can be taken back (`u`) until the move is confirmed with Enter. Which checker may go
//! where is the rules crate's [`Turn`]: this screen only shows it.

use crate::i18n::Catalog;
use crate::record::{BgRecord, BgSettings};
use crate::review::{ReviewCursor, Severity};
use crate::ui::{Animation, Dir, Input, Opponent, Screen, ScreenState, Status};
use ludus_backgammon::player::{Player, choose_move};
use ludus_backgammon::{
    CubeOwner, DiceSource, GameEnd, GameEvent, Journey, Match, Move, Phase, Position, Rules, Seat,
    SeededDice, Step, Turn, WinKind,
};
use ludus_backgammon_engine::analysis::{Decision, DecisionKind, Mark, MatchReport};
use ludus_backgammon_engine::cube::{CubeAction, CubeDecision};
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::level::Level;
use ratatui::Frame;

/// Plies of lookahead behind `h` (a hint).
const HINT_PLIES: u8 = 1;
/// A probability above which a result counts as expected (for resignations).
const LIKELY: f32 = 0.5;
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

/// One decision of the review: where it was taken and how the board looked.
#[derive(Clone, Debug)]
pub struct BgReviewStep {
    /// The game's number (1-based).
    pub game: usize,
    /// The analysed decision.
    pub decision: Decision,
    /// The position of the decision (from `view`'s side), if its ID reads back.
    pub position: Option<Position>,
    /// The side the position is seen from: the player on roll.
    pub view: Seat,
    /// The 0-ply equity of the position for White (player 0).
    pub white_equity: f64,
}

/// The review of a session: the analysis report and its decisions one by one.
#[derive(Clone, Debug)]
pub struct BgReview {
    /// The whole report (totals per player).
    pub report: MatchReport,
    /// Every analysed decision in order.
    pub steps: Vec<BgReviewStep>,
    /// The decision shown (1-based; the review never shows step 0).
    pub cursor: ReviewCursor,
}

impl BgReview {
    /// The review of `report`, with each decision's position and equity.
    pub fn new(report: MatchReport) -> BgReview {
        let engine = Engine::new(0);
        let steps: Vec<BgReviewStep> = report
            .games
            .iter()
            .flat_map(|game| game.decisions.iter().map(move |d| (game.number, d)))
            .map(|(game, decision)| {
                let player = if decision.player == 0 {
                    Seat::Zero
                } else {
                    Seat::One
                };
                // A take is answered by the player not on roll.
                let view = if decision.kind == DecisionKind::Take {
                    player.other()
                } else {
                    player
                };
                let position = Position::from_position_id(&decision.position_id).ok();
                let equity = position.map_or(0.0, |p| f64::from(engine.evaluate(&p).equity()));
                let white_equity = if view == Seat::Zero { equity } else { -equity };
                BgReviewStep {
                    game,
                    decision: decision.clone(),
                    position,
                    view,
                    white_equity,
                }
            })
            .collect();
        BgReview {
            cursor: ReviewCursor::new(steps.len()),
            report,
            steps,
        }
    }

    /// The decision shown.
    pub fn current(&self) -> Option<&BgReviewStep> {
        self.cursor
            .index
            .checked_sub(1)
            .and_then(|i| self.steps.get(i))
    }

    /// The marks of the decisions under the graph.
    pub fn severities(&self) -> Vec<Severity> {
        self.steps
            .iter()
            .map(|s| match s.decision.mark {
                Mark::None => Severity::None,
                Mark::Doubtful => Severity::Small,
                Mark::Error => Severity::Medium,
                Mark::Blunder => Severity::Large,
            })
            .collect()
    }

    /// Steps by an arrow key (never back to the empty step 0).
    pub fn step(&mut self, dir: Dir) {
        let severities = self.severities();
        self.cursor.step(dir, &severities);
        if self.cursor.index == 0 && self.cursor.len > 0 {
            self.cursor.index = 1;
        }
    }
}

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

/// A place on the board the cursor can stand on, seen from the bottom player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A point, numbered 1..=24 from the bottom player's side.
    Point(u8),
    /// The bar.
    Bar,
    /// The borne-off tray.
    Off,
}

/// Display columns of a row: six points, the bar, six points, the tray.
pub const SLOT_COLUMNS: u8 = 14;
/// The display column of the bar.
pub const BAR_COLUMN: u8 = 6;
/// The display column of the tray.
pub const OFF_COLUMN: u8 = 13;

impl Slot {
    /// The slot at a display position: `top` row or bottom, column 0..14 from the left.
    pub fn at(top: bool, column: u8) -> Slot {
        match (top, column) {
            (_, BAR_COLUMN) => Slot::Bar,
            (_, c) if c >= OFF_COLUMN => Slot::Off,
            (true, c) if c < BAR_COLUMN => Slot::Point(13 + c),
            (true, c) => Slot::Point(12 + c),
            (false, c) if c < BAR_COLUMN => Slot::Point(12 - c),
            (false, c) => Slot::Point(13 - c),
        }
    }

    /// The display position of a point (bar and tray: the given row).
    pub fn position(self, top: bool) -> (bool, u8) {
        match self {
            Slot::Bar => (top, BAR_COLUMN),
            Slot::Off => (top, OFF_COLUMN),
            Slot::Point(p) if p >= 19 => (true, p - 12),
            Slot::Point(p) if p >= 13 => (true, p - 13),
            Slot::Point(p) if p >= 7 => (false, 12 - p),
            Slot::Point(p) => (false, 13 - p),
        }
    }
}

/// What a key or click asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BgAction {
    /// Add a character to the typed move.
    Type(char),
    /// Remove the last typed character.
    Erase,
    /// Clear the typed move and the selection.
    Clear,
    /// Complete the typed move as far as it is unambiguous.
    Complete,
    /// Play the typed move, or confirm the checkers moved.
    Submit,
    /// Move the cursor.
    Cursor(Dir),
    /// Select a point, the bar or the tray.
    Select(Slot),
    /// Take back the last checker moved this turn.
    Undo,
    /// Roll the dice.
    Roll,
    /// Offer a double.
    Double,
    /// Take the double.
    Take,
    /// Refuse the double.
    Pass,
    /// Ask the engine.
    Hint,
    /// Resign or leave (asks first).
    Quit,
    /// Answer the question: resign (`Some(true)`), leave (`Some(false)`), go on (`None`).
    Answer(Option<bool>),
    /// Start the next game.
    NextGame,
    /// Show or close the post-game analysis and review.
    Analysis,
    /// Step through the review.
    Step(Dir),
    /// A new match with the sides swapped (after a match is won).
    Rematch,
    /// Skip the computer's move animation.
    Skip,
}

/// Dice from the seed, counted so a saved session resumes the same stream.
#[derive(Clone, Debug)]
struct CountingDice {
    source: SeededDice,
    rolled: u64,
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
    /// The last hint.
    pub hint: Option<String>,
    /// The computer's move being shown, one checker at a time.
    pub animation: Option<Animation<Move>>,
    /// The post-game analysis (its lines: the totals and the marked decisions), if open.
    pub analysis: Option<Vec<String>>,
    /// The review stepping through the analysed decisions, open with the analysis.
    pub review: Option<BgReview>,
    dice: CountingDice,
    engine: Engine,
}

impl BgApp {
    /// A new session: the first game starts with its opening roll.
    pub fn new(config: BgConfig, catalog: Catalog) -> BgApp {
        let rules = Rules {
            match_length: config.match_length,
            ..Rules::default()
        };
        let record = Match::new(rules, [String::from("White"), String::from("Black")]);
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
        let mut dice = CountingDice {
            source: SeededDice::new(config.seed),
            rolled: 0,
        };
        for _ in 0..dice_rolled {
            dice.roll_die();
        }
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
            dice,
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

    /// Whether the cube may be used in this session.
    fn cube_in_use(&self) -> bool {
        self.config.cube || self.config.match_length > 0
    }

    /// Whether the person must act now (roll, move, answer a double).
    pub fn human_to_act(&self) -> bool {
        match self.game() {
            Some(game) if game.outcome().is_none() => self.is_human(game.turn()),
            _ => false,
        }
    }

    /// The action a key or click asks for now, if any.
    pub fn action_for(&self, input: Input) -> Option<BgAction> {
        use BgAction as A;
        // The resign-or-leave question is answered first, also when asked from the review.
        if self.asking {
            return Some(A::Answer(match input {
                Input::Char('y' | 'Y') => Some(true),
                Input::Char('l' | 'L') => Some(false),
                _ => None,
            }));
        }
        if self.review.is_some() {
            return match input {
                Input::Arrow(dir) => Some(A::Step(dir)),
                // The plain mode has no arrow keys: > and < step.
                Input::Char('>') => Some(A::Step(Dir::Right)),
                Input::Char('<') => Some(A::Step(Dir::Left)),
                Input::Char('a' | 'A') | Input::Esc => Some(A::Analysis),
                Input::Char('q' | 'Q') => Some(A::Quit),
                Input::Char('n' | 'N') | Input::Enter if self.record.winner().is_none() => {
                    Some(A::NextGame)
                }
                Input::Char('n' | 'N') => Some(A::Rematch),
                _ => None,
            };
        }
        if self.animation.is_some() {
            return Some(A::Skip);
        }
        let over = self.game().is_none_or(|g| g.outcome().is_some());
        if over {
            return match input {
                Input::Char('q' | 'Q') => Some(A::Quit),
                Input::Char('a' | 'A') => Some(A::Analysis),
                Input::Esc if self.analysis.is_some() => Some(A::Analysis),
                Input::Char('n' | 'N') | Input::Enter if self.record.winner().is_none() => {
                    Some(A::NextGame)
                }
                Input::Char('n' | 'N') => Some(A::Rematch),
                _ => None,
            };
        }
        if !self.human_to_act() {
            return matches!(input, Input::Char('q')).then_some(A::Quit);
        }
        match input {
            Input::Char(c) if self.screen.input.is_empty() && "rdtphuqRDTPHUQ ".contains(c) => {
                Some(match c.to_ascii_lowercase() {
                    'r' => A::Roll,
                    'd' => A::Double,
                    't' => A::Take,
                    'p' => A::Pass,
                    'h' => A::Hint,
                    'u' => A::Undo,
                    'q' => A::Quit,
                    _ => A::Select(self.cursor_slot()),
                })
            }
            Input::Char(c) if is_notation_char(c) => Some(A::Type(c.to_ascii_lowercase())),
            // Backspace erases typing and takes back a checker of the move being made; a move
            // already played is never taken back by it.
            Input::Backspace if self.screen.input.is_empty() => Some(A::Undo),
            Input::Backspace => Some(A::Erase),
            Input::Esc => Some(A::Clear),
            Input::Tab => Some(A::Complete),
            Input::Enter => Some(A::Submit),
            Input::Arrow(dir) => Some(A::Cursor(dir)),
            Input::Click { column, row } => {
                let area = self.screen.board_area?;
                crate::backgammon_view::slot_at(area, column, row).map(A::Select)
            }
            _ => None,
        }
    }

    /// Handles one input: finds its action and applies it.
    pub fn handle_input(&mut self, input: Input) {
        if self.screen.intercept(input) {
            return;
        }
        if let Some(action) = self.action_for(input) {
            self.apply(action);
        }
    }

    /// Carries out an action.
    pub fn apply(&mut self, action: BgAction) {
        use BgAction as A;
        match action {
            A::Type(c) => {
                self.screen.input.push(c);
            }
            A::Erase => {
                self.screen.input.pop();
            }
            A::Clear => {
                self.screen.input.clear();
                self.selected = None;
                self.screen.status = self.prompt();
            }
            A::Complete => self.complete(),
            A::Submit => self.submit(),
            A::Cursor(dir) => self.move_cursor(dir),
            A::Select(slot) => {
                self.cursor = slot.position(self.cursor.0);
                self.select(slot);
            }
            A::Undo => self.undo_step(),
            A::Roll => self.act(|g, dice| g.roll(dice).map(|_| ())),
            A::Double if !self.cube_in_use() => {
                self.screen.status = Status::error(self.screen.catalog.get("tui-cube-off"));
            }
            A::Double => self.act(|g, _| g.double()),
            A::Take => self.act(|g, _| g.take()),
            A::Pass => self.act(|g, _| g.pass()),
            A::Hint => self.give_hint(),
            A::Quit if self.game().is_none_or(|g| g.outcome().is_some()) => self.leave(),
            A::Quit => {
                self.asking = true;
                let points = self.resignation_points().to_string();
                let key = if self.screen.save_path.is_some() {
                    "tui-resign-or-leave"
                } else {
                    "tui-resign-or-leave-unsaved"
                };
                self.screen.status =
                    Status::info(self.screen.catalog.format(key, &[("points", &points)]));
            }
            A::Answer(answer) => {
                self.asking = false;
                match answer {
                    Some(true) => self.resign(),
                    Some(false) => {
                        self.screen.status = self.prompt();
                        self.leave();
                    }
                    None => self.screen.status = self.prompt(),
                }
            }
            A::NextGame => {
                self.analysis = None;
                self.review = None;
                self.next_game();
            }
            A::Analysis => self.toggle_analysis(),
            A::Step(dir) => {
                if let Some(review) = &mut self.review {
                    review.step(dir);
                }
            }
            A::Rematch => self.rematch(),
            A::Skip => self.finish_animation(),
        }
    }

    /// Opens the analysis and review of the match so far (closes them when open).
    pub fn open_review(&mut self) {
        if self.analysis.is_none() {
            self.toggle_analysis();
        }
    }

    /// Opens the analysis and review of the match so far, or closes them.
    fn toggle_analysis(&mut self) {
        if self.analysis.take().is_some() {
            self.review = None;
            self.screen.status = self.prompt();
            return;
        }
        let report = crate::analysis::analyse(&self.record);
        self.analysis = Some(crate::analysis::analysis_lines(
            &report,
            &self.screen.catalog,
        ));
        self.review = Some(BgReview::new(report));
        self.screen.status = self.review_prompt();
    }

    /// The status line of the review: the last game's result alone (the keys to go on are in
    /// the help), so that it fits 80 columns; the usual prompt while a game is in progress.
    fn review_prompt(&self) -> Status {
        let Some(outcome) = self.game().and_then(ludus_backgammon::Game::outcome) else {
            return self.prompt();
        };
        let mut text = self.result_text(&outcome);
        if let Some(winner) = self.record.winner() {
            let side = self.seat_name(winner);
            text.push(' ');
            text.push_str(&self.screen.catalog.format("result-win", &[("side", &side)]));
        }
        Status::info(text)
    }

    /// Leaves, or first offers to save a session that is saved nowhere.
    fn leave(&mut self) {
        let played = self.record.games().iter().any(|g| !g.events().is_empty());
        if self.screen.save_path.is_none() && played {
            self.screen.offer_to_save();
        } else {
            self.screen.quit = true;
        }
    }

    /// A new match (or money session) with the same settings and the sides swapped; a saved
    /// session is kept and the new one saved beside it.
    pub fn rematch(&mut self) {
        self.config.human = self.config.human.other();
        let rules = Rules {
            match_length: self.config.match_length,
            ..Rules::default()
        };
        self.record = Match::new(rules, [String::from("White"), String::from("Black")]);
        self.analysis = None;
        self.review = None;
        if let Some(path) = &self.screen.save_path {
            self.screen.save_path = Some(crate::ui::free_path(path));
        }
        self.next_game();
    }

    /// The seat whose view the board is drawn from (numbers of the mover, dice): the reviewed
    /// decision's player, else the side on roll.
    pub fn view_seat(&self) -> Seat {
        if let Some(step) = self.review.as_ref().and_then(BgReview::current) {
            return step.view;
        }
        self.game().map_or(Seat::Zero, |g| g.on_roll())
    }

    /// The number shown on a point: the bottom player's numbering against the computer (it
    /// stays while the computer moves), the side on roll's between two people.
    pub fn label_point(&self, slot: Slot) -> u8 {
        match slot {
            Slot::Point(p) if self.config.opponent == Opponent::Computer => p,
            _ => self.mover_point(slot),
        }
    }

    /// The points (the bottom player's numbering, 1..=24) the last move played left and reached,
    /// with the seat that played it.
    pub fn last_move_points(&self) -> Option<(Seat, Vec<u8>)> {
        let game = self.game()?;
        let (seat, mv) = game.events().iter().rev().find_map(|e| match *e {
            ludus_backgammon::GameEvent::Turn {
                seat,
                play: Some(mv),
                ..
            } if !mv.is_empty() => Some((seat, mv)),
            _ => None,
        })?;
        let bottom = seat == self.bottom();
        let points = mv
            .checker_moves()
            .iter()
            .flat_map(|m| [m.from, m.to])
            .filter(|p| (1..=24).contains(p))
            .map(|p| if bottom { p } else { 25 - p })
            .collect();
        Some((seat, points))
    }

    /// Runs a game action, reporting a refusal in the status line.
    fn act(
        &mut self,
        action: impl FnOnce(
            &mut ludus_backgammon::Game,
            &mut dyn DiceSource,
        ) -> Result<(), ludus_backgammon::GameError>,
    ) {
        let dice = &mut self.dice;
        let Some(game) = self.record.current_mut() else {
            return;
        };
        match action(game, dice) {
            Ok(()) => {
                self.screen.record_changed();
                self.after_action();
            }
            Err(error) => {
                let text =
                    self.screen
                        .catalog
                        .error(error.code(), &error.params(), &error.to_string());
                self.screen.status = Status::error(text);
            }
        }
    }

    fn after_action(&mut self) {
        self.turn = self.game().and_then(ludus_backgammon::Game::turn_builder);
        self.screen.input.clear();
        self.selected = None;
        self.hint = None;
        self.screen.status = self.prompt();
        self.play_forced();
        self.play_automatic_bear_off();
    }

    /// Plays a person's bear-off when nothing else matters (gnubg's rule, decided by the rules
    /// crate) and the setting allows it; the status says what was played.
    fn play_automatic_bear_off(&mut self) {
        if !self.config.auto_bear_off || !self.human_to_act() {
            return;
        }
        let Some(game) = self.record.current_mut() else {
            return;
        };
        let Phase::Moving(dice) = game.phase() else {
            return;
        };
        let Some(play) = game.position().automatic_bear_off(dice) else {
            return;
        };
        if game.play(&play).is_ok() {
            self.screen.record_changed();
            self.after_action();
            let done = self
                .screen
                .catalog
                .format("tui-bg-auto-bear-off", &[("move", &play.to_string())]);
            self.screen.status = Status::info(format!("{done} {}", self.screen.status.text));
        }
    }

    /// Plays the empty move at once when a person's roll cannot be played (and says so).
    fn play_forced(&mut self) {
        if !self.human_to_act() {
            return;
        }
        let Some(game) = self.record.current_mut() else {
            return;
        };
        if let Phase::Moving(dice) = game.phase() {
            let legal = game.legal_moves();
            if legal.len() == 1 && legal[0].is_empty() && game.play(&Move::EMPTY).is_ok() {
                self.screen.record_changed();
                self.screen.status = Status::info(
                    self.screen
                        .catalog
                        .format("tui-no-legal-move", &[("dice", &dice.to_string())]),
                );
            }
        }
    }

    /// Starts the next game of the session.
    pub fn next_game(&mut self) {
        if self.record.new_game(&mut self.dice).is_ok() {
            self.screen.record_changed();
            self.after_action();
        }
    }

    /// The points a resignation now gives away: the worst the position threatens.
    fn resignation_points(&self) -> u32 {
        let Some(game) = self.game() else { return 0 };
        let kind = self.resignation_kind();
        let (cube, _) = game.cube();
        kind.multiplier() * cube
    }

    /// The result a resignation gives: the one the network expects (a gammon or backgammon
    /// when it is more likely than not, else a single game), so resigning never saves points.
    fn resignation_kind(&self) -> WinKind {
        let Some(game) = self.game() else {
            return WinKind::Single;
        };
        let position = game.position();
        let own_view = if self.resigning_seat() == game.on_roll() {
            position
        } else {
            position.swapped()
        };
        let p = Engine::new(0).evaluate(&own_view);
        if p.lose_backgammon > LIKELY {
            WinKind::Backgammon
        } else if p.lose_gammon > LIKELY {
            WinKind::Gammon
        } else {
            WinKind::Single
        }
    }

    fn resigning_seat(&self) -> Seat {
        match self.game() {
            Some(game) if self.config.opponent == Opponent::Human => game.turn(),
            _ => self.config.human,
        }
    }

    fn resign(&mut self) {
        let seat = self.resigning_seat();
        let kind = self.resignation_kind();
        let Some(game) = self.record.current_mut() else {
            return;
        };
        if game.resign(seat, kind).is_ok() && game.accept_resignation().is_ok() {
            self.screen.record_changed();
            self.after_action();
        } else {
            self.screen.status = self.prompt();
        }
    }

    /// The position at the start of the turn and the dice, while a move is to be made.
    fn moving(&self) -> Option<(Position, ludus_backgammon::Dice)> {
        let game = self.game()?;
        match game.phase() {
            Phase::Moving(dice) => Some((game.position(), dice)),
            _ => None,
        }
    }

    /// The legal moves now, with their notation.
    fn legal_texts(&self) -> Vec<(Move, String)> {
        self.game()
            .map(|g| {
                g.legal_moves()
                    .into_iter()
                    .map(|m| (m, m.to_string()))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn complete(&mut self) {
        let legal = self.legal_texts().into_iter().map(|(_, text)| text);
        self.screen.complete(legal);
    }

    fn submit(&mut self) {
        let Some((position, dice)) = self.moving() else {
            return;
        };
        if self.screen.input.is_empty() {
            if let Some(mv) = self.completed_move() {
                self.play_human(mv);
            } else {
                self.select(self.cursor_slot());
            }
            return;
        }
        if let Ok(mv) = position.parse_move(dice, &self.screen.input) {
            self.play_human(mv);
            return;
        }
        let candidates: Vec<(Move, String)> = self
            .legal_texts()
            .into_iter()
            .filter(|(_, t)| t.starts_with(&self.screen.input))
            .collect();
        match candidates.len() {
            0 => self.screen.status = self.screen.no_match(),
            1 => self.play_human(candidates[0].0),
            _ => {
                let texts: Vec<String> = candidates.into_iter().map(|(_, t)| t).collect();
                self.screen.status = self.screen.ambiguous(&texts);
            }
        }
    }

    fn play_human(&mut self, mv: Move) {
        self.act(|game, _| game.play(&mv));
    }

    /// The checker steps taken so far this turn (mover's view).
    pub fn steps(&self) -> &[Step] {
        self.turn.as_ref().map_or(&[], Turn::steps)
    }

    /// The legal move the checkers moved so far make, once they make a whole one.
    pub fn completed_move(&self) -> Option<Move> {
        self.moving()?;
        self.turn
            .as_ref()
            .and_then(Turn::finished_move)
            .filter(|mv| !mv.is_empty())
    }

    /// The points (mover's view) a checker can be moved from next.
    pub fn sources(&self) -> Vec<u8> {
        self.turn.as_ref().map(Turn::sources).unwrap_or_default()
    }

    /// Where the checker on `from` (mover's view) can go now, one die or several in a row.
    pub fn destinations(&self, from: u8) -> Vec<Journey> {
        self.turn
            .as_ref()
            .map(|turn| turn.journeys(from))
            .unwrap_or_default()
    }

    /// The slot under the cursor.
    pub fn cursor_slot(&self) -> Slot {
        Slot::at(self.cursor.0, self.cursor.1)
    }

    fn move_cursor(&mut self, dir: Dir) {
        let (top, column) = self.cursor;
        self.cursor = match dir {
            Dir::Up | Dir::Down => (!top, column),
            Dir::Left => (top, (column + SLOT_COLUMNS - 1) % SLOT_COLUMNS),
            Dir::Right => (top, (column + 1) % SLOT_COLUMNS),
        };
    }

    /// A slot as a point of the side on roll (25 the bar, 0 off).
    pub fn mover_point(&self, slot: Slot) -> u8 {
        let mover_is_bottom = self.view_seat() == self.bottom();
        match slot {
            Slot::Bar => 25,
            Slot::Off => 0,
            Slot::Point(p) if mover_is_bottom => p,
            Slot::Point(p) => 25 - p,
        }
    }

    fn select(&mut self, slot: Slot) {
        if self.moving().is_none() {
            return;
        }
        self.screen.input.clear();
        let point = self.mover_point(slot);
        if let Some(from) = self.selected {
            if from == point {
                self.selected = None;
                self.screen.status = self.prompt();
                return;
            }
            let journey = self.destinations(from).into_iter().find(|j| j.to == point);
            if let (Some(journey), Some(turn)) = (journey, self.turn.as_mut())
                && turn.play_journey(&journey).is_ok()
            {
                self.selected = None;
                self.screen.status = self.prompt();
                return;
            }
        }
        if self.sources().contains(&point) {
            self.selected = Some(point);
            self.screen.status = Status::info(self.screen.catalog.get("tui-bg-choose-destination"));
        } else {
            self.selected = None;
            self.screen.status = Status::error(self.screen.catalog.get("tui-bg-cannot-move-there"));
        }
    }

    fn undo_step(&mut self) {
        if self.selected.take().is_some() || self.turn.as_mut().and_then(Turn::undo).is_some() {
            self.screen.status = self.prompt();
        } else if self.config.opponent == Opponent::Computer && self.take_back() {
            self.screen.status = Status::info(format!(
                "{} {}",
                self.screen.catalog.get("tui-undone"),
                self.screen.status.text
            ));
        } else {
            self.screen.status = Status::error(self.screen.catalog.get("tui-nothing-to-undo"));
        }
    }

    /// Takes back the person's last move of the game in progress and everything after it (the
    /// computer's answer): the session is replayed from its events up to that move, whose dice
    /// are to be played again. False when there is nothing to take back.
    pub fn take_back(&mut self) -> bool {
        let Some(record) = record_before_last_play(&self.record, self.config.human) else {
            return false;
        };
        self.record = record;
        self.animation = None;
        self.screen.record_changed();
        self.after_action();
        true
    }

    /// The turn as shown: the person's steps so far, or the computer's move's shown checkers.
    fn shown_turn(&self) -> Option<Turn> {
        let Some(animation) = self.animation else {
            return self.turn.clone();
        };
        let mut turn = self.game()?.turn_builder()?;
        for step in &animation.mv.checker_moves()[..animation.shown] {
            turn.play_checker(step.from, step.to).ok()?;
        }
        Some(turn)
    }

    /// The board shown: the game's position with the checkers moved so far this turn (or the
    /// computer's move's shown checkers), from the side on roll's view.
    pub fn shown_position(&self) -> Option<Position> {
        if let Some(review) = &self.review {
            return review.current().and_then(|step| step.position);
        }
        let game = self.game()?;
        if game.outcome().is_some() {
            return Some(game.position());
        }
        Some(
            self.shown_turn()
                .map_or(game.position(), |turn| turn.board()),
        )
    }

    /// The dice of the turn with a flag for each die already used.
    pub fn dice_shown(&self) -> Vec<(u8, bool)> {
        if let Some(review) = &self.review {
            let dice = review.current().and_then(|s| s.decision.dice.clone());
            return dice
                .unwrap_or_default()
                .chars()
                .filter_map(|c| c.to_digit(10))
                .map(|d| (d as u8, false))
                .collect();
        }
        if self.moving().is_none() {
            return Vec::new();
        }
        self.shown_turn()
            .map(|turn| turn.dice_used())
            .unwrap_or_default()
    }

    fn give_hint(&mut self) {
        let Some(game) = self.game() else { return };
        let position = game.position();
        let engine = Engine::new(HINT_PLIES);
        let (text, value) = match game.phase() {
            Phase::Moving(dice) => {
                let state = game.match_state();
                let ranked = engine.ranked_moves_in(&position, dice, Some(&state));
                let Some(best) = ranked.into_iter().next() else {
                    return;
                };
                (best.mv.to_string(), best.value as f32)
            }
            Phase::AwaitingRoll | Phase::Doubled => {
                let Ok(decision) = engine.cube_decision(&position, &game.match_state()) else {
                    return;
                };
                let action = if game.phase() == Phase::Doubled {
                    if decision.double_take <= decision.double_pass {
                        "take"
                    } else {
                        "pass"
                    }
                } else if wants_double(&decision) && self.may_double() {
                    "double"
                } else {
                    "roll"
                };
                let equity = engine.evaluate(&position).equity();
                (
                    self.screen.catalog.get(&format!("tui-bg-hint-{action}")),
                    equity,
                )
            }
            _ => return,
        };
        let text = self.screen.catalog.format(
            "tui-hint",
            &[("move", &text), ("value", &format!("{value:+.3}"))],
        );
        self.screen.status = Status::info(text.clone());
        self.hint = Some(text);
    }

    /// Whether the player on roll may double now (cube in use, not Crawford, owner, ceiling).
    fn may_double(&self) -> bool {
        self.cube_in_use() && self.game().is_some_and(|g| g.double_refusal().is_none())
    }

    /// Lets the computer act: double or roll, take or pass, or choose its move (then shown).
    pub fn computer_act(&mut self) {
        let Some(game) = self.game() else { return };
        let (position, state, phase) = (game.position(), game.match_state(), game.phase());
        // The engine's decisions as a player (`ludus_backgammon::player`), from its seat's view.
        match phase {
            Phase::AwaitingRoll => {
                if self.may_double() && self.engine.double(&position, &state).unwrap_or(false) {
                    self.act(|g, _| g.double());
                    self.screen.status = Status::info(self.screen.catalog.format(
                        "bg-double-offered",
                        &[
                            ("side", &self.seat_name(self.computer_seat())),
                            ("value", &self.offered_value().to_string()),
                        ],
                    ));
                } else {
                    self.act(|g, dice| g.roll(dice).map(|_| ()));
                }
            }
            Phase::Doubled => {
                // The decision is the doubler's: take when the double-take is no better for it
                // than the pass.
                if self.engine.take(&position, &state).unwrap_or(true) {
                    self.act(|g, _| g.take());
                    let taken = self.screen.catalog.format(
                        "tui-bg-takes",
                        &[("side", &self.seat_name(self.computer_seat()))],
                    );
                    self.screen.status = Status::info(format!("{taken} {}", self.prompt().text));
                } else {
                    self.act(|g, _| g.pass());
                }
            }
            Phase::Moving(dice) => {
                let mv = choose_move(&mut self.engine, &position, dice, Some(&state))
                    .unwrap_or_else(|_| position.legal_moves(dice)[0]);
                let parts = mv.len();
                self.animation = Some(Animation {
                    mv,
                    shown: 0,
                    parts,
                });
                if mv.is_empty() {
                    self.finish_animation();
                }
            }
            _ => {}
        }
    }

    fn computer_seat(&self) -> Seat {
        self.config.human.other()
    }

    fn offered_value(&self) -> u32 {
        self.game().map_or(1, |g| g.cube().0 * 2)
    }

    fn finish_animation(&mut self) {
        if let Some(animation) = self.animation.take() {
            let seat = self.computer_seat();
            self.act(|g, _| g.play(&animation.mv));
            let text = if animation.mv.is_empty() {
                self.screen.catalog.get("tui-bg-cannot-move")
            } else {
                animation.mv.to_string()
            };
            if self.game().is_some_and(|g| g.outcome().is_none()) {
                self.screen.status = Status::info(self.screen.catalog.format(
                    "tui-bg-played",
                    &[("side", &self.seat_name(seat)), ("move", &text)],
                ));
            }
        }
    }

    /// The colour name of a seat (player 0 is White).
    pub fn seat_name(&self, seat: Seat) -> String {
        self.screen.catalog.get(match seat {
            Seat::Zero => "side-white",
            Seat::One => "side-black",
        })
    }

    /// Who plays a seat: "You", "Computer, level 5" or "Friend" (the other person at the
    /// keyboard).
    pub fn player_label(&self, seat: Seat) -> String {
        let catalog = &self.screen.catalog;
        match self.config.opponent {
            _ if seat == self.config.human => catalog.get("tui-label-you"),
            Opponent::Human => catalog.get("tui-label-friend"),
            Opponent::Computer => catalog.format(
                "tui-label-computer",
                &[("level", &self.config.level.to_string())],
            ),
        }
    }

    /// The last game's result in words: personal against the computer ("You won 2 points —
    /// gammon"), by colour between two people.
    fn result_text(&self, outcome: &ludus_backgammon::GameOutcome) -> String {
        let catalog = &self.screen.catalog;
        let why = match outcome.end {
            GameEnd::DoubleRefused => "pass",
            GameEnd::Resigned(_) => "resign",
            GameEnd::BoreOff(kind) => kind_name(kind),
        };
        let points = outcome.points.to_string();
        if self.config.opponent == Opponent::Computer {
            let key = if outcome.winner == self.config.human {
                "tui-bg-you-won"
            } else {
                "tui-bg-you-lost"
            };
            let why = catalog.get(&format!("tui-bg-why-{why}"));
            return catalog.format(key, &[("points", &points), ("why", &why)]);
        }
        let reason = match outcome.end {
            GameEnd::DoubleRefused => "reason-pass".to_string(),
            GameEnd::Resigned(_) => "reason-resign".to_string(),
            GameEnd::BoreOff(kind) => format!("reason-{}", kind_name(kind)),
        };
        format!(
            "{} {}",
            catalog.format(
                "bg-last-game",
                &[
                    ("side", &self.seat_name(outcome.winner)),
                    ("points", &points)
                ],
            ),
            catalog.get(&reason)
        )
    }

    /// What to do now, or the result.
    pub fn prompt(&self) -> Status {
        let Some(game) = self.game() else {
            return Status::default();
        };
        let name = |seat| self.seat_name(seat);
        if let Some(outcome) = game.outcome() {
            let mut text = self.result_text(&outcome);
            text.push(' ');
            match self.record.winner() {
                Some(winner) => {
                    text.push_str(
                        &self
                            .screen
                            .catalog
                            .format("result-win", &[("side", &name(winner))]),
                    );
                    text.push(' ');
                    text.push_str(&self.screen.catalog.get("tui-bg-rematch"));
                }
                None => {
                    text.push_str(&self.screen.catalog.get("tui-bg-next-game"));
                    text.push_str(" · ");
                    text.push_str(&self.screen.catalog.get("analysis-key"));
                }
            }
            return Status::info(text);
        }
        if !self.is_human(game.turn()) {
            return Status::info(self.screen.catalog.get("status-thinking"));
        }
        let key = match game.phase() {
            Phase::AwaitingRoll if self.cube_in_use() && game.double_refusal().is_none() => {
                "bg-roll-or-double"
            }
            Phase::AwaitingRoll => "tui-bg-roll",
            Phase::Doubled => {
                return Status::info(self.screen.catalog.format(
                    "bg-double-offered",
                    &[
                        ("side", &name(game.on_roll())),
                        ("value", &self.offered_value().to_string()),
                    ],
                ));
            }
            Phase::Moving(_) if self.completed_move().is_some() => "tui-bg-move-done",
            Phase::Moving(_) => "tui-bg-move",
            _ => return Status::default(),
        };
        Status::info(self.screen.catalog.get(key))
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

    /// The cube's value and owner.
    pub fn cube(&self) -> (u32, CubeOwner) {
        self.game().map_or((1, CubeOwner::Centered), |g| g.cube())
    }
}

/// `record` without `seat`'s last move of the game in progress and what followed it: the games
/// replayed from their events, the last one up to that turn's roll. `None` when the game is over
/// or `seat` has no move in it.
pub fn record_before_last_play(record: &Match, seat: Seat) -> Option<Match> {
    let games = record.games();
    let last = games.last().filter(|g| g.outcome().is_none())?;
    let cut = last.events().iter().rposition(|event| {
        matches!(event, GameEvent::Turn { seat: s, play: Some(mv), .. } if *s == seat && !mv.is_empty())
    })?;
    let mut rebuilt = Match::new(record.rules(), record.names().clone());
    for (index, game) in games.iter().enumerate() {
        let events = if index + 1 == games.len() {
            &game.events()[..=cut]
        } else {
            game.events()
        };
        replay_game(&mut rebuilt, events, index + 1 == games.len())?;
    }
    Some(rebuilt)
}

/// Adds a game to `record` by replaying `events`; with `without_last_play` the last event's
/// move is left to be played.
fn replay_game(record: &mut Match, events: &[GameEvent], without_last_play: bool) -> Option<()> {
    let GameEvent::Turn { seat, dice, .. } = *events.first()? else {
        return None;
    };
    let game = record.new_game_with_opening(seat, dice).ok()?;
    for (index, event) in events.iter().enumerate() {
        let replayed = match *event {
            GameEvent::Turn { dice, play, .. } => {
                let rolled = if index == 0 {
                    Ok(())
                } else {
                    game.roll_with(dice)
                };
                let last = index + 1 == events.len();
                match play {
                    Some(mv) if !(without_last_play && last) => {
                        rolled.and_then(|()| game.play(&mv))
                    }
                    _ => rolled,
                }
            }
            GameEvent::Double { .. } => game.double(),
            GameEvent::Take { .. } => game.take(),
            GameEvent::Beaver { .. } => game.beaver(),
            GameEvent::Pass { .. } => game.pass(),
            GameEvent::Resign { seat, kind } => game.resign(seat, kind),
            GameEvent::AcceptResignation { .. } => game.accept_resignation(),
            GameEvent::RejectResignation { .. } => game.reject_resignation(),
        };
        replayed.ok()?;
    }
    Some(())
}

/// The name of a win kind as the message keys spell it.
fn kind_name(kind: WinKind) -> &'static str {
    match kind {
        WinKind::Single => "single",
        WinKind::Gammon => "gammon",
        WinKind::Backgammon => "backgammon",
    }
}

fn is_notation_char(c: char) -> bool {
    c.is_ascii_digit() || "/ *()barofBAROF".contains(c)
}

/// Whether a cube decision says to double.
fn wants_double(decision: &CubeDecision) -> bool {
    matches!(
        decision.action,
        CubeAction::DoubleTake | CubeAction::DoublePass
    )
}

impl Screen for BgApp {
    fn state(&self) -> &ScreenState {
        &self.screen
    }

    fn state_mut(&mut self) -> &mut ScreenState {
        &mut self.screen
    }

    fn handle(&mut self, input: Input) {
        self.handle_input(input);
    }

    fn draw(&mut self, frame: &mut Frame) {
        crate::backgammon_view::draw(frame, self);
    }

    fn computer_to_move(&self) -> bool {
        self.config.opponent == Opponent::Computer
            && self.animation.is_none()
            && self.review.is_none()
            && !self.screen.quit
            && !self.asking
            // The computer waits while the help or the leave question is open.
            && !self.screen.modal()
            && self
                .game()
                .is_some_and(|g| g.outcome().is_none() && !self.is_human(g.turn()))
    }

    fn think(&mut self) {
        self.computer_act();
    }

    fn animating(&self) -> bool {
        self.animation.is_some()
    }

    fn tick(&mut self) {
        if self.animation.as_mut().is_some_and(|a| !a.advance()) {
            self.finish_animation();
        }
    }

    fn record_text(&self) -> String {
        self.bg_record().to_string()
    }

    fn help_keys(&self) -> &'static [&'static str] {
        &HELP_KEYS
    }
}
