//! The engine commands of `ludus backgammon …`: arguments, progress bars and reports over
//! `ludus-backgammon-engine` (what plays). What trains and measures (`ludus_coach::backgammon`)
//! is the `ludus-coach` binary's; `ludus` hands those commands on to it (`crate::forward`).

use crate::args::LuckArg;
use crate::forward::Forwarded;
use crate::output::outln;
use crate::progress::counting_bar;
use crate::{CliError, CliResult};
use clap::{Args, Subcommand};
use ludus_backgammon::{Dice, Position};
use ludus_backgammon_engine::cube::MoneyOptions;
use ludus_backgammon_engine::doubling::cube_decision_at;
use ludus_backgammon_engine::match_context::{MatchContext, cubeful_equity_on_roll};
use ludus_backgammon_engine::rollout::{RolloutConfig, rollout};
use ludus_backgammon_engine::search::{eval_plies, rank_moves};
use ludus_backgammon_engine::{Evaluator, NetEvaluator, Probabilities};
use serde_json::{Value, json};
use std::time::Instant;

/// The engine subcommands of `ludus backgammon`, flattened into its command list.
#[derive(Debug, Subcommand)]
pub(crate) enum BackgammonEngineCommand {
    /// Train a network by self-play TD(lambda) (`ludus-coach backgammon train`).
    Train(Forwarded),
    /// Distil the shipped network into the pruning network (`ludus-coach backgammon
    /// train-pruning`).
    TrainPruning(Forwarded),
    /// Label self-play positions by the engine's lookahead (`ludus-coach backgammon label`).
    Label(Forwarded),
    /// Fit a network to labelled positions (`ludus-coach backgammon fit`).
    Fit(Forwarded),
    /// Bundle a network a position class into one weights file (`ludus-coach backgammon
    /// bundle`).
    Bundle(Forwarded),
    /// Play two players against each other with mirrored dice (`ludus-coach backgammon duel`).
    Duel(Forwarded),
    /// Equity lost per move by several players (`ludus-coach backgammon error-rate`).
    ErrorRate(Forwarded),
    /// Rank the legal plays of a roll by the network (n-ply lookahead).
    Best(BestArgs),
    /// Evaluate a position for the side on roll: win/gammon/backgammon chances and equity.
    Eval(EvalArgs),
    /// The cube decision for the side on roll, with the equities behind it.
    Cube(CubeArgs),
    /// Roll a position out with the 0-ply player (luck-adjusted, seeded).
    Rollout(RolloutArgs),
    /// Speak Ludus's line protocol for backgammon players on stdin/stdout (the engine at a
    /// level answers moves, cube decisions and evaluations).
    Player(crate::protocol_player::PlayerArgs),
}

/// The position and match context shared by the analysis commands.
#[derive(Debug, Args)]
pub(crate) struct PositionArgs {
    /// gnubg Position ID (side on roll first).
    #[arg(long)]
    position_id: String,
    /// gnubg Match ID: cube value and owner, score, Crawford (default: money, centred cube).
    #[arg(long)]
    match_id: Option<String>,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
}

/// Arguments of `ludus backgammon best`.
#[derive(Debug, Args)]
pub(crate) struct BestArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The roll, e.g. 31 (or taken from the match id).
    #[arg(long)]
    dice: Option<String>,
    /// Lookahead plies (0 to 3).
    #[arg(long, default_value_t = 0)]
    plies: u8,
}

/// Arguments of `ludus backgammon eval`.
#[derive(Debug, Args)]
pub(crate) struct EvalArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Lookahead plies (0 to 3).
    #[arg(long, default_value_t = 0)]
    plies: u8,
}

/// Arguments of `ludus backgammon cube`.
#[derive(Debug, Args)]
pub(crate) struct CubeArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Lookahead plies for the probabilities (0 to 3).
    #[arg(long, default_value_t = 0)]
    plies: u8,
    /// Money play under the Jacoby rule: gammons count single while the cube is centred.
    #[arg(long)]
    jacoby: bool,
    /// Money play with beavers: a side doubled may take and at once redouble, keeping the cube.
    #[arg(long)]
    beavers: bool,
}

