//! Where the Morris board's points stand: on the 7×7 grid, and in the terminal cells of a board
//! area — shared by the drawing and the mouse. A leaf: it imports nothing of the screens.

use ludus_morris::Square;
use ratatui::layout::Rect;

/// Columns left of the grid for the rank labels.
pub(crate) const LABEL_WIDTH: u16 = 3;
/// Points per grid line (files a..g, ranks 1..7).
pub(crate) const GRID: u16 = 7;

/// The size of the board's inside for a row step: labels and grid, grid and file labels.
pub(crate) const fn board_size(row_step: u16) -> (u16, u16) {
    (
        LABEL_WIDTH + (GRID - 1) * 2 * row_step + 2,
        (GRID - 1) * row_step + 2,
    )
}

/// The row step of a board drawn in `area` (its inside).
pub(crate) fn row_step(area: Rect) -> u16 {
    (area.height.saturating_sub(2) / (GRID - 1)).max(1)
}

/// The cell of a point inside the board area.
pub(crate) fn cell(area: Rect, square: Square) -> (u16, u16) {
    let (x, y) = grid(square);
    let step = row_step(area);
    (
        area.x + LABEL_WIDTH + x as u16 * 2 * step,
        area.y + (GRID - 1 - y as u16) * step,
    )
}

/// The point drawn at (or next to) a cell of the board area, for mouse clicks.
pub fn square_at(area: Rect, column: u16, row: u16) -> Option<Square> {
    Square::ALL.into_iter().find(|&s| {
        let (x, y) = cell(area, s);
        y == row && column + 1 >= x && column <= x + 1
    })
}

/// Column (file a..g = 0..6) and row (rank 1..7 = 0..6) of a point on the 7×7 grid.
pub fn grid(square: Square) -> (i32, i32) {
    let name = square.name().as_bytes();
    (i32::from(name[0] - b'a'), i32::from(name[1] - b'1'))
}
