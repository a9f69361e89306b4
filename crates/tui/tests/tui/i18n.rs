//! The translation files and the choice of language.

use ludus_tui::i18n::{Catalog, Lang};

/// The keys of a language's file, in file order.
fn keys(lang: Lang) -> Vec<String> {
    let path = format!(
        "{}/../../i18n/{}.ftl",
        env!("CARGO_MANIFEST_DIR"),
        lang.code()
    );
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with(' ') && l.contains('='))
        .map(|l| l.split('=').next().unwrap().trim().to_string())
        .collect()
}

#[test]
fn every_terminal_key_is_translated() {
    let english: Vec<String> = keys(Lang::En)
        .into_iter()
        .filter(|k| k.starts_with("tui-"))
        .collect();
    assert!(english.len() > 30, "{english:?}");
    for lang in [Lang::Et, Lang::Hu] {
        let catalog = Catalog::new(lang);
        let missing: Vec<&String> = english.iter().filter(|k| !catalog.has_own(k)).collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
    }
}

#[test]
fn terminal_keys_sit_in_their_own_section_at_the_end() {
    for lang in Lang::ALL {
        let path = format!(
            "{}/../../i18n/{}.ftl",
            env!("CARGO_MANIFEST_DIR"),
            lang.code()
        );
        let text = std::fs::read_to_string(path).unwrap();
        let section = text.find("# terminal UI").expect("a marked section");
        let first_tui_key = text.find("\ntui-").unwrap();
        assert!(section < first_tui_key, "{lang}");
    }
}

#[test]
fn variables_are_filled_in() {
    let hu = Catalog::new(Lang::Hu);
    assert_eq!(hu.format("tui-level", &[("level", "7")]), "7. szint");
    let et = Catalog::new(Lang::Et);
    assert_eq!(
        et.format("tui-hint", &[("move", "d6"), ("value", "+0.50")]),
        "Vihje: d6 (+0.50)"
    );
    assert_eq!(et.get("no-such-key"), "no-such-key");
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
