//! The whole-game solving commands of `ludus morris …` (`solve-sector`, `solve-game`, `sectors`,
//! `plan`, `pack`): argument checks, progress bars and printing over `ludus_morris_engine::db`.

use crate::args::parse_rules;
use crate::output::outln;
use crate::progress::styled_bar;
use crate::{CliError, CliResult};
use ludus_morris::Position;
use ludus_morris_engine::db::opening_build::write_opening;
use ludus_morris_engine::db::packing::{PackSummary, PackedSector, pack_game};
use ludus_morris_engine::db::plan::{
    SlurmSettings, plan as game_plan, sbatch_script, script_name, submit_script,
};
use ludus_morris_engine::db::store::{SectorJob, default_cache_dir};
use ludus_morris_engine::db::{Databases, Progress, Sector, Stats, game_sectors, plies};
use serde_json::json;
use std::path::Path;
use std::time::Instant;

/// The game a whole-game command works on.
#[derive(Debug, clap::Args)]
pub(crate) struct GameArgs {
    /// Pieces a side: 9 is the standard game, 4 the small game.
    #[arg(long, default_value_t = 9)]
    pub(crate) stones: u8,
    /// Rules: `standard` (flying) or `no-flying`.
    #[arg(long, default_value = "standard")]
    pub(crate) rules: String,
}

