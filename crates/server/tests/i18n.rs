//! The UI languages: every message of English exists in Estonian and Hungarian, and back.

use std::collections::BTreeSet;

fn keys(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.starts_with(' '))
        .filter_map(|line| {
            line.split_once(" = ")
                .map(|(key, _)| key.trim().to_string())
        })
        .collect()
}

#[test]
fn every_language_has_the_same_messages() {
    let english = keys(include_str!("../../../i18n/en.ftl"));
    assert!(english.len() > 50, "{} messages", english.len());
    for (name, text) in [
        ("et", include_str!("../../../i18n/et.ftl")),
        ("hu", include_str!("../../../i18n/hu.ftl")),
    ] {
        let other = keys(text);
        let missing: Vec<_> = english.difference(&other).collect();
        let extra: Vec<_> = other.difference(&english).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{name}: missing {missing:?}, extra {extra:?}"
        );
    }
}

#[test]
fn translations_keep_the_variables() {
    let variables = |text: &str| -> BTreeSet<String> {
        text.lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| line.split_once(" = "))
            .flat_map(|(key, value)| {
                value
                    .split("{ $")
                    .skip(1)
                    .map(move |rest| format!("{key}:{}", rest.split(' ').next().unwrap_or("")))
            })
            .collect()
    };
    let english = variables(include_str!("../../../i18n/en.ftl"));
    assert_eq!(english, variables(include_str!("../../../i18n/et.ftl")));
    assert_eq!(english, variables(include_str!("../../../i18n/hu.ftl")));
}

