//! The practice screen: today's exercises one at a time, each on its game's own screen (the
//! same board, keys and typing as in play), then the answer: right or wrong, the ranking at the
//! review's ply (Morris: the perfect values), the choice made in the game and when the exercise
//! comes back. Every answer is written to the player file at once.

use super::Judgement;
use super::bg::{BgExercise, BgQuestion};
use super::morris::MorrisExercise;
use super::store::PlayerStore;
use crate::i18n::Catalog;
use crate::ui::{Input, Screen, ScreenState, Status};
use ludus_morris_engine::db::Databases;
use ludus_practice::{Answer, Day, Exercise, ExerciseId, PlayerFile, Question, daily_set};
use ratatui::Frame;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Padding, Paragraph};

/// The most exercises of one day's set.
pub const DAILY_LIMIT: usize = 20;

/// The board an exercise is answered on.
enum Board {
    Bg(Box<BgExercise>),
    Morris(Box<MorrisExercise>),
}

impl Board {
    fn screen(&self) -> &dyn Screen {
        match self {
            Board::Bg(b) => &b.app,
            Board::Morris(m) => &m.app,
        }
    }

    fn screen_mut(&mut self) -> &mut dyn Screen {
        match self {
            Board::Bg(b) => &mut b.app,
            Board::Morris(m) => &mut m.app,
        }
    }

    fn answer(&self) -> Option<String> {
        match self {
            Board::Bg(b) => b.answer(),
            Board::Morris(m) => m.answer(),
        }
    }
}

/// An answered exercise as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answered {
    /// The judgement.
    pub judgement: Judgement,
    /// How the answer was graded.
    pub answer: Answer,
    /// What the player chose in the game.
    pub earlier: String,
    /// Days until the exercise comes back (0: today).
    pub due_in: u32,
}

/// The practice screen.
pub struct PracticeApp {
    /// The player file as last saved.
    pub file: PlayerFile,
    store: PlayerStore,
    today: Day,
    /// Today's set.
    pub set: Vec<ExerciseId>,
    /// The exercise shown (an index into `set`; `set.len()` once done).
    pub index: usize,
    board: Option<Board>,
    /// The answer of the exercise shown, once given.
    pub answered: Option<Answered>,
    hinted: bool,
    /// Right and wrong answers in this sitting.
    pub tally: (u32, u32),
    screen: ScreenState,
    databases: Option<Databases>,
}

impl PracticeApp {
    /// Today's set from `file` (kept at `store`), the first exercise shown.
    pub fn new(file: PlayerFile, store: PlayerStore, today: Day, catalog: Catalog) -> PracticeApp {
        let set = daily_set(&file.exercises, &file.cards, today, DAILY_LIMIT);
        let mut app = PracticeApp {
            file,
            store,
            today,
            set,
            index: 0,
            board: None,
            answered: None,
            hinted: false,
            tally: (0, 0),
            screen: ScreenState::new(catalog),
            databases: None,
        };
        app.open(0);
        app
    }

    /// The exercise shown, if any.
    pub fn exercise(&self) -> Option<&Exercise> {
        self.file.exercise(*self.set.get(self.index)?)
    }

    /// Shows exercise `index` of the set (skipping any whose position cannot be set up), or the
    /// end of the set.
    fn open(&mut self, index: usize) {
        self.answered = None;
        self.hinted = false;
        self.board = None;
        self.index = index;
        while let Some(exercise) = self.exercise().cloned() {
            let catalog = self.screen.catalog.clone();
            self.board = match exercise.question {
                Question::MorrisMove => {
                    MorrisExercise::new(&exercise, catalog).map(|m| Board::Morris(Box::new(m)))
                }
                _ => BgExercise::new(&exercise, catalog)
                    .ok()
                    .map(|b| Board::Bg(Box::new(b))),
            };
            if self.board.is_some() {
                self.ask();
                return;
            }
            self.index += 1;
        }
        self.screen.status = Status::info(self.done_text());
    }

    /// Puts the question in the status line.
    fn ask(&mut self) {
        let Some(exercise) = self.exercise() else {
            return;
        };
        let text = question_text(
            &self.screen.catalog,
            exercise,
            self.bg_question(),
            (self.index + 1, self.set.len()),
        );
        if let Some(board) = &mut self.board {
            board.screen_mut().state_mut().status = Status::info(text);
        }
    }

