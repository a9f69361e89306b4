//! Issue 13 in the terminal: the help overlay, leaving with an offer to save, Backspace that
//! never undoes a played move, numbering kept while the computer moves, the last move marked,
//! personal results and labels, rematch with the sides swapped, and the game review of both
//! games.

use crate::{english, typed};
use ludus_backgammon::{CubeOwner, Match, Rules as BgRules, Seat};
use ludus_backgammon_engine::analysis::DecisionKind;
use ludus_morris::{Color, Game, Rules};
use ludus_tui::backgammon::{BgApp, BgConfig, Slot};
use ludus_tui::i18n::{Catalog, Lang};
use ludus_tui::morris::{MorrisApp, MorrisConfig};
use ludus_tui::run::screen_text;
use ludus_tui::ui::{Dir, Input, Opponent, Screen};

fn press(screen: &mut dyn Screen, inputs: impl IntoIterator<Item = Input>) {
    for input in inputs {
        screen.handle(input);
    }
}

/// A Morris game between two people after `moves`.
fn morris_after(moves: &[&str]) -> MorrisApp {
    let mut game = Game::new(Rules::standard());
    for mv in moves {
        game.play(mv.parse().expect("a move")).expect("legal");
    }
    let config = MorrisConfig {
        opponent: Opponent::Human,
        ..MorrisConfig::default()
    };
    MorrisApp::with_game(config, english(), game)
}

/// White (the person) opens 31 against the computer in a money game.
fn bg_against_the_computer() -> BgApp {
    let mut record = Match::new(BgRules::default(), ["White".into(), "Black".into()]);
    record
        .new_game_with_opening(Seat::Zero, "31".parse().unwrap())
        .unwrap();
    let config = BgConfig {
        level: 1,
        ..BgConfig::default()
    };
    BgApp::with_record(config, english(), record, 0)
}

#[test]
fn question_mark_shows_every_key_and_any_key_closes_it() {
    let mut app = morris_after(&[]);
    press(&mut app, [Input::Char('?')]);
    assert!(app.screen.help);
    let text = screen_text(&mut app, 80, 24);
    for line in ["Keys", "Backspace", "take back your last move", "this help"] {
        assert!(text.contains(line), "{line}:\n{text}");
    }
    press(&mut app, [Input::Char('d')]);
    assert!(
        !app.screen.help && app.screen.input.is_empty(),
        "the key only closes"
    );
    let mut bg = bg_against_the_computer();
    press(&mut bg, [Input::Char('?')]);
    let text = screen_text(&mut bg, 80, 24);
    assert!(text.contains("roll · double · take · pass"), "{text}");
}

#[test]
fn every_help_line_exists_in_every_language_and_fits_80_columns() {
    let keys = ludus_tui::morris::HELP_KEYS
        .iter()
        .chain(ludus_tui::backgammon::HELP_KEYS.iter());
    for lang in Lang::ALL {
        let catalog = Catalog::new(lang);
        for key in keys.clone() {
            assert!(catalog.has_own(key), "{lang} lacks {key}");
            // The overlay adds a border and a space on each side.
            assert!(catalog.get(key).chars().count() <= 76, "{lang} {key}");
        }
        for key in ["tui-review-keys", "tui-bg-review-keys"] {
            assert!(catalog.get(key).chars().count() <= 78, "{lang} {key}");
        }
        // The backgammon graph's title sits under the 52-column board.
        assert!(
            catalog.get("tui-bg-review-graph").chars().count() <= 51,
            "{lang}"
        );
    }
}

#[test]
fn backspace_on_an_empty_line_never_takes_back_a_played_move() {
    let mut app = morris_after(&["d6", "d2"]);
    press(&mut app, [Input::Backspace, Input::Backspace]);
    assert_eq!(app.game.moves().len(), 2);
    // It still erases typing and the selection.
    press(&mut app, [Input::Char('a'), Input::Backspace]);
    assert!(app.screen.input.is_empty());
    press(&mut app, [Input::Char('u')]);
    assert_eq!(app.game.moves().len(), 1, "u takes a move back");
}

