//! `ludus backgammon …`: thin glue over the `ludus-backgammon` rules crate. The engine commands live in
//! `backgammon_engine.rs` and are flattened into the same command list.

use crate::output::{out, outln};
use crate::{CliError, CliResult};
use clap::{Args, Subcommand};
use ludus_backgammon::{Dice, MatchState, Position, XG_DEFAULT_MAX_CUBE_LOG2, Xgid, board_diagram};
use serde::Serialize;

/// Arguments of `ludus backgammon`.
#[derive(Debug, Args)]
pub(crate) struct BackgammonArgs {
    #[command(subcommand)]
    command: BackgammonCommand,
}

#[derive(Debug, Subcommand)]
enum BackgammonCommand {
    /// Play as gnubg's external player: serve FIBS board lines on a TCP port.
    External(crate::external::ExternalArgs),
    /// Replay a .mat (gnubg .sgf, eXtreme Gammon .xg) match and report the equity lost by every
    /// play and cube decision.
    Analyze(crate::analyze::AnalyzeArgs),
    /// Convert a match file: .mat, .sgf or .xg in, .mat or .sgf out (by the extensions).
    Convert(crate::convert::ConvertArgs),
    /// List the legal moves for a roll, one per distinct resulting position.
    Moves(MovesArgs),
    /// Draw the board as text (like gnubg's `show board`).
    Show(ShowArgs),
    #[command(flatten)]
    Engine(crate::backgammon_engine::BackgammonEngineCommand),
}

#[derive(Debug, Args)]
struct MovesArgs {
    /// gnubg Position ID of the board, from the view of the player on roll.
    #[arg(long)]
    position_id: String,
    /// The dice, two digits 1-6 like 31.
    #[arg(long)]
    dice: String,
    /// Print one JSON document: [{"move":"8/5 6/5","position_id":"…"}, …].
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct ShowArgs {
    /// gnubg Position ID of the board (or give --xgid).
    #[arg(long, required_unless_present = "xgid", conflicts_with = "xgid")]
    position_id: Option<String>,
    /// gnubg Match ID: cube, score, dice, who is on roll.
    #[arg(long, conflicts_with = "xgid")]
    match_id: Option<String>,
    /// An XGID instead of the two gnubg ids.
    #[arg(long)]
    xgid: Option<String>,
    /// Print one JSON document with the ids, pip counts and the diagram.
    #[arg(long)]
    json: bool,
}

/// One legal move in `moves --json`.
#[derive(Serialize)]
struct MoveEntry {
    /// The move in gnubg notation ("" when no checker can move).
    #[serde(rename = "move")]
    notation: String,
    /// The board after the move with the opponent on roll.
    position_id: String,
}

/// `show --json`.
#[derive(Serialize)]
struct ShowOutput {
    position_id: String,
    match_id: Option<String>,
    xgid: Option<String>,
    pips: [u32; 2],
    race: bool,
    board: String,
}

/// Runs one `ludus backgammon` command.
pub(crate) fn run(args: BackgammonArgs) -> CliResult {
    match args.command {
        BackgammonCommand::External(args) => crate::external::run(args),
        BackgammonCommand::Analyze(args) => crate::analyze::run(args),
        BackgammonCommand::Convert(args) => crate::convert::run(args),
        BackgammonCommand::Moves(args) => moves(args),
        BackgammonCommand::Show(args) => show(args),
        BackgammonCommand::Engine(command) => crate::backgammon_engine::run(command),
    }
}

fn parse_position(id: &str) -> Result<Position, CliError> {
    Position::from_position_id(id.trim()).map_err(CliError::bad_input)
}

fn parse_dice(text: &str) -> Result<Dice, CliError> {
    text.parse::<Dice>().map_err(CliError::bad_input)
}

fn moves(args: MovesArgs) -> CliResult {
    let position = parse_position(&args.position_id)?;
    let dice = parse_dice(&args.dice)?;
    if position.game_result().is_some() {
        return Err(CliError::bad_input(
            "the game is over in this position: a side has borne off all its checkers",
        ));
    }
    let entries: Vec<MoveEntry> = position
        .legal_moves_with_positions(dice)
        .into_iter()
        .map(|(mv, after)| MoveEntry {
            notation: mv.to_string(),
            position_id: after.swapped().position_id(),
        })
        .collect();
    if args.json {
        outln!(
            "{}",
            serde_json::to_string(&entries).map_err(anyhow::Error::from)?
        )?;
    } else if entries.len() == 1 && entries[0].notation.is_empty() {
        outln!("no legal move (the turn passes)")?;
    } else {
        for (index, entry) in entries.iter().enumerate() {
            outln!(
                "{:>3}. {:<28} {}",
                index + 1,
                entry.notation,
                entry.position_id
            )?;
        }
    }
    Ok(())
}

fn show(args: ShowArgs) -> CliResult {
    let (position, state, xgid) = match &args.xgid {
        Some(text) => {
            let xgid: Xgid = text.parse().map_err(CliError::bad_input)?;
            (xgid.position, Some(xgid.state), Some(xgid))
        }
        None => {
            let id = args.position_id.as_deref().unwrap_or_default();
            let position = parse_position(id)?;
            let state = args
                .match_id
                .as_deref()
                .map(|m| MatchState::from_match_id(m.trim()))
                .transpose()
                .map_err(CliError::bad_input)?;
            (position, state, None)
        }
    };
    let board = board_diagram(&position, state.as_ref(), ["player 0", "player 1"]);
    if args.json {
        let (player, opponent) = position.pip_count();
        let output = ShowOutput {
            position_id: position.position_id(),
            match_id: state.and_then(|s| s.match_id().ok()),
            xgid: Some(
                xgid.unwrap_or(Xgid {
                    position,
                    state: state.unwrap_or_default(),
                    beavers: false,
                    max_cube_log2: XG_DEFAULT_MAX_CUBE_LOG2,
                })
                .to_string(),
            ),
            pips: [player, opponent],
            race: position.is_race(),
            board,
        };
        outln!(
            "{}",
            serde_json::to_string(&output).map_err(anyhow::Error::from)?
        )?;
    } else {
        out!("{board}")?;
        let (player, opponent) = position.pip_count();
        outln!("Pip counts: on roll {player}, opponent {opponent}")?;
    }
    Ok(())
}
