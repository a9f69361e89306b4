//! A Morris exercise on the Morris screen: the exercise's FEN set up as a game (standard rules)
//! with the player to move, the move read from the game, and the answer judged by the review of
//! that one move with the endgame databases' perfect values.

use super::{Judgement, RankedChoice};
use crate::i18n::Catalog;
use crate::morris::{MorrisApp, MorrisConfig};
use crate::ui::Opponent;
use ludus_morris::fen::Fen;
use ludus_morris::token::MorrisState;
use ludus_morris::{Game, Rules};
use ludus_morris_engine::db::Databases;
use ludus_morris_engine::review::{ReviewOptions, review_game};
use ludus_practice::Exercise;

/// How many of the best moves the answer lists.
const RANKED_MOVES: usize = 5;

/// A Morris exercise being answered.
pub struct MorrisExercise {
    /// The Morris screen at the exercise's position.
    pub app: MorrisApp,
}

impl MorrisExercise {
    /// The exercise set up for the player to answer; `None` when its text is no position to
    /// move from.
    pub fn new(exercise: &Exercise, catalog: Catalog) -> Option<MorrisExercise> {
        let fen: Fen = exercise.position.parse().ok()?;
        let MorrisState::Turn(position) = fen.state().ok()? else {
            return None;
        };
        let rules = Rules::standard();
        let config = MorrisConfig {
            rules,
            opponent: Opponent::Computer,
            human: position.side_to_move(),
            ..MorrisConfig::default()
        };
        let game = Game::from_position(rules, position);
        Some(MorrisExercise {
            app: MorrisApp::with_game(config, catalog, game),
        })
    }

    /// The move played, once played.
    pub fn answer(&self) -> Option<String> {
        self.app.game.moves().first().map(ToString::to_string)
    }

    /// The move judged: right when it keeps the perfect value (the databases know it), else
    /// when it is the engine's best; the best moves with their perfect values.
    pub fn judge(&self, databases: &Databases) -> Option<Judgement> {
        let played = *self.app.game.moves().first()?;
        let options = ReviewOptions {
            alternatives: RANKED_MOVES,
            databases: Some(databases),
            ..ReviewOptions::default()
        };
        let start = *self.app.game.start_position();
        let review = review_game(&Rules::standard(), &start, &[played], &options).ok()?;
        let reviewed = review.moves.into_iter().next()?;
        let right = match reviewed.perfect_before {
            Some(_) => !reviewed.perfect_changed,
            None => reviewed.loss == 0,
        };
        let ranking = reviewed
            .alternatives
            .iter()
            .map(|a| RankedChoice {
                choice: a.mv.to_string(),
                value: a.perfect.map_or_else(
                    || format!("{:+.2}", f64::from(a.value) / 100.0),
                    |v| v.to_string(),
                ),
                yours: a.played,
            })
            .collect();
        Some(Judgement {
            right,
            answer: played.to_string(),
            best: reviewed.best.to_string(),
            ranking,
            plies: None,
        })
    }
}
