//! `ludus backgammon fit`: the arguments, progress bar and report of the minibatch trainer
//! (`ludus_coach::backgammon::fit`) on files of labelled positions.

use crate::output::outln;
use crate::progress::counting_bar;
use crate::{CliError, CliResult};
use clap::{Args, ValueEnum};
use ludus_backgammon_engine::NetEvaluator;
use ludus_backgammon_engine::classes::{ClassNets, PositionClass};
use ludus_backgammon_engine::encoding::Encoding;
use ludus_backgammon_engine::net::Net;
use ludus_coach::backgammon::fit::{
    Dataset, FitConfig, FitEvent, FitRun, RankingError, Schedule, SiblingSet, choice_loss,
    random_net,
};
use ludus_coach::backgammon::labels::read_labelled;
use ludus_coach::backgammon::supervised::fit_error;
use ludus_coach::backgammon::weights::{read_weights, write_class_nets, write_weights};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `ludus backgammon fit`.
#[derive(Debug, Args)]
pub(crate) struct FitArgs {
    /// Files of labelled positions (`ludus backgammon label`; `*.zst` read compressed). Every
    /// 20th game is held out and valued after each pass.
    #[arg(required = true, num_args = 1.., value_name = "FILE")]
    labels: Vec<PathBuf>,
    /// Where the kept pass's weights go (the best on the held-out positions, or the last with
    /// `--keep last`).
    #[arg(long)]
    out: PathBuf,
    /// Which pass's weights --out gets: the best on the held-out positions (`best`, the
    /// starting network counting as pass 0), or the last (`last`: for a warm start that should
    /// move towards a few weighted files, which the held-out positions, mostly the others',
    /// do not measure).
    #[arg(long, value_enum, default_value_t = KeepArg::Best)]
    keep: KeepArg,
    /// The checkpoint written after each pass and resumed from (default: --out with
    /// `.ckpt`).
    #[arg(long)]
    checkpoint: Option<PathBuf>,
    /// Start from this network: `net` (the shipped one) or a weights file; without it, random
    /// weights of --hidden/--second/--encoding drawn from --seed.
    #[arg(long, value_name = "net|FILE")]
    init: Option<String>,
    /// Units of the first hidden layer of a random network.
    #[arg(long, default_value_t = 256, conflicts_with = "init")]
    hidden: usize,
    /// Units of a second hidden layer of a random network (none by default).
    #[arg(long, conflicts_with = "init")]
    second: Option<usize>,
    /// Input encoding, 1 to 6 (4 was stage 7's; 5 adds the strategic values, the shipped contact
    /// network's; 6 is the race inputs): that of a random network (default 4), or with --init
    /// the encoding its network is widened to (the new inputs start with zero weights).
    #[arg(long)]
    encoding: Option<u32>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = FitConfig::default().epochs)]
    epochs: u32,
    /// Positions a step.
    #[arg(long, default_value_t = FitConfig::default().batch)]
    batch: usize,
    /// Peak learning rate of AdamW.
    #[arg(long, default_value_t = FitConfig::default().rate)]
    rate: f64,
    /// Learning rate at the end.
    #[arg(long, default_value_t = FitConfig::default().final_rate)]
    final_rate: f64,
    /// AdamW's decoupled weight decay.
    #[arg(long, default_value_t = FitConfig::default().weight_decay)]
    weight_decay: f64,
    /// Weight of the ranking term beside the cross-entropy: the sibling labels in the files
    /// (`label --siblings`) are also fitted by their differences within each decision, the
    /// network's equities and the labels' centred on each decision's mean (0: left out).
    #[arg(long, default_value_t = FitConfig::default().rank_weight)]
    rank_weight: f64,
    /// The learning-rate schedule.
    #[arg(long, value_enum, default_value_t = ScheduleArg::Cosine)]
    schedule: ScheduleArg,
    /// Cosine: steps of linear warm-up. Step: the fraction of the run after which the rate
    /// drops to --final-rate (thousandths).
    #[arg(long, default_value_t = 200)]
    warmup: u64,
    /// Seed of the orders of the positions and of random weights.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Train on (and hold out) the positions of this class only: a class network for
    /// `ludus backgammon bundle`.
    #[arg(long, value_enum)]
    class: Option<ClassArg>,
    /// No progress bar (a line a pass still).
    #[arg(long)]
    quiet: bool,
}

