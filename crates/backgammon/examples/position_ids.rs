//! Prints the gnubg Position IDs of [`ludus_backgammon::random_positions`], one a line, for
//! other programs to read the same positions (the move generation benchmark's set is
//! `3000 2027`): `cargo run --release -p ludus-backgammon --example position_ids -- COUNT SEED`.

use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(count), Some(seed)) = (
        args.get(1).and_then(|a| a.parse::<usize>().ok()),
        args.get(2).and_then(|a| a.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: position_ids COUNT SEED");
        std::process::exit(2);
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for position in ludus_backgammon::random_positions(seed, count) {
        // A closed pipe (`| head`) ends the output quietly.
        if writeln!(out, "{}", position.position_id()).is_err() {
            return;
        }
    }
    let _ = out.flush();
}