/// Arguments of `ludus backgammon rollout`.
#[derive(Debug, Args)]
pub(crate) struct RolloutArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Games to play (a multiple of 36 keeps the first roll exactly stratified).
    #[arg(long, default_value_t = 1296)]
    games: u64,
    /// Seed of the dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop each game after this many plies and use the network there.
    #[arg(long)]
    truncate: Option<u32>,
    /// Do not subtract the luck of each roll (faster, noisier).
    #[arg(long)]
    no_luck_adjust: bool,
    /// How each roll's luck is valued: the full network's best play (`full`) or the pruned reply
    /// choice of the lookahead (`pruned`: about twice as fast, a little noisier).
    #[arg(long, value_enum, default_value_t = LuckArg::Full)]
    luck: LuckArg,
    /// Play the cube too (money, centred at 1, 0-ply cube decisions): the equity is cubeful.
    #[arg(long)]
    cubeful: bool,
    /// The rollout player's lookahead: 0 (the network's best play) or 1 (the engine's 1-ply
    /// search: stronger, about twice the time); luck and cube stay at 0 ply.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=1))]
    plies: u8,
}

/// Runs one engine command.
pub(crate) fn run(command: BackgammonEngineCommand) -> CliResult {
    match command {
        BackgammonEngineCommand::Train(args) => args.run("backgammon train"),
        BackgammonEngineCommand::TrainPruning(args) => args.run("backgammon train-pruning"),
        BackgammonEngineCommand::Label(args) => args.run("backgammon label"),
        BackgammonEngineCommand::Fit(args) => args.run("backgammon fit"),
        BackgammonEngineCommand::Bundle(args) => args.run("backgammon bundle"),
        BackgammonEngineCommand::Duel(args) => args.run("backgammon duel"),
        BackgammonEngineCommand::ErrorRate(args) => args.run("backgammon error-rate"),
        BackgammonEngineCommand::Best(args) => run_best(args),
        BackgammonEngineCommand::Eval(args) => run_eval(args),
        BackgammonEngineCommand::Cube(args) => run_cube(args),
        BackgammonEngineCommand::Rollout(args) => run_rollout(args),
        BackgammonEngineCommand::Player(args) => crate::protocol_player::run(args),
    }
}

/// Most plies the analysis commands accept (3-ply takes minutes).
const MAX_PLIES: u8 = 3;
/// Candidate lines printed by `best` without --json.
const BEST_LINES: usize = 10;

/// A parsed position and its context.
struct Setup {
    position: Position,
    context: MatchContext,
}

fn setup(args: &PositionArgs) -> Result<Setup, CliError> {
    let position = Position::from_position_id(args.position_id.trim())
        .map_err(|e| CliError::bad_input(format!("bad position id {:?}: {e}", args.position_id)))?;
    let context = match &args.match_id {
        Some(id) => MatchContext::from_match_id(id)
            .map_err(|e| CliError::bad_input(format!("bad match id {id:?}: {e}")))?,
        None => MatchContext::default(),
    };
    if position.game_result().is_some() {
        return Err(CliError::bad_input("the game in this position is over"));
    }
    Ok(Setup { position, context })
}

fn check_plies(plies: u8) -> Result<(), CliError> {
    if plies > MAX_PLIES {
        return Err(CliError::bad_input(format!(
            "--plies must be 0 to {MAX_PLIES}"
        )));
    }
    Ok(())
}

fn probabilities_json(p: &Probabilities) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    let round = |v: f32| (f64::from(v) * 1e6).round() / 1e6;
    m.insert("win".into(), json!(round(p.win)));
    m.insert("win_gammon".into(), json!(round(p.win_gammon)));
    m.insert("win_backgammon".into(), json!(round(p.win_backgammon)));
    m.insert("lose_gammon".into(), json!(round(p.lose_gammon)));
    m.insert("lose_backgammon".into(), json!(round(p.lose_backgammon)));
    m.insert("equity".into(), json!(round(p.equity())));
    m
}

