//! Game reviews (`GET /api/games/{id}/review`): the analyser's verdict on every decision of a
//! game, with the board before each so that a page can step through the game, and a small cache
//! so that a finished game is reviewed once. Everything here is typed from the analyser's answer
//! ([`crate::games::report`]) to the page ([`ReviewPage`]): no JSON is read back by field name.
//!
//! * Backgammon: the analyser's match report ([`BackgammonReport`]), each decision given its
//!   board (`board`, White's numbering like the game's view) and, where the analyser sets it,
//!   White's winning chance before it (`white_win`, the graph). Each checker play also gets the
//!   checkers of the play made and of the best play (`played_steps`, `best_steps`: `{from, to,
//!   hit}` in the mover's numbering), the review's arrows. A decision whose Position ID, player
//!   or dice do not read fails the review (500) instead of losing its board.
//! * Morris: the analyser's review ([`MorrisReview`]: moves, players and `graph`, White's view
//!   after each move, 100 per piece), with the board before and after each move (`boards`) and
//!   the mills standing on each.
//! * `POST /api/review` (`{"text": …}`, at most [`MAX_RECORD_BYTES`]): the review of a pasted or
//!   uploaded record, a backgammon `.mat` match or SGF file, or a Morris game record, read by the
//!   rules and interop crates; a Ludus game link answers `{"game_id": …}` (the page then opens
//!   that game's review). A text that is none of these is refused (400, `bad-record`).
//! * Slow reviews: a review is made by a job of its own on the analysis pool, which outlives the
//!   request that started it and leaves its answer in the cache ([`reviewed`]). A request waits
//!   for it somewhat less than the server's request limit, then answers 503 `review-in-progress`
//!   (`Retry-After` 2 s); the retry waits for the same job instead of starting another, so a
//!   review that takes longer than the limit (a 2-ply review of a long match on a loaded machine)
//!   still arrives. At most [`MAX_REVIEWS_MAKING`] jobs run or wait at once, at most
//!   [`MAX_REVIEWS_PER_CLIENT`] of one client (429 `review-running` beyond). A job runs in its
//!   client's turns of the analysis pool, handing the worker to other clients between decisions
//!   (`fair.rs`), and stops at the next decision when the server shuts down or — a pasted
//!   record's, which no game keeps — when no request has waited for it for
//!   [`ABANDONED_AFTER`](crate::review_cache::ABANDONED_AFTER) (30 s; `Settings::review_abandoned_after`); a game's review goes on to
//!   its end and stays in the cache for the page's next visit.

use crate::error::{ApiError, RequestError};
use crate::games::backgammon::{BoardView, PlayedStep};
use crate::games::morris::{side_of, standing_mills};
use crate::games::report::{BackgammonReport, Decision, DecisionKind, MorrisReview, ReportError};
use crate::games::{Checkpoint, GameKind, MatchAnalyser};
use crate::hub::EngineWork;
use crate::limits::ClientKey;
use crate::review_cache::ReviewAsked;
pub use crate::review_cache::{
    MAX_REVIEWS_MAKING, MAX_REVIEWS_PER_CLIENT, ReviewCache, ReviewFailure,
};
pub use crate::review_page::{BackgammonPage, MorrisBoard, MorrisBoards, MorrisPage, ReviewPage};
use crate::sessions::Sessions;
use crate::settings::Settings;
use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use ludus_backgammon::{Dice, MAX_MATCH_LENGTH, Match, Position as BgPosition, Seat};
use ludus_morris::record::Record;
use ludus_morris::{Move, Position, Rules, Square};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// `GET /api/games/{id}/review` of a Morris game: the analyser's review with its boards.
pub fn morris_review_page(review: MorrisReview, boards: MorrisBoards) -> MorrisPage {
    let MorrisReview {
        graph,
        moves,
        players,
    } = review;
    MorrisPage {
        boards: boards.boards,
        game: GameKind::Morris,
        graph,
        imported: false,
        mills: boards.mills,
        moves,
        players,
    }
}

/// A Morris game as a review needs it: rules, start position, moves and the boards (start, then
/// after each move).
pub type MorrisGameParts = (Rules, Position, Vec<Move>, MorrisBoards);