/// Which pass `fit` writes (`--keep`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum KeepArg {
    /// The pass with the least held-out equity error.
    Best,
    /// The last pass.
    Last,
}

/// A position class (`--class`; see `ludus_backgammon_engine::classes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ClassArg {
    /// Contact, neither side crashed.
    Contact,
    /// Contact, a side with at most six checkers left on the board.
    Crashed,
    /// No contact left.
    Race,
}

impl From<ClassArg> for PositionClass {
    fn from(arg: ClassArg) -> PositionClass {
        match arg {
            ClassArg::Contact => PositionClass::Contact,
            ClassArg::Crashed => PositionClass::Crashed,
            ClassArg::Race => PositionClass::Race,
        }
    }
}

/// Arguments of `ludus backgammon bundle`.
#[derive(Debug, Args)]
pub(crate) struct BundleArgs {
    /// The contact network (and every class's without one of its own): `net` (the shipped
    /// one) or a weights file.
    #[arg(long, value_name = "net|FILE", default_value = "net")]
    contact: String,
    /// The crashed positions' network, a weights file.
    #[arg(long, value_name = "FILE")]
    crashed: Option<PathBuf>,
    /// The race positions' network, a weights file.
    #[arg(long, value_name = "FILE")]
    race: Option<PathBuf>,
    /// Where the bundle goes (weights format 3; format 1 or 2 with a contact network alone).
    #[arg(long)]
    out: PathBuf,
}

/// Runs `ludus backgammon bundle`.
pub(crate) fn run_bundle(args: BundleArgs) -> CliResult {
    let mut nets = ClassNets::single(named_net(&args.contact)?);
    for (class, path) in [
        (PositionClass::Crashed, &args.crashed),
        (PositionClass::Race, &args.race),
    ] {
        if let Some(path) = path {
            nets = nets.with(class, read_weights(path)?);
        }
    }
    write_class_nets(&args.out, &nets)?;
    outln!("class networks in {}", args.out.display())
}

/// `net` (the shipped network) or the network in a weights file.
fn named_net(name: &str) -> Result<Net, CliError> {
    Ok(match name {
        "net" => NetEvaluator::shipped().net().clone(),
        path => read_weights(path.as_ref())?,
    })
}

/// `--schedule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ScheduleArg {
    /// Linear warm-up, then half a cosine down to --final-rate.
    Cosine,
    /// --rate, then --final-rate after --warmup thousandths of the run.
    Step,
}