/// How a solver command runs: checking, worker threads and output form.
#[derive(Debug, Clone, Copy, clap::Args)]
pub(crate) struct SolveRunArgs {
    /// Re-check the values: every stored value against its successors (a placement sector
    /// solved in this run: read back, and one board in 1,024 derived again by the rules crate).
    #[arg(long)]
    pub(crate) verify: bool,
    /// Worker threads (at most the machine's cores).
    #[arg(long, default_value_t = 2)]
    pub(crate) threads: usize,
    /// Print JSON objects instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Most threads a job may use.
const MAX_THREADS: usize = 256;

fn check_stones(stones: u8) -> Result<(), CliError> {
    if (3..=9).contains(&stones) {
        Ok(())
    } else {
        Err(CliError::bad_input(format!(
            "--stones must be 3..=9, got {stones}"
        )))
    }
}

fn check_threads(threads: usize) -> Result<(), CliError> {
    if (1..=MAX_THREADS).contains(&threads) {
        Ok(())
    } else {
        Err(CliError::bad_input(format!(
            "--threads must be 1..={MAX_THREADS}"
        )))
    }
}

fn job_json(job: &SectorJob) -> serde_json::Value {
    json!({
        "sector": job.sector.to_string(),
        "rules": job.sector.rules_name(),
        "solved": job.solved,
        "verified": job.verified,
        "slots": job.slots,
        "positions": job.stats.positions,
        "wins": job.stats.wins,
        "draws": job.stats.draws,
        "losses": job.stats.losses,
        "longest_win_plies": job.stats.longest_win_plies,
        "longest_loss_plies": job.stats.longest_loss_plies,
        "bytes": job.bytes,
        "seconds": job.seconds,
    })
}

fn job_line(job: &SectorJob) -> String {
    format!(
        "{:>12} {} slots, {} positions: {} wins {} draws {} losses, longest win {} loss {}, {} bytes{}{}",
        job.sector.to_string(),
        job.slots,
        job.stats.positions,
        job.stats.wins,
        job.stats.draws,
        job.stats.losses,
        plies(u32::from(job.stats.longest_win_plies)),
        plies(u32::from(job.stats.longest_loss_plies)),
        job.bytes,
        if job.solved { "" } else { " (existed)" },
        if job.verified { ", verified" } else { "" },
    )
}

fn parse_sector(text: &str, flying: bool) -> Result<Sector, CliError> {
    let sector: Sector = text.parse().map_err(CliError::bad_input)?;
    Ok(Sector { flying, ..sector })
}

/// `ludus morris solve-sector`: one idempotent job.
pub(crate) fn solve_sector(sector: &str, rules: &str, run: &SolveRunArgs) -> CliResult {
    let SolveRunArgs {
        verify,
        threads,
        json,
    } = *run;
    check_threads(threads)?;
    let rules = parse_rules(rules)?;
    let sector = parse_sector(sector, rules.flying)?;
    let dbs = Databases::open_default();
    let bar = styled_bar(
        1,
        "{prefix:>12} {msg:9} [{bar:30}] {percent:>3}% {elapsed_precise} eta {eta}",
    );
    let job = dbs
        .build_sector(sector, verify, threads, &mut |s: Sector, p: Progress| {
            bar.set_prefix(s.to_string());
            bar.set_message(p.stage);
            bar.set_length(p.total.max(1));
            bar.set_position(p.done);
        })
        .map_err(anyhow::Error::from)?;
    bar.finish_and_clear();
    if json {
        outln!("{}", job_json(&job))?;
    } else {
        outln!("{}", job_line(&job))?;
    }
    Ok(())
}

/// `ludus morris solve-game`: the built-in runner over every sector, then the empty board.
pub(crate) fn solve_game(stones: u8, rules: &str, run: &SolveRunArgs) -> CliResult {
    let SolveRunArgs {
        verify,
        threads,
        json,
    } = *run;
    check_stones(stones)?;
    check_threads(threads)?;
    let rules = parse_rules(rules)?;
    let dbs = Databases::open_default();
    let start = Instant::now();
    let total = game_sectors(rules.flying, stones).len() as u64;
    let overall = styled_bar(
        total,
        "{prefix:>12} {pos}/{len} sectors [{bar:30}] {elapsed_precise}",
    );
    overall.set_prefix("game");
    // Each sector's line is printed as it finishes: a long run shows how far it got.
    let mut printed = Ok(());
    let jobs = dbs
        .solve_game(
            rules.flying,
            stones,
            verify,
            threads,
            &mut |s, p| {
                overall.set_prefix(format!("{s} {}", p.stage));
            },
            &mut |job| {
                overall.inc(1);
                let line = if json {
                    job_json(job).to_string()
                } else {
                    job_line(job)
                };
                if printed.is_ok() {
                    printed = overall.suspend(|| outln!("{line}"));
                }
            },
        )
        .map_err(anyhow::Error::from)?;
    overall.finish_and_clear();
    printed?;
    let empty = start_position(stones)?;
    let value = dbs
        .probe_position(&empty, rules.flying)
        .ok_or_else(|| anyhow::anyhow!("the first sector was solved but cannot be read back"))?;
    let slots: u64 = jobs.iter().map(|j| j.slots).sum();
    let bytes: u64 = jobs.iter().map(|j| j.bytes).sum();
    let seconds = start.elapsed().as_secs_f64();
    if json {
        outln!(
            "{}",
            json!({"stones": stones, "rules": rules.movement_name(), "sectors": jobs.len(),
                   "slots": slots, "bytes": bytes, "seconds": seconds,
                   "empty_board": value.to_string()})
        )?;
    } else {
        outln!(
            "{} sectors, {slots} slots, {bytes} bytes, {seconds:.1} s",
            jobs.len()
        )?;
        outln!("empty board ({stones} stones a side): {value}")?;
    }
    Ok(())
}

/// The empty board of the game with `stones` pieces a side.
pub(crate) fn start_position(stones: u8) -> Result<Position, CliError> {
    let setup = ludus_morris::Setup {
        in_hand: [stones, stones],
        ..ludus_morris::Setup::default()
    };
    Position::try_from(setup).map_err(CliError::bad_input)
}

/// `ludus morris sectors`: the DAG's sectors with their slots, and the totals.
pub(crate) fn sectors(stones: u8, rules: &str, json: bool) -> CliResult {
    check_stones(stones)?;
    let rules = parse_rules(rules)?;
    let list = game_sectors(rules.flying, stones);
    let (mut movement, mut placement) = (0u64, 0u64);
    let (mut movement_slots, mut placement_slots) = (0u64, 0u64);
    for sector in &list {
        let slots = sector.index().len();
        if sector.is_movement() {
            movement += 1;
            movement_slots += slots;
        } else {
            placement += 1;
            placement_slots += slots;
        }
        if json {
            outln!("{}", json!({"sector": sector.to_string(), "slots": slots}))?;
        } else {
            outln!("{sector:>12} {slots}")?;
        }
    }
    let doc = json!({"stones": stones, "movement_sectors": movement, "placement_sectors": placement,
        "movement_slots": movement_slots, "placement_slots": placement_slots,
        "slots": movement_slots + placement_slots});
    if json {
        outln!("{doc}")?;
    } else {
        outln!(
            "{} sectors ({movement} movement, {placement} placement), {} slots ({movement_slots} movement, {placement_slots} placement)",
            list.len(),
            movement_slots + placement_slots
        )?;
    }
    Ok(())
}

/// `ludus morris report`: the statistics of every built sector of the game (`Table::stats`:
/// positions weighted by their symmetry orbits), the totals, and each first move's value.
pub(crate) fn report(stones: u8, rules: &str, json: bool) -> CliResult {
    check_stones(stones)?;
    let parsed = parse_rules(rules)?;
    let dbs = Databases::new(default_cache_dir());
    if !json {
        outln!(
            "| sector | slots | positions | wins | draws | losses | longest win | longest loss |"
        )?;
        outln!("|---|---:|---:|---:|---:|---:|---:|---:|")?;
    }
    let mut total = Stats::default();
    let (mut built, mut missing, mut slots) = (0usize, 0usize, 0u64);
    for sector in game_sectors(parsed.flying, stones) {
        let Some(table) = dbs.sector_table(sector) else {
            missing += 1;
            continue;
        };
        let s = table.stats();
        built += 1;
        slots += table.index.len();
        total.add(&s);
        report_row(&sector.to_string(), table.index.len(), &s, json)?;
    }
    let summary = json!({"stones": stones, "rules": rules, "sectors_built": built,
        "sectors_not_built": missing, "slots": slots, "positions": total.positions,
        "wins": total.wins, "draws": total.draws, "losses": total.losses,
        "longest_win_plies": total.longest_win_plies, "longest_loss_plies": total.longest_loss_plies});
    if json {
        outln!("{summary}")?;
    } else {
        report_row(
            &format!("**all {built} built** ({missing} not)"),
            slots,
            &total,
            false,
        )?;
    }
    first_moves(&dbs, stones, &parsed, json)
}

/// One row of the report: a Markdown table row, or a JSON line.
fn report_row(name: &str, slots: u64, s: &Stats, json: bool) -> CliResult {
    if json {
        outln!(
            "{}",
            json!({"sector": name, "slots": slots, "positions": s.positions, "wins": s.wins,
            "draws": s.draws, "losses": s.losses, "longest_win_plies": s.longest_win_plies,
            "longest_loss_plies": s.longest_loss_plies})
        )?;
    } else {
        outln!(
            "| {name} | {slots} | {} | {} | {} | {} | {} | {} |",
            s.positions,
            s.wins,
            s.draws,
            s.losses,
            s.longest_win_plies,
            s.longest_loss_plies
        )?;
    }
    Ok(())
}

/// Each first placement of the game and its perfect value for White (where the sectors after it
/// are built): one JSON line a move, or a Markdown table of the moves by value.
fn first_moves(dbs: &Databases, stones: u8, rules: &ludus_morris::Rules, json: bool) -> CliResult {
    let start = start_position(stones)?;
    let mut by_value: Vec<(String, Vec<String>)> = Vec::new();
    for &mv in start.legal_moves(rules).as_slice() {
        let value = ludus_morris_engine::analysis::move_value(dbs, &start, mv, rules)
            .map_or_else(|| "not built".to_string(), |v| v.to_string());
        if json {
            outln!("{}", json!({"first_move": mv.to_string(), "value": value}))?;
        } else if let Some((_, moves)) = by_value.iter_mut().find(|(v, _)| *v == value) {
            moves.push(mv.to_string());
        } else {
            by_value.push((value, vec![mv.to_string()]));
        }
    }
    if !json {
        outln!()?;
        outln!("| first placement | value for White |")?;
        outln!("|---|---|")?;
        for (value, moves) in by_value {
            outln!("| {} | {value} |", moves.join(" "))?;
        }
    }
    Ok(())
}

/// `ludus morris plan`: the Slurm scripts of the sector DAG.
pub(crate) fn plan(
    stones: u8,
    rules: &str,
    out: &Path,
    binary: &str,
    data: &Path,
    threads: usize,
    verify: bool,
) -> CliResult {
    check_stones(stones)?;
    check_threads(threads)?;
    let rules = parse_rules(rules)?;
    let jobs = game_plan(rules.flying, stones);
    let logs = out.join("logs");
    std::fs::create_dir_all(&logs)
        .map_err(|e| CliError::bad_input(format!("cannot create {}: {e}", logs.display())))?;
    let settings = SlurmSettings {
        binary: binary.to_string(),
        data_dir: data.display().to_string(),
        threads,
        verify,
        log_dir: logs.display().to_string(),
    };
    let write = |name: String, text: String| {
        let path = out.join(name);
        std::fs::write(&path, text)
            .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", path.display())))
    };
    for (i, job) in jobs.iter().enumerate() {
        write(script_name(i, job), sbatch_script(job, &settings))?;
    }
    write("submit.sh".to_string(), submit_script(&jobs))?;
    let memory = jobs.iter().map(|j| j.memory_mib).max().unwrap_or(0);
    outln!(
        "{} jobs in {} (largest memory request {memory} MiB); submit with: bash {}",
        jobs.len(),
        out.display(),
        out.join("submit.sh").display()
    )?;
    Ok(())
}

/// `ludus morris pack`: 2-bit zstd files of every built sector of the game (sectors not built
/// are counted and skipped), their sizes and probe speed (`ludus_morris_engine::db::packing`).
pub(crate) fn pack(stones: u8, rules: &str, out: &Path, json: bool) -> CliResult {
    check_stones(stones)?;
    let rules = parse_rules(rules)?;
    std::fs::create_dir_all(out)
        .map_err(|e| CliError::bad_input(format!("cannot create {}: {e}", out.display())))?;
    let dbs = Databases::new(default_cache_dir());
    let summary = pack_game(&dbs, rules.flying, stones, out, |p: &PackedSector| {
        let (sector, slots, full, bytes) = (p.sector, p.slots, p.full_bytes, p.packed_bytes);
        let (c, w) = (p.speed.cold, p.speed.warm);
        if json {
            outln!(
                "{}",
                json!({"sector": sector.to_string(), "slots": slots,
                "full_bytes": full, "packed_bytes": bytes,
                "cold_probes_per_second": c, "warm_probes_per_second": w})
            )
        } else {
            outln!(
                "{sector:>12} {slots} slots: {full} -> {bytes} bytes, {c:.0} cold / {w:.0} warm probes/s"
            )
        }
    })?;
    let PackSummary {
        slots,
        sectors_not_built: missing,
        full_bytes: full,
        packed_bytes: packed,
        mean_speed,
    } = summary;
    let bits = summary.bits_per_slot();
    if json {
        outln!(
            "{}",
            json!({"slots": slots, "sectors_not_built": missing, "full_bytes": full, "packed_bytes": packed,
            "packed_bits_per_slot": bits, "cold_probes_per_second": mean_speed.cold,
            "warm_probes_per_second": mean_speed.warm})
        )?;
    } else {
        outln!("{missing} sectors not built (skipped)")?;
        outln!(
            "{slots} slots: {full} bytes full, {packed} bytes packed ({bits:.3} bits a slot); mean {:.0} cold / {:.0} warm probes/s",
            mean_speed.cold,
            mean_speed.warm
        )?;
    }
    Ok(())
}

/// Most plies an opening table may cover (the first removal can come at ply 5; beyond a dozen
/// plies the table would hold gigabytes).
const MAX_OPENING_PLIES: u8 = 12;

/// `ludus morris opening-table`: the sectors of the first `plies` placements in one file.
pub(crate) fn opening_table(
    stones: u8,
    rules: &str,
    plies: u8,
    out: &Path,
    json: bool,
) -> CliResult {
    check_stones(stones)?;
    let rules = parse_rules(rules)?;
    if plies > MAX_OPENING_PLIES {
        return Err(CliError::bad_input(format!(
            "--plies must be at most {MAX_OPENING_PLIES}"
        )));
    }
    let dbs = Databases::new(default_cache_dir());
    let summary = write_opening(&dbs, rules.flying, stones, plies, out)
        .map_err(|e| CliError::bad_input(format!("cannot write the opening table: {e}")))?;
    for &(sector, slots, bytes) in &summary.sectors {
        if json {
            outln!(
                "{}",
                json!({"sector": sector.to_string(), "slots": slots, "bytes": bytes})
            )?;
        } else {
            outln!("{sector:>12} {slots} slots, {bytes} bytes")?;
        }
    }
    let slots: u64 = summary.sectors.iter().map(|s| s.1).sum();
    let s = summary.stats;
    if json {
        outln!(
            "{}",
            json!({"stones": stones, "plies": plies, "sectors": summary.sectors.len(),
            "slots": slots, "bytes": summary.bytes, "positions": s.positions, "wins": s.wins,
            "draws": s.draws, "losses": s.losses})
        )?;
    } else {
        outln!(
            "{} sectors, {slots} slots, {} bytes: {} positions ({} wins, {} draws, {} losses)",
            summary.sectors.len(),
            summary.bytes,
            s.positions,
            s.wins,
            s.draws,
            s.losses
        )?;
    }
    Ok(())
}