/// The rules, the start, the moves and the boards of a Morris game record.
pub fn morris_game(record: &str) -> Result<MorrisGameParts, String> {
    let record: Record = record.parse().map_err(|error| format!("{error}"))?;
    let game = record.game;
    let boards = game
        .positions()
        .iter()
        .map(|position| {
            Square::ALL
                .into_iter()
                .filter_map(|square| Some((square.name(), side_of(position.piece_at(square)?))))
                .collect()
        })
        .collect();
    let mills = game.positions().iter().map(standing_mills).collect();
    Ok((
        *game.rules(),
        *game.start_position(),
        game.moves().to_vec(),
        MorrisBoards { boards, mills },
    ))
}

/// Gives each decision of a backgammon analysis report its board (`board`) before it, and each
/// checker play the checkers of the play made and of the best play (`played_steps`,
/// `best_steps`). A decision whose Position ID, player or dice do not read is an error.
pub fn add_backgammon_boards(report: &mut BackgammonReport) -> Result<(), ReportError> {
    for decision in report.games.iter_mut().flat_map(|game| &mut game.decisions) {
        let position = BgPosition::from_position_id(&decision.position_id)
            .map_err(|_| ReportError::BadPositionId(decision.position_id.clone()))?;
        decision.board = Some(BoardView::new(&position, decision_on_roll(decision)?));
        if decision.kind == DecisionKind::Checker {
            let dice = decision_dice(decision)?;
            decision.played_steps = play_steps(&position, dice, &decision.played);
            decision.best_steps = play_steps(&position, dice, &decision.best);
        }
    }
    Ok(())
}

/// Who is on roll in a decision's position: its Position ID is from the view of the decider, or
/// of the doubler for a take.
fn decision_on_roll(decision: &Decision) -> Result<Seat, ReportError> {
    let decider = match decision.player {
        0 => Seat::Zero,
        1 => Seat::One,
        other => return Err(ReportError::BadPlayer(other)),
    };
    Ok(match decision.kind {
        DecisionKind::Take => decider.other(),
        DecisionKind::Checker | DecisionKind::Double => decider,
    })
}

/// The dice of a checker play.
fn decision_dice(decision: &Decision) -> Result<Dice, ReportError> {
    decision
        .dice
        .as_deref()
        .and_then(|dice| dice.parse().ok())
        .ok_or_else(|| ReportError::BadDice {
            position_id: decision.position_id.clone(),
            dice: decision.dice.clone(),
        })
}

/// The checkers of the play written `text`, in the mover's numbering, found among the legal
/// plays of `dice`; `None` where no legal play is written so (no play at all).
fn play_steps(position: &BgPosition, dice: Dice, text: &str) -> Option<Vec<PlayedStep>> {
    let (mv, _) = position
        .legal_moves_with_positions(dice)
        .into_iter()
        .find(|(mv, _)| mv.to_string() == text)?;
    Some(PlayedStep::of_move(&mv))
}

/// The review of a game record of `kind` (the analyser's work and the boards around it),
/// asking `checkpoint` between decisions; a backgammon game is analysed from its match record
/// `backgammon` where given (it keeps a set-up start, which the `.mat` text cannot).
pub fn make_review(
    analyser: &dyn MatchAnalyser,
    kind: GameKind,
    record: &str,
    backgammon: Option<&Match>,
    checkpoint: Checkpoint,
) -> Result<ReviewPage, ApiError> {
    match kind {
        GameKind::Backgammon => {
            let report = match backgammon {
                Some(record) => analyser.analyse_match(record, checkpoint),
                None => ludus_backgammon::read_mat(record)
                    .map_err(Into::into)
                    .and_then(|record| analyser.analyse_match(&record, checkpoint)),
            };
            let mut report = report.map_err(ApiError::internal)?;
            add_backgammon_boards(&mut report).map_err(ApiError::internal)?;
            Ok(ReviewPage::Backgammon(BackgammonPage {
                game: GameKind::Backgammon,
                imported: false,
                report,
            }))
        }
        GameKind::Morris => {
            let (rules, start, moves, boards) = morris_game(record).map_err(ApiError::internal)?;
            let review = analyser
                .review_morris(&rules, &start, &moves, checkpoint)
                .map_err(|_| ApiError::NoAnalyser)?;
            Ok(ReviewPage::Morris(morris_review_page(review, boards)))
        }
    }
}