fn probabilities_text(p: &Probabilities) -> String {
    format!(
        "win {:.1}% (gammon {:.1}%, backgammon {:.1}%)  lose gammon {:.1}% (backgammon {:.1}%)",
        100.0 * p.win,
        100.0 * p.win_gammon,
        100.0 * p.win_backgammon,
        100.0 * p.lose_gammon,
        100.0 * p.lose_backgammon
    )
}

fn run_best(args: BestArgs) -> CliResult {
    check_plies(args.plies)?;
    let s = setup(&args.position)?;
    let dice = match (&args.dice, s.context.dice) {
        (Some(text), _) => text
            .parse::<Dice>()
            .map_err(|e| CliError::bad_input(format!("bad dice {text:?}: {e}")))?,
        (None, Some(dice)) => dice,
        (None, None) => return Err(CliError::bad_input("--dice is required (e.g. --dice 31)")),
    };
    let evaluator = NetEvaluator::shipped();
    let ranked = rank_moves(&evaluator, &s.position, dice, args.plies);
    let legal = s.position.legal_moves_with_positions(dice);
    let notation = |ranked_after: &Position| {
        legal
            .iter()
            .find(|(_, after)| after == ranked_after)
            .map(|(m, after)| (m.to_string(), after.swapped().position_id()))
            .unwrap_or_default()
    };
    if args.position.json {
        let moves: Vec<Value> = ranked
            .iter()
            .map(|m| {
                let (mv, id) = notation(&m.after);
                let mut o = probabilities_json(&m.probabilities);
                o.insert("move".into(), json!(mv));
                o.insert("position_id".into(), json!(id));
                o.insert("plies".into(), json!(m.plies));
                Value::Object(o)
            })
            .collect();
        outln!(
            "{}",
            json!({"dice": dice.to_string(), "plies": args.plies, "moves": moves})
        )?;
        return Ok(());
    }
    let best = ranked[0].probabilities.equity();
    for (i, m) in ranked.iter().take(BEST_LINES).enumerate() {
        let (mv, _) = notation(&m.after);
        let mv = if mv.is_empty() {
            "(no move)".to_string()
        } else {
            mv
        };
        outln!(
            "{:>2}. {:<24} {}-ply  equity {:+.3} ({:+.3})  {}",
            i + 1,
            mv,
            m.plies,
            m.probabilities.equity(),
            m.probabilities.equity() - best,
            probabilities_text(&m.probabilities)
        )?;
    }
    if ranked.len() > BEST_LINES {
        outln!(
            "… {} more plays (--json lists all)",
            ranked.len() - BEST_LINES
        )?;
    }
    Ok(())
}

fn run_eval(args: EvalArgs) -> CliResult {
    check_plies(args.plies)?;
    let s = setup(&args.position)?;
    let evaluator = NetEvaluator::shipped();
    let p = eval_plies(&evaluator, &s.position, args.plies);
    let cubeful = args.position.match_id.is_some().then(|| {
        let equity = cubeful_equity_on_roll(&s.context, &s.position, &p);
        (equity.normalised, equity.raw)
    });
    if args.position.json {
        let mut o = probabilities_json(&p);
        if let Some((c, _)) = cubeful {
            o.insert("cubeful_equity".into(), json!((c * 1e6).round() / 1e6));
        }
        outln!("{}", Value::Object(o))?;
        return Ok(());
    }
    outln!("{}", probabilities_text(&p))?;
    outln!("cubeless equity {:+.3} ({}-ply)", p.equity(), args.plies)?;
    if let Some((c, raw)) = cubeful {
        if s.context.is_money() {
            outln!("cubeful equity {c:+.4} (points per unit of cube)")?;
        } else {
            outln!(
                "cubeful equity {c:+.4} (normalised), match winning chance {:.2}%",
                100.0 * raw
            )?;
        }
    }
    Ok(())
}

