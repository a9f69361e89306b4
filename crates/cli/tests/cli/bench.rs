//! `ludus bench`: one JSON entry per headline benchmark, each with positive work and rate.

use crate::{ludus, stdout};

#[test]
fn bench_json_lists_every_headline_benchmark_with_its_work() {
    let output = ludus(&["bench", "--json"]);
    assert!(output.status.success(), "{:?}", output);
    let results: serde_json::Value =
        serde_json::from_str(&stdout(&output)).expect("one JSON document");
    let results = results.as_array().expect("an array");
    let names: Vec<&str> = results
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "morris perft",
            "morris search",
            "backgammon movegen",
            "backgammon eval",
            "backgammon 0-ply play",
            "backgammon 2-ply play"
        ]
    );
    // perft(6) from the empty board is a fixed count; the rest only need to be real work.
    assert_eq!(results[0]["work"], 99_274_176);
    for result in results {
        assert!(result["work"].as_u64().unwrap() > 0);
        assert!(result["per_second"].as_f64().unwrap() > 0.0);
    }
}
