//! Drawing the Backgammon screen: 24 points in two rows with the bar and the borne-off tray,
//! checkers stacked five high with the count past five, dice, the cube beside the owner (or in
//! the middle), point numbers from the side on roll; beside it the score, match length, pip
//! counts and the game's moves.

use crate::backgammon::{BAR_COLUMN, BgApp, OFF_COLUMN, SLOT_COLUMNS, Slot};
use crate::view::{self, Theme};
use ludus_backgammon::{CubeOwner, GameEvent, Seat};
use ludus_backgammon_engine::analysis::{Decision, DecisionKind, Mark};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color as Tint, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// Width of the board drawing: two halves of six 3-column points, the bar, the tray, borders,
/// and the cube column.
const BOARD_WIDTH: u16 = 52;
/// Height of the board drawing: labels, borders, two rows of five checkers, the middle row.
const BOARD_HEIGHT: u16 = 15;
/// Checkers drawn on a point before the fifth place shows the count instead.
const STACK: u8 = 5;
/// Rows of the drawing.
const TOP_LABELS: u16 = 0;
const TOP_BORDER: u16 = 1;
const TOP_FIRST: u16 = 2;
const MIDDLE: u16 = 7;
const BOTTOM_FIRST: u16 = 12;
const BOTTOM_BORDER: u16 = 13;
const BOTTOM_LABELS: u16 = 14;
/// Columns of the vertical lines: left edge, both sides of the bar, right edge, tray's edge.
const FRAME_COLUMNS: [u16; 5] = [0, 19, 23, 42, 46];
/// Column where the cube is drawn.
const CUBE_X: u16 = 47;
/// Characters of the bar's label (up to the next point's label).
const BAR_LABEL: usize = 4;
/// Characters of the tray's label (the label row is free to the right).
const OFF_LABEL: usize = 6;

/// The centre column of a display column (0..14).
fn center_x(column: u8) -> u16 {
    let c = u16::from(column);
    match column {
        0..=5 => 2 + 3 * c,
        BAR_COLUMN => 21,
        7..=12 => 25 + 3 * (c - 7),
        _ => 44,
    }
}

/// The slot drawn at a cell, for mouse clicks.
pub fn slot_at(area: Rect, column: u16, row: u16) -> Option<Slot> {
    let x = column.checked_sub(area.x)?;
    let y = row.checked_sub(area.y)?;
    if y > BOTTOM_LABELS {
        return None;
    }
    let display = match x {
        1..=18 => (x - 1) / 3,
        20..=22 => u16::from(BAR_COLUMN),
        24..=41 => 7 + (x - 24) / 3,
        43..=45 => u16::from(OFF_COLUMN),
        _ => return None,
    };
    Some(Slot::at(y <= MIDDLE, display as u8))
}

/// Draws the whole Backgammon screen.
pub fn draw(frame: &mut Frame, app: &mut BgApp) {
    let theme = Theme::default();
    if view::too_small(frame, &app.screen.catalog) {
        app.screen.board_area = None;
        return;
    }
    if app.review.is_some() {
        app.screen.board_area = None;
        draw_review_screen(frame, app, &theme);
        return;
    }
    let [main, status, input, keys] = view::screen_rows(frame.area());
    let [board_column, side] =
        Layout::horizontal([Constraint::Length(BOARD_WIDTH + 1), Constraint::Min(0)]).areas(main);
    let board_area = draw_title_and_board_area(frame, board_column, app);
    if let Some(lines) = &app.analysis {
        // The analysis covers the board and the side panel until `a` closes it.
        app.screen.board_area = None;
        let text: Vec<Line> = lines.iter().map(|l| Line::raw(l.as_str())).collect();
        frame.render_widget(
            Paragraph::new(text).wrap(ratatui::widgets::Wrap { trim: false }),
            Rect {
                y: main.y + 1,
                height: main.height.saturating_sub(1),
                ..main
            },
        );
    } else {
        app.screen.board_area = Some(board_area);
        draw_board(frame.buffer_mut(), board_area, app, &theme);
        draw_side(frame, side, app, &theme);
    }
    view::draw_status(frame, status, &app.screen.status, &theme);
    let matches = if app.screen.input.is_empty() {
        0
    } else {
        app.game().map_or(0, |g| {
            g.legal_moves()
                .iter()
                .filter(|m| m.to_string().starts_with(&app.screen.input))
                .count()
        })
    };
    view::draw_input(
        frame,
        input,
        &app.screen.catalog,
        &app.screen.input,
        matches,
        &theme,
    );
    view::draw_keys(frame, keys, &app.screen.catalog.get("tui-keys-bg"), &theme);
}

