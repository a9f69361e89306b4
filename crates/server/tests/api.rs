//! Every endpoint and error case of the HTTP API, through `oneshot` (no socket).

use crate::common::*;
use axum::http::StatusCode;
use ludus_server::Settings;
use ludus_server::games::report::{BackgammonReport, GameReport};
use serde_json::{Value, json};

fn error_of(body: &Value) -> &str {
    body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error field in {body}"))
}

#[tokio::test]
async fn creating_a_morris_game_returns_the_state_and_a_128_bit_token() {
    let app = app();
    let created = create(&app, json!({"game": "morris", "side": "white"})).await;
    let token = created["token"].as_str().unwrap();
    assert_eq!(token.len(), 32);
    assert!(token.chars().all(|c| c.is_ascii_hexdigit()));
    assert_eq!(created["seat"], "white");
    assert!(
        created["tokens"]["black"].is_null(),
        "the computer seat has no token"
    );
    assert!(created["invite"].is_null());
    let state = &created["state"];
    assert_eq!(state["to_act"], "white");
    assert_eq!(state["legal_moves"].as_array().unwrap().len(), 24);
    assert_eq!(state["rules"]["flying"], true);
    assert_eq!(state["view"]["in_hand"]["white"], 9);
}

#[tokio::test]
async fn a_human_game_gives_an_invitation_for_the_other_seat() {
    let app = app();
    let created = create(
        &app,
        json!({"game": "morris", "opponent": "human", "side": "black"}),
    )
    .await;
    assert_eq!(created["seat"], "black");
    assert!(
        created["tokens"]["white"].is_null(),
        "the creator never holds the friend's token"
    );
    let id = created["id"].as_str().unwrap();
    let code = crate::common::invite_code(&created);
    assert_eq!(code.len(), 32);
    assert_eq!(
        created["invite"].as_str().unwrap(),
        format!("/play/{id}#invite={code}")
    );
    assert_eq!(created["state"]["invitation_open"], true);
    let joined = crate::common::join(&app, &created).await;
    assert_eq!(joined["seat"], "white");
    let (_, state) = get(&app, &format!("/api/games/{id}")).await;
    assert_eq!(state["invitation_open"], false, "the friend is in: {state}");
    let white = joined["token"].as_str().unwrap();
    assert_ne!(white, created["token"].as_str().unwrap());
    let (status, body) = play(&app, id, white, "d6").await;
    assert_eq!(status, StatusCode::OK, "the friend's token moves: {body}");
    // The code works once.
    let again = json!({ "invite": code });
    let (status, body) = post(&app, &format!("/api/games/{id}/join"), again).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["code"], "bad-invite");
}

#[tokio::test]
async fn bad_creation_requests_are_400_with_a_reason() {
    let app = app();
    for (request, needle) in [
        (json!({"game": "chess"}), "unknown game"),
        (json!({"game": "morris", "level": 11}), "level 11"),
        (
            json!({"game": "morris", "opponent": "robot"}),
            "unknown opponent",
        ),
        (json!({"game": "morris", "side": "green"}), "unknown seat"),
        (
            json!({"game": "morris", "rules": {"flying": "yes"}}),
            "flying",
        ),
        (
            json!({"game": "morris", "rules": {"pieces": 12}}),
            "unknown Morris rule",
        ),
        (
            json!({"game": "backgammon", "rules": {"match_length": 99}}),
            "match_length",
        ),
        (json!({"game": "backgammon", "rules": [1]}), "JSON object"),
        (
            json!({"game": "morris", "colour": "white"}),
            "unknown field",
        ),
        (json!({"opponent": "human"}), "missing field"),
    ] {
        let (status, body) = post(&app, "/api/games", request.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{request}: {body}");
        assert!(error_of(&body).contains(needle), "{request}: {body}");
    }
}

#[tokio::test]
async fn malformed_json_is_400_and_a_missing_content_type_415() {
    let app = app();
    let (status, body) = call(&app, "POST", "/api/games", Some("{\"game\": ")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&body).contains("JSON"), "{body}");
    let request = axum::http::Request::builder()
        .method("POST")
        .uri("/api/games")
        .body(axum::body::Body::from("{\"game\":\"morris\"}"))
        .unwrap();
    let response = tower::ServiceExt::oneshot(app.clone(), request)
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
}

#[tokio::test]
async fn a_body_over_the_limit_is_413_and_the_game_unchanged() {
    let (app, id, white, _) = morris_between_two().await;
    let padding = "x".repeat(ludus_server::MAX_BODY_BYTES + 1);
    let body = json!({"token": white, "move": padding}).to_string();
    let (status, answer) = call(&app, "POST", &format!("/api/games/{id}/moves"), Some(&body)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    assert!(answer["error"].is_string(), "{answer}");
    assert_eq!(state(&app, &id).await["version"], 0);
}

#[tokio::test]
async fn an_unknown_game_is_404_on_every_endpoint() {
    let app = app();
    let move_body = json!({"token": "00", "move": "d6"});
    let action_body = json!({"token": "00", "action": "resign"});
    for (status, body) in [
        get(&app, "/api/games/feedfacefeedface").await,
        get(&app, "/api/games/feedfacefeedface/export").await,
        get(&app, "/api/games/feedfacefeedface/ws").await,
        post(&app, "/api/games/feedfacefeedface/moves", move_body).await,
        post(&app, "/api/games/feedfacefeedface/actions", action_body).await,
        get(&app, "/api/no-such-endpoint").await,
    ] {
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert!(body["error"].is_string(), "{body}");
    }
}

#[tokio::test]
async fn a_wrong_token_is_403_and_the_game_unchanged() {
    let (app, id, _, _) = morris_between_two().await;
    let (status, body) = play(&app, &id, "0123456789abcdef0123456789abcdef", "d6").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(error_of(&body).contains("token"));
    let (status, _) = act(&app, &id, "", "resign").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(state(&app, &id).await["version"], 0);
}

#[tokio::test]
async fn moving_out_of_turn_is_409_and_the_game_unchanged() {
    let (app, id, _, black) = morris_between_two().await;
    let (status, body) = play(&app, &id, &black, "d6").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error_of(&body), "it is not black's turn");
    assert_eq!(state(&app, &id).await["version"], 0);
}

