//! scratch
use ludus_morris::{Position, Rules};
use ludus_morris_engine::{SearchLimits, Searcher};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let max: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let pos: Position = args.get(2).map(|s| s.parse().unwrap()).unwrap_or_default();
    for d in 1..=max {
        let r = Searcher::new(Rules::standard()).search(&pos, &SearchLimits::depth(d));
        let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "depth {d} {:>8.3}s nodes {:>10} best {} score {} pv {}",
            r.elapsed.as_secs_f64(),
            r.nodes,
            r.best_move.unwrap(),
            r.score,
            pv.join(" ")
        );
    }
}