/// One error of every kind the API can answer with (rules crates' errors included).
fn every_kind_of_error() -> Vec<ludus_server::error::ApiError> {
    use axum::http::StatusCode;
    use ludus_backgammon as bg;
    use ludus_server::error::{ApiError, RequestError};
    use ludus_server::game::{Action, DoubleBlock, GameError, GameKind, Side};
    use ludus_server::games::RulesError;

    let sq = |name: &str| name.parse::<ludus_morris::Square>().unwrap();
    let morris_move: ludus_morris::Move = "d6".parse().unwrap();
    let dice: bg::Dice = "31".parse().unwrap();
    let mut morris_illegal = vec![
        ludus_morris::IllegalMove::MustPlace(ludus_morris::Color::White, 3),
        ludus_morris::IllegalMove::NothingInHand(ludus_morris::Color::Black),
        ludus_morris::IllegalMove::Occupied(sq("d6")),
        ludus_morris::IllegalMove::NotOwnPiece(sq("d6"), ludus_morris::Color::White),
        ludus_morris::IllegalMove::NotAdjacent {
            from: sq("d6"),
            to: sq("a1"),
        },
        ludus_morris::IllegalMove::RemovalMissing(morris_move),
        ludus_morris::IllegalMove::NoMill(morris_move, sq("a1")),
        ludus_morris::IllegalMove::NotOpponentPiece(sq("a1"), ludus_morris::Color::Black),
        ludus_morris::IllegalMove::ProtectedByMill(sq("a1"), ludus_morris::Color::Black),
        ludus_morris::IllegalMove::NotLegal(morris_move),
    ];
    let mut game = ludus_morris::Game::new(ludus_morris::Rules::standard());
    for text in [
        "a7", "a1", "d7", "d1", "g7xa1", "g1", "b6", "b2", "f6", "f2",
    ] {
        let _ = game.play(text.parse().unwrap());
    }
    morris_illegal.extend(game.play(morris_move).err());
    let mut games: Vec<GameError> = morris_illegal
        .into_iter()
        .map(|error| GameError::MorrisIllegal {
            text: "d6".into(),
            error,
        })
        .collect();
    for text in ["", "z9", "d6-d5-d4", "d6-d6"] {
        let error = text.parse::<ludus_morris::Move>().unwrap_err();
        games.push(GameError::MorrisNotation {
            text: text.into(),
            error,
        });
    }
    let start = bg::Position::starting();
    for text in ["hello", "24/1"] {
        games.push(GameError::BackgammonMove(
            start.parse_move(dice, text).unwrap_err(),
        ));
    }
    for waiting in [
        bg::Waiting::Roll,
        bg::Waiting::Answer,
        bg::Waiting::Move(dice),
        bg::Waiting::ResignationAnswer,
        bg::Waiting::Over,
    ] {
        games.push(GameError::Backgammon(bg::GameError::NotNow {
            action: "roll",
            waiting,
        }));
    }
    for refusal in [
        bg::DoubleRefusal::NotBeforeRoll,
        bg::DoubleRefusal::Crawford,
        bg::DoubleRefusal::OpponentOwnsCube,
        bg::DoubleRefusal::CubeAtCeiling,
    ] {
        games.push(GameError::Backgammon(bg::GameError::CannotDouble(refusal)));
        games.push(GameError::MayNotDouble(DoubleBlock::Rules(refusal)));
    }
    games.extend([
        GameError::Backgammon(bg::GameError::CannotBeaver(bg::BeaverRefusal::NotAllowed)),
        GameError::Backgammon(bg::GameError::CannotBeaver(bg::BeaverRefusal::PastCeiling)),
        GameError::Backgammon(bg::GameError::IllegalMove {
            mv: "24/1".into(),
            dice,
        }),
        GameError::Backgammon(bg::GameError::Match(bg::MatchRefusal::MatchOver)),
        GameError::Backgammon(bg::GameError::Match(bg::MatchRefusal::GameInProgress)),
        GameError::Over,
        GameError::NotYourTurn(Side::White),
        GameError::NoSuchAction {
            kind: GameKind::Morris,
            action: Action::Roll,
        },
        GameError::MayNotDouble(DoubleBlock::CubeOff),
        GameError::MayNotDouble(DoubleBlock::Pointless),
        GameError::DoublePending,
        GameError::NotMoving,
        GameError::Step(bg::TurnError::NoSuchStep { from: 24, to: 1 }),
        GameError::Step(bg::TurnError::Complete),
    ]);
    let requests = vec![
        RequestError::UnknownGame("chess".into()),
        RequestError::UnknownOpponent("robot".into()),
        RequestError::UnknownSide("green".into()),
        RequestError::UnknownAction("dance".into()),
        RequestError::Level {
            level: 11,
            min: 1,
            max: 10,
        },
        RequestError::Rules(RulesError::NotAnObject),
        RequestError::Rules(RulesError::UnknownOption {
            game: "Morris",
            option: "pieces".into(),
        }),
        RequestError::Rules(RulesError::BadValue {
            option: "cube",
            expected: "true or false",
        }),
        RequestError::Steps("up/down".into()),
        RequestError::MorrisPosition {
            text: "x".into(),
            error: "x".parse::<ludus_morris::Position>().unwrap_err(),
        },
        RequestError::MorrisPosition {
            text: String::new(),
            error: "WWWWWWWW/WW....../........ w 0 0 0"
                .parse::<ludus_morris::Position>()
                .unwrap_err(),
        },
        RequestError::MorrisRules("twelve".parse::<ludus_morris::Rules>().unwrap_err()),
        RequestError::PositionId(bg::Position::from_position_id("!!").unwrap_err()),
        RequestError::MatchId(bg::MatchState::from_match_id("!!").unwrap_err()),
        RequestError::Dice("71".parse::<bg::Dice>().unwrap_err()),
        RequestError::NotWebSocket("no upgrade".into()),
        RequestError::Query("unknown field `x`".into()),
    ];
    let mut all: Vec<ApiError> = games.into_iter().map(ApiError::from).collect();
    all.extend(requests.into_iter().map(ApiError::from));
    for status in [
        StatusCode::BAD_REQUEST,
        StatusCode::PAYLOAD_TOO_LARGE,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
    ] {
        all.push(ApiError::Body {
            status,
            detail: "detail".into(),
        });
    }
    all.extend([
        ApiError::NotSeated,
        ApiError::NoSuchGame("feed".into()),
        ApiError::NoSuchEndpoint,
        ApiError::StaleVersion {
            asked: 1,
            current: 2,
        },
        ApiError::AnalysisOfMorris,
        ApiError::NoAnalyser,
        ApiError::Internal("disk full".into()),
    ]);
    all
}

#[test]
fn every_error_code_has_a_message_with_known_values() {
    let english = include_str!("../../../i18n/en.ftl");
    let message = |key: &str| {
        english
            .lines()
            .find_map(|line| line.strip_prefix(key)?.strip_prefix(" = "))
    };
    for error in every_kind_of_error() {
        let body = error.body();
        let key = format!("err-{}", body.code);
        let text = message(&key).unwrap_or_else(|| panic!("no {key} for {error:?}"));
        for variable in text.split("{ $").skip(1) {
            let name = variable.split(' ').next().unwrap_or("");
            assert!(
                body.params.contains_key(name),
                "{key} names ${name}, which {error:?} does not give ({:?})",
                body.params
            );
        }
    }
}
