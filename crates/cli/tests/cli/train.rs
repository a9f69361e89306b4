//! `ludus backgammon train` and `label`: widening a network to the feature encoding keeps its
//! play; labelled positions resume exactly and train a network. These commands are
//! `ludus-coach`'s, handed on by `ludus` with their arguments and exit status.

use crate::{ludus, stderr, stdout};
use std::path::PathBuf;

/// A scratch path under Cargo's temporary directory for integration tests.
fn scratch(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("train-{name}"))
}

#[test]
fn a_network_widened_to_encoding_2_plays_exactly_as_before() {
    let (board, wide) = (scratch("board.bin"), scratch("wide.bin"));
    let (board, wide) = (board.to_str().expect("path"), wide.to_str().expect("path"));
    let new = [
        "bg",
        "train",
        "--out",
        board,
        "--games",
        "20",
        "--hidden",
        "8",
        "--encoding",
        "1",
        "--quiet",
    ];
    assert!(ludus(&new).status.success());
    // No more games than the network has seen: only the widening happens.
    let widen = [
        "bg",
        "train",
        "--resume",
        board,
        "--encoding",
        "2",
        "--out",
        wide,
        "--games",
        "20",
        "--quiet",
    ];
    let output = ludus(&widen);
    assert!(output.status.success(), "{}", stderr(&output));
    let duel = [
        "bg", "duel", "--a", wide, "--b", board, "--games", "20", "--seed", "3", "--json",
    ];
    let output = ludus(&duel);
    assert!(output.status.success(), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    // The same plays in both seats of every mirrored pair: the pairs cancel exactly.
    assert_eq!(report["ppg"].as_f64(), Some(0.0), "{report}");
    // A network cannot be narrowed back, and unknown encodings are refused.
    let narrow = [
        "bg",
        "train",
        "--resume",
        wide,
        "--encoding",
        "1",
        "--out",
        board,
        "--games",
        "20",
    ];
    let unknown = ["bg", "train", "--out", board, "--encoding", "7"];
    for args in [&narrow[..], &unknown[..]] {
        let output = ludus(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&output).lines().count(), 1, "{args:?}");
    }
}

#[test]
fn labelled_positions_resume_byte_for_byte_and_train_a_network() {
    let (whole, resumed) = (scratch("labels-whole.txt"), scratch("labels-resumed.txt"));
    let net = scratch("supervised.bin");
    for path in [&whole, &resumed] {
        let _ = std::fs::remove_file(path);
    }
    let label = |out: &PathBuf, games: &str| {
        let out = out.to_str().expect("path");
        let mut args = vec!["bg", "label", "--out", out, "--games", games];
        args.extend("--seed 5 --teacher net:1 --jobs 2 --quiet".split(' '));
        let output = ludus(&args);
        assert!(output.status.success(), "{}", stderr(&output));
    };
    label(&whole, "3");
    label(&resumed, "2");
    // A run cut short mid-line: the last game and the broken line are dropped and redone.
    let mut text = std::fs::read_to_string(&resumed).expect("labels");
    text.push_str("1 4HPwATDgc/AB");
    std::fs::write(&resumed, text).expect("write");
    label(&resumed, "3");
    let (a, b) = (std::fs::read(&whole), std::fs::read(&resumed));
    assert_eq!(a.expect("whole"), b.expect("resumed"));

    let (whole_path, net_path) = (whole.to_str().expect("path"), net.to_str().expect("path"));
    let mut train = vec!["bg", "train", "--supervised", whole_path, "--out", net_path];
    train.extend("--hidden 8 --epochs 2 --rate 0.05 --final-rate 0.01 --quiet".split(' '));
    let output = ludus(&train);
    assert!(output.status.success(), "{}", stderr(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("trained 2 passes"), "{stdout}");
    let duel = [
        "bg",
        "duel",
        "--a",
        net.to_str().expect("path"),
        "--b",
        "random",
        "--games",
        "2",
    ];
    assert!(ludus(&duel).status.success());

    // A corrupt file is refused with its line number, in one line.
    std::fs::write(&resumed, "0 4HPwATDgc/ABMA 0.5 0.1 0.0 0.1\n").expect("write");
    let corrupt = [
        "bg",
        "train",
        "--supervised",
        resumed.to_str().expect("path"),
        "--out",
        net.to_str().expect("path"),
    ];
    let output = ludus(&corrupt);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.contains("line 1"), "{message}");
}

