//! `ludus morris duel`: the arguments, the progress lines and the report of a duel of
//! `ludus_coach::morris::duel` (two players over a seeded set of openings, each with both
//! colours): W-D-L, score, Elo with its 95% interval and, when asked, an SPRT verdict. Players
//! are read by `ludus_coach::morris::spec`.

use crate::duel_args::{DuelPlayers, Jobs};
use crate::output::outln;
use crate::{CliError, CliResult};
use clap::Args;
use ludus_coach::morris::duel::{
    DuelConfig, DuelGame, PlayerPair, Tally, blocked_loss_plies, duel, end_counts,
};
use ludus_coach::morris::spec::{MAX_MOVETIME_MS, PlayerSpec};
use ludus_morris::Rules;
use ludus_morris::player::PlayerError;
use ludus_morris_engine::db::Databases;
use std::fmt::Write as _;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Arguments of `ludus morris duel`.
#[derive(Debug, Args)]
pub(crate) struct DuelArgs {
    #[command(flatten)]
    players: DuelPlayers,
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
    #[command(flatten)]
    jobs: Jobs,
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

/// The endgame databases of the default cache directory, opened once for every player.
fn databases() -> &'static Databases {
    static DATABASES: OnceLock<Databases> = OnceLock::new();
    DATABASES.get_or_init(Databases::open_default)
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
    let jobs = args.jobs.count().map_err(CliError::bad_input)?;
    if !(1..=MAX_MOVETIME_MS).contains(&args.movetime) {
        return Err(CliError::bad_input(format!(
            "--movetime must be 1 to {MAX_MOVETIME_MS} ms"
        )));
    }
    let rules: Rules = args.rules.parse().map_err(CliError::bad_input)?;
    let sprt = args.sprt.as_deref().map(parse_sprt).transpose()?;
    let movetime = Duration::from_millis(args.movetime);
    let read = |spec: &str, options: &[String]| {
        PlayerSpec::parse(spec, options, movetime).map_err(CliError::bad_input)
    };
    let a = read(&args.players.a, &args.setoption_a)?;
    let b = read(&args.players.b, &args.setoption_b)?;
    let names = [a.name(), b.name()];
    let config = DuelConfig {
        games: args.games,
        seed: args.seed,
        rules,
    };
    let make = || -> Result<PlayerPair, PlayerError> {
        Ok([a.start(databases())?, b.start(databases())?])
    };
    let printer = Mutex::new(());
    let on_game = |game: &DuelGame| {
        if !args.quiet {
            let _guard = printer.lock();
            let _ = outln!("{}", game_line(game, &names, &rules));
        }
    };
    let start = Instant::now();
    let games = duel(&make, &config, jobs, &on_game).map_err(|e| CliError::Failure(e.into()))?;
    let seconds = start.elapsed().as_secs_f64();
    if let Some(path) = &args.record {
        write_records(path, &games, &names)?;
    }
    outln!("{}", summary(&games, &names, &rules, &args, sprt, seconds))
}

/// One line per game: number, players by colour, result, plies, how it ended.
fn game_line(game: &DuelGame, names: &[String; 2], rules: &Rules) -> String {
    let [white, black] = game.by_colour(names);
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
    let ends: Vec<String> = end_counts(games, rules)
        .iter()
        .map(|(word, n)| format!("{word} {n}"))
        .collect();
    let _ = write!(text, "\nends: {}", ends.join(", "));
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

fn write_records(path: &std::path::Path, games: &[DuelGame], names: &[String; 2]) -> CliResult {
    let mut text = String::new();
    for game in games {
        let _ = writeln!(text, "{}", game.record(names));
    }
    std::fs::write(path, text)
        .map_err(|e| CliError::Failure(anyhow::anyhow!("cannot write {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprt_bounds_read() {
        assert_eq!(parse_sprt("0,10").unwrap(), (0.0, 10.0));
        assert_eq!(parse_sprt("-5, 5").unwrap(), (-5.0, 5.0));
        for bad in ["10,0", "5", "a,b", "0,inf"] {
            assert!(parse_sprt(bad).is_err(), "{bad}");
        }
    }
}
