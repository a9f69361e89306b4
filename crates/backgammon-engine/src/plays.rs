//! The plays of a roll as the engine looks at them: the rules crate's boards, in one fixed order.

use ludus_backgammon::{Dice, Position};

/// Clears `out` and fills it with every distinct board reachable from `position` with `dice`
/// (mover's view, not swapped; the unchanged board when no checker can move), from the rules
/// crate's generator ([`Position::successor_positions`]), sorted. Sorting makes every choice
/// among them (the first of equal equities, a random player's pick) independent of the order
/// the generator lists plays in.
pub fn plays(position: &Position, dice: Dice, out: &mut Vec<Position>) {
    position.successor_positions(dice, out);
    out.sort_unstable();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_31_has_sixteen_distinct_plays_in_order() {
        let mut out = Vec::new();
        plays(
            &Position::starting(),
            Dice::new(3, 1).expect("dice"),
            &mut out,
        );
        assert_eq!(out.len(), 16);
        assert!(out.windows(2).all(|pair| pair[0] < pair[1]));
    }
}
