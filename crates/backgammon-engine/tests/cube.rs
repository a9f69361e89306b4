//! The match equity table and cube decisions.

use ludus_backgammon::{CrawfordStage, RelativeSide};
use ludus_backgammon_engine::Probabilities;
use ludus_backgammon_engine::cube::{
    CubeAction, CubeState, DEFAULT_GAMMON_RATE, Met, Money, MoneyOptions, cube_decision,
};

const EPS: f64 = 1e-9;

fn no_gammons(win: f32) -> Probabilities {
    Probabilities {
        win,
        ..Default::default()
    }
}

#[test]
fn match_equities_are_complementary_and_even_at_equal_scores() {
    let met = Met::get();
    for a in 1..=15 {
        assert!((met.equity(a, a, CrawfordStage::Before) - 0.5).abs() < 1e-6);
        for b in 1..=15 {
            let stage = if a == 1 || b == 1 {
                CrawfordStage::ThisGame
            } else {
                CrawfordStage::Before
            };
            let sum = met.equity(a, b, stage) + met.equity(b, a, stage);
            assert!((sum - 1.0).abs() < 1e-6, "{a} {b}: {sum}");
        }
    }
}

#[test]
fn needing_fewer_points_is_always_better() {
    let met = Met::get();
    let stage = |a: u32, b: u32| {
        if a == 1 || b == 1 {
            CrawfordStage::ThisGame
        } else {
            CrawfordStage::Before
        }
    };
    for a in 2..=15 {
        for b in 2..=15 {
            assert!(met.equity(a - 1, b, stage(a - 1, b)) > met.equity(a, b, stage(a, b)));
        }
    }
}

#[test]
fn crawford_game_at_two_away_one_away_follows_from_the_gammon_rate() {
    // The trailer wins the match with a gammon, or reaches 1-away / 1-away with a single win.
    let g = DEFAULT_GAMMON_RATE;
    let expected = 0.5 * (g + (1.0 - g) * 0.5);
    let got = Met::get().equity(2, 1, CrawfordStage::ThisGame);
    assert!((got - expected).abs() < 1e-6, "{got} vs {expected}");
}

#[test]
fn live_cube_money_take_point_is_twenty_percent() {
    let d = cube_decision(&Money, &no_gammons(0.7), CubeState::default(), 1.0);
    assert!((d.take_point - 0.8).abs() < 0.005, "{}", d.take_point);
}

#[test]
fn dead_cube_money_take_point_is_twenty_five_percent() {
    let d = cube_decision(&Money, &no_gammons(0.7), CubeState::default(), 0.0);
    assert!((d.take_point - 0.75).abs() < 0.005, "{}", d.take_point);
}

#[test]
fn janowski_take_point_at_efficiency_0_68() {
    // (L - 1/2) / (W + L + x/2) with W = L = 1: the taker needs 21.4%.
    let d = cube_decision(&Money, &no_gammons(0.7), CubeState::default(), 0.68);
    let expected = 1.0 - 0.5 / (2.0 + 0.34);
    assert!((d.take_point - expected).abs() < 0.005, "{}", d.take_point);
}

#[test]
fn decisions_span_no_double_to_pass_as_chances_grow() {
    let action = |w| cube_decision(&Money, &no_gammons(w), CubeState::default(), 0.68).action;
    assert_eq!(action(0.5), CubeAction::NoDoubleTake);
    assert_eq!(action(0.75), CubeAction::DoubleTake);
    assert_eq!(action(0.9), CubeAction::DoublePass);
    let gammonish = Probabilities {
        win: 0.85,
        win_gammon: 0.5,
        ..Default::default()
    };
    let d = cube_decision(&Money, &gammonish, CubeState::default(), 0.68);
    assert_eq!(d.action, CubeAction::TooGoodPass);
    assert!(d.equity > 1.0 + EPS);
}

#[test]
fn the_actions_are_classified_and_worded_as_gnubg_does() {
    // [no double, double/take, double/pass] for each class.
    let cases = [
        (
            [0.1, -0.2, 1.0],
            CubeAction::NoDoubleTake,
            "no double, take",
        ),
        ([0.3, 0.5, 1.0], CubeAction::DoubleTake, "double, take"),
        ([0.8, 1.2, 1.0], CubeAction::DoublePass, "double, pass"),
        (
            [1.3, 1.4, 1.0],
            CubeAction::TooGoodPass,
            "too good to double, pass",
        ),
        (
            [1.1, 0.9, 1.0],
            CubeAction::TooGoodTake,
            "too good to double, take",
        ),
    ];
    for ([nd, dt, dp], action, words) in cases {
        assert_eq!(CubeAction::of(nd, dt, dp), action, "{nd} {dt} {dp}");
        assert_eq!(action.words(false), words);
        assert_eq!(action.to_string(), words);
        assert_eq!(
            action.code(false),
            words.replace(", ", "-").replace(' ', "-")
        );
        let redouble = words.replace("double", "redouble");
        assert_eq!(action.words(true), redouble);
        assert_eq!(
            action.code(true),
            redouble.replace(", ", "-").replace(' ', "-")
        );
    }
    assert_eq!(CubeAction::NoDoubleAvailable.code(true), "not-available");
}