#[tokio::test]
async fn illegal_and_unreadable_moves_are_422_and_the_game_unchanged() {
    let (app, id, white, black) = morris_between_two().await;
    assert_eq!(play(&app, &id, &white, "d6").await.0, StatusCode::OK);
    let (status, body) = play(&app, &id, &black, "d6").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&body).contains("occupied"), "{body}");
    let (status, body) = play(&app, &id, &black, "z9").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&body).contains("cannot read"), "{body}");
    let after = state(&app, &id).await;
    assert_eq!(after["version"], 1);
    assert_eq!(after["to_act"], "black");
}

#[tokio::test]
async fn a_morris_game_has_no_dice_actions() {
    let (app, id, white, _) = morris_between_two().await;
    let (status, body) = act(&app, &id, &white, "roll").await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = act(&app, &id, &white, "dance").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[tokio::test]
async fn resigning_ends_the_game_and_later_moves_are_409() {
    let (app, id, white, black) = morris_between_two().await;
    let (status, body) = act(&app, &id, &black, "resign").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["winner"], "white");
    assert_eq!(body["result"]["reason"], "resign");
    assert!(body["to_act"].is_null());
    let (status, body) = play(&app, &id, &white, "d6").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error_of(&body), "the game is over");
    let (_, record) = get(&app, &format!("/api/games/{id}/export")).await;
    let record = record.as_str().unwrap();
    assert!(record.ends_with("[Result \"1-0\"]\n\n1-0\n"), "{record}");
}

#[tokio::test]
async fn a_whole_morris_game_can_be_played_and_exported() {
    let app = app();
    let (id, white, black) = two_humans(&app, "morris", json!({"flying": false})).await;
    let mut current = state(&app, &id).await;
    let mut plies = 0;
    // The first legal move each time: bounded by the 100-ply rule.
    while current["result"].is_null() {
        let mv = current["legal_moves"][0].as_str().unwrap().to_string();
        let token = token_to_act(&current, &white, &black);
        let (status, next) = play(&app, &id, token, &mv).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        current = next;
        plies += 1;
        assert!(plies < 400, "the game did not end");
    }
    assert_eq!(current["history"].as_array().unwrap().len(), plies);
    let (status, record) = get(&app, &format!("/api/games/{id}/export")).await;
    assert_eq!(status, StatusCode::OK);
    let record = record.as_str().unwrap();
    assert!(record.contains("[Rules \"no-flying\"]"), "{record}");
    assert!(record.starts_with("[Game \"Nine Men's Morris\"]"));
    let first = current["history"][0]["command"].as_str().unwrap();
    assert!(record.contains(&format!("1. {first} ")), "{record}");
    // The one Morris record format: the rules crate reads the export back to the same game.
    let read: ludus_morris::record::Record = record.parse().unwrap();
    assert_eq!(read.game.moves().len(), plies);
    assert_eq!(read.game.rules(), &ludus_morris::Rules::no_flying());
    assert!(read.game.outcome().is_some());
}

#[tokio::test]
async fn the_computer_answers_a_human_move() {
    let app = app();
    let created = create(&app, json!({"game": "morris", "side": "white", "level": 3})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let (status, after) = play(&app, id, token, "d6").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(after["to_act"], "black");
    let replied = wait_for(&app, id, "white").await;
    assert_eq!(replied["version"], 2);
    assert_eq!(replied["history"][1]["seat"], "black");
}

#[tokio::test]
async fn the_computer_moves_first_when_it_has_white() {
    let app = app();
    let created = create(&app, json!({"game": "morris", "side": "black", "level": 1})).await;
    let id = created["id"].as_str().unwrap();
    let replied = wait_for(&app, id, "black").await;
    assert_eq!(replied["version"], 1);
}

#[tokio::test]
async fn backgammon_double_take_and_pass_follow_the_cube_rules() {
    let app = app();
    let (id, white, black) = two_humans(&app, "backgammon", json!({"cube": true})).await;
    let mut current = state(&app, &id).await;
    let token = |side: &Value| {
        if side == "white" {
            white.clone()
        } else {
            black.clone()
        }
    };
    // The opening roll is played at once: make the opening move.
    assert_eq!(current["view"]["phase"], "move");
    let opener = current["to_act"].clone();
    let mv = current["legal_moves"][0].as_str().unwrap().to_string();
    current = play(&app, &id, &token(&opener), &mv).await.1;
    // The other side may double: it does, and the opener takes.
    let doubler = current["to_act"].clone();
    assert_ne!(doubler, opener);
    assert_eq!(current["view"]["phase"], "roll");
    assert_eq!(current["actions"], json!(["roll", "double", "resign"]));
    let (status, body) = play(&app, &id, &token(&doubler), "13/7").await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "moving before rolling: {body}"
    );
    current = act(&app, &id, &token(&doubler), "double").await.1;
    assert_eq!(current["to_act"], opener);
    assert_eq!(current["view"]["cube"]["offered"], true);
    assert_eq!(current["view"]["cube"]["offered_value"], 2);
    let (status, _) = act(&app, &id, &token(&doubler), "take").await;
    assert_eq!(status, StatusCode::CONFLICT, "the doubler cannot take");
    current = act(&app, &id, &token(&opener), "take").await.1;
    assert_eq!(current["view"]["cube"]["value"], 2);
    assert_eq!(current["view"]["cube"]["owner"], opener);
    assert_eq!(
        current["to_act"], doubler,
        "the doubler rolls after the take"
    );
    assert_eq!(current["view"]["phase"], "move");
    let mv = current["legal_moves"][0].as_str().unwrap().to_string();
    current = play(&app, &id, &token(&doubler), &mv).await.1;
    // The opener owns the cube: it redoubles to 4; the other side passes and loses 2 points.
    assert_eq!(current["to_act"], opener);
    current = act(&app, &id, &token(&opener), "double").await.1;
    current = act(&app, &id, &token(&current["to_act"]), "pass").await.1;
    assert_eq!(current["result"]["winner"], opener);
    assert_eq!(current["result"]["points"], 2);
    assert_eq!(current["result"]["reason"], "pass");
    let (status, record) = get(&app, &format!("/api/games/{id}/export")).await;
    assert_eq!(status, StatusCode::OK);
    let record = record.as_str().unwrap();
    assert!(record.contains(" 0 point match"), "{record}");
    assert!(
        record.contains("Doubles => 2") && record.contains("Takes"),
        "{record}"
    );
    assert!(
        record.contains("Drops") && record.contains("Wins 2 points"),
        "{record}"
    );
}

