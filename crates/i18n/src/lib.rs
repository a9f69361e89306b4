//! The user-interface text of Ludus: one Fluent file per language (`ftl/{en,et,hu}.ftl` in this
//! crate), shared by the terminal UI (`ludus-tui`, through [`Catalog`]) and the browser UI (the
//! server serves [`Lang::ftl`] at `/assets/i18n/<code>.ftl` and `web/i18n.js` reads it). The
//! terminal UI's own keys sit in each file's `# terminal UI` section.
//!
//! The files use a small subset of Fluent: `key = value` lines, `{ $name }` variables, `#`
//! comments, indented continuation lines, and plural selectors on a number variable:
//!
//! ```text
//! errors = { $count ->
//!     [one] { $count } error
//!    *[other] { $count } errors
//!   }
//! ```
//!
//! A variant named by the number itself (`[0]`) wins, then the number's plural category (`one`
//! for 1, `other` for every other number: the rule of English, Estonian and Hungarian for whole
//! numbers), then the default (`*`). [`Catalog`] reads exactly that subset, as `web/i18n.js` does.
//!
//! ```
//! use ludus_i18n::{Catalog, Lang};
//! let hu = Catalog::new(Lang::Hu);
//! assert_eq!(hu.format("tui-level", &[("level", "7")]), "7. szint");
//! assert!(Lang::Et.ftl().contains("app-title = Ludus"));
//! let en = Catalog::new(Lang::En);
//! assert_eq!(en.format("bg-log-wins", &[("points", "1")]), "Wins 1 point");
//! assert_eq!(en.format("bg-log-wins", &[("points", "2")]), "Wins 2 points");
//! ```
#![warn(missing_docs)]

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// The environment variables that name the locale, most specific first (POSIX order).
pub const LOCALE_VARIABLES: [&str; 3] = ["LC_ALL", "LC_MESSAGES", "LANG"];

/// A language of the user interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// Estonian.
    Et,
    /// Hungarian.
    Hu,
}

impl Lang {
    /// All languages, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Et, Lang::Hu];

    /// The two-letter code: `en`, `et`, `hu`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Et => "et",
            Lang::Hu => "hu",
        }
    }

    /// The language's Fluent file, as embedded in the binary (the browser UI loads the same
    /// text from the server).
    pub const fn ftl(self) -> &'static str {
        match self {
            Lang::En => include_str!("../ftl/en.ftl"),
            Lang::Et => include_str!("../ftl/et.ftl"),
            Lang::Hu => include_str!("../ftl/hu.ftl"),
        }
    }

    /// The language of a locale name like `et_EE.UTF-8` or `hu`; `None` for other languages
    /// and for `C`/`POSIX`.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let language = locale.split(['_', '.', '@', '-']).next()?;
        language.parse().ok()
    }

    /// The language from the environment: the first set one of `LC_ALL`, `LC_MESSAGES`, `LANG`
    /// decides (as POSIX says); English when it names another language. `lookup` reads a
    /// variable (`std::env::var` in the binary, a map in tests).
    pub fn from_env(lookup: impl Fn(&str) -> Option<String>) -> Lang {
        LOCALE_VARIABLES
            .iter()
            .filter_map(|name| lookup(name))
            .find(|value| !value.is_empty())
            .and_then(|value| Lang::from_locale(&value))
            .unwrap_or_default()
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code other than `en`, `et`, `hu`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?}: expected en, et or hu")]
pub struct ParseLangError(pub String);

impl FromStr for Lang {
    type Err = ParseLangError;

    fn from_str(text: &str) -> Result<Lang, ParseLangError> {
        match text.to_ascii_lowercase().as_str() {
            "en" => Ok(Lang::En),
            "et" => Ok(Lang::Et),
            "hu" => Ok(Lang::Hu),
            _ => Err(ParseLangError(text.to_string())),
        }
    }
}

/// The messages of one language, with English behind it for keys it lacks.
#[derive(Clone, Debug)]
pub struct Catalog {
    lang: Lang,
    messages: HashMap<String, String>,
    fallback: HashMap<String, String>,
}

impl Catalog {
    /// The embedded catalog of `lang`.
    pub fn new(lang: Lang) -> Catalog {
        Catalog {
            lang,
            messages: parse_ftl(lang.ftl()),
            fallback: parse_ftl(Lang::En.ftl()),
        }
    }

    /// The language of this catalog.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Whether the language's own file has `key` (without the English fallback).
    pub fn has_own(&self, key: &str) -> bool {
        self.messages.contains_key(key)
    }

    /// The keys of the language's own file (without the English fallback), in no set order.
    pub fn own_keys(&self) -> impl Iterator<Item = &str> {
        self.messages.keys().map(String::as_str)
    }

    /// The message `key` with no variables; the key itself when no file has it.
    pub fn get(&self, key: &str) -> String {
        self.format(key, &[])
    }

    /// The message `key` with `{ $name }` replaced by the given values.
    ///
    /// ```
    /// use ludus_i18n::{Catalog, Lang};
    /// let en = Catalog::new(Lang::En);
    /// assert_eq!(en.format("result-win", &[("side", "White")]), "White wins.");
    /// ```
    pub fn format(&self, key: &str, args: &[(&str, &str)]) -> String {
        let Some(template) = self.messages.get(key).or_else(|| self.fallback.get(key)) else {
            return key.to_string();
        };
        substitute(template, args)
    }

