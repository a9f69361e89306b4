//! Drawing the Morris screen: the three squares and their links in box characters, pieces in
//! colour (White ○, Black ●), formed mills in heavy lines, the cursor, the selection and the hint
//! highlighted; beside it the players, pieces in hand, phase, side to move and the move list.

use crate::morris::{MorrisApp, score_words};
use crate::morris_layout::{GRID, LABEL_WIDTH, board_size, cell, row_step};
use crate::view::{self, Theme};
use ludus_morris::geometry::{MILLS, neighbours};
use ludus_morris::{Color, Square};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// Rows between neighbouring grid points on a small screen (a point and one line character);
/// columns are twice as many, so the squares look square in 1:2 terminal cells.
const SMALL_ROW_STEP: u16 = 2;
/// Rows between neighbouring grid points when the screen has room for a larger board.
const LARGE_ROW_STEP: u16 = 3;
/// Draws the whole Morris screen.
pub fn draw(frame: &mut Frame, app: &mut MorrisApp) {
    let area = frame.area();
    let theme = Theme::default();
    if view::too_small(frame, &app.screen.catalog) {
        app.screen.board_area = None;
        return;
    }
    let [main, status, input, keys] = view::screen_rows(area);
    let step = if main.height >= board_size(LARGE_ROW_STEP).1 + 2 {
        LARGE_ROW_STEP
    } else {
        SMALL_ROW_STEP
    };
    let (board_width, board_height) = board_size(step);
    let [board_column, side] =
        Layout::horizontal([Constraint::Length(board_width + 2), Constraint::Min(0)]).areas(main);
    let [board_block_area, _] =
        Layout::vertical([Constraint::Length(board_height + 2), Constraint::Min(0)])
            .areas(board_column);
    let block = Block::bordered().title(format!(" {} ", app.screen.catalog.get("morris-title")));
    let inner = block.inner(board_block_area);
    frame.render_widget(block, board_block_area);
    app.screen.board_area = Some(inner);
    draw_board(frame.buffer_mut(), inner, app, &theme);
    draw_side(frame, side, app, &theme);
    view::draw_status(frame, status, &app.screen.status, &theme);
    let completions = app
        .game
        .legal_moves()
        .iter()
        .filter(|m| !app.screen.input.is_empty() && m.to_string().starts_with(&app.screen.input))
        .count();
    view::draw_input(
        frame,
        input,
        &app.screen.catalog,
        &app.screen.input,
        completions,
        &theme,
    );
    let keys_text = if app.review.is_some() {
        app.screen.catalog.get("tui-review-keys")
    } else {
        app.screen.catalog.get("tui-keys-morris")
    };
    view::draw_keys(frame, keys, &keys_text, &theme);
}

/// Mills formed on the board shown: (the mill's points, its colour).
fn formed_mills(board: &[Option<Color>; 24]) -> Vec<(u32, Color)> {
    let pieces = |color: Color| -> u32 {
        Square::ALL
            .into_iter()
            .filter(|s| board[s.index()] == Some(color))
            .fold(0, |bits, s| bits | s.bit())
    };
    Color::ALL
        .into_iter()
        .flat_map(|color| {
            let own = pieces(color);
            MILLS
                .into_iter()
                .filter(move |&mill| own & mill == mill)
                .map(move |mill| (mill, color))
        })
        .collect()
}

fn draw_board(buf: &mut Buffer, area: Rect, app: &MorrisApp, theme: &Theme) {
    let board = app.shown_board();
    let mills = formed_mills(&board);
    let in_mill = |a: Square, b: Square| {
        mills
            .iter()
            .any(|(mill, _)| mill & a.bit() != 0 && mill & b.bit() != 0)
    };
    for a in Square::ALL {
        for b in Square::iter_bits(neighbours(a)).filter(|b| b.index() > a.index()) {
            let heavy = in_mill(a, b);
            let style = if heavy { theme.mill } else { theme.line };
            let ((ax, ay), (bx, by)) = (cell(area, a), cell(area, b));
            if ay == by {
                let glyph = if heavy { "━" } else { "─" };
                for x in ax.min(bx) + 1..ax.max(bx) {
                    buf.set_string(x, ay, glyph, style);
                }
            } else {
                let glyph = if heavy { "┃" } else { "│" };
                for y in ay.min(by) + 1..ay.max(by) {
                    buf.set_string(ax, y, glyph, style);
                }
            }
        }
    }
    let removed = app.last_move().and_then(|m| m.remove);
    for square in Square::ALL {
        let (x, y) = cell(area, square);
        let (glyph, mut style) = match board[square.index()] {
            Some(color) => (theme.piece(color), theme.piece_style(color)),
            // The piece the last move removed leaves a cross.
            None if removed == Some(square) && app.animation.is_none() => ("×", theme.line),
            None => (theme.empty, theme.line),
        };
        style = style.patch(highlight(app, square, theme));
        buf.set_string(x, y, glyph, style);
    }
    let step = row_step(area);
    for rank in 0..GRID {
        let y = area.y + (GRID - 1 - rank) * step;
        buf.set_string(area.x, y, (rank + 1).to_string(), theme.label);
    }
    for file in 0..GRID {
        let x = area.x + LABEL_WIDTH + file * 2 * step;
        let name = char::from(b'a' + file as u8).to_string();
        buf.set_string(x, area.y + (GRID - 1) * step + 1, name, theme.label);
    }
}