#[tokio::test]
async fn backgammon_rejects_illegal_and_unreadable_moves() {
    let app = app();
    let (id, white, black) = two_humans(&app, "backgammon", json!({"cube": false})).await;
    let current = state(&app, &id).await;
    let token = token_to_act(&current, &white, &black);
    let (status, body) = play(&app, &id, token, "24/1").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(error_of(&body).contains("not a legal move"), "{body}");
    let (status, body) = play(&app, &id, token, "hello").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, _) = act(&app, &id, token, "double").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(state(&app, &id).await["version"], 0);
}

#[tokio::test]
async fn without_a_cube_every_turn_starts_rolled() {
    let app = app();
    let (id, white, black) = two_humans(
        &app,
        "backgammon",
        json!({"cube": false, "match_length": 3}),
    )
    .await;
    let mut current = state(&app, &id).await;
    for _ in 0..6 {
        assert_eq!(current["view"]["phase"], "move");
        assert!(
            !current["actions"]
                .as_array()
                .unwrap()
                .contains(&json!("double"))
        );
        let token = token_to_act(&current, &white, &black);
        let mv = current["legal_moves"][0].as_str().unwrap().to_string();
        current = play(&app, &id, token, &mv).await.1;
    }
    assert_eq!(current["view"]["match"]["length"], 3);
}

#[tokio::test]
async fn the_list_shows_the_newest_games() {
    let app = app();
    let first = create(&app, json!({"game": "morris"})).await;
    let second = create(&app, json!({"game": "backgammon", "opponent": "human"})).await;
    let (status, body) = get(&app, "/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&first["id"].as_str().unwrap()));
    assert!(ids.contains(&second["id"].as_str().unwrap()));
}

#[tokio::test]
async fn the_list_of_some_ids_shows_those_games_with_the_computer_level() {
    let app = app();
    let mine = create(&app, json!({"game": "morris", "level": 7})).await;
    let friend = create(&app, json!({"game": "backgammon", "opponent": "human"})).await;
    let other = create(&app, json!({"game": "morris"})).await;
    let (mine, friend) = (mine["id"].as_str().unwrap(), friend["id"].as_str().unwrap());
    let (status, body) = get(&app, &format!("/api/games?ids={mine},{friend},unknown")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let games = body["games"].as_array().unwrap();
    let of = |id: &str| games.iter().find(|g| g["id"] == id);
    assert_eq!(
        games.len(),
        2,
        "the unknown id and the other game are left out: {body}"
    );
    assert!(of(other["id"].as_str().unwrap()).is_none());
    assert_eq!(of(mine).unwrap()["level"], 7, "the computer's level");
    assert!(
        of(friend).unwrap().get("level").is_none(),
        "no level between people"
    );
    let many = vec!["x"; 201].join(",");
    let (status, body) = get(&app, &format!("/api/games?ids={many}")).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad-query"))
    );
}

/// Routes that are pages, assets or the API's own fallbacks, not operations of the API.
const NOT_API_OPERATIONS: [&str; 10] = [
    "/",
    "/play/{id}",
    "/review/open",
    "/review/{id}",
    "/analysis",
    "/practice",
    "/practice/progress",
    "/assets/{*name}",
    "/api/openapi.json",
    "/api/{*rest}",
];

/// Every `.route("PATH", …)` of the server's source with the HTTP methods its handler chain
/// names (`get(…)`, `post(…)`, …), read from the text of `crates/server/src`: the router as
/// written, so that a new route cannot pass the document by unseen.
fn routes_in_source() -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let mut routes = std::collections::BTreeMap::new();
    let mut files = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    ))];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (start, _) in text.match_indices(".route(") {
            let call = &text[start + ".route(".len()..];
            let rest = call
                .trim_start()
                .strip_prefix('"')
                .unwrap_or_else(|| panic!("{}: a route whose path is no literal", path.display()));
            let route = rest[..rest.find('"').unwrap()].to_owned();
            let mut depth = 1;
            let end = call
                .char_indices()
                .find(|&(_, c)| {
                    depth += match c {
                        '(' => 1,
                        ')' => -1,
                        _ => 0,
                    };
                    depth == 0
                })
                .map_or(call.len(), |(i, _)| i);
            let handlers = &call[..end];
            let methods = ["get", "post", "put", "delete", "patch"]
                .into_iter()
                .filter(|m| {
                    handlers.match_indices(&format!("{m}(")).any(|(i, _)| {
                        i == 0
                            || !handlers[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_')
                    })
                })
                .map(str::to_owned)
                .collect();
            routes.insert(route, methods);
        }
    }
    routes
}