#[test]
fn leaving_an_unsaved_game_offers_a_path_and_saves_there() {
    let mut app = morris_after(&["d6"]);
    press(&mut app, [Input::Char('q')]);
    assert!(app.screen.status.text.contains("s: save it"));
    press(&mut app, [Input::Char('n')]);
    assert!(!app.screen.quit && app.screen.leave_offer.is_none());
    press(&mut app, [Input::Char('q'), Input::Char('s')]);
    assert!(
        app.screen.status.text.starts_with("Save to: "),
        "{}",
        app.screen.status.text
    );
    let typed_so_far = app.screen.save_prompt.clone().unwrap().0;
    assert!(typed_so_far.ends_with("ludus-morris.txt"), "{typed_so_far}");
    let erase = vec![Input::Backspace; typed_so_far.chars().count()];
    press(&mut app, erase);
    press(&mut app, typed("/tmp/x.txt"));
    assert!(app.screen.quit);
    assert_eq!(
        app.screen.save_path.as_deref(),
        Some(std::path::Path::new("/tmp/x.txt"))
    );
    assert!(app.take_record().is_some_and(|r| r.contains("1. d6")));
    // With a path, leaving only confirms and names it.
    let mut app = morris_after(&["d6"]);
    app.screen.save_path = Some("/tmp/y.txt".into());
    press(&mut app, [Input::Char('q')]);
    assert!(
        app.screen.status.text.contains("/tmp/y.txt"),
        "{}",
        app.screen.status.text
    );
}

#[test]
fn the_computer_is_labelled_with_its_level_and_results_are_personal() {
    // White can close a7-d7-g7 and wins: the computer (Black, three pieces) loses.
    let start: ludus_morris::Position = "WW.W..../B.B...B./........ w 0 0 0".parse().unwrap();
    let config = MorrisConfig {
        level: 5,
        ..MorrisConfig::default()
    };
    let mut app = MorrisApp::with_game(
        config,
        english(),
        Game::from_position(Rules::standard(), start),
    );
    assert_eq!(app.player_label(Color::White), "You");
    assert_eq!(app.player_label(Color::Black), "Computer, level 5");
    press(&mut app, typed("g4-g7xb2"));
    assert!(
        app.screen
            .status
            .text
            .starts_with("You won — down to two pieces."),
        "{}",
        app.screen.status.text
    );
    assert_eq!(app.tally.won, 1);
    // A rematch swaps the sides: the person plays Black, the computer moves first.
    press(&mut app, [Input::Char('n')]);
    assert_eq!(app.config.human, Color::Black);
    assert!(app.game.moves().is_empty());
    assert!(app.computer_to_move());
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("Games: won 1 · drawn 0 · lost 0"), "{text}");
}

#[test]
fn the_morris_review_steps_through_the_game_with_values_and_a_graph() {
    let mut app = morris_after(&["a7", "a1", "d7", "g1", "g7xa1", "d1"]);
    app.open_review();
    assert!(app.computer_to_move(), "the loop computes the review next");
    app.think();
    wait_for_the_review(&mut app);
    let review = app.review.as_ref().expect("reviewed");
    assert_eq!(review.review.moves.len(), 6);
    assert_eq!(review.cursor.index, 1);
    // Black's g1 let White close a mill: an error at least.
    assert!(
        review.review.moves[3].class.is_error(),
        "{:?}",
        review.review.moves[3]
    );
    press(
        &mut app,
        [Input::Arrow(Dir::Right), Input::Arrow(Dir::Right)],
    );
    let review = app.review.as_ref().unwrap();
    assert_eq!(review.cursor.index, 3);
    assert_eq!(app.shown_position(), &review.positions[3]);
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("Review: move 3 of 6"), "{text}");
    assert!(text.contains("White's advantage"), "{text}");
    assert!(text.contains("errors · loss"), "{text}");
    press(&mut app, [Input::Esc]);
    assert!(app.review.is_none());
}

/// Ticks the screen as the loop does until the review computed in the background is done.
fn wait_for_the_review(app: &mut MorrisApp) {
    while app.busy() {
        std::thread::sleep(ludus_tui::review::JOB_POLL);
        app.tick();
    }
}

