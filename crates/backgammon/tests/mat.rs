//! `.mat` match records: gnubg's own exports as golden files, export→import round trips, errors.

use ludus_backgammon::{
    Dice, DiceSource, Game, Match, Phase, Rules, Seat, SeededDice, WinKind, read_mat,
    read_mat_with_rules, write_mat,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Files exported by gnubg 1.07 (`export match mat`), its `; [EventDate …]` line removed.
const GOLDEN: [(&str, &str); 4] = [
    (
        "gnubg_5_point_match.mat",
        include_str!("data/gnubg_5_point_match.mat"),
    ),
    (
        "gnubg_3_point_match.mat",
        include_str!("data/gnubg_3_point_match.mat"),
    ),
    (
        "gnubg_money_session.mat",
        include_str!("data/gnubg_money_session.mat"),
    ),
    // gnubg playing itself (0-ply, seed 7): games to the last checker, hits, entering, a drop.
    (
        "gnubg_selfplay_5_point_match.mat",
        include_str!("data/gnubg_selfplay_5_point_match.mat"),
    ),
];

fn dice(text: &str) -> Dice {
    text.parse().unwrap()
}

fn names() -> [String; 2] {
    ["gnubg".to_string(), "root".to_string()]
}

#[test]
fn a_match_played_here_exports_exactly_as_gnubg_exported_it() {
    // The same actions as were typed into gnubg to produce the golden file.
    let mut record = Match::new(Rules::match_to(5), names());
    let game = record
        .new_game_with_opening(Seat::Zero, dice("31"))
        .unwrap();
    game.play_text("8/5 6/5").unwrap();
    game.roll_with(dice("64")).unwrap();
    game.play_text("24/18 13/9").unwrap();
    game.resign(Seat::Zero, WinKind::Single).unwrap();
    game.accept_resignation().unwrap();
    let game = record.new_game_with_opening(Seat::One, dice("21")).unwrap();
    game.play_text("13/11 24/23").unwrap();
    game.double().unwrap();
    game.take().unwrap();
    game.roll_with(dice("55")).unwrap();
    game.play_text("8/3(2) 6/1(2)").unwrap();
    game.resign(Seat::One, WinKind::Backgammon).unwrap();
    game.accept_resignation().unwrap();
    assert_eq!(record.score(), [6, 1]);
    assert_eq!(record.winner(), Some(Seat::Zero));
    assert_eq!(write_mat(&record), GOLDEN[0].1);
}

#[test]
fn gnubgs_files_import_and_export_byte_for_byte() {
    for (name, text) in GOLDEN {
        let record = read_mat(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(write_mat(&record), text, "{name}");
    }
}

#[test]
fn gnubg_sessions_against_ludus_replay_legally_including_a_drop_and_its_result_on_one_line() {
    // Recorded by scripts/gnubg-external.sh: gnubg writes a dropped double's result on the line
    // of the drop (`10)  Drops                       Wins 2 points`).
    let money = read_mat(include_str!("data/gnubg_vs_ludus_money.mat")).unwrap();
    assert_eq!(money.games().len(), 2);
    assert!(money.games().iter().all(|g| g.outcome().is_some()));
    let matched = read_mat(include_str!("data/gnubg_vs_ludus_match.mat")).unwrap();
    assert!(matched.winner().is_some());
}

#[test]
fn the_second_game_of_the_3_point_match_is_the_crawford_game() {
    let record = read_mat(GOLDEN[1].1).unwrap();
    assert_eq!(record.score(), [2, 0]);
    assert!(!record.games()[0].is_crawford());
    assert!(record.games()[1].is_crawford());
    assert_eq!(record.games()[1].phase(), Phase::Moving(dice("11")));
}

/// Plays one game to its end with random moves and random cube and resignation decisions.
fn play_randomly(game: &mut Game, source: &mut SeededDice, rng: &mut ChaCha8Rng) {
    while game.outcome().is_none() {
        match game.phase() {
            Phase::AwaitingRoll => {
                if game.double_refusal().is_none() && rng.random_range(0..10) == 0 {
                    game.double().unwrap();
                } else if rng.random_range(0..200) == 0 {
                    let seat = game.on_roll();
                    game.resign(seat, WinKind::Single).unwrap();
                } else {
                    game.roll(source).unwrap();
                }
            }
            Phase::Doubled => {
                if game.rules().beavers && rng.random_range(0..3) == 0 && game.beaver().is_ok() {
                    continue;
                }
                if rng.random_range(0..4) == 0 {
                    game.pass().unwrap();
                } else {
                    game.take().unwrap();
                }
            }
            Phase::Moving(_) => {
                let moves = game.legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                game.play(&mv).unwrap();
            }
            Phase::ResignationOffered { .. } => {
                if rng.random_range(0..2) == 0 {
                    game.accept_resignation().unwrap();
                } else {
                    game.reject_resignation().unwrap();
                }
            }
            Phase::Over(_) => {}
        }
    }
}

fn random_match(seed: u64, length: u32) -> Match {
    let mut source = SeededDice::new(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut record = Match::new(Rules::match_to(length), names());
    while record.winner().is_none() {
        let game = record.new_game(&mut source).unwrap();
        play_randomly(game, &mut source, &mut rng);
    }
    record
}

#[test]
fn random_matches_round_trip_through_mat() {
    for seed in 0..20 {
        let record = random_match(seed, 7);
        let text = write_mat(&record);
        let back = read_mat(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(back.score(), record.score(), "seed {seed}");
        assert_eq!(back.games().len(), record.games().len());
        for (a, b) in back.games().iter().zip(record.games()) {
            assert_eq!(a.outcome(), b.outcome(), "seed {seed}");
            assert_eq!(a.position(), b.position(), "seed {seed}");
        }
        assert_eq!(write_mat(&back), text, "seed {seed}");
    }
}

#[test]
fn seeded_dice_replay_the_same_match() {
    assert_eq!(random_match(42, 5), random_match(42, 5));
    let mut a = SeededDice::new(1);
    let mut b = SeededDice::new(1);
    let rolls: Vec<Dice> = (0..100).map(|_| a.roll()).collect();
    assert_eq!(rolls, (0..100).map(|_| b.roll()).collect::<Vec<_>>());
}

/// (text, expected line of the error, a word the message must contain).
const BAD_FILES: [(&str, usize, &str); 6] = [
    ("", 1, "empty"),
    (" 5 points match\n", 1, "point match"),
    (
        " 5 point match\n\n Game 1\n a : 0    b : 0\n  1) 31: 8/4 6/5\n",
        5,
        "not a legal move",
    ),
    (
        " 5 point match\n\n Game 1\n a : 0    b : 0\n  1) 31: 8/5 6/5       64: 24/18 13/9\n  2)  Takes\n",
        6,
        "cannot take",
    ),
    (" 5 point match\n\n Game 1\n a : 1    b : 0\n", 4, "score"),
    (
        " 5 point match\n\n Game 1\n a : 0    b : 0\n  1) 77: 8/5\n",
        5,
        "roll",
    ),
];

#[test]
fn malformed_files_are_refused_with_the_line_and_the_reason() {
    for (text, line, word) in BAD_FILES {
        let error = read_mat(text).expect_err(text);
        assert_eq!(error.line, line, "{text:?}: {error}");
        assert!(error.to_string().contains(word), "{text:?}: {error}");
    }
}

#[test]
fn money_sessions_with_beavers_and_jacoby_round_trip_with_their_rules() {
    let rules = Rules {
        jacoby: true,
        beavers: true,
        ..Rules::default()
    };
    let mut source = SeededDice::new(9);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut session = Match::new(rules, names());
    for _ in 0..10 {
        let game = session.new_game(&mut source).unwrap();
        play_randomly(game, &mut source, &mut rng);
    }
    let text = write_mat(&session);
    assert!(text.starts_with(" 0 point match\n"));
    assert!(
        text.contains(" Beavers => "),
        "the session has a beaver to read back"
    );
    let back = read_mat_with_rules(&text, rules).unwrap();
    assert_eq!(back.score(), session.score());
    assert_eq!(write_mat(&back), text);
}