#[tokio::test]
async fn the_openapi_document_describes_every_route_of_the_router() {
    let (status, doc) = get(&app(), "/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(doc["openapi"], "3.1.0");
    let mut routes = routes_in_source();
    assert!(
        routes.len() > 20,
        "the router's routes are read: {routes:?}"
    );
    routes.retain(|path, _| !NOT_API_OPERATIONS.contains(&path.as_str()));
    let documented: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> =
        doc["paths"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(path, item)| {
                (
                    path.clone(),
                    item.as_object().unwrap().keys().cloned().collect(),
                )
            })
            .collect();
    assert_eq!(
        documented, routes,
        "the document's paths and methods, then the router's"
    );
}

#[tokio::test]
async fn the_page_and_its_assets_are_served() {
    let app = app();
    for (uri, needle) in [
        ("/", "<main id=\"app\""),
        ("/analysis", "<main id=\"app\""),
        ("/assets/app.js", "import"),
        ("/assets/morris.js", "createMorrisBoard"),
        ("/assets/backgammon.js", "createBackgammonBoard"),
        ("/assets/style.css", ":root"),
        ("/assets/i18n/et.ftl", "app-title"),
    ] {
        let (status, body) = get(&app, uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert!(body.as_str().unwrap().contains(needle), "{uri}");
    }
    assert_eq!(get(&app, "/assets/nope.js").await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn unknown_games_and_addresses_get_the_page_with_404_and_api_addresses_json() {
    let app = app();
    // The page, with 404: it shows its translated "not found" view.
    for uri in ["/play/doesnotexist", "/review/0123abcd", "/nope", "/a/b/c"] {
        let (status, body) = get(&app, uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
        assert!(body.as_str().unwrap().contains("<main id=\"app\""), "{uri}");
    }
    let (status, body) = get(&app, "/api/nope/deeper").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["code"], "no-such-endpoint", "{body}");
    // A game that exists: 200.
    let created = crate::common::create(&app, serde_json::json!({"game": "morris"})).await;
    let id = created["id"].as_str().unwrap();
    for uri in [format!("/play/{id}"), format!("/review/{id}")] {
        assert_eq!(get(&app, &uri).await.0, StatusCode::OK, "{uri}");
    }
}

#[tokio::test]
async fn analysis_ranks_the_legal_moves() {
    let app = app();
    let (status, body) = get(&app, "/api/morris/analysis").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["moves"].as_array().unwrap().len(), 24);
    let (status, body) = get(&app, "/api/backgammon/analysis?dice=31").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["moves"].as_array().unwrap().len(), 16);
    assert_eq!(body["pips"]["player"], 167);
    // Unasked, the lookahead is the review's: the moves and the chances say so (the stand-in
    // engine judges no cube).
    let default = ludus_server::analysis_board::backgammon::DEFAULT_ANALYSIS_PLIES;
    assert_eq!(default, 2);
    let moves = body["moves"].as_array().unwrap();
    assert!(moves.iter().all(|m| m["plies"] == default), "{body}");
    assert_eq!(body["chances"]["plies"], default, "{body}");
    let (status, body) = get(&app, "/api/backgammon/analysis?dice=71").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // The lookahead is chosen from 0 to 3 plies; deeper is refused with its code.
    let (status, body) = get(&app, "/api/backgammon/analysis?dice=31&plies=0").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["moves"].as_array().unwrap().len(), 16);
    // Every value says its lookahead: the moves and the chances.
    assert!(
        body["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["plies"] == 0),
        "{body}"
    );
    assert_eq!(body["chances"]["plies"], 0, "{body}");
    let (status, body) = get(&app, "/api/backgammon/analysis?dice=31&plies=4").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "bad-plies", "{body}");
    let (status, body) = get(&app, "/api/morris/analysis?position=nonsense").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[test]
fn the_analysis_page_starts_at_the_servers_default_lookahead() {
    let default = ludus_server::analysis_board::backgammon::DEFAULT_ANALYSIS_PLIES;
    let page = include_str!("../web/analysis.js");
    let line = format!("const DEFAULT_PLIES = '{default}';");
    assert!(page.contains(&line), "web/analysis.js lacks `{line}`");
}

#[tokio::test]
async fn the_morris_analysis_of_a_game_is_its_hint_and_keeps_engine_help_rules() {
    let app = app();
    // Against the computer: the game's position, every legal move ranked.
    let created = crate::common::create(&app, json!({"game": "morris"})).await;
    let id = created["id"].as_str().unwrap();
    let (status, body) = get(&app, &format!("/api/morris/analysis?game={id}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let legal = state(&app, id).await["legal_moves"]
        .as_array()
        .map(Vec::len);
    assert_eq!(body["moves"].as_array().map(Vec::len), legal, "{body}");
    // Between people before the end: no engine help.
    let (between, _, _) = two_humans(&app, "morris", json!({})).await;
    let (status, body) = get(&app, &format!("/api/morris/analysis?game={between}")).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["code"], "engine-help-after-game", "{body}");
    // A backgammon game, an unknown game.
    let backgammon = crate::common::create(&app, json!({"game": "backgammon"})).await;
    let bg = backgammon["id"].as_str().unwrap();
    let (status, body) = get(&app, &format!("/api/morris/analysis?game={bg}")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["code"], "analysis-morris-only", "{body}");
    let (status, body) = get(&app, "/api/morris/analysis?game=nosuchgame").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
}

#[tokio::test]
async fn a_plain_get_of_the_websocket_route_is_400() {
    let (app, id, _, _) = morris_between_two().await;
    let (status, body) = get(&app, &format!("/api/games/{id}/ws")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"].is_string());
}

#[tokio::test]
async fn backgammon_analysis_reads_the_match_id_of_a_game() {
    let app = app();
    let (id, _, _) = two_humans(&app, "backgammon", json!({"match_length": 5})).await;
    let view = state(&app, &id).await["view"].clone();
    let uri = format!(
        "/api/backgammon/analysis?position_id={}&match_id={}",
        view["position_id"].as_str().unwrap(),
        view["match_id"].as_str().unwrap()
    );
    let (status, body) = get(&app, &uri).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["cube"]["may_double"], true);
    // The stand-in engine judges no cube: no equities, the cube not turned and a double taken.
    assert!(body["cube"].get("action").is_none(), "{body}");
    assert_eq!(
        (&body["cube"]["double"], &body["cube"]["take"]),
        (&json!(false), &json!(true))
    );
    assert_eq!(body["chances"]["plies"], 2, "{body}");
    // The Jacoby rule and beavers belong to money play.
    let (status, body) = get(&app, &format!("{uri}&jacoby=true")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "money-rules-in-match", "{body}");
    let (status, body) = get(&app, "/api/backgammon/analysis?jacoby=true&beavers=true").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = get(&app, "/api/backgammon/analysis?match_id=!!").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

/// An analyser that reports what it was given: the `.mat` text's first line as player 0's
/// name and its length as player 1's, and (given the match record) one decision at the first
/// game's start, set-up or opening, played `set up` or `opening`.
struct EchoAnalyser;

impl ludus_server::games::MatchAnalyser for EchoAnalyser {
    fn analyse(&self, mat: &str) -> Result<BackgammonReport, ludus_server::games::AnalysisFailure> {
        let mut report = named_report(mat.lines().next().unwrap_or_default());
        report.players[1].name = mat.len().to_string();
        Ok(report)
    }

    fn analyse_match(
        &self,
        record: &ludus_backgammon::Match,
        _checkpoint: ludus_server::games::Checkpoint,
    ) -> Result<BackgammonReport, ludus_server::games::AnalysisFailure> {
        let mut report = self.analyse(&ludus_backgammon::write_mat(record))?;
        let setup = record
            .games()
            .first()
            .and_then(ludus_backgammon::Game::setup);
        let (position, player) = setup.map_or((ludus_backgammon::Position::starting(), 0), |s| {
            (s.position, s.on_roll.index())
        });
        let played = if setup.is_some() { "set up" } else { "opening" };
        report.games = vec![GameReport {
            decisions: vec![cube_decision(player, position.position_id(), played)],
            ..GameReport::default()
        }];
        Ok(report)
    }
}

/// The default settings, except that games between people may have a dice seed.
fn seeded() -> Settings {
    Settings {
        seeded_friend_games: true,
        ..Settings::default()
    }
}

fn app_with_analyser() -> axum::Router {
    ludus_server::router(hub_with(seeded(), Some(std::sync::Arc::new(EchoAnalyser))))
}

#[tokio::test]
async fn the_analysis_of_a_backgammon_game_is_the_analyser_report_of_its_mat() {
    let app = app_with_analyser();
    let id = finished_between_two(&app, "backgammon", json!({"match_length": 3})).await;
    let (_, mat) = get(&app, &format!("/api/games/{id}/export")).await;
    let (status, report) = get(&app, &format!("/api/games/{id}/analysis")).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    let mat = mat.as_str().unwrap();
    assert_eq!(report["players"][1]["name"], mat.len().to_string());
    assert_eq!(report["players"][0]["name"], mat.lines().next().unwrap());
}

#[tokio::test]
async fn analysis_is_404_for_no_game_409_for_morris_and_501_without_analyser() {
    let app = app_with_analyser();
    let (status, body) = get(&app, "/api/games/feedfacefeedface/analysis").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let id = finished_between_two(&app, "morris", json!({})).await;
    let (status, body) = get(&app, &format!("/api/games/{id}/analysis")).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(error_of(&body).contains("backgammon"));
    let plain = crate::common::app();
    let id = finished_between_two(&plain, "backgammon", json!({})).await;
    let (status, body) = get(&plain, &format!("/api/games/{id}/analysis")).await;
    assert_eq!(status, StatusCode::NOT_IMPLEMENTED);
    error_of(&body);
}

#[tokio::test]
async fn errors_name_a_code_and_its_values_next_to_the_message() {
    let (app, id, white, black) = morris_between_two().await;
    play(&app, &id, &white, "d6").await;
    let (status, body) = play(&app, &id, &black, "d6").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "occupied", "{body}");
    assert_eq!(body["params"], json!({"square": "d6", "move": "d6"}));
    let (_, body) = play(&app, &id, &white, "d2").await;
    assert_eq!(body["code"], "not-your-turn");
    assert_eq!(body["params"], json!({"side": "white"}));
    let (_, body) = post(&app, "/api/games", json!({"game": "chess"})).await;
    assert_eq!(body["code"], "unknown-game");
    assert_eq!(body["params"]["text"], "chess");
    let (_, body) = get(&app, "/api/games/feedfacefeedface").await;
    assert_eq!(body["code"], "no-such-game");
    // The unknown id is not echoed back, in the message or the values.
    assert!(!body.to_string().contains("feedface"), "{body}");
    let (_, body) = call(&app, "POST", "/api/games", Some("{\"game\": ")).await;
    assert_eq!(body["code"], "bad-json");
}

#[tokio::test]
async fn the_steps_of_a_move_are_served_one_click_at_a_time() {
    let app = app();
    let (id, white, black) = two_humans(&app, "backgammon", json!({"cube": false})).await;
    let current = state(&app, &id).await;
    let version = current["version"].as_u64().unwrap();
    let root = &current["view"]["steps"];
    assert_eq!(root["taken"], json!([]));
    assert_eq!(root["complete"], false);
    // Click the first offered journey, then keep clicking until the move is complete.
    let mut node = root.clone();
    let mut taken: Vec<Value> = Vec::new();
    while node["complete"] == false {
        let next = &node["next"][0];
        taken.extend(next["steps"].as_array().unwrap().iter().cloned());
        let text: Vec<String> = taken
            .iter()
            .map(|step| format!("{}/{}", step[0], step[1]))
            .collect();
        let uri = format!(
            "/api/games/{id}/steps?version={version}&taken={}",
            text.join(",")
        );
        let (status, body) = get(&app, &uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}: {body}");
        node = body;
    }
    let mv = node["move"].as_str().unwrap().to_string();
    assert!(
        current["legal_moves"]
            .as_array()
            .unwrap()
            .contains(&json!(mv)),
        "{mv}"
    );
    assert!(
        node["dice"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["used"] == true)
    );
    let mover = token_to_act(&current, &white, &black);
    let (status, after) = play(&app, &id, mover, &mv).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    // An old version, a step that leads nowhere, and unreadable steps.
    let (status, body) = get(&app, &format!("/api/games/{id}/steps?version={version}")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["code"], "stale-version");
    let (status, body) = get(&app, &format!("/api/games/{id}/steps?taken=24/1")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["code"], "no-such-step");
    let (status, body) = get(&app, &format!("/api/games/{id}/steps?taken=up/down")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "bad-steps");
    for query in ["version=soon", "colour=white"] {
        let (status, body) = get(&app, &format!("/api/games/{id}/steps?{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert_eq!(body["code"], "bad-query", "{query}");
    }
    let (morris, _, _) = two_humans(&app, "morris", json!({})).await;
    let (status, body) = get(&app, &format!("/api/games/{morris}/steps")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["code"], "not-moving");
}

#[tokio::test]
async fn backgammon_analysis_refuses_a_double_at_the_cube_ceiling() {
    use ludus_backgammon::{CubeOwner, MatchState, Seat};
    let app = app();
    let at = |value: u32| {
        MatchState {
            cube_value: value,
            cube_owner: CubeOwner::Owned(Seat::One),
            ..MatchState::default()
        }
        .match_id()
        .unwrap()
    };
    for (value, may_double) in [(32, true), (64, false)] {
        let query = format!("/api/backgammon/analysis?match_id={}", at(value));
        let (status, body) = get(&app, &query).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["cube"]["may_double"], may_double, "cube {value}");
        if !may_double {
            assert_eq!(body["cube"]["double"], false);
        }
    }
}

#[tokio::test]
async fn the_review_of_a_backgammon_game_gives_each_decision_its_board() {
    struct OneDecision;
    impl ludus_server::games::MatchAnalyser for OneDecision {
        fn analyse(
            &self,
            _: &str,
        ) -> Result<BackgammonReport, ludus_server::games::AnalysisFailure> {
            Ok(BackgammonReport {
                games: vec![GameReport {
                    decisions: vec![cube_decision(0, "4HPwATDgc/ABMA".to_string(), "double")],
                    ..GameReport::default()
                }],
                ..BackgammonReport::default()
            })
        }
    }
    let app = ludus_server::router(hub_with(seeded(), Some(std::sync::Arc::new(OneDecision))));
    let id = finished_between_two(&app, "backgammon", json!({})).await;
    let (status, review) = get(&app, &format!("/api/games/{id}/review")).await;
    assert_eq!(status, StatusCode::OK, "{review}");
    assert_eq!(review["game"], "backgammon");
    let board = &review["report"]["games"][0]["decisions"][0]["board"];
    assert_eq!(board["points"][23], 2, "{board}");
    assert_eq!(board["pips"]["white"], 167);
    // A Morris game: this analyser reviews none.
    let id = finished_between_two(&app, "morris", json!({})).await;
    let (status, body) = get(&app, &format!("/api/games/{id}/review")).await;
    assert_eq!(status, StatusCode::NOT_IMPLEMENTED, "{body}");
    let (status, _) = get(&app, "/api/games/feedfacefeedface/review").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_takeback_undoes_the_last_move_and_the_computers_answer() {
    let app = app();
    let (_, id, token) = create_seated(
        &app,
        json!({"game": "morris", "opponent": "computer", "side": "white", "level": 1}),
    )
    .await;
    let (status, body) = take_back(&app, &id, &token).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["code"], "nothing-to-take-back");
    play(&app, &id, &token, "d6").await;
    let answered = wait_for(&app, &id, "white").await;
    assert_eq!(answered["view"]["moves"].as_array().unwrap().len(), 2);
    let (status, after) = take_back(&app, &id, &token).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["view"]["moves"], json!([]));
    assert_eq!(after["to_act"], "white");
    assert_eq!(after["version"], 3, "the take-back is one more event");
    assert_eq!(after["history"][2]["command"], ":takeback");
    // The game goes on from there.
    let (status, _) = play(&app, &id, &token, "a1").await;
    assert_eq!(status, StatusCode::OK);
    // Not between two people.
    let (id, white, _) = two_humans(&app, "morris", json!({})).await;
    play(&app, &id, &white, "d6").await;
    let (status, body) = take_back(&app, &id, &white).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["code"], "takeback-computer-only");
}

#[tokio::test]
async fn a_pasted_position_reads_in_every_format() {
    let app = app();
    let (status, body) = get(
        &app,
        "/api/position?text=XGID%3D-b----E-C---eE---c-e----B-%3A0%3A0%3A1%3A31%3A0%3A0%3A0%3A0%3A10",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["game"].as_str(), body["format"].as_str()),
        (Some("backgammon"), Some("xgid"))
    );
    assert_eq!(body["dice"], "31");
    let (status, body) = get(&app, "/api/position?text=4HPwATDgc%2FABMA").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["format"], "position-id");
    let fen = "O*******%2F********%2F********%20b%20p%20p%201%208%200%209%200%200%20-1%20-1%20-1%20-1%200%200%201";
    let (status, body) = get(&app, &format!("/api/position?text={fen}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["game"].as_str(), body["side_to_move"].as_str()),
        (Some("morris"), Some("black"))
    );
    let (status, body) = get(&app, "/api/position?text=hello").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "unreadable-position");
}

