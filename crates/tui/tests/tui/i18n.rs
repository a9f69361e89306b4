//! The terminal UI's texts: its keys in the shared Fluent files (`ludus-i18n`), and the line of
//! keys that must fit the smallest terminal. (That every language has every key is a test of
//! `ludus-i18n` itself.)

use ludus_tui::i18n::{Catalog, Lang};
use std::collections::BTreeSet;

/// The literal keys the screens ask for: `catalog.get("…")` and `catalog.format("…", …)`, also
/// when the call is split over lines (`self.catalog\n    .format(\n        "…"`).
fn keys_in_source(source: &str) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for (start, _) in source.match_indices("catalog") {
        let rest = source[start + "catalog".len()..].trim_start();
        let Some(rest) = rest
            .strip_prefix(".get(")
            .or_else(|| rest.strip_prefix(".format("))
        else {
            continue;
        };
        if let Some(literal) = rest.trim_start().strip_prefix('"') {
            keys.extend(literal.split('"').next().map(str::to_string));
        }
    }
    keys
}

#[test]
fn every_key_the_screens_ask_for_is_in_every_language() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut keys = BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            keys.extend(keys_in_source(&std::fs::read_to_string(&path).unwrap()));
        }
    }
    assert!(keys.len() > 40, "found only {keys:?}");
    for lang in Lang::ALL {
        let catalog = Catalog::new(lang);
        let missing: Vec<&String> = keys.iter().filter(|k| !catalog.has_own(k)).collect();
        assert!(missing.is_empty(), "{lang}.ftl lacks {missing:?}");
    }
}

#[test]
fn the_key_finder_reads_split_calls() {
    let source = "self.catalog\n    .format(\n        \"tui-hint\", &[]);\ncatalog.get(\"bg-bar\") catalog.get(&key)";
    let found: Vec<String> = keys_in_source(source).into_iter().collect();
    assert_eq!(found, ["bg-bar", "tui-hint"]);
}

#[test]
fn terminal_keys_sit_in_their_own_section_at_the_end() {
    for lang in Lang::ALL {
        let text = lang.ftl();
        let section = text.find("# terminal UI").expect("a marked section");
        let first_tui_key = text.find("\ntui-").unwrap();
        assert!(section < first_tui_key, "{lang}");
    }
}

#[test]
fn the_line_of_keys_fits_an_80_column_terminal() {
    const ROOM: usize = 78; // 80 columns less the leading space and one to spare
    for lang in Lang::ALL {
        let catalog = Catalog::new(lang);
        for key in ["tui-keys-morris", "tui-keys-bg"] {
            let text = catalog.get(key);
            assert!(text.chars().count() <= ROOM, "{lang} {key}: {text}");
        }
    }
}