/// A Morris game of two people played by the first legal move (a removal when there is one)
/// for `plies` plies or until it ends.
fn morris_by_first_moves(plies: usize) -> MorrisApp {
    let mut game = Game::new(Rules::standard());
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_moves();
        let mv = legal
            .iter()
            .find(|m| m.remove.is_some())
            .or(legal.first())
            .copied()
            .expect("a move");
        game.play(mv).unwrap();
    }
    let config = MorrisConfig {
        opponent: Opponent::Human,
        ..MorrisConfig::default()
    };
    MorrisApp::with_game(config, english(), game)
}

#[test]
fn the_morris_review_shows_its_progress_and_esc_cancels_it() {
    let mut app = morris_by_first_moves(120);
    let total = app.game.moves().len();
    app.open_review();
    app.think();
    assert!(app.busy(), "the review runs in the background");
    assert!(!app.computer_to_move());
    let status = app.screen.status.text.clone();
    assert!(
        status.starts_with("Reviewing the game: move ")
            && status.contains(&format!(" of {total} ")),
        "{status}"
    );
    assert!(
        status.contains('░') && status.ends_with("Esc cancels"),
        "{status}"
    );
    let text = screen_text(&mut app, 80, 24);
    assert!(
        text.contains(&status),
        "the whole progress line fits:\n{text}"
    );
    // Only Esc (or q) counts while it runs; Esc stops it and the game is shown again.
    assert_eq!(app.action_for(Input::Char('a')), None);
    press(&mut app, [Input::Esc]);
    assert!(!app.busy() && app.review.is_none());
    assert_eq!(app.screen.status.text, "Review cancelled.");
    assert!(!app.screen.quit);
    // Asked again, it runs to its end and opens.
    app.open_review();
    app.think();
    wait_for_the_review(&mut app);
    let review = app.review.as_ref().expect("reviewed");
    assert_eq!(review.review.moves.len(), total);
}

#[test]
fn the_review_progress_line_fits_80_columns_in_every_language() {
    for lang in Lang::ALL {
        let catalog = Catalog::new(lang);
        let gauge = ludus_tui::review::gauge(0, 400, 20);
        let line = catalog.format(
            "tui-reviewing-progress",
            &[("done", "400"), ("total", "400"), ("gauge", &gauge)],
        );
        // The status line starts with a space.
        assert!(line.chars().count() <= 79, "{lang}: {line}");
    }
}

#[test]
fn board_numbers_stay_the_persons_while_the_computer_moves() {
    let mut app = bg_against_the_computer();
    press(&mut app, typed("8/5 6/5"));
    assert_eq!(
        app.game().unwrap().on_roll(),
        Seat::One,
        "the computer is on roll"
    );
    // The bottom-right point is the person's 1 (it is the computer's 24).
    assert_eq!(app.label_point(Slot::at(false, 12)), 1);
    // The computer rolls (maybe doubles first), then shows its move checker by checker.
    while app.computer_to_move() {
        app.think();
        while app.animating() {
            assert_eq!(app.label_point(Slot::at(false, 12)), 1);
            let text = screen_text(&mut app, 80, 24);
            assert!(text.contains("12 11 10  9  8  7"), "{text}");
            app.tick();
        }
    }
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("12 11 10  9  8  7"), "{text}");
    // The computer's move is marked: its points (in the person's numbering) are known.
    let (seat, points) = app.last_move_points().expect("a last move");
    assert_eq!(seat, Seat::One);
    assert!(!points.is_empty());
}

#[test]
fn the_backgammon_review_shows_each_decision_on_the_board() {
    let mut app = bg_against_the_computer();
    press(&mut app, typed("8/5 6/5"));
    // The person resigns; the game is over and can be reviewed.
    press(&mut app, [Input::Char('q'), Input::Char('y')]);
    assert!(app.game().unwrap().outcome().is_some());
    assert!(
        app.screen
            .status
            .text
            .starts_with("You lost 1 point — resignation."),
        "{}",
        app.screen.status.text
    );
    press(&mut app, [Input::Char('a')]);
    let review = app.review.as_ref().expect("the review is open");
    assert!(!review.steps.is_empty());
    assert!(review.steps[0].position.is_some());
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("Review: decision 1 of"), "{text}");
    assert!(text.contains("White's equity"), "{text}");
    press(&mut app, [Input::Arrow(Dir::Right), Input::Char('a')]);
    assert!(app.review.is_none());
}