/// A game of `game` against the computer at level 1 from the set-up `start`, the creator White;
/// its state names that start. The creation's answer, the game's id and White's token.
async fn created_from(app: &axum::Router, game: &str, start: &str) -> (Value, String, String) {
    let request = json!({"game": game, "side": "white", "level": 1, "start": start});
    let (created, id, token) = create_seated(app, request).await;
    assert_eq!(created["state"]["start"], start);
    (created, id, token)
}

/// White on d5 and c5, Black on f6, Black to move with 7 and 8 in hand (a Sanmill FEN).
const SET_UP_FEN: &str = "O******O/*@******/******** b p p 2 7 1 8 0 0 -1 -1 -1 -1 0 0 1";

#[tokio::test]
async fn a_morris_game_starts_from_a_set_up_position() {
    let app = app();
    let (_, id, token) = created_from(&app, "morris", SET_UP_FEN).await;
    // Black (the computer) is to move in the set-up position.
    let answered = wait_for(&app, &id, "white").await;
    let view = &answered["view"];
    assert_eq!(view["points"]["d5"], "white");
    assert_eq!(view["points"]["c5"], "white");
    assert_eq!(view["points"]["f6"], "black");
    assert_eq!(view["moves"].as_array().unwrap().len(), 1);
    assert_eq!(view["in_hand"]["black"], 7);
    // The record starts from the set-up position.
    let (status, record) = get(&app, &format!("/api/games/{id}/export")).await;
    assert_eq!(status, StatusCode::OK);
    let record = record
        .as_str()
        .map(str::to_string)
        .unwrap_or(record.to_string());
    assert!(record.contains("[FEN "), "{record}");
    // A take-back goes back to the set-up position, not to the empty board.
    let free = answered["legal_moves"][0].as_str().unwrap().to_string();
    play(&app, &id, &token, &free).await;
    wait_for(&app, &id, "white").await;
    let (status, back) = take_back(&app, &id, &token).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["view"]["moves"].as_array().unwrap().len(), 1);
    assert_eq!(back["view"]["points"]["d5"], "white");
    assert_eq!(back["view"]["in_hand"]["white"], 7);
}

