//! Players and duels.

use ludus_backgammon_engine::{HeuristicPlayer, Net, NetEvaluator, NetPlayer, RandomPlayer};
use ludus_coach::backgammon::duel::duel;

#[test]
fn a_duel_replays_exactly_from_its_seed() {
    let run = || {
        duel(
            &mut HeuristicPlayer,
            &mut RandomPlayer::new(9),
            20,
            5,
            |_| {},
        )
        .expect("no player fails")
    };
    assert_eq!(run(), run());
}

#[test]
fn mirrored_dice_make_a_player_even_against_itself() {
    let r = duel(&mut HeuristicPlayer, &mut HeuristicPlayer, 20, 3, |_| {}).expect("a duel");
    assert_eq!(r.ppg, 0.0);
}

#[test]
fn heuristic_beats_random() {
    let r = duel(
        &mut HeuristicPlayer,
        &mut RandomPlayer::new(1),
        40,
        1,
        |_| {},
    )
    .expect("a duel");
    assert!(r.ppg > 1.0, "{r:?}");
}

#[test]
fn network_beats_random_and_the_heuristic() {
    let mut net = NetPlayer::new(NetEvaluator::shipped(), 0, "net");
    let r = duel(&mut net, &mut RandomPlayer::new(2), 40, 2, |_| {}).expect("a duel");
    assert!(r.ppg > 1.5, "{r:?}");
    let r = duel(&mut net, &mut HeuristicPlayer, 200, 2, |_| {}).expect("a duel");
    assert!(r.ppg > 0.3, "{r:?}");
}

#[test]
fn mirroring_removes_the_luck_an_unmirrored_estimate_keeps() {
    // Against itself every mirrored pair sums to zero; taken game by game the same results
    // spread widely: the mirrored interval is 0, the unmirrored one is not.
    let r = duel(&mut HeuristicPlayer, &mut HeuristicPlayer, 40, 8, |_| {}).expect("a duel");
    assert_eq!(r.ci95, 0.0);
    assert!(r.ci95_unmirrored > 0.3, "{r:?}");
    assert_eq!(r.variance_ratio(), 1.0);
    // Between different players of similar strength mirroring still narrows the interval: here
    // the shipped network against its small pruning network. Against the heuristic player it
    // need not: the network wins nearly every game and the spread is its gammons, not the dice
    // (stage 9, 1,200 games: 0.0650 mirrored against 0.0641 unmirrored).
    let small = ludus_backgammon_engine::eval::shipped_pruning_net().expect("the pruning network");
    let mut net = NetPlayer::new(NetEvaluator::shipped(), 0, "net");
    let mut small = NetPlayer::new(NetEvaluator::new(Net::clone(&small)), 0, "small net");
    let r = duel(&mut net, &mut small, 600, 8, |_| {}).expect("a duel");
    assert!(r.ci95 > 0.0 && r.ci95 < r.ci95_unmirrored, "{r:?}");
    assert!(r.variance_ratio() > 1.0, "{r:?}");
}

#[test]
fn a_parallel_duel_reports_exactly_what_one_thread_reports() {
    use ludus_backgammon::player::PlayerError;
    use ludus_coach::backgammon::duel::{DuelConfig, PlayerPair, Stakes, duel_parallel, duel_with};
    for stakes in [Stakes::Cubeless, Stakes::Money, Stakes::Match(3)] {
        let config = DuelConfig {
            games: 16,
            seed: 21,
            stakes,
        };
        let make = || -> Result<PlayerPair, PlayerError> {
            Ok((
                Box::new(NetPlayer::new(NetEvaluator::shipped(), 0, "net")),
                Box::new(HeuristicPlayer),
            ))
        };
        let (mut a, mut b) = make().expect("players");
        let serial = duel_with(a.as_mut(), b.as_mut(), &config, |_| {}).expect("a duel");
        let parallel = duel_parallel(&make, &config, 3, &|_| {}).expect("a duel");
        assert_eq!(serial, parallel, "{stakes:?}");
        assert_eq!(serial.games, 16);
        assert_eq!(serial.stakes, stakes);
        if let Stakes::Match(_) = stakes {
            assert!(serial.ppg.abs() <= 1.0, "{serial:?}");
            assert_eq!(serial.ppg, (2.0 * serial.a_wins as f64 - 16.0) / 16.0);
        }
    }
}

/// A player that fails on its `n`-th play, or chooses a play that does not exist.
struct Failing {
    plays_left: u32,
    out_of_range: bool,
}

impl ludus_backgammon::player::Player for Failing {
    fn name(&self) -> String {
        "failing".into()
    }

