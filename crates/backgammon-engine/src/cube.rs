//! Cubeful equity and cube decisions, for money and match play, and the match equity table.
//!
//! # The model
//! Janowski's interpolation (R. Janowski, "Take-Points in Money Games", 1993): the cubeful equity
//! is `x · E_live + (1 − x) · E_dead`, where `E_dead` is the cubeless equity (the cube never moves
//! again), `E_live` the equity when the winning chance `p` moves continuously (a perfectly
//! efficient cube), and `x` the cube efficiency, by position class as gnubg's manual documents
//! ([`cube_efficiency`]); in the two-sided bearoff database money values are exact
//! ([`exact_money_decision`]) and match play uses the effective efficiency
//! ([`effective_efficiency`]).
//!
//! `E_live` follows Keeler & Spencer ("Optimal Doubling in Backgammon", Operations Research 23,
//! 1975), extended to gammons and match scores as in Zadeh & Kobliska ("On Optimal Doubling in
//! Backgammon", Management Science 23, 1977): with a continuous `p`, the equity of each cube state
//! is piecewise linear in `p` between `p = 0` (the game is lost: the average loss `L`), the cash
//! points where a double is passed, and `p = 1` (the average win `W`). A side doubles when the
//! other is at its take point. Cash points at cube `c` come from the curves at cube `2c`, so the
//! curves are built from the highest useful cube down. Each curve is kept on a grid of
//! [`GRID`] + 1 values of `p` and combined with min / max for the option to double at once.
//!
//! Payoffs are abstract ([`Payoff`]): money points, or match winning chances from the table.
//!
//! # The match equity table
//! [`Met`] is computed by Ludus with the same live-cube model, from a single parameter: the
//! gammon rate `g` (share of games won that are gammons; [`DEFAULT_GAMMON_RATE`]). Pre-Crawford
//! games are played with a live cube from the centre at `p = 1/2`; the Crawford game with no cube;
//! post-Crawford games with a cube that only the trailer turns. The table is exact for that model
//! (it is not a published table: the numbers differ from Kazaross-XG2 by a few percent).

use crate::bearoff::{ExactCube, TwoSidedDb};
use crate::probabilities::Probabilities;
use ludus_backgammon::{CrawfordStage, Position, RelativeSide};
use std::sync::OnceLock;

/// Points on the `p` grid of the live-cube curves.
pub const GRID: usize = 400;
/// The cube's ceiling (the physical cube: 64).
pub const MAX_CUBE: u32 = 64;
/// Cube efficiency for contact positions (gnubg's documented default).
pub const CONTACT_EFFICIENCY: f64 = 0.68;
/// Share of games that end as gammons, used for the match equity table.
pub const DEFAULT_GAMMON_RATE: f64 = 0.26;
/// Largest match length in the table.
pub const MET_SIZE: usize = 25;

/// What the end of a game is worth to the side on roll.
pub trait Payoff {
    /// Value for me when I win `points` (cube × 1, 2 or 3).
    fn win(&self, points: u32) -> f64;
    /// Value for me when I lose `points`.
    fn lose(&self, points: u32) -> f64;
    /// Whether `me` (true) or the opponent (false) may usefully double a cube of value `cube`.
    fn can_double(&self, me: bool, cube: u32) -> bool;
    /// The money game's optional rules in force (none in match play).
    fn money_options(&self) -> MoneyOptions {
        MoneyOptions::default()
    }
}

/// Money play: the value is the points.
#[derive(Clone, Copy, Debug, Default)]
pub struct Money;

impl Payoff for Money {
    fn win(&self, points: u32) -> f64 {
        f64::from(points)
    }
    fn lose(&self, points: u32) -> f64 {
        -f64::from(points)
    }
    fn can_double(&self, _: bool, cube: u32) -> bool {
        cube < MAX_CUBE
    }
}

/// The optional rules of a money game, as gnubg offers them: the Jacoby rule (gammons and
/// backgammons count single while the cube has not been turned) and beavers (a side doubled may
/// take and at once redouble, keeping the cube). As a [`Payoff`]: money play under them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoneyOptions {
    /// Gammons count single while the cube is centred.
    pub jacoby: bool,
    /// A double may be beavered.
    pub beavers: bool,
}

