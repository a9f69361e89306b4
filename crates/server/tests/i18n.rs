//! The browser's texts: the server serves each language's Fluent file of `ludus-i18n` as it is,
//! and every key the page asks for exists in every language. (That the three files define the
//! same messages is a test of `ludus-i18n` itself.)

use crate::common::{app, get};
use axum::http::StatusCode;
use ludus_i18n::{Catalog, Lang};
use ludus_server::error::{ApiError, RequestError};
use ludus_server::games::UnknownName;
use std::collections::BTreeSet;

/// The page's files that hold text keys.
const WEB_FILES: [(&str, &str); 8] = [
    ("index.html", include_str!("../web/index.html")),
    ("app.js", include_str!("../web/app.js")),
    ("morris.js", include_str!("../web/morris.js")),
    ("backgammon.js", include_str!("../web/backgammon.js")),
    ("settings.js", include_str!("../web/settings.js")),
    ("review.js", include_str!("../web/review.js")),
    ("analysis.js", include_str!("../web/analysis.js")),
    ("editor.js", include_str!("../web/editor.js")),
];

/// The literal keys in a file: `t('…')` or `t('…', …)` (not `t('prefix-' + x)` or a template
/// string), and `data-i18n="…"`.
fn keys_in(source: &str) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for (start, _) in source.match_indices("t(") {
        let before = source[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
            continue; // `import(`, `split(`, `x.t(`: another function
        }
        let rest = source[start + 2..].trim_start();
        let Some(quote) = rest.chars().next().filter(|&c| c == '\'' || c == '"') else {
            continue;
        };
        let mut parts = rest[1..].splitn(2, quote);
        let (Some(key), Some(after)) = (parts.next(), parts.next()) else {
            continue;
        };
        if after.trim_start().starts_with([')', ',']) {
            keys.insert(key.to_string());
        }
    }
    for (start, _) in source.match_indices("data-i18n=\"") {
        let rest = &source[start + "data-i18n=\"".len()..];
        keys.extend(rest.split('"').next().map(str::to_string));
    }
    keys
}

#[test]
fn every_key_the_page_asks_for_is_in_every_language() {
    let keys: BTreeSet<String> = WEB_FILES.iter().flat_map(|(_, s)| keys_in(s)).collect();
    assert!(keys.len() > 50, "found only {keys:?}");
    for lang in Lang::ALL {
        let catalog = Catalog::new(lang);
        let missing: Vec<&String> = keys.iter().filter(|k| !catalog.has_own(k)).collect();
        assert!(missing.is_empty(), "{lang}.ftl lacks {missing:?}");
    }
}

#[test]
fn the_key_finder_skips_computed_keys() {
    let source =
        "t('a-b') t(\"c\", { x }) t('mark-' + m) t(`side-${s}`) split('d') <p data-i18n=\"e\">";
    let found: Vec<String> = keys_in(source).into_iter().collect();
    assert_eq!(found, ["a-b", "c", "e"]);
}

#[tokio::test]
async fn each_language_file_is_served_as_the_crate_has_it() {
    let app = app();
    for lang in Lang::ALL {
        let (status, body) = get(&app, &format!("/assets/i18n/{}.ftl", lang.code())).await;
        assert_eq!(status, StatusCode::OK, "{lang}");
        assert_eq!(body.as_str(), Some(lang.ftl()), "{lang}");
    }
}

