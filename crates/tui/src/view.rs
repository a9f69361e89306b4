//! Drawing shared by both boards: colours, the screen's rows (board, status, input, keys), the
//! move list, and the message shown when the terminal is too small.

use crate::i18n::Catalog;
use crate::ui::Status;
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color as Tint, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

/// The smallest terminal the boards fit in: the classic 80×24.
pub const MIN_WIDTH: u16 = 80;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = 24;

/// Colours and glyphs of the boards.
#[derive(Clone, Copy, Debug)]
pub struct Theme {
    /// An empty Morris point.
    pub empty: &'static str,
    /// Board lines and empty points.
    pub line: Style,
    /// The lines of a formed mill.
    pub mill: Style,
    /// Rank, file and point labels.
    pub label: Style,
    /// The selection.
    pub selected: Style,
    /// The hint's points.
    pub hint: Style,
    /// The hint's text.
    pub hint_text: Style,
    /// The points of the computer's move being shown.
    pub moving: Style,
    /// The points of the last move played.
    pub last_move: Style,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            empty: "·",
            line: Style::default().fg(Tint::Gray),
            mill: Style::default()
                .fg(Tint::Yellow)
                .add_modifier(Modifier::BOLD),
            label: Style::default().fg(Tint::DarkGray),
            selected: Style::default().bg(Tint::Blue),
            hint: Style::default().bg(Tint::Green),
            hint_text: Style::default().fg(Tint::Green),
            moving: Style::default().bg(Tint::Magenta),
            last_move: Style::default().bg(Tint::DarkGray),
        }
    }
}

impl Theme {
    /// The glyph of a Morris piece: White ○, Black ● (as in printed diagrams).
    pub fn piece(&self, color: ludus_morris::Color) -> &'static str {
        match color {
            ludus_morris::Color::White => "○",
            ludus_morris::Color::Black => "●",
        }
    }

    /// The style of a piece or checker of White (`true`) or Black.
    pub fn side_style(&self, white: bool) -> Style {
        let tint = if white { Tint::White } else { Tint::LightRed };
        Style::default().fg(tint).add_modifier(Modifier::BOLD)
    }

    /// The style of a Morris piece.
    pub fn piece_style(&self, color: ludus_morris::Color) -> Style {
        self.side_style(color == ludus_morris::Color::White)
    }
}

/// Draws the "terminal too small" message when the frame is under 80×24; true if so.
pub fn too_small(frame: &mut Frame, catalog: &Catalog) -> bool {
    let area = frame.area();
    if area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT {
        return false;
    }
    let text = catalog.format(
        "tui-too-small",
        &[
            ("width", &MIN_WIDTH.to_string()),
            ("height", &MIN_HEIGHT.to_string()),
        ],
    );
    let [_, middle, _] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(2),
        Constraint::Fill(1),
    ])
    .areas(area);
    frame.render_widget(
        Paragraph::new(text)
            .alignment(Alignment::Center)
            .wrap(ratatui::widgets::Wrap { trim: true }),
        middle,
    );
    true
}

/// The rows of a screen: the board and its panel, the status line, the input line, the keys.
pub fn screen_rows(area: Rect) -> [Rect; 4] {
    Layout::vertical([
        Constraint::Min(0),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area)
}

/// Draws the status line.
pub fn draw_status(frame: &mut Frame, area: Rect, status: &Status, theme: &Theme) {
    let style = if status.error {
        Style::default()
            .fg(Tint::LightRed)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::default().add_modifier(Modifier::BOLD)
    };
    let _ = theme;
    frame.render_widget(
        Paragraph::new(Line::styled(format!(" {}", status.text), style)),
        area,
    );
}

/// Draws the input line: the typed move with a cursor, and how many legal moves it matches.
pub fn draw_input(
    frame: &mut Frame,
    area: Rect,
    catalog: &Catalog,
    input: &str,
    matches: usize,
    theme: &Theme,
) {
    let mut spans = vec![
        Span::styled(format!(" {} › ", catalog.get("tui-input")), theme.label),
        Span::raw(input.to_string()),
        Span::styled("▏", Style::default().add_modifier(Modifier::SLOW_BLINK)),
    ];
    if !input.is_empty() {
        spans.push(Span::styled(
            format!(
                "  {}",
                catalog.format("tui-matches", &[("count", &matches.to_string())])
            ),
            theme.label,
        ));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// Draws the line of keys.
pub fn draw_keys(frame: &mut Frame, area: Rect, text: &str, theme: &Theme) {
    frame.render_widget(
        Paragraph::new(Line::styled(format!(" {text}"), theme.label)),
        area,
    );
}

/// Numbered move pairs (`12. d6-d5  f4xd6`), the last `room` lines, or `empty` when none.
pub fn move_lines(
    moves: impl Iterator<Item = String>,
    room: usize,
    empty: &str,
) -> Vec<Line<'static>> {
    let moves: Vec<String> = moves.collect();
    if moves.is_empty() {
        return vec![Line::from(format!("  {empty}"))];
    }
    let lines: Vec<Line<'static>> = moves
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let second = pair.get(1).map_or("", String::as_str);
            Line::from(format!("{:>4}. {:<14}{second}", i + 1, pair[0]))
        })
        .collect();
    let skip = lines.len().saturating_sub(room);
    lines.into_iter().skip(skip).collect()
}

/// The rectangle of a framed box of `lines` (one column of padding a side) in the middle of
/// `area`, as large as they need and no larger than `area`.
pub fn centred_box(area: Rect, lines: &[Line]) -> Rect {
    let widest = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    let width = (widest + 4).min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// Draws the help overlay: a framed box in the middle of the screen with one line per key (the
/// catalog texts of `keys`) and how to close it.
pub fn draw_help(frame: &mut Frame, catalog: &Catalog, keys: &[&str]) {
    let area = frame.area();
    let mut lines: Vec<Line> = keys.iter().map(|k| Line::raw(catalog.get(k))).collect();
    lines.push(Line::default());
    lines.push(Line::styled(
        catalog.get("tui-help-close"),
        Style::default().add_modifier(Modifier::BOLD),
    ));
    let rect = centred_box(area, &lines);
    let block = Block::bordered().title(format!(" {} ", catalog.get("tui-help-title")));
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(block.padding(ratatui::widgets::Padding::horizontal(1))),
        rect,
    );
}