fn run_cube(args: CubeArgs) -> CliResult {
    check_plies(args.plies)?;
    let s = setup(&args.position)?;
    let options = MoneyOptions {
        jacoby: args.jacoby,
        beavers: args.beavers,
    };
    if options != MoneyOptions::default() && !s.context.is_money() {
        return Err(CliError::bad_input(
            "--jacoby and --beavers are money-game options (the match id is a match)",
        ));
    }
    let context = s.context.with_money_options(options);
    let evaluator = NetEvaluator::shipped();
    let (p, d) = cube_decision_at(&evaluator, &s.position, &context, args.plies);
    if args.position.json {
        let mut o = probabilities_json(&p);
        o.insert("decision".into(), json!(d.action.to_string()));
        o.insert("no_double".into(), json!(d.no_double));
        o.insert("double_take".into(), json!(d.double_take));
        o.insert("double_pass".into(), json!(d.double_pass));
        o.insert("cubeful_equity".into(), json!(d.equity));
        o.insert("take_point".into(), json!(1.0 - d.take_point));
        o.insert("money".into(), json!(s.context.is_money()));
        o.insert("plies".into(), json!(args.plies));
        o.insert("exact".into(), json!(d.exact));
        o.insert("jacoby".into(), json!(options.jacoby));
        o.insert("beavers".into(), json!(options.beavers));
        outln!("{}", Value::Object(o))?;
        return Ok(());
    }
    outln!("{}", probabilities_text(&p))?;
    let unit = if s.context.is_money() {
        "points"
    } else {
        "match winning chance"
    };
    let source = if d.exact {
        "exact: two-sided bear-off database".to_string()
    } else {
        format!("{}-ply", args.plies)
    };
    outln!("cubeless {:+.4}  ({unit}; {source})", d.cubeless)?;
    outln!("no double     {:+.4}", d.no_double)?;
    outln!("double, take  {:+.4}", d.double_take)?;
    outln!("double, pass  {:+.4}", d.double_pass)?;
    outln!(
        "opponent's take point: {:.1}% winning chances",
        100.0 * (1.0 - d.take_point)
    )?;
    outln!("proper action: {}", d.action)?;
    Ok(())
}

fn run_rollout(args: RolloutArgs) -> CliResult {
    let s = setup(&args.position)?;
    if args.games == 0 {
        return Err(CliError::bad_input("--games must be at least 1"));
    }
    let evaluator = NetEvaluator::shipped();
    let config = RolloutConfig {
        games: args.games,
        seed: args.seed,
        truncate: args.truncate,
        luck_adjust: !args.no_luck_adjust,
        luck: args.luck.into(),
        cubeful: args.cubeful,
        plies: args.plies,
    };
    let bar = counting_bar(args.games, args.position.json, "games");
    let start = Instant::now();
    let r = rollout(&evaluator, &s.position, &config, |done| {
        bar.set_position(done)
    });
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let zero = evaluator.eval(&s.position);
    if args.position.json {
        let mut o = probabilities_json(&r.probabilities);
        o.insert("equity".into(), json!(r.equity));
        o.insert("cubeful".into(), json!(args.cubeful));
        o.insert("std_error".into(), json!(r.std_error));
        o.insert("games".into(), json!(r.games));
        o.insert("seed".into(), json!(args.seed));
        o.insert("seconds".into(), json!(seconds));
        outln!("{}", Value::Object(o))?;
        return Ok(());
    }
    outln!("{}", probabilities_text(&r.probabilities))?;
    let measure = if args.cubeful {
        "cubeful equity (money, cube centred at 1)"
    } else {
        "cubeless equity"
    };
    outln!(
        "{measure} {:+.4} ± {:.4} (95% CI) over {} games, {:.1} s; 0-ply says {:+.4} cubeless",
        r.equity,
        r.ci95(),
        r.games,
        seconds,
        zero.equity()
    )?;
    Ok(())
}