    /// An error of the rules crates in this language: the message `err-<code>` with the error's
    /// values (a `side` value, `white` or `black`, shown by its name); `english` (the error's
    /// own sentence) when no file has that message.
    pub fn error(&self, code: &str, params: &[(&'static str, String)], english: &str) -> String {
        let key = format!("err-{code}");
        if !self.messages.contains_key(&key) && !self.fallback.contains_key(&key) {
            return english.to_string();
        }
        let values: Vec<(&str, String)> = params
            .iter()
            .map(|(name, value)| match *name {
                "side" => (*name, self.get(&format!("side-{value}"))),
                _ => (*name, value.clone()),
            })
            .collect();
        let args: Vec<(&str, &str)> = values.iter().map(|(n, v)| (*n, v.as_str())).collect();
        self.format(&key, &args)
    }
}

/// Reads the `key = value` subset of Fluent.
fn parse_ftl(text: &str) -> HashMap<String, String> {
    let mut messages = HashMap::new();
    let mut last_key: Option<String> = None;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            last_key = None;
            continue;
        }
        if line.starts_with(char::is_whitespace) {
            if let Some(value) = last_key.as_ref().and_then(|k| messages.get_mut(k)) {
                let value: &mut String = value;
                if !value.is_empty() {
                    value.push(' ');
                }
                value.push_str(trimmed);
            }
            continue;
        }
        if let Some((key, value)) = line.split_once('=') {
            let key = key.trim().to_string();
            messages.insert(key.clone(), value.trim().to_string());
            last_key = Some(key);
        }
    }
    messages
}

/// Replaces each `{ $name }` placeholder by its value and each `{ $name -> … }` selector by its
/// chosen variant (unknown names stay as written).
fn substitute(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let Some(end) = placeable_end(&rest[start..]) else {
            out.push_str(&rest[start..]);
            return out;
        };
        let whole = &rest[start..=start + end];
        match expand(&whole[1..whole.len() - 1], args) {
            Some(text) => out.push_str(&text),
            None => out.push_str(whole),
        }
        rest = &rest[start + end + 1..];
    }
    out.push_str(rest);
    out
}

/// The byte index of the `}` that closes the placeable opened by `text`'s first `{`.
fn placeable_end(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (index, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(index);
                }
            }
            _ => {}
        }
    }
    None
}

/// The text of a placeable's inside: a variable's value, or a selector's chosen variant.
fn expand(inner: &str, args: &[(&str, &str)]) -> Option<String> {
    let value_of = |name: &str| args.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    if let Some((selector, variants)) = inner.split_once("->") {
        let name = selector.trim().strip_prefix('$')?.trim();
        let chosen = choose(&variants_of(variants), value_of(name))?;
        return Some(substitute(chosen.trim(), args));
    }
    value_of(inner.trim().strip_prefix('$')?.trim()).map(str::to_string)
}

/// One variant of a selector: its key, whether it is the default, its text.
struct Variant<'a> {
    key: &'a str,
    default: bool,
    text: &'a str,
}

/// The variants of a selector's body: `[key] text` each, the default marked `*[key]`.
fn variants_of(body: &str) -> Vec<Variant<'_>> {
    let mut starts = Vec::new();
    let mut depth = 0usize;
    for (index, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            '[' if depth == 0 => starts.push(index),
            _ => {}
        }
    }
    let mut variants = Vec::new();
    for (n, &start) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(body.len());
        let Some(close) = body[start..end].find(']') else {
            continue;
        };
        let text = body[start + close + 1..end].trim_end();
        variants.push(Variant {
            key: body[start + 1..start + close].trim(),
            default: body[..start].trim_end().ends_with('*'),
            text: text.strip_suffix('*').unwrap_or(text),
        });
    }
    variants
}

/// The variant for `value`: the one named by the number itself, then by its plural category,
/// then the default.
fn choose<'a>(variants: &[Variant<'a>], value: Option<&str>) -> Option<&'a str> {
    let exact = value.and_then(|v| variants.iter().find(|variant| variant.key == v.trim()));
    let category = value.map(|v| plural_category(v.trim()));
    let by_category = category.and_then(|c| variants.iter().find(|variant| variant.key == c));
    exact
        .or(by_category)
        .or_else(|| variants.iter().find(|variant| variant.default))
        .map(|variant| variant.text)
}

/// The plural category of a number in English, Estonian and Hungarian: `one` for 1, `other`
/// for every other number (and for a text that is not a number).
fn plural_category(value: &str) -> &'static str {
    if value.parse::<i64>() == Ok(1) {
        "one"
    } else {
        "other"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continuation_lines_join_the_value() {
        let messages = parse_ftl("a = one\n    two\n# c\nb = { $x } and { $y }\n");
        assert_eq!(messages["a"], "one two");
        assert_eq!(substitute(&messages["b"], &[("x", "1")]), "1 and { $y }");
    }

    #[test]
    fn selectors_choose_by_the_number_then_its_category_then_the_default() {
        let messages = parse_ftl(concat!(
            "e = { $n ->\n",
            "    [0] no errors\n",
            "    [one] { $n } error\n",
            "   *[other] { $n } errors\n",
            "  } left\n",
        ));
        let e = &messages["e"];
        assert_eq!(substitute(e, &[("n", "0")]), "no errors left");
        assert_eq!(substitute(e, &[("n", "1")]), "1 error left");
        assert_eq!(substitute(e, &[("n", "7")]), "7 errors left");
        assert_eq!(substitute(e, &[]), "{ $n } errors left");
        let inline = "{ $a -> [one] ühe punkti *[other] { $a } punkti } ja { $b }";
        assert_eq!(
            substitute(inline, &[("a", "1"), ("b", "x")]),
            "ühe punkti ja x"
        );
        assert_eq!(
            substitute(inline, &[("a", "3"), ("b", "x")]),
            "3 punkti ja x"
        );
    }
}
