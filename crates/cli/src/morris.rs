//! `ludus morris …`: thin glue over the `ludus-morris` rules crate. The engine commands live in
//! `morris_engine.rs` and are flattened into the same command list.

use crate::output::outln;
use crate::{CliError, CliResult};
use clap::{Args, Subcommand};
use ludus_morris::{Game, Move, Outcome, Position, Rules, perft, perft_divide};
use serde_json::{Value, json};

/// Arguments of `ludus morris`.
#[derive(Debug, Args)]
pub(crate) struct MorrisArgs {
    #[command(subcommand)]
    command: MorrisCommand,
}

/// The rule set and start position shared by the rules commands.
#[derive(Debug, Args)]
struct Setting {
    /// Rule set: `standard` (flying at three pieces) or `no-flying`.
    #[arg(long, value_name = "R", default_value = "standard")]
    rules: String,
    /// Start position in the one-line text form (docs/morris-notation.md); default: empty board.
    #[arg(long, value_name = "P")]
    position: Option<String>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Subcommand)]
enum MorrisCommand {
    /// List the legal moves, one per line in notation (`d6`, `d6-d5`, `b4xg7`, `d6-d5xa1`).
    Moves {
        #[command(flatten)]
        setting: Setting,
    },
    /// Count the move sequences of a given length (a node is a whole turn); the last line is the
    /// node count.
    Perft {
        /// Number of turns.
        #[arg(long, value_name = "N")]
        depth: u32,
        /// Also print the count after each first move (`move: count`).
        #[arg(long)]
        divide: bool,
        #[command(flatten)]
        setting: Setting,
    },
    /// Play moves and print the position after them in the text form.
    Apply {
        #[command(flatten)]
        setting: Setting,
        /// Moves in notation, played in order.
        #[arg(value_name = "MOVE")]
        moves: Vec<String>,
    },
    /// Speak Sanmill's UCI-like engine protocol on stdin/stdout.
    Uci,
    /// Play two players over seeded openings: W-D-L, score, Elo (`ludus-coach morris duel`).
    Duel(crate::forward::Forwarded),
    #[command(flatten)]
    Engine(crate::morris_engine::MorrisEngineCommand),
}

/// Runs one `ludus morris` command.
pub(crate) fn run(args: MorrisArgs) -> CliResult {
    match args.command {
        MorrisCommand::Moves { setting } => moves(&setting),
        MorrisCommand::Perft {
            depth,
            divide,
            setting,
        } => run_perft(&setting, depth, divide),
        MorrisCommand::Apply { setting, moves } => apply(&setting, &moves),
        MorrisCommand::Uci => Ok(ludus_morris_engine::uci::run(
            std::io::stdin().lock(),
            std::io::stdout(),
        )?),
        MorrisCommand::Duel(args) => args.run("morris duel"),
        MorrisCommand::Engine(command) => crate::morris_engine::run(command),
    }
}

impl Setting {
    /// The rules and the start position, or a bad-input error saying what is wrong.
    fn read(&self) -> Result<(Rules, Position), CliError> {
        let rules: Rules = self.rules.parse().map_err(CliError::bad_input)?;
        let position = match &self.position {
            Some(text) => text
                .parse()
                .map_err(|error| CliError::bad_input(format!("bad position {text:?}: {error}")))?,
            None => Position::new(),
        };
        Ok((rules, position))
    }
}

fn print_json(value: &Value) -> CliResult {
    outln!("{value}")
}

fn moves(setting: &Setting) -> CliResult {
    let (rules, position) = setting.read()?;
    let moves = position.legal_moves(&rules);
    if setting.json {
        let list: Vec<Value> = moves
            .iter()
            .map(|&mv| json!({"move": mv.to_string(), "position": position.play(mv).to_string()}))
            .collect();
        print_json(&Value::Array(list))?;
    } else {
        for mv in &moves {
            outln!("{mv}")?;
        }
    }
    Ok(())
}

/// The deepest perft the command accepts: far beyond what finishes (depth 9 from the start is
/// already about 10^12 nodes), and shallow enough that the recursion cannot overflow the stack.
const MAX_PERFT_DEPTH: u32 = 64;

fn run_perft(setting: &Setting, depth: u32, divide: bool) -> CliResult {
    if depth > MAX_PERFT_DEPTH {
        return Err(CliError::bad_input(format!(
            "--depth {depth} is too deep (at most {MAX_PERFT_DEPTH})"
        )));
    }
    let (rules, position) = setting.read()?;
    let split = if divide {
        perft_divide(&position, &rules, depth)
    } else {
        Vec::new()
    };
    let nodes = if divide && depth > 0 {
        split.iter().map(|(_, count)| count).sum()
    } else {
        perft(&position, &rules, depth)
    };
    if setting.json {
        let mut document = json!({
            "depth": depth,
            "nodes": nodes,
            "position": position.to_string(),
            "rules": rules.to_string(),
        });
        if divide {
            document["divide"] = split
                .iter()
                .map(|(mv, count)| json!({"move": mv.to_string(), "nodes": count}))
                .collect();
        }
        print_json(&document)?;
    } else {
        for (mv, count) in &split {
            outln!("{mv}: {count}")?;
        }
        outln!("{nodes}")?;
    }
    Ok(())
}

fn outcome_json(outcome: Option<Outcome>) -> Value {
    match outcome {
        None => Value::Null,
        Some(outcome) => json!({
            "winner": outcome.winner.map(|color| color.name().to_lowercase()),
            "reason": outcome.reason.name(),
            "text": outcome.to_string(),
        }),
    }
}

fn apply(setting: &Setting, moves: &[String]) -> CliResult {
    let (rules, position) = setting.read()?;
    let mut game = Game::from_position(rules, position);
    for (index, text) in moves.iter().enumerate() {
        let ply = index + 1;
        let mv: Move = text.parse().map_err(|error| {
            CliError::bad_input(format!("bad move at ply {ply} ({text}): {error}"))
        })?;
        game.play(mv).map_err(|error| {
            CliError::bad_input(format!("illegal move at ply {ply} ({text}): {error}"))
        })?;
    }
    let position = game.position().to_string();
    if setting.json {
        print_json(&json!({
            "position": position,
            "moves": game.moves().iter().map(Move::to_string).collect::<Vec<_>>(),
            "outcome": outcome_json(game.outcome()),
        }))?;
    } else {
        outln!("{position}")?;
    }
    Ok(())
}
