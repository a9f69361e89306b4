//! The sector DAG of a game as batch jobs: one job per movement pair and per placement sector,
//! each naming the jobs it waits for and the memory it needs, and its Slurm form (one `sbatch`
//! script per job, submitted in order with `--dependency=afterok:…`).

use super::sector::{Sector, game_sectors};
use super::store::Databases;
use super::subspace::Subspace;
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

/// Fixed memory allowance of a job (the process, the index tables), in MiB.
const BASE_MIB: u64 = 256;
/// Bytes per slot of a movement pair being solved: value, counter, queue share.
const MOVEMENT_BYTES_PER_SLOT: u64 = 4;
/// Bytes per slot of a table held in memory.
const TABLE_BYTES_PER_SLOT: u64 = 2;

/// One job of the plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanJob {
    /// The sector it solves (a movement pair is named by its smaller count first).
    pub sector: Sector,
    /// Positions in the plan of the jobs it waits for.
    pub after: Vec<usize>,
    /// Memory to request, in MiB.
    pub memory_mib: u64,
    /// Slots it writes.
    pub slots: u64,
}

impl PlanJob {
    /// The job's name: `morris-4v3-1h0` or `morris-3v4` (a movement pair).
    pub fn name(&self) -> String {
        match self.sector.subspace() {
            Some(s) => format!("morris-{}v{}", s.mover, s.opponent),
            None => format!("morris-{}", self.sector.file_stem()),
        }
    }
}

fn slots(s: Subspace) -> u64 {
    super::SubspaceIndex::new(s.mover, s.opponent).len()
}

/// The jobs of the game with `stones` pieces a side, dependencies first.
pub fn plan(flying: bool, stones: u8) -> Vec<PlanJob> {
    let sectors = game_sectors(flying, stones);
    let pairs: BTreeSet<Subspace> = sectors
        .iter()
        .filter_map(Sector::subspace)
        .flat_map(Databases::plan)
        .collect();
    let mut pairs: Vec<Subspace> = pairs.into_iter().collect();
    pairs.sort_by_key(|p| (p.mover + p.opponent, p.mover));
    let mut jobs = Vec::new();
    let mut position: HashMap<Sector, usize> = HashMap::new();
    for pair in pairs {
        let own: u64 = pair.pair_members().into_iter().map(slots).sum();
        let lower = pair.lower();
        let read: u64 = lower.iter().map(|&s| slots(s)).sum();
        let after = lower
            .iter()
            .map(|s| position[&Sector::movement(s.pair_key())])
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        for member in pair.pair_members() {
            position.insert(Sector::movement(member), jobs.len());
        }
        jobs.push(PlanJob {
            sector: Sector::movement(pair),
            after,
            memory_mib: BASE_MIB
                + (own * MOVEMENT_BYTES_PER_SLOT + read * TABLE_BYTES_PER_SLOT).div_ceil(1 << 20),
            slots: own,
        });
    }
    for sector in sectors.into_iter().filter(|s| !s.is_movement()) {
        let children = sector.children();
        let read: u64 = children.iter().map(|c| c.index().len()).sum();
        let own = sector.index().len();
        let after = children
            .iter()
            .map(|c| position[c])
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        position.insert(sector, jobs.len());
        jobs.push(PlanJob {
            sector,
            after,
            memory_mib: BASE_MIB + ((own + read) * TABLE_BYTES_PER_SLOT).div_ceil(1 << 20),
            slots: own,
        });
    }
    jobs
}

/// How the Slurm scripts run the solver.
#[derive(Clone, Debug)]
pub struct SlurmSettings {
    /// The `ludus` binary, as the compute nodes see it.
    pub binary: String,
    /// The data directory (`LUDUS_DATA`) shared by all nodes.
    pub data_dir: String,
    /// Threads (and CPUs requested) per job.
    pub threads: usize,
    /// Whether each job re-checks its values against their successors.
    pub verify: bool,
    /// Directory of the jobs' logs.
    pub log_dir: String,
}

/// The `sbatch` script of one job.
pub fn sbatch_script(job: &PlanJob, settings: &SlurmSettings) -> String {
    let rules = job.sector.rules_name();
    format!(
        "#!/bin/bash\n\
         #SBATCH --job-name={name}\n\
         #SBATCH --mem={mem}M\n\
         #SBATCH --cpus-per-task={threads}\n\
         #SBATCH --ntasks=1\n\
         #SBATCH --output={logs}/%x-%j.out\n\
         # {slots} slots; waits for {after} job(s)\n\
         set -euo pipefail\n\
         export LUDUS_DATA={data}\n\
         exec {binary} morris solve-sector --sector {sector} --rules {rules} --threads {threads}{verify} --json\n",
        name = job.name(),
        mem = job.memory_mib,
        threads = settings.threads,
        logs = settings.log_dir,
        slots = job.slots,
        after = job.after.len(),
        data = settings.data_dir,
        binary = settings.binary,
        sector = job.sector,
        verify = if settings.verify { " --verify" } else { "" },
    )
}

/// The file name of job `i`'s script: `0007-morris-4v3-1h0.sbatch`.
pub fn script_name(i: usize, job: &PlanJob) -> String {
    format!("{i:04}-{}.sbatch", job.name())
}

/// The submit script: submits every job in order, each with `--dependency=afterok:` on the ids
/// of the jobs it waits for, and prints the last job's id.
pub fn submit_script(jobs: &[PlanJob]) -> String {
    let mut out = String::from(
        "#!/bin/bash\n# Submits the Morris sector DAG to Slurm (written by `ludus morris plan`).\n\
         set -euo pipefail\ncd \"$(dirname \"$0\")\"\n",
    );
    for (i, job) in jobs.iter().enumerate() {
        let dependency = if job.after.is_empty() {
            String::new()
        } else {
            let ids: Vec<String> = job.after.iter().map(|a| format!("$j{a}")).collect();
            format!(" --dependency=afterok:{}", ids.join(":"))
        };
        let _ = writeln!(
            out,
            "j{i}=$(sbatch --parsable{dependency} {})",
            script_name(i, job)
        );
    }
    let _ = writeln!(out, "echo \"$j{}\"", jobs.len().saturating_sub(1));
    out
}
