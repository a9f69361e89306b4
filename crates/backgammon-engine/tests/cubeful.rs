//! Cubeful checker play: plays valued at the cube and score.

use ludus_backgammon::player::plays;
use ludus_backgammon::player::{PlayRequest, Player};
use ludus_backgammon::{
    CubeOwner, Dice, MatchState, Position, RelativeSide, Seat, random_positions,
};
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::eval::NetEvaluator;
use ludus_backgammon_engine::match_context::MatchContext;
use ludus_backgammon_engine::player::NetPlayer;
use ludus_backgammon_engine::probabilities::Probabilities;
use ludus_backgammon_engine::search::{PlayValuation, rank_moves, rank_moves_valued};

/// A match state: `length` points, the side on roll (seat 0) at `mine`, the other at `theirs`,
/// after the Crawford game when a side is 1-away.
fn match_at(length: u32, mine: u32, theirs: u32) -> MatchState {
    MatchState {
        match_length: length,
        score: [mine, theirs],
        crawford: false,
        on_roll: Seat::Zero,
        turn: Seat::Zero,
        ..MatchState::default()
    }
}

fn some_rolls() -> impl Iterator<Item = (Position, Dice)> {
    random_positions(77, 40)
        .into_iter()
        .zip(Dice::ALL_21.iter().cycle().map(|&(dice, _)| dice))
}

#[test]
fn at_double_match_point_the_play_with_the_most_wins_is_chosen() {
    // 1-away, 1-away: the cube is dead and a gammon wins no more than a single game, so the
    // cubeful value is the winning chance alone: 2 P(win) - 1.
    let evaluator = NetEvaluator::shipped();
    let state = match_at(5, 4, 4);
    let valuation = PlayValuation::of_state(Some(&state));
    assert!(matches!(valuation, PlayValuation::Cubeful(_)));
    let mut after = Vec::new();
    for (position, dice) in some_rolls() {
        let ranked = rank_moves_valued(&evaluator, &position, dice, 0, &valuation);
        for m in &ranked {
            let expected = 2.0 * f64::from(m.probabilities.win) - 1.0;
            assert!(
                (m.value - expected).abs() < 1e-6,
                "{} vs {expected}",
                m.value
            );
        }
        let most_wins = ranked
            .iter()
            .map(|m| m.probabilities.win)
            .fold(f32::NEG_INFINITY, f32::max);
        assert_eq!(ranked[0].probabilities.win, most_wins);
        plays(&position, dice, &mut after);
        let mut player = NetPlayer::new(evaluator.clone(), 0, "net");
        let chosen = player
            .choose(PlayRequest {
                position: &position,
                dice,
                plays: &after,
                state: Some(&state),
            })
            .unwrap();
        assert_eq!(after[chosen], ranked[0].after);
    }
}

#[test]
fn my_gammons_are_worth_nothing_when_one_point_wins_the_match() {
    // 1-away (post-Crawford) against 3-away: any win ends the match; a gammon loss costs more
    // than a single loss. Moving winning chances between single and gammon wins changes nothing.
    let context = MatchContext::from_match_state(&match_at(5, 4, 2)).unwrap();
    let after = Position::starting();
    let single = Probabilities {
        win: 0.6,
        win_gammon: 0.0,
        win_backgammon: 0.0,
        lose_gammon: 0.1,
        lose_backgammon: 0.0,
    };
    let gammonish = Probabilities {
        win_gammon: 0.4,
        win_backgammon: 0.1,
        ..single
    };
    let valuation = PlayValuation::Cubeful(context);
    let (a, b) = (
        valuation.value(&after, &single),
        valuation.value(&after, &gammonish),
    );
    assert!((a - b).abs() < 1e-9, "{a} vs {b}");
    // ... while losing a gammon costs more than losing a single game.
    let lose_gammon = Probabilities {
        lose_gammon: 0.3,
        ..single
    };
    assert!(valuation.value(&after, &lose_gammon) < a - 0.01);
    // In money play the same gammons are worth a point each.
    let money = PlayValuation::Cubeless;
    assert!(money.value(&after, &gammonish) > money.value(&after, &single) + 0.4);
}

#[test]
fn money_play_and_cubeless_games_keep_cubeless_checker_play() {
    let evaluator = NetEvaluator::shipped();
    assert_eq!(
        PlayValuation::of_state(Some(&MatchState::default())),
        PlayValuation::Cubeless
    );
    assert_eq!(PlayValuation::of_state(None), PlayValuation::Cubeless);
    for (position, dice) in some_rolls().take(10) {
        let old = rank_moves(&evaluator, &position, dice, 1);
        let engine = Engine::new(1);
        let money = engine.ranked_moves_in(&position, dice, Some(&MatchState::default()));
        assert_eq!(old[0].after, position.apply(&money[0].mv));
        assert_eq!(
            engine.best_move(&position, dice),
            engine.best_move_in(&position, dice, None)
        );
    }
}

#[test]
fn the_context_seen_from_the_opponent_swaps_scores_and_cube_owner() {
    let mut state = match_at(7, 2, 5);
    state.cube_value = 2;
    state.cube_owner = CubeOwner::Owned(Seat::One);
    let context = MatchContext::from_match_state(&state).unwrap();
    let theirs = context.swapped();
    assert_eq!((theirs.away_me, theirs.away_opponent), (2, 5));
    assert_eq!(theirs.cube.value, 2);
    assert_eq!(theirs.cube.owner, Some(RelativeSide::Player));
    assert_eq!(
        theirs.swapped(),
        MatchContext {
            dice: None,
            ..context
        }
    );
}