/// `GET /api/games/{id}/review`: the review of a game of either kind, made on the analysis pool
/// once per version of the game (by a job that outlives a request that waited too long: see
/// [`reviewed`]).
pub async fn review_game(
    State(sessions): State<Sessions>,
    State(engine): State<EngineWork>,
    client: ClientKey,
    Path(id): Path<String>,
) -> Result<Json<ReviewPage>, ApiError> {
    let session = sessions.get(&id).await?;
    let (version, (kind, record), backgammon) = {
        let guard = session.lock().await;
        if !guard.engine_help_allowed() {
            return Err(ApiError::EngineHelpDuringGame);
        }
        (guard.version(), guard.export(), guard.backgammon_record())
    };
    drop(session);
    let asked = ReviewAsked {
        key: id,
        version,
        client,
    };
    let review = stored_game_review(&sessions, &engine, asked, kind, record, backgammon).await?;
    Ok(Json(ReviewPage::clone(&review)))
}

/// The review of a stored game (`asked.key` its id, `asked.version` its version; its exported
/// `record` of `kind` and, for backgammon, its match), from the cache or made as `GET
/// /api/games/{id}/review` makes it and kept to its end for the game's page.
pub async fn stored_game_review(
    sessions: &Sessions,
    engine: &EngineWork,
    asked: ReviewAsked,
    kind: GameKind,
    record: String,
    backgammon: Option<ludus_backgammon::Match>,
) -> Result<Arc<ReviewPage>, ApiError> {
    let Some(analyser) = sessions.players().analyser.clone() else {
        return Err(ApiError::NoAnalyser);
    };
    let work = move |checkpoint: Checkpoint| {
        make_review(
            analyser.as_ref(),
            kind,
            &record,
            backgammon.as_ref(),
            checkpoint,
        )
    };
    reviewed(engine, sessions.settings(), asked, Keep::ToTheEnd, work).await
}

pub use crate::body_limits::MAX_RECORD_BYTES;
/// The most moves of a Morris record `POST /api/review` reviews (each move is searched; a
/// game under the 100-ply rule rarely reaches 300).
pub const MAX_RECORD_MORRIS_MOVES: usize = 600;
/// The most games of a pasted backgammon record `POST /api/review` reviews (a 25-point match
/// rarely has 40; every decision of every game is evaluated).
pub const MAX_RECORD_GAMES: usize = 100;
/// The most events (rolls with their plays, cube actions) of all the games of a pasted
/// backgammon record together: the bound on a review's work (each is valued at the review's
/// plies; a long 25-point match has about 2,000).
pub const MAX_RECORD_EVENTS: usize = 4_000;

/// `POST /api/review`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordRequest {
    /// The record as pasted or uploaded.
    pub text: String,
}

/// What a pasted or uploaded text is.
#[derive(Debug)]
pub enum PastedRecord {
    /// A Ludus game link (`…/play/ID`, `…/review/ID`): the game id.
    Link(String),
    /// A backgammon match (`.mat` or SGF).
    Backgammon(Box<Match>),
    /// A Morris game record (the text itself, read again for the boards).
    Morris(String),
}

