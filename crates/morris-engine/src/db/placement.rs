//! The placement-phase solver: one sector at a time, from the finished tables of the sectors its
//! placements reach.
//!
//! A placement lowers the mover's hand, so a sector's positions never lead back into it: the
//! value of every position follows from its successors in one pass (no retrograde propagation).
//! Each position stores its value from the side to move's view with the distance to the end in
//! plies, as in the movement phase: the shortest win, the longest loss. A placement that leaves
//! the opponent with two pieces (board plus hand) wins in one ply. Moves come from the rules
//! crate's bulk generator ([`Position::for_each_move_set`]).

use super::index::{MoverKey, MoverSets, SubspaceIndex, for_each_class_by_opponent};
use super::memory::{huge_vec, prefetch};
use super::sector::Sector;
use super::solve::{
    IDS_PER_TASK, Outlook, Progress, SlotBatch, SolveError, StoredChecks, report_verify,
    run_parallel, verify_result,
};
use super::{Table, Value};
use ludus_morris::{Position, Rules, SQUARE_COUNT, Setup, Square};
use std::ops::Range;
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};

/// What solving or verifying one sector reads: its index, rules and its children's tables.
struct SectorContext<'a> {
    sector: Sector,
    index: SubspaceIndex,
    rules: Rules,
    /// Placement without removal: `o`-`m+1` with the hands passed on.
    quiet: &'a Table,
    /// Placement with a removal, `None` when the opponent is then left with two pieces (or no
    /// mill can close: then no move removes).
    capture: Option<&'a Table>,
}

/// The table of `sector` among `tables`, or the error naming it.
fn find<'a>(tables: &[&'a Table], sector: &Sector) -> Result<&'a Table, SolveError> {
    tables
        .iter()
        .find(|t| {
            t.flying == sector.flying
                && t.index.mover == usize::from(sector.mover)
                && t.index.opponent == usize::from(sector.opponent)
                && t.hands == [sector.mover_hand, sector.opponent_hand]
        })
        .copied()
        .ok_or(SolveError::MissingSector(*sector))
}

