//! Training speed of `ludus backgammon fit` (positions a second of CPU time, one pass of AdamW
//! minibatches plus the held-out valuation) for a few layouts, on 20,000 positions of seeded
//! random play labelled by the shipped network at 0 ply:
//! `RAYON_NUM_THREADS=1 cargo run --release -p ludus-coach --example fit_speed [OUT_DIR]`
//! (with OUT_DIR, each layout's network is written there as `LAYOUT.bin`, e.g. to time its
//! search with the engine's `eval_speed --net`).

use ludus_backgammon::random_positions;
use ludus_backgammon_engine::encoding::Encoding;
use ludus_backgammon_engine::eval::NetEvaluator;
use ludus_backgammon_engine::probabilities::lost;
use ludus_coach::backgammon::fit::{Dataset, FitConfig, FitRun, SiblingSet, random_net};
use ludus_coach::backgammon::supervised::{LabelledPosition, label};

#[path = "../../backgammon-engine/examples/common/cpu.rs"]
mod cpu;
use cpu::cpu_seconds;

fn main() {
    let teacher = NetEvaluator::shipped();
    let samples: Vec<LabelledPosition> = random_positions(7, 20_000)
        .iter()
        .filter(|p| lost(p).is_none())
        .map(|p| label(&teacher, p, 0))
        .collect();
    let held_out = &samples[..1000];
    let dir = std::env::temp_dir().join(format!("ludus-fit-speed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    for (hidden, second, batch) in [
        (256, None, 128),
        (256, None, 256),
        (256, Some(64), 128),
        (256, Some(128), 128),
    ] {
        let start = random_net(Encoding::Tactical, hidden, second, 1).expect("a layout");
        let data = Dataset::new(&start, &samples);
        let checkpoint = dir.join("speed.ckpt");
        let _ = std::fs::remove_file(&checkpoint);
        let run = FitRun {
            config: FitConfig {
                epochs: 1,
                batch,
                ..FitConfig::default()
            },
            train: &data,
            held_out,
            siblings: &SiblingSet::default(),
            held_out_siblings: &[],
            checkpoint: &checkpoint,
        };
        let clock = cpu_seconds();
        let state = run.fit(&start, |_| true).expect("a pass");
        let seconds = cpu_seconds() - clock;
        let layout = format!(
            "227-{hidden}{}-5",
            second.map(|m| format!("-{m}")).unwrap_or_default()
        );
        if let Some(out) = std::env::args().nth(1) {
            let path = std::path::Path::new(&out).join(format!("{layout}.bin"));
            std::fs::write(&path, state.best.to_bytes()).expect("writing the network");
        }
        println!(
            "{layout}, batch {batch}: {:.0} positions/CPU-s ({} positions in {seconds:.2} s, held-out equity error {:.4})",
            data.len() as f64 / seconds,
            data.len(),
            state.best_error
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
