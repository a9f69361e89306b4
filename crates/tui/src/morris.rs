//! The Morris screen's state machine: keys and clicks become [`MorrisAction`]s, actions change
//! [`MorrisApp`]; drawing lives in [`crate::morris_view`].

use crate::game_screen::{player_label, review_step, side_name};
use crate::i18n::Catalog;
use crate::morris_layout::grid;
use crate::record::{MorrisPlayer, MorrisRecord};
use crate::review::{Job, ReviewCursor, Severity};
use crate::ui::{Animation, Dir, Input, LineEdit, Opponent, Screen, ScreenState, Status};
use ludus_morris::player::{Limits, Player};
use ludus_morris::{Color, Game, Move, Position, Rules, Square};
use ludus_morris_engine::db::Databases;
use ludus_morris_engine::judge::{Judge, Judged};
use ludus_morris_engine::review::{GameReview, MoveClass, ReviewError, ReviewOptions, review_game};
use ludus_morris_engine::{EnginePlayer, EngineSetting, Level};

mod screen;

/// The file offered when leaving a game that is saved nowhere.
pub const DEFAULT_SAVE: &str = "ludus-morris.txt";

/// The lines of the help overlay (`?`), as catalog keys.
pub const HELP_KEYS: [&str; 12] = [
    "tui-help-type",
    "tui-help-tab",
    "tui-help-enter",
    "tui-help-arrows",
    "tui-help-backspace",
    "tui-help-esc",
    "tui-help-hint",
    "tui-help-undo",
    "tui-help-new",
    "tui-help-review",
    "tui-help-quit",
    "tui-help-help",
];

/// Cells of the gauge shown while a review is computed.
const REVIEW_GAUGE: usize = 20;

/// A review computed on its own thread: the review (or why there is none) and the databases it
/// borrowed, handed back.
pub type ReviewJob = Job<(Result<GameReview, ReviewError>, Databases)>;

/// A reviewed game: the engine's review, the positions, and the step shown.
#[derive(Clone, Debug)]
pub struct MorrisReview {
    /// The engine's review of every move.
    pub review: GameReview,
    /// The start and the position after each move.
    pub positions: Vec<Position>,
    /// The step shown.
    pub cursor: ReviewCursor,
}

impl MorrisReview {
    /// The marks of the moves under the graph.
    pub fn severities(&self) -> Vec<Severity> {
        self.review
            .moves
            .iter()
            .map(|m| severity(m.class))
            .collect()
    }
}

/// How a move class is marked under the equity graph.
pub fn severity(class: MoveClass) -> Severity {
    match class {
        MoveClass::Best | MoveClass::Good => Severity::None,
        MoveClass::Inaccuracy => Severity::Small,
        MoveClass::Mistake => Severity::Medium,
        MoveClass::Blunder => Severity::Large,
    }
}

/// Games won, drawn and lost in this sitting, from the view of the person (`You`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the person won.
    pub won: u32,
    /// Games drawn.
    pub drawn: u32,
    /// Games the person lost.
    pub lost: u32,
}

/// How a Morris game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MorrisConfig {
    /// Rule options.
    pub rules: Rules,
    /// The other side: the computer or a person.
    pub opponent: Opponent,
    /// The computer's level, 1..=10.
    pub level: u32,
    /// The person's colour against the computer.
    pub human: Color,
    /// Seed of the computer's evaluation noise (reproducible games).
    pub seed: u64,
}

impl Default for MorrisConfig {
    fn default() -> Self {
        MorrisConfig {
            rules: Rules::standard(),
            opponent: Opponent::Computer,
            level: 5,
            human: Color::White,
            seed: 0,
        }
    }
}

/// What a key or click asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MorrisAction {
    /// Edit the typed move.
    Edit(LineEdit),
    /// Move the cursor.
    Cursor(Dir),
    /// Select a point (with the cursor or the mouse).
    Select(Square),
    /// Ask the engine for a hint.
    Hint,
    /// Take back the last selection, or the last move (two plies against the computer).
    Undo,
    /// Leave (asks for confirmation while the game runs).
    Quit,
    /// Answer the confirmation.
    Confirm(bool),
    /// Skip the computer's move animation.
    Skip,
    /// Stop the review being computed.
    CancelReview,
    /// Open the game review (or close it).
    Review,
    /// Step through the review.
    Step(Dir),
    /// A new game with the sides swapped.
    Rematch,
}