impl Payoff for MoneyOptions {
    fn win(&self, points: u32) -> f64 {
        Money.win(points)
    }
    fn lose(&self, points: u32) -> f64 {
        Money.lose(points)
    }
    fn can_double(&self, me: bool, cube: u32) -> bool {
        Money.can_double(me, cube)
    }
    fn money_options(&self) -> MoneyOptions {
        *self
    }
}

/// The doubler's value after a double is accepted, `double_take` (its value with the opponent
/// owning twice the cube): under beavers, where that is negative the opponent beavers (the cube
/// at four times, still the opponent's), which doubles the doubler's loss.
pub fn after_double(pay: &dyn Payoff, double_take: f64) -> f64 {
    if pay.money_options().beavers && double_take < 0.0 {
        2.0 * double_take
    } else {
        double_take
    }
}

/// The probabilities a centred cube is valued by: under the Jacoby rule gammons and backgammons
/// count single until the cube is turned, so they are taken out (wins and losses kept).
pub fn held_probabilities(pay: &dyn Payoff, p: &Probabilities, cube: CubeState) -> Probabilities {
    if pay.money_options().jacoby && cube.owner.is_none() {
        Probabilities {
            win: p.win,
            ..Probabilities::default()
        }
    } else {
        *p
    }
}

/// Match play: the value is the chance to win the match, from the table.
#[derive(Clone, Copy, Debug)]
pub struct MatchPayoff<'a> {
    /// Points I still need.
    pub away_me: u32,
    /// Points the opponent still needs.
    pub away_opponent: u32,
    /// The Crawford stage of this game.
    pub crawford: CrawfordStage,
    /// The table for the scores after this game.
    pub met: &'a Met,
}

impl Payoff for MatchPayoff<'_> {
    fn win(&self, points: u32) -> f64 {
        self.met.after_game(
            self.away_me.saturating_sub(points),
            self.away_opponent,
            self.crawford,
        )
    }
    fn lose(&self, points: u32) -> f64 {
        self.met.after_game(
            self.away_me,
            self.away_opponent.saturating_sub(points),
            self.crawford,
        )
    }
    fn can_double(&self, me: bool, cube: u32) -> bool {
        let away = if me { self.away_me } else { self.away_opponent };
        self.crawford != CrawfordStage::ThisGame && cube < MAX_CUBE && cube < away
    }
}

/// How wins and losses split into single, gammon and backgammon (each row sums to 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcomes {
    /// Shares of my wins: single, gammon (only), backgammon.
    pub win: [f64; 3],
    /// Shares of my losses: single, gammon (only), backgammon.
    pub lose: [f64; 3],
}

impl Outcomes {
    /// The same gammon rate `g` for both sides, no backgammons.
    pub fn symmetric(g: f64) -> Outcomes {
        Outcomes {
            win: [1.0 - g, g, 0.0],
            lose: [1.0 - g, g, 0.0],
        }
    }

    /// The split of a position's probabilities.
    pub fn of(p: &Probabilities) -> Outcomes {
        let split = |total: f32, g: f32, bg: f32| {
            if total <= f32::EPSILON {
                return [1.0, 0.0, 0.0];
            }
            let t = f64::from(total);
            let (g, bg) = (f64::from(g), f64::from(bg));
            [(t - g) / t, (g - bg) / t, bg / t]
        };
        Outcomes {
            win: split(p.win, p.win_gammon, p.win_backgammon),
            lose: split(1.0 - p.win, p.lose_gammon, p.lose_backgammon),
        }
    }

    /// Average value of a win at cube `c`.
    fn win_value(&self, pay: &dyn Payoff, c: u32) -> f64 {
        self.win[0] * pay.win(c) + self.win[1] * pay.win(2 * c) + self.win[2] * pay.win(3 * c)
    }

    /// Average value of a loss at cube `c`.
    fn lose_value(&self, pay: &dyn Payoff, c: u32) -> f64 {
        self.lose[0] * pay.lose(c) + self.lose[1] * pay.lose(2 * c) + self.lose[2] * pay.lose(3 * c)
    }
}

/// A piecewise-linear function of `p` on the grid.
#[derive(Clone, Debug)]
struct Curve(Vec<f64>);

impl Curve {
    fn through(points: &[(f64, f64)]) -> Curve {
        let mut pts: Vec<(f64, f64)> = points.to_vec();
        pts.sort_by(|a, b| a.0.total_cmp(&b.0));
        Curve(
            (0..=GRID)
                .map(|i| interpolate(&pts, i as f64 / GRID as f64))
                .collect(),
        )
    }