    fn bg_question(&self) -> Option<BgQuestion> {
        match &self.board {
            Some(Board::Bg(b)) => Some(b.question),
            _ => None,
        }
    }

    /// "Practice done: 2 right, 1 wrong." or "Nothing to practise today."
    fn done_text(&self) -> String {
        if self.set.is_empty() {
            return self.screen.catalog.get("practice-none-due");
        }
        self.screen.catalog.format(
            "practice-done",
            &[
                ("right", &self.tally.0.to_string()),
                ("wrong", &self.tally.1.to_string()),
            ],
        )
    }

    /// Judges the answer just given, records it and saves the file.
    fn finish(&mut self) {
        let Some(exercise) = self.exercise().cloned() else {
            return;
        };
        let Some(board) = &self.board else {
            return;
        };
        let Some(given) = board.answer() else {
            return;
        };
        let judgement = match board {
            Board::Bg(b) => b.judge(),
            Board::Morris(m) => m.judge(self.databases.get_or_insert_with(Databases::open_default)),
        };
        // Without a review of the answer (none found), the exercise's own best decides.
        let judgement = judgement.unwrap_or_else(|| Judgement {
            right: given == exercise.best,
            answer: given,
            best: exercise.best.clone(),
            ranking: Vec::new(),
            plies: None,
        });
        let answer = match (judgement.right, self.hinted) {
            (true, false) => Answer::Right,
            (true, true) => Answer::RightAfterHint,
            (false, _) => Answer::Wrong,
        };
        if judgement.right {
            self.tally.0 += 1;
        } else {
            self.tally.1 += 1;
            // SM-2 repeats a miss within the day's session: it comes again at the end of the set.
            if !self.set[self.index + 1..].contains(&exercise.id) {
                self.set.push(exercise.id);
            }
        }
        let due = self
            .file
            .answer(exercise.id, answer, self.today)
            .map_or(self.today, |c| c.due);
        let status = match self.store.save(&self.file) {
            Ok(()) => Status::info(self.screen.catalog.get("practice-next-keys")),
            Err(error) => Status::error(error.to_string()),
        };
        if let Some(board) = &mut self.board {
            board.screen_mut().state_mut().status = status;
        }
        self.answered = Some(Answered {
            judgement,
            answer,
            earlier: exercise.played,
            due_in: due.saturating_sub(self.today),
        });
    }

    /// The lines of the answer box.
    pub fn answer_lines(&self) -> Vec<String> {
        let Some(answered) = &self.answered else {
            return Vec::new();
        };
        answer_lines(&self.screen.catalog, answered)
    }
}

/// The question of an exercise: "Exercise 1 of 3 · find the best play for 31".
fn question_text(
    catalog: &Catalog,
    exercise: &Exercise,
    bg: Option<BgQuestion>,
    (number, total): (usize, usize),
) -> String {
    let question = match (&exercise.question, bg) {
        (Question::CheckerPlay { dice }, _) => catalog.format(
            "practice-question-checker",
            &[("dice", &format!("{}{}", dice[0], dice[1]))],
        ),
        (_, Some(BgQuestion::Take)) => catalog.get("practice-question-take"),
        (Question::CubeAction, _) => catalog.get("practice-question-double"),
        (Question::MorrisMove, _) => catalog.get("practice-question-morris"),
    };
    let head = catalog.format(
        "practice-exercise",
        &[
            ("number", &number.to_string()),
            ("total", &total.to_string()),
        ],
    );
    format!("{head} · {question}")
}