/// Runs `ludus bg label --out OUT` with the arguments `common` and `extra` (space-separated).
fn label_into(out: &std::path::Path, common: &str, extra: &str) -> std::process::Output {
    let mut args = vec!["bg", "label", "--out", out.to_str().expect("path")];
    args.extend(common.split_whitespace());
    args.extend(extra.split_whitespace());
    ludus(&args)
}

#[test]
fn rollout_labels_cover_the_same_positions_and_need_a_teacher_at_zero_or_one_ply() {
    let (lookahead, rollout) = (scratch("labels-0ply.txt"), scratch("labels-rollout.txt"));
    for path in [&lookahead, &rollout] {
        let _ = std::fs::remove_file(path);
    }
    let label = |out: &PathBuf, extra: &str| label_into(out, "--games 1 --seed 3 --quiet", extra);
    let output = label(
        &rollout,
        "--teacher net:0 --rollout 2 --truncate 2 --jobs 2",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("by 2-game rollouts truncated after 2 plies"));
    assert!(label(&lookahead, "--teacher net:0").status.success());
    let ids = |path: &PathBuf| -> Vec<String> {
        let text = std::fs::read_to_string(path).expect("labels");
        text.lines()
            .map(|l| l.split(' ').take(2).collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert_eq!(ids(&rollout), ids(&lookahead));
    let (a, b) = (std::fs::read(&rollout), std::fs::read(&lookahead));
    assert_ne!(a.expect("rollout"), b.expect("lookahead"));

    // Luck valued by the pruned choice: the same positions (the plays are the full network's).
    let pruned = scratch("labels-rollout-pruned.txt");
    let _ = std::fs::remove_file(&pruned);
    let output = label(
        &pruned,
        "--teacher net:0 --rollout 2 --truncate 2 --luck pruned",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("luck by the pruned choice"));
    assert_eq!(ids(&pruned), ids(&rollout));

    // Rollouts played by the 1-ply search: the same positions (the games are played at 0 ply).
    let one_ply = scratch("labels-rollout-1ply.txt");
    let _ = std::fs::remove_file(&one_ply);
    let output = label(&one_ply, "--teacher net:1 --rollout 2 --truncate 2");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("by 2-game rollouts at 1 ply truncated after 2 plies"));
    assert_eq!(ids(&one_ply), ids(&rollout));

    let refused = scratch("labels-refused.txt");
    let output = label(&refused, "--teacher net:0 --luck pruned");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(!refused.exists());
    let output = label(&refused, "--rollout 2 --teacher net:2");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
    assert!(!refused.exists());
}

#[test]
fn sibling_labels_hold_several_plays_a_decision_and_refuse_none() {
    let (one, three) = (
        scratch("labels-siblings-1.txt"),
        scratch("labels-siblings-3.txt"),
    );
    for path in [&one, &three] {
        let _ = std::fs::remove_file(path);
    }
    let label = |out: &PathBuf, extra: &str| {
        label_into(out, "--games 1 --seed 12 --teacher net:0 --quiet", extra)
    };
    assert!(label(&one, "--siblings 1").status.success());
    assert!(label(&three, "--siblings 3").status.success());
    let lines = |path: &PathBuf| -> Vec<String> {
        let text = std::fs::read_to_string(path).expect("labels");
        text.lines().map(str::to_owned).collect()
    };
    let (one_lines, three_lines) = (lines(&one), lines(&three));
    // The best play of every decision, then up to two more of each: every best play's label
    // is among the three's, and there are more than twice as many.
    assert!(!one_lines.is_empty());
    assert!(three_lines.len() > 2 * one_lines.len());
    assert!(one_lines.iter().all(|l| three_lines.contains(l)));
    // Each line ends with its decision's number in the game.
    assert!(three_lines.iter().all(|l| l.split(' ').count() == 8));

    // Fitted with the ranking term: the groups are counted and ranked after each pass.
    let net = scratch("siblings-ranked.bin");
    let _ = std::fs::remove_file(net.with_extension("ckpt"));
    let (three, net) = (three.to_str().expect("path"), net.to_str().expect("path"));
    let fit = |weight: &str| {
        let args = [
            "bg", "fit", three, "--out", net, "--init", "net", "--epochs", "1",
        ];
        ludus(&[&args[..], &["--rank-weight", weight, "--quiet"]].concat())
    };
    let output = fit("1");
    assert!(output.status.success(), "{}", stderr(&output));
    let report = stderr(&output);
    assert!(report.contains("sibling groups"), "{report}");
    assert!(report.contains("ranking term"), "{report}");
    let output = fit("-1");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));

    let refused = scratch("labels-siblings-refused.txt");
    let _ = std::fs::remove_file(&refused);
    for extra in ["--siblings 0", "--siblings 3 --race"] {
        let output = label(&refused, extra);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
        assert!(!refused.exists());
    }
}