/// Draws the title over `column` and returns the board's area under it.
fn draw_title_and_board_area(frame: &mut Frame, column: Rect, app: &BgApp) -> Rect {
    let [title, board_area, _] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(BOARD_HEIGHT),
        Constraint::Min(0),
    ])
    .areas(column);
    frame.render_widget(
        Paragraph::new(Line::styled(
            format!(" {}", app.screen.catalog.get("backgammon-title")),
            Style::default().add_modifier(Modifier::BOLD),
        )),
        title,
    );
    Rect {
        x: board_area.x + 1,
        width: board_area.width.saturating_sub(1),
        ..board_area
    }
}

/// Both sides' checkers in their own numbering: (bottom seat, top seat).
fn sides(app: &BgApp) -> ([u8; 26], [u8; 26]) {
    let Some(position) = app.shown_position() else {
        return ([0; 26], [0; 26]);
    };
    if app.view_seat() == app.bottom() {
        (position.player_checkers(), position.opponent_checkers())
    } else {
        (position.opponent_checkers(), position.player_checkers())
    }
}

fn glyph(seat: Seat) -> &'static str {
    match seat {
        Seat::Zero => "○",
        Seat::One => "●",
    }
}

fn draw_board(buf: &mut Buffer, area: Rect, app: &BgApp, theme: &Theme) {
    draw_frame(buf, area, theme);
    let bottom = app.bottom();
    let top = bottom.other();
    let (bottom_side, top_side) = sides(app);
    let style = |seat: Seat| theme.side_style(seat == Seat::Zero);
    for column in 0..SLOT_COLUMNS {
        for row_top in [true, false] {
            let slot = Slot::at(row_top, column);
            let x = area.x + center_x(column);
            // (count, seat) stacked from this row's edge.
            let stack = match slot {
                Slot::Point(p) => {
                    let (b, t) = (bottom_side[usize::from(p)], top_side[usize::from(25 - p)]);
                    if b > 0 { (b, bottom) } else { (t, top) }
                }
                // The bottom player's checkers on the bar wait in the upper half (they enter
                // up there), the top player's in the lower half.
                Slot::Bar if row_top => (bottom_side[25], bottom),
                Slot::Bar => (top_side[25], top),
                Slot::Off if row_top => (top_side[0], top),
                Slot::Off => (bottom_side[0], bottom),
            };
            draw_stack(buf, area, x, row_top, stack, style(stack.1), theme);
        }
    }
    draw_labels(buf, area, app, theme);
    draw_middle(buf, area, app, theme);
    draw_cube(buf, area, app);
}

fn draw_frame(buf: &mut Buffer, area: Rect, theme: &Theme) {
    let right = FRAME_COLUMNS[FRAME_COLUMNS.len() - 1];
    for x in 0..=right {
        let (top, bottom) = match x {
            0 => ("┌", "└"),
            x if x == right => ("┐", "┘"),
            x if FRAME_COLUMNS.contains(&x) => ("┬", "┴"),
            _ => ("─", "─"),
        };
        buf.set_string(area.x + x, area.y + TOP_BORDER, top, theme.line);
        buf.set_string(area.x + x, area.y + BOTTOM_BORDER, bottom, theme.line);
    }
    for y in TOP_FIRST..=BOTTOM_FIRST {
        for x in FRAME_COLUMNS {
            buf.set_string(area.x + x, area.y + y, "│", theme.line);
        }
    }
    // A dim mark at each point's tip keeps empty points visible.
    for column in (0..SLOT_COLUMNS).filter(|&c| c != BAR_COLUMN && c != OFF_COLUMN) {
        let x = area.x + center_x(column);
        buf.set_string(
            x,
            area.y + TOP_FIRST + u16::from(STACK) - 1,
            "╵",
            theme.label,
        );
        buf.set_string(
            x,
            area.y + BOTTOM_FIRST + 1 - u16::from(STACK),
            "╷",
            theme.label,
        );
    }
}

