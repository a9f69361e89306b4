//! Saved games: Morris records and `.mat` files with the terminal UI's settings round trip; a
//! resumed session continues the same game and the same dice.

use crate::english;
use ludus_backgammon::{Match, Rules as BgRules, Seat};
use ludus_morris::{Game, Rules};
use ludus_tui::backgammon::{BgApp, BgConfig};
use ludus_tui::morris::{MorrisApp, MorrisConfig};
use ludus_tui::record::{BgRecord, MorrisPlayer, MorrisRecord, RecordError};
use ludus_tui::ui::{Input, Opponent, Screen};
use ludus_tui::{BgOptions, MorrisOptions, PlayOptions, backgammon_app, morris_app};

const MORRIS_RECORD: &str = "\
# Ludus Morris game (docs/morris-record.md)
Rules: no-flying
White: computer 3
Black: human
Result: *
Moves:
1. d6 d5
2. b6 f4
3. f6xd5
";

#[test]
fn a_morris_record_is_read_and_written_back_unchanged() {
    let record: MorrisRecord = MORRIS_RECORD.parse().unwrap();
    assert_eq!(record.rules, Rules::no_flying());
    assert_eq!(
        record.players,
        [MorrisPlayer::Computer(3), MorrisPlayer::Human]
    );
    assert_eq!(record.game.moves().len(), 5);
    assert_eq!(record.to_string(), MORRIS_RECORD);
}

#[test]
fn a_finished_morris_game_has_its_result() {
    let mut game = Game::new(Rules::standard());
    for mv in ["a7", "a1", "d7", "d1"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let record = MorrisRecord {
        rules: Rules::standard(),
        players: [MorrisPlayer::Human; 2],
        game,
    };
    assert_eq!(record.result(), "*");
    assert!(record.to_string().contains("2. d7 d1\n"));
}

#[test]
fn morris_records_with_mistakes_say_where() {
    let not_ours = "1. d6 d5\n".parse::<MorrisRecord>();
    assert_eq!(not_ours, Err(RecordError::NotMorris));
    let illegal = MORRIS_RECORD.replace("f6xd5", "f6xa1");
    let error = illegal.parse::<MorrisRecord>().unwrap_err();
    assert!(
        matches!(&error, RecordError::Move { number: 5, .. }),
        "{error}"
    );
    let header = MORRIS_RECORD.replace("Rules: no-flying", "Rules: lasker");
    let error = header.parse::<MorrisRecord>().unwrap_err();
    assert!(
        matches!(error, RecordError::Header { line: 2, .. }),
        "{error}"
    );
}

#[test]
fn a_saved_morris_game_resumes_with_its_players() {
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
    assert!(saved.ends_with("Moves:\n1. d6\n"), "{saved}");
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
