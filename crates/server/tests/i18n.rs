//! The browser's texts: the server serves each language's Fluent file of `ludus-i18n` as it is,
//! and every key the page asks for exists in every language. (That the three files define the
//! same messages is a test of `ludus-i18n` itself.)

use crate::common::{app, get};
use axum::http::StatusCode;
use ludus_i18n::{Catalog, Lang};
use std::collections::BTreeSet;

/// The page's files that hold text keys.
const WEB_FILES: [(&str, &str); 4] = [
    ("index.html", include_str!("../web/index.html")),
    ("app.js", include_str!("../web/app.js")),
    ("morris.js", include_str!("../web/morris.js")),
    ("backgammon.js", include_str!("../web/backgammon.js")),
];

/// The literal keys in a file: `t('…')` or `t('…', …)` (not `t('prefix-' + x)` or a template
/// string), and `data-i18n="…"`.
fn keys_in(source: &str) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for (start, _) in source.match_indices("t(") {
        let before = source[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
            continue; // `import(`, `split(`, `x.t(`: another function
        }
        let rest = source[start + 2..].trim_start();
        let Some(quote) = rest.chars().next().filter(|&c| c == '\'' || c == '"') else {
            continue;
        };
        let mut parts = rest[1..].splitn(2, quote);
        let (Some(key), Some(after)) = (parts.next(), parts.next()) else {
            continue;
        };
        if after.trim_start().starts_with([')', ',']) {
            keys.insert(key.to_string());
        }
    }
    for (start, _) in source.match_indices("data-i18n=\"") {
        let rest = &source[start + "data-i18n=\"".len()..];
        keys.extend(rest.split('"').next().map(str::to_string));
    }
    keys
}

#[test]
fn every_key_the_page_asks_for_is_in_every_language() {
    let keys: BTreeSet<String> = WEB_FILES.iter().flat_map(|(_, s)| keys_in(s)).collect();
    assert!(keys.len() > 50, "found only {keys:?}");
    for lang in Lang::ALL {
        let catalog = Catalog::new(lang);
        let missing: Vec<&String> = keys.iter().filter(|k| !catalog.has_own(k)).collect();
        assert!(missing.is_empty(), "{lang}.ftl lacks {missing:?}");
    }
}

#[test]
fn the_key_finder_skips_computed_keys() {
    let source =
        "t('a-b') t(\"c\", { x }) t('mark-' + m) t(`side-${s}`) split('d') <p data-i18n=\"e\">";
    let found: Vec<String> = keys_in(source).into_iter().collect();
    assert_eq!(found, ["a-b", "c", "e"]);
}

#[tokio::test]
async fn each_language_file_is_served_as_the_crate_has_it() {
    let app = app();
    for lang in Lang::ALL {
        let (status, body) = get(&app, &format!("/assets/i18n/{}.ftl", lang.code())).await;
        assert_eq!(status, StatusCode::OK, "{lang}");
        assert_eq!(body.as_str(), Some(lang.ftl()), "{lang}");
    }
}
