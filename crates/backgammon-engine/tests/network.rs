//! Encoding, inference and the weights file format.

use crate::common::two_layer_net;
use ludus_backgammon::Position;
use ludus_backgammon_engine::classes::{ClassNets, PositionClass};
use ludus_backgammon_engine::encoding::{
    Encoding, FEATURE_INPUTS, INPUTS, SparseInputs, encode, encode_with_features,
};
use ludus_backgammon_engine::eval::{Evaluator, NetEvaluator};
use ludus_backgammon_engine::net::{Net, WeightsError};
use ludus_backgammon_engine::probabilities::Probabilities;

#[test]
fn weights_round_trip_bit_for_bit() {
    let mut net = Net::random(16, 3);
    net.games_trained = 12_345;
    let bytes = net.to_bytes();
    assert_eq!(Net::from_bytes(&bytes), Ok(net));
}

#[test]
fn corrupt_weights_files_are_refused_with_the_reason() {
    let bytes = Net::random(8, 1).to_bytes();
    assert_eq!(Net::from_bytes(b"nonsense"), Err(WeightsError::BadMagic));
    let mut flipped = bytes.clone();
    flipped[100] ^= 1;
    assert_eq!(Net::from_bytes(&flipped), Err(WeightsError::Checksum));
    let short = &bytes[..bytes.len() - 4];
    assert!(matches!(
        Net::from_bytes(short),
        Err(WeightsError::Length { .. })
    ));
    let mut version = bytes.clone();
    version[8] = 99;
    assert_eq!(Net::from_bytes(&version), Err(WeightsError::Version(99)));
}

#[test]
fn shipped_weights_load() {
    let bytes = ludus_backgammon_engine::eval::SHIPPED_WEIGHTS;
    let nets = ClassNets::from_bytes(bytes).expect("shipped weights are valid");
    assert_eq!(nets.contact().encoding(), Encoding::Strategic);
    let race = nets.own(PositionClass::Race).expect("a race network");
    assert_eq!(race.encoding(), Encoding::Race);
    assert!(nets.own(PositionClass::Crashed).is_none());
    assert!(bytes.len() < 5 * 1024 * 1024);
}

/// The shipped networks of every class.
fn shipped_classes() -> ClassNets {
    ClassNets::from_bytes(ludus_backgammon_engine::eval::SHIPPED_WEIGHTS).expect("shipped weights")
}

/// The shipped contact network.
fn shipped_contact() -> Net {
    shipped_classes().contact().as_ref().clone()
}

/// The shipped race network: real weights with one hidden layer (the contact network has two).
fn shipped_one_layer() -> Net {
    let nets = shipped_classes();
    let race = nets.own(PositionClass::Race).expect("a race network");
    assert_eq!(race.second_hidden(), None);
    race.as_ref().clone()
}

#[test]
fn sparse_encoding_matches_its_dense_form_in_size() {
    let mut x = SparseInputs::new();
    encode(&Position::starting(), &mut x);
    assert_eq!(x.to_dense().len(), INPUTS);
    assert_eq!(x.to_dense().iter().filter(|&&v| v != 0.0).count(), x.len());
}

#[test]
fn outputs_are_consistent_probabilities() {
    let e = NetEvaluator::shipped();
    let p = e.eval(&Position::starting());
    for v in p.to_array() {
        assert!((0.0..=1.0).contains(&v));
    }
    assert!(p.win_backgammon <= p.win_gammon && p.win_gammon <= p.win);
    assert!(p.lose_backgammon <= p.lose_gammon && p.lose_gammon <= 1.0 - p.win);
    // The opening position is roughly even for the side on roll.
    assert!((p.win - 0.5).abs() < 0.1, "{p:?}");
}

#[test]
fn flipping_twice_is_the_identity_and_negates_equity() {
    let p = Probabilities {
        win: 0.6,
        win_gammon: 0.2,
        win_backgammon: 0.01,
        lose_gammon: 0.1,
        lose_backgammon: 0.005,
    };
    assert_eq!(p.flipped().flipped(), p);
    assert!((p.equity() + p.flipped().equity()).abs() < 1e-6);
}

#[test]
fn a_training_step_moves_the_output_towards_the_target() {
    let mut net = Net::random(32, 5);
    let mut x = SparseInputs::new();
    encode(&Position::starting(), &mut x);
    let mut h = vec![0.0; 32];
    let before = net.forward(&x, &mut h)[0];
    let target = [1.0, 0.0, 0.0, 0.0, 0.0];
    for _ in 0..20 {
        net.train_step(&x, &target, 0.1, &mut h);
    }
    assert!(net.forward(&x, &mut h)[0] > before + 0.05);
}