#[test]
fn the_jacoby_rule_discounts_gammons_only_while_the_cube_is_centred() {
    let gammonish = Probabilities {
        win: 0.7,
        win_gammon: 0.3,
        lose_gammon: 0.05,
        ..Default::default()
    };
    let jacoby = MoneyOptions {
        jacoby: true,
        beavers: false,
    };
    let centred = CubeState::default();
    let (plain, with) = (
        cube_decision(&Money, &gammonish, centred, 0.68),
        cube_decision(&jacoby, &gammonish, centred, 0.68),
    );
    assert!(
        with.no_double < plain.no_double - 0.05,
        "{with:?} {plain:?}"
    );
    assert!((with.double_take - plain.double_take).abs() < EPS);
    // Without gammons in the probabilities the rule has nothing to discount.
    let no_gammons = no_gammons(0.7);
    let same = cube_decision(&jacoby, &no_gammons, centred, 0.68);
    assert!(
        (same.no_double - cube_decision(&Money, &no_gammons, centred, 0.68).no_double).abs() < EPS
    );
    // An owned cube has been turned: gammons count.
    let owned = CubeState {
        value: 2,
        owner: Some(RelativeSide::Player),
    };
    let (plain, with) = (
        cube_decision(&Money, &gammonish, owned, 0.68),
        cube_decision(&jacoby, &gammonish, owned, 0.68),
    );
    assert!((with.no_double - plain.no_double).abs() < EPS);
}

#[test]
fn with_beavers_a_double_from_behind_costs_twice_as_much() {
    let beavers = MoneyOptions {
        jacoby: false,
        beavers: true,
    };
    let behind = no_gammons(0.3);
    let plain = cube_decision(&Money, &behind, CubeState::default(), 0.68);
    let with = cube_decision(&beavers, &behind, CubeState::default(), 0.68);
    assert!(plain.double_take < 0.0);
    assert!((with.double_take - 2.0 * plain.double_take).abs() < EPS);
    assert_eq!(
        (plain.action, with.action),
        (CubeAction::NoDoubleTake, CubeAction::NoDoubleBeaver)
    );
    assert_eq!(with.action.words(false), "no double, beaver");
    assert_eq!(with.action.code(true), "no-redouble-beaver");
    // Ahead, the double is taken, not beavered: nothing changes.
    let ahead = no_gammons(0.75);
    let plain = cube_decision(&Money, &ahead, CubeState::default(), 0.68);
    let with = cube_decision(&beavers, &ahead, CubeState::default(), 0.68);
    assert!((with.double_take - plain.double_take).abs() < EPS);
    assert_eq!(with.action, CubeAction::DoubleTake);
}

#[test]
fn no_cube_action_when_the_opponent_owns_it() {
    let cube = CubeState {
        value: 2,
        owner: Some(RelativeSide::Opponent),
    };
    let d = cube_decision(&Money, &no_gammons(0.9), cube, 0.68);
    assert_eq!(d.action, CubeAction::NoDoubleAvailable);
}

#[test]
fn match_context_reads_scores_and_cube_from_the_side_on_roll() {
    use ludus_backgammon::{CubeOwner, MatchState, Seat};
    use ludus_backgammon_engine::match_context::MatchContext;
    let state = MatchState {
        match_length: 5,
        score: [1, 3],
        on_roll: Seat::Zero,
        turn: Seat::Zero,
        cube_value: 2,
        cube_owner: CubeOwner::Owned(Seat::One),
        ..MatchState::default()
    };
    let id = state.match_id().expect("valid state");
    let context = MatchContext::from_match_id(&id).expect("valid id");
    assert_eq!((context.away_me, context.away_opponent), (4, 2));
    assert_eq!(
        context.cube,
        CubeState {
            value: 2,
            owner: Some(RelativeSide::Opponent)
        }
    );
    assert_eq!(context.crawford, CrawfordStage::Before);
}

#[test]
fn match_cube_decisions_use_match_winning_chances() {
    use ludus_backgammon_engine::cube::MatchPayoff;
    let met = Met::get();
    // 2-away / 2-away: a pass leaves me 1-away against 2-away in the Crawford game; a take plays
    // for the match, so with 90% the opponent must pass, and at 70% take.
    let pay = MatchPayoff {
        away_me: 2,
        away_opponent: 2,
        crawford: CrawfordStage::Before,
        met,
    };
    let d = cube_decision(&pay, &no_gammons(0.9), CubeState::default(), 0.68);
    let pass_value = met.equity(1, 2, CrawfordStage::ThisGame);
    assert!((d.double_pass - pass_value).abs() < EPS);
    assert!(
        (d.double_take - 0.9).abs() < 0.01,
        "the game decides the match"
    );
    assert_eq!(d.action, CubeAction::DoublePass);
    let d = cube_decision(&pay, &no_gammons(0.66), CubeState::default(), 0.68);
    assert_eq!(d.action, CubeAction::DoubleTake);
    // In the Crawford game nobody may double.
    let crawford = MatchPayoff {
        away_me: 3,
        away_opponent: 1,
        crawford: CrawfordStage::ThisGame,
        met,
    };
    let d = cube_decision(&crawford, &no_gammons(0.9), CubeState::default(), 0.68);
    assert_eq!(d.action, CubeAction::NoDoubleAvailable);
}

#[test]
fn the_crawford_stage_comes_from_the_rules_crate_match_state() {
    use ludus_backgammon::{MatchState, Seat};
    use ludus_backgammon_engine::match_context::MatchContext;
    let state = |score: [u32; 2], crawford: bool| MatchState {
        match_length: 5,
        score,
        crawford,
        on_roll: Seat::Zero,
        turn: Seat::Zero,
        ..MatchState::default()
    };
    let stage = |s: MatchState| MatchContext::from_match_state(&s).expect("valid").crawford;
    assert_eq!(stage(state([4, 2], true)), CrawfordStage::ThisGame);
    assert_eq!(stage(state([4, 2], false)), CrawfordStage::After);
    assert_eq!(stage(state([2, 4], false)), CrawfordStage::After);
    assert_eq!(stage(state([4, 4], false)), CrawfordStage::Before);
    assert_eq!(stage(state([1, 2], false)), CrawfordStage::Before);
}