fn draw_stack(
    buf: &mut Buffer,
    area: Rect,
    x: u16,
    top: bool,
    (count, seat): (u8, Seat),
    style: Style,
    theme: &Theme,
) {
    let _ = theme;
    for i in 0..count.min(STACK) {
        let offset = u16::from(i);
        let y = if top {
            area.y + TOP_FIRST + offset
        } else {
            area.y + BOTTOM_FIRST - offset
        };
        if i == STACK - 1 && count > STACK {
            let text = count.to_string();
            let start = x + 1 - text.len() as u16 / 2 - u16::from(text.len() == 1);
            buf.set_string(start, y, &text, style);
        } else {
            buf.set_string(x, y, glyph(seat), style);
        }
    }
}

/// The point numbers from the side on roll, with the cursor and selection highlighted.
fn draw_labels(buf: &mut Buffer, area: Rect, app: &BgApp, theme: &Theme) {
    let selected = app.selected;
    let destinations: Vec<u8> = selected
        .map(|from| {
            app.destinations(from)
                .into_iter()
                .map(|journey| journey.to)
                .collect()
        })
        .unwrap_or_default();
    let moved: Vec<u8> = app
        .animation
        .map(|a| {
            a.mv.checker_moves()[..a.shown]
                .iter()
                .map(|m| m.to)
                .collect()
        })
        .unwrap_or_default();
    let last = match (&app.animation, &app.review) {
        (None, None) => app.last_move_points().map(|(_, points)| points),
        _ => None,
    }
    .unwrap_or_default();
    for column in 0..SLOT_COLUMNS {
        for top in [true, false] {
            let slot = Slot::at(top, column);
            let mover_point = app.mover_point(slot);
            let text = match slot {
                Slot::Point(_) => format!("{:>3}", app.label_point(slot)),
                // Left-aligned: the columns right of the bar and the tray are free in label rows.
                Slot::Bar => format!("{:<3}", short(&app.screen.catalog.get("bg-bar"), BAR_LABEL)),
                Slot::Off => format!("{:<3}", short(&app.screen.catalog.get("bg-off"), OFF_LABEL)),
            };
            let mut style = theme.label;
            if let Slot::Point(p) = slot
                && last.contains(&p)
            {
                style = style.patch(theme.last_move).fg(Tint::White);
            }
            if matches!(slot, Slot::Point(_)) && moved.contains(&mover_point) {
                style = style.patch(theme.moving).fg(Tint::White);
            }
            if destinations.contains(&mover_point) {
                style = style.patch(theme.hint).fg(Tint::Black);
            }
            if selected == Some(mover_point) && !(slot == Slot::Off) {
                style = style.patch(theme.selected).fg(Tint::White);
            }
            if app.cursor == (top, column) && app.human_to_act() {
                style = style.add_modifier(Modifier::REVERSED).fg(Tint::White);
            }
            let y = area.y + if top { TOP_LABELS } else { BOTTOM_LABELS };
            let x = area.x + center_x(column) - 1;
            let shown = if matches!(slot, Slot::Bar | Slot::Off) && top != (column == OFF_COLUMN) {
                // The bar's name below, the tray's above: one of each is enough.
                "   ".to_string()
            } else {
                text
            };
            buf.set_string(x, y, shown, style);
        }
    }
}

