//! Game review in the terminal, shared by both games: stepping through the decisions of a game
//! ([`ReviewCursor`]) and the compact equity graph drawn in block characters with the errors
//! marked under it ([`graph_rows`]).
//!
//! The Morris review comes from `ludus_morris_engine::review`, the backgammon review from
//! `ludus_backgammon_engine::analysis`; the screens ([`crate::morris`], [`crate::backgammon`])
//! keep their review beside the game and draw the board at the reviewed position.

use crate::ui::Dir;

/// Block characters of one graph row, empty to full.
const BLOCKS: [char; 9] = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// How a decision is marked under the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Nothing to mark.
    None,
    /// An inaccuracy (Morris) or a doubtful move (backgammon): `·`.
    Small,
    /// A mistake (Morris) or an error (backgammon): `?`.
    Medium,
    /// A blunder: `!`.
    Large,
}

impl Severity {
    /// The mark under the graph.
    pub fn mark(self) -> char {
        match self {
            Severity::None => ' ',
            Severity::Small => '·',
            Severity::Medium => '?',
            Severity::Large => '!',
        }
    }
}

/// Which decision of a reviewed game is shown: `0` is the start (before the first decision),
/// `n` the position after decision `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewCursor {
    /// The step shown, `0..=len`.
    pub index: usize,
    /// Decisions in the game.
    pub len: usize,
}

impl ReviewCursor {
    /// A cursor on the first decision (or the start when there is none).
    pub fn new(len: usize) -> ReviewCursor {
        ReviewCursor {
            index: usize::from(len > 0),
            len,
        }
    }

    /// Moves by an arrow key: ←/→ one decision, ↑/↓ to the previous/next error in `severities`
    /// (one per decision; errors are `Medium` or worse).
    pub fn step(&mut self, dir: Dir, severities: &[Severity]) {
        let is_error = |i: usize| {
            severities
                .get(i - 1)
                .is_some_and(|s| *s >= Severity::Medium)
        };
        self.index = match dir {
            Dir::Left => self.index.saturating_sub(1),
            Dir::Right => (self.index + 1).min(self.len),
            Dir::Down => (self.index + 1..=self.len)
                .find(|&i| is_error(i))
                .unwrap_or(self.index),
            Dir::Up => (1..self.index)
                .rev()
                .find(|&i| is_error(i))
                .unwrap_or(self.index),
        };
    }
}

/// Two rows of an equity graph `width` columns wide and the row of marks under it: the graph of
/// [`graph_lines`] at its smallest height.
pub fn graph_rows(
    values: &[f64],
    severities: &[Severity],
    scale: f64,
    width: usize,
    current: usize,
) -> [String; 3] {
    let mut lines = graph_lines(values, severities, scale, (width, 2), current).into_iter();
    let mut next = || lines.next().unwrap_or_default();
    [next(), next(), next()]
}

/// An equity graph of `size` = (`width` columns, `height` rows; an odd height is rounded down,
/// at least 2) and the row of marks under it: `values` (one per decision, from White's view)
/// clipped to ±`scale`, the zero line halfway; several decisions share a column when there are
/// more than columns (the column shows the last one and the worst mark), and a short game is
/// drawn up to [`MAX_REPEAT`] columns per decision. The column of the decision `current`
/// (1-based; 0 for none) is marked `▲`. Empty without values.
pub fn graph_lines(
    values: &[f64],
    severities: &[Severity],
    scale: f64,
    (width, height): (usize, usize),
    current: usize,
) -> Vec<String> {
    let width = width.max(1);
    let half = (height / 2).max(1);
    let columns = values.len().min(width);
    let mut rows = vec![String::new(); 2 * half + 1];
    if columns == 0 {
        return rows;
    }
    let column_of = |i: usize| i * columns / values.len();
    // Levels in eighths of a row, from the bottom of the graph; the zero line is at `middle`.
    let middle = 8 * half;
    let mut marks = vec![Severity::None; columns];
    let mut levels = vec![middle; columns];
    for (i, value) in values.iter().enumerate() {
        let column = column_of(i);
        let clipped = (value / scale).clamp(-1.0, 1.0);
        levels[column] = (middle as f64 + clipped * middle as f64).round() as usize;
        marks[column] = marks[column].max(severities.get(i).copied().unwrap_or(Severity::None));
    }
    let repeat = (width / columns).clamp(1, MAX_REPEAT);
    for (column, level) in levels.iter().enumerate() {
        let here = current > 0 && column_of(current - 1) == column;
        for copy in 0..repeat {
            for (row, text) in rows[..2 * half].iter_mut().enumerate() {
                // Row 0 is the top: it fills from 8 * (2 * half - 1) eighths up.
                let floor = 8 * (2 * half - 1 - row);
                text.push(BLOCKS[level.saturating_sub(floor).min(8)]);
            }
            rows[2 * half].push(match (copy, here) {
                (0, true) => '▲',
                (0, false) => marks[column].mark(),
                _ => ' ',
            });
        }
    }
    rows
}