/// The network's raw outputs on `positions` (no bearoff database).
fn outputs(net: &Net, positions: &[Position]) -> Vec<[f32; 5]> {
    let mut x = SparseInputs::new();
    let mut h = vec![0.0; net.hidden()];
    positions
        .iter()
        .map(|p| {
            net.encode(p, &mut x);
            net.forward(&x, &mut h)
        })
        .collect()
}

#[test]
fn a_widened_network_plays_exactly_as_before() {
    let positions = ludus_backgammon::random_positions(11, 300);
    let shipped = shipped_contact();
    assert_eq!(shipped.encoding(), Encoding::Strategic);
    assert!(shipped.widened(Encoding::Contact).is_none());
    assert!(shipped.widened(Encoding::Race).is_none());
    let board = Net::random(24, 4);
    let features = Net::random_with(Encoding::Features, 24, 5);
    let widenings = [
        (board.clone(), Encoding::Features),
        (board.clone(), Encoding::Contact),
        (features.clone(), Encoding::Contact),
        (board, Encoding::Tactical),
        (features.clone(), Encoding::Tactical),
        (features, Encoding::Strategic),
    ];
    for (net, encoding) in widenings {
        let wide = net.widened(encoding).expect("wider");
        assert_eq!(wide.encoding(), encoding);
        assert_eq!(outputs(&wide, &positions), outputs(&net, &positions));
        let read = Net::from_bytes(&wide.to_bytes()).expect("wider file");
        assert_eq!(read, wide);
        assert!(wide.widened(Encoding::Board).is_none());
    }
}

#[test]
fn a_grown_network_plays_exactly_as_before_and_then_learns() {
    let positions = ludus_backgammon::random_positions(12, 300);
    let net = Net::random_with(Encoding::Features, 16, 2);
    let grown = net.with_hidden(24, 3).expect("larger");
    assert_eq!(grown.hidden(), 24);
    let (a, b) = (outputs(&net, &positions), outputs(&grown, &positions));
    for (x, y) in a.iter().zip(&b) {
        for (u, v) in x.iter().zip(y) {
            assert!((u - v).abs() < 1e-6, "{x:?} {y:?}");
        }
    }
    assert!(net.with_hidden(8, 3).is_none());
    // The new units take part in training: their output weights move away from zero.
    let mut trained = grown.clone();
    let mut x = SparseInputs::new();
    trained.encode(&positions[0], &mut x);
    let mut h = vec![0.0; 24];
    trained.train_step(&x, &[1.0, 0.0, 0.0, 0.0, 0.0], 0.1, &mut h);
    assert_ne!(trained.to_bytes(), grown.to_bytes());
}

#[test]
fn the_feature_encoding_extends_the_board_encoding() {
    let mut board = SparseInputs::new();
    let mut rich = SparseInputs::new();
    encode(&Position::starting(), &mut board);
    encode_with_features(&Position::starting(), &mut rich);
    assert_eq!(rich.to_dense().len(), FEATURE_INPUTS);
    assert_eq!(&rich.to_dense()[..INPUTS], &board.to_dense()[..]);
    assert_eq!(Encoding::from_id(2), Some(Encoding::Features));
    assert_eq!(Encoding::from_id(3), Some(Encoding::Contact));
    assert_eq!(Encoding::from_id(4), Some(Encoding::Tactical));
    assert_eq!(Encoding::from_id(5), Some(Encoding::Strategic));
    assert_eq!(Encoding::from_id(6), Some(Encoding::Race));
    assert_eq!(Encoding::from_id(7), None);
}

#[test]
fn a_file_whose_encoding_and_input_count_disagree_is_refused() {
    let mut bytes = Net::random(4, 1).to_bytes();
    bytes[12] = 2; // encoding 2 with 199 inputs
    assert!(matches!(
        Net::from_bytes(&bytes),
        Err(WeightsError::Shape { encoding: 2, .. })
    ));
}

#[test]
fn the_interleaved_output_layer_gives_the_same_outputs_bit_for_bit() {
    for net in [shipped_contact(), shipped_one_layer()] {
        let mut x = SparseInputs::new();
        let mut h = vec![0.0; net.scratch_len()];
        for position in ludus_backgammon::random_positions(3, 200) {
            net.encode(&position, &mut x);
            let plain = net.forward(&x, &mut h);
            assert_eq!(net.forward_interleaved(&x, &mut h), plain);
        }
    }
}

