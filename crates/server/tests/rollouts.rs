//! The analysis board's rollouts (`/api/backgammon/rollouts`), with the stand-in computer's
//! rollout (even games won, odd ones lost).

use crate::common::{app, call, get, post};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// The starting position's gnubg Position ID.
const START: &str = "4HPwATDgc/ABMA";

/// Asks about rollout `id` until it is no longer running; its last answer.
async fn until_ended(app: &axum::Router, id: &str) -> Value {
    for _ in 0..1000 {
        let (status, answer) = get(app, &format!("/api/backgammon/rollouts/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        if answer["state"] != "running" {
            return answer;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("rollout {id} never ended");
}

#[tokio::test]
async fn a_rollout_runs_to_its_end_and_reports_its_mean_and_interval() {
    let app = app();
    let (status, started) = post(
        &app,
        "/api/backgammon/rollouts",
        json!({"position_id": START, "trials": 72}),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{started}");
    assert_eq!(
        (started["done"].as_u64(), started["trials"].as_u64()),
        (Some(0), Some(72))
    );
    let id = started["id"].as_str().unwrap().to_string();
    let ended = until_ended(&app, &id).await;
    assert_eq!(ended["state"], "finished");
    assert_eq!(ended["done"], 72);
    // 36 wins and 36 losses: mean 0, win 50 %; the interval 1.96·√(72/71/72).
    assert!(ended["equity"].as_f64().unwrap().abs() < 1e-12, "{ended}");
    assert!((ended["chances"][0].as_f64().unwrap() - 0.5).abs() < 1e-12);
    let ci = 1.96 * (72.0f64 / 71.0 / 72.0).sqrt();
    assert!(
        (ended["ci95"].as_f64().unwrap() - ci).abs() < 1e-9,
        "{ended}"
    );
    // Stopping a finished rollout leaves it finished.
    let (status, stopped) = call(
        &app,
        "DELETE",
        &format!("/api/backgammon/rollouts/{id}"),
        None,
    )
    .await;
    assert_eq!(
        (status, &stopped["state"]),
        (StatusCode::OK, &json!("finished"))
    );
}

#[tokio::test]
async fn a_stopped_rollout_stops_and_a_client_runs_one_at_a_time() {
    let app = app();
    let start = || {
        post(
            &app,
            "/api/backgammon/rollouts",
            json!({"position_id": START, "trials": 1296}),
        )
    };
    let (status, first) = start().await;
    assert_eq!(status, StatusCode::ACCEPTED, "{first}");
    let (status, second) = start().await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{second}");
    assert_eq!(second["code"], "rollout-running");
    let id = first["id"].as_str().unwrap();
    let (status, stopped) = call(
        &app,
        "DELETE",
        &format!("/api/backgammon/rollouts/{id}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(stopped["state"], "stopped");
    let done = until_ended(&app, id).await["done"].as_u64().unwrap();
    assert!(done < 1296, "{done} trials played after the stop");
    // Its place is free again.
    let (status, again) = start().await;
    assert_eq!(status, StatusCode::ACCEPTED, "{again}");
}

#[tokio::test]
async fn bad_rollout_requests_are_refused() {
    let app = app();
    for trials in [0, 35, 40, 1332] {
        let (status, body) = post(
            &app,
            "/api/backgammon/rollouts",
            json!({"position_id": START, "trials": trials}),
        )
        .await;
        assert_eq!(
            (status, &body["code"]),
            (StatusCode::BAD_REQUEST, &json!("bad-trials")),
            "{trials}"
        );
    }
    let (status, body) = post(
        &app,
        "/api/backgammon/rollouts",
        json!({"position_id": "nonsense!", "trials": 36}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = get(&app, "/api/backgammon/rollouts/0123456789abcdef").await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::NOT_FOUND, &json!("no-such-rollout"))
    );
    assert!(
        !body.to_string().contains("0123456789abcdef"),
        "the id is not echoed"
    );
}

/// A rollout of one play: the position after it played out by the opponent on roll, answered
/// from the mover's view (the stand-in's full games are all gammons won by the side on roll,
/// so the mover loses every one), with the play in gnubg's notation and the length asked.
#[tokio::test]
async fn a_play_is_rolled_out_from_the_movers_view_and_to_the_end_when_asked() {
    let app = app();
    let (status, started) = post(
        &app,
        "/api/backgammon/rollouts",
        json!({"position_id": START, "trials": 36, "length": "full", "dice": "31", "play": "8/5 6/5"}),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{started}");
    assert_eq!(started["play"], json!({"dice": "31", "play": "8/5 6/5"}));
    assert_eq!(started["length"], "full");
    assert_eq!(started["position_id"], START);
    let id = started["id"].as_str().unwrap().to_string();
    let ended = until_ended(&app, &id).await;
    assert_eq!(
        (ended["state"].as_str(), ended["done"].as_u64()),
        (Some("finished"), Some(36))
    );
    assert!(
        (ended["equity"].as_f64().unwrap() + 2.0).abs() < 1e-12,
        "{ended}"
    );
    let chances: Vec<f64> = (0..5)
        .map(|i| ended["chances"][i].as_f64().unwrap())
        .collect();
    assert_eq!(chances, [0.0, 0.0, 0.0, 1.0, 0.0], "{ended}");

    // The same position before its roll, to the end: the side on roll wins every gammon.
    let (_, before) = post(
        &app,
        "/api/backgammon/rollouts",
        json!({"position_id": START, "trials": 36, "length": "full"}),
    )
    .await;
    assert_eq!(before["play"], Value::Null);
    let ended = until_ended(&app, before["id"].as_str().unwrap()).await;
    assert!(
        (ended["equity"].as_f64().unwrap() - 2.0).abs() < 1e-12,
        "{ended}"
    );
}

/// A play that cannot be read, is not legal with its dice, has no dice, or ends the game is
/// refused with the reason; an unknown length or field too.
#[tokio::test]
async fn bad_plays_to_roll_out_are_refused() {
    let app = app();
    // The side on roll's last checker on its one point, the opponent's 15 on its six point: 21
    // bears it off.
    let (mut player, mut opponent) = ([0u8; 26], [0u8; 26]);
    player[1] = 1;
    opponent[6] = 15;
    let last = ludus_backgammon::Position::from_board(player, opponent)
        .expect("a position")
        .position_id();
    let last = last.as_str();
    for (position, body, code) in [
        (START, json!({"dice": "31", "play": "8/1"}), "illegal-move"),
        (START, json!({"play": "8/5 6/5"}), "play-needs-dice"),
        (START, json!({"dice": "71", "play": "8/5 6/5"}), "bad-dice"),
        (
            last,
            json!({"dice": "21", "play": "1/off"}),
            "play-ends-game",
        ),
        (START, json!({"length": "forever"}), "bad-json"),
        (START, json!({"plies": 3}), "bad-json"),
    ] {
        let mut request = json!({"position_id": position, "trials": 36});
        for (key, value) in body.as_object().unwrap() {
            request[key] = value.clone();
        }
        let (status, answer) = post(&app, "/api/backgammon/rollouts", request.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{request} {answer}");
        assert_eq!(answer["code"], code, "{request} {answer}");
    }
}

/// A cubeful rollout says so and plays the stand-in's games on a cube of 2: mean 0, its
/// interval twice the cubeless one.
#[tokio::test]
async fn a_cubeful_rollout_is_asked_for_and_answered_as_such() {
    let app = app();
    let (status, started) = post(
        &app,
        "/api/backgammon/rollouts",
        json!({"position_id": START, "trials": 72, "cubeful": true}),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{started}");
    assert_eq!(
        (&started["cubeful"], &started["length"]),
        (&json!(true), &json!("truncated"))
    );
    let ended = until_ended(&app, started["id"].as_str().unwrap()).await;
    assert!(ended["equity"].as_f64().unwrap().abs() < 1e-12, "{ended}");
    let ci = 2.0 * 1.96 * (72.0f64 / 71.0 / 72.0).sqrt();
    assert!(
        (ended["ci95"].as_f64().unwrap() - ci).abs() < 1e-9,
        "{ended}"
    );
}