/// Runs `ludus backgammon fit`.
pub(crate) fn run(args: FitArgs) -> CliResult {
    let start = start_net(&args)?;
    let mut sets = read_labelled(&args.labels)?;
    if let Some(class) = args.class.map(PositionClass::from) {
        sets.retain(|p| PositionClass::of(p) == class);
        if sets.train.is_empty() || sets.held_out.is_empty() {
            return Err(CliError::bad_input(format!(
                "no {} positions to train on or to hold out in these files",
                class.name()
            )));
        }
    }
    let train = Dataset::new(&start, &sets.train);
    let siblings = SiblingSet::new(&start, &sets.siblings);
    let schedule = match args.schedule {
        ScheduleArg::Cosine => Schedule::Cosine {
            warmup: args.warmup,
        },
        ScheduleArg::Step => Schedule::Step {
            drop_at: args.warmup as f64 / 1000.0,
        },
    };
    let config = FitConfig {
        seed: args.seed,
        epochs: args.epochs,
        batch: args.batch,
        rate: args.rate,
        final_rate: args.final_rate,
        weight_decay: args.weight_decay,
        rank_weight: args.rank_weight,
        schedule,
    };
    let checkpoint = args
        .checkpoint
        .clone()
        .unwrap_or_else(|| args.out.with_extension("ckpt"));
    let before = fit_error(&start, &sets.held_out);
    eprintln!(
        "{} positions to train on, {} held out; held-out equity error {:.4}, output rmse {:.4}",
        train.len(),
        sets.held_out.len(),
        before.equity,
        before.outputs
    );
    if !sets.siblings.is_empty() {
        let ranking = choice_loss(&start, &sets.held_out_siblings);
        eprintln!(
            "{} sibling groups ({} positions) to rank, {} held out; {}",
            siblings.groups(),
            siblings.positions(),
            sets.held_out_siblings.len(),
            ranking_line(&ranking)
        );
    }
    let run = FitRun {
        config,
        train: &train,
        held_out: &sets.held_out,
        siblings: &siblings,
        held_out_siblings: &sets.held_out_siblings,
        checkpoint: &checkpoint,
    };
    let bar = counting_bar(1, args.quiet, "steps");
    let clock = Instant::now();
    let state = run.fit(&start, |event| {
        match event {
            FitEvent::Step { done, total } => {
                bar.set_length(total);
                bar.set_position(done);
            }
            FitEvent::Epoch(r) => bar.suspend(|| {
                eprintln!(
                    "pass {}/{}: train loss {:.4}, held-out equity error {:.4}, output rmse {:.4}, rate {:.2e}, best pass {} ({:.0} s)",
                    r.epoch,
                    args.epochs,
                    r.train_loss,
                    r.held_out.equity,
                    r.held_out.outputs,
                    r.rate,
                    r.best_epoch,
                    clock.elapsed().as_secs_f64()
                );
                if siblings.groups() > 0 {
                    let held_out = match sets.held_out_siblings.is_empty() {
                        true => "no held-out groups".to_owned(),
                        false => format!("held-out {}", ranking_line(&r.held_out_ranking)),
                    };
                    eprintln!("  ranking term {:.6}; {held_out}", r.rank_loss);
                }
            }),
        }
        true
    })?;
    bar.finish_and_clear();
    let (kept, which) = match args.keep {
        KeepArg::Best => (&state.best, "best"),
        KeepArg::Last => (&state.net, "last"),
    };
    write_weights(&args.out, kept)?;
    outln!(
        "best of {} passes: pass {}, held-out equity error {:.4} -> {:.4}; the {which} pass's weights in {} ({:.1} s)",
        state.epochs_done,
        state.best_epoch,
        before.equity,
        state.best_error,
        args.out.display(),
        clock.elapsed().as_secs_f64()
    )
}

/// The network training starts from: `--init`'s, or random weights of the layout asked for.
fn start_net(args: &FitArgs) -> Result<Net, CliError> {
    let encoding = args
        .encoding
        .map(|id| {
            Encoding::from_id(id)
                .ok_or_else(|| CliError::bad_input(format!("--encoding must be 1 to 6, not {id}")))
        })
        .transpose()?;
    if let Some(name) = args.init.as_deref() {
        let net = named_net(name)?;
        let Some(encoding) = encoding else {
            return Ok(net);
        };
        return net.widened(encoding).ok_or_else(|| {
            CliError::bad_input(format!(
                "--encoding {} does not extend the encoding {} of --init's network",
                encoding.id(),
                net.encoding().id()
            ))
        });
    }
    let encoding = encoding.unwrap_or(Encoding::Tactical);
    let sizes = [Some(args.hidden), args.second];
    if sizes.iter().flatten().any(|&n| n == 0 || n > 1024) {
        return Err(CliError::bad_input(
            "--hidden and --second must be between 1 and 1024",
        ));
    }
    random_net(encoding, args.hidden, args.second, args.seed).map_err(CliError::bad_input)
}

/// The held-out ranking figures, in one line.
fn ranking_line(r: &RankingError) -> String {
    format!(
        "centred equity rms {:.4}, choice loss {:.2} mp a decision, same choice {:.1} %",
        r.centred_rms,
        1000.0 * r.choice_loss,
        100.0 * r.same_choice
    )
}
