//! The page only draws: no file of `web/` holds a rule table or an id encoder. The server sends
//! the legal moves and steps, the standing mills and the boards of a played move, and writes the
//! ids of a set-up (`POST /api/setup`); a mill list, an adjacency table, an XGID, FEN or Base64
//! writer or a set-up check in the page would be a second copy of a rule of the rules crates.

use ludus_morris::Square;
use ludus_morris::geometry::{MILLS, neighbours};
use std::collections::BTreeSet;
use std::path::Path;

/// Words that only an encoder or a rule check of the page would contain.
const FORBIDDEN_WORDS: [&str; 14] = [
    "xgidOf",
    "fenOf",
    "positionIdOf",
    "matchIdOf",
    "checkBackgammon",
    "checkMorris",
    "standingMills",
    "applyStep",
    "playFrames",
    "'XGID='",
    "`XGID=",
    "btoa(",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "'@'",
];

/// Neighbouring pairs in brackets (`['a7', 'd7']`) that make an adjacency table; one or two may
/// be a drawing's line.
const MOST_NEIGHBOUR_PAIRS: usize = 2;

/// Every file of `web/`, by name.
fn web_files() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("web/ is readable")
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).expect("a text file"))
        })
        .collect();
    files.sort();
    files
}

/// The point names quoted in `text` (`'a7'`, `"d6"`), in order.
fn quoted_points(text: &str) -> Vec<Square> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    for (i, window) in bytes.windows(4).enumerate() {
        let quote = window[0];
        // Both quotes are ASCII, so the two bytes between them are whole characters.
        if (quote == b'\'' || quote == b'"')
            && window[3] == quote
            && let Ok(square) = text[i + 1..i + 3].parse::<Square>()
        {
            found.push(square);
        }
    }
    found
}

/// The innermost bracketed lists of `source` (`[…]` with no bracket inside) made only of quoted
/// point names, each with the points it lists.
fn point_lists(source: &str) -> Vec<(String, Vec<Square>)> {
    let mut lists = Vec::new();
    let mut open = None;
    for (i, c) in source.char_indices() {
        match c {
            '[' => open = Some(i),
            ']' => {
                let Some(start) = open.take() else { continue };
                let inside = &source[start + 1..i];
                let points = quoted_points(inside);
                let only_points = inside.chars().all(|c| "abcdefg1234567'\", \n".contains(c));
                if !points.is_empty() && only_points {
                    lists.push((source[start..=i].to_string(), points));
                }
            }
            _ => {}
        }
    }
    lists
}

/// The bits of some points.
fn bits(points: &[Square]) -> u32 {
    points.iter().fold(0, |bits, square| bits | square.bit())
}

/// Whether three points are one of the sixteen mills.
fn is_mill(points: &[Square]) -> bool {
    points.len() == 3 && MILLS.contains(&bits(points))
}

/// Whether `text` (a string literal's inside or a list) names a mill's three points.
fn names_a_mill(points: &[Square]) -> bool {
    is_mill(points) && points.iter().collect::<BTreeSet<_>>().len() == 3
}

/// What in `source` is a rule table or an id encoder, each as the text found.
fn rule_tables(source: &str) -> Vec<String> {
    let mut found: Vec<String> = FORBIDDEN_WORDS
        .iter()
        .filter(|word| source.contains(*word))
        .map(|word| (*word).to_string())
        .collect();
    let lists = point_lists(source);
    found.extend(
        lists
            .iter()
            .filter(|(_, points)| names_a_mill(points))
            .map(|(text, _)| text.clone()),
    );
    found.extend(mills_in_strings(source));
    let pairs: Vec<&String> = lists
        .iter()
        .filter(|(_, p)| p.len() == 2 && neighbours(p[0]) & p[1].bit() != 0)
        .map(|(text, _)| text)
        .collect();
    if pairs.len() > MOST_NEIGHBOUR_PAIRS {
        found.extend(pairs.into_iter().cloned());
    }
    found.extend(neighbour_entries(source));
    found.extend(bar_bookkeeping(source));
    found
}

