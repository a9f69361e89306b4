//! The UI languages: every message of English exists in Estonian and Hungarian, and back.

use std::collections::BTreeSet;

fn keys(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.starts_with(' '))
        .filter_map(|line| {
            line.split_once(" = ")
                .map(|(key, _)| key.trim().to_string())
        })
        .collect()
}

#[test]
fn every_language_has_the_same_messages() {
    let english = keys(include_str!("../../../i18n/en.ftl"));
    assert!(english.len() > 50, "{} messages", english.len());
    for (name, text) in [
        ("et", include_str!("../../../i18n/et.ftl")),
        ("hu", include_str!("../../../i18n/hu.ftl")),
    ] {
        let other = keys(text);
        let missing: Vec<_> = english.difference(&other).collect();
        let extra: Vec<_> = other.difference(&english).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{name}: missing {missing:?}, extra {extra:?}"
        );
    }
}

#[test]
fn translations_keep_the_variables() {
    let variables = |text: &str| -> BTreeSet<String> {
        text.lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| line.split_once(" = "))
            .flat_map(|(key, value)| {
                value
                    .split("{ $")
                    .skip(1)
                    .map(move |rest| format!("{key}:{}", rest.split(' ').next().unwrap_or("")))
            })
            .collect()
    };
    let english = variables(include_str!("../../../i18n/en.ftl"));
    assert_eq!(english, variables(include_str!("../../../i18n/et.ftl")));
    assert_eq!(english, variables(include_str!("../../../i18n/hu.ftl")));
}