/// The highlight of a point: cursor, selection, hint, the computer's move.
fn highlight(app: &MorrisApp, square: Square, theme: &Theme) -> Style {
    let mut style = Style::default();
    if let Some(animation) = app.animation {
        let mv = animation.mv;
        if mv.from == Some(square) || mv.to == square || mv.remove == Some(square) {
            style = style.patch(theme.moving);
        }
    }
    let last = app.last_move();
    let touched = |m: ludus_morris::Move| {
        m.from == Some(square) || m.to == square || m.remove == Some(square)
    };
    if app.animation.is_none() && last.is_some_and(touched) {
        style = style.patch(theme.last_move);
    }
    if let Some((mv, _)) = &app.hint
        && crate::morris::move_path(*mv).contains(&square)
    {
        style = style.patch(theme.hint);
    }
    if app.pick.contains(&square) {
        style = style.patch(theme.selected);
    }
    if app.cursor == square
        && app.human_to_move()
        && app.game.outcome().is_none()
        && app.review.is_none()
    {
        style = style.add_modifier(Modifier::REVERSED);
    }
    style
}

fn draw_side(frame: &mut Frame, area: Rect, app: &MorrisApp, theme: &Theme) {
    if let Some(review) = &app.review {
        draw_review(frame, area, app, review, theme);
        return;
    }
    let catalog = &app.screen.catalog;
    let position = app.game.position();
    let mut lines = vec![
        Line::from(format!(
            "{}: {}",
            catalog.get("tui-rules"),
            catalog.get(&format!("tui-rules-{}", app.config.rules))
        )),
        Line::default(),
    ];
    for color in Color::ALL {
        let to_move = position.side_to_move() == color && app.game.outcome().is_none();
        let marker = if to_move { "▶ " } else { "  " };
        lines.push(Line::from(vec![
            Span::styled(marker, theme.label),
            Span::styled(theme.piece(color), theme.piece_style(color)),
            Span::raw(" "),
            Span::styled(app.color_name(color), Style::default().bold()),
            Span::raw(format!(" — {}", app.player_label(color))),
        ]));
        let hand = position.in_hand(color);
        lines.push(Line::from(vec![
            Span::raw(format!("    {} ", catalog.get("in-hand"))),
            Span::styled(
                theme.piece(color).repeat(usize::from(hand)),
                theme.piece_style(color),
            ),
            Span::raw(format!(
                " {hand} · {} {}",
                catalog.get("on-board"),
                position.pieces(color).count_ones()
            )),
        ]));
    }
    let tally = app.tally;
    if tally != crate::morris::Tally::default() {
        lines.push(Line::from(catalog.format(
            "tui-tally",
            &[
                ("won", &tally.won.to_string()),
                ("drawn", &tally.drawn.to_string()),
                ("lost", &tally.lost.to_string()),
            ],
        )));
    }
    lines.push(Line::default());
    let phase = if position.is_placement_phase() {
        "tui-phase-placement"
    } else if position.side_to_move_flies(&app.config.rules) {
        "tui-phase-flying"
    } else {
        "tui-phase-movement"
    };
    lines.push(Line::from(format!(
        "{}: {}",
        catalog.get("tui-phase"),
        catalog.get(phase)
    )));
    if let Some((mv, value)) = &app.hint {
        lines.push(Line::styled(
            catalog.format("tui-hint", &[("move", &mv.to_string()), ("value", value)]),
            theme.hint_text,
        ));
    }
    lines.push(Line::default());
    lines.push(Line::styled(catalog.get("moves"), Style::default().bold()));
    let fixed = lines.len() as u16 + 2;
    let room = usize::from(area.height.saturating_sub(fixed));
    lines.extend(view::move_lines(
        app.game.moves().iter().map(ToString::to_string),
        room,
        &catalog.get("no-moves-yet"),
    ));
    let block = Block::bordered().title(format!(" {} ", catalog.get("app-title")));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The review panel: the move shown with its class, loss and the best move, the perfect-play
/// values where the databases know them, a summary per player, and the equity graph.
fn draw_review(
    frame: &mut Frame,
    area: Rect,
    app: &MorrisApp,
    review: &crate::morris::MorrisReview,
    theme: &Theme,
) {
    let catalog = &app.screen.catalog;
    let index = review.cursor.index;
    let total = review.review.moves.len();
    let mut lines = vec![Line::styled(
        catalog.format(
            "tui-review-title",
            &[("index", &index.to_string()), ("total", &total.to_string())],
        ),
        Style::default().bold(),
    )];
    match index.checked_sub(1).map(|i| &review.review.moves[i]) {
        Some(m) => lines.extend(move_lines(app, m, theme)),
        None => lines.push(Line::from(catalog.get("tui-review-start"))),
    }
    lines.push(Line::default());
    for color in Color::ALL {
        let summary = review.review.summary(color);
        let who = format!("{} ({})", app.color_name(color), app.player_label(color));
        lines.push(Line::from(vec![
            Span::styled(theme.piece(color), theme.piece_style(color)),
            Span::raw(" "),
            Span::styled(
                catalog.format(
                    "tui-review-player",
                    &[
                        ("who", &who),
                        (
                            "errors",
                            &(summary.inaccuracies + summary.mistakes + summary.blunders)
                                .to_string(),
                        ),
                        ("loss", &format!("{:.2}", summary.average_loss / 100.0)),
                    ],
                ),
                Style::default().bold(),
            ),
        ]));
        lines.push(Line::from(format!(
            "  {}",
            catalog.format(
                "tui-review-counts",
                &[
                    ("best", &summary.best.to_string()),
                    ("good", &summary.good.to_string()),
                    ("inaccuracies", &summary.inaccuracies.to_string()),
                    ("mistakes", &summary.mistakes.to_string()),
                    ("blunders", &summary.blunders.to_string()),
                    ("perfect", &summary.perfect_changes.to_string()),
                ],
            )
        )));
    }
    lines.push(Line::default());
    let values: Vec<f64> = review
        .review
        .white_graph()
        .into_iter()
        .map(f64::from)
        .collect();
    let width = usize::from(area.width.saturating_sub(4));
    let rows = crate::review::graph_rows(&values, &review.severities(), GRAPH_SCALE, width, index);
    lines.push(Line::styled(catalog.get("tui-review-graph"), theme.label));
    for row in rows {
        lines.push(Line::styled(format!(" {row}"), theme.mill));
    }
    let block = Block::bordered().title(format!(" {} ", catalog.get("app-title")));
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(ratatui::widgets::Wrap { trim: false }),
        area,
    );
}

