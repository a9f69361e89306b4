//! Invariants checked on random reachable positions and random states (proptest).

use ludus_backgammon::random_positions;
use ludus_backgammon::{
    BAR, CrawfordStage, CubeOwner, Dice, GameState, MatchState, Position, RelativeSide, Seat,
    WinKind, Xgid,
};
use proptest::prelude::*;

/// A position reached by random play: a seed picks the game, `plies` how far into it.
fn reachable() -> impl Strategy<Value = Position> {
    (any::<u64>(), 0usize..300).prop_map(|(seed, plies)| {
        *random_positions(seed, plies + 1)
            .last()
            .expect("one position")
    })
}

fn dice() -> impl Strategy<Value = Dice> {
    (1u8..=6, 1u8..=6).prop_map(|(a, b)| Dice::new(a, b).expect("dice in range"))
}

fn checkers(side: &[u8; 26]) -> u32 {
    side.iter().map(|&c| u32::from(c)).sum()
}

fn match_state() -> impl Strategy<Value = MatchState> {
    (
        (0u32..=15, 0u8..3, any::<bool>(), any::<bool>(), 0u8..5),
        (
            any::<bool>(),
            any::<bool>(),
            0u8..4,
            prop::option::of(dice()),
        ),
        (0u32..32768, 0u32..32768, 0u32..32768, any::<bool>()),
    )
        .prop_map(
            |(
                (cube_log2, owner, on_roll, crawford, state),
                (turn, double_offered, resign, dice),
                (length, s0, s1, jacoby),
            )| {
                let seat = |b: bool| if b { Seat::One } else { Seat::Zero };
                MatchState {
                    cube_value: 1 << cube_log2,
                    cube_owner: match owner {
                        0 => CubeOwner::Owned(Seat::Zero),
                        1 => CubeOwner::Owned(Seat::One),
                        _ => CubeOwner::Centered,
                    },
                    on_roll: seat(on_roll),
                    crawford,
                    game_state: [
                        GameState::NoGame,
                        GameState::Playing,
                        GameState::Over,
                        GameState::Resigned,
                        GameState::Dropped,
                    ][usize::from(state)],
                    turn: seat(turn),
                    double_offered,
                    resignation: [
                        None,
                        Some(WinKind::Single),
                        Some(WinKind::Gammon),
                        Some(WinKind::Backgammon),
                    ][usize::from(resign)],
                    dice,
                    match_length: length,
                    score: [s0, s1],
                    jacoby,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_play_keeps_15_checkers_a_side(position in reachable(), roll in dice()) {
        for (_, after) in position.legal_moves_with_positions(roll) {
            prop_assert_eq!(checkers(&after.player_checkers()), 15);
            prop_assert_eq!(checkers(&after.opponent_checkers()), 15);
        }
    }

    #[test]
    fn pips_fall_by_the_pips_moved_and_hits_send_pips_back(position in reachable(), roll in dice()) {
        let (before, their_before) = position.pip_count();
        let plays = position.legal_moves_with_positions(roll);
        let used = plays[0].0.len();
        for (mv, after) in &plays {
            prop_assert_eq!(mv.len(), used, "every play uses as many dice");
            let (now, their_now) = after.pip_count();
            let moved: u32 = mv.checker_moves().iter().map(|m| u32::from(m.from - m.to)).sum();
            prop_assert_eq!(before - now, moved);
            prop_assert!(moved <= mv.pips_used(roll));
            let overshoot = mv.checker_moves().iter().any(|m| m.to == 0);
            if !overshoot {
                prop_assert_eq!(moved, mv.pips_used(roll));
            }
            let sent_back: u32 = mv.checker_moves().iter().filter(|m| m.hit).map(|m| u32::from(m.to)).sum();
            prop_assert_eq!(their_now - their_before, sent_back);
        }
    }

    #[test]
    fn notation_reads_back_to_the_same_play(position in reachable(), roll in dice()) {
        for (mv, after) in position.legal_moves_with_positions(roll) {
            let read = position.parse_move(roll, &mv.to_string()).unwrap();
            prop_assert_eq!(position.apply(&read), after);
        }
    }

    #[test]
    fn home_and_race_follow_the_checkers(position in reachable()) {
        for (side, checkers) in [
            (RelativeSide::Player, position.player_checkers()),
            (RelativeSide::Opponent, position.opponent_checkers()),
        ] {
            prop_assert_eq!(position.all_home(side), checkers[7..].iter().all(|&c| c == 0));
        }
        if position.player(BAR) > 0 || position.opponent(BAR) > 0 {
            prop_assert!(!position.is_race(), "a checker on the bar still has to pass the other side");
        }
        if position.all_home(RelativeSide::Player) && position.all_home(RelativeSide::Opponent) {
            prop_assert!(position.is_race());
        }
    }

    #[test]
    fn the_crawford_stage_follows_the_flag_and_the_scores(state in match_state()) {
        let one_away = |score: u32| state.match_length > 0 && score + 1 == state.match_length;
        let expected = if state.crawford {
            CrawfordStage::ThisGame
        } else if one_away(state.score[0]) != one_away(state.score[1]) {
            CrawfordStage::After
        } else {
            CrawfordStage::Before
        };
        prop_assert_eq!(state.crawford_stage(), expected);
    }

    #[test]
    fn position_ids_round_trip(position in reachable()) {
        let id = position.position_id();
        prop_assert_eq!(id.len(), 14);
        prop_assert_eq!(Position::from_position_id(&id).unwrap(), position);
        prop_assert_eq!(position.swapped().swapped(), position);
    }

    #[test]
    fn match_ids_round_trip(state in match_state()) {
        let id = state.match_id().unwrap();
        prop_assert_eq!(id.len(), 12);
        prop_assert_eq!(MatchState::from_match_id(&id).unwrap(), state);
    }

    #[test]
    fn xgids_round_trip(position in reachable(), mut state in match_state(), beavers: bool, max in 0u8..16) {
        // What an XGID can hold: a game being played, no resignation, turn implied.
        state.game_state = GameState::Playing;
        state.resignation = None;
        if state.double_offered {
            state.dice = None;
        }
        state.turn = if state.double_offered { state.on_roll.other() } else { state.on_roll };
        let money = state.match_length == 0;
        if money {
            state.crawford = false;
        } else {
            state.jacoby = false;
        }
        let xgid = Xgid { position, state, beavers: beavers && money, max_cube_log2: max };
        let text = xgid.to_string();
        prop_assert_eq!(text.parse::<Xgid>().unwrap(), xgid);
    }
}
