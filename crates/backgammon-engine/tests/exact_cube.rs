//! Exact cubeful money values of the two-sided bearoff database against a dynamic programme
//! written here, independently of the engine (its own bear-off move generator, its own
//! recursion over the three cube states), for every pair of positions of at most three checkers
//! a side, without and with beavers; the Jacoby rule (no effect without gammons); and the
//! textbook last-roll position.

use ludus_backgammon::RelativeSide;
use ludus_backgammon::{Position, Xgid};
use ludus_backgammon_engine::NetEvaluator;
use ludus_backgammon_engine::bearoff::TwoSidedDb;
use ludus_backgammon_engine::cube::{CubeAction, CubeState, MoneyOptions};
use ludus_backgammon_engine::doubling::cube_decision_at;
use ludus_backgammon_engine::match_context::MatchContext;
use std::collections::{BTreeSet, HashMap};

/// Home-board counts of one side, points 1..=6.
type Home = [u8; 6];

/// Most checkers a side in the oracle.
const ORACLE_CHECKERS: u8 = 3;

/// Every home board of 1..=`ORACLE_CHECKERS` checkers.
fn homes() -> Vec<Home> {
    let mut out = Vec::new();
    for code in 0..4u32.pow(6) {
        let mut h = [0u8; 6];
        let mut c = code;
        for slot in &mut h {
            *slot = (c % 4) as u8;
            c /= 4;
        }
        let n: u8 = h.iter().sum();
        if (1..=ORACLE_CHECKERS).contains(&n) {
            out.push(h);
        }
    }
    out
}

/// The boards one die `d` can reach from `h` (bear-off rules: exact bear-off, or from the highest
/// point when the die is larger than it).
fn one_die(h: &Home, d: usize) -> Vec<Home> {
    let highest = (0..6).rev().find(|&i| h[i] > 0);
    let mut out = Vec::new();
    for from in 0..6 {
        if h[from] == 0 {
            continue;
        }
        let point = from + 1;
        let mut next = *h;
        next[from] -= 1;
        if point > d {
            next[point - d - 1] += 1;
        } else if point < d && highest != Some(from) {
            continue;
        }
        out.push(next);
    }
    out
}

/// The boards a roll reaches, using as many dice as possible (the larger die when only one of two
/// can be played).
fn roll_results(h: &Home, a: usize, b: usize) -> Vec<Home> {
    let sequences: Vec<Vec<usize>> = if a == b {
        vec![vec![a; 4]]
    } else {
        vec![vec![a, b], vec![b, a]]
    };
    let mut best: BTreeSet<Home> = BTreeSet::new();
    let mut best_len = 0;
    let mut best_die = 0;
    for seq in sequences {
        let mut frontier = vec![(*h, 0usize, 0usize)];
        let mut done = Vec::new();
        while let Some((board, used, last)) = frontier.pop() {
            let next = if used < seq.len() && board.iter().any(|&c| c > 0) {
                one_die(&board, seq[used])
            } else {
                Vec::new()
            };
            if next.is_empty() {
                done.push((board, used, last));
            }
            for n in next {
                frontier.push((n, used + 1, seq[used]));
            }
        }
        for (board, used, die) in done {
            let better = used > best_len || (used == best_len && used == 1 && die > best_die);
            if better {
                best.clear();
                best_len = used;
                best_die = die;
            }
            if used == best_len && (used != 1 || die == best_die) {
                best.insert(board);
            }
        }
    }
    best.into_iter().collect()
}

/// Oracle values per unit of cube, side on roll: (P(win), centred on roll, owned on roll,
/// opponent owns; and the centred / owned no-double values).
#[derive(Clone, Copy, Debug)]
struct Values {
    win: f64,
    centred: f64,
    owned: f64,
    theirs: f64,
    hold_centred: f64,
    hold_owned: f64,
}

/// The oracle's memo: the values of each pair, with beavers allowed or not.
struct Oracle {
    beavers: bool,
    memo: HashMap<(Home, Home), Values>,
}

impl Oracle {
    fn new(beavers: bool) -> Oracle {
        Oracle {
            beavers,
            memo: HashMap::new(),
        }
    }
}

