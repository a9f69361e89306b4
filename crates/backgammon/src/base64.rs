//! Standard Base64 (RFC 4648 alphabet) without padding, as gnubg's ids use it.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/// Bits carried by one Base64 character.
const BITS_PER_CHAR: usize = 6;

/// Encodes bytes as Base64 without the trailing `=` padding.
pub(crate) fn encode(bytes: &[u8]) -> String {
    let total_bits = bytes.len() * 8;
    let chars = total_bits.div_ceil(BITS_PER_CHAR);
    let mut out = String::with_capacity(chars);
    for c in 0..chars {
        let mut value = 0usize;
        for b in 0..BITS_PER_CHAR {
            // Base64 reads bytes most significant bit first.
            let bit = c * BITS_PER_CHAR + b;
            let set = bit < total_bits && bytes[bit / 8] & (0x80 >> (bit % 8)) != 0;
            value = value << 1 | usize::from(set);
        }
        out.push(char::from(ALPHABET[value]));
    }
    out
}

/// Decodes unpadded Base64 of exactly `N` bytes; `None` on a bad length or character. Bits past
/// the last byte are ignored, as gnubg does.
pub(crate) fn decode<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != (N * 8).div_ceil(BITS_PER_CHAR) {
        return None;
    }
    let mut bytes = [0u8; N];
    for (c, ch) in text.bytes().enumerate() {
        let value = ALPHABET.iter().position(|&a| a == ch)?;
        for b in 0..BITS_PER_CHAR {
            let bit = c * BITS_PER_CHAR + b;
            if bit < N * 8 && value & (1 << (BITS_PER_CHAR - 1 - b)) != 0 {
                bytes[bit / 8] |= 0x80 >> (bit % 8);
            }
        }
    }
    Some(bytes)
}