    fn choose(
        &mut self,
        request: ludus_backgammon::player::PlayRequest<'_>,
    ) -> Result<usize, ludus_backgammon::player::PlayerError> {
        if self.plays_left > 0 {
            self.plays_left -= 1;
            return Ok(0);
        }
        if self.out_of_range {
            return Ok(request.plays.len());
        }
        Err(ludus_backgammon::player::PlayerError::new(
            "failing",
            "the program stopped",
        ))
    }
}

#[test]
fn a_failing_player_stops_the_duel_with_its_error() {
    let mut failing = Failing {
        plays_left: 30,
        out_of_range: false,
    };
    let error = duel(&mut HeuristicPlayer, &mut failing, 10, 1, |_| {}).expect_err("stops");
    assert_eq!(error.to_string(), "failing: the program stopped");
    let mut wild = Failing {
        plays_left: 3,
        out_of_range: true,
    };
    let error = duel(&mut wild, &mut HeuristicPlayer, 10, 1, |_| {}).expect_err("stops");
    assert!(
        error.to_string().starts_with("failing: chose play"),
        "{error}"
    );
}

#[test]
fn a_player_file_may_bundle_a_network_a_position_class() {
    use ludus_backgammon::Position;
    use ludus_backgammon_engine::Evaluator;
    use ludus_backgammon_engine::classes::{ClassNets, PositionClass};
    use ludus_backgammon_engine::net::Net;
    use ludus_coach::backgammon::player_spec::{NetSource, NetSpec};
    use ludus_coach::backgammon::weights::{read_weights, write_class_nets};
    let race_net = Net::random(8, 5);
    let nets = ClassNets::single(NetEvaluator::shipped().net().clone())
        .with(PositionClass::Race, race_net.clone());
    let path = std::env::temp_dir().join(format!("ludus-bundle-{}.bin", std::process::id()));
    write_class_nets(&path, &nets).expect("written");
    let spec = NetSpec {
        source: NetSource::File(path.clone()),
        plies: 0,
        full_width: false,
        name: "bundle".into(),
    };
    let evaluator = spec.evaluator().expect("a bundle is a player's weights");
    assert_eq!(evaluator.classes(), &nets);
    let side = |list: &[(usize, u8)]| {
        let mut s = [0u8; 26];
        list.iter().for_each(|&(p, n)| s[p] = n);
        s
    };
    let race =
        Position::from_board(side(&[(6, 8), (5, 7)]), side(&[(6, 8), (4, 7)])).expect("a position");
    let alone = NetEvaluator::new(race_net).without_bearoff();
    assert_eq!(
        evaluator.without_bearoff().eval(&race),
        alone.eval(&race),
        "the race network judges a race"
    );
    let refused = read_weights(&path).expect_err("one network's reader refuses a bundle");
    assert!(refused.is_bad_input(), "{refused}");
    std::fs::remove_file(&path).ok();
}

#[test]
fn with_the_cube_every_double_is_answered_and_mirrored_seats_double_alike() {
    use ludus_coach::backgammon::duel::{DuelConfig, Stakes, duel_with};
    let config = DuelConfig {
        games: 40,
        seed: 11,
        stakes: Stakes::Money,
    };
    let mut a = NetPlayer::new(NetEvaluator::shipped(), 0, "net");
    let mut b = NetPlayer::new(NetEvaluator::shipped(), 0, "net");
    let r = duel_with(&mut a, &mut b, &config, |_| {}).expect("a duel");
    // The same player in both seats on the same dice: each pair plays one game twice, so A and
    // B double, take and pass exactly alike, and every double is taken or passed.
    assert_eq!(r.a_cube, r.b_cube, "{r:?}");
    assert_eq!(r.a_cube.doubles, r.b_cube.takes + r.b_cube.passes, "{r:?}");
    assert!(r.a_cube.doubles > 0, "{r:?}");
    assert_eq!(r.ppg, 0.0);
    // The heuristic never doubles and always takes: the network's doubles are all taken.
    let r = duel_with(&mut a, &mut HeuristicPlayer, &config, |_| {}).expect("a duel");
    assert_eq!(r.b_cube.doubles, 0, "{r:?}");
    assert_eq!((r.b_cube.takes, r.b_cube.passes), (r.a_cube.doubles, 0));
    assert_eq!(r.a_cube.takes + r.a_cube.passes, 0, "{r:?}");
    assert!(r.a_cube.doubles > 0, "{r:?}");
    // Cubeless games count no cube action.
    let cubeless = DuelConfig {
        stakes: Stakes::Cubeless,
        ..config
    };
    let r = duel_with(&mut a, &mut b, &cubeless, |_| {}).expect("a duel");
    assert_eq!(r.a_cube, Default::default());
    assert_eq!(r.b_cube, Default::default());
}