fn solve(me: Home, them: Home, oracle: &mut Oracle) -> Values {
    if let Some(v) = oracle.memo.get(&(me, them)) {
        return *v;
    }
    let mut sums = [0.0f64; 4];
    for a in 1..=6 {
        for b in 1..=6 {
            let mut best = [f64::NEG_INFINITY; 4];
            for next in roll_results(&me, a, b) {
                let v = if next.iter().all(|&c| c == 0) {
                    [1.0; 4]
                } else {
                    let o = solve(them, next, oracle);
                    [1.0 - o.win, -o.centred, -o.theirs, -o.owned]
                };
                for i in 0..4 {
                    best[i] = best[i].max(v[i]);
                }
            }
            for i in 0..4 {
                sums[i] += best[i] / 36.0;
            }
        }
    }
    let [win, hold_centred, hold_owned, theirs] = sums;
    // Doubled, the opponent takes (owning twice the cube), passes, or with beavers, when it is
    // ahead, beavers (owning four times the cube).
    let taken = if oracle.beavers && theirs < 0.0 {
        4.0 * theirs
    } else {
        2.0 * theirs
    };
    let double = taken.min(1.0);
    let v = Values {
        win,
        centred: hold_centred.max(double),
        owned: hold_owned.max(double),
        theirs,
        hold_centred,
        hold_owned,
    };
    oracle.memo.insert((me, them), v);
    v
}

fn position(me: &Home, them: &Home) -> Position {
    let side = |h: &Home| {
        let mut s = [0u8; 26];
        s[1..=6].copy_from_slice(h);
        s
    };
    Position::from_board(side(me), side(them)).expect("a bearoff board")
}

/// The largest gap between `db` and the oracle over every pair of at most three checkers a side.
fn largest_gap(db: &TwoSidedDb, oracle: &mut Oracle) -> f64 {
    let boards = homes();
    assert!(boards.len() == 83, "{} boards", boards.len());
    let mut worst = 0.0f64;
    for me in &boards {
        for them in &boards {
            let o = solve(*me, *them, oracle);
            let e = db.cubeful(&position(me, them)).expect("in the database");
            let w = f64::from(db.win_probability(&position(me, them)).expect("in range"));
            for (a, b) in [
                (w, o.win),
                (e.no_double_centred, o.hold_centred),
                (e.no_double_owned, o.hold_owned),
                (e.opponent_owns, o.theirs),
                (e.on_roll(false), o.centred),
                (e.on_roll(true), o.owned),
            ] {
                worst = worst.max((a - b).abs());
            }
        }
    }
    worst
}

#[test]
fn the_two_sided_database_is_exact_against_an_independent_programme() {
    let worst = largest_gap(TwoSidedDb::get(), &mut Oracle::new(false));
    assert!(worst < 2e-5, "largest gap to the oracle {worst}");
}

#[test]
fn with_beavers_the_database_is_exact_and_a_trailer_is_beavered() {
    let db = TwoSidedDb::with_beavers();
    let worst = largest_gap(db, &mut Oracle::new(true));
    assert!(
        worst < 2e-5,
        "largest gap to the oracle with beavers {worst}"
    );
    // Two checkers on the 6 point against one on the 1 point: the side on roll is far behind;
    // a double would be beavered, so its double/take is four times its value the other owning.
    let behind = position(&[0, 0, 0, 0, 0, 2], &[1, 0, 0, 0, 0, 0]);
    let exact = db.cubeful(&behind).expect("in the database");
    assert!(exact.opponent_owns < 0.0, "{exact:?}");
    assert!((exact.double_take() - 4.0 * exact.opponent_owns).abs() < 1e-9);
    let context = MatchContext::default().with_money_options(MoneyOptions {
        beavers: true,
        jacoby: false,
    });
    let (_, d) = cube_decision_at(&NetEvaluator::shipped(), &behind, &context, 0);
    assert_eq!(d.action, CubeAction::NoDoubleBeaver);
    assert!(
        (d.double_take - 4.0 * exact.opponent_owns).abs() < 1e-6,
        "{d:?}"
    );
    let plain = TwoSidedDb::get().cubeful(&behind).expect("in the database");
    assert!((plain.double_take() - 2.0 * plain.opponent_owns).abs() < 1e-9);
}

#[test]
fn the_jacoby_rule_changes_no_exact_bearoff_value() {
    // No gammon is possible with at most six checkers left: the rule has nothing to act on.
    let evaluator = NetEvaluator::shipped();
    let jacoby = MatchContext::default().with_money_options(MoneyOptions {
        jacoby: true,
        beavers: false,
    });
    let boards = homes();
    for (me, them) in boards.iter().zip(boards.iter().rev()).step_by(7) {
        let at = position(me, them);
        let (_, with) = cube_decision_at(&evaluator, &at, &jacoby, 1);
        let (_, without) = cube_decision_at(&evaluator, &at, &MatchContext::default(), 1);
        assert_eq!(with.action, without.action);
        for (a, b) in [
            (with.no_double, without.no_double),
            (with.double_take, without.double_take),
            (with.equity, without.equity),
        ] {
            assert!((a - b).abs() < 1e-12, "{me:?} {them:?}: {a} {b}");
        }
    }
}