    fn at(&self, p: f64) -> f64 {
        let x = p.clamp(0.0, 1.0) * GRID as f64;
        let i = (x.floor() as usize).min(GRID - 1);
        let t = x - i as f64;
        self.0[i] * (1.0 - t) + self.0[i + 1] * t
    }

    /// The smallest `p` where the (increasing) curve reaches `value`, clamped to [0, 1].
    fn crossing(&self, value: f64) -> f64 {
        if self.0[0] >= value {
            return 0.0;
        }
        for i in 0..GRID {
            let (a, b) = (self.0[i], self.0[i + 1]);
            if b >= value {
                let t = if b > a { (value - a) / (b - a) } else { 0.0 };
                return (i as f64 + t) / GRID as f64;
            }
        }
        1.0
    }

    fn zip(&self, other: &Curve, f: impl Fn(f64, f64) -> f64) -> Curve {
        Curve(
            self.0
                .iter()
                .zip(&other.0)
                .map(|(&a, &b)| f(a, b))
                .collect(),
        )
    }
}

fn interpolate(pts: &[(f64, f64)], p: f64) -> f64 {
    for w in pts.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if p <= x1 {
            if x1 - x0 <= f64::EPSILON {
                return y1;
            }
            return y0 + (y1 - y0) * (p - x0) / (x1 - x0);
        }
    }
    pts.last().map_or(0.0, |&(_, y)| y)
}

/// The live-cube curves of one cube value.
#[derive(Clone, Debug)]
struct Level {
    /// I own the cube: equity with my option to double now or later.
    me: Curve,
    /// The opponent owns the cube.
    opponent: Curve,
    /// Centred cube, both options.
    centered: Curve,
    /// Centred / owned hold curves (no double now), for decisions.
    centered_hold: Curve,
    me_hold: Curve,
}

/// Live-cube curves for cube `c` (recursing to `2c` while someone can double).
fn live_level(pay: &dyn Payoff, out: &Outcomes, c: u32) -> Level {
    let w = out.win_value(pay, c);
    let l = out.lose_value(pay, c);
    let line = Curve::through(&[(0.0, l), (1.0, w)]);
    let me_can = pay.can_double(true, c);
    let opp_can = pay.can_double(false, c);
    if !me_can && !opp_can {
        return Level {
            me: line.clone(),
            opponent: line.clone(),
            centered: line.clone(),
            centered_hold: line.clone(),
            me_hold: line,
        };
    }
    let next = live_level(pay, out, 2 * c);
    let my_cash = pay.win(c);
    let their_cash = pay.lose(c);
    // I double at my cash point: where the opponent's take (it owns 2c) is worth my cash.
    let cp = next.opponent.crossing(my_cash);
    // The opponent doubles where my take (I own 2c) is worth its cash.
    let po = next.me.crossing(their_cash);
    let my_double = next.opponent.zip(&next.opponent, |t, _| t.min(my_cash));
    let their_double = next.me.zip(&next.me, |t, _| t.max(their_cash));
    let me_hold = if me_can {
        Curve::through(&[(0.0, l), (cp, my_cash), (1.0, w)])
    } else {
        line.clone()
    };
    let me = if me_can {
        me_hold.zip(&my_double, f64::max)
    } else {
        line.clone()
    };
    let opp_hold = if opp_can {
        Curve::through(&[(0.0, l), (po, their_cash), (1.0, w)])
    } else {
        line.clone()
    };
    let opponent = if opp_can {
        opp_hold.zip(&their_double, f64::min)
    } else {
        line.clone()
    };
    let mut pts = vec![(0.0, l), (1.0, w)];
    if me_can {
        pts.push((cp, my_cash));
    }
    if opp_can {
        pts.push((po.min(cp), their_cash));
    }
    let centered_hold = Curve::through(&pts);
    let mut centered = centered_hold.clone();
    if me_can {
        centered = centered.zip(&my_double, f64::max);
    }
    if opp_can {
        centered = centered.zip(&their_double, f64::min);
    }
    Level {
        me,
        opponent,
        centered,
        centered_hold,
        me_hold,
    }
}

