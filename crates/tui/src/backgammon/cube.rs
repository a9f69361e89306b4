//! The doubling cube: whether it is in use, whether a double may be offered, its value.

use super::BgApp;
use ludus_backgammon::CubeOwner;

impl BgApp {
    /// Whether the cube may be used in this session.
    pub(super) fn cube_in_use(&self) -> bool {
        self.config.cube || self.config.match_length > 0
    }

    /// Whether the player on roll may double now (cube in use, not Crawford, owner, ceiling).
    pub(super) fn may_double(&self) -> bool {
        self.cube_in_use() && self.game().is_some_and(|g| g.double_refusal().is_none())
    }

    /// The cube's value if doubled now.
    pub(super) fn offered_value(&self) -> u32 {
        self.game().map_or(1, |g| g.cube().0 * 2)
    }

    /// The cube's value and owner: in the review, as it stood at the decision shown.
    pub fn cube(&self) -> (u32, CubeOwner) {
        if let Some(step) = self.review.as_ref().and_then(super::BgReview::current) {
            return step.cube();
        }
        self.game().map_or((1, CubeOwner::Centered), |g| g.cube())
    }
}
