//! The player file round-trips and refuses bad input with an error; the daily set order.

use ludus_practice::*;
use proptest::prelude::*;

fn decision(position: String, q: u8, loss: f64) -> ReviewedDecision {
    let (game, question, cost) = match q % 3 {
        0 => (
            GameKind::Backgammon,
            Question::CheckerPlay {
                dice: [q % 6 + 1, q / 6 % 6 + 1],
            },
            Decision::EquityLoss { equity: loss },
        ),
        1 => (
            GameKind::Backgammon,
            Question::CubeAction,
            Decision::EquityLoss { equity: loss },
        ),
        _ => (
            GameKind::Morris,
            Question::MorrisMove,
            Decision::MorrisValue { changed: true },
        ),
    };
    ReviewedDecision {
        game,
        position,
        question,
        played: "a".into(),
        best: "b".into(),
        cost,
        ply: 2,
    }
}

fn build(decisions: &[ReviewedDecision], answers: &[(usize, u8)], day: Day) -> PlayerFile {
    let mut file = PlayerFile::default();
    exercises_from(&mut file.exercises, decisions, &file.threshold);
    file.cards = file
        .exercises
        .iter()
        .map(|e| Card::new(e.id, day))
        .collect();
    for &(i, a) in answers {
        if file.cards.is_empty() {
            break;
        }
        let i = i % file.cards.len();
        let answer = [Answer::Right, Answer::RightAfterHint, Answer::Wrong][usize::from(a % 3)];
        file.cards[i].review(answer.grade(), day);
        file.results.push(ExerciseResult {
            id: file.cards[i].id,
            day,
            answer,
        });
    }
    file.games.push(GameRecord::Morris {
        day,
        value_changes: 2,
    });
    file
}

proptest! {
    #[test]
    fn round_trip(
        ds in prop::collection::vec(("[ -~]{0,20}", 0u8..36, 0u32..10_000), 0..12),
        answers in prop::collection::vec((0usize..20, 0u8..3), 0..10),
        day in 0u32..40_000,
    ) {
        let decisions: Vec<_> = ds.into_iter().map(|(p, q, l)| decision(p, q, f64::from(l) / 10_000.0)).collect();
        let file = build(&decisions, &answers, day);
        let back = import(&export(&file)).unwrap();
        prop_assert_eq!(back, file);
    }

    #[test]
    fn merging_is_idempotent_keeps_everything_and_stays_valid(
        ds in prop::collection::vec(("[ -~]{0,20}", 0u8..36, 0u32..10_000), 0..12),
        answers in prop::collection::vec((0usize..20, 0u8..3), 0..10),
        day in 0u32..40_000,
        split in 0usize..12,
    ) {
        let decisions: Vec<_> = ds.into_iter().map(|(p, q, l)| decision(p, q, f64::from(l) / 10_000.0)).collect();
        let (first, second) = decisions.split_at(split.min(decisions.len()));
        let (home, away) = (build(first, &answers, day), build(second, &answers, day + 3));
        // Merging a file into itself changes nothing.
        let mut same = home.clone();
        same.merge(home.clone());
        prop_assert_eq!(&same, &home);
        // The merge holds every exercise of both, reads back, and merging again changes nothing.
        let mut merged = home.clone();
        merged.merge(away.clone());
        for exercise in home.exercises.iter().chain(&away.exercises) {
            prop_assert!(merged.exercise(exercise.id).is_some());
        }
        prop_assert_eq!(merged.games.len(), 2);
        let back = import(&export(&merged)).unwrap();
        prop_assert_eq!(&back, &merged);
        let mut again = merged.clone();
        again.merge(away);
        prop_assert_eq!(again, merged);
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,200}") {
        let _ = import(&text);
    }
}

fn sample() -> PlayerFile {
    let ds = [
        decision("XGID=x".into(), 0, 0.2),
        decision("W/B".into(), 2, 0.0),
    ];
    build(&ds, &[(0, 2)], 5)
}

fn refused(edit: impl FnOnce(&mut PlayerFile)) -> FileError {
    let mut f = sample();
    edit(&mut f);
    import(&export(&f)).unwrap_err()
}