/// Reads `text` as a Ludus game link, a backgammon SGF file, a `.mat` match or a Morris game
/// record, in that order; the refusal names why each reading failed.
pub fn read_record(text: &str) -> Result<PastedRecord, RequestError> {
    let trimmed = text.trim();
    if let Some(id) = game_link(trimmed) {
        return Ok(PastedRecord::Link(id));
    }
    let refused = |reason: String| RequestError::Record(reason);
    if trimmed.starts_with("(;") {
        return match ludus_interop::sgf::read_sgf(trimmed) {
            Ok(record) if !record.games().is_empty() => bounded_match(record, "SGF"),
            Ok(_) => Err(refused("SGF: no backgammon game in it".to_string())),
            Err(error) => Err(refused(format!("SGF: {error}"))),
        };
    }
    let mat = ludus_backgammon::read_mat(trimmed);
    let mat_error = match mat {
        Ok(record) if !record.games().is_empty() => return bounded_match(record, ".mat"),
        Ok(_) => "no game in it".to_string(),
        Err(error) => error.to_string(),
    };
    match morris_game(trimmed) {
        Ok((_, _, moves, _)) if moves.len() > MAX_RECORD_MORRIS_MOVES => Err(refused(format!(
            "the Morris record has {} moves, more than {MAX_RECORD_MORRIS_MOVES}",
            moves.len()
        ))),
        Ok(_) => Ok(PastedRecord::Morris(trimmed.to_string())),
        Err(morris_error) => Err(refused(format!(
            ".mat: {mat_error}; Morris record: {morris_error}"
        ))),
    }
}

/// A pasted match within the bounds a review takes on: a match length the games offered and
/// the set-ups accept ([`MAX_MATCH_LENGTH`]), at most [`MAX_RECORD_GAMES`] games.
fn bounded_match(record: Match, format: &str) -> Result<PastedRecord, RequestError> {
    let events = record.games().iter().map(|game| game.events().len()).sum();
    match_bounds(record.rules().match_length, record.games().len(), events)
        .map_err(|reason| RequestError::Record(format!("{format}: {reason}")))?;
    Ok(PastedRecord::Backgammon(Box::new(record)))
}

/// Why a pasted match of `length` points, `games` games and `events` events in all is more than
/// a review takes on.
fn match_bounds(length: u32, games: usize, events: usize) -> Result<(), String> {
    if length > MAX_MATCH_LENGTH {
        return Err(format!(
            "a {length}-point match is longer than {MAX_MATCH_LENGTH} points"
        ));
    }
    if games > MAX_RECORD_GAMES {
        return Err(format!(
            "{games} games, more than the {MAX_RECORD_GAMES} reviewed at once"
        ));
    }
    if events > MAX_RECORD_EVENTS {
        return Err(format!(
            "{events} rolls and cube actions, more than the {MAX_RECORD_EVENTS} reviewed at once"
        ));
    }
    Ok(())
}

/// The game id of a Ludus game link: a path (or an address ending) `/play/ID` or `/review/ID`.
fn game_link(text: &str) -> Option<String> {
    if text.contains(char::is_whitespace) {
        return None;
    }
    let path = text.split(['?', '#']).next()?.trim_end_matches('/');
    let (before, id) = path.rsplit_once('/')?;
    let is_game_path = before.ends_with("/play") || before.ends_with("/review");
    let is_id = !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    (is_game_path && is_id).then(|| id.to_string())
}

/// `POST /api/review`'s answer: a game link's id, or the review.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum RecordAnswer {
    /// A link to a game of this server: `{"game_id": …}` (the page opens that game's review).
    Link {
        /// The game's id.
        game_id: String,
    },
    /// The review of the record, marked `imported`.
    Review(Box<ReviewPage>),
}

/// `POST /api/review`: the review of a pasted or uploaded record (see the module).
pub async fn review_record(
    State(sessions): State<Sessions>,
    State(engine): State<EngineWork>,
    client: ClientKey,
    request: Result<Json<RecordRequest>, JsonRejection>,
) -> Result<Json<RecordAnswer>, ApiError> {
    let Json(request) = request.map_err(ApiError::from)?;
    let record = read_record(&request.text)?;
    let (kind, text, backgammon) = match record {
        PastedRecord::Link(id) => {
            sessions.get(&id).await?;
            return Ok(Json(RecordAnswer::Link { game_id: id }));
        }
        PastedRecord::Backgammon(record) => (GameKind::Backgammon, String::new(), Some(*record)),
        PastedRecord::Morris(text) => (GameKind::Morris, text, None),
    };
    let Some(analyser) = sessions.players().analyser.clone() else {
        return Err(ApiError::NoAnalyser);
    };
    let asked = ReviewAsked {
        key: engine.reviews().record_key(&request.text),
        version: 0,
        client,
    };
    let settings = sessions.settings();
    let review = reviewed(
        &engine,
        settings,
        asked,
        Keep::WhileAsked,
        move |checkpoint| {
            make_review(
                analyser.as_ref(),
                kind,
                &text,
                backgammon.as_ref(),
                checkpoint,
            )
            .map(ReviewPage::imported)
        },
    )
    .await?;
    Ok(Json(RecordAnswer::Review(Box::new(ReviewPage::clone(
        &review,
    )))))
}

