//! Morris in the coach. Duels: seeded openings, both colours, reproducible depth duels,
//! forfeits, and the Elo, interval and SPRT arithmetic against values worked out by hand.
//! Tuning: reproducible self-play that the fit improves on. Player specs: what reads and what
//! is refused.

use ludus_coach::morris::duel::{
    DuelConfig, DuelGame, GameEnd, PlayerPair, Tally, blocked_loss_plies, duel, elo_of_score,
    end_counts, openings,
};
use ludus_coach::morris::tune::{Sample, TuneConfig, fit, self_play};
use ludus_morris::Color;
use ludus_morris::player::{Choice, Limits, Player, PlayerError};
use ludus_morris::record::OffBoardResult;
use ludus_morris::{Game, Move, Rules};
use ludus_morris_engine::eval::Weights;
use ludus_morris_engine::{EnginePlayer, EngineSetting};

fn engines(a: u32, b: u32) -> impl Fn() -> Result<PlayerPair, PlayerError> + Sync {
    move || {
        let make = |depth| {
            Box::new(EnginePlayer::new(EngineSetting::Depth(depth), None)) as Box<dyn Player>
        };
        Ok([make(a), make(b)])
    }
}

fn moves_of(games: &[DuelGame]) -> Vec<Vec<Move>> {
    games.iter().map(|g| g.game.moves().to_vec()).collect()
}

#[test]
fn openings_are_two_to_four_seeded_placements() {
    let rules = Rules::standard();
    let first = openings(7, 20, &rules);
    assert_eq!(first, openings(7, 20, &rules));
    assert_ne!(first, openings(8, 20, &rules));
    for opening in &first {
        assert!((2..=4).contains(&opening.len()), "{opening:?}");
        assert!(
            opening
                .iter()
                .all(|mv| mv.from.is_none() && mv.remove.is_none())
        );
    }
}

#[test]
fn a_depth_duel_is_reproducible_and_plays_each_opening_with_both_colours() {
    let config = DuelConfig {
        games: 3,
        seed: 1,
        rules: Rules::standard(),
    };
    let one = duel(&engines(1, 2), &config, 1, &|_| {}).unwrap();
    let two = duel(&engines(1, 2), &config, 2, &|_| {}).unwrap();
    assert_eq!(one.len(), 4, "rounded up to pairs");
    assert_eq!(moves_of(&one), moves_of(&two));
    for pair in one.chunks(2) {
        assert!(pair[0].a_is_white && !pair[1].a_is_white);
        let n = pair[0].opening_plies;
        assert_eq!(pair[0].game.moves()[..n], pair[1].game.moves()[..n]);
    }
    assert_eq!(Tally::of(&one).games(), 4);
    for game in &one {
        assert!(matches!(game.end, GameEnd::Rules(_)), "{:?}", game.end);
    }
}

/// A player that always fails.
struct Broken;

impl Player for Broken {
    fn name(&self) -> String {
        "broken".to_string()
    }

    fn choose(&mut self, _: &Game, _: &Limits) -> Result<Choice, PlayerError> {
        Err(PlayerError::new("broken", "no answer"))
    }
}

#[test]
fn a_failing_player_forfeits_its_games() {
    let make = || -> Result<PlayerPair, PlayerError> {
        let engine = EnginePlayer::new(EngineSetting::Depth(1), None);
        Ok([Box::new(engine), Box::new(Broken)])
    };
    let config = DuelConfig {
        games: 2,
        seed: 3,
        rules: Rules::standard(),
    };
    let games = duel(&make, &config, 1, &|_| {}).unwrap();
    assert_eq!(Tally::of(&games).wins, 2);
    assert!(games.iter().all(|g| matches!(g.end, GameEnd::Forfeit(_))));
    assert_eq!(games[0].error.as_deref(), Some("broken: no answer"));
    assert_eq!(
        end_counts(&games, &config.rules),
        [("forfeit".to_string(), 2)]
    );
    assert!(blocked_loss_plies(&games, false).is_empty());
    let names = ["depth:1".to_string(), "broken".to_string()];
    assert_eq!(games[1].by_colour(&names), ["broken", "depth:1"]);
    let record = games[1].record(&names);
    assert_eq!(record.tag("Round"), Some("2"));
    assert_eq!(record.tag("White"), Some("broken"));
    assert_eq!(record.tag("Termination"), Some("forfeit"));
    assert_eq!(record.off_board, Some(OffBoardResult::Win(Color::Black)));
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-3
}

#[test]
fn elo_interval_and_sprt_match_hand_computed_values() {
    assert!(close(elo_of_score(0.75), 190.8485));
    assert!(close(elo_of_score(0.5), 0.0));
    assert_eq!(elo_of_score(1.0), f64::INFINITY);
    let tally = Tally {
        wins: 60,
        draws: 20,
        losses: 20,
    };
    assert!(close(tally.score(), 0.7));
    assert!(close(tally.elo(), 147.1907));
    // Per-game variance 0.16, standard error 0.04, half-width 1.96 × 0.04 = 0.0784.
    assert!(close(tally.score_ci95(), 0.0784));
    let (low, high) = tally.elo_ci95();
    assert!(close(low, 86.2240) && close(high, 218.2533), "{low} {high}");
    let sprt = tally.sprt(0.0, 10.0);
    assert!(close(sprt.llr, 1.7337), "{}", sprt.llr);
    assert!(close(sprt.upper, 2.9444) && close(sprt.lower, -2.9444));
    assert_eq!(sprt.verdict(), "continue");
    assert_eq!(tally.sprt(0.0, 50.0).verdict(), "H1 accepted");
    let even = Tally {
        wins: 10,
        draws: 80,
        losses: 10,
    };
    assert_eq!(even.sprt(50.0, 100.0).verdict(), "H0 accepted");
}

#[test]
fn tuning_is_reproducible_and_lowers_the_error() {
    let config = TuneConfig {
        seed: 5,
        games: 4,
        depth: 2,
        noise: 20,
        epochs: 50,
        rules: Rules::standard(),
    };
    let first = self_play(&config, Weights::HAND_SET, None, &mut |_, _, _| {});
    let again = self_play(&config, Weights::HAND_SET, None, &mut |_, _, _| {});
    assert!(!first.is_empty());
    assert_eq!(targets(&first), targets(&again), "same seed, same samples");
    assert!(first.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.target)));
    let found = fit(&first, Weights::HAND_SET, config.epochs, &mut |_, _, _| {});
    assert!(found.loss_after <= found.loss_before, "{found:?}");
}

fn targets(samples: &[Sample]) -> Vec<(f64, [i32; 11])> {
    samples
        .iter()
        .map(|s| (s.target, s.features.values))
        .collect()
}