#[test]
fn bad_input_is_refused_with_an_explanation() {
    assert!(matches!(import("not json"), Err(FileError::Json(_))));
    assert!(matches!(import("{}"), Err(FileError::Json(_))));
    let newer = export(&sample()).replacen("\"format\": 1", "\"format\": 2", 1);
    let e = import(&newer).unwrap_err();
    assert!(e.to_string().contains("format 2 is not supported"), "{e}");
    assert!(matches!(
        refused(|f| f.exercises[0].position.push('!')),
        FileError::WrongId(_)
    ));
    assert!(matches!(
        refused(|f| {
            let dup = f.exercises[0].clone();
            f.exercises.push(dup)
        }),
        FileError::DuplicateExercise(_)
    ));
    assert!(matches!(
        refused(|f| f.cards[0].ef = 100),
        FileError::BadEf(_)
    ));
    assert!(matches!(
        refused(|f| f.cards[0].id = ExerciseId(7)),
        FileError::StrayCard(_)
    ));
    assert!(matches!(
        refused(|f| f.threshold.cube = -1.0),
        FileError::BadNumber
    ));
    let mut dice = sample();
    dice.exercises[0].question = Question::CheckerPlay { dice: [0, 7] };
    dice.exercises[0].id =
        ExerciseId::of(GameKind::Backgammon, "XGID=x", &dice.exercises[0].question);
    dice.cards[0].id = dice.exercises[0].id;
    dice.results[0].id = dice.exercises[0].id;
    assert!(matches!(import(&export(&dice)), Err(FileError::BadDice(_))));
}

#[test]
fn daily_set_puts_repeated_mistakes_first_and_is_bounded() {
    let ds = [
        decision("once".into(), 2, 0.0),
        decision("twice".into(), 2, 0.0),
        decision("twice".into(), 2, 0.0),
        decision("later".into(), 2, 0.0),
    ];
    let mut file = build(&ds, &[], 10);
    // "later" answered right today: next due tomorrow (I(1) = 1), so not in today's set.
    file.cards[2].review(Answer::Right.grade(), 10);
    let set = daily_set(&file.exercises, &file.cards, 10, 5);
    assert_eq!(set, vec![file.exercises[1].id, file.exercises[0].id]);
    assert_eq!(
        daily_set(&file.exercises, &file.cards, 10, 1),
        vec![file.exercises[1].id]
    );
    assert_eq!(daily_set(&file.exercises, &file.cards, 11, 5).len(), 3);
}

#[test]
fn a_review_adds_cards_once_and_answers_reschedule_them() {
    let mut file = PlayerFile::default();
    let ds = [
        decision("XGID=a".into(), 0, 0.2),
        decision("XGID=b".into(), 1, 0.01),
        decision("W/B".into(), 2, 0.0),
    ];
    let game = GameRecord::Morris {
        day: 30,
        value_changes: 1,
    };
    let touched = file.add_review(&ds, [game.clone()], 30);
    // The small cube loss is under the default threshold.
    assert_eq!(touched.len(), 2);
    assert_eq!((file.cards.len(), file.games.len()), (2, 1));
    assert!(file.cards.iter().all(|c| c.due == 30));
    // The same review again adds nothing: no count, no game record.
    assert!(file.add_review(&ds, [game.clone()], 31).is_empty());
    assert_eq!((file.exercises[0].times_erred, file.games.len()), (1, 1));
    // Another game with the same mistake in it: erred twice, no second card.
    let other = [ds[0].clone(), decision("XGID=c".into(), 0, 0.3)];
    file.add_review(&other, [game], 31);
    assert_eq!(file.cards.len(), 3);
    assert_eq!(file.exercises[0].times_erred, 2);
    assert_eq!(file.games.len(), 2);
    // Right: due tomorrow; wrong: due again today (SM-2 repeats failures the same day).
    let right = file.answer(touched[0], Answer::Right, 31).unwrap().due;
    let wrong = file.answer(touched[1], Answer::Wrong, 31).unwrap().due;
    assert_eq!((right, wrong), (32, 31));
    assert_eq!(file.results.len(), 2);
    assert!(file.answer(ExerciseId(3), Answer::Right, 31).is_none());
    assert_eq!(import(&export(&file)).unwrap(), file);
}

#[test]
fn a_file_without_luck_reads_and_luck_round_trips() {
    let mut file = PlayerFile::default();
    file.games.push(GameRecord::Backgammon {
        day: 3,
        checker_decisions: 10,
        checker_equity_lost: 0.1,
        cube_decisions: 1,
        cube_equity_lost: 0.0,
        luck: None,
    });
    let text = export(&file);
    assert!(!text.contains("luck"), "{text}");
    if let GameRecord::Backgammon { luck, .. } = &mut file.games[0] {
        *luck = Some(-0.25);
    }
    assert_eq!(import(&export(&file)).unwrap(), file);
}
