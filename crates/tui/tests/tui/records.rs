//! Saved games: Morris records and `.mat` files with the terminal UI's settings round trip; a
//! resumed session continues the same game and the same dice.

use crate::english;
use ludus_backgammon::{Match, Rules as BgRules, Seat};
use ludus_morris::record::RecordError as MorrisRecordError;
use ludus_morris::{Game, Rules};
use ludus_tui::backgammon::{BgApp, BgConfig};
use ludus_tui::morris::{MorrisApp, MorrisConfig};
use ludus_tui::record::{BgRecord, MorrisPlayer, MorrisRecord, RecordError};
use ludus_tui::ui::{Input, Opponent, Screen};
use ludus_tui::{BgOptions, MorrisOptions, PlayOptions, backgammon_app, morris_app};

const MORRIS_RECORD: &str = "\
[Event \"Ludus terminal game\"]
[White \"Ludus level 3\"]
[WhiteType \"program\"]
[Black \"human\"]
[BlackType \"human\"]
[Level \"3\"]
[Seed \"42\"]
[Rules \"no-flying\"]
[Result \"*\"]

1. d6 d5 2. b6 f4 3. f6xd5 *
";

#[test]
fn a_morris_record_is_read_and_written_back_unchanged() {
    let record: MorrisRecord = MORRIS_RECORD.parse().unwrap();
    assert_eq!(record.game.rules(), &Rules::no_flying());
    assert_eq!(
        record.players,
        [MorrisPlayer::Computer(3), MorrisPlayer::Human]
    );
    assert_eq!(record.seed, Some(42));
    assert_eq!(record.game.moves().len(), 5);
    assert_eq!(record.to_string(), MORRIS_RECORD);
}

#[test]
fn a_finished_morris_game_has_its_result() {
    let start = "WW.W..../.BBB..../........ b 0 0 4".parse().unwrap();
    let mut game = Game::from_position(Rules::standard(), start);
    game.play("f4-f2".parse().unwrap()).unwrap();
    let mut record = MorrisRecord {
        players: [MorrisPlayer::Human; 2],
        seed: None,
        game,
    };
    let text = record.to_string();
    assert!(text.contains("[Result \"*\"]\n"), "{text}");
    assert!(text.ends_with("\n1... f4-f2 *\n"), "{text}");
    // g7 closes a7-d7-g7, and Black is left with two pieces.
    record.game.play("g4-g7xd6".parse().unwrap()).unwrap();
    let text = record.to_string();
    assert!(text.contains("[Result \"1-0\"]\n"), "{text}");
    assert!(text.ends_with("\n1... f4-f2 2. g4-g7xd6 1-0\n"), "{text}");
    assert_eq!(text.parse::<MorrisRecord>(), Ok(record));
}

#[test]
fn morris_records_with_mistakes_say_where() {
    let old_format = "# Ludus Morris game\nRules: standard\nMoves:\n1. d6 d5\n";
    assert!(matches!(
        old_format.parse::<MorrisRecord>(),
        Err(RecordError::Morris(MorrisRecordError::Token {
            number: 1,
            ..
        }))
    ));
    let illegal = MORRIS_RECORD.replace("f6xd5", "f6xa1");
    let error = illegal.parse::<MorrisRecord>().unwrap_err();
    assert!(
        matches!(
            &error,
            RecordError::Morris(MorrisRecordError::Token { number: 5, .. })
        ),
        "{error}"
    );
    let rules = MORRIS_RECORD.replace("no-flying", "lasker");
    let error = rules.parse::<MorrisRecord>().unwrap_err();
    assert!(
        matches!(
            error,
            RecordError::Morris(MorrisRecordError::Rules { line: 8, .. })
        ),
        "{error}"
    );
    for (from, to, tag) in [
        ("[Level \"3\"]", "[Level \"11\"]", "Level"),
        ("[Seed \"42\"]", "[Seed \"x\"]", "Seed"),
        (
            "[WhiteType \"program\"]",
            "[WhiteType \"robot\"]",
            "WhiteType",
        ),
    ] {
        let error = MORRIS_RECORD
            .replace(from, to)
            .parse::<MorrisRecord>()
            .unwrap_err();
        assert!(
            matches!(&error, RecordError::Setting { tag: t, .. } if *t == tag),
            "{error}"
        );
    }
}

#[test]
fn a_record_from_another_program_loads_as_people_playing() {
    let text = "[Event \"Sanmill\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\n1. d6 f4 *\n";
    let record: MorrisRecord = text.parse().unwrap();
    assert_eq!(record.players, [MorrisPlayer::Human; 2]);
    assert_eq!(record.seed, None);
    assert_eq!(record.game.rules(), &Rules::standard());
}

#[test]
fn a_saved_morris_game_resumes_with_its_players_and_seed() {
    let dir = std::env::temp_dir().join(format!("ludus-tui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("morris.txt");
    std::fs::write(&path, MORRIS_RECORD).unwrap();
    let options = PlayOptions {
        load: Some(path),
        ..PlayOptions::default()
    };
    let app = morris_app(&options, MorrisOptions::default()).unwrap();
    assert_eq!(app.game.moves().len(), 5);
    assert_eq!(app.config.rules, Rules::no_flying());
    assert_eq!(app.config.opponent, Opponent::Computer);
    assert_eq!(app.config.level, 3);
    assert_eq!(app.config.human, ludus_morris::Color::Black);
    assert_eq!(app.config.seed, 42);
    assert_eq!(app.record().to_string(), MORRIS_RECORD);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_morris_screen_saves_after_each_move() {
    let config = MorrisConfig {
        opponent: Opponent::Human,
        ..MorrisConfig::default()
    };
    let mut app = MorrisApp::new(config, english());
    assert_eq!(app.take_record(), None, "nothing to save before a move");
    for c in "d6".chars() {
        app.handle(Input::Char(c));
    }
    app.handle(Input::Enter);
    let saved = app.take_record().expect("saved after the move");
    assert!(saved.ends_with("[Result \"*\"]\n\n1. d6 *\n"), "{saved}");
    assert!(saved.contains("[WhiteType \"human\"]\n"), "{saved}");
    assert_eq!(app.take_record(), None);
}

fn bg_session() -> BgApp {
    let config = BgConfig {
        opponent: Opponent::Human,
        match_length: 3,
        seed: 11,
        ..BgConfig::default()
    };
    let mut app = BgApp::new(config, english());
    // Play three turns with the first legal move, rolling from the seed.
    for _ in 0..3 {
        let game = app.game().unwrap();
        let mv = game.legal_moves()[0].to_string();
        for c in mv.chars() {
            app.handle(Input::Char(c));
        }
        app.handle(Input::Enter);
        app.handle(Input::Char('r'));
    }
    app
}

#[test]
fn a_backgammon_session_round_trips_through_mat() {
    let mut app = bg_session();
    let text = app.take_record().expect("something to save");
    assert!(
        text.starts_with(
            "; ludus play backgammon: vs=human level=5 as=white cube=on seed=11 dice="
        )
    );
    assert!(text.contains(" 3 point match"));
    let record: BgRecord = text.parse().unwrap();
    assert_eq!(record.record, app.record);
    assert_eq!(record.settings.seed, 11);
    assert_eq!(record.to_string(), text);
}

#[test]
fn a_resumed_backgammon_session_continues_the_same_dice() {
    let mut app = bg_session();
    let text = app.take_record().unwrap();
    let dir = std::env::temp_dir().join(format!("ludus-tui-bg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("session.mat");
    std::fs::write(&path, &text).unwrap();
    let options = PlayOptions {
        load: Some(path),
        ..PlayOptions::default()
    };
    let mut resumed = backgammon_app(&options, BgOptions::default()).unwrap();
    assert_eq!(resumed.record, app.record);
    assert_eq!(resumed.config.opponent, Opponent::Human);
    assert_eq!(resumed.config.match_length, 3);
    // The next move and roll come out the same in both.
    for screen in [&mut app, &mut resumed] {
        let mv = screen.game().unwrap().legal_moves()[0].to_string();
        for c in mv.chars() {
            screen.handle(Input::Char(c));
        }
        screen.handle(Input::Enter);
        screen.handle(Input::Char('r'));
    }
    assert_eq!(resumed.record, app.record);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_mat_file_from_another_program_loads_with_default_settings() {
    let mut record = Match::new(BgRules::match_to(1), ["gnubg".into(), "user".into()]);
    let game = record
        .new_game_with_opening(Seat::One, "42".parse().unwrap())
        .unwrap();
    game.play_text("8/4 6/4").unwrap();
    let text = ludus_backgammon::write_mat(&record);
    let read: BgRecord = text.parse().unwrap();
    assert_eq!(read.record, record);
    assert_eq!(read.settings.opponent, Opponent::Computer);
}