/// One decision of the side on roll (centred or owned) or of its opponent (take or pass).
struct Judged {
    right: bool,
    error: f64,
}

#[test]
fn cube_decisions_in_small_bearoffs_are_right_where_it_matters() {
    let evaluator = NetEvaluator::shipped();
    let mut oracle = Oracle::new(false);
    let boards = homes();
    let mut judged = Vec::new();
    // Every fifth pair keeps the test short; both cube states of each.
    for (i, me) in boards.iter().enumerate() {
        for (j, them) in boards.iter().enumerate() {
            if !(i * boards.len() + j).is_multiple_of(5) {
                continue;
            }
            let o = solve(*me, *them, &mut oracle);
            for owner in [None, Some(RelativeSide::Player)] {
                let context = MatchContext {
                    cube: CubeState { value: 2, owner },
                    ..MatchContext::default()
                };
                let (_, d) = cube_decision_at(&evaluator, &position(me, them), &context, 0);
                let hold = if owner.is_none() {
                    o.hold_centred
                } else {
                    o.hold_owned
                };
                let (dt, dp) = (2.0 * o.theirs, 1.0);
                let best_response = dt.min(dp);
                if (best_response - hold).abs() >= 0.02 {
                    let doubled = d.action.is_double();
                    let got = if doubled { best_response } else { hold };
                    let best = hold.max(best_response);
                    judged.push(Judged {
                        right: doubled == (best_response > hold),
                        error: best - got,
                    });
                }
                if (dt - dp).abs() >= 0.02 {
                    let take = d.is_take();
                    let got = if take { dt } else { dp };
                    judged.push(Judged {
                        right: take == (dt <= dp),
                        error: got - best_response,
                    });
                }
            }
        }
    }
    let right = judged.iter().filter(|j| j.right).count();
    let mean = judged.iter().map(|j| j.error).sum::<f64>() / judged.len() as f64;
    assert!(judged.len() > 1000, "{} decisions", judged.len());
    assert!(
        right * 100 >= judged.len() * 99,
        "{right} of {}",
        judged.len()
    );
    assert!(mean <= 0.005, "mean error {mean}");
}

/// The textbook last roll (the side on roll bears off with 23 rolls of 36, the opponent is off
/// next turn), cube centred, in a match of `length` points at 0-0 (0: money), and its context.
fn textbook(length: u32) -> (Xgid, MatchContext) {
    let text = format!("XGID=--A-A-------------------b-:0:0:1:00:0:0:0:{length}:10");
    let xgid: Xgid = text.parse().expect("a valid XGID");
    let context = MatchContext::from_match_state(&xgid.state).expect("cube centred, 0-0");
    (xgid, context)
}

#[test]
fn the_textbook_last_roll_says_double_take() {
    let (xgid, context) = textbook(0);
    for plies in [0, 1, 2] {
        let (_, d) = cube_decision_at(&NetEvaluator::shipped(), &xgid.position, &context, plies);
        assert_eq!(d.action, CubeAction::DoubleTake, "{plies} plies");
        assert!((d.no_double - 10.0 / 36.0).abs() < 1e-5, "{}", d.no_double);
        assert!(
            (d.double_take - 20.0 / 36.0).abs() < 1e-5,
            "{}",
            d.double_take
        );
        assert!((d.double_pass - 1.0).abs() < 1e-12);
        assert!((1.0 - d.take_point - 0.25).abs() < 0.01, "{}", d.take_point);
    }
}

#[test]
fn the_last_roll_at_a_match_score_is_exact_at_every_depth() {
    use ludus_backgammon::CrawfordStage;
    use ludus_backgammon_engine::cube::Met;
    let (xgid, context) = textbook(5);
    let met = Met::get();
    let after = |a, b| met.after_game(a, b, CrawfordStage::Before);
    let (hit, miss) = (23.0 / 36.0, 13.0 / 36.0);
    let no_double = hit * after(4, 5) + miss * after(5, 4);
    let double_take = hit * after(3, 5) + miss * after(5, 3);
    for plies in [0, 1, 2] {
        let (_, d) = cube_decision_at(&NetEvaluator::shipped(), &xgid.position, &context, plies);
        assert!(
            (d.no_double - no_double).abs() < 1e-4,
            "{plies}: {}",
            d.no_double
        );
        assert!(
            (d.double_take - double_take).abs() < 1e-4,
            "{plies}: {}",
            d.double_take
        );
        assert!((d.double_pass - after(4, 5)).abs() < 1e-9);
    }
}
