//! The library's board tables against the point names and the naive geometry.

use crate::naive;
use ludus_morris::geometry::{MILLS, Symmetry, mills_through, neighbours};
use ludus_morris::{Bitboard, Square};

fn named(bits: Bitboard) -> Vec<&'static str> {
    let mut names: Vec<&str> = Square::iter_bits(bits).map(Square::name).collect();
    names.sort();
    names
}

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn squares_are_indexed_ring_major_as_interop_lists_them() {
    let order = "a7 d7 g7 g4 g1 d1 a1 a4 b6 d6 f6 f4 f2 d2 b2 b4 c5 d5 e5 e4 e3 d3 c3 c4";
    let names: Vec<&str> = Square::ALL.iter().map(|s| s.name()).collect();
    assert_eq!(names.join(" "), order);
    for (index, sq) in Square::ALL.iter().enumerate() {
        assert_eq!(sq.index(), index);
        assert_eq!(sq.bit(), 1 << index);
        assert_eq!(Square::new(index), Some(*sq));
        assert_eq!(sq.name().parse::<Square>(), Ok(*sq));
    }
}

#[test]
fn library_mills_are_the_mills_of_the_coordinates() {
    let mut library: Vec<Vec<&str>> = MILLS.iter().map(|&m| named(m)).collect();
    let mut naive: Vec<Vec<&str>> = naive::mills()
        .iter()
        .map(|m| {
            let mut names: Vec<&str> = m.iter().map(|&p| naive::POINTS[p]).collect();
            names.sort();
            names
        })
        .collect();
    library.sort();
    naive.sort();
    assert_eq!(library, naive);
    assert!(
        !library.contains(&vec!["a7", "b6", "c5"]),
        "diagonals are no mills"
    );
}

#[test]
fn library_adjacency_is_the_adjacency_of_the_coordinates() {
    for a in 0..24 {
        for b in 0..24 {
            let (sa, sb) = (square(naive::POINTS[a]), square(naive::POINTS[b]));
            assert_eq!(
                neighbours(sa) & sb.bit() != 0,
                naive::adjacent(a, b),
                "{sa} {sb}"
            );
        }
    }
    assert_eq!(named(neighbours(square("d6"))), ["b6", "d5", "d7", "f6"]);
    assert_eq!(named(neighbours(square("a7"))), ["a4", "d7"]);
}

#[test]
fn mills_through_a_point_are_its_two_lines() {
    let [first, second] = mills_through(square("d7"));
    let mut lines = vec![named(first), named(second)];
    lines.sort();
    assert_eq!(lines, [vec!["a7", "d7", "g7"], vec!["d5", "d6", "d7"]]);
}

#[test]
fn the_sixteen_symmetries_include_rotation_mirror_and_ring_swap() {
    let images = |s: Symmetry| Square::ALL.map(|sq| s.apply_square(sq).name());
    let all: Vec<_> = Symmetry::ALL.iter().map(|&s| images(s)).collect();
    // A quarter turn clockwise takes a7 to g7; the ring swap takes a7 to c5.
    assert!(all.iter().any(|img| img[0] == "g7" && img[8] == "f6"));
    assert!(all.iter().any(|img| img[0] == "c5" && img[9] == "d6"));
    // A left-right mirror fixes d7 and swaps a7 with g7.
    assert!(all.iter().any(|img| img[0] == "g7" && img[1] == "d7"));
    assert_eq!(Symmetry::ALL[0], Symmetry::IDENTITY);
}