/// The parts of a move as the computer's move is shown: the piece lifted (unless placed from the
/// hand), put down, and the opposing piece removed.
pub fn move_parts(mv: Move) -> usize {
    1 + usize::from(mv.from.is_some()) + usize::from(mv.remove.is_some())
}

/// The Morris screen.
#[derive(Debug)]
pub struct MorrisApp {
    /// The game so far.
    pub game: Game,
    /// The settings.
    pub config: MorrisConfig,
    /// The texts, status line, typed move, board area and quit flag.
    pub screen: ScreenState,
    /// The point under the cursor.
    pub cursor: Square,
    /// Points selected so far for a move (from, to, removal).
    pub pick: Vec<Square>,
    /// A quit waits for confirmation.
    pub confirm_quit: bool,
    /// The last hint: its move and value.
    pub hint: Option<(Move, String)>,
    /// The computer's move being shown, one part at a time.
    pub animation: Option<Animation<Move>>,
    /// The game review, while it is shown.
    pub review: Option<MorrisReview>,
    /// The review is asked for and started at the next chance (after "reviewing" is drawn).
    pub review_wanted: bool,
    /// The review being computed (its progress shown, Esc cancels).
    pub review_job: Option<ReviewJob>,
    /// Results of the games finished in this sitting.
    pub tally: Tally,
    /// Where reviewed games go for practice (the person's moves against the computer).
    pub practice: Option<crate::practice::log::ReviewLog>,
    databases: Option<Databases>,
}

impl MorrisApp {
    /// A new game.
    pub fn new(config: MorrisConfig, catalog: Catalog) -> MorrisApp {
        MorrisApp::with_game(config, catalog, Game::new(config.rules))
    }

    /// Continues `game`.
    pub fn with_game(config: MorrisConfig, catalog: Catalog, game: Game) -> MorrisApp {
        let mut app = MorrisApp {
            game,
            config,
            screen: ScreenState::new(catalog),
            cursor: Square::ALL[0],
            pick: Vec::new(),
            confirm_quit: false,
            hint: None,
            animation: None,
            review: None,
            review_wanted: false,
            review_job: None,
            tally: Tally::default(),
            practice: None,
            databases: None,
        };
        app.screen.default_save = DEFAULT_SAVE.into();
        app.screen.status = app.prompt();
        app
    }

    /// Asks for the review of the game (computed before the next draw of the loop).
    pub fn open_review(&mut self) {
        self.review_wanted = true;
        self.screen.status = Status::info(self.screen.catalog.get("tui-reviewing"));
    }

    /// Starts the review of the game on its own thread; [`MorrisApp::poll_review`] shows its
    /// progress and, when it is done, its first move.
    pub fn compute_review(&mut self) {
        self.review_wanted = false;
        let rules = self.config.rules;
        let start = *self.game.start_position();
        let moves = self.game.moves().to_vec();
        let databases = self
            .databases
            .take()
            .unwrap_or_else(Databases::open_default);
        self.review_job = Some(Job::start(moves.len(), move |control| {
            let report = |done: usize, _total: usize| control.report(done);
            // The judge's setting, the hint's: a hinted move is never an error here.
            let options = ReviewOptions {
                databases: Some(&databases),
                progress: Some(&report),
                ..ReviewOptions::default()
            };
            let reviewed = review_game(&rules, &start, &moves, &options);
            (reviewed, databases)
        }));
        self.show_review_progress();
    }

    /// Shows the review's progress, or the review once it is done.
    pub fn poll_review(&mut self) {
        match self.review_job.as_mut().map(Job::try_finish) {
            Some(Some(result)) => {
                self.review_job = None;
                self.finish_review(result);
            }
            Some(None) => self.show_review_progress(),
            None => {}
        }
    }

    /// Stops the review being computed (at the end of the move it is at).
    pub fn cancel_review(&mut self) {
        if let Some(result) = self.review_job.take().and_then(Job::cancel) {
            self.finish_review(result);
        }
    }

