//! Drawing: golden snapshots (insta) of both boards in each language on ratatui's `TestBackend`,
//! the styles that carry meaning (mills, cursor), small and large terminals.
//!
//! To accept changed snapshots after reviewing them: `INSTA_UPDATE=always cargo test -p ludus-tui`
//! (or `cargo insta review`).

use ludus_backgammon::{Match, Rules as BgRules, Seat};
use ludus_morris::{Game, Rules};
use ludus_tui::backgammon::{BgAction, BgApp, BgConfig, Slot};
use ludus_tui::i18n::{Catalog, Lang};
use ludus_tui::morris::{MorrisApp, MorrisConfig};
use ludus_tui::run::screen_text;
use ludus_tui::ui::Screen;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::{Color, Modifier};

/// A Morris game with a mill (White's top row) and pieces in hand on both sides.
fn morris(lang: Lang) -> MorrisApp {
    let mut game = Game::new(Rules::standard());
    for mv in ["a7", "a1", "d7", "d1", "g7xd1", "f4", "b6"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let config = MorrisConfig {
        opponent: ludus_tui::ui::Opponent::Human,
        ..MorrisConfig::default()
    };
    MorrisApp::with_game(config, Catalog::new(lang), game)
}

/// A match to 5: White doubled, Black took; White rolled 22 and has moved two checkers 8/6,
/// so the 6-point holds six (drawn as five places with the count).
fn backgammon(lang: Lang) -> BgApp {
    let mut record = Match::new(BgRules::match_to(5), ["White".into(), "Black".into()]);
    let game = record
        .new_game_with_opening(Seat::Zero, "31".parse().unwrap())
        .unwrap();
    game.play_text("8/5 6/5").unwrap();
    game.roll_with("64".parse().unwrap()).unwrap();
    game.play_text("24/18 13/9").unwrap();
    game.double().unwrap();
    game.take().unwrap();
    game.roll_with("22".parse().unwrap()).unwrap();
    let config = BgConfig {
        match_length: 5,
        ..BgConfig::default()
    };
    let mut app = BgApp::with_record(config, Catalog::new(lang), record, 0);
    for _ in 0..2 {
        app.apply(BgAction::Select(Slot::Point(8)));
        app.apply(BgAction::Select(Slot::Point(6)));
    }
    app
}

fn draw(screen: &mut dyn Screen, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| screen.draw(frame)).unwrap();
    terminal
}

#[test]
fn morris_board_in_each_language() {
    for lang in Lang::ALL {
        let text = screen_text(&mut morris(lang), 80, 24);
        insta::assert_snapshot!(format!("morris_{lang}"), text);
    }
}

#[test]
fn backgammon_board_in_each_language() {
    for lang in Lang::ALL {
        let mut app = backgammon(lang);
        assert_eq!(app.steps().len(), 2, "two checkers moved");
        let text = screen_text(&mut app, 80, 24);
        insta::assert_snapshot!(format!("backgammon_{lang}"), text);
    }
}

#[test]
fn a_formed_mill_is_drawn_in_heavy_yellow_lines() {
    let mut app = morris(Lang::En);
    let terminal = draw(&mut app, 80, 24);
    let area = app.screen.board_area.unwrap();
    let buffer = terminal.backend().buffer();
    // Between a7 and d7 on the top row.
    let cell = &buffer[(area.x + 5, area.y)];
    assert_eq!(cell.symbol(), "━");
    assert_eq!(cell.fg, Color::Yellow);
    // The left edge a7-a4 is no mill.
    assert_eq!(buffer[(area.x + 3, area.y + 1)].symbol(), "│");
}

#[test]
fn the_cursor_is_shown_reversed() {
    let mut app = morris(Lang::En);
    app.cursor = "d6".parse().unwrap();
    let terminal = draw(&mut app, 80, 24);
    let area = app.screen.board_area.unwrap();
    let cell = &terminal.backend().buffer()[(area.x + 3 + 12, area.y + 2)];
    assert!(cell.modifier.contains(Modifier::REVERSED), "{cell:?}");
}

#[test]
fn a_small_terminal_asks_for_more_room() {
    for screen in [
        &mut morris(Lang::En) as &mut dyn Screen,
        &mut backgammon(Lang::En),
    ] {
        let text = screen_text(screen, 60, 20);
        assert!(text.contains("80×24"), "{text}");
    }
}

#[test]
fn larger_terminals_keep_the_board_whole() {
    let mut app = backgammon(Lang::En);
    for (width, height) in [(80, 24), (100, 30), (160, 50)] {
        let text = screen_text(&mut app, width, height);
        assert!(text.contains("13 14 15 16 17 18"), "{text}");
        assert!(text.contains(" 6  5  4  3  2  1"), "{text}");
        assert_eq!(app.screen.board_area.map(|a| a.y), Some(1));
    }
}

#[test]
fn a_click_on_a_point_of_the_backgammon_board_finds_it() {
    let mut app = backgammon(Lang::En);
    draw(&mut app, 80, 24);
    let area = app.screen.board_area.unwrap();
    // The rightmost point of the bottom row is the 1-point; the bar is in the middle.
    let at = |x: u16, y: u16| ludus_tui::backgammon_view::slot_at(area, area.x + x, area.y + y);
    assert_eq!(at(40, 12), Some(Slot::Point(1)));
    assert_eq!(at(2, 12), Some(Slot::Point(12)));
    assert_eq!(at(2, 2), Some(Slot::Point(13)));
    assert_eq!(at(40, 2), Some(Slot::Point(24)));
    assert_eq!(at(21, 4), Some(Slot::Bar));
    assert_eq!(at(44, 10), Some(Slot::Off));
    assert_eq!(at(0, 4), None);
}