#[test]
fn the_hidden_layer_in_blocks_gives_the_same_activations_bit_for_bit() {
    let shipped = shipped_one_layer();
    // The shipped width, a width of whole blocks, one with a half block and units left over
    // (64 + 32 + 4), the pruning network's half block alone and units alone.
    let pruner = ludus_backgammon_engine::eval::shipped_pruning_net().expect("pruning network");
    let nets = [
        shipped.clone(),
        shipped.with_hidden(384, 7).expect("wider"),
        Net::random_with(shipped.encoding(), 100, 9),
        pruner.as_ref().clone(),
        Net::random_with(shipped.encoding(), 20, 10),
    ];
    let mut x = SparseInputs::new();
    for net in &nets {
        let (mut blocked, mut by_rows) = (vec![0.0; net.hidden()], vec![0.0; net.hidden()]);
        for position in ludus_backgammon::random_positions(4, 200) {
            net.encode(&position, &mut x);
            net.hidden_layer(&x, &mut blocked);
            net.hidden_layer_by_rows(&x, &mut by_rows);
            let same = blocked
                .iter()
                .zip(&by_rows)
                .all(|(a, b)| a.to_bits() == b.to_bits());
            assert!(
                same,
                "{} hidden units, {}",
                net.hidden(),
                position.position_id()
            );
        }
    }
}

/// FNV-1a of the shipped weights the shipped pruning network was distilled from.
const PRUNING_TEACHER: u64 = 0x0f28_74ad_b331_9fc7;

#[test]
fn the_pruning_network_loads_and_was_distilled_from_the_shipped_weights() {
    let shipped = NetEvaluator::shipped();
    let pruner = shipped
        .pruning_net()
        .expect("weights/ludus-bg-prune.bin loads (made for this encoding)");
    assert!(pruner.hidden() < shipped.net().hidden());
    let hash = ludus_backgammon_engine::eval::SHIPPED_WEIGHTS
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    assert_eq!(
        hash, PRUNING_TEACHER,
        "the shipped weights changed: re-run `ludus backgammon train-pruning --out \
         crates/backgammon-engine/weights/ludus-bg-prune.bin --games 2000 --hidden 32` \
         (docs/backgammon-engine.md) and update PRUNING_TEACHER to {hash:#x}"
    );
}

#[test]
fn one_layer_files_are_still_written_and_read_in_the_first_format() {
    let net = shipped_one_layer();
    assert_eq!(net.second_hidden(), None);
    let bytes = net.to_bytes();
    assert_eq!(
        u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")),
        1
    );
    assert_eq!(Net::from_bytes(&bytes).as_ref(), Ok(&net));
    assert_eq!(Net::from_layers(net.layers()), Ok(net));
}

#[test]
fn two_layer_weights_round_trip_and_carry_their_layout() {
    let net = two_layer_net(24, 8, 4);
    let bytes = net.to_bytes();
    assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().unwrap()), 2);
    let back = Net::from_bytes(&bytes).expect("a valid layered file");
    assert_eq!(back.second_hidden(), Some(8));
    assert_eq!(back.scratch_len(), 32);
    assert_eq!(back, net);
    let mut flipped = bytes.clone();
    flipped[60] ^= 1;
    assert_eq!(Net::from_bytes(&flipped), Err(WeightsError::Checksum));
    let mut layers = bytes.clone();
    layers[20] = 3;
    assert_eq!(Net::from_bytes(&layers), Err(WeightsError::Layers(3)));
    assert!(matches!(
        Net::from_bytes(&bytes[..bytes.len() - 1]),
        Err(WeightsError::Length { .. })
    ));
}

#[test]
fn the_second_hidden_layer_is_the_plain_matrix_product() {
    let net = two_layer_net(16, 8, 9);
    let l = net.layers();
    let (wh, bh) = l.second.clone().expect("two layers");
    let sigmoid = |v: f32| 1.0 / (1.0 + (-v).exp());
    let mut x = SparseInputs::new();
    net.encode(&Position::starting(), &mut x);
    let dense = x.to_dense();
    let h1: Vec<f32> = (0..16)
        .map(|j| {
            sigmoid(
                l.b1[j]
                    + dense
                        .iter()
                        .enumerate()
                        .map(|(i, v)| v * l.w1[i * 16 + j])
                        .sum::<f32>(),
            )
        })
        .collect();
    let h2: Vec<f32> = (0..8)
        .map(|k| sigmoid(bh[k] + (0..16).map(|j| h1[j] * wh[j * 8 + k]).sum::<f32>()))
        .collect();
    let plain: Vec<f32> = (0..5)
        .map(|o| sigmoid(l.b2[o] + (0..8).map(|k| h2[k] * l.w2[o * 8 + k]).sum::<f32>()))
        .collect();
    let mut h = vec![0.0; net.scratch_len()];
    let fast = net.forward(&x, &mut h);
    for (a, b) in fast.iter().zip(&plain) {
        assert!((a - b).abs() < 1e-5, "{fast:?} vs {plain:?}");
    }
    assert_eq!(net.forward_interleaved(&x, &mut h), fast);
    let evaluated = NetEvaluator::new(net.clone()).eval(&Position::starting());
    assert!((evaluated.win - fast[0]).abs() < 1e-6);
}

#[test]
fn layers_that_do_not_fit_are_refused() {
    let mut l = two_layer_net(16, 8, 1).layers();
    l.w2.pop();
    assert!(matches!(Net::from_layers(l), Err(WeightsError::Layout(_))));
}