    /// "Reviewing the game: move k of n", a gauge and how to cancel, in the status line.
    fn show_review_progress(&mut self) {
        let Some(job) = &self.review_job else { return };
        let (done, total) = job.progress();
        let gauge = crate::review::gauge(done, total, REVIEW_GAUGE);
        self.screen.status = Status::info(self.screen.catalog.format(
            "tui-reviewing-progress",
            &[
                ("done", &done.to_string()),
                ("total", &total.to_string()),
                ("gauge", &gauge),
            ],
        ));
    }

    /// Takes the review job's result: the review shown from its first move, or why not.
    fn finish_review(
        &mut self,
        result: std::thread::Result<(Result<GameReview, ReviewError>, Databases)>,
    ) {
        let Ok((reviewed, databases)) = result else {
            self.screen.status = Status::error(self.screen.catalog.get("tui-review-failed"));
            return;
        };
        self.databases = Some(databases);
        match reviewed {
            Ok(review) => {
                self.review = Some(MorrisReview {
                    cursor: ReviewCursor::new(review.moves.len()),
                    positions: self.game.positions().to_vec(),
                    review,
                });
                // The result alone (the keys are on the review's key line and in `?`), so that
                // it fits 80 columns.
                self.screen.status = match self.result_text() {
                    Some(result) => Status::info(result),
                    None => self.prompt(),
                };
                self.record_for_practice();
            }
            Err(ReviewError::Cancelled { .. }) => {
                self.screen.status = Status::info(self.screen.catalog.get("tui-review-cancelled"));
            }
            Err(error) => self.screen.status = Status::error(error.to_string()),
        }
    }

    /// Writes the person's moves of the finished, reviewed game to the player file (against the
    /// computer, standard rules: the position is kept as a standard FEN), noting on the status
    /// line how many exercises it made.
    fn record_for_practice(&mut self) {
        let (Some(log), Some(review)) = (&mut self.practice, &self.review) else {
            return;
        };
        if self.config.opponent != Opponent::Computer
            || self.config.rules != Rules::standard()
            || self.game.outcome().is_none()
        {
            return;
        }
        let moves = self.game.moves().to_vec();
        match log.add_morris(&review.review, &review.positions, &moves, self.config.human) {
            Ok(0) => {}
            Ok(added) => {
                let note = self
                    .screen
                    .catalog
                    .format("practice-added", &[("count", &added.to_string())]);
                self.screen.status.text = format!("{} {note}", self.screen.status.text);
            }
            Err(error) => self.screen.status = Status::error(error.to_string()),
        }
    }

    /// Whether the side to move is played by a person.
    pub fn human_to_move(&self) -> bool {
        self.config.opponent == Opponent::Human
            || self.game.position().side_to_move() == self.config.human
    }

    /// The action a key or click asks for now, if any.
    pub fn action_for(&self, input: Input) -> Option<MorrisAction> {
        use MorrisAction as A;
        if self.review_job.is_some() {
            // While the review is computed only its cancel key counts.
            return matches!(input, Input::Esc | Input::Char('q' | 'Q')).then_some(A::CancelReview);
        }
        if self.confirm_quit {
            return Some(A::Confirm(matches!(
                input,
                Input::Char('y' | 'Y') | Input::Enter
            )));
        }
        if self.review.is_some() {
            if let Some(dir) = review_step(input) {
                return Some(A::Step(dir));
            }
            return match input {
                Input::Char('a' | 'A') | Input::Esc => Some(A::Review),
                Input::Char('q' | 'Q') => Some(A::Quit),
                Input::Char('n' | 'N') => Some(A::Rematch),
                _ => None,
            };
        }
        let over = self.game.outcome().is_some();
        if over || !self.human_to_move() {
            return match input {
                Input::Char('q') => Some(A::Quit),
                Input::Char('u') if over => Some(A::Undo),
                Input::Char('a' | 'A') if over => Some(A::Review),
                Input::Char('n' | 'N') if over => Some(A::Rematch),
                _ => None,
            };
        }
        match input {
            Input::Char(c) if self.screen.input.is_empty() && "hquHQU ".contains(c) => {
                Some(match c.to_ascii_lowercase() {
                    'h' => A::Hint,
                    'u' => A::Undo,
                    'q' => A::Quit,
                    _ => A::Select(self.cursor),
                })
            }
            Input::Char(c) if is_notation_char(c) => {
                Some(A::Edit(LineEdit::Type(c.to_ascii_lowercase())))
            }
            // Backspace erases typing and the selection, never a move already played.
            Input::Backspace if self.screen.input.is_empty() => {
                (!self.pick.is_empty()).then_some(A::Undo)
            }
            Input::Backspace => Some(A::Edit(LineEdit::Erase)),
            Input::Esc => Some(A::Edit(LineEdit::Clear)),
            Input::Tab => Some(A::Edit(LineEdit::Complete)),
            Input::Enter if self.screen.input.is_empty() => Some(A::Select(self.cursor)),
            Input::Enter => Some(A::Edit(LineEdit::Submit)),
            Input::Arrow(dir) => Some(A::Cursor(dir)),
            Input::Click { column, row } => {
                let area = self.screen.board_area?;
                crate::morris_layout::square_at(area, column, row).map(A::Select)
            }
            _ => None,
        }
    }