#[test]
fn the_computer_waits_while_the_help_or_the_leave_question_is_open() {
    let mut app = bg_against_the_computer();
    press(&mut app, typed("8/5 6/5"));
    assert!(app.computer_to_move());
    press(&mut app, [Input::Char('?')]);
    assert!(!app.computer_to_move(), "help open");
    press(&mut app, [Input::Char('x')]);
    assert!(app.computer_to_move());
    // q while the computer is to move: resign or leave; leaving offers to save.
    press(&mut app, [Input::Char('q'), Input::Char('l')]);
    assert!(app.screen.leave_offer.is_some());
    assert!(!app.computer_to_move(), "question open");
    press(&mut app, [Input::Char('n')]);
    assert!(app.computer_to_move());
}

/// A money session between two people in `lang`: ten plays by the first legal move from seed 5,
/// then the player on roll resigns; the review is open.
fn bg_review_after_ten_plays(lang: Lang) -> BgApp {
    let mut record = Match::new(BgRules::default(), ["White".into(), "Black".into()]);
    let mut dice = ludus_backgammon::SeededDice::new(5);
    let game = record.new_game(&mut dice).unwrap();
    for _ in 0..10 {
        let mv = game.legal_moves()[0];
        game.play(&mv).unwrap();
        game.roll(&mut dice).unwrap();
    }
    let config = BgConfig {
        opponent: Opponent::Human,
        ..BgConfig::default()
    };
    let mut app = BgApp::with_record(config, Catalog::new(lang), record, 0);
    press(&mut app, [Input::Char('q'), Input::Char('y')]);
    assert!(app.game().unwrap().outcome().is_some());
    press(&mut app, [Input::Char('a')]);
    assert!(app.review.is_some());
    app
}

#[test]
fn the_backgammon_review_fits_80_by_24_in_every_language() {
    for lang in Lang::ALL {
        let mut app = bg_review_after_ten_plays(lang);
        press(&mut app, [Input::Arrow(Dir::Down)]);
        let text = screen_text(&mut app, 80, 24);
        let lines: Vec<&str> = text.lines().collect();
        let catalog = Catalog::new(lang);
        // Every part is on the screen in full: the summary lines, the graph's title, the status
        // (the result alone), the keys, and the decision's loss and class.
        let review = app.review.as_ref().unwrap();
        let mut wanted: Vec<String> = [Seat::Zero, Seat::One]
            .into_iter()
            .map(|seat| {
                let totals = &review.report.players[seat.index()];
                ludus_tui::backgammon_view::review_player_line(&app, seat, totals)
            })
            .collect();
        wanted.push(catalog.get("tui-bg-review-graph"));
        wanted.push(catalog.get("tui-bg-review-keys"));
        wanted.push(app.screen.status.text.clone());
        wanted.push(format!("{}:", catalog.get("review-loss")));
        for part in &wanted {
            assert!(
                lines.iter().any(|l| l.contains(part.as_str())),
                "{lang}: {part:?} is not shown whole:\n{text}"
            );
        }
        // The graph's row of marks shows the cursor; no line is wider than the screen.
        assert!(text.contains('▲'), "{lang}:\n{text}");
        assert!(lines.iter().all(|l| l.chars().count() <= 80), "{text}");
        // The board is whole: both rows of point numbers and its bottom corner.
        assert!(text.contains("12 11 10  9  8  7"), "{lang}:\n{text}");
        assert!(text.contains('┘'), "{lang}:\n{text}");
    }
}

#[test]
fn a_taller_backgammon_review_draws_a_taller_graph() {
    let mut app = bg_review_after_ten_plays(Lang::En);
    let rows_of_graph = |text: &str| {
        text.lines()
            .filter(|l| l.starts_with("  ") && l.contains('█'))
            .count()
    };
    let small = screen_text(&mut app, 80, 24);
    let large = screen_text(&mut app, 120, 40);
    assert!(
        rows_of_graph(&large) > rows_of_graph(&small),
        "{small}\n{large}"
    );
    // The panel beside the board lists the decisions around the one shown.
    assert!(large.contains("  1 "), "{large}");
}