/// One error of every kind the API can answer with (rules crates' errors included).
fn every_kind_of_error() -> Vec<ludus_server::error::ApiError> {
    use axum::http::StatusCode;
    use ludus_backgammon as bg;
    use ludus_server::games::RulesError;
    use ludus_server::games::{Action, DoubleBlock, GameError, GameKind, Side};
    use ludus_server::setup::SetupRefusal;

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
        RequestError::Name(UnknownName::Game("chess".into())),
        RequestError::UnknownOpponent("robot".into()),
        RequestError::Name(UnknownName::Side("green".into())),
        RequestError::Name(UnknownName::Action("dance".into())),
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
        RequestError::Setup(SetupRefusal::Length(30)),
        RequestError::Setup(SetupRefusal::Dice(bg::DiceError::BadDie(7))),
        RequestError::Setup(SetupRefusal::Checkers {
            side: Side::White,
            count: 16,
        }),
        RequestError::Setup(SetupRefusal::Board(bg::PositionError::BothBorneOff)),
        RequestError::Setup(SetupRefusal::Square(
            "z9".parse::<ludus_morris::Square>().unwrap_err(),
        )),
        RequestError::Setup(SetupRefusal::MorrisRules(
            "twelve".parse::<ludus_morris::Rules>().unwrap_err(),
        )),
        RequestError::Query("unknown field `x`".into()),
    ];
    let mut requests = requests;
    for (refusal, side) in [
        (
            bg::StartRefusal::NoCheckers(bg::Seat::One),
            Some(Side::Black),
        ),
        (bg::StartRefusal::GameOver, None),
        (bg::StartRefusal::AnswerPending, None),
        (bg::StartRefusal::Cube { value: 3, max: 64 }, None),
        (
            bg::StartRefusal::Score {
                seat: bg::Seat::Zero,
                score: 7,
                length: 7,
            },
            Some(Side::White),
        ),
    ] {
        requests.push(RequestError::Setup(SetupRefusal::Start { refusal, side }));
    }
    let white = ludus_morris::Color::White;
    for error in [
        ludus_morris::SetupError::TooManyPieces {
            color: white,
            count: 10,
        },
        ludus_morris::SetupError::InconsistentHands {
            white: 1,
            black: 0,
            side: white,
        },
        ludus_morris::SetupError::TooFewPieces {
            color: white,
            count: 2,
        },
        ludus_morris::SetupError::Blocked(white),
        ludus_morris::SetupError::SharedPoint(sq("a7")),
    ] {
        requests.push(RequestError::Setup(SetupRefusal::Morris(error)));
    }
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
        ApiError::NoSuchGame,
        ApiError::NoSuchEndpoint,
        ApiError::StaleVersion {
            asked: 1,
            current: 2,
        },
        ApiError::AnalysisOfMorris,
        ApiError::NoAnalyser,
        ApiError::NothingToTakeBack,
        ApiError::TakebackAgainstPerson,
        RequestError::Position("hello".into()).into(),
        ApiError::RateLimited {
            limit: "create",
            retry_after: std::time::Duration::from_millis(7500),
        },
        ApiError::TooManyLiveGames { live: 50, most: 50 },
        ApiError::EngineBusy,
        ApiError::Timeout { seconds: 20 },
        ApiError::ReviewInProgress,
        ApiError::Internal("disk full".into()),
        ApiError::EngineHelpDuringGame,
        ApiError::BadInvite,
        ApiError::StorageUnavailable {
            cause: "disk full".into(),
        },
        ApiError::TooManySockets { most: 16 },
        ApiError::Refused {
            status: StatusCode::NOT_FOUND,
            detail: "no route".into(),
        },
        ApiError::Refused {
            status: StatusCode::METHOD_NOT_ALLOWED,
            detail: "GET only".into(),
        },
        ApiError::Refused {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            detail: "panicked".into(),
        },
        ApiError::Refused {
            status: StatusCode::BAD_REQUEST,
            detail: "bad path".into(),
        },
        ApiError::MorrisAnalysisOfBackgammon,
        RequestError::Plies { plies: 9, max: 3 }.into(),
        RequestError::SeedComputerOnly.into(),
        RequestError::MoneyRulesInMatch.into(),
        RequestError::Play(ludus_server::positions::PlayRefusal::NoDice).into(),
        RequestError::Play(ludus_server::positions::PlayRefusal::PlayEndsGame).into(),
        RequestError::Play(ludus_server::positions::PlayRefusal::StepsNeedBackgammon).into(),
        RequestError::Record("not a record".into()).into(),
        RequestError::Trials {
            trials: 40,
            min: 36,
            max: 1296,
        }
        .into(),
        ApiError::NoSuchRollout,
        ApiError::RolloutRunning,
        ApiError::RolloutsBusy,
        ApiError::EngineShare { most: 2 },
        ApiError::ReviewRunning,
        ApiError::EngineStopped,
        ApiError::NoSuchPlayer,
        ApiError::NoSuchExercise,
        ApiError::PracticeConflict,
        RequestError::Answer("24/18".into()).into(),
        RequestError::PlayerFile("eof".into()).into(),
        RequestError::PlayerKey.into(),
        RequestError::Threshold.into(),
    ]);
    all
}