/// The answer box's lines: right or wrong, the answer, the best, the choice in the game, the
/// ranking and when the exercise comes back.
pub fn answer_lines(catalog: &Catalog, answered: &Answered) -> Vec<String> {
    let j = &answered.judgement;
    let verdict = match answered.answer {
        Answer::Right => "practice-right",
        Answer::RightAfterHint => "practice-right-hint",
        Answer::Wrong => "practice-wrong",
    };
    let mut lines = vec![
        catalog.get(verdict),
        catalog.format("practice-your-answer", &[("answer", &j.answer)]),
        catalog.format("practice-best", &[("best", &j.best)]),
        catalog.format("practice-earlier", &[("played", &answered.earlier)]),
        String::new(),
        match j.plies {
            Some(plies) => catalog.format("practice-ranking", &[("plies", &plies.to_string())]),
            None => catalog.get("practice-ranking-perfect"),
        },
    ];
    let widest = j
        .ranking
        .iter()
        .map(|r| r.choice.chars().count())
        .max()
        .unwrap_or(0);
    for (rank, choice) in j.ranking.iter().enumerate() {
        let mark = if choice.yours {
            format!("  ◀ {}", catalog.get("tui-label-you"))
        } else {
            String::new()
        };
        lines.push(format!(
            "{:>2}. {:<widest$}  {}{mark}",
            rank + 1,
            choice.choice,
            choice.value
        ));
    }
    lines.push(String::new());
    lines.push(match answered.due_in {
        0 => catalog.get("practice-due-today"),
        days => catalog.format("practice-due-in", &[("days", &days.to_string())]),
    });
    lines
}

impl Screen for PracticeApp {
    fn state(&self) -> &ScreenState {
        match &self.board {
            Some(board) => board.screen().state(),
            None => &self.screen,
        }
    }

    fn state_mut(&mut self) -> &mut ScreenState {
        match &mut self.board {
            Some(board) => board.screen_mut().state_mut(),
            None => &mut self.screen,
        }
    }

    fn handle(&mut self, input: Input) {
        let leave = matches!(input, Input::Char('q' | 'Q'));
        let Some(board) = &mut self.board else {
            if leave || matches!(input, Input::Enter | Input::Esc) {
                self.screen.quit = true;
            }
            return;
        };
        if self.answered.is_some() {
            match input {
                Input::Enter | Input::Char('n' | 'N' | ' ') => self.open(self.index + 1),
                Input::Esc => self.screen.quit = true,
                _ if leave => self.screen.quit = true,
                _ => {}
            }
            return;
        }
        let typing = !board.screen().state().input.is_empty();
        if !typing {
            match input {
                _ if leave => {
                    self.screen.quit = true;
                    return;
                }
                // The game's own new game, review and take-back are no part of an exercise.
                Input::Char('n' | 'N' | 'a' | 'A') => return,
                Input::Char('u' | 'U') if matches!(board, Board::Morris(_)) => return,
                Input::Char('h' | 'H') => self.hinted = true,
                _ => {}
            }
        }
        board.screen_mut().handle(input);
        if board.answer().is_some() {
            self.finish();
        } else if !board.screen().state().status.error && !board.screen().state().modal() {
            self.ask();
        }
    }

    fn draw(&mut self, frame: &mut Frame) {
        match &mut self.board {
            Some(board) => board.screen_mut().draw(frame),
            None => draw_box(
                frame,
                &[
                    self.done_text(),
                    String::new(),
                    self.screen.catalog.get("practice-leave-keys"),
                ],
                None,
            ),
        }
        if self.answered.is_some() {
            let lines = self.answer_lines();
            let right = self.answered.as_ref().is_some_and(|a| a.judgement.right);
            draw_box(frame, &lines, Some(right));
        }
    }

    fn computer_to_move(&self) -> bool {
        false
    }

    fn think(&mut self) {}

    fn animating(&self) -> bool {
        false
    }

    fn tick(&mut self) {}

    fn record_text(&self) -> String {
        String::new()
    }

    fn take_record(&mut self) -> Option<String> {
        None
    }

    fn wants_quit(&self) -> bool {
        self.screen.quit
    }

    fn help_keys(&self) -> &'static [&'static str] {
        match &self.board {
            Some(board) => board.screen().help_keys(),
            None => &[],
        }
    }
}

/// A framed box in the middle of the screen; its first line green (`Some(true)`) or red.
fn draw_box(frame: &mut Frame, lines: &[String], verdict: Option<bool>) {
    let area = frame.area();
    let mut text: Vec<Line> = lines.iter().map(|l| Line::raw(l.clone())).collect();
    if let (Some(right), Some(first)) = (verdict, text.first_mut()) {
        let tint = if right {
            ratatui::style::Color::Green
        } else {
            ratatui::style::Color::Red
        };
        let style = Style::default().fg(tint);
        *first = Line::styled(lines[0].clone(), style.add_modifier(Modifier::BOLD));
    }
    let rect = crate::view::centred_box(area, &text);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(text).block(Block::bordered().padding(Padding::horizontal(1))),
        rect,
    );
}