#[test]
fn race_labels_are_the_race_positions_of_the_played_labels() {
    let (played, race) = (scratch("labels-played.txt"), scratch("labels-race.txt"));
    for path in [&played, &race] {
        let _ = std::fs::remove_file(path);
    }
    let label = |out: &PathBuf, extra: &str| {
        label_into(out, "--games 2 --seed 11 --teacher net:0 --quiet", extra)
    };
    assert!(label(&played, "").status.success());
    let output = label(&race, "--race");
    assert!(output.status.success(), "{}", stderr(&output));
    let lines = |path: &PathBuf| -> Vec<String> {
        let text = std::fs::read_to_string(path).expect("labels");
        text.lines().map(str::to_owned).collect()
    };
    let race_lines = lines(&race);
    assert!(!race_lines.is_empty(), "two games reach a race");
    // The same labels as those of the played positions, only fewer: the race ones.
    let all = lines(&played);
    assert!(race_lines.len() < all.len());
    assert!(race_lines.iter().all(|l| all.contains(l)));

    let refused = scratch("labels-race-refused.txt");
    let output = label(&refused, "--race --disagree 0.01");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(!refused.exists());
}

/// The money cube decision `ludus bg cube --json` prints (the fields a test reads).
#[derive(serde::Deserialize)]
struct CubeJson {
    no_double: f64,
    double_take: f64,
    double_pass: f64,
    win: f64,
}

#[test]
fn close_cube_labels_are_positions_whose_cube_decision_is_close_and_bad_windows_are_refused() {
    let close = scratch("labels-cc.txt");
    let _ = std::fs::remove_file(&close);
    let label = |out: &PathBuf, extra: &str| {
        label_into(out, "--games 1 --seed 13 --teacher net:0 --quiet", extra)
    };
    let output = label(&close, "--close-cube 0.1");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = std::fs::read_to_string(&close).expect("labels");
    assert!(
        text.lines().count() > 2,
        "a game has close cube decisions:\n{text}"
    );
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        let cube = ludus(&["bg", "cube", "--position-id", words[1], "--json"]);
        let cube: CubeJson = serde_json::from_str(&stdout(&cube)).expect("cube json");
        let doubled = cube.double_take.min(cube.double_pass);
        let gap = (cube.no_double - doubled)
            .abs()
            .min((cube.double_take - cube.double_pass).abs());
        assert!(gap < 0.1, "{line}: {gap}");
        // The teacher at 0 ply labels with the chances the cube decision used.
        let win: f64 = words[2].parse().expect("win");
        assert!((win - cube.win).abs() < 1e-5, "{line}: {}", cube.win);
    }

    let refused = scratch("labels-cc-refused.txt");
    for extra in [
        "--close-cube=-0.1",
        "--close-cube NaN",
        "--close-cube 0.1 --race",
    ] {
        let output = label(&refused, extra);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{extra}: {}",
            stderr(&output)
        );
        assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
        assert!(!refused.exists());
    }
}