    /// Typing a move: a character more or less, clearing, completing, submitting.
    fn edit(&mut self, edit: LineEdit) {
        match edit {
            LineEdit::Type(c) => {
                self.screen.input.push(c);
                self.pick.clear();
            }
            LineEdit::Erase => {
                self.screen.input.pop();
            }
            LineEdit::Clear => {
                self.screen.input.clear();
                self.pick.clear();
                self.screen.status = self.prompt();
            }
            LineEdit::Complete => self.complete(),
            LineEdit::Submit => self.submit(),
        }
    }

    /// Carries out an action.
    pub fn apply(&mut self, action: MorrisAction) {
        use MorrisAction as A;
        match action {
            A::Edit(edit) => self.edit(edit),
            A::Cursor(dir) => self.cursor = next_square(self.cursor, dir),
            A::Select(square) => {
                self.cursor = square;
                self.select(square);
            }
            A::Hint => self.give_hint(),
            A::Undo => self.undo(),
            A::Quit if self.screen.save_path.is_none() && !self.game.moves().is_empty() => {
                self.screen.offer_to_save();
            }
            A::Quit if self.game.outcome().is_some() || self.review.is_some() => {
                self.screen.quit = true;
            }
            A::Quit => {
                self.confirm_quit = true;
                self.screen.status = Status::info(match &self.screen.save_path {
                    Some(path) => self
                        .screen
                        .catalog
                        .format("tui-quit-saved", &[("path", &path.display().to_string())]),
                    None => self.screen.catalog.get("tui-quit-confirm"),
                });
            }
            A::Confirm(yes) => {
                self.confirm_quit = false;
                self.screen.quit = yes;
                self.screen.status = self.prompt();
            }
            A::Skip => self.finish_animation(),
            A::CancelReview => self.cancel_review(),
            A::Review if self.review.is_some() => {
                self.review = None;
                self.screen.status = self.prompt();
            }
            A::Review => self.open_review(),
            A::Step(dir) => {
                if let Some(review) = &mut self.review {
                    let severities = review.severities();
                    review.cursor.step(dir, &severities);
                }
            }
            A::Rematch => self.rematch(),
        }
    }

    /// A new game with the same settings and the sides swapped (the person plays the other
    /// colour against the computer); a saved game is kept and the new one saved beside it.
    pub fn rematch(&mut self) {
        self.config.human = self.config.human.opponent();
        self.config.seed = self.config.seed.wrapping_add(1);
        self.game = Game::new(self.config.rules);
        self.review = None;
        self.hint = None;
        self.pick.clear();
        self.screen.input.clear();
        if let Some(path) = &self.screen.save_path {
            self.screen.save_path = Some(crate::ui::free_path(path));
        }
        self.screen.status = self.prompt();
    }

    /// Counts a finished game in the sitting's tally.
    fn count_result(&mut self) {
        let Some(outcome) = self.game.outcome() else {
            return;
        };
        match outcome.winner {
            None => self.tally.drawn += 1,
            Some(winner) if winner == self.config.human => self.tally.won += 1,
            Some(_) => self.tally.lost += 1,
        }
    }