#[tokio::test]
async fn a_bad_start_is_400_naming_the_problem() {
    let app = app();
    let ten = "OOOOOOOO/OO******/******** w m s 10 0 0 0 0 0 -1 -1 -1 -1 0 0 1";
    let removal = "OO*****O/@@@*****/******** w m r 3 0 3 0 1 0 -1 -1 -1 -1 0 0 1";
    let over = "OO******/@@@*****/******** w m s 2 0 3 0 0 0 -1 -1 -1 -1 0 0 1";
    for (game, start) in [
        ("morris", "hello"),
        ("morris", ten),
        ("morris", removal),
        ("morris", over),
        (
            "morris",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10",
        ),
        (
            "backgammon",
            "O*******/********/******** b p p 1 8 0 9 0 0 -1 -1 -1 -1 0 0 1",
        ),
        // A double pending, a score at the match length, sixteen checkers.
        (
            "backgammon",
            "XGID=-A---------------------aa-:0:0:-1:D:0:0:0:7:10",
        ),
        (
            "backgammon",
            "XGID=-A---------------------aa-:0:0:-1:65:7:0:0:7:10",
        ),
        (
            "backgammon",
            "XGID=-A--------------------pa-:0:0:-1:65:0:0:0:0:10",
        ),
    ] {
        let (status, body) = post(&app, "/api/games", json!({"game": game, "start": start})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{start}: {body}");
        assert_eq!(body["code"], "bad-start", "{start}: {body}");
        assert!(
            body["params"]["reason"]
                .as_str()
                .is_some_and(|r| !r.is_empty()),
            "{body}"
        );
    }
}

/// White on roll with 65 and two checkers left on its 1 and 2 points, Black with one checker on
/// White's 24 point; the cube at 4 owned by Black; White leads 3–0 in a 7-point match.
const SET_UP_XGID: &str = "XGID=-A---------------------aa-:2:1:-1:65:0:3:0:7:10";

#[tokio::test]
async fn a_backgammon_game_starts_from_a_set_up_position() {
    let app = app_with_analyser();
    let (created, id, token) = created_from(&app, "backgammon", SET_UP_XGID).await;
    let state = &created["state"];
    assert_eq!(state["to_act"], "white");
    assert_eq!(state["rules"]["match_length"], 7);
    let view = &state["view"];
    assert_eq!(view["dice"], json!([6, 5]));
    assert_eq!(view["cube"]["value"], 4);
    assert_eq!(view["cube"]["owner"], "black");
    assert_eq!(view["match"]["score"], json!({"white": 3, "black": 0}));
    assert_eq!(view["points"][0], 1, "White's 1 point");
    assert_eq!(
        view["points"][23], -1,
        "Black's checker on White's 24 point"
    );
    // Bearing both checkers off wins 4 points (a single game at cube 4): the match, 7–0.
    let bear_off = state["legal_moves"][0].as_str().unwrap().to_string();
    let (status, after) = play(&app, &id, &token, &bear_off).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["result"]["winner"], "white", "{after}");
    assert_eq!(after["view"]["match"]["score"]["white"], 7);
    // The analyser is given the match record with its start (the `.mat` text cannot hold it),
    // and the review's board of the first decision is the set-up one.
    let (status, analysis) = get(&app, &format!("/api/games/{id}/analysis")).await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    let first = &analysis["games"][0]["decisions"][0];
    assert_eq!(first["played"], "set up", "{analysis}");
    let (status, review) = get(&app, &format!("/api/games/{id}/review")).await;
    assert_eq!(status, StatusCode::OK, "{review}");
    let report = &review["report"];
    assert_eq!(
        report["games"][0]["decisions"][0]["played"], "set up",
        "{review}"
    );
    let board = &report["games"][0]["decisions"][0]["board"];
    assert_eq!(board["points"][0], 1, "{board}");
    assert_eq!(board["points"][23], -1, "{board}");
}

