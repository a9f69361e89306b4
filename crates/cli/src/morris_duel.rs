//! `ludus morris duel`: two players over a seeded set of openings, each with both colours
//! (`ludus_morris_engine::duel`), then W-D-L, score, Elo with its 95% interval and, when asked,
//! an SPRT verdict. Players are settings of this binary's engine or programs over the UCI-like
//! protocol (`crate::uci_player`).

use crate::output::outln;
use crate::uci_player::{UciPlayer, UciProgram};
use crate::{CliError, CliResult};
use clap::Args;
use ludus_morris::Rules;
use ludus_morris::record::{OffBoardResult, Record};
use ludus_morris_engine::Level;
use ludus_morris_engine::db::Databases;
use ludus_morris_engine::duel::{
    DuelConfig, DuelGame, EnginePlayer, EngineSetting, GameEnd, MorrisPlayer, PlayerError,
    PlayerPair, Tally, duel,
};
use std::fmt::Write as _;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Most duel threads.
const MAX_JOBS: usize = 64;
/// Deepest `depth:N`.
const MAX_DEPTH: u32 = 64;
/// Longest `movetime:MS` and `--movetime`.
const MAX_MOVETIME_MS: u64 = 600_000;

/// Arguments of `ludus morris duel`.
#[derive(Debug, Args)]
pub(crate) struct DuelArgs {
    /// Player A: `level:N` (1..10), `depth:N`, `movetime:MS` (this binary's engine), or
    /// `uci:COMMAND ARGS…` (a program speaking the UCI-like protocol, e.g.
    /// `uci:/path/tgf mill uci` or `uci:ludus morris uci`).
    #[arg(long)]
    a: String,
    /// Player B, same forms as --a.
    #[arg(long)]
    b: String,
    /// `NAME=VALUE`: a `setoption` sent to player A (a `uci:` player); repeat for more.
    #[arg(long = "setoption-a", value_name = "NAME=VALUE")]
    setoption_a: Vec<String>,
    /// `NAME=VALUE`: a `setoption` sent to player B (a `uci:` player); repeat for more.
    #[arg(long = "setoption-b", value_name = "NAME=VALUE")]
    setoption_b: Vec<String>,
    /// Games (rounded up to an even number: each opening is played with both colours).
    #[arg(long, default_value_t = 40)]
    games: u64,
    /// Seed of the openings (2 to 4 random placements each).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, each thread with its own two players.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Thinking time per move of `uci:` players, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    movetime: u64,
    /// Rules the referee applies (`standard`, `no-flying`, with options such as
    /// `n-move-rule=N`, `threefold-repetition=off`, `n-move-count=movement`; quote them).
    #[arg(long, default_value = "standard")]
    rules: String,
    /// `ELO0,ELO1`: also run an SPRT of H0 "A is ELO0 stronger" against H1 "ELO1" (α = β = 5%).
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// Write every game to this file as a Morris record (docs/morris-record.md).
    #[arg(long, value_name = "FILE")]
    record: Option<std::path::PathBuf>,
    /// Print only the summary, not one line per game.
    #[arg(long)]
    quiet: bool,
}

/// A player of a duel, as given on the command line.
#[derive(Clone, Debug, PartialEq)]
enum PlayerSpec {
    /// This binary's engine.
    Engine(EngineSetting),
    /// A program over the UCI-like protocol.
    Uci(UciProgram),
}

/// Reads a player spec; `options` are its `NAME=VALUE` setoptions.
fn parse_player(
    spec: &str,
    options: &[String],
    movetime: Duration,
) -> Result<PlayerSpec, CliError> {
    let bad = |why: &str| CliError::bad_input(format!("bad player {spec:?}: {why}"));
    let (kind, value) = spec
        .split_once(':')
        .ok_or_else(|| bad("expected level:N, depth:N, movetime:MS or uci:COMMAND"))?;
    let number = || value.trim().parse::<u64>().ok();
    let setting = match kind {
        "level" => {
            let level = number()
                .and_then(|n| u32::try_from(n).ok())
                .and_then(|n| Level::new(n).ok())
                .ok_or_else(|| bad("the level is a number from 1 to 10"))?;
            EngineSetting::Level(level)
        }
        "depth" => {
            let depth = number()
                .filter(|d| (1..=u64::from(MAX_DEPTH)).contains(d))
                .ok_or_else(|| bad(&format!("the depth is a number from 1 to {MAX_DEPTH}")))?;
            EngineSetting::Depth(depth as u32)
        }
        "movetime" => {
            let ms = number()
                .filter(|ms| (1..=MAX_MOVETIME_MS).contains(ms))
                .ok_or_else(|| bad(&format!("the time is 1 to {MAX_MOVETIME_MS} ms")))?;
            EngineSetting::Movetime(Duration::from_millis(ms))
        }
        "uci" => {
            let command: Vec<String> = value.split_whitespace().map(str::to_string).collect();
            if command.is_empty() {
                return Err(bad("uci: needs a command line"));
            }
            let options = options
                .iter()
                .map(|option| {
                    option
                        .split_once('=')
                        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                        .filter(|(n, _)| !n.is_empty())
                        .ok_or_else(|| {
                            CliError::bad_input(format!(
                                "bad setoption {option:?}: expected NAME=VALUE"
                            ))
                        })
                })
                .collect::<Result<_, _>>()?;
            return Ok(PlayerSpec::Uci(UciProgram {
                command,
                options,
                movetime,
            }));
        }
        _ => return Err(bad("expected level:N, depth:N, movetime:MS or uci:COMMAND")),
    };
    if !options.is_empty() {
        return Err(bad("--setoption is for uci: players"));
    }
    Ok(PlayerSpec::Engine(setting))
}