/// The match equity table: my chance to win the match when I need `a` points and the opponent
/// `b`, at the start of a game.
#[derive(Clone, Debug)]
pub struct Met {
    gammon_rate: f64,
    /// `before[a][b]`: a game before the Crawford game (or double match point).
    before: Vec<Vec<f64>>,
    /// `crawford[a][b]`: the Crawford game (one side 1-away).
    crawford: Vec<Vec<f64>>,
    /// `after[a][b]`: a post-Crawford game.
    after: Vec<Vec<f64>>,
}

impl Met {
    /// Computes the table for matches up to [`MET_SIZE`] points with gammon rate `g`.
    pub fn compute(gammon_rate: f64) -> Met {
        let n = MET_SIZE + 1;
        let mut met = Met {
            gammon_rate,
            before: vec![vec![0.5; n]; n],
            crawford: vec![vec![0.5; n]; n],
            after: vec![vec![0.5; n]; n],
        };
        let out = Outcomes::symmetric(gammon_rate);
        // Every entry depends only on entries with a smaller a + b.
        for total in 2..=2 * MET_SIZE {
            for a in 1..=MET_SIZE {
                let Some(b) = total
                    .checked_sub(a)
                    .filter(|&b| (1..=MET_SIZE).contains(&b))
                else {
                    continue;
                };
                for stage in [
                    CrawfordStage::After,
                    CrawfordStage::ThisGame,
                    CrawfordStage::Before,
                ] {
                    let pay = MatchPayoff {
                        away_me: a as u32,
                        away_opponent: b as u32,
                        crawford: stage,
                        met: &met,
                    };
                    let value = live_level(&pay, &out, 1).centered.at(0.5);
                    match stage {
                        CrawfordStage::After => met.after[a][b] = value,
                        CrawfordStage::ThisGame => met.crawford[a][b] = value,
                        CrawfordStage::Before => met.before[a][b] = value,
                    }
                }
            }
        }
        met
    }

    /// The table with [`DEFAULT_GAMMON_RATE`], computed once.
    pub fn get() -> &'static Met {
        static MET: OnceLock<Met> = OnceLock::new();
        MET.get_or_init(|| Met::compute(DEFAULT_GAMMON_RATE))
    }

    /// The gammon rate the table was computed with.
    pub fn gammon_rate(&self) -> f64 {
        self.gammon_rate
    }

    /// My match winning chance at the start of a game, needing `a`, the opponent `b` points.
    pub fn equity(&self, a: u32, b: u32, stage: CrawfordStage) -> f64 {
        if a == 0 {
            return 1.0;
        }
        if b == 0 {
            return 0.0;
        }
        let (a, b) = (
            a.min(MET_SIZE as u32) as usize,
            b.min(MET_SIZE as u32) as usize,
        );
        match stage {
            CrawfordStage::Before => self.before[a][b],
            CrawfordStage::ThisGame => self.crawford[a][b],
            CrawfordStage::After => self.after[a][b],
        }
    }

    /// The match winning chance at the start of the next game, after a game played in `stage`
    /// left the scores at `a` and `b` away.
    pub fn after_game(&self, a: u32, b: u32, stage: CrawfordStage) -> f64 {
        if a == 0 || b == 0 {
            return self.equity(a, b, CrawfordStage::Before);
        }
        let next = match stage {
            CrawfordStage::Before if a == 1 && b == 1 => CrawfordStage::Before,
            CrawfordStage::Before if a == 1 || b == 1 => CrawfordStage::ThisGame,
            CrawfordStage::Before => CrawfordStage::Before,
            _ => CrawfordStage::After,
        };
        self.equity(a, b, next)
    }
}

/// The cube as the side on roll sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CubeState {
    /// The cube's value.
    pub value: u32,
    /// Who owns it, relative to the side on roll; `None` while it is in the middle.
    pub owner: Option<RelativeSide>,
}

impl Default for CubeState {
    fn default() -> Self {
        CubeState {
            value: 1,
            owner: None,
        }
    }
}