#[test]
fn u_takes_back_the_persons_last_backgammon_move_and_the_computers_answer() {
    let mut app = bg_against_the_computer();
    let start = app.game().unwrap().position();
    press(&mut app, typed("8/5 6/5"));
    // The computer answers (rolls, maybe doubles, moves); then it is the person's turn again.
    while app.computer_to_move() {
        app.think();
        while app.animating() {
            app.tick();
        }
    }
    let events_before = app.game().unwrap().events().len();
    assert!(events_before >= 2, "the computer has answered");
    press(&mut app, [Input::Char('u')]);
    let game = app.game().unwrap();
    assert_eq!(game.events().len(), 1, "back to the opening roll");
    assert_eq!(game.position(), start);
    assert!(matches!(game.phase(), ludus_backgammon::Phase::Moving(d) if d.to_string() == "31"));
    assert!(
        app.screen.status.text.starts_with("Move taken back."),
        "{}",
        app.screen.status.text
    );
    // The same dice are played again, differently this time.
    press(&mut app, typed("24/21 6/5"));
    let ludus_backgammon::GameEvent::Turn {
        play: Some(replayed),
        ..
    } = app.game().unwrap().events()[0]
    else {
        panic!("the opening turn is played");
    };
    assert_eq!(replayed.to_string(), "24/21 6/5");
    // Nothing left to take back before the person's first move.
    let mut fresh = bg_against_the_computer();
    press(&mut fresh, [Input::Char('u')]);
    assert_eq!(fresh.screen.status.text, "Nothing to take back.");
}

/// gnubg's 3-point match (the interop crate's test data) between two people, its review open:
/// in game 1 Black doubles, White takes, Black plays 64, White redoubles and Black passes.
fn gnubg_match_review(lang: Lang) -> BgApp {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../interop/tests/data/gnubg_3_point_match.mat"
    );
    let record = ludus_backgammon::read_mat(&std::fs::read_to_string(path).unwrap()).unwrap();
    let config = BgConfig {
        opponent: Opponent::Human,
        match_length: 3,
        ..BgConfig::default()
    };
    let mut app = BgApp::with_record(config, Catalog::new(lang), record, 0);
    app.open_review();
    assert!(app.review.is_some());
    app
}

/// Moves the review to the first decision that `wanted` accepts; its 1-based index.
fn review_to(
    app: &mut BgApp,
    wanted: impl Fn(&ludus_backgammon_engine::analysis::Decision) -> bool,
) -> usize {
    let review = app.review.as_mut().unwrap();
    let index = review
        .steps
        .iter()
        .position(|s| wanted(&s.decision))
        .expect("the decision is in the review")
        + 1;
    review.cursor.index = index;
    index
}

/// The cube cells of the board on the screen: (screen row, text) of each row where the cube
/// column is not empty.
fn cube_cells(text: &str) -> Vec<(usize, String)> {
    // The board starts under the title at column 1; the cube is 4 cells at its column 47.
    text.lines()
        .enumerate()
        .skip(1)
        .take(15)
        .filter_map(|(row, line)| {
            let cell: String = line.chars().skip(48).take(4).collect();
            let cell = cell.trim().to_string();
            (!cell.is_empty()).then_some((row, cell))
        })
        .collect()
}

#[test]
fn the_backgammon_review_draws_the_cube_as_it_stood_at_each_decision() {
    let mut app = gnubg_match_review(Lang::En);
    // Before the double the cube is in the middle (drawn as 64), not the game's final 2-cube.
    review_to(&mut app, |_| true);
    assert_eq!(app.cube(), (1, CubeOwner::Centered));
    let text = screen_text(&mut app, 80, 24);
    assert_eq!(cube_cells(&text), [(8, "64".to_string())], "{text}");
    review_to(&mut app, |d| d.kind == DecisionKind::Double);
    assert_eq!(app.cube(), (1, CubeOwner::Centered));
    // After White took, Black's 64 is played with White owning the 2-cube.
    review_to(&mut app, |d| d.dice.as_deref() == Some("64"));
    assert_eq!(app.cube(), (2, CubeOwner::Owned(Seat::Zero)));
    let text = screen_text(&mut app, 80, 24);
    let cells = cube_cells(&text);
    assert_eq!(cells.len(), 1, "{text}");
    assert_eq!(cells[0].1, "2", "{text}");
    assert_ne!(
        cells[0].0, 8,
        "beside its owner, not in the middle:\n{text}"
    );
}

