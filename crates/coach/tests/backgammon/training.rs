//! Self-play training: a run resumed from a checkpoint is the run that never stopped.

use ludus_backgammon_engine::net::Net;
use ludus_coach::backgammon::train::{TrainConfig, train};

#[test]
fn training_interrupted_and_resumed_equals_one_uninterrupted_run() {
    let config = TrainConfig {
        games: 40,
        seed: 9,
        ..TrainConfig::default()
    };
    let mut whole = Net::random(16, 9);
    train(&mut whole, &config, |_, _| true);
    let mut parts = Net::random(16, 9);
    train(&mut parts, &config, |_, done| done < 15);
    assert_eq!(parts.games_trained, 15);
    let resumed = Net::from_bytes(&parts.to_bytes()).expect("checkpoint");
    let mut parts = resumed;
    train(&mut parts, &config, |_, _| true);
    assert_eq!(whole.to_bytes(), parts.to_bytes());
}