/// The right cube action for the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeAction {
    /// Not allowed to double here (opponent owns the cube, Crawford game, dead cube).
    NoDoubleAvailable,
    /// Don't double; if doubled the opponent should take.
    NoDoubleTake,
    /// Double; the opponent should take.
    DoubleTake,
    /// Double; the opponent should pass.
    DoublePass,
    /// Too good to double: play on for a gammon (the opponent would pass).
    TooGoodPass,
    /// Too good to double: playing on is worth more than the opponent's pass, though a double
    /// would be taken (gnubg's "too good to double, take").
    TooGoodTake,
    /// Don't double; if doubled the opponent should beaver (money play with beavers).
    NoDoubleBeaver,
    /// Double; the opponent should beaver (money play with beavers).
    DoubleBeaver,
}

impl CubeAction {
    /// The right action of a side that may double, from the equities of no double, double/take
    /// and double/pass: double when the opponent's better answer beats not doubling; too good
    /// when not doubling beats the pass (gnubg's classification).
    pub fn of(no_double: f64, double_take: f64, double_pass: f64) -> CubeAction {
        if double_take.min(double_pass) > no_double {
            if double_take <= double_pass {
                CubeAction::DoubleTake
            } else {
                CubeAction::DoublePass
            }
        } else if double_take > double_pass {
            CubeAction::TooGoodPass
        } else if no_double > double_pass {
            CubeAction::TooGoodTake
        } else {
            CubeAction::NoDoubleTake
        }
    }

    /// True for the actions that double: double/take, double/beaver and double/pass.
    pub fn is_double(self) -> bool {
        matches!(
            self,
            CubeAction::DoubleTake | CubeAction::DoublePass | CubeAction::DoubleBeaver
        )
    }

    /// The action when the opponent's answer to a double is a beaver rather than a take.
    pub fn beavered(self) -> CubeAction {
        match self {
            CubeAction::NoDoubleTake => CubeAction::NoDoubleBeaver,
            CubeAction::DoubleTake => CubeAction::DoubleBeaver,
            other => other,
        }
    }

    /// The action in gnubg's words, lower case ("double, take"); `redouble` when the side on
    /// roll owns the cube ("redouble, take").
    pub fn words(self, redouble: bool) -> String {
        let verb = if redouble { "redouble" } else { "double" };
        let (before, answer) = match self {
            CubeAction::NoDoubleAvailable => return "no double (cube not available)".to_string(),
            CubeAction::NoDoubleTake | CubeAction::NoDoubleBeaver => ("no ", self.answer()),
            CubeAction::TooGoodPass | CubeAction::TooGoodTake => ("too good to ", self.answer()),
            CubeAction::DoubleTake | CubeAction::DoublePass | CubeAction::DoubleBeaver => {
                ("", self.answer())
            }
        };
        format!("{before}{verb}, {answer}")
    }

    /// The doubled side's answer the action implies.
    fn answer(self) -> &'static str {
        match self {
            CubeAction::DoublePass | CubeAction::TooGoodPass => "pass",
            CubeAction::NoDoubleBeaver | CubeAction::DoubleBeaver => "beaver",
            _ => "take",
        }
    }

    /// A stable code of [`CubeAction::words`] for front ends that translate it: the words'
    /// letters joined by hyphens ("double-take", "too-good-to-redouble-pass"; "not-available").
    pub fn code(self, redouble: bool) -> String {
        if self == CubeAction::NoDoubleAvailable {
            return "not-available".to_string();
        }
        self.words(redouble).replace(", ", "-").replace(' ', "-")
    }
}

impl std::fmt::Display for CubeAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(false))
    }
}

/// A cube decision with the equities behind it, in the payoff's units (money: points per game
/// for the current cube value normalised to 1; match: match winning chance).
#[derive(Clone, Copy, Debug)]
pub struct CubeDecision {
    /// The right action.
    pub action: CubeAction,
    /// Cubeful equity if I don't double.
    pub no_double: f64,
    /// Cubeful equity after double, take.
    pub double_take: f64,
    /// Equity after double, pass.
    pub double_pass: f64,
    /// The opponent's take point: the largest P(I win) at which taking is right.
    pub take_point: f64,
    /// The cubeful equity with the right action.
    pub equity: f64,
    /// The dead-cube (cubeless) value in the same units.
    pub cubeless: f64,
    /// True when the equities are exact (the two-sided bearoff database, money play); false
    /// for the cube model or the cubeful lookahead.
    pub exact: bool,
}