/// The equity graph's scale: three pieces fill a row.
const GRAPH_SCALE: f64 = 300.0;

/// Whether a Morris score is a forced result (its loss against another is no number of pieces).
fn is_forced(score: i32) -> bool {
    score.abs() > ludus_morris_engine::search::WIN_THRESHOLD
}

/// The lines about one reviewed move.
fn move_lines(
    app: &MorrisApp,
    m: &ludus_morris_engine::review::MoveReview,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let catalog = &app.screen.catalog;
    let number = format!(
        "{}.{}",
        m.ply / 2 + 1,
        if m.ply % 2 == 1 { ".." } else { "" }
    );
    let class = catalog.get(&format!("tui-class-{}", m.class.name()));
    let mut lines = vec![Line::from(vec![
        Span::styled(theme.piece(m.side), theme.piece_style(m.side)),
        Span::raw(format!(" {number} {} ", m.played)),
        Span::styled(
            if m.loss > 0 && !is_forced(m.played_score) && !is_forced(m.best_score) {
                format!("{class} (−{:.2})", f64::from(m.loss) / 100.0)
            } else {
                class
            },
            if m.class.is_error() {
                theme.mill
            } else {
                Style::default()
            },
        ),
    ])];
    lines.push(Line::from(catalog.format(
        "tui-review-values",
        &[
            ("played", &score_words(catalog, m.played_score)),
            ("best", &m.best.to_string()),
            ("value", &score_words(catalog, m.best_score)),
        ],
    )));
    if let (Some(before), Some(after)) = (m.perfect_before, m.perfect_after) {
        let mut text = catalog.format(
            "tui-review-perfect",
            &[
                ("before", &before.to_string()),
                ("after", &after.to_string()),
            ],
        );
        if m.perfect_changed {
            text.push_str(" !");
        }
        lines.push(Line::from(text));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::score_words;
    use ludus_i18n::{Catalog, Lang};
    use ludus_morris_engine::WIN;

    #[test]
    fn forced_results_read_as_plies_in_every_language() {
        let en = Catalog::new(Lang::En);
        assert_eq!(score_words(&en, WIN - 7), "win in 7 plies");
        assert_eq!(score_words(&en, -(WIN - 1)), "loss in 1 ply");
        assert_eq!(score_words(&en, 125), "+1.25");
        assert_eq!(
            score_words(&Catalog::new(Lang::Et), WIN - 7),
            "võit 7 poolkäiguga"
        );
        assert_eq!(
            score_words(&Catalog::new(Lang::Hu), -(WIN - 4)),
            "vesztés 4 féllépésben"
        );
    }
}