/// The first `room` characters of a label.
fn short(text: &str, room: usize) -> String {
    text.chars().take(room).collect()
}

/// The dice of the side on roll in its half of the middle row.
fn draw_middle(buf: &mut Buffer, area: Rect, app: &BgApp, theme: &Theme) {
    let dice = app.dice_shown();
    let mover_is_bottom = app.view_seat() == app.bottom();
    if dice.is_empty() {
        draw_waiting(buf, area, app, mover_is_bottom, theme);
        return;
    }
    let width = dice.len() as u16 * 4 - 1;
    let (left, right) = if mover_is_bottom { (24, 41) } else { (1, 18) };
    let mut x = area.x + left + (right - left + 1 - width) / 2;
    for (die, used) in dice {
        let style = if used {
            theme.label
        } else {
            Style::default()
                .fg(Tint::Black)
                .bg(Tint::White)
                .add_modifier(Modifier::BOLD)
        };
        buf.set_string(x, area.y + MIDDLE, format!(" {die} "), style);
        x += 4;
    }
}

/// Before the roll, "Roll" in the half of the side on roll; during a double, the offer in the
/// half of the side that must answer (in the review, at a take decision).
fn draw_waiting(buf: &mut Buffer, area: Rect, app: &BgApp, mover_is_bottom: bool, theme: &Theme) {
    let Some(game) = app.game() else { return };
    let reviewed = app.review.as_ref().map(|review| {
        review
            .current()
            .map(|step| (step.decision.kind, step.cube().0))
    });
    let (text, bottom_half) = match reviewed {
        // In the review: the double a take answers, in the half of the taker (the side the
        // decision is seen from); nothing at a double or a play.
        Some(Some((DecisionKind::Take, cube))) => (
            format!("{} {}?", app.screen.catalog.get("bg-double"), cube * 2),
            mover_is_bottom,
        ),
        Some(_) => return,
        None => match game.phase() {
            ludus_backgammon::Phase::AwaitingRoll => {
                (app.screen.catalog.get("bg-roll"), mover_is_bottom)
            }
            ludus_backgammon::Phase::Doubled => (
                format!(
                    "{} {}?",
                    app.screen.catalog.get("bg-double"),
                    game.cube().0 * 2
                ),
                !mover_is_bottom,
            ),
            _ => return,
        },
    };
    let (left, right): (u16, u16) = if bottom_half { (24, 41) } else { (1, 18) };
    let room = usize::from(right - left + 1);
    let text: String = text.chars().take(room).collect();
    let width = text.chars().count() as u16;
    let x = area.x + left + (right - left + 1 - width) / 2;
    buf.set_string(x, area.y + MIDDLE, text, theme.label);
}

/// The cube: in the middle while centred, else beside its owner's side.
fn draw_cube(buf: &mut Buffer, area: Rect, app: &BgApp) {
    if !(app.config.cube || app.config.match_length > 0) {
        return;
    }
    let (value, owner) = app.cube();
    let (shown, row) = match owner {
        CubeOwner::Centered => (64.max(value), MIDDLE),
        CubeOwner::Owned(seat) if seat == app.bottom() => (value, BOTTOM_FIRST),
        CubeOwner::Owned(_) => (value, TOP_FIRST),
    };
    let style = Style::default()
        .fg(Tint::Black)
        .bg(Tint::Yellow)
        .add_modifier(Modifier::BOLD);
    buf.set_string(area.x + CUBE_X, area.y + row, format!("{shown:^4}"), style);
}

