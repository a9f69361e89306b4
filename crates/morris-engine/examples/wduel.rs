//! scratch: weights A vs weights B
use ludus_morris::{Game, Move, Rules};
use ludus_morris_engine::duel::{DuelConfig, MorrisPlayer, PlayerError, PlayerPair, Tally, duel};
use ludus_morris_engine::eval::Weights;
use ludus_morris_engine::{SearchLimits, Searcher};
use std::time::Duration;

struct P {
    w: Weights,
    limits: SearchLimits,
    s: Searcher<'static>,
    name: String,
}
impl MorrisPlayer for P {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn new_game(&mut self, _g: u64) -> Result<(), PlayerError> {
        self.s = Searcher::new(Rules::standard());
        self.s.set_weights(self.w);
        Ok(())
    }
    fn choose(&mut self, game: &Game) -> Result<Option<Move>, PlayerError> {
        let ps = game.positions();
        let (h, c) = ps.split_at(ps.len() - 1);
        self.s.set_history(h);
        Ok(self.s.search(&c[0], &self.limits).best_move)
    }
}
fn load(spec: &str) -> Weights {
    match spec {
        "old" => Weights {
            placement: [0, 12, 14, 0, 0, 0, 0, 0, 0, 0, 0],
            movement: [0, 8, 22, 0, 70, 5, 4, 0, 0, 40, 0],
        },
        "hand" => Weights::HAND_SET,
        "tuned" => Weights::tuned(),
        path => Weights::parse(&std::fs::read_to_string(path).unwrap()).unwrap(),
    }
}
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (wa, wb) = (load(&a[1]), load(&a[2]));
    let games: u64 = a[3].parse().unwrap();
    let limit = &a[4];
    let jobs: usize = a.get(5).map(|s| s.parse().unwrap()).unwrap_or(1);
    let limits = if let Some(d) = limit.strip_prefix("d") {
        SearchLimits::depth(d.parse().unwrap())
    } else {
        SearchLimits::movetime(Duration::from_millis(limit.parse().unwrap()))
    };
    let mk = || -> Result<PlayerPair, PlayerError> {
        Ok([
            Box::new(P {
                w: wa,
                limits: limits.clone(),
                s: Searcher::new(Rules::standard()),
                name: "A".into(),
            }) as Box<dyn MorrisPlayer>,
            Box::new(P {
                w: wb,
                limits: limits.clone(),
                s: Searcher::new(Rules::standard()),
                name: "B".into(),
            }),
        ])
    };
    let cfg = DuelConfig {
        games,
        seed: 12,
        rules: Rules::standard(),
    };
    let res = duel(&mk, &cfg, jobs, &|g| {
        eprintln!(
            "game {} {} plies {} {:?}",
            g.index,
            g.result(),
            g.game.moves().len(),
            g.end
        )
    })
    .unwrap();
    let t = Tally::of(&res);
    let (lo, hi) = t.elo_ci95();
    println!(
        "A {} vs B {} at {limit}: +{} ={} -{} score {:.3} elo {:.0} [{:.0}, {:.0}]",
        a[1],
        a[2],
        t.wins,
        t.draws,
        t.losses,
        t.score(),
        t.elo(),
        lo,
        hi
    );
}
