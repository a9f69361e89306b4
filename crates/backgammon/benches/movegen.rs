//! Move generation speed: position-roll move lists per second over a fixed set of positions.
fn main() {}
