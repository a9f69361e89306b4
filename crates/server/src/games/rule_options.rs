//! The rule options of a new game, read by serde into each game's own options type: every
//! option a typed field, a value of the wrong type or out of range refused naming the option,
//! an option the game does not know refused by name.

use super::RulesError;
use serde::de::{Deserialize, Deserializer, IgnoredAny};
use serde_json::Value;
use std::collections::BTreeMap;

/// A rule option's value: of the option's own type, or anything else (refused with the option's
/// name by [`OptionValue::checked`]).
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
#[serde(untagged)]
pub enum OptionValue<T> {
    /// A value of the option's type.
    Valid(T),
    /// Any other value.
    Invalid(IgnoredAny),
}

impl<T> OptionValue<T> {
    /// The value where it is of the option's type and `valid` holds; else the refusal of
    /// `option`, which may be `expected` (in English).
    pub fn checked(
        self,
        option: &'static str,
        expected: &'static str,
        valid: impl Fn(&T) -> bool,
    ) -> Result<T, RulesError> {
        match self {
            OptionValue::Valid(value) if valid(&value) => Ok(value),
            _ => Err(RulesError::BadValue { option, expected }),
        }
    }
}

/// The options a game does not know: gathered by `#[serde(flatten)]` beside its typed fields.
pub type UnknownOptions = BTreeMap<String, IgnoredAny>;

/// For every option (with `#[serde(default, deserialize_with = "present")]`): a given option is
/// `Some` whatever its value, `null` included (a value of its own for an option that takes it,
/// refused by the others), and only a left-out option is `None`.
pub fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// Reads the rules object of a new `game` (`null` means no options) as `O`; an option it does
/// not know (in `unknown`, the options type's flattened [`UnknownOptions`]) is refused by name.
pub fn read<'a, O: Deserialize<'a> + Default>(
    game: &'static str,
    rules: &'a Value,
    unknown: impl Fn(&O) -> &UnknownOptions,
) -> Result<O, RulesError> {
    let options = match rules {
        Value::Null => O::default(),
        Value::Object(_) => O::deserialize(rules).map_err(|_| RulesError::NotAnObject)?,
        _ => return Err(RulesError::NotAnObject),
    };
    if let Some(option) = unknown(&options).keys().next() {
        return Err(RulesError::UnknownOption {
            game,
            option: option.clone(),
        });
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::super::RulesError;
    use super::super::backgammon::{BackgammonRules, parse_rules as backgammon};
    use super::super::morris::parse_rules as morris;
    use serde_json::json;

    #[test]
    fn every_option_is_read_with_its_type_and_range() {
        let bad = |option, expected| Err(RulesError::BadValue { option, expected });
        let positive = "a positive number or null";
        for (rules, error) in [
            (json!([]), Err(RulesError::NotAnObject)),
            (json!(3), Err(RulesError::NotAnObject)),
            (json!({"flying": 1}), bad("flying", "true or false")),
            (
                json!({"threefold": "no"}),
                bad("threefold", "true or false"),
            ),
            (json!({"n_move_rule": 0}), bad("n_move_rule", positive)),
            (json!({"n_move_rule": -5}), bad("n_move_rule", positive)),
            (json!({"n_move_rule": 1e20}), bad("n_move_rule", positive)),
        ] {
            assert_eq!(morris(&rules).map(|_| ()), error, "{rules}");
        }
        let length = "0 (money game) to 25";
        for (rules, error) in [
            (json!({"match_length": 26}), bad("match_length", length)),
            (json!({"match_length": "7"}), bad("match_length", length)),
            (json!({"cube": null}), bad("cube", "true or false")),
        ] {
            assert_eq!(backgammon(&rules).map(|_| ()), error, "{rules}");
        }
        assert_eq!(
            backgammon(&json!({"cube": true, "jacoby": true})),
            Err(RulesError::UnknownOption {
                game: "Backgammon",
                option: "jacoby".into()
            })
        );
    }

    #[test]
    fn good_options_and_null_are_taken() {
        assert_eq!(
            backgammon(&json!({"match_length": 7, "cube": false})),
            Ok(BackgammonRules {
                match_length: 7,
                cube: false
            })
        );
        assert_eq!(
            backgammon(&json!(null)),
            Ok(BackgammonRules {
                match_length: 0,
                cube: true
            })
        );
        let rules = |options| morris(&options).expect("taken");
        // `null` is "no such rule"; left out, the standard 100 plies.
        assert_eq!(rules(json!({"n_move_rule": null})).n_move_rule, None);
        assert_eq!(rules(json!({})).n_move_rule, Some(100));
        let chosen = rules(json!({"flying": false, "threefold": false, "n_move_rule": 50}));
        assert!(!chosen.flying && !chosen.threefold_repetition);
        assert_eq!(chosen.n_move_rule, Some(50));
    }
}