    /// Handles one input: finds its action and applies it.
    pub fn handle_input(&mut self, input: Input) {
        Screen::handle(self, input);
    }

    /// The legal moves whose notation starts with the typed text.
    fn candidates(&self) -> Vec<(Move, String)> {
        self.game
            .legal_moves()
            .iter()
            .map(|m| (*m, m.to_string()))
            .filter(|(_, text)| text.starts_with(&self.screen.input))
            .collect()
    }

    fn complete(&mut self) {
        let legal = self.candidates().into_iter().map(|(_, text)| text);
        self.screen.complete(legal);
    }

    fn submit(&mut self) {
        let candidates = self.candidates();
        let exact = candidates.iter().find(|(_, t)| *t == self.screen.input);
        match (exact, candidates.len()) {
            (Some((mv, _)), _) => self.play_human(*mv),
            (None, 1) => self.play_human(candidates[0].0),
            (None, 0) => {
                let typed = self.screen.input.clone();
                self.screen.status = self
                    .refusal(&typed)
                    .unwrap_or_else(|| self.screen.no_match());
            }
            (None, _) => {
                let texts: Vec<String> = candidates.into_iter().map(|(_, t)| t).collect();
                self.screen.status = self.screen.ambiguous(&texts);
            }
        }
    }

    /// Why the rules refuse a typed move that reads as one ("b4 is occupied"), in the user's
    /// language; `None` when the text is no whole move (then nothing starts with it).
    fn refusal(&self, text: &str) -> Option<Status> {
        let mv: Move = text.parse().ok()?;
        let error = self
            .game
            .position()
            .play_checked(self.game.rules(), mv)
            .err()?;
        let text = self
            .screen
            .catalog
            .error(error.code(), &error.params(), &error.to_string());
        Some(Status::error(text))
    }