fn draw_side(frame: &mut Frame, area: Rect, app: &BgApp, theme: &Theme) {
    let catalog = &app.screen.catalog;
    let mut lines = Vec::new();
    let length = app.config.match_length;
    lines.push(Line::from(if length == 0 {
        catalog.get("bg-money")
    } else {
        catalog.format("bg-match", &[("length", &length.to_string())])
    }));
    let game_number = app.record.games().len().to_string();
    let mut game_line = catalog.format("bg-game-number", &[("number", &game_number)]);
    if app.game().is_some_and(ludus_backgammon::Game::is_crawford) {
        game_line.push_str(&format!(" · {}", catalog.get("bg-crawford")));
    }
    lines.push(Line::from(game_line));
    lines.push(Line::default());
    let score = app.record.score();
    let pips = pip_counts(app);
    let turn = app
        .game()
        .filter(|g| g.outcome().is_none())
        .map(ludus_backgammon::Game::turn);
    for seat in [app.bottom().other(), app.bottom()] {
        let marker = if turn == Some(seat) { "▶" } else { " " };
        lines.push(Line::from(vec![
            Span::styled(marker, theme.label),
            Span::styled(glyph(seat), theme.side_style(seat == Seat::Zero)),
            Span::raw(" "),
            Span::styled(app.seat_name(seat), Style::default().bold()),
        ]));
        lines.push(Line::from(format!("   {}", app.player_label(seat))));
        lines.push(Line::from(format!(
            "   {} {} · {} {}",
            catalog.get("bg-score"),
            score[seat.index()],
            catalog.get("tui-pips"),
            pips[seat.index()]
        )));
    }
    lines.push(Line::default());
    let (value, owner) = app.cube();
    if app.config.cube || length > 0 {
        let holder = match owner {
            CubeOwner::Centered => catalog.get("tui-bg-centred"),
            CubeOwner::Owned(seat) => app.seat_name(seat),
        };
        lines.push(Line::from(format!(
            "{} {value} · {holder}",
            catalog.get("bg-cube")
        )));
    }
    if let Some(hint) = &app.hint {
        lines.extend(
            hint.lines()
                .map(|l| Line::styled(l.to_string(), theme.hint_text)),
        );
    }
    lines.push(Line::styled(catalog.get("moves"), Style::default().bold()));
    let fixed = lines.len() as u16 + 2;
    let room = usize::from(area.height.saturating_sub(fixed));
    let events: Vec<Line> = app
        .game()
        .map(|g| {
            g.events()
                .iter()
                .filter_map(|e| event_line(e, app, theme))
                .collect()
        })
        .unwrap_or_default();
    let skip = events.len().saturating_sub(room);
    lines.extend(events.into_iter().skip(skip));
    let block = Block::bordered().title(format!(" {} ", catalog.get("app-title")));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// Pip counts of player 0 and player 1 on the board shown.
fn pip_counts(app: &BgApp) -> [u32; 2] {
    let (bottom_side, top_side) = sides(app);
    let pips = |side: &[u8; 26]| -> u32 {
        side.iter()
            .enumerate()
            .map(|(i, &c)| i as u32 * u32::from(c))
            .sum()
    };
    let mut result = [0; 2];
    result[app.bottom().index()] = pips(&bottom_side);
    result[app.bottom().other().index()] = pips(&top_side);
    result
}

fn event_line(event: &GameEvent, app: &BgApp, theme: &Theme) -> Option<Line<'static>> {
    let catalog = &app.screen.catalog;
    let (seat, text) = match *event {
        GameEvent::Turn { seat, dice, play } => {
            let played = match play {
                Some(mv) if mv.is_empty() => catalog.get("tui-bg-cannot-move"),
                Some(mv) => mv.to_string(),
                None => String::new(),
            };
            (seat, format!("{}{}: {played}", dice.high(), dice.low()))
        }
        GameEvent::Double { seat, value } => {
            (seat, format!("{} {value}", catalog.get("bg-double")))
        }
        GameEvent::Take { seat } => (seat, catalog.get("bg-take")),
        GameEvent::Beaver { seat, value } => (seat, format!("beaver {value}")),
        GameEvent::Pass { seat } => (seat, catalog.get("bg-pass")),
        GameEvent::Resign { seat, .. } => (seat, catalog.get("resign")),
        GameEvent::AcceptResignation { .. } | GameEvent::RejectResignation { .. } => return None,
    };
    Some(Line::from(vec![
        Span::styled(glyph(seat), theme.side_style(seat == Seat::Zero)),
        Span::raw(format!(" {text}")),
    ]))
}

