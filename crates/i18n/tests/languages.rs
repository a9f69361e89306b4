//! The three Fluent files: every message exists in every language with the same variables, and
//! every line is one the Rust and the browser readers both understand.

use ludus_i18n::{Catalog, Lang};
use std::collections::{BTreeMap, BTreeSet};

/// The keys of a language's own file.
fn keys(lang: Lang) -> BTreeSet<String> {
    Catalog::new(lang).own_keys().map(str::to_string).collect()
}

/// The `$name` variables of a template (in placeables and selectors alike).
fn variables(template: &str) -> BTreeSet<String> {
    template
        .split('$')
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                .collect::<String>()
        })
        .filter(|name| !name.is_empty())
        .collect()
}

/// Whether `key` is a Fluent identifier as `web/i18n.js` reads one: `[a-zA-Z][a-zA-Z0-9_-]*`.
fn is_identifier(key: &str) -> bool {
    let mut chars = key.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

#[test]
fn english_has_the_messages_of_both_user_interfaces() {
    let english = keys(Lang::En);
    assert!(english.len() > 100, "{} messages", english.len());
    assert!(english.contains("app-title") && english.contains("tui-level"));
}

#[test]
fn every_language_has_every_key_and_no_other() {
    let english = keys(Lang::En);
    for lang in [Lang::Et, Lang::Hu] {
        let other = keys(lang);
        let missing: Vec<_> = english.difference(&other).collect();
        let extra: Vec<_> = other.difference(&english).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{lang}.ftl: missing {missing:?}, not in en.ftl {extra:?}"
        );
    }
}

#[test]
fn translations_keep_the_variables() {
    let english = Catalog::new(Lang::En);
    for lang in [Lang::Et, Lang::Hu] {
        let catalog = Catalog::new(lang);
        let differing: BTreeMap<&str, (BTreeSet<String>, BTreeSet<String>)> = english
            .own_keys()
            .map(|key| {
                (
                    key,
                    variables(&english.get(key)),
                    variables(&catalog.get(key)),
                )
            })
            .filter(|(_, ours, theirs)| ours != theirs)
            .map(|(key, ours, theirs)| (key, (ours, theirs)))
            .collect();
        assert!(differing.is_empty(), "{lang}.ftl: {differing:?}");
    }
}

#[test]
fn every_line_is_a_comment_a_message_or_a_continuation() {
    for lang in Lang::ALL {
        let mut seen = BTreeSet::new();
        for (number, line) in lang.ftl().lines().enumerate() {
            let place = format!("{lang}.ftl line {}", number + 1);
            if line.trim().is_empty()
                || line.starts_with('#')
                || line.starts_with(char::is_whitespace)
            {
                continue;
            }
            let (key, value) = line
                .split_once('=')
                .unwrap_or_else(|| panic!("{place}: not `key = value`: {line:?}"));
            let key = key.trim();
            assert!(is_identifier(key), "{place}: bad key {key:?}");
            assert!(!value.trim().is_empty(), "{place}: {key} has no text");
            assert!(seen.insert(key.to_string()), "{place}: {key} defined twice");
        }
    }
}

#[test]
fn variables_are_filled_in_and_unknown_keys_show_themselves() {
    let en = Catalog::new(Lang::En);
    assert_eq!(en.format("result-win", &[("side", "White")]), "White wins.");
    assert_eq!(en.get("no-such-key"), "no-such-key");
    let et = Catalog::new(Lang::Et);
    assert_eq!(et.lang(), Lang::Et);
    assert_eq!(
        et.format("tui-hint", &[("move", "d6"), ("value", "+0.50")]),
        "Vihje: d6 (+0.50)"
    );
}

#[test]
fn the_locale_picks_the_language() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    };
    assert_eq!(Lang::from_env(env(&[("LANG", "et_EE.UTF-8")])), Lang::Et);
    assert_eq!(
        Lang::from_env(env(&[("LC_ALL", "hu_HU.UTF-8"), ("LANG", "et_EE.UTF-8")])),
        Lang::Hu
    );
    assert_eq!(
        Lang::from_env(env(&[
            ("LC_ALL", ""),
            ("LC_MESSAGES", "et"),
            ("LANG", "hu")
        ])),
        Lang::Et
    );
    assert_eq!(Lang::from_env(env(&[("LANG", "de_DE.UTF-8")])), Lang::En);
    assert_eq!(Lang::from_env(env(&[("LANG", "C")])), Lang::En);
    assert_eq!(Lang::from_env(env(&[])), Lang::En);
    assert!("fr".parse::<Lang>().is_err());
    assert_eq!("HU".parse::<Lang>(), Ok(Lang::Hu));
}

/// The stems of "win" in each language, as a loser must not read them about his own loss.
const WIN_STEMS: &[(Lang, &[&str])] = &[
    (Lang::En, &["win", "won"]),
    (Lang::Et, &["võit"]),
    (Lang::Hu, &["győz", "nyer"]),
];

#[test]
fn a_loser_is_never_told_of_a_win() {
    for &(lang, stems) in WIN_STEMS {
        let catalog = Catalog::new(lang);
        let reasons: Vec<String> = catalog
            .own_keys()
            .filter(|key| key.starts_with("why-") || key.starts_with("tui-bg-why-"))
            .filter(|key| *key != "why-match")
            .map(|key| catalog.get(key))
            .collect();
        assert!(reasons.len() >= 10, "{lang}: {} reasons", reasons.len());
        for key in [
            "result-you-lost",
            "result-you-lost-point",
            "result-you-lost-points",
        ] {
            for why in &reasons {
                let line = catalog
                    .format(key, &[("why", why), ("points", "4")])
                    .to_lowercase();
                for stem in stems {
                    assert!(!line.contains(stem), "{lang} {key}: {line:?} says {stem:?}");
                }
            }
        }
    }
}

#[test]
fn the_estonian_gammon_is_no_word_of_doubling() {
    let catalog = Catalog::new(Lang::Et);
    let doubling = catalog.get("review-double").to_lowercase();
    assert!(doubling.starts_with("kahekord"), "{doubling}");
    for key in [
        "why-gammon",
        "why-backgammon",
        "reason-gammon",
        "tui-bg-why-gammon",
        "analysis-board-chances",
    ] {
        let text = catalog.get(key).to_lowercase();
        assert!(!text.contains("kahekord"), "{key}: {text:?}");
    }
}
