//! The post-game analysis and the review of its decisions, one by one.

use super::BgApp;
use crate::review::{ReviewCursor, Severity};
use crate::ui::{Dir, Status};
use ludus_backgammon::{CubeOwner, Position, Seat};
use ludus_backgammon_engine::analysis::{
    Decision, DecisionDetail, DecisionKind, Mark, MatchReport, MatchReview,
};
use ludus_backgammon_engine::engine::Engine;

/// One decision of the review: where it was taken and how the board looked.
#[derive(Clone, Debug)]
pub struct BgReviewStep {
    /// The game's number (1-based).
    pub game: usize,
    /// The analysed decision.
    pub decision: Decision,
    /// The position of the decision (from `view`'s side), if its ID reads back.
    pub position: Option<Position>,
    /// The side the position is seen from: the player on roll.
    pub view: Seat,
    /// The 0-ply equity of the position for White (player 0).
    pub white_equity: f64,
    /// The review's details: the alternatives with their equities and plies, the cube before
    /// the decision.
    pub detail: DecisionDetail,
}

/// The review of a session: the analysis report and its decisions one by one.
#[derive(Clone, Debug)]
pub struct BgReview {
    /// The whole report (totals per player).
    pub report: MatchReport,
    /// Every analysed decision in order.
    pub steps: Vec<BgReviewStep>,
    /// The decision shown (1-based; the review never shows step 0).
    pub cursor: ReviewCursor,
}

impl BgReviewStep {
    /// The step of `decision`, in game `game`, valued by `engine`.
    fn new(
        game: usize,
        decision: &Decision,
        detail: &DecisionDetail,
        engine: &Engine,
    ) -> BgReviewStep {
        let player = if decision.player == 0 {
            Seat::Zero
        } else {
            Seat::One
        };
        // A take is answered by the player not on roll.
        let view = if decision.kind == DecisionKind::Take {
            player.other()
        } else {
            player
        };
        let position = Position::from_position_id(&decision.position_id).ok();
        let equity = position.map_or(0.0, |p| f64::from(engine.evaluate(&p).equity()));
        let white_equity = if view == Seat::Zero { equity } else { -equity };
        BgReviewStep {
            game,
            decision: decision.clone(),
            position,
            view,
            white_equity,
            detail: detail.clone(),
        }
    }

    /// The cube as it stood at the decision (before a double it offers, a take it answers).
    pub fn cube(&self) -> (u32, CubeOwner) {
        let owner = match self.detail.cube.owner {
            None => CubeOwner::Centered,
            Some(0) => CubeOwner::Owned(Seat::Zero),
            Some(_) => CubeOwner::Owned(Seat::One),
        };
        (self.detail.cube.value, owner)
    }
}

impl BgReview {
    /// The review of a match, with each decision's position, equity and details.
    pub fn new(review: MatchReview) -> BgReview {
        let engine = Engine::new(0);
        let MatchReview {
            report, details, ..
        } = review;
        let steps: Vec<BgReviewStep> = report
            .games
            .iter()
            .zip(&details)
            .flat_map(|(game, details)| {
                game.decisions
                    .iter()
                    .zip(details)
                    .map(move |(d, detail)| (game.number, d, detail))
            })
            .map(|(game, decision, detail)| BgReviewStep::new(game, decision, detail, &engine))
            .collect();
        BgReview {
            cursor: ReviewCursor::new(steps.len()),
            report,
            steps,
        }
    }

    /// The decision shown.
    pub fn current(&self) -> Option<&BgReviewStep> {
        self.cursor
            .index
            .checked_sub(1)
            .and_then(|i| self.steps.get(i))
    }

    /// The marks of the decisions under the graph.
    pub fn severities(&self) -> Vec<Severity> {
        self.steps
            .iter()
            .map(|s| match s.decision.mark {
                Mark::None => Severity::None,
                Mark::Doubtful => Severity::Small,
                Mark::Error => Severity::Medium,
                Mark::Blunder => Severity::Large,
            })
            .collect()
    }

    /// Steps by an arrow key (never back to the empty step 0).
    pub fn step(&mut self, dir: Dir) {
        let severities = self.severities();
        self.cursor.step(dir, &severities);
        if self.cursor.index == 0 && self.cursor.len > 0 {
            self.cursor.index = 1;
        }
    }
}

impl BgApp {
    /// Opens the analysis and review of the match so far (closes them when open).
    pub fn open_review(&mut self) {
        if self.analysis.is_none() {
            self.toggle_analysis();
        }
    }

    /// Opens the analysis and review of the match so far, or closes them.
    pub(super) fn toggle_analysis(&mut self) {
        if self.analysis.take().is_some() {
            self.review = None;
            self.screen.status = self.prompt();
            return;
        }
        let review = crate::analysis::review(&self.record);
        self.analysis = Some(crate::analysis::analysis_lines(
            &review.report,
            &self.screen.catalog,
        ));
        let practice = self.record_for_practice(&review);
        self.review = Some(BgReview::new(review));
        self.screen.status = self.review_prompt();
        match practice {
            Some(Ok(0)) | None => {}
            Some(Ok(added)) => {
                let note = self
                    .screen
                    .catalog
                    .format("practice-added", &[("count", &added.to_string())]);
                self.screen.status.text = format!("{} {note}", self.screen.status.text);
            }
            Some(Err(error)) => self.screen.status = Status::error(error.to_string()),
        }
    }

    /// Writes the person's decisions of the finished games to the player file (against the
    /// computer only: between two people there is no one player); `None` without a file.
    fn record_for_practice(
        &mut self,
        review: &MatchReview,
    ) -> Option<Result<usize, crate::practice::store::StoreError>> {
        if self.config.opponent != crate::ui::Opponent::Computer {
            return None;
        }
        let player = self.config.human.index();
        Some(self.practice.as_mut()?.add_backgammon(review, player))
    }

    /// The status line of the review: the last game's result alone (the keys to go on are in
    /// the help), so that it fits 80 columns; the usual prompt while a game is in progress.
    pub(super) fn review_prompt(&self) -> Status {
        let Some(outcome) = self.game().and_then(ludus_backgammon::Game::outcome) else {
            return self.prompt();
        };
        let mut text = self.result_text(&outcome);
        if let Some(winner) = self.record.winner() {
            let side = self.seat_name(winner);
            text.push(' ');
            text.push_str(&self.screen.catalog.format("result-win", &[("side", &side)]));
        }
        Status::info(text)
    }
}