/// Rows under the board in the review besides the graph's bars: a summary line per player, the
/// graph's title and its row of marks.
const REVIEW_BELOW: u16 = 4;
/// Rows of the review graph's bars: two at 80×24, up to eight on a taller terminal.
const GRAPH_ROWS: std::ops::RangeInclusive<u16> = 2..=8;

/// The review of a session, laid out for 80×24 and up: the title and the board at the decision
/// shown, the decision's panel beside it (played, best, loss, class, then the decisions around
/// it), a summary line per player and White's equity graph across the whole width, the status
/// and the review's keys (no input line: nothing is typed in the review).
fn draw_review_screen(frame: &mut Frame, app: &BgApp, theme: &Theme) {
    let [main, status, keys] = Layout::vertical([
        Constraint::Min(0),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(frame.area());
    let spare = main
        .height
        .saturating_sub(1 + BOARD_HEIGHT + REVIEW_BELOW + GRAPH_ROWS.start());
    let bars = (GRAPH_ROWS.start() + spare).min(*GRAPH_ROWS.end()) & !1;
    let [top, summary, graph] = Layout::vertical([
        Constraint::Min(1 + BOARD_HEIGHT),
        Constraint::Length(2),
        Constraint::Length(bars + 2),
    ])
    .areas(main);
    let [board_column, side] =
        Layout::horizontal([Constraint::Length(BOARD_WIDTH + 1), Constraint::Min(0)]).areas(top);
    let board_area = draw_title_and_board_area(frame, board_column, app);
    draw_board(frame.buffer_mut(), board_area, app, theme);
    draw_review_panel(frame, side, app, theme);
    draw_review_summary(frame, summary, app, theme);
    draw_review_graph(frame, graph, app, theme, bars);
    view::draw_status(frame, status, &app.screen.status, theme);
    let catalog = &app.screen.catalog;
    view::draw_keys(frame, keys, &catalog.get("tui-bg-review-keys"), theme);
}

/// The seat of a decision's player (0 is White).
fn decision_seat(decision: &Decision) -> Seat {
    if decision.player == 0 {
        Seat::Zero
    } else {
        Seat::One
    }
}

/// A decision's move in the language shown: a checker play as it is, a cube action in words.
fn decision_words(text: &str, app: &BgApp) -> String {
    let key = match text {
        "double" => "review-double",
        "no double" => "review-no-double",
        "double, take" => "review-double-take",
        "double, pass" => "review-double-pass",
        "take" => "review-take",
        "pass" => "review-pass",
        _ => return text.to_string(),
    };
    app.screen.catalog.get(key)
}

/// The name of a decision's mark (a decision without one is "good").
fn mark_name(mark: Mark, app: &BgApp) -> String {
    app.screen.catalog.get(match mark {
        Mark::None => "tui-class-good",
        Mark::Doubtful => "analysis-mark-doubtful",
        Mark::Error => "analysis-mark-error",
        Mark::Blunder => "analysis-mark-blunder",
    })
}

/// `text` broken at spaces into lines of at most `width` characters (a longer word is cut into
/// pieces).
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if needed > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > width {
            let rest = word.split_off(width);
            lines.push(word.into_iter().collect());
            word = rest;
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.extend(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The panel beside the board: the decision shown, wrapped to the panel's width, then as many
/// of the decisions around it as fit, one per line.
fn draw_review_panel(frame: &mut Frame, area: Rect, app: &BgApp, theme: &Theme) {
    let Some(review) = &app.review else { return };
    let area = Rect {
        x: area.x + 1,
        width: area.width.saturating_sub(1),
        ..area
    };
    let width = usize::from(area.width);
    let catalog = &app.screen.catalog;
    let mut lines: Vec<Line> = Vec::new();
    let mut push = |text: String, style: Style| {
        lines.extend(
            wrap_words(&text, width)
                .into_iter()
                .map(|l| Line::styled(l, style)),
        );
    };
    push(
        catalog.format(
            "tui-bg-review-title",
            &[
                ("index", &review.cursor.index.to_string()),
                ("total", &review.steps.len().to_string()),
            ],
        ),
        Style::default().bold(),
    );
    if let Some(step) = review.current() {
        let decision = &step.decision;
        let seat = decision_seat(decision);
        let game = catalog.format("bg-game-number", &[("number", &step.game.to_string())]);
        push(
            format!("{} {game} · {}", glyph(seat), app.player_label(seat)),
            theme.side_style(seat == Seat::Zero),
        );
        let label = |key: &str, value: &str| format!("{}: {value}", catalog.get(key));
        if let Some(dice) = &decision.dice {
            push(label("analysis-board-dice", dice), Style::default());
        }
        let played = decision_words(&decision.played, app);
        push(label("review-played", &played), Style::default());
        let best = decision_words(&decision.best, app);
        push(label("review-best", &best), Style::default());
        let loss = format!(
            "{:.3} · {}",
            decision.equity_lost,
            mark_name(decision.mark, app)
        );
        let style = if decision.mark == Mark::None {
            Style::default()
        } else {
            theme.mill
        };
        push(label("review-loss", &loss), style);
        lines.extend(alternative_lines(app, step, width, theme));
    } else {
        push(catalog.get("analysis-no-errors"), Style::default());
    }
    lines.push(Line::default());
    let room = usize::from(area.height).saturating_sub(lines.len());
    lines.extend(decision_list(app, review, room, width, theme));
    frame.render_widget(Paragraph::new(lines), area);
}

/// Columns of an alternative's row besides its action: a marker, a space, the equity
/// (`+0.123`), a space and the plies (one digit).
const ALTERNATIVE_NUMBERS: usize = 10;

/// The decision's alternatives as the web lists them, best first, under a header of the web's
/// column names: the action (the play made marked `▸`), the decider's cubeful equity and the
/// plies that valued it. A checker play too long for its column ends in `…`; a cube action
/// longer than that has its numbers on the next line.
fn alternative_lines(
    app: &BgApp,
    step: &crate::backgammon::BgReviewStep,
    width: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let alternatives = &step.detail.alternatives;
    if alternatives.is_empty() {
        return Vec::new();
    }
    let catalog = &app.screen.catalog;
    let action_width = width.saturating_sub(ALTERNATIVE_NUMBERS).max(1);
    let head_left = format!(" {}", catalog.get("review-col-move"));
    let head_right = format!(
        "{} {}",
        catalog.get("review-col-equity"),
        catalog.get("review-col-plies")
    );
    let gap = width.saturating_sub(head_left.chars().count() + head_right.chars().count());
    let header = fit(
        &format!("{head_left}{}{head_right}", " ".repeat(gap.max(1))),
        width,
    );
    let mut lines = Vec::new();
    if let Some(code) = &step.detail.cube_action {
        let action = catalog.get(&format!("cube-action-{code}"));
        let proper = catalog.format("analysis-cube-proper", &[("action", &action)]);
        lines.extend(wrapped(&proper, width).into_iter().map(Line::raw));
    }
    lines.push(Line::styled(header, theme.label));
    let is_cube = step.decision.dice.is_none();
    // The right action's row (a difference of 0) is the best: the first of a ranking, and in a
    // cube table the proper action's.
    let best = alternatives
        .iter()
        .position(|a| a.difference.abs() < 1e-12)
        .unwrap_or(0);
    for (index, alternative) in alternatives.iter().enumerate() {
        let marker = if alternative.played { '▸' } else { ' ' };
        let action = decision_words(&alternative.action, app);
        let numbers = format!("{:+.3} {}", alternative.equity, alternative.plies);
        let style = if index == best {
            Style::default().bold()
        } else if alternative.played {
            theme.mill
        } else {
            Style::default()
        };
        if is_cube && action.chars().count() > action_width {
            lines.push(Line::styled(
                fit(&format!("{marker}{action}"), width),
                style,
            ));
            lines.push(Line::styled(format!("{numbers:>width$}"), style));
        } else {
            let action = fit(&action, action_width);
            let text = format!("{marker}{action:<action_width$} {numbers}");
            lines.push(Line::styled(fit(&text, width), style));
        }
    }
    lines
}

/// Up to `room` decisions around the one shown, one line each (`  12 ● 62 13/5 ?`), the shown
/// one reversed; a line longer than `width` ends in `…`.
fn decision_list(
    app: &BgApp,
    review: &crate::backgammon::BgReview,
    room: usize,
    width: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let total = review.steps.len();
    let shown = review.cursor.index.saturating_sub(1);
    let first = shown
        .saturating_sub(room / 2)
        .min(total.saturating_sub(room));
    let severities = review.severities();
    (first..total.min(first + room))
        .map(|i| {
            let decision = &review.steps[i].decision;
            let seat = decision_seat(decision);
            let dice = decision
                .dice
                .as_deref()
                .map(|d| format!("{d} "))
                .unwrap_or_default();
            let text = format!(
                "{:>3} {} {dice}{} {}",
                i + 1,
                glyph(seat),
                decision_words(&decision.played, app),
                severities[i].mark()
            );
            let text = fit(text.trim_end(), width);
            let style = if i == shown {
                Style::default().add_modifier(Modifier::REVERSED)
            } else if severities[i] >= crate::review::Severity::Medium {
                theme.mill
            } else {
                Style::default()
            };
            Line::styled(text, style)
        })
        .collect()
}

/// `text` in at most `width` characters, ending in `…` when cut.
fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// One line per player across the whole width: errors, blunders and the error rate.
fn draw_review_summary(frame: &mut Frame, area: Rect, app: &BgApp, theme: &Theme) {
    let Some(review) = &app.review else { return };
    let lines: Vec<Line> = review
        .report
        .players
        .iter()
        .enumerate()
        .map(|(index, player)| {
            let seat = if index == 0 { Seat::Zero } else { Seat::One };
            Line::from(vec![
                Span::raw(" "),
                Span::styled(glyph(seat), theme.side_style(seat == Seat::Zero)),
                Span::raw(" "),
                Span::raw(review_player_line(app, seat, player)),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), area);
}

/// A player's summary: "White (You): 1 errors, 0 blunders · error rate 7.0".
pub fn review_player_line(
    app: &BgApp,
    seat: Seat,
    player: &ludus_backgammon_engine::analysis::PlayerTotals,
) -> String {
    app.screen.catalog.format(
        "tui-bg-review-player",
        &[
            (
                "who",
                &format!("{} ({})", app.seat_name(seat), app.player_label(seat)),
            ),
            ("errors", &(player.errors + player.blunders).to_string()),
            ("blunders", &player.blunders.to_string()),
            ("rate", &format!("{:.1}", player.error_rate)),
        ],
    )
}

/// White's equity over the reviewed decisions across the width: a title, `bars` rows and the
/// marks.
fn draw_review_graph(frame: &mut Frame, area: Rect, app: &BgApp, theme: &Theme, bars: u16) {
    let Some(review) = &app.review else { return };
    let values: Vec<f64> = review.steps.iter().map(|s| s.white_equity).collect();
    let rows = crate::review::graph_lines(
        &values,
        &review.severities(),
        1.0,
        (usize::from(area.width.saturating_sub(3)), usize::from(bars)),
        review.cursor.index,
    );
    let mut lines = vec![Line::styled(
        format!(" {}", app.screen.catalog.get("tui-bg-review-graph")),
        theme.label,
    )];
    lines.extend(
        rows.into_iter()
            .map(|row| Line::styled(format!("  {row}"), theme.mill)),
    );
    frame.render_widget(Paragraph::new(lines), area);
}

/// `text` in lines of at most `width` characters, broken between words (a word longer than the
/// width ends in `…`).
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(fit(word, width)),
        }
    }
    lines
}