/// String literals that name a mill as one text (`'a7 d7 g7'`, `"a7-d7-g7"`).
fn mills_in_strings(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    for quote in ['\'', '"', '`'] {
        for literal in source.split(quote).skip(1).step_by(2) {
            let words: Vec<Square> = literal
                .split([' ', '-', ',', '/'])
                .filter_map(|word| word.parse().ok())
                .collect();
            if literal.len() <= 12 && names_a_mill(&words) {
                found.push(literal.to_string());
            }
        }
    }
    found
}

/// Object entries that map a point to its neighbours (`a7: ['d7', 'a4']`).
fn neighbour_entries(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (start, _) in source.match_indices(": [") {
        let key: String = source[..start]
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '\'' || *c == '"')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        let Ok(square) = key.parse::<Square>() else {
            continue;
        };
        let rest = &source[start + 2..];
        let list = &rest[..rest.find(']').map_or(rest.len(), |end| end + 1)];
        let points = quoted_points(list);
        if !points.is_empty() && bits(&points) & !neighbours(square) == 0 {
            found.push(format!("{key}{}", &source[start..start + 2 + list.len()]));
        }
    }
    found
}

/// A checker moved to or from the bar by the page itself (`[25] += …`): the hit bookkeeping of
/// a step, which the server's boards carry.
fn bar_bookkeeping(source: &str) -> Vec<String> {
    ["[25] +=", "[25] -=", "[25]++", "[25]--"]
        .into_iter()
        .filter(|pattern| source.contains(pattern))
        .map(str::to_string)
        .collect()
}

#[test]
fn no_file_of_the_page_holds_a_rule_table_or_an_id_encoder() {
    let files = web_files();
    assert!(
        files.iter().any(|(name, _)| name == "morris.js") && files.len() >= 10,
        "web/ has {:?}",
        files.iter().map(|(name, _)| name).collect::<Vec<_>>()
    );
    let found: Vec<(String, Vec<String>)> = files
        .iter()
        .map(|(name, source)| (format!("web/{name}"), rule_tables(source)))
        .filter(|(_, found)| !found.is_empty())
        .collect();
    assert!(found.is_empty(), "rules in the page: {found:?}");
}

#[test]
fn the_finder_sees_the_tables_the_page_once_had() {
    let cases = [
        "const MILLS = [['a7', 'd7', 'g7'], ['b6', 'd6', 'f6']];",
        "const mills = [['g1', 'd1', 'a1']];",
        "highlight('a7 a4 a1');",
        "const NEIGHBOURS = { a7: ['d7', 'a4'], d7: ['a7', 'g7', 'd6'] };",
        "const EDGES = [['a7', 'd7'], ['d7', 'g7'], ['a7', 'a4']];",
        "return `XGID=${fields.join(':')}`;",
        "const board = ring.map((p) => ({ white: 'O', black: '@' }[p] || '*'));",
        "if (step.hit) { victim[step.to] -= sign; victim[25] += sign; }",
        "export function checkMorris(model) {}",
    ];
    for source in cases {
        assert!(!rule_tables(source).is_empty(), "not seen: {source}");
    }
}

#[test]
fn the_finder_lets_drawing_code_through() {
    // The board's points in drawing order, its lines, a mill the server sent, a keyboard map.
    let drawing = "const POINTS = ['a7', 'd7', 'g7', 'b6', 'd6', 'f6'];
        const LINES = [['a7', 'g7'], ['g7', 'g1'], ['d7', 'd5'], ['a4', 'c4']];
        for (const mill of view.mills) line(mill.points.join(' '));
        const keys = { a: ['ArrowLeft'] };
        mine[25] = view.bar[me];";
    assert_eq!(rule_tables(drawing), Vec::<String>::new());
}
