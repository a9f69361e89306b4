//! Networks by position class, after gnubg's contact, crashed and race networks: a position is
//! judged by the network of its class, the contact network standing in for any class without
//! one of its own.
//!
//! The classes (Ludus's own definitions): **race** once no checker can hit or block another
//! ([`Position::is_race`]); **crashed** while there is contact but a side has at most
//! [`CRASHED_CHECKERS`] checkers left on the board (bar included); **contact** otherwise.
//!
//! Weights file format 3 (little-endian) bundles them: `b"LUDUSBGW"`, `u32` 3, `u32` networks,
//! then for each `u32` class id (0 contact, 1 crashed, 2 race), `u64` length and that many bytes
//! of a format 1 or 2 file; then a `u64` FNV-1a checksum of everything before it. A file of
//! format 1 or 2 is one contact network for every class; a bundle of the contact network alone
//! is written as its format 1 or 2 file, so older readers read it.

use crate::net::{MAGIC, Net, WeightsError};
use ludus_backgammon::Position;
use std::sync::Arc;

/// Version of the weights file layout that bundles a network a class.
pub const CLASS_FORMAT_VERSION: u32 = 3;
/// A contact position is crashed when a side has at most this many checkers left on the board.
pub const CRASHED_CHECKERS: u32 = 6;

/// The class of a position, which picks its network.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionClass {
    /// Contact, neither side crashed.
    Contact,
    /// Contact, a side with at most [`CRASHED_CHECKERS`] checkers left on the board.
    Crashed,
    /// No contact left.
    Race,
}

impl PositionClass {
    /// Every class, in id order.
    pub const ALL: [PositionClass; 3] = [
        PositionClass::Contact,
        PositionClass::Crashed,
        PositionClass::Race,
    ];

    /// The class of `position`.
    pub fn of(position: &Position) -> PositionClass {
        if position.is_race() {
            return PositionClass::Race;
        }
        // Index 0 counts the checkers borne off; 1..=24 the points and 25 the bar.
        let left = |checkers: [u8; 26]| checkers[1..].iter().map(|&c| u32::from(c)).sum::<u32>();
        let fewest = left(position.player_checkers()).min(left(position.opponent_checkers()));
        if fewest <= CRASHED_CHECKERS {
            PositionClass::Crashed
        } else {
            PositionClass::Contact
        }
    }

    /// The id of the class in a weights file.
    pub fn id(self) -> u32 {
        self as u32
    }

    /// The class of an id, `None` for an unknown one.
    pub fn from_id(id: u32) -> Option<PositionClass> {
        PositionClass::ALL.get(id as usize).copied()
    }

    /// The class's name: `contact`, `crashed` or `race`.
    pub fn name(self) -> &'static str {
        match self {
            PositionClass::Contact => "contact",
            PositionClass::Crashed => "crashed",
            PositionClass::Race => "race",
        }
    }
}

/// A network a class: the contact network always, the others where they have their own.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassNets {
    nets: [Option<Arc<Net>>; 3],
}

impl ClassNets {
    /// One network for every class.
    pub fn single(net: impl Into<Arc<Net>>) -> ClassNets {
        ClassNets {
            nets: [Some(net.into()), None, None],
        }
    }

    /// The same bundle with `net` for `class` (replacing any there).
    #[must_use]
    pub fn with(mut self, class: PositionClass, net: impl Into<Arc<Net>>) -> ClassNets {
        self.nets[class as usize] = Some(net.into());
        self
    }

    /// The contact network (and every class's without a network of its own).
    pub fn contact(&self) -> &Arc<Net> {
        self.nets[0]
            .as_ref()
            .expect("a bundle always has a contact network")
    }

    /// The network of `class` itself, `None` where the contact network stands in.
    pub fn own(&self, class: PositionClass) -> Option<&Arc<Net>> {
        self.nets[class as usize].as_ref()
    }

    /// The network that judges positions of `class`.
    pub fn for_class(&self, class: PositionClass) -> &Arc<Net> {
        self.own(class).unwrap_or_else(|| self.contact())
    }

    /// The network that judges `position`.
    #[inline]
    pub fn for_position(&self, position: &Position) -> &Arc<Net> {
        if self.nets[1].is_none() && self.nets[2].is_none() {
            return self.contact();
        }
        self.for_class(PositionClass::of(position))
    }

    /// True when some class has a network of its own.
    pub fn is_routed(&self) -> bool {
        self.nets[1..].iter().any(Option::is_some)
    }

    /// Serialises the bundle: the contact network's own file when it is alone, else format 3.
    pub fn to_bytes(&self) -> Vec<u8> {
        if !self.is_routed() {
            return self.contact().to_bytes();
        }
        let mut out = MAGIC.to_vec();
        let present: Vec<(PositionClass, &Arc<Net>)> = PositionClass::ALL
            .iter()
            .filter_map(|&c| self.own(c).map(|n| (c, n)))
            .collect();
        out.extend_from_slice(&CLASS_FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(present.len() as u32).to_le_bytes());
        for (class, net) in present {
            let bytes = net.to_bytes();
            out.extend_from_slice(&class.id().to_le_bytes());
            out.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
            out.extend_from_slice(&bytes);
        }
        let sum = crate::net::fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a bundle (format 3) or a single network (formats 1 and 2), checking every field
    /// and both checksums.
    pub fn from_bytes(bytes: &[u8]) -> Result<ClassNets, WeightsError> {
        let version = bytes
            .get(8..12)
            .map(|v| u32::from_le_bytes([v[0], v[1], v[2], v[3]]));
        if bytes.len() < 12 || &bytes[..8] != MAGIC || version != Some(CLASS_FORMAT_VERSION) {
            return Net::from_bytes(bytes).map(ClassNets::single);
        }
        if bytes.len() < 24 {
            return Err(WeightsError::BadMagic);
        }
        let body = bytes.len() - 8;
        let stored = u64::from_le_bytes(bytes[body..].try_into().unwrap_or([0; 8]));
        if crate::net::fnv1a(&bytes[..body]) != stored {
            return Err(WeightsError::Checksum);
        }
        let mut reader = Reader {
            bytes: &bytes[..body],
            at: 12,
        };
        let count = reader.u32()?;
        let mut nets: [Option<Arc<Net>>; 3] = [None, None, None];
        for _ in 0..count {
            let id = reader.u32()?;
            let class = PositionClass::from_id(id).ok_or(WeightsError::Class(id))?;
            let len = usize::try_from(reader.u64()?).map_err(|_| WeightsError::BadMagic)?;
            let net = Net::from_bytes(reader.take(len)?)?;
            if nets[class as usize].replace(Arc::new(net)).is_some() {
                return Err(WeightsError::Class(id));
            }
        }
        if reader.at != body {
            return Err(WeightsError::Length {
                expected: reader.at + 8,
                actual: bytes.len(),
            });
        }
        if nets[0].is_none() {
            return Err(WeightsError::NoContact);
        }
        Ok(ClassNets { nets })
    }
}

/// Reads the fields of a bundle in turn (too short a bundle is refused as no weights file).
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], WeightsError> {
        let end = self.at.checked_add(n).ok_or(WeightsError::BadMagic)?;
        let field = self.bytes.get(self.at..end).ok_or(WeightsError::BadMagic)?;
        self.at = end;
        Ok(field)
    }

    fn u32(&mut self) -> Result<u32, WeightsError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self) -> Result<u64, WeightsError> {
        let b = self.take(8)?;
        Ok(u64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
    }
}