impl CubeDecision {
    /// The decision of a side that may double, from the equities `[no double, double/take,
    /// double/pass]`: the right action ([`CubeAction::of`]) and the equity it gives.
    pub fn may_double(equities: [f64; 3], take_point: f64, cubeless: f64, exact: bool) -> Self {
        let [no_double, double_take, double_pass] = equities;
        CubeDecision {
            action: CubeAction::of(no_double, double_take, double_pass),
            no_double,
            double_take,
            double_pass,
            take_point,
            equity: no_double.max(double_take.min(double_pass)),
            cubeless,
            exact,
        }
    }

    /// True when the doubled side should take: taking costs the doubler no more than passing.
    pub fn is_take(&self) -> bool {
        self.double_take <= self.double_pass
    }
}

/// Cubeless value of the probabilities in the payoff's units at cube `c`.
pub fn dead_equity(pay: &dyn Payoff, p: &Probabilities, c: u32) -> f64 {
    let out = Outcomes::of(p);
    let w = f64::from(p.win);
    w * out.win_value(pay, c) + (1.0 - w) * out.lose_value(pay, c)
}

/// The cubeful equity of the side on roll with the cube as it is (Janowski's interpolation with
/// efficiency `x`), including its option to double now.
pub fn cubeful_equity(pay: &dyn Payoff, p: &Probabilities, cube: CubeState, x: f64) -> f64 {
    cube_decision(pay, p, cube, x).equity
}

/// The cube decision for the side on roll, before its roll.
/// Under the money options of `pay` ([`MoneyOptions`]): the Jacoby rule values a centred cube
/// without gammons, beavers double a negative double/take ([`after_double`]).
pub fn cube_decision(pay: &dyn Payoff, p: &Probabilities, cube: CubeState, x: f64) -> CubeDecision {
    let out = Outcomes::of(p);
    let pw = f64::from(p.win);
    let c = cube.value;
    let dead = dead_equity(pay, p, c);
    let mix = |live: f64, dead: f64| x * live + (1.0 - x) * dead;
    let held = held_probabilities(pay, p, cube);
    let hold_level = live_level(pay, &Outcomes::of(&held), c);
    let hold_live = match cube.owner {
        None => hold_level.centered_hold.at(pw),
        Some(RelativeSide::Player) => hold_level.me_hold.at(pw),
        Some(RelativeSide::Opponent) => hold_level.opponent.at(pw),
    };
    let no_double = mix(hold_live, dead_equity(pay, &held, c));
    let double_pass = pay.win(c);
    let may_double = cube.owner != Some(RelativeSide::Opponent) && pay.can_double(true, c);
    if !may_double {
        return CubeDecision {
            action: CubeAction::NoDoubleAvailable,
            no_double,
            double_take: no_double,
            double_pass,
            take_point: 1.0,
            equity: no_double,
            cubeless: dead,
            exact: false,
        };
    }
    let next = live_level(pay, &out, 2 * c);
    let dt_dead = dead_equity(pay, p, 2 * c);
    let taken = mix(next.opponent.at(pw), dt_dead);
    let double_take = after_double(pay, taken);
    // Take point: where the mixed double-take value reaches the pass value.
    let take_point = {
        let curve = Curve(
            (0..=GRID)
                .map(|i| {
                    let q = i as f64 / GRID as f64;
                    let dead_q =
                        q * out.win_value(pay, 2 * c) + (1.0 - q) * out.lose_value(pay, 2 * c);
                    mix(next.opponent.at(q), dead_q)
                })
                .collect(),
        );
        curve.crossing(double_pass)
    };
    let mut decision = CubeDecision::may_double(
        [no_double, double_take, double_pass],
        take_point,
        dead,
        false,
    );
    if double_take != taken {
        decision.action = decision.action.beavered();
    }
    decision
}

/// Pip counts between which the race efficiency is interpolated (gnubg's documented values).
const RACE_PIPS: (f64, f64) = (40.0, 120.0);
/// Race efficiencies at those pip counts.
const RACE_EFFICIENCIES: (f64, f64) = (0.6, 0.7);
/// Cube efficiency of a bearoff (both sides home) past the two-sided database.
pub const BEAROFF_EFFICIENCY: f64 = 0.6;