/// The endgame databases of the default cache directory, opened once for every player.
fn databases() -> &'static Databases {
    static DATABASES: OnceLock<Databases> = OnceLock::new();
    DATABASES.get_or_init(Databases::open_default)
}

fn start_player(spec: &PlayerSpec, rules: Rules) -> Result<Box<dyn MorrisPlayer>, PlayerError> {
    Ok(match spec {
        PlayerSpec::Engine(setting) => {
            Box::new(EnginePlayer::new(*setting, rules, Some(databases())))
        }
        PlayerSpec::Uci(program) => Box::new(UciPlayer::start(program)?),
    })
}

fn spec_name(spec: &PlayerSpec) -> String {
    match spec {
        PlayerSpec::Engine(setting) => setting.to_string(),
        PlayerSpec::Uci(program) => program.name(),
    }
}

/// Reads `ELO0,ELO1`.
fn parse_sprt(text: &str) -> Result<(f64, f64), CliError> {
    let bad = || {
        CliError::bad_input(format!(
            "bad --sprt {text:?}: expected ELO0,ELO1 with ELO0 < ELO1"
        ))
    };
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let (a, b): (f64, f64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if !(a.is_finite() && b.is_finite() && a < b) {
        return Err(bad());
    }
    Ok((a, b))
}

/// Runs `ludus morris duel`.
pub(crate) fn run(args: DuelArgs) -> CliResult {
    if args.games == 0 {
        return Err(CliError::bad_input("--games must be at least 1"));
    }
    if !(1..=MAX_JOBS).contains(&args.jobs) {
        return Err(CliError::bad_input(format!(
            "--jobs must be 1 to {MAX_JOBS}"
        )));
    }
    if !(1..=MAX_MOVETIME_MS).contains(&args.movetime) {
        return Err(CliError::bad_input(format!(
            "--movetime must be 1 to {MAX_MOVETIME_MS} ms"
        )));
    }
    let rules: Rules = args.rules.parse().map_err(CliError::bad_input)?;
    let sprt = args.sprt.as_deref().map(parse_sprt).transpose()?;
    let movetime = Duration::from_millis(args.movetime);
    let a = parse_player(&args.a, &args.setoption_a, movetime)?;
    let b = parse_player(&args.b, &args.setoption_b, movetime)?;
    let names = [spec_name(&a), spec_name(&b)];
    let config = DuelConfig {
        games: args.games,
        seed: args.seed,
        rules,
    };
    let make = || -> Result<PlayerPair, PlayerError> {
        Ok([start_player(&a, rules)?, start_player(&b, rules)?])
    };
    let printer = Mutex::new(());
    let on_game = |game: &DuelGame| {
        if !args.quiet {
            let _guard = printer.lock();
            let _ = outln!("{}", game_line(game, &names, &rules));
        }
    };
    let start = Instant::now();
    let games = duel(&make, &config, args.jobs, &on_game)
        .map_err(|e| CliError::Failure(anyhow::anyhow!("{e}")))?;
    let seconds = start.elapsed().as_secs_f64();
    if let Some(path) = &args.record {
        write_records(path, &games, &names)?;
    }
    outln!("{}", summary(&games, &names, &rules, &args, sprt, seconds))
}

/// One line per game: number, players by colour, result, plies, how it ended.
fn game_line(game: &DuelGame, names: &[String; 2], rules: &Rules) -> String {
    let (white, black) = if game.a_is_white {
        (&names[0], &names[1])
    } else {
        (&names[1], &names[0])
    };
    let mut line = format!(
        "game {:>3}: {white} (White) - {black} (Black) {} in {} plies, {}",
        game.index + 1,
        game.result(),
        game.game.moves().len(),
        game.end.word(rules)
    );
    if let Some(error) = &game.error {
        let _ = write!(line, " ({error})");
    }
    line
}

fn elo_text(elo: f64) -> String {
    if elo.is_finite() {
        format!("{:+.0}", elo + 0.0)
    } else if elo > 0.0 {
        "+inf".to_string()
    } else {
        "-inf".to_string()
    }
}

/// The summary: W-D-L, score, Elo with its interval, how the games ended, the SPRT.
fn summary(
    games: &[DuelGame],
    names: &[String; 2],
    rules: &Rules,
    args: &DuelArgs,
    sprt: Option<(f64, f64)>,
    seconds: f64,
) -> String {
    let tally = Tally::of(games);
    let (low, high) = tally.elo_ci95();
    let mut text = format!(
        "{} vs {}: {} games (seed {}, rules {rules}, {:.0} s)\n\
         A: +{} ={} -{}, score {:.1}% ± {:.1}%, Elo {} [{}, {}] (95%)",
        names[0],
        names[1],
        tally.games(),
        args.seed,
        seconds,
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score(),
        100.0 * tally.score_ci95(),
        elo_text(tally.elo()),
        elo_text(low),
        elo_text(high),
    );
    let _ = write!(text, "\nends: {}", ends(games, rules));
    for (who, name) in [(true, &names[0]), (false, &names[1])] {
        let plies = blocked_loss_plies(games, who);
        if !plies.is_empty() {
            let _ = write!(text, "\n{name} lost blocked at plies {plies:?}");
        }
    }
    if let Some((elo0, elo1)) = sprt {
        let test = tally.sprt(elo0, elo1);
        let _ = write!(
            text,
            "\nSPRT [{elo0}, {elo1}]: LLR {:.2} (bounds {:.2}, {:.2}): {}",
            test.llr,
            test.lower,
            test.upper,
            test.verdict()
        );
    }
    text
}

/// How many games ended each way, e.g. `mill 12, blocked 3, 100-ply 5`.
fn ends(games: &[DuelGame], rules: &Rules) -> String {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for game in games {
        let word = game.end.word(rules);
        match counts.iter_mut().find(|(w, _)| *w == word) {
            Some(entry) => entry.1 += 1,
            None => counts.push((word, 1)),
        }
    }
    counts
        .iter()
        .map(|(word, n)| format!("{word} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The plies at which player A (`a`) or B lost blocked.
fn blocked_loss_plies(games: &[DuelGame], a: bool) -> Vec<usize> {
    games
        .iter()
        .filter(|game| {
            let blocked = matches!(game.end, GameEnd::Rules(outcome)
                if outcome.reason == ludus_morris::OutcomeReason::Blocked);
            blocked && (game.a_points() == 0.0) == a
        })
        .map(|game| game.game.moves().len())
        .collect()
}

fn write_records(path: &std::path::Path, games: &[DuelGame], names: &[String; 2]) -> CliResult {
    let mut text = String::new();
    for game in games {
        let (white, black) = if game.a_is_white {
            (&names[0], &names[1])
        } else {
            (&names[1], &names[0])
        };
        let mut record = Record::new(game.game.clone());
        record.set_tag("Event", "ludus morris duel");
        record.set_tag("Round", (game.index + 1).to_string());
        record.set_tag("White", white.as_str());
        record.set_tag("Black", black.as_str());
        record.set_tag("Termination", game.end.word(game.game.rules()));
        if game.game.outcome().is_none() {
            record.off_board = Some(match game.end.winner() {
                Some(winner) => OffBoardResult::Win(winner),
                None => OffBoardResult::Draw,
            });
        }
        let _ = writeln!(text, "{record}");
    }
    std::fs::write(path, text)
        .map_err(|e| CliError::Failure(anyhow::anyhow!("cannot write {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_specs_read_and_bad_ones_say_why() {
        let time = Duration::from_millis(100);
        assert_eq!(
            parse_player("depth:3", &[], time).unwrap(),
            PlayerSpec::Engine(EngineSetting::Depth(3))
        );
        let PlayerSpec::Uci(program) =
            parse_player("uci:/x/tgf mill uci", &["SkillLevel=30".to_string()], time).unwrap()
        else {
            panic!("not a uci player");
        };
        assert_eq!(program.command, ["/x/tgf", "mill", "uci"]);
        assert_eq!(
            program.options,
            [("SkillLevel".to_string(), "30".to_string())]
        );
        assert_eq!(program.name(), "uci:tgf");
        for bad in [
            "level:11",
            "depth:0",
            "movetime:x",
            "uci:",
            "sanmill",
            "fast:3",
        ] {
            let error = parse_player(bad, &[], time).unwrap_err().message();
            assert!(error.starts_with("bad player"), "{bad}: {error}");
            assert!(!error.contains('\n'));
        }
        assert!(parse_player("depth:3", &["A=1".to_string()], time).is_err());
        assert!(parse_player("uci:x", &["novalue".to_string()], time).is_err());
    }

    #[test]
    fn sprt_bounds_read() {
        assert_eq!(parse_sprt("0,10").unwrap(), (0.0, 10.0));
        assert_eq!(parse_sprt("-5, 5").unwrap(), (-5.0, 5.0));
        for bad in ["10,0", "5", "a,b", "0,inf"] {
            assert!(parse_sprt(bad).is_err(), "{bad}");
        }
    }
}