#[test]
fn ludus_hands_the_coach_commands_on_to_ludus_coach_with_help_and_exit_codes() {
    let help = ludus(&["backgammon", "fit", "--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(
        stdout(&help).contains("Usage: ludus-coach backgammon fit"),
        "{}",
        stdout(&help)
    );
    let direct = std::process::Command::new(env!("CARGO_BIN_EXE_ludus-coach"))
        .args(["morris", "tune", "--help"])
        .output()
        .expect("ludus-coach runs");
    assert_eq!(
        stdout(&ludus(&["morris", "tune", "--help"])),
        stdout(&direct)
    );
    let bad = ludus(&[
        "morris", "duel", "--a", "level:1", "--b", "level:1", "--games", "0",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(stderr(&bad), "error: --games must be at least 1\n");
}

#[test]
fn fit_widens_its_start_to_a_wider_encoding_and_refuses_the_race_encoding() {
    let (labels, wide) = (scratch("labels-widen.txt"), scratch("widened.bin"));
    let _ = std::fs::remove_file(&labels);
    let labels = labels.to_str().expect("path");
    let label = [
        "bg", "label", "--out", labels, "--games", "1", "--seed", "4",
    ];
    let output = ludus(&[&label[..], &["--teacher", "net:0", "--quiet"]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    let wide = wide.to_str().expect("path");
    let fit = |encoding: &str| {
        let _ = std::fs::remove_file(format!("{wide}.ckpt"));
        let args = [
            "bg", "fit", labels, "--out", wide, "--init", "net", "--epochs", "1",
        ];
        ludus(&[&args[..], &["--encoding", encoding, "--quiet"]].concat())
    };
    let output = fit("5");
    assert!(output.status.success(), "{}", stderr(&output));
    let bytes = std::fs::read(wide).expect("weights");
    // Weights format 1: magic (8 bytes), version, then the encoding id.
    assert_eq!(u32::from_le_bytes(bytes[12..16].try_into().expect("4")), 5);
    for refused in ["6", "7"] {
        let output = fit(refused);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
    }
}

#[test]
fn fit_keeps_the_best_pass_or_the_last() {
    let labels = scratch("labels-keep.txt");
    let _ = std::fs::remove_file(&labels);
    let labels = labels.to_str().expect("path");
    let label = [
        "bg", "label", "--out", labels, "--games", "1", "--seed", "6",
    ];
    let output = ludus(&[&label[..], &["--teacher", "net:0", "--quiet"]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    // A rate this large ruins the warm start, so the best pass is the start (pass 0).
    let fit = |out: &str, keep: &str| {
        let args = [
            "bg", "fit", labels, "--out", out, "--init", "net", "--epochs", "1", "--rate", "5",
        ];
        ludus(&[&args[..], &["--keep", keep, "--quiet"]].concat())
    };
    let paths = ["keep-best.bin", "keep-last.bin"].map(scratch);
    let [best, last] = paths.each_ref().map(|p| p.to_str().expect("path"));
    for checkpoint in ["keep-best.ckpt", "keep-last.ckpt"] {
        let _ = std::fs::remove_file(scratch(checkpoint));
    }
    let output = fit(best, "best");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("pass 0"), "{}", stdout(&output));
    let output = fit(last, "last");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("the last pass's weights"),
        "{}",
        stdout(&output)
    );
    let read = |path: &str| std::fs::read(path).expect("weights");
    assert_ne!(read(best), read(last));
    // The best run's checkpoint holds its last pass too: resumed, it writes the same weights.
    std::fs::copy(scratch("keep-best.ckpt"), scratch("keep-again.ckpt")).expect("copy");
    let again = scratch("keep-again.bin");
    let output = fit(again.to_str().expect("path"), "last");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(read(again.to_str().expect("path")), read(last));
}

#[test]
fn error_rate_keeps_the_positions_of_one_phase() {
    let args = [
        "bg",
        "error-rate",
        "--positions",
        "3",
        "--phase",
        "race",
        "--judge",
        "net:0",
        "--players",
        "net:0",
    ];
    let output = ludus(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("race (3 positions)"), "{text}");
    assert!(!text.contains("contact ("), "{text}");
}

#[test]
fn a_bundle_of_class_networks_is_distilled_into_a_pruning_network() {
    let paths = ["race-tiny.bin", "bundle-tiny.bin", "pruner-tiny.bin"].map(scratch);
    let [race, bundle, pruner] = paths.each_ref().map(|p| p.to_str().expect("path"));
    let _ = std::fs::remove_file(pruner);
    let train = [
        "bg", "train", "--out", race, "--games", "2", "--hidden", "4",
    ];
    let output = ludus(&[&train[..], &["--encoding", "1", "--quiet"]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    let output = ludus(&["bg", "bundle", "--race", race, "--out", bundle]);
    assert!(output.status.success(), "{}", stderr(&output));
    let distil = [
        "bg",
        "train-pruning",
        "--out",
        pruner,
        "--games",
        "2",
        "--epochs",
        "1",
    ];
    let output = ludus(&[&distil[..], &["--teacher", bundle, "--quiet"]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(std::path::Path::new(pruner).exists());
    let missing = scratch("no-such-bundle.bin");
    let output = ludus(&[&distil[..], &["--teacher", missing.to_str().expect("path")]].concat());
    assert!(!output.status.success(), "{}", stderr(&output));
    assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
}