#[test]
fn the_backgammon_review_lists_the_alternatives_with_equities_and_plies_in_every_language() {
    for lang in Lang::ALL {
        let catalog = Catalog::new(lang);
        let mut app = gnubg_match_review(lang);
        let checker = |d: &ludus_backgammon_engine::analysis::Decision| d.dice.is_some();
        let cube = |d: &ludus_backgammon_engine::analysis::Decision| d.kind == DecisionKind::Double;
        for wanted in [&checker as &dyn Fn(&_) -> bool, &cube] {
            let index = review_to(&mut app, wanted);
            let text = screen_text(&mut app, 80, 24);
            let lines: Vec<&str> = text.lines().collect();
            assert!(lines.iter().all(|l| l.chars().count() <= 80), "{text}");
            assert!(
                text.contains(&catalog.get("review-col-equity")),
                "{lang}:\n{text}"
            );
            let step = &app.review.as_ref().unwrap().steps[index - 1];
            assert!(!step.detail.alternatives.is_empty());
            for alternative in &step.detail.alternatives {
                // Each alternative's equity with the plies that valued it, on one line.
                let numbers = format!("{:+.3} {}", alternative.equity, alternative.plies);
                assert!(
                    lines.iter().any(|l| l.contains(&numbers)),
                    "{lang}: {} {numbers}:\n{text}",
                    alternative.action
                );
            }
            let played = step.detail.alternatives.iter().filter(|a| a.played).count();
            assert_eq!(played, 1, "the play made is listed once");
            assert!(text.contains('▸'), "the play made is marked:\n{text}");
            // The cube table in the web's words.
            if step.decision.dice.is_none() {
                for key in [
                    "review-no-double",
                    "review-double-take",
                    "review-double-pass",
                ] {
                    let words = catalog.get(key);
                    let start: String = words.chars().take(12).collect();
                    assert!(text.contains(&start), "{lang}: {words}\n{text}");
                }
                // The proper action named as the web names it.
                if let Some(code) = &step.detail.cube_action {
                    let action = catalog.get(&format!("cube-action-{code}"));
                    let proper = catalog.format("analysis-cube-proper", &[("action", "")]);
                    // Wrapped between words inside its column: every word is there.
                    for word in proper.split_whitespace().chain(action.split_whitespace()) {
                        assert!(text.contains(word), "{lang}: {action}\n{text}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_take_in_the_review_shows_the_board_of_the_double_it_answers() {
    let mut app = gnubg_match_review(Lang::En);
    let board = |text: &str| -> Vec<String> {
        text.lines()
            .skip(3)
            .take(11)
            .map(|l| l.chars().take(47).collect())
            .collect()
    };
    let double = review_to(&mut app, |d| d.kind == DecisionKind::Double);
    let doubled = screen_text(&mut app, 80, 24);
    let take = review_to(&mut app, |d| d.kind == DecisionKind::Take);
    assert_eq!(take, double + 1);
    let taken = screen_text(&mut app, 80, 24);
    // The same checkers; the middle row shows the offer the take answers, not the game's phase.
    let without_middle = |rows: Vec<String>| -> Vec<String> {
        rows.into_iter()
            .enumerate()
            .filter(|(i, _)| *i != 5)
            .map(|(_, row)| row)
            .collect()
    };
    assert_eq!(
        without_middle(board(&taken)),
        without_middle(board(&doubled)),
        "{doubled}\n{taken}"
    );
    assert!(board(&taken)[5].contains("Double 2?"), "{taken}");
    assert!(!board(&doubled)[5].contains("Double"), "{doubled}");
}