    /// The moves that continue the current selection with `square`.
    fn moves_through(&self, path: &[Square]) -> Vec<Move> {
        self.game
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| move_path(*m).starts_with(path))
            .collect()
    }

    fn select(&mut self, square: Square) {
        self.screen.input.clear();
        let mut path = self.pick.clone();
        path.push(square);
        let mut moves = self.moves_through(&path);
        if moves.is_empty() && !self.pick.is_empty() {
            path = vec![square];
            moves = self.moves_through(&path);
        }
        if moves.is_empty() {
            self.pick.clear();
            // Placing on an occupied point: the rules say why ("b4 is occupied").
            let refused = self
                .game
                .position()
                .is_placement_phase()
                .then(|| self.refusal(square.name()))
                .flatten();
            self.screen.status = refused.unwrap_or_else(|| {
                Status::error(
                    self.screen
                        .catalog
                        .format("tui-not-selectable", &[("square", square.name())]),
                )
            });
            return;
        }
        if let [only] = moves[..]
            && move_path(only).len() == path.len()
        {
            self.play_human(only);
            return;
        }
        self.pick = path;
        self.screen.status = self.prompt();
    }

    fn play_human(&mut self, mv: Move) {
        if let Err(error) = self.game.play(mv) {
            let text = self
                .screen
                .catalog
                .error(error.code(), &error.params(), &error.to_string());
            self.screen.status = Status::error(text);
            return;
        }
        self.after_move();
    }

    fn after_move(&mut self) {
        self.screen.input.clear();
        self.pick.clear();
        self.hint = None;
        self.screen.record_changed();
        self.count_result();
        self.screen.status = self.prompt();
    }

    /// The judge's best move (the review's measure, the game's history for repetitions).
    fn give_hint(&mut self) {
        let position = *self.game.position();
        let history = self.game.history().to_vec();
        let rules = self.config.rules;
        let hint = Judge::new(rules, self.databases()).hint(&history, &position);
        if let Some(Judged { mv, score }) = hint {
            let value = score_words(&self.screen.catalog, score);
            self.screen.status = Status::info(
                self.screen
                    .catalog
                    .format("tui-hint", &[("move", &mv.to_string()), ("value", &value)]),
            );
            self.hint = Some((mv, value));
        }
    }

    fn databases(&mut self) -> Option<&Databases> {
        if self.databases.is_none() {
            self.databases = Some(Databases::open_default());
        }
        self.databases.as_ref()
    }

    fn undo(&mut self) {
        if self.pick.pop().is_some() {
            self.screen.status = self.prompt();
            return;
        }
        let was_over = self.game.outcome().map(|o| o.winner);
        if self.game.undo().is_none() {
            self.screen.status = Status::error(self.screen.catalog.get("tui-nothing-to-undo"));
            return;
        }
        // Against the computer, take back until the person is to move again.
        while !self.human_to_move() && self.game.undo().is_some() {}
        match was_over {
            Some(None) => self.tally.drawn = self.tally.drawn.saturating_sub(1),
            Some(Some(w)) if w == self.config.human => {
                self.tally.won = self.tally.won.saturating_sub(1);
            }
            Some(Some(_)) => self.tally.lost = self.tally.lost.saturating_sub(1),
            None => {}
        }
        self.hint = None;
        self.screen.record_changed();
        self.screen.status = Status::info(self.screen.catalog.get("tui-undone"));
    }

    fn finish_animation(&mut self) {
        if let Some(animation) = self.animation.take() {
            let _ = self.game.play(animation.mv);
            self.after_move();
            self.screen.status = Status::info(self.screen.catalog.format(
                "tui-computer-played",
                &[("move", &animation.mv.to_string())],
            ));
            if self.game.outcome().is_some() {
                self.screen.status = self.prompt();
            }
        }
    }

    /// Lets the computer (the engine's player at the configured level, its noise seeded by the
    /// configured seed and the plies played) choose its move and starts showing it.
    pub fn computer_move(&mut self) {
        let Ok(level) = Level::new(self.config.level) else {
            return;
        };
        let (game, seed) = (self.game.clone(), self.config.seed);
        let dbs = if level.databases {
            self.databases()
        } else {
            None
        };
        let mut player = EnginePlayer::new(EngineSetting::Level(level), dbs);
        player.set_seed(seed);
        let choice = player.choose(&game, &Limits::default());
        if let Some(mv) = choice.ok().and_then(|choice| choice.best_move) {
            self.animation = Some(Animation {
                mv,
                shown: 1,
                parts: move_parts(mv),
            });
        }
    }

    /// The board as shown now: the game's position, with the animated move's shown parts.
    pub fn shown_board(&self) -> [Option<Color>; 24] {
        let position = self.shown_position();
        let mut board = [None; 24];
        for square in Square::ALL {
            board[square.index()] = position.piece_at(square);
        }
        if let Some(animation) = self.animation {
            let mover = position.side_to_move();
            let mv = animation.mv;
            let mut steps: Vec<(Square, Option<Color>)> = Vec::new();
            if let Some(from) = mv.from {
                steps.push((from, None));
            }
            steps.push((mv.to, Some(mover)));
            if let Some(removed) = mv.remove {
                steps.push((removed, None));
            }
            for (square, piece) in steps.into_iter().take(animation.shown) {
                board[square.index()] = piece;
            }
        }
        board
    }

    /// The position on the board: the game's, or the reviewed step's.
    pub fn shown_position(&self) -> &Position {
        match &self.review {
            Some(review) => &review.positions[review.cursor.index],
            None => self.game.position(),
        }
    }

    /// The move that led to the position shown (marked on the board), if any.
    pub fn last_move(&self) -> Option<Move> {
        match &self.review {
            Some(review) => review
                .cursor
                .index
                .checked_sub(1)
                .map(|i| review.review.moves[i].played),
            None => self.game.moves().last().copied(),
        }
    }

    /// The result in words: personal against the computer ("You won — blocked"), by colour
    /// between two people.
    pub fn result_text(&self) -> Option<String> {
        let outcome = self.game.outcome()?;
        let catalog = &self.screen.catalog;
        let why = catalog.get(&format!("tui-why-{}", outcome.reason.name()));
        Some(match (self.config.opponent, outcome.winner) {
            (_, None) => catalog.format("tui-result-draw", &[("why", &why)]),
            (Opponent::Computer, Some(w)) if w == self.config.human => {
                catalog.format("tui-you-won", &[("why", &why)])
            }
            (Opponent::Computer, Some(_)) => catalog.format("tui-you-lost", &[("why", &why)]),
            (Opponent::Human, Some(winner)) => format!(
                "{} {}",
                catalog.format("result-win", &[("side", &self.color_name(winner))]),
                catalog.get(&format!("reason-{}", outcome.reason.name()))
            ),
        })
    }

    /// The status line for the state of the game: what to do now, or the result.
    pub fn prompt(&self) -> Status {
        let position = self.game.position();
        if let Some(result) = self.result_text() {
            return Status::info(format!(
                "{result} {}",
                self.screen.catalog.get("tui-morris-over-keys")
            ));
        }
        if !self.human_to_move() {
            return Status::info(self.screen.catalog.get("status-thinking"));
        }
        let through = if self.pick.is_empty() {
            Vec::new()
        } else {
            self.moves_through(&self.pick)
        };
        let removing = !through.is_empty()
            && through
                .iter()
                .all(|m| m.remove.is_some() && move_path(*m).len() == self.pick.len() + 1);
        let key = if removing {
            "morris-remove"
        } else if position.is_placement_phase() {
            "morris-place"
        } else if position.side_to_move_flies(&self.config.rules) {
            "morris-fly"
        } else {
            "morris-move"
        };
        Status::info(self.screen.catalog.get(key))
    }

    /// The name of a colour in the user's language.
    pub fn color_name(&self, color: Color) -> String {
        side_name(&self.screen.catalog, color == Color::White)
    }

    /// Who plays `color`: "You", "Computer, level 5" or "Friend" (the other person at the
    /// keyboard), translated.
    pub fn player_label(&self, color: Color) -> String {
        let config = &self.config;
        let yours = color == config.human;
        player_label(&self.screen.catalog, config.opponent, config.level, yours)
    }

    /// The game as a record (the settings as tags, then the moves).
    pub fn record(&self) -> MorrisRecord {
        let player = |color: Color| match self.config.opponent {
            Opponent::Computer if color != self.config.human => {
                MorrisPlayer::Computer(self.config.level)
            }
            _ => MorrisPlayer::Human,
        };
        MorrisRecord {
            players: [player(Color::White), player(Color::Black)],
            seed: Some(self.config.seed),
            game: self.game.clone(),
        }
    }

    /// The position shown (for tests and the plain mode).
    pub fn position(&self) -> &Position {
        self.game.position()
    }
}