/// How long a review request waits for its review: two seconds less than the request limit
/// (at least half of it), so that the 503 `review-in-progress` comes before the limit's own.
pub fn review_wait(request_timeout: Duration) -> Duration {
    request_timeout
        .saturating_sub(Duration::from_secs(2))
        .max(request_timeout / 2)
}

/// How long a review job goes on without anyone asking for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// To its end (a game's review, which the cache keeps for the game's page).
    ToTheEnd,
    /// While a request waited for it within `Settings::review_abandoned_after` (default
    /// [`ABANDONED_AFTER`](crate::review_cache::ABANDONED_AFTER); a pasted record's).
    WhileAsked,
}

/// The review `asked` for: from the cache, or made by a job on the analysis pool that outlives
/// this request (see the module), kept going as `keep` says; waits for it at most
/// [`review_wait`] of `settings`' request limit, then answers [`ApiError::ReviewInProgress`].
pub async fn reviewed(
    engine: &EngineWork,
    settings: &Settings,
    asked: ReviewAsked,
    keep: Keep,
    work: impl FnOnce(Checkpoint) -> Result<ReviewPage, ApiError> + Send + 'static,
) -> Result<Arc<ReviewPage>, ApiError> {
    if let Some(review) = engine.reviews().get(&asked.key, asked.version) {
        return Ok(review);
    }
    let client = asked.client.clone();
    let patience = settings.review_abandoned_after;
    let (mut answer, watched) = engine.reviews().join_or_start(asked, |new| {
        let engine = engine.clone();
        let watched = new.watched;
        let unasked = move || keep == Keep::WhileAsked && watched.unwatched_for(patience);
        tokio::spawn(async move {
            let outcome = crate::limits::long_engine(&engine, &client, unasked, work).await;
            engine.reviews().finish(new.job, new.done, outcome);
        });
    })?;
    let _watching = watched.watch();
    let wait = review_wait(settings.request_timeout);
    let outcome = match tokio::time::timeout(wait, answer.wait_for(Option::is_some)).await {
        Err(_) => return Err(ApiError::ReviewInProgress),
        Ok(Ok(outcome)) => outcome.clone(),
        // The job dropped its sender without answering.
        Ok(Err(_)) => None,
    };
    match outcome {
        Some(Ok(review)) => Ok(review),
        Some(Err(failure)) => Err(failure.again()),
        None => Err(ApiError::internal("the review job ended without an answer")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Side;
    use crate::games::report;

    #[test]
    fn a_pasted_match_is_bounded_in_length_and_games() {
        assert_eq!(match_bounds(25, 100, MAX_RECORD_EVENTS), Ok(()));
        assert_eq!(match_bounds(0, 1, 1), Ok(()));
        assert!(
            match_bounds(26, 1, 1)
                .unwrap_err()
                .contains("longer than 25")
        );
        assert!(match_bounds(u32::MAX, 1, 1).is_err());
        assert!(match_bounds(7, 101, 1).unwrap_err().contains("101 games"));
        let too_long = match_bounds(7, 3, MAX_RECORD_EVENTS + 1).unwrap_err();
        assert!(
            too_long.contains("4001 rolls and cube actions"),
            "{too_long}"
        );
    }
    use serde_json::json;

    #[test]
    fn a_morris_record_gives_a_board_per_move() {
        let (rules, start, moves, MorrisBoards { boards, mills }) =
            morris_game("1. d6 d2 2. b6 *").unwrap();
        assert_eq!(start, Position::new());
        assert_eq!(rules, Rules::standard());
        assert_eq!(moves.len(), 3);
        assert_eq!(boards.len(), 4);
        assert!(boards[0].is_empty());
        assert_eq!(boards[3].get("b6"), Some(&Side::White));
        assert_eq!(boards[3].get("d2"), Some(&Side::Black));
        assert_eq!(mills.len(), boards.len());
    }

    #[test]
    fn each_morris_board_comes_with_its_standing_mills() {
        let (.., MorrisBoards { mills, .. }) = morris_game("1. a7 a1 2. d7 d1 3. g7xa1 *").unwrap();
        assert!(mills[4].is_empty());
        assert_eq!(mills[5].len(), 1);
        assert_eq!(mills[5][0].points, ["a7", "d7", "g7"]);
    }

    #[test]
    fn a_morris_review_page_is_the_review_with_its_boards() {
        let (_, _, _, boards) = morris_game("1. d6 *").unwrap();
        let page = morris_review_page(MorrisReview::default(), boards);
        let json = serde_json::to_value(&page).unwrap();
        assert_eq!(json["game"], "morris");
        assert_eq!(json["moves"], json!([]));
        assert_eq!(json["boards"][1]["d6"], "white");
        assert!(json.get("imported").is_none());
        let imported = serde_json::to_value(ReviewPage::Morris(page).imported()).unwrap();
        assert_eq!(imported["imported"], true);
    }

    #[test]
    fn a_bad_morris_record_is_refused() {
        assert!(morris_game("1. d6 d6 *").is_err());
    }

    /// A decision of `player` of `kind` at `position_id`, valued at nothing.
    fn decision(player: usize, kind: DecisionKind, position_id: &str) -> Decision {
        Decision {
            alternatives: Vec::new(),
            best: String::new(),
            best_steps: None,
            board: None,
            cube: report::CubeBefore {
                owner: None,
                value: 1,
            },
            dice: None,
            equity_lost: 0.0,
            kind,
            luck: None,
            mark: report::Mark::None,
            played: String::new(),
            played_steps: None,
            player,
            position_id: position_id.to_string(),
            white_win: None,
            xgid: String::new(),
            cube_action: None,
        }
    }

    /// A report of one game of `decisions`.
    fn report_of(decisions: Vec<Decision>) -> BackgammonReport {
        BackgammonReport {
            games: vec![report::GameReport {
                decisions,
                ..report::GameReport::default()
            }],
            ..BackgammonReport::default()
        }
    }

    #[test]
    fn each_decision_gets_its_board_from_the_deciders_view() {
        let start = BgPosition::starting().position_id();
        let mut report = report_of(vec![
            decision(0, DecisionKind::Double, &start),
            decision(1, DecisionKind::Double, &start),
            decision(1, DecisionKind::Take, &start),
        ]);
        add_backgammon_boards(&mut report).unwrap();
        // The starting position looks the same from both sides: White's 24-point holds two
        // White checkers, its 1-point two Black ones.
        for decision in &report.games[0].decisions {
            let board = decision.board.as_ref().expect("a board");
            assert_eq!((board.points[23], board.points[0]), (2, -2));
        }
    }

    #[test]
    fn a_take_is_seen_from_the_doublers_side() {
        // A position that is not the same from both sides: the start after 8/5 6/5.
        let (_, after) = BgPosition::starting()
            .legal_moves_with_positions("31".parse().unwrap())
            .into_iter()
            .next()
            .unwrap();
        let id = after.position_id();
        let mut report = report_of(vec![
            decision(0, DecisionKind::Double, &id),
            decision(1, DecisionKind::Take, &id),
            decision(1, DecisionKind::Double, &id),
        ]);
        add_backgammon_boards(&mut report).unwrap();
        let boards: Vec<_> = report.games[0]
            .decisions
            .iter()
            .map(|d| d.board.clone().unwrap())
            .collect();
        assert_eq!(
            boards[0], boards[1],
            "the take is seen from the doubler's side"
        );
        assert_ne!(
            boards[0], boards[2],
            "the other player's double is mirrored"
        );
    }

    #[test]
    fn an_unreadable_decision_is_an_error_not_a_missing_board() {
        let start = BgPosition::starting().position_id();
        let mut report = report_of(vec![decision(0, DecisionKind::Double, "nonsense")]);
        assert_eq!(
            add_backgammon_boards(&mut report),
            Err(ReportError::BadPositionId("nonsense".to_string()))
        );
        let mut report = report_of(vec![decision(2, DecisionKind::Double, &start)]);
        assert_eq!(
            add_backgammon_boards(&mut report),
            Err(ReportError::BadPlayer(2))
        );
        let mut report = report_of(vec![decision(0, DecisionKind::Checker, &start)]);
        assert!(matches!(
            add_backgammon_boards(&mut report),
            Err(ReportError::BadDice { dice: None, .. })
        ));
    }

    #[test]
    fn a_checker_play_gets_the_steps_of_the_play_made_and_the_best() {
        let start = BgPosition::starting().position_id();
        let mut play = decision(0, DecisionKind::Checker, &start);
        play.dice = Some("31".to_string());
        play.played = "24/21 6/5".to_string();
        play.best = "8/5 6/5".to_string();
        let mut double = decision(0, DecisionKind::Double, &start);
        double.played = "double".to_string();
        double.best = "no double".to_string();
        let mut report = report_of(vec![play, double]);
        add_backgammon_boards(&mut report).unwrap();
        let json = serde_json::to_value(&report).unwrap();
        let decisions = &json["games"][0]["decisions"];
        assert_eq!(
            decisions[0]["best_steps"],
            json!([{"from": 8, "to": 5, "hit": false}, {"from": 6, "to": 5, "hit": false}])
        );
        assert_eq!(decisions[0]["played_steps"][0]["from"], 24);
        assert!(decisions[1].get("played_steps").is_none());
        assert!(decisions[1]["board"].is_object());
    }

    #[test]
    fn a_record_is_read_as_a_link_a_match_or_a_morris_game() {
        let link = read_record("http://127.0.0.1:8080/review/0a1b2c3d").unwrap();
        assert!(matches!(link, PastedRecord::Link(id) if id == "0a1b2c3d"));
        assert!(
            matches!(read_record("/play/ff00/").unwrap(), PastedRecord::Link(id) if id == "ff00")
        );
        let mat = " 1 point match\n\n Game 1\n a : 0                  b : 0\n  1) 31: 8/5 6/5\n";
        match read_record(mat) {
            Ok(PastedRecord::Backgammon(record)) => assert_eq!(record.games().len(), 1),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            read_record("1. d6 d2 2. b6 *").unwrap(),
            PastedRecord::Morris(_)
        ));
    }

    #[test]
    fn a_text_that_is_no_record_is_refused_with_every_reason() {
        let error = read_record("hello there").unwrap_err();
        assert_eq!(error.code(), "bad-record");
        let text = error.to_string();
        assert!(
            text.contains(".mat:") && text.contains("Morris record:"),
            "{text}"
        );
        let sgf = read_record("(;GM[1])").unwrap_err().to_string();
        assert!(sgf.contains("SGF"), "{sgf}");
        let long: String = (0..400).map(|_| "1. a7 a1 2. ").collect();
        assert!(read_record(&long).is_err());
    }

    #[test]
    fn a_review_request_waits_less_than_the_request_limit() {
        let wait = |seconds: f64| review_wait(Duration::from_secs_f64(seconds)).as_secs_f64();
        assert_eq!(wait(20.0), 18.0);
        assert_eq!(wait(4.0), 2.0);
        assert_eq!(wait(1.0), 0.5);
    }

    #[test]
    fn a_pasted_record_is_keyed_by_its_text() {
        let cache = ReviewCache::default();
        assert_eq!(
            cache.record_key("1 point match"),
            cache.record_key("1 point match")
        );
        assert_ne!(
            cache.record_key("1 point match"),
            cache.record_key("2 point match")
        );
        assert!(cache.record_key("x").starts_with("record:"));
    }

    #[test]
    fn the_cache_answers_only_for_the_same_version() {
        let cache = ReviewCache::default();
        let page = ReviewPage::Morris(morris_review_page(
            MorrisReview::default(),
            morris_game("1. d6 *").unwrap().3,
        ));
        cache.put("g", 3, Arc::new(page.clone()));
        assert_eq!(cache.get("g", 3).as_deref(), Some(&page));
        assert!(cache.get("g", 4).is_none());
        assert!(cache.get("h", 3).is_none());
    }
}