/// The number of kinds [`api_kind`] tells apart.
const API_KINDS: usize = 57;

/// Which variant of [`ApiError`] (and of [`RequestError`] inside it) an error is, by an
/// exhaustive match: a new variant does not compile here until it has a number below
/// [`API_KINDS`], and `every_kind_of_error_is_in_the_list` then fails until
/// `every_kind_of_error` has one of it.
fn api_kind(error: &ApiError) -> usize {
    match error {
        ApiError::Game(_) => 0,
        ApiError::Request(request) => match request {
            RequestError::Name(UnknownName::Game(_)) => 1,
            RequestError::UnknownOpponent(_) => 2,
            RequestError::Name(UnknownName::Side(_)) => 3,
            RequestError::Name(UnknownName::Action(_)) => 4,
            RequestError::Level { .. } => 5,
            RequestError::Plies { .. } => 6,
            RequestError::Rules(_) => 7,
            RequestError::Steps(_) => 8,
            RequestError::MorrisPosition { .. } => 9,
            RequestError::MorrisRules(_) => 10,
            RequestError::PositionId(_) => 11,
            RequestError::MatchId(_) => 12,
            RequestError::Dice(_) => 13,
            RequestError::NotWebSocket(_) => 14,
            RequestError::Query(_) => 15,
            RequestError::Position(_) => 16,
            RequestError::Setup(_) => 17,
            RequestError::SeedComputerOnly => 18,
            RequestError::MoneyRulesInMatch => 19,
            RequestError::Play(_) => 20,
            RequestError::Record(_) => 21,
            RequestError::Trials { .. } => 43,
            RequestError::Answer(_) => 53,
            RequestError::PlayerFile(_) => 54,
            RequestError::PlayerKey => 55,
            RequestError::Threshold => 56,
        },
        ApiError::Body { .. } => 22,
        ApiError::NotSeated => 23,
        ApiError::EngineHelpDuringGame => 24,
        ApiError::BadInvite => 25,
        ApiError::TooManySockets { .. } => 26,
        ApiError::Refused { .. } => 27,
        ApiError::NoSuchGame => 28,
        ApiError::NoSuchEndpoint => 29,
        ApiError::StaleVersion { .. } => 30,
        ApiError::AnalysisOfMorris => 31,
        ApiError::MorrisAnalysisOfBackgammon => 32,
        ApiError::NoAnalyser => 33,
        ApiError::NothingToTakeBack => 34,
        ApiError::TakebackAgainstPerson => 35,
        ApiError::RateLimited { .. } => 36,
        ApiError::TooManyLiveGames { .. } => 37,
        ApiError::EngineBusy => 38,
        ApiError::ReviewInProgress => 39,
        ApiError::Timeout { .. } => 40,
        ApiError::Internal(_) => 41,
        ApiError::StorageUnavailable { .. } => 42,
        ApiError::NoSuchRollout => 44,
        ApiError::RolloutRunning => 45,
        ApiError::RolloutsBusy => 46,
        ApiError::EngineShare { .. } => 47,
        ApiError::ReviewRunning => 48,
        ApiError::EngineStopped => 49,
        ApiError::NoSuchPlayer => 50,
        ApiError::NoSuchExercise => 51,
        ApiError::PracticeConflict => 52,
    }
}

#[test]
fn every_kind_of_error_is_in_the_list() {
    let mut seen = [false; API_KINDS];
    for error in every_kind_of_error() {
        let kind = api_kind(&error);
        assert!(kind < API_KINDS, "{error:?}: kind {kind} past API_KINDS");
        seen[kind] = true;
    }
    let missing: Vec<usize> = (0..API_KINDS).filter(|&k| !seen[k]).collect();
    assert!(
        missing.is_empty(),
        "kinds with no error in every_kind_of_error: {missing:?}"
    );
}

#[test]
fn every_error_code_has_a_message_with_known_values() {
    let english = Lang::En.ftl();
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
