//! A text diagram of the board laid out like gnubg's `show board`: player 1 (`X`) at the
//! bottom, player 0 (`O`) at the top, point numbers from the view of the player on roll.

use crate::match_state::{CubeOwner, MatchState, Seat};
use crate::position::{BAR, Position, SLOTS};
use std::fmt::Write;

/// Checkers drawn on a point before the count is written instead.
const VISIBLE_CHECKERS: u8 = 5;

/// The board of `position` (seen by the player on roll, who is `state.on_roll`; player 1 when
/// no state is given) with its ids, the names, score, cube and dice at the right.
pub fn board_diagram(position: &Position, state: Option<&MatchState>, names: [&str; 2]) -> String {
    let state = state.copied().unwrap_or_default();
    // Both sides' checkers in player 1's (X's) numbering: x[p], o[p] for X-point p; bars apart.
    let (x_side, o_side) = match state.on_roll {
        Seat::One => (position.player_checkers(), position.opponent_checkers()),
        Seat::Zero => (position.opponent_checkers(), position.player_checkers()),
    };
    let mut x = [0u8; SLOTS];
    let mut o = [0u8; SLOTS];
    for p in 1..=24 {
        x[p] = x_side[p];
        o[p] = o_side[25 - p];
    }
    let labels_from_x = state.on_roll == Seat::One;
    let label = |p: usize| if labels_from_x { p } else { 25 - p };
    let top: Vec<usize> = (13..=24).collect();
    let bottom: Vec<usize> = (1..=12).rev().collect();
    let mut lines = Vec::new();
    lines.push(border(&top, &label));
    for row in 0..VISIBLE_CHECKERS {
        lines.push(row_line(&top, &x, &o, row, o_side[usize::from(BAR)], 'O'));
    }
    let arrow = if labels_from_x { 'v' } else { '^' };
    lines.push(format!(
        "{arrow}|                  |BAR|                  |"
    ));
    for row in (0..VISIBLE_CHECKERS).rev() {
        lines.push(row_line(
            &bottom,
            &x,
            &o,
            row,
            x_side[usize::from(BAR)],
            'X',
        ));
    }
    lines.push(border(&bottom, &label));
    let notes = right_notes(&state, names);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "                 Position ID: {}",
        position.position_id()
    );
    if let Ok(id) = state.match_id() {
        let _ = writeln!(out, "                 Match ID   : {id}");
    }
    for (line, note) in lines.iter().zip(notes.iter()) {
        let _ = writeln!(out, "{line}{note}");
    }
    out
}

fn border(points: &[usize], label: &dyn Fn(usize) -> usize) -> String {
    let mut s = String::from(" +");
    for (i, &p) in points.iter().enumerate() {
        if i == 6 {
            s.push_str("-----");
        }
        let _ = write!(s, "{:->2}", label(p));
        s.push('-');
    }
    s.pop();
    s.push_str("-+");
    s
}

/// One row of a half board: `row` 0 is the edge, 4 the row next to the middle (where a count
/// replaces the checker when more than five stand on a point).
fn row_line(points: &[usize], x: &[u8], o: &[u8], row: u8, bar: u8, bar_char: char) -> String {
    let cell = |count: u8, c: char| -> String {
        if count <= row {
            "   ".to_string()
        } else if row == VISIBLE_CHECKERS - 1 && count > VISIBLE_CHECKERS {
            format!("{count:>2} ")
        } else {
            format!(" {c} ")
        }
    };
    let mut s = String::from(" |");
    for (i, &p) in points.iter().enumerate() {
        if i == 6 {
            s.push('|');
            s.push_str(&cell(bar, bar_char));
            s.push('|');
        }
        s.push_str(&if x[p] > 0 {
            cell(x[p], 'X')
        } else {
            cell(o[p], 'O')
        });
    }
    s.push('|');
    s
}

fn right_notes(state: &MatchState, names: [&str; 2]) -> Vec<String> {
    let mut notes = vec![String::new(); 13];
    let roll_note = match state.dice {
        Some(d) => format!("Rolled {}{}", d.first(), d.second()),
        None => "On roll".to_string(),
    };
    notes[0] = format!("O: {}", names[0]);
    notes[1] = format!("{} points", state.score[0]);
    notes[12] = format!("X: {}", names[1]);
    notes[11] = format!("{} points", state.score[1]);
    // Top half for player 0, bottom half for player 1.
    let on_roll_line = if state.on_roll == Seat::Zero { 2 } else { 10 };
    notes[on_roll_line] = roll_note;
    let cube = format!("(Cube: {})", state.cube_value);
    match state.cube_owner {
        CubeOwner::Centered => notes[6] = cube,
        CubeOwner::Owned(Seat::Zero) => notes[3] = cube,
        CubeOwner::Owned(Seat::One) => notes[9] = cube,
    }
    if state.match_length > 0 {
        let crawford = if state.crawford {
            " (Crawford game)"
        } else {
            ""
        };
        let text = format!("{} points match{crawford}", state.match_length);
        if notes[6].is_empty() {
            notes[6] = text;
        } else {
            notes[6] = format!("{text} {}", notes[6]);
        }
    }
    notes
        .into_iter()
        .map(|n| if n.is_empty() { n } else { format!("     {n}") })
        .collect()
}
