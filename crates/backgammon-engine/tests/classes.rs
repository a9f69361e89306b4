//! Networks by position class: the classes, the bundle file (format 3) and the routing.

use crate::common::{board, two_layer_net};
use ludus_backgammon::player::plays;
use ludus_backgammon::{Dice, Position, random_positions};
use ludus_backgammon_engine::classes::{ClassNets, PositionClass};
use ludus_backgammon_engine::eval::{Evaluator, NetEvaluator, SHIPPED_WEIGHTS};
use ludus_backgammon_engine::net::{Net, WeightsError};
use ludus_backgammon_engine::probabilities::Probabilities;

fn bundle() -> ClassNets {
    ClassNets::single(Net::random(16, 1))
        .with(PositionClass::Race, Net::random(8, 2))
        .with(PositionClass::Crashed, two_layer_net(12, 6, 3))
}

/// A race: no contact left.
fn race() -> Position {
    board(&[(6, 5), (5, 5), (4, 5)], &[(6, 5), (5, 5), (3, 5)])
}

/// Crashed: six checkers left to the side on roll, one of them still back in contact.
fn crashed() -> Position {
    board(&[(24, 1), (2, 5)], &[(13, 5), (8, 5), (6, 5)])
}

#[test]
fn positions_fall_into_their_classes() {
    assert_eq!(
        PositionClass::of(&Position::starting()),
        PositionClass::Contact
    );
    assert_eq!(PositionClass::of(&race()), PositionClass::Race);
    assert_eq!(PositionClass::of(&crashed()), PositionClass::Crashed);
    for class in PositionClass::ALL {
        assert_eq!(PositionClass::from_id(class.id()), Some(class));
    }
    assert_eq!(PositionClass::from_id(3), None);
}

#[test]
fn a_bundle_round_trips_and_a_lone_contact_network_keeps_its_old_file() {
    let nets = bundle();
    assert_eq!(ClassNets::from_bytes(&nets.to_bytes()), Ok(nets));
    let lone = ClassNets::single(Net::random(16, 4));
    assert_eq!(lone.to_bytes(), lone.contact().to_bytes());
    let shipped = ClassNets::from_bytes(SHIPPED_WEIGHTS).expect("the shipped bundle loads");
    assert!(shipped.is_routed());
    assert_eq!(shipped.to_bytes(), SHIPPED_WEIGHTS);
    let contact = ClassNets::single(shipped.contact().as_ref().clone());
    let old = contact.to_bytes();
    assert_eq!(
        ClassNets::from_bytes(&old),
        Ok(contact),
        "an old one-network file loads"
    );
}

#[test]
fn broken_bundles_are_refused_with_the_reason() {
    let bytes = bundle().to_bytes();
    let mut flipped = bytes.clone();
    flipped[40] ^= 1;
    assert_eq!(ClassNets::from_bytes(&flipped), Err(WeightsError::Checksum));
    assert!(ClassNets::from_bytes(&bytes[..30]).is_err());
    let race_only = |id: u32| {
        let race = Net::random(8, 2).to_bytes();
        let mut out = b"LUDUSBGW".to_vec();
        for v in [3u32, 1, id] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&(race.len() as u64).to_le_bytes());
        out.extend_from_slice(&race);
        let sum = out.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        out.extend_from_slice(&sum.to_le_bytes());
        out
    };
    assert_eq!(
        ClassNets::from_bytes(&race_only(2)),
        Err(WeightsError::NoContact)
    );
    assert_eq!(
        ClassNets::from_bytes(&race_only(7)),
        Err(WeightsError::Class(7))
    );
}

#[test]
fn each_class_is_judged_by_its_own_network() {
    let nets = bundle();
    let evaluator = NetEvaluator::from_classes(nets.clone()).without_bearoff();
    let mut set = random_positions(43, 400);
    set.extend([race(), crashed(), crashed().swapped()]);
    for p in set {
        let own = nets.for_class(PositionClass::of(&p));
        let plain = NetEvaluator::new((**own).clone()).without_bearoff();
        assert_eq!(evaluator.eval(&p), plain.eval(&p));
    }
}

/// The routed evaluator with one-at-a-time play values.
struct OneByOne(NetEvaluator);

impl Evaluator for OneByOne {
    fn eval(&self, position: &Position) -> Probabilities {
        self.0.eval(position)
    }
}

#[test]
fn batched_play_values_route_each_play_to_its_class() {
    let evaluator = NetEvaluator::from_classes(bundle());
    let reference = OneByOne(evaluator.clone());
    let (mut after, mut batched, mut single) = (Vec::new(), Vec::new(), Vec::new());
    let mut classes = std::collections::HashSet::new();
    let mut set = random_positions(47, 200);
    set.extend([race(), crashed(), race().swapped(), crashed().swapped()]);
    for (i, p) in set.iter().enumerate() {
        let dice = Dice::new((i % 6) as u8 + 1, (i / 6 % 6) as u8 + 1).expect("dice");
        plays(p, dice, &mut after);
        classes.extend(after.iter().map(|a| PositionClass::of(&a.swapped())));
        evaluator.eval_after_moves(&after, &mut batched);
        reference.eval_after_moves(&after, &mut single);
        assert_eq!(batched, single, "position {i}");
    }
    assert_eq!(classes.len(), 3, "the set reaches every class");
}
