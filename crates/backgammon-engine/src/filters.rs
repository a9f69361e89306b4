//! The move filters of the lookahead: how many candidate plays survive each ranking stage
//! before the deep evaluation, and within what distance of the best.

/// Candidates kept after the 0-ply ranking at the root of an n-ply search.
pub const FILTER_KEEP: usize = 8;
/// Candidates further than this (cubeless equity) behind the 0-ply best are dropped.
pub const FILTER_WINDOW: f32 = 0.16;

/// One stage of a filter chain: keep at most `keep` candidates (at least one) within `window`
/// (in the valuation's units) of the best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveFilter {
    /// Most candidates kept.
    pub keep: usize,
    /// Candidates further than this behind the stage's best are dropped.
    pub window: f32,
}

/// How the candidates of a roll are narrowed before the deep evaluation: ranked at 0 ply and
/// filtered by `zero`; then, for 2 plies and more, ranked at 1 ply and filtered by `one`
/// (when set); the survivors are evaluated at the full depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Filters {
    /// The filter after the 0-ply ranking.
    pub zero: MoveFilter,
    /// The filter after the 1-ply ranking (searches of 2 plies and more), if any.
    pub one: Option<MoveFilter>,
}

impl Filters {
    /// The 0-ply filter straight to the deep evaluation ([`FILTER_KEEP`] within
    /// [`FILTER_WINDOW`]).
    pub const FULL: Filters = Filters {
        zero: MoveFilter {
            keep: FILTER_KEEP,
            window: FILTER_WINDOW,
        },
        one: None,
    };
    /// The shipped chain (the measurements that chose it:
    /// docs/notes/2026-12-01-backgammon-engine-speed.md; its current speed: docs/benchmarks.md,
    /// "Backgammon engine speed").
    pub const SHIPPED: Filters = Filters {
        zero: MoveFilter {
            keep: FILTER_KEEP,
            window: FILTER_WINDOW,
        },
        one: Some(MoveFilter {
            keep: 5,
            window: 0.12,
        }),
    };
}
