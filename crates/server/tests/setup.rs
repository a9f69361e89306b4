//! `POST /api/setup`: the analysis board's set-ups checked by the rules crates and written as
//! ids; refusals with their codes, malformed and oversized bodies; the views that carry what the
//! page no longer derives (standing mills, the boards of the last backgammon move).

use crate::common::{app, call, get, play, post, state, two_humans};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// White's last checkers on its 1 and 2 points, Black's on its own 1 point (White's 24).
fn bearing_off() -> Value {
    let mut points = vec![0; 24];
    points[0] = 1;
    points[1] = 1;
    points[23] = -1;
    json!({
        "game": "backgammon", "points": points, "bar": {"white": 0, "black": 0}, "turn": "white",
        "dice": [6, 5], "cube": {"value": 1, "owner": null}, "length": 0,
        "score": {"white": 0, "black": 0}, "crawford": false,
    })
}

/// White's three on a7, d7, b4 against Black's e3, c3, f2, White to move, hands empty.
fn three_against_three() -> Value {
    json!({
        "game": "morris",
        "points": {"a7": "white", "d7": "white", "b4": "white", "e3": "black", "c3": "black", "f2": "black"},
        "in_hand": {"white": 0, "black": 0}, "side_to_move": "white",
    })
}

#[tokio::test]
async fn a_backgammon_setup_answers_its_xgid_and_gnubg_ids() {
    let app = app();
    let (status, ids) = post(&app, "/api/setup", bearing_off()).await;
    assert_eq!(status, StatusCode::OK, "{ids}");
    assert_eq!(ids["game"], "backgammon");
    assert_eq!(
        ids["xgid"],
        "XGID=-A---------------------aa-:0:0:-1:65:0:0:0:0:10"
    );
    // The ids read back as the same board.
    let pasted =
        ids["position_id"].as_str().unwrap().to_string() + ":" + ids["match_id"].as_str().unwrap();
    let (status, read) = get(
        &app,
        &format!("/api/position?text={}", pasted.replace('+', "%2B")),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(read["board"]["points"][0], 1);
    assert_eq!(read["dice"], "65");
}

#[tokio::test]
async fn a_morris_setup_answers_its_fen_and_text_form() {
    let app = app();
    let (status, ids) = post(&app, "/api/setup", three_against_three()).await;
    assert_eq!(status, StatusCode::OK, "{ids}");
    assert_eq!(ids["game"], "morris");
    let fen = ids["fen"].as_str().unwrap();
    assert!(
        fen.starts_with("***@*@**/***@**O*/O******O w m s 3 0 3 0"),
        "{fen}"
    );
    let (status, read) = get(
        &app,
        &format!(
            "/api/position?text={}",
            ids["position"].as_str().unwrap().replace(' ', "%20")
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(read["points"]["a7"], "white");
}

#[tokio::test]
async fn refused_setups_say_why_with_a_code_and_its_values() {
    let app = app();
    let mut no_black = bearing_off();
    no_black["points"][23] = json!(0);
    let mut sixteen = bearing_off();
    sixteen["points"][5] = json!(14);
    let mut score = bearing_off();
    score["length"] = json!(5);
    score["score"]["black"] = json!(5);
    let mut hands = three_against_three();
    hands["in_hand"]["white"] = json!(1);
    let mut two = three_against_three();
    two["points"].as_object_mut().unwrap().remove("a7");
    let cases = [
        (no_black, "setup-no-checkers", vec![("side", "black")]),
        (
            sixteen,
            "setup-checkers",
            vec![("side", "white"), ("count", "16")],
        ),
        (
            score,
            "setup-score",
            vec![("side", "black"), ("length", "5")],
        ),
        (hands, "setup-hands", vec![("white", "1"), ("black", "0")]),
        (
            two,
            "setup-few-pieces",
            vec![("side", "white"), ("count", "2")],
        ),
    ];
    for (body, code, params) in cases {
        let (status, answer) = post(&app, "/api/setup", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["code"], code, "{answer}");
        for (name, value) in params {
            assert_eq!(answer["params"][name], value, "{code}: {answer}");
        }
    }
}

#[tokio::test]
async fn malformed_and_oversized_setups_are_refused_before_any_rule() {
    let app = app();
    let mut short = bearing_off();
    short["points"] = json!([1, -1]);
    let mut extra = three_against_three();
    extra["colour"] = json!("red");
    let mut far = bearing_off();
    far["points"][0] = json!(300);
    for body in [short, extra, far, json!({"game": "chess"})] {
        let (status, answer) = post(&app, "/api/setup", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["code"], "bad-json", "{answer}");
    }
    let mut huge = three_against_three();
    huge["rules"] = json!("x".repeat(ludus_server::MAX_BODY_BYTES));
    let (status, answer) = call(&app, "POST", "/api/setup", Some(&huge.to_string())).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    assert_eq!(answer["code"], "body-too-large");
}

#[tokio::test]
async fn a_morris_game_view_names_its_standing_mills() {
    let app = app();
    let (id, white, black) = two_humans(&app, "morris", json!({})).await;
    let id = id.as_str();
    for (token, mv) in [
        (&white, "a7"),
        (&black, "a1"),
        (&white, "d7"),
        (&black, "d1"),
    ] {
        assert_eq!(play(&app, id, token, mv).await.0, StatusCode::OK);
    }
    assert_eq!(play(&app, id, &white, "g7xa1").await.0, StatusCode::OK);
    let view = state(&app, id).await["view"].clone();
    assert_eq!(
        view["mills"],
        json!([{"color": "white", "points": ["a7", "d7", "g7"]}])
    );
}

#[tokio::test]
async fn the_last_backgammon_move_comes_with_the_board_after_each_checker() {
    let app = app();
    let (id, white, black) = two_humans(&app, "backgammon", json!({"cube": false})).await;
    let id = id.as_str();
    let now = state(&app, id).await;
    let mover = now["to_act"].as_str().unwrap().to_string();
    let token = if mover == "white" { &white } else { &black };
    let mv = now["legal_moves"][0].as_str().unwrap().to_string();
    assert_eq!(play(&app, id, token, &mv).await.0, StatusCode::OK, "{mv}");
    let view = state(&app, id).await["view"].clone();
    let last = &view["last_play"];
    let boards = last["boards"].as_array().unwrap();
    assert_eq!(
        boards.len(),
        last["steps"].as_array().unwrap().len() + 1,
        "{last}"
    );
    // The last board is the one on the table; the first has all 30 checkers on the start points.
    assert_eq!(boards.last().unwrap()["points"], view["points"]);
    let start: i64 = boards[0]["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_i64().unwrap().abs())
        .sum();
    assert_eq!(start, 30);
}

/// `text` as a query value.
pub(crate) fn encoded(text: &str) -> String {
    text.replace('%', "%25")
        .replace('+', "%2B")
        .replace(' ', "%20")
        .replace(':', "%3A")
        .replace('=', "%3D")
        .replace('/', "%2F")
}

const OPENING_31: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10";

#[tokio::test]
async fn dice_typed_beside_a_position_are_checked_by_the_server() {
    let app = app();
    let uri = |dice: &str| format!("/api/position?text={}&dice={dice}", encoded(OPENING_31));
    let (status, read) = get(&app, &uri("64")).await;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(read["dice"], "64", "the typed dice replace the XGID's");
    for bad in ["71", "7", "0", "123", "ab"] {
        let (status, error) = get(&app, &uri(bad)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {error}");
        assert_eq!(error["code"], "bad-dice", "{bad}: {error}");
    }
    let (status, read) = get(&app, &uri("")).await;
    assert_eq!(
        (status, read["dice"].as_str()),
        (StatusCode::OK, Some("31"))
    );
}

#[tokio::test]
async fn a_backgammon_move_played_on_a_pasted_position_gives_the_next_one() {
    let app = app();
    let uri = format!(
        "/api/position/play?text={}&move={}",
        encoded(OPENING_31),
        encoded("8/5 6/5")
    );
    let (status, played) = get(&app, &uri).await;
    assert_eq!(status, StatusCode::OK, "{played}");
    assert_eq!(played["move"], "8/5 6/5");
    assert_eq!(played["over"], false);
    // Black (on roll in this XGID) made its 5 point, White's 20; White is on roll, no dice.
    let next = &played["position"];
    assert_eq!(next["on_roll"], "white");
    assert!(next["dice"].is_null());
    assert_eq!(next["board"]["points"][19], -2, "{next}");
    assert_eq!(played["last_play"]["side"], "black");
    let steps = played["last_play"]["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2);
    assert_eq!(played["last_play"]["boards"].as_array().unwrap().len(), 3);
    // The text reads back as the same position.
    let text = played["text"].as_str().unwrap();
    let (status, read) = get(&app, &format!("/api/position?text={}", encoded(text))).await;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(read["board"], next["board"]);
    // An illegal move, and a move without dice, are refused with their codes.
    let (status, error) = get(
        &app,
        &format!("/api/position/play?text={}&move=24/18", encoded(OPENING_31)),
    )
    .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("illegal-move"))
    );
    let (status, error) = get(
        &app,
        &format!("/api/position/play?text={}&move=24/18", encoded(text)),
    )
    .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("play-needs-dice"))
    );
}

#[tokio::test]
async fn checkers_are_clicked_on_a_pasted_position_step_by_step() {
    let app = app();
    let steps = |taken: &str, dice: &str| {
        format!(
            "/api/position/steps?text={}&dice={dice}&taken={}",
            encoded(OPENING_31),
            encoded(taken)
        )
    };
    let (status, start) = get(&app, &steps("", "")).await;
    assert_eq!(status, StatusCode::OK, "{start}");
    assert_eq!(start["complete"], false);
    let next = start["next"].as_array().unwrap();
    assert!(
        next.iter().any(|n| n["from"] == 8 && n["to"] == 5),
        "{start}"
    );
    let (status, done) = get(&app, &steps("8/5,6/5", "")).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    assert_eq!(
        (done["complete"].as_bool(), done["move"].as_str()),
        (Some(true), Some("8/5 6/5"))
    );
    // Other dice typed beside the text; a step they do not allow; a Morris text.
    let (status, other) = get(&app, &steps("24/18", "64")).await;
    assert_eq!(status, StatusCode::OK, "{other}");
    let (status, error) = get(&app, &steps("24/18", "")).await;
    assert_eq!(
        (status, error["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("no-such-step"))
    );
    let morris = format!(
        "/api/position/steps?text={}",
        encoded("......../......../........ w 9 9 0")
    );
    let (status, error) = get(&app, &morris).await;
    assert_eq!(
        (status, error["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("steps-need-backgammon"))
    );
}

#[tokio::test]
async fn a_morris_move_played_on_a_pasted_position_gives_the_next_one() {
    let app = app();
    let start = "......../......../........ w 9 9 0";
    let (status, played) = get(
        &app,
        &format!("/api/position/play?text={}&move=d6", encoded(start)),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{played}");
    assert_eq!(played["position"]["points"]["d6"], "white");
    assert_eq!(played["position"]["side_to_move"], "black");
    assert!(played["last_play"].is_null());
    let text = played["text"].as_str().unwrap();
    let (status, error) = get(
        &app,
        &format!("/api/position/play?text={}&move=d6", encoded(text)),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    assert_eq!(error["code"], "occupied");
    assert_eq!(error["params"]["square"], "d6");
}
