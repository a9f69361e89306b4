//! The Morris screen's state machine: keys and clicks become [`MorrisAction`]s, actions change
//! [`MorrisApp`]; drawing lives in [`crate::morris_view`].

use crate::i18n::Catalog;
use crate::record::{MorrisPlayer, MorrisRecord};
use crate::ui::{Animation, Dir, Input, Opponent, Screen, ScreenState, Status};
use ludus_morris::{Color, Game, Move, Position, Rules, Square};
use ludus_morris_engine::Level;
use ludus_morris_engine::db::Databases;
use ratatui::Frame;

/// The level whose search answers `h` (a hint): the strongest without a long wait.
const HINT_LEVEL: u32 = 9;

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
    /// Add a character to the typed move.
    Type(char),
    /// Remove the last typed character.
    Erase,
    /// Clear the typed move and the selection.
    Clear,
    /// Complete the typed move as far as it is unambiguous.
    Complete,
    /// Play the typed move (a unique prefix is enough).
    Submit,
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
            databases: None,
        };
        app.screen.status = app.prompt();
        app
    }

    /// Whether the side to move is played by a person.
    pub fn human_to_move(&self) -> bool {
        self.config.opponent == Opponent::Human
            || self.game.position().side_to_move() == self.config.human
    }

    /// The action a key or click asks for now, if any.
    pub fn action_for(&self, input: Input) -> Option<MorrisAction> {
        use MorrisAction as A;
        if self.confirm_quit {
            return Some(A::Confirm(matches!(
                input,
                Input::Char('y' | 'Y') | Input::Enter
            )));
        }
        if self.animation.is_some() {
            return Some(A::Skip);
        }
        let over = self.game.outcome().is_some();
        if over || !self.human_to_move() {
            return match input {
                Input::Char('q') => Some(A::Quit),
                Input::Char('u') if over => Some(A::Undo),
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
            Input::Char(c) if is_notation_char(c) => Some(A::Type(c.to_ascii_lowercase())),
            Input::Backspace if self.screen.input.is_empty() => Some(A::Undo),
            Input::Backspace => Some(A::Erase),
            Input::Esc => Some(A::Clear),
            Input::Tab => Some(A::Complete),
            Input::Enter if self.screen.input.is_empty() => Some(A::Select(self.cursor)),
            Input::Enter => Some(A::Submit),
            Input::Arrow(dir) => Some(A::Cursor(dir)),
            Input::Click { column, row } => {
                let area = self.screen.board_area?;
                crate::morris_view::square_at(area, column, row).map(A::Select)
            }
            _ => None,
        }
    }

    /// Carries out an action.
    pub fn apply(&mut self, action: MorrisAction) {
        use MorrisAction as A;
        match action {
            A::Type(c) => {
                self.screen.input.push(c);
                self.pick.clear();
            }
            A::Erase => {
                self.screen.input.pop();
            }
            A::Clear => {
                self.screen.input.clear();
                self.pick.clear();
                self.screen.status = self.prompt();
            }
            A::Complete => self.complete(),
            A::Submit => self.submit(),
            A::Cursor(dir) => self.cursor = next_square(self.cursor, dir),
            A::Select(square) => {
                self.cursor = square;
                self.select(square);
            }
            A::Hint => self.give_hint(),
            A::Undo => self.undo(),
            A::Quit if self.game.outcome().is_some() => self.screen.quit = true,
            A::Quit => {
                self.confirm_quit = true;
                self.screen.status = Status::info(self.screen.catalog.get("tui-quit-confirm"));
            }
            A::Confirm(yes) => {
                self.confirm_quit = false;
                self.screen.quit = yes;
                self.screen.status = self.prompt();
            }
            A::Skip => self.finish_animation(),
        }
    }

    /// Handles one input: finds its action and applies it.
    pub fn handle_input(&mut self, input: Input) {
        if let Some(action) = self.action_for(input) {
            self.apply(action);
        }
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
            (None, 0) => self.screen.status = self.screen.no_match(),
            (None, _) => {
                let texts: Vec<String> = candidates.into_iter().map(|(_, t)| t).collect();
                self.screen.status = self.screen.ambiguous(&texts);
            }
        }
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
            self.screen.status = Status::error(
                self.screen
                    .catalog
                    .format("tui-not-selectable", &[("square", square.name())]),
            );
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
        self.screen.status = self.prompt();
    }

    fn give_hint(&mut self) {
        let Ok(level) = Level::new(HINT_LEVEL) else {
            return;
        };
        let position = *self.game.position();
        let history = self.game.positions().to_vec();
        let (rules, seed) = (self.config.rules, self.config.seed);
        let result = level.choose(&position, rules, &history, self.databases(), seed);
        if let Some(mv) = result.best_move {
            let value = result.score_text();
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
        if self.game.undo().is_none() {
            self.screen.status = Status::error(self.screen.catalog.get("tui-nothing-to-undo"));
            return;
        }
        // Against the computer, take back until the person is to move again.
        while !self.human_to_move() && self.game.undo().is_some() {}
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

    /// Lets the computer choose its move and starts showing it.
    pub fn computer_move(&mut self) {
        let Ok(level) = Level::new(self.config.level) else {
            return;
        };
        let seed = self
            .config
            .seed
            .wrapping_add(self.game.moves().len() as u64);
        let rules = self.config.rules;
        let position = *self.game.position();
        let history = self.game.positions().to_vec();
        let dbs = if level.databases {
            self.databases()
        } else {
            None
        };
        let result = level.choose(&position, rules, &history, dbs, seed);
        if let Some(mv) = result.best_move {
            self.animation = Some(Animation {
                mv,
                shown: 1,
                parts: move_parts(mv),
            });
        }
    }

    /// The board as shown now: the game's position, with the animated move's shown parts.
    pub fn shown_board(&self) -> [Option<Color>; 24] {
        let position = self.game.position();
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

    /// The status line for the state of the game: what to do now, or the result.
    pub fn prompt(&self) -> Status {
        let position = self.game.position();
        if let Some(outcome) = self.game.outcome() {
            let reason = self
                .screen
                .catalog
                .get(&format!("reason-{}", outcome.reason.name()));
            let result = match outcome.winner {
                Some(winner) => self
                    .screen
                    .catalog
                    .format("result-win", &[("side", &self.color_name(winner))]),
                None => self.screen.catalog.get("result-draw"),
            };
            return Status::info(format!("{result} {reason}"));
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
        self.screen.catalog.get(match color {
            Color::White => "side-white",
            Color::Black => "side-black",
        })
    }

    /// Who plays `color`: "you", "computer" or "human", translated.
    pub fn player_label(&self, color: Color) -> String {
        match self.config.opponent {
            Opponent::Human => self.screen.catalog.get("human"),
            Opponent::Computer if color == self.config.human => self.screen.catalog.get("you"),
            Opponent::Computer => format!(
                "{} ({})",
                self.screen.catalog.get("computer"),
                self.screen
                    .catalog
                    .format("tui-level", &[("level", &self.config.level.to_string())])
            ),
        }
    }

    /// The game as a record (header and move list).
    pub fn record(&self) -> MorrisRecord {
        let player = |color: Color| match self.config.opponent {
            Opponent::Computer if color != self.config.human => {
                MorrisPlayer::Computer(self.config.level)
            }
            _ => MorrisPlayer::Human,
        };
        MorrisRecord {
            rules: self.config.rules,
            players: [player(Color::White), player(Color::Black)],
            game: self.game.clone(),
        }
    }

    /// The position shown (for tests and the plain mode).
    pub fn position(&self) -> &Position {
        self.game.position()
    }
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

/// Column (file a..g = 0..6) and row (rank 1..7 = 0..6) of a point on the 7×7 grid.
pub fn grid(square: Square) -> (i32, i32) {
    let name = square.name().as_bytes();
    (i32::from(name[0] - b'a'), i32::from(name[1] - b'1'))
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

impl Screen for MorrisApp {
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
        crate::morris_view::draw(frame, self);
    }

    fn computer_to_move(&self) -> bool {
        self.config.opponent == Opponent::Computer
            && !self.human_to_move()
            && self.animation.is_none()
            && self.game.outcome().is_none()
            && !self.screen.quit
    }

    fn think(&mut self) {
        self.computer_move();
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
        self.record().to_string()
    }
}