#[tokio::test]
async fn a_backgammon_start_without_dice_begins_with_a_roll_and_takes_back() {
    let app = app();
    // The same board, money, no dice: the first turn is rolled (the cube is up to White).
    let start = "XGID=-A---------------------aa-:0:0:-1:00:0:0:0:0:10";
    let (created, id, token) = create_seated(
        &app,
        json!({"game": "backgammon", "side": "white", "level": 1, "start": start, "seed": 4}),
    )
    .await;
    assert_eq!(
        created["state"]["view"]["phase"], "roll",
        "{}",
        created["state"]
    );
    let (status, rolled) = act(&app, &id, &token, "roll").await;
    assert_eq!(status, StatusCode::OK, "{rolled}");
    assert!(rolled["view"]["dice"].is_array());
    let first = rolled["legal_moves"][0].as_str().unwrap().to_string();
    let (status, moved) = play(&app, &id, &token, &first).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    if moved["result"].is_null() {
        let (status, back) = take_back(&app, &id, &token).await;
        assert_eq!(status, StatusCode::OK, "{back}");
        assert_eq!(back["view"]["points"], created["state"]["view"]["points"]);
    }
}

#[tokio::test]
async fn a_pasted_record_is_reviewed_and_a_bad_one_refused() {
    let app = app_with_analyser();
    // A .mat match: the analyser's report of the match, its decisions given boards and arrows.
    let mat = " 1 point match\n\n Game 1\n a : 0                  b : 0\n  1) 31: 8/5 6/5\n";
    let (status, review) = post(&app, "/api/review", json!({ "text": mat })).await;
    assert_eq!(status, StatusCode::OK, "{review}");
    assert_eq!(review["game"], "backgammon");
    assert_eq!(review["imported"], true);
    assert_eq!(
        review["report"]["games"][0]["decisions"][0]["played"],
        "opening"
    );
    assert!(review["report"]["games"][0]["decisions"][0]["board"].is_object());
    // A link to a game of the server answers its id; to no game, 404.
    let (id, _, _) = two_humans(&app, "morris", json!({})).await;
    let link = format!("http://example.org/play/{id}");
    let (status, answer) = post(&app, "/api/review", json!({ "text": link })).await;
    assert_eq!((status, &answer["game_id"]), (StatusCode::OK, &json!(id)));
    let (status, _) = post(&app, "/api/review", json!({ "text": "/review/feedface" })).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Neither a match nor a Morris record: 400 with the readers' reasons.
    let (status, body) = post(&app, "/api/review", json!({ "text": "hello" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "bad-record");
    assert!(
        body["params"]["reason"]
            .as_str()
            .unwrap()
            .contains("Morris record")
    );
    // A match longer than the longest offered: 400 (the game bound: `review`'s unit tests).
    let long = mat.replace(" 1 point match", " 4294967295 point match");
    let (status, body) = post(&app, "/api/review", json!({ "text": long })).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad-record"))
    );
    assert!(
        body["params"]["reason"]
            .as_str()
            .unwrap()
            .contains("longer than 25"),
        "{body}"
    );
    // The analyser reviews no Morris game: 501.
    let (status, _) = post(&app, "/api/review", json!({ "text": "1. d6 d2 *" })).await;
    assert_eq!(status, StatusCode::NOT_IMPLEMENTED);
    // Over the size bound: 413 with a JSON body.
    let large = "x".repeat(ludus_server::review::MAX_RECORD_BYTES + 1);
    let (status, body) = post(&app, "/api/review", json!({ "text": large })).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert_eq!(body["code"], "body-too-large");
}

#[tokio::test]
async fn impossible_match_states_are_refused_as_game_creation_refuses_them() {
    let app = app();
    // `zzzzzzzzzzzz` reads as a cube of 32,768 in a match to 26,239.
    let (status, body) = get(&app, "/api/position?text=4HPwATDgc/ABMA:zzzzzzzzzzzz").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "setup-length", "{body}");
    let query = "position_id=4HPwATDgc/ABMA&match_id=zzzzzzzzzzzz";
    let (status, body) = get(&app, &format!("/api/backgammon/analysis?{query}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "setup-length", "{body}");
    // A possible match state still reads.
    let (status, body) = get(&app, "/api/position?text=4HPwATDgc/ABMA:cAkAAAAAAAAA").await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
