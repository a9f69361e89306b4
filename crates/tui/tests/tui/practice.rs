//! Issue 44: a played game with deliberate errors reviewed into the player file, its exercises
//! answered on the practice screen (one right, one wrong) and scheduled accordingly.

use crate::{english, typed};
use ludus_backgammon::{Match, Phase, Position, Rules, Seat, SeededDice};
use ludus_backgammon_engine::engine::Engine;
use ludus_practice::{Answer, Question};
use ludus_tui::practice::log::ReviewLog;
use ludus_tui::practice::screen::PracticeApp;
use ludus_tui::practice::store::PlayerStore;
use ludus_tui::ui::{Input, Screen};

/// The day the test plays on.
const TODAY: u32 = 20_000;

/// A money game without doubles: White plays its 0-ply worst move (the deliberate errors),
/// Black its 0-ply best.
fn game_with_errors(seed: u64) -> Match {
    let engine = Engine::new(0);
    let mut record = Match::new(Rules::default(), ["White".into(), "Black".into()]);
    let mut dice = SeededDice::new(seed);
    record.new_game(&mut dice).unwrap();
    for _ in 0..1000 {
        let Some(game) = record.current_mut().filter(|g| g.outcome().is_none()) else {
            return record;
        };
        if game.phase() == Phase::AwaitingRoll {
            game.roll(&mut dice).unwrap();
            continue;
        }
        let Phase::Moving(roll) = game.phase() else {
            panic!("no cube in this game: {:?}", game.phase());
        };
        // The opponent's equity after each play (it is on roll then).
        let value = |after: &Position| engine.evaluate(&after.swapped()).equity();
        let mut plays = game.position().legal_moves_with_positions(roll);
        plays.sort_by(|a, b| value(&a.1).total_cmp(&value(&b.1)));
        let choice = if game.on_roll() == Seat::Zero {
            plays.last()
        } else {
            plays.first()
        };
        let mv = choice.map(|(mv, _)| *mv).unwrap_or_default();
        game.play(&mv).unwrap();
    }
    panic!("the game did not end");
}