/// The most columns one decision gets in the graph of a short game.
pub const MAX_REPEAT: usize = 3;

/// How often the loops look at a review computed in the background (and redraw its progress).
pub const JOB_POLL: std::time::Duration = std::time::Duration::from_millis(50);

/// Work on a thread of its own that reports its progress and can be asked to stop: a review
/// computed while the screen stays responsive (its gauge drawn, Esc cancelling).
#[derive(Debug)]
pub struct Job<T> {
    handle: Option<std::thread::JoinHandle<T>>,
    done: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    total: usize,
    cancel: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

/// What a [`Job`]'s work is given: its progress report (`done` of the job's total) and whether
/// it is asked to stop.
pub struct JobControl {
    done: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    cancel: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl JobControl {
    /// Reports `done` steps finished; `Break` when the job is asked to stop.
    pub fn report(&self, done: usize) -> std::ops::ControlFlow<()> {
        use std::sync::atomic::Ordering;
        self.done.store(done, Ordering::Relaxed);
        if self.cancel.load(Ordering::Relaxed) {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    }
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` of `total` steps on its own thread.
    pub fn start(total: usize, work: impl FnOnce(&JobControl) -> T + Send + 'static) -> Job<T> {
        let done = std::sync::Arc::default();
        let cancel = std::sync::Arc::default();
        let control = JobControl {
            done: std::sync::Arc::clone(&done),
            cancel: std::sync::Arc::clone(&cancel),
        };
        Job {
            handle: Some(std::thread::spawn(move || work(&control))),
            done,
            total,
            cancel,
        }
    }

    /// Steps done and steps in all.
    pub fn progress(&self) -> (usize, usize) {
        let done = self.done.load(std::sync::atomic::Ordering::Relaxed);
        (done.min(self.total), self.total)
    }

    /// The work's result once it has ended (`None` while it runs). A panic in the work ends it
    /// without a result, as `Some(Err(..))`.
    pub fn try_finish(&mut self) -> Option<std::thread::Result<T>> {
        if !self.handle.as_ref()?.is_finished() {
            return None;
        }
        self.handle.take().map(std::thread::JoinHandle::join)
    }

    /// Asks the work to stop and waits for it (it stops at its next report); its result.
    pub fn cancel(mut self) -> Option<std::thread::Result<T>> {
        self.cancel
            .store(true, std::sync::atomic::Ordering::Relaxed);
        self.handle.take().map(std::thread::JoinHandle::join)
    }
}

/// A progress bar of `width` cells: `done` of `total` filled (`█`), the rest `░`.
pub fn gauge(done: usize, total: usize, width: usize) -> String {
    let filled = (done * width)
        .checked_div(total)
        .unwrap_or(width)
        .min(width);
    let mut bar = "█".repeat(filled);
    bar.push_str(&"░".repeat(width - filled));
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_graph_has_one_column_per_decision_and_marks_errors() {
        let values = [0.0, 1.0, -1.0, 0.5];
        let severities = [
            Severity::None,
            Severity::Large,
            Severity::Small,
            Severity::None,
        ];
        let [top, bottom, marks] = graph_rows(&values, &severities, 1.0, 4, 0);
        assert_eq!(top.chars().collect::<Vec<_>>(), [' ', '█', ' ', '▄']);
        assert_eq!(bottom.chars().collect::<Vec<_>>(), ['█', '█', ' ', '█']);
        assert_eq!(marks, " !· ");
        let [_, _, marks] = graph_rows(&values, &severities, 1.0, 4, 3);
        assert_eq!(marks, " !▲ ");
        // A short game gets up to three columns per decision.
        let [top, _, marks] = graph_rows(&values, &severities, 1.0, 80, 2);
        assert_eq!(top, "   ███   ▄▄▄");
        assert_eq!(marks, "   ▲  ·     ");
    }

    #[test]
    fn a_taller_graph_has_finer_steps_and_the_same_marks() {
        let values = [1.0, -1.0, 0.25, 0.0];
        let severities = [
            Severity::None,
            Severity::Large,
            Severity::None,
            Severity::None,
        ];
        let lines = graph_lines(&values, &severities, 1.0, (4, 4), 1);
        assert_eq!(lines.len(), 5);
        let columns: Vec<Vec<char>> = lines.iter().map(|l| l.chars().collect()).collect();
        // +1 fills all four rows; -1 none; +0.25 half a row above the zero line; 0 the lower half.
        let column = |c: usize| -> String { columns[..4].iter().map(|row| row[c]).collect() };
        assert_eq!(column(0), "████");
        assert_eq!(column(1), "    ");
        assert_eq!(column(2), " ▄██");
        assert_eq!(column(3), "  ██");
        assert_eq!(lines[4], "▲!  ");
        // Height 2 is the three rows of `graph_rows`.
        let small = graph_lines(&values, &severities, 1.0, (4, 2), 1);
        assert_eq!(small, graph_rows(&values, &severities, 1.0, 4, 1).to_vec());
    }

    #[test]
    fn long_games_share_columns_and_keep_the_worst_mark() {
        let values = vec![0.0; 10];
        let mut severities = vec![Severity::None; 10];
        severities[1] = Severity::Medium;
        let [top, _, marks] = graph_rows(&values, &severities, 1.0, 5, 0);
        assert_eq!(top.chars().count(), 5);
        assert_eq!(marks, "?    ");
    }

    #[test]
    fn the_gauge_fills_with_the_progress() {
        assert_eq!(gauge(0, 4, 8), "░░░░░░░░");
        assert_eq!(gauge(1, 4, 8), "██░░░░░░");
        assert_eq!(gauge(4, 4, 8), "████████");
        assert_eq!(gauge(0, 0, 3), "███", "nothing to do is done");
    }

    #[test]
    fn a_job_reports_progress_finishes_and_can_be_cancelled() {
        let mut job = Job::start(3, |control| {
            for step in 1..=3 {
                let _ = control.report(step);
            }
            "done"
        });
        let result = loop {
            if let Some(result) = job.try_finish() {
                break result;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        };
        assert_eq!(result.ok(), Some("done"));
        assert_eq!(job.progress(), (3, 3));
        // A job that runs until told to stop: cancel stops it and returns its answer.
        let job = Job::start(10, |control| {
            let mut steps = 0;
            while control.report(steps).is_continue() {
                steps += 1;
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            steps
        });
        let steps = job.cancel().and_then(Result::ok);
        assert!(steps.is_some());
    }

    #[test]
    fn the_cursor_steps_and_jumps_to_errors() {
        let severities = [
            Severity::None,
            Severity::Medium,
            Severity::Small,
            Severity::Large,
        ];
        let mut cursor = ReviewCursor::new(4);
        assert_eq!(cursor.index, 1);
        cursor.step(Dir::Left, &severities);
        assert_eq!(cursor.index, 0);
        cursor.step(Dir::Down, &severities);
        assert_eq!(cursor.index, 2);
        cursor.step(Dir::Down, &severities);
        assert_eq!(cursor.index, 4);
        cursor.step(Dir::Right, &severities);
        assert_eq!(cursor.index, 4);
        cursor.step(Dir::Up, &severities);
        assert_eq!(cursor.index, 2);
    }
}
