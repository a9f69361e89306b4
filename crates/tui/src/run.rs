//! The two loops that drive a [`Screen`]: full screen in a terminal (crossterm events, mouse,
//! resizes, animation ticks), and plain text with line prompts for pipes and `--plain`.

use crate::ui::{Dir, Input, Screen};
use crate::view::{MIN_HEIGHT, MIN_WIDTH};
use ratatui::Frame;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEventKind, KeyModifiers,
    MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::time::Duration;

/// How long the loop waits for an event when nothing is animated (it redraws after each).
const IDLE_POLL: Duration = Duration::from_millis(500);

/// Saves a record to a path (the screen's [`crate::ui::ScreenState::save_path`]).
pub type Saver<'a> = dyn FnMut(&Path, &str) -> io::Result<()> + 'a;

/// Saves the record when it changed and the screen has somewhere to save it; a failure is
/// reported on the screen (which then stays open).
fn save_changes(screen: &mut dyn Screen, save: &mut Saver<'_>) {
    let Some(record) = screen.take_record() else {
        return;
    };
    let Some(path) = screen.state().save_path.clone() else {
        return;
    };
    if let Err(error) = save(&path, &record) {
        screen.state_mut().save_failed(&path, &error);
    }
}

/// Draws the screen, with the help overlay on top while it is open.
pub fn draw_screen(screen: &mut dyn Screen, frame: &mut Frame) {
    screen.draw(frame);
    if screen.state().help {
        crate::view::draw_help(frame, &screen.state().catalog, screen.help_keys());
    }
}

/// Runs `screen` full screen until the user leaves; the terminal is restored afterwards, also
/// on errors.
pub fn run_terminal(screen: &mut dyn Screen, save: &mut Saver<'_>) -> io::Result<()> {
    let mut terminal = ratatui::init();
    execute!(io::stdout(), EnableMouseCapture)?;
    let result = terminal_loop(&mut terminal, screen, save);
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

fn terminal_loop(
    terminal: &mut ratatui::DefaultTerminal,
    screen: &mut dyn Screen,
    save: &mut Saver<'_>,
) -> io::Result<()> {
    loop {
        save_changes(screen, save);
        terminal.draw(|frame| draw_screen(screen, frame))?;
        if screen.wants_quit() {
            return Ok(());
        }
        if screen.computer_to_move() {
            screen.think();
            continue;
        }
        let animating = screen.animation_delay();
        if !event::poll(animating.unwrap_or(IDLE_POLL))? {
            if animating.is_some() {
                screen.tick();
            }
            continue;
        }
        match event::read()? {
            Event::Key(key) if key.kind != KeyEventKind::Release => {
                if key.modifiers.contains(KeyModifiers::CONTROL)
                    && matches!(key.code, KeyCode::Char('c'))
                {
                    return Ok(());
                }
                if let Some(input) = key_input(key.code) {
                    screen.handle(input);
                }
            }
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                screen.handle(Input::Click {
                    column: mouse.column,
                    row: mouse.row,
                });
            }
            // A resize needs nothing but the redraw at the top of the loop.
            _ => {}
        }
    }
}

/// The input of a key, if the UI uses it.
pub fn key_input(code: KeyCode) -> Option<Input> {
    Some(match code {
        KeyCode::Char(c) => Input::Char(c),
        KeyCode::Enter => Input::Enter,
        KeyCode::Backspace | KeyCode::Delete => Input::Backspace,
        KeyCode::Esc => Input::Esc,
        KeyCode::Tab => Input::Tab,
        KeyCode::Up => Input::Arrow(Dir::Up),
        KeyCode::Down => Input::Arrow(Dir::Down),
        KeyCode::Left => Input::Arrow(Dir::Left),
        KeyCode::Right => Input::Arrow(Dir::Right),
        _ => return None,
    })
}

/// The screen drawn into a plain-text picture of `width`×`height` cells (trailing spaces cut).
pub fn screen_text(screen: &mut dyn Screen, width: u16, height: u16) -> String {
    let mut terminal =
        Terminal::new(TestBackend::new(width, height)).unwrap_or_else(|never| match never {});
    if terminal.draw(|frame| draw_screen(screen, frame)).is_err() {
        return String::new();
    }
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..buffer.area.height {
        let mut line = String::new();
        for x in 0..buffer.area.width {
            line.push_str(buffer[(x, y)].symbol());
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

/// The inputs of a line typed in plain mode: a lone command letter is that key; anything else
/// is typed and entered (an empty line is Enter).
pub fn line_inputs(line: &str) -> Vec<Input> {
    let line = line.trim();
    let mut chars = line.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if "hqurdtpynslav?<>HQURDTPYNSLAV".contains(c) => vec![Input::Char(c)],
        _ => line
            .chars()
            .map(Input::Char)
            .chain(Some(Input::Enter))
            .collect(),
    }
}

/// Runs `screen` with line prompts: prints the board as text, reads a line, repeats. The
/// computer's moves are played at once.
pub fn run_plain(
    screen: &mut dyn Screen,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    save: &mut Saver<'_>,
) -> io::Result<()> {
    let mut last_picture = String::new();
    loop {
        save_changes(screen, save);
        let picture = screen_text(screen, MIN_WIDTH, MIN_HEIGHT);
        if picture != last_picture {
            writeln!(output, "{picture}")?;
            // The picture is 80 columns wide; a longer status line is printed whole below it.
            let status = screen.status_text();
            if status.chars().count() + 1 > usize::from(MIN_WIDTH) {
                writeln!(output, " {status}")?;
            }
            last_picture = picture;
        }
        if screen.wants_quit() {
            return Ok(());
        }
        if screen.computer_to_move() {
            screen.think();
            while let Some(delay) = screen.animation_delay() {
                if screen.busy() {
                    // Background work (a review) is waited for, not spun on.
                    std::thread::sleep(delay);
                }
                screen.tick();
            }
            continue;
        }
        write!(output, "> ")?;
        output.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        if screen.state().save_prompt.is_some() && !line.trim().is_empty() {
            // A line typed at the save prompt is the whole path.
            screen.state_mut().set_save_prompt(line.trim());
            screen.handle(Input::Enter);
            continue;
        }
        for key in line_inputs(&line) {
            screen.handle(key);
        }
    }
}