impl<'a> SectorContext<'a> {
    fn new(sector: Sector, children: &[&'a Table]) -> Result<SectorContext<'a>, SolveError> {
        if !sector.is_valid() || sector.is_movement() {
            return Err(SolveError::NotPlacement(sector));
        }
        let quiet = sector
            .quiet_child()
            .ok_or(SolveError::NotPlacement(sector))?;
        let quiet = find(children, &quiet)?;
        let capture = match sector.capture_child() {
            Some(child) => Some(find(children, &child)?),
            None => None,
        };
        Ok(SectorContext {
            sector,
            index: sector.index(),
            rules: Rules::with_flying(sector.flying),
            quiet,
            capture,
        })
    }

    /// The position of a board of the sector: `own` to move (in the colour the hands imply).
    fn position(&self, own: u32, opp: u32) -> Option<Position> {
        let mover = self.sector.mover_color();
        let mut pieces = [0; 2];
        pieces[mover.index()] = own;
        pieces[mover.opponent().index()] = opp;
        let mut in_hand = [0; 2];
        in_hand[mover.index()] = self.sector.mover_hand;
        in_hand[mover.opponent().index()] = self.sector.opponent_hand;
        Position::try_from(Setup {
            pieces,
            in_hand,
            side_to_move: mover,
            plies_since_removal: 0,
        })
        .ok()
    }

    /// The keys of the boards against the opponent set `opp`: its own key in the quiet child and,
    /// when a removal leads somewhere, the key of `opp` less each of its pieces in the capture
    /// child (computed once for every board against `opp`, not once per removal).
    fn group(&self, opp: u32) -> OpponentGroup {
        let quiet_key = self.quiet.index.mover_key(opp);
        let capture_keys = std::array::from_fn(|square| match self.capture {
            Some(table) if opp & (1 << square) != 0 => table.index.mover_key(opp & !(1 << square)),
            // Never read: only the opponent's pieces are removed, and only with a capture child.
            _ => quiet_key,
        });
        OpponentGroup {
            opp,
            quiet_key,
            capture_keys,
        }
    }

    /// The value of the board `own` (to move) against the opponent set of `group`, from its
    /// successors' tables.
    fn value(&self, own: u32, group: &OpponentGroup) -> Value {
        let (opp, quiet_key) = (group.opp, &group.quiet_key);
        let Some(position) = self.position(own, opp) else {
            return Value::Draw;
        };
        let side = position.side_to_move();
        debug_assert_eq!(position.pieces(side), own);
        let removable = position.removable_pieces();
        let mut outlook = Outlook::default();
        let mut quiet = SlotBatch::default();
        let mut captures = SlotBatch::default();
        position.for_each_move_set(&self.rules, |set| {
            let quiet_to = if removable == 0 {
                set.quiet | set.closing
            } else {
                set.quiet
            };
            for to in Square::iter_bits(quiet_to) {
                let slot = self.quiet.index.index_with(quiet_key, own | to.bit());
                quiet.push(self.quiet, slot, &mut |v| outlook.add(v));
            }
            if removable == 0 {
                return;
            }
            for to in Square::iter_bits(set.closing) {
                for removed in Square::iter_bits(removable) {
                    match self.capture {
                        None => outlook.add(Value::Loss(0)),
                        Some(table) => {
                            let key = &group.capture_keys[removed.index()];
                            let slot = table.index.index_with(key, own | to.bit());
                            captures.push(table, slot, &mut |v| outlook.add(v));
                        }
                    }
                }
            }
        });
        quiet.flush(self.quiet, &mut |v| outlook.add(v));
        if let Some(table) = self.capture {
            captures.flush(table, &mut |v| outlook.add(v));
        }
        outlook.value()
    }
}

/// What every board against one opponent set shares: the set and its keys in the children's
/// indices.
struct OpponentGroup {
    /// The opponent's pieces.
    opp: u32,
    /// `opp`'s key in the quiet child's index (the mover after a placement).
    quiet_key: MoverKey,
    /// By square: the key of `opp` less the piece on that square in the capture child's index.
    capture_keys: [MoverKey; SQUARE_COUNT],
}

/// Calls `visit(slot, own, group)` once for every board class of the sector, grouped by
/// the opponent's set ([`for_each_class_by_opponent`]). The quiet successors of one group all lie
/// in one block of the quiet child's table (its mover is the opponent set), so that block stays
/// in the cache while the group is valued (where slot order scattered them over the whole child
/// table).
fn for_each_board_by_opponent(
    ctx: &SectorContext<'_>,
    opponents: &MoverSets,
    ids: Range<usize>,
    mut visit: impl FnMut(u64, u32, &OpponentGroup),
) {
    for_each_class_by_opponent(
        &ctx.index,
        opponents,
        ids,
        |opp| ctx.group(opp),
        |slot, own, group| visit(slot, own, group),
    );
}

/// Solves the placement sector `sector` on `threads` threads from `children`, the tables of the
/// sectors its placements reach ([`Sector::children`]: placement sectors or movement
/// sub-spaces). Holes of the index hold 0 (a draw code no board reads).
pub fn solve_sector(
    sector: Sector,
    children: &[&Table],
    threads: usize,
    progress: &mut dyn FnMut(Progress),
) -> Result<Table, SolveError> {
    let ctx = SectorContext::new(sector, children)?;
    let total = ctx.index.len();
    let codes: Vec<AtomicU16> =
        huge_vec(total as usize, std::iter::repeat_with(|| AtomicU16::new(0)));
    let opponents = MoverSets::get(ctx.index.opponent);
    let n = opponents.canonical.len();
    let per_opponent = total / n as u64;
    let done = AtomicU64::new(0);
    // Every board class is visited exactly once, so the stores never meet.
    run_parallel(
        threads,
        n.div_ceil(IDS_PER_TASK),
        |task, _: &mut ()| {
            let ids = task * IDS_PER_TASK..((task + 1) * IDS_PER_TASK).min(n);
            for_each_board_by_opponent(&ctx, &opponents, ids.clone(), |slot, own, group| {
                // The slot's line comes while the successors are read: a store into a line
                // not in the cache held back the stores behind it.
                prefetch(&codes, slot as usize);
                codes[slot as usize].store(ctx.value(own, group).encode(), Ordering::Relaxed);
            });
            done.fetch_add(ids.len() as u64 * per_opponent, Ordering::Relaxed);
        },
        || (),
        || {
            progress(Progress {
                stage: "place",
                done: done.load(Ordering::Relaxed),
                total,
            })
        },
    );
    Ok(Table {
        flying: sector.flying,
        index: ctx.index,
        codes: codes.into_iter().map(AtomicU16::into_inner).collect(),
        hands: [sector.mover_hand, sector.opponent_hand],
    })
}

/// Slots apart of the boards [`verify_sector_sample`] checks in a sector solved in the same run
/// (one board in 1,024: about 18 M boards of the standard game's 18.6 G placement slots).
pub const SAMPLE_EVERY: u64 = 1024;

/// Checks the boards at slots `0, every, 2·every, …` of the placement sector `table` (those that
/// represent a board class) against successors found without any of the solver's slot
/// arithmetic: the rules crate's own moves (`Position::legal_moves`, `Position::play`), each
/// successor's sector found among `children` by its piece counts and hands and probed by its board
/// ([`Table::value`]), a finished game a loss for the side to move. [`verify_sector`] re-derives
/// every board with the solve's own function, so right after the solve it can only repeat it;
/// this is the second, independent derivation. Returns the number of boards checked.
pub fn verify_sector_sample(
    table: &Table,
    children: &[&Table],
    every: u64,
) -> Result<u64, SolveError> {
    let ctx = SectorContext::new(sector_of(table), children)?;
    let mut checked = 0;
    for slot in (0..ctx.index.len()).step_by(every.max(1) as usize) {
        let Some(position) = ctx
            .index
            .board(slot)
            .and_then(|(own, opp)| ctx.position(own, opp))
        else {
            continue;
        };
        let expected = value_by_rules(&position, &ctx.rules, children)?;
        let stored = Value::decode(table.codes[slot as usize]);
        if stored != expected {
            return Err(SolveError::Inconsistent {
                mover: table.index.mover,
                opponent: table.index.opponent,
                slot,
                stored,
                expected,
            });
        }
        checked += 1;
    }
    Ok(checked)
}

/// The value of `position` from its successors, each made by the rules crate and probed in the
/// table of its own sector among `children`.
fn value_by_rules(
    position: &Position,
    rules: &Rules,
    children: &[&Table],
) -> Result<Value, SolveError> {
    let mut outlook = Outlook::default();
    for &mv in &position.legal_moves(rules) {
        let next = position.play(mv);
        let value = if next.outcome(rules).is_some() {
            Value::Loss(0)
        } else {
            let side = next.side_to_move();
            let child = find(children, &Sector::of(&next, rules.flying))?;
            child.value(next.pieces(side), next.pieces(side.opponent()))
        };
        outlook.add(value);
    }
    Ok(outlook.value())
}

/// The placement sector a table holds.
fn sector_of(table: &Table) -> Sector {
    Sector {
        flying: table.flying,
        mover: table.index.mover as u8,
        opponent: table.index.opponent as u8,
        mover_hand: table.hands[0],
        opponent_hand: table.hands[1],
    }
}

/// Re-derives every stored value of the placement sector `table` from its successors' values
/// in `children` and compares: a win in `d` must have a successor lost in `d − 1` and none lost
/// sooner, a loss in `d` only won successors with the longest in `d − 1`, a draw no lost and some
/// drawn successor. Returns the number of positions checked.
pub fn verify_sector(
    table: &Table,
    children: &[&Table],
    threads: usize,
    progress: &mut dyn FnMut(Progress),
) -> Result<u64, SolveError> {
    let ctx = SectorContext::new(sector_of(table), children)?;
    let total = ctx.index.len();
    let opponents = MoverSets::get(ctx.index.opponent);
    let n = opponents.canonical.len();
    let per_opponent = total / n as u64;
    let done = AtomicU64::new(0);
    let results = run_parallel(
        threads,
        n.div_ceil(IDS_PER_TASK),
        |task, checks: &mut StoredChecks| {
            let ids = task * IDS_PER_TASK..((task + 1) * IDS_PER_TASK).min(n);
            for_each_board_by_opponent(&ctx, &opponents, ids.clone(), |slot, own, group| {
                prefetch(&table.codes, slot as usize);
                checks.push(&table.codes, slot, ctx.value(own, group));
            });
            checks.flush(&table.codes);
            done.fetch_add(ids.len() as u64 * per_opponent, Ordering::Relaxed);
        },
        StoredChecks::new,
        || report_verify(progress, &done, total),
    );
    let (mover, opponent) = (table.index.mover, table.index.opponent);
    verify_result(
        results
            .iter()
            .map(|checks| checks.result(mover, opponent))
            .collect(),
    )
}