fn temp_store(name: &str) -> PlayerStore {
    let dir = std::env::temp_dir().join(format!("ludus-practice-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    PlayerStore::new(dir.join("player.json"))
}

#[test]
fn a_reviewed_game_gives_exercises_answered_right_and_wrong() {
    let store = temp_store("screen");
    let review = ludus_tui::analysis::review(&game_with_errors(5));
    let mut log = ReviewLog::new(store.clone(), TODAY);
    let added = log.add_backgammon(&review, 0).unwrap();
    assert!(added >= 2, "{added} exercises");
    // The same review again adds nothing: the game is recorded once.
    assert_eq!(log.add_backgammon(&review, 0).unwrap(), 0);
    let file = store.load().unwrap();
    assert_eq!(file.games.len(), 1);
    // Every White checker play that lost 40 mp or more is an exercise, no Black one.
    let white_errors = review.report.games[0]
        .decisions
        .iter()
        .filter(|d| d.player == 0 && d.equity_lost >= 0.04)
        .count();
    assert_eq!(file.exercises.len(), white_errors);
    assert!(
        file.exercises
            .iter()
            .all(|e| matches!(e.question, Question::CheckerPlay { .. }))
    );

    let mut app = PracticeApp::new(file, store.clone(), TODAY, english());
    assert_eq!(app.set.len(), white_errors.min(20));
    let first = app.exercise().unwrap().clone();
    assert!(
        app.state().status.text.starts_with("Exercise 1 of"),
        "{}",
        app.state().status.text
    );
    for input in typed(&first.best) {
        app.handle(input);
    }
    let answered = app.answered.clone().expect("the best play answers");
    assert!(answered.judgement.right, "{answered:?}");
    assert_eq!((answered.answer, answered.due_in), (Answer::Right, 1));
    assert_eq!(answered.earlier, first.played);
    assert!(answered.judgement.ranking.iter().any(|r| r.yours));
    let lines = app.answer_lines();
    assert_eq!(lines[0], "Right!");
    assert!(
        lines.contains(&"Comes back tomorrow.".to_string()),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Ranking (2-ply)")),
        "{lines:#?}"
    );

    app.handle(Input::Enter);
    let second = app.exercise().unwrap().clone();
    assert_ne!(second.id, first.id);
    for input in typed(&second.played) {
        app.handle(input);
    }
    let answered = app.answered.clone().expect("the earlier play answers");
    assert!(!answered.judgement.right);
    assert_eq!((answered.answer, answered.due_in), (Answer::Wrong, 0));
    assert!(
        app.answer_lines()
            .contains(&"Comes back today.".to_string())
    );

    // Both answers are in the file on disk, scheduled apart.
    let saved = store.load().unwrap();
    assert_eq!(saved.results.len(), 2);
    let due = |id| saved.cards.iter().find(|c| c.id == id).unwrap().due;
    assert_eq!((due(first.id), due(second.id)), (TODAY + 1, TODAY));
    let _ = std::fs::remove_dir_all(store.path().parent().unwrap());
}

/// A cube exercise in a race White leads by far: White on roll, the double offered or not.
fn cube_exercise(offered: bool) -> ludus_practice::Exercise {
    use ludus_backgammon::{MatchState, Xgid};
    let mut white = [0u8; 26];
    white[1..=5].fill(3);
    let mut black = [0u8; 26];
    black[13..=15].fill(3);
    black[16..=18].fill(2);
    let state = MatchState {
        on_roll: Seat::Zero,
        turn: if offered { Seat::One } else { Seat::Zero },
        double_offered: offered,
        ..MatchState::default()
    };
    let position = Position::from_board(white, black).unwrap();
    let text = Xgid::new(position, state).to_string();
    let question = Question::CubeAction;
    ludus_practice::Exercise {
        id: ludus_practice::ExerciseId::of(ludus_practice::GameKind::Backgammon, &text, &question),
        game: ludus_practice::GameKind::Backgammon,
        position: text,
        question,
        played: "?".into(),
        best: "?".into(),
        cost: ludus_practice::Decision::EquityLoss { equity: 0.1 },
        ply: 2,
        times_erred: 1,
    }
}

#[test]
fn cube_exercises_are_answered_with_the_cube_keys_and_exactly_one_answer_is_right() {
    use ludus_tui::practice::bg::{BgExercise, BgQuestion};
    for (offered, keys, question) in [
        (
            false,
            [('d', "double"), ('r', "no double")],
            BgQuestion::Double,
        ),
        (true, [('t', "take"), ('p', "pass")], BgQuestion::Take),
    ] {
        let exercise = cube_exercise(offered);
        let mut rights = Vec::new();
        for (key, word) in keys {
            let mut board = BgExercise::new(&exercise, english()).unwrap();
            assert_eq!(board.question, question);
            assert_eq!(board.answer(), None);
            board.app.handle(Input::Char(key));
            assert_eq!(board.answer().as_deref(), Some(word));
            let judgement = board.judge().expect("the review judges it");
            assert_eq!(judgement.answer, word);
            assert!(judgement.ranking.len() >= 2, "{judgement:?}");
            rights.push(judgement.right);
        }
        assert_eq!(
            rights.iter().filter(|r| **r).count(),
            1,
            "{question:?}: {rights:?}"
        );
    }
}

#[test]
fn a_morris_exercise_is_answered_on_the_morris_board() {
    use ludus_morris_engine::db::Databases;
    use ludus_tui::practice::decisions::morris_text;
    use ludus_tui::practice::morris::MorrisExercise;
    // White has a7 and d7: Black must block g7 or lose a piece.
    let mut game = ludus_morris::Game::new(ludus_morris::Rules::standard());
    for mv in ["a7", "a1", "d7"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let text = morris_text(game.position(), 3);
    let question = Question::MorrisMove;
    let exercise = ludus_practice::Exercise {
        id: ludus_practice::ExerciseId::of(ludus_practice::GameKind::Morris, &text, &question),
        game: ludus_practice::GameKind::Morris,
        position: text,
        question,
        played: "d1".into(),
        best: "g7".into(),
        cost: ludus_practice::Decision::MorrisValue { changed: true },
        ply: 0,
        times_erred: 1,
    };
    let databases = Databases::open_default();
    let mut verdicts = Vec::new();
    for mv in ["g7", "d1"] {
        let mut board = MorrisExercise::new(&exercise, english()).unwrap();
        assert_eq!(board.app.game.position(), game.position());
        for input in typed(mv) {
            board.app.handle(input);
        }
        assert_eq!(board.answer().as_deref(), Some(mv));
        let judgement = board.judge(&databases).unwrap();
        assert!(judgement.ranking.iter().any(|r| r.yours), "{judgement:?}");
        verdicts.push((judgement.right, judgement.best));
    }
    assert_eq!(verdicts[0], (true, "g7".to_string()));
    assert!(!verdicts[1].0);
}
