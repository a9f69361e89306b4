//! The analysis board's answers (`GET /api/backgammon/analysis`, `GET /api/morris/analysis`):
//! a pasted or chosen position read, checked and handed to the game's analyst
//! ([`MoveRanker`](crate::games::backgammon::MoveRanker),
//! [`MorrisAnalyst`](crate::games::morris::MorrisAnalyst)), its values shaped for the page. The
//! games know nothing of requests; the refusals here are the API's ([`RequestError`](crate::error::RequestError)).

pub mod backgammon;
pub mod morris;