/// The cube efficiency of a position for Janowski's interpolation, by position class as gnubg's
/// manual documents ("The cube efficiency", after Janowski): contact [`CONTACT_EFFICIENCY`];
/// bearoff (both sides home) [`BEAROFF_EFFICIENCY`]; race: linear in the pip count of the side
/// on roll, 0.6 at 40 pips to 0.7 at 120, clamped. Two-sided bearoffs use
/// [`effective_efficiency`] instead.
pub fn cube_efficiency(position: &Position) -> f64 {
    if !position.is_race() {
        return CONTACT_EFFICIENCY;
    }
    if crate::bearoff::is_bearoff(position) {
        return BEAROFF_EFFICIENCY;
    }
    let pips = f64::from(position.pip_count().0);
    let t = ((pips - RACE_PIPS.0) / (RACE_PIPS.1 - RACE_PIPS.0)).clamp(0.0, 1.0);
    RACE_EFFICIENCIES.0 + t * (RACE_EFFICIENCIES.1 - RACE_EFFICIENCIES.0)
}

/// The cube efficiency for `position` with cubeless probabilities `p`: where the two-sided
/// bearoff database reaches, the efficiency that makes Janowski's money double/take value equal
/// the exact one (gnubg's documented treatment of match play in exact bearoffs); elsewhere
/// [`cube_efficiency`].
pub fn efficiency_for(position: &Position, p: &Probabilities) -> f64 {
    match TwoSidedDb::get().cubeful(position) {
        Some(exact) => effective_efficiency(&exact, p),
        None => cube_efficiency(position),
    }
}

/// The efficiency at which Janowski's money double/take value (centred cube, from `p`) equals
/// the exact one, clamped to [0, 1].
pub fn effective_efficiency(exact: &ExactCube, p: &Probabilities) -> f64 {
    let cube = CubeState::default();
    let dt = |x: f64| cube_decision(&Money, p, cube, x).double_take;
    let (dead, live) = (dt(0.0), dt(1.0));
    if (live - dead).abs() > 1e-9 {
        ((exact.double_take() - dead) / (live - dead)).clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// The exact money cube decision of a two-sided bearoff position ([`TwoSidedDb::cubeful`]) for
/// the cube `cube`, in points at the cube's value like [`cube_decision`]. `p` (the exact
/// cubeless probabilities) only serves the take point: the model's take point at the cube
/// efficiency that reproduces the exact double/take value (1 for a perfectly live cube, 0 for a
/// dead one, as in a last roll).
pub fn exact_money_decision(exact: &ExactCube, p: &Probabilities, cube: CubeState) -> CubeDecision {
    let c = f64::from(cube.value);
    let cubeless = c * exact.cubeless;
    let double_take = c * exact.double_take();
    let double_pass = c;
    let no_double = match cube.owner {
        None => c * exact.no_double_centred,
        Some(RelativeSide::Player) => c * exact.no_double_owned,
        Some(RelativeSide::Opponent) => {
            let value = c * exact.opponent_owns;
            return CubeDecision {
                action: CubeAction::NoDoubleAvailable,
                no_double: value,
                double_take: value,
                double_pass,
                take_point: 1.0,
                equity: value,
                cubeless,
                exact: true,
            };
        }
    };
    let mut decision = CubeDecision::may_double(
        [no_double, double_take, double_pass],
        effective_take_point(exact, p, cube),
        cubeless,
        true,
    );
    if exact.beavers && exact.opponent_owns < 0.0 {
        decision.action = decision.action.beavered();
    }
    decision
}

/// The model's take point at the cube efficiency whose double/take value matches the exact one.
fn effective_take_point(exact: &ExactCube, p: &Probabilities, cube: CubeState) -> f64 {
    cube_decision(&Money, p, cube, effective_efficiency(exact, p)).take_point
}

/// The exact cubeful money equity of the side on roll (before rolling) with the right cube
/// action now, in points at the cube's value, when the position is in the two-sided bearoff
/// database (under `options`: beavers change it, the Jacoby rule cannot, as no gammon is
/// possible there).
pub fn exact_money_equity(
    position: &Position,
    cube: CubeState,
    options: MoneyOptions,
) -> Option<f64> {
    let exact = TwoSidedDb::for_beavers(options.beavers).cubeful(position)?;
    let per_unit = match cube.owner {
        None => exact.on_roll(false),
        Some(RelativeSide::Player) => exact.on_roll(true),
        Some(RelativeSide::Opponent) => exact.opponent_owns,
    };
    Some(f64::from(cube.value) * per_unit)
}
