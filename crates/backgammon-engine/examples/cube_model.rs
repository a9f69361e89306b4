//! The 0-ply cube decision of the cube model from given cubeless chances, for telling the
//! network's part of a cube error from the cube model's (issue 28, docs/benchmarks.md, "Cube
//! decisions"; the full tables in docs/notes/2026-12-03-backgammon-cube.md): reads
//! lines `PositionID MatchID [win win-gammon win-backgammon lose-gammon lose-backgammon]` on
//! stdin and prints for each `PositionID double take no-double double-take double-pass win
//! win-gammon win-backgammon lose-gammon lose-backgammon contact`: `double` and `take` are 1 or 0 (the
//! doubler's and the taker's decision, as the 0-ply player makes them), the equities are the
//! model's (money: points at the cube's value; match: match winning chance), the chances those
//! used: the given ones, or the shipped network's at 0 ply when none are given; `contact` is 1
//! for a position with contact, 0 for a race.
//!
//! `--contact-efficiency X` values contact positions with cube efficiency X instead of the
//! model's; exact bear-offs in money play are always exact. `--weights FILE` takes the chances
//! not given from that weights file (a network or a bundle, as `ludus backgammon fit` and
//! `bundle` write them) instead of the shipped network: a candidate's cube decisions without
//! a build that ships it.
//!
//! `cargo run --release -p ludus-backgammon-engine --example cube_model < lines.txt`

use ludus_backgammon::Position;
use ludus_backgammon_engine::bearoff::TwoSidedDb;
use ludus_backgammon_engine::classes::ClassNets;
use ludus_backgammon_engine::cube::{
    CubeDecision, Met, cube_decision, efficiency_for, exact_money_decision,
};
use ludus_backgammon_engine::eval::{Evaluator, NetEvaluator};
use ludus_backgammon_engine::match_context::MatchContext;
use ludus_backgammon_engine::probabilities::Probabilities;
use std::io::{BufRead, Write};

/// One input line: the position, its context and the chances to use, if given.
struct Request {
    id: String,
    position: Position,
    context: MatchContext,
    chances: Option<Probabilities>,
}

fn parse(line: &str) -> Result<Request, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let [id, match_id, rest @ ..] = words.as_slice() else {
        return Err(format!("expected a Position ID and a Match ID: {line:?}"));
    };
    let position = Position::from_position_id(id).map_err(|e| format!("{id}: {e}"))?;
    let context = MatchContext::from_match_id(match_id).map_err(|e| format!("{match_id}: {e}"))?;
    let chances = match rest {
        [] => None,
        [w, wg, wbg, lg, lbg] => {
            let number = |s: &str| s.parse::<f32>().map_err(|e| format!("{s:?}: {e}"));
            Some(Probabilities {
                win: number(w)?,
                win_gammon: number(wg)?,
                win_backgammon: number(wbg)?,
                lose_gammon: number(lg)?,
                lose_backgammon: number(lbg)?,
            })
        }
        _ => return Err(format!("expected five chances or none: {line:?}")),
    };
    Ok(Request {
        id: (*id).to_string(),
        position,
        context,
        chances,
    })
}

/// The decision the 0-ply player makes (`doubling::cube_decision_at` at 0 ply) from `p`, with
/// contact positions at `contact_efficiency` when given.
fn decide(request: &Request, p: &Probabilities, contact_efficiency: Option<f64>) -> CubeDecision {
    let context = &request.context;
    if context.is_money()
        && let Some(exact) =
            TwoSidedDb::for_beavers(context.money.beavers).cubeful(&request.position)
    {
        return exact_money_decision(&exact, p, context.cube);
    }
    let x = match contact_efficiency {
        Some(x) if !request.position.is_race() => x,
        _ => efficiency_for(&request.position, p),
    };
    let payoff = context.payoff(Met::get());
    cube_decision(payoff.as_ref(), p, context.cube, x)
}

/// The command line: the contact positions' cube efficiency and the network, when given.
struct Options {
    contact_efficiency: Option<f64>,
    evaluator: NetEvaluator,
}

fn options() -> Result<Options, String> {
    let usage = "usage: cube_model [--contact-efficiency X] [--weights FILE] < lines";
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut options = Options {
        contact_efficiency: None,
        evaluator: NetEvaluator::shipped(),
    };
    for pair in args.chunks(2) {
        match pair {
            [flag, x] if flag == "--contact-efficiency" => {
                let x = x
                    .parse()
                    .map_err(|e| format!("--contact-efficiency {x}: {e}"))?;
                options.contact_efficiency = Some(x);
            }
            [flag, file] if flag == "--weights" => {
                let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
                let nets = ClassNets::from_bytes(&bytes).map_err(|e| format!("{file}: {e}"))?;
                options.evaluator = NetEvaluator::from_classes(nets);
            }
            _ => return Err(usage.to_string()),
        }
    }
    Ok(options)
}

fn run() -> Result<(), String> {
    let Options {
        contact_efficiency: contact,
        evaluator,
    } = options()?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        if line.trim().is_empty() {
            continue;
        }
        let request = parse(&line)?;
        let p = request
            .chances
            .unwrap_or_else(|| evaluator.eval_any(&request.position));
        let d = decide(&request, &p, contact);
        writeln!(
            out,
            "{} {} {} {:.4} {:.4} {:.4} {:.4} {:.4} {:.4} {:.4} {:.4} {}",
            request.id,
            u8::from(d.action.is_double()),
            u8::from(d.is_take()),
            d.no_double,
            d.double_take,
            d.double_pass,
            p.win,
            p.win_gammon,
            p.win_backgammon,
            p.lose_gammon,
            p.lose_backgammon,
            u8::from(!request.position.is_race())
        )
        .map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn main() {
    if let Err(message) = run() {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}