/// A Morris engine score in the interface's words: a forced result as "win in N plies"
/// (translated), else pieces like `+1.25`.
pub(crate) fn score_words(catalog: &ludus_i18n::Catalog, score: i32) -> String {
    use ludus_morris_engine::search::{WIN, WIN_THRESHOLD};
    if score.abs() <= WIN_THRESHOLD {
        return ludus_morris_engine::score_text(score);
    }
    let key = if score > 0 {
        "review-perfect-win-in"
    } else {
        "review-perfect-loss-in"
    };
    catalog.format(key, &[("plies", &(WIN - score.abs()).to_string())])
}

/// The points a move touches, in the order they are selected: from (unless placed), to, removal.
pub fn move_path(mv: Move) -> Vec<Square> {
    mv.from
        .into_iter()
        .chain(Some(mv.to))
        .chain(mv.remove)
        .collect()
}

fn is_notation_char(c: char) -> bool {
    matches!(c.to_ascii_lowercase(), 'a'..='g' | '1'..='7' | '-' | 'x')
}

/// The point the cursor reaches from `square` in `dir`: the nearest point on the same line.
pub fn next_square(square: Square, dir: Dir) -> Square {
    let (x, y) = grid(square);
    let (dx, dy) = match dir {
        Dir::Up => (0, 1),
        Dir::Down => (0, -1),
        Dir::Left => (-1, 0),
        Dir::Right => (1, 0),
    };
    Square::ALL
        .into_iter()
        .filter(|s| {
            let (sx, sy) = grid(*s);
            let (ax, ay) = (sx - x, sy - y);
            // Same line in the direction of travel.
            (dx != 0 && ay == 0 && ax * dx > 0) || (dy != 0 && ax == 0 && ay * dy > 0)
        })
        .min_by_key(|s| {
            let (sx, sy) = grid(*s);
            (sx - x).abs() + (sy - y).abs()
        })
        .unwrap_or(square)
}
