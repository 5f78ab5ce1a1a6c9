//! Flag values from a closed set of words: every such flag (`--lang`, `--format`, `--answers`,
//! `--topics`, `--types`, `--motif`, `--side`) takes a `ValueEnum` through [`one_of`], so that
//! case and surrounding spaces do not matter, `--help` lists the words, and a wrong word is
//! answered with what was expected (a usage error, exit code 2).

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, Command, ValueEnum};
use damtutor::words::{alternatives, Lang};
use std::ffi::OsStr;
use std::marker::PhantomData;

/// The value parser of a flag whose values are the words of `T`; `what` names one of them in
/// the error message ("a topic": "--topics: 'chess' is not a topic: use board, moves, rules,
/// notation or tactics").
pub fn one_of<T: ValueEnum>(what: &'static str) -> OneOf<T> {
    OneOf {
        what,
        words: PhantomData,
    }
}

/// See [`one_of`].
#[derive(Clone)]
pub struct OneOf<T> {
    what: &'static str,
    words: PhantomData<fn() -> T>,
}

impl<T: ValueEnum + Clone + Send + Sync + 'static> TypedValueParser for OneOf<T> {
    type Value = T;

    fn parse_ref(
        &self,
        command: &Command,
        arg: Option<&Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        let text = value.to_string_lossy();
        let word = text.trim();
        T::from_str(word, true).map_err(|_| {
            let flag = arg
                .and_then(|a| a.get_long())
                .map(|long| format!("--{long}: "))
                .unwrap_or_default();
            let message = format!(
                "{flag}'{word}' is not {}: use {}\n",
                self.what,
                alternatives(Lang::English, &names::<T>())
            );
            let mut error = clap::Error::raw(ErrorKind::InvalidValue, message).with_cmd(command);
            // What the message says, for the errors said in another language (parse_error).
            if let Some(long) = arg.and_then(|a| a.get_long()) {
                error.insert(
                    ContextKind::InvalidArg,
                    ContextValue::String(format!("--{long}")),
                );
            }
            error.insert(
                ContextKind::InvalidValue,
                ContextValue::String(word.to_string()),
            );
            error.insert(ContextKind::ValidValue, ContextValue::Strings(names::<T>()));
            error.insert(
                ContextKind::Usage,
                ContextValue::StyledStr(command.clone().render_usage()),
            );
            error
        })
    }

    /// The words for `--help`: the names only, since the flag's own comment explains them.
    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            T::value_variants()
                .iter()
                .filter_map(ValueEnum::to_possible_value)
                .map(|value| value.help(None::<&'static str>)),
        ))
    }
}

/// The words of `T`, as the command line writes them.
fn names<T: ValueEnum>() -> Vec<String> {
    T::value_variants()
        .iter()
        .filter_map(ValueEnum::to_possible_value)
        .filter(|value| !value.is_hide_set())
        .map(|value| value.get_name().to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use damtutor::quiz::Topic;
    use damtutor::words::Lang;

    #[derive(Parser, Debug)]
    struct Flags {
        #[arg(long, value_parser = one_of::<Lang>("a language"))]
        lang: Option<Lang>,
        #[arg(long, value_delimiter = ',', value_parser = one_of::<Topic>("a topic"))]
        topics: Vec<Topic>,
    }

    #[test]
    fn words_are_read_in_any_case_and_wrong_ones_named() {
        let flags =
            Flags::try_parse_from(["t", "--lang", " ZH ", "--topics", "board, Rules"]).unwrap();
        assert_eq!(flags.lang, Some(Lang::Chinese));
        assert_eq!(flags.topics, [Topic::Board, Topic::Rules]);
        let error = Flags::try_parse_from(["t", "--topics", "board,chess"]).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::InvalidValue);
        assert_eq!(error.exit_code(), 2);
        assert!(
            error.to_string().contains(
                "--topics: 'chess' is not a topic: use board, moves, rules, notation or tactics"
            ),
            "{error}"
        );
        let error = Flags::try_parse_from(["t", "--lang", "fr"]).unwrap_err();
        assert!(error
            .to_string()
            .contains("--lang: 'fr' is not a language: use en or zh"));
    }
}

/// The games, as `--variant` names them (the rules crate's [`Variant`](damtutor::Variant) has no
/// command-line dependency).
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum VariantName {
    /// 10x10, FMJD rules.
    International,
    /// 8x8, the Chinese 64-square rules (FMJD rules on 8x8).
    #[value(alias = "64")]
    Brazilian,
    /// 8x8, Russian draughts.
    Russian,
    /// 8x8, English checkers.
    English,
}

impl From<VariantName> for damtutor::Variant {
    fn from(name: VariantName) -> damtutor::Variant {
        match name {
            VariantName::International => damtutor::Variant::International,
            VariantName::Brazilian => damtutor::Variant::Brazilian,
            VariantName::Russian => damtutor::Variant::Russian,
            VariantName::English => damtutor::Variant::English,
        }
    }
}

/// The most seconds a time limit may be: a week.
pub const MAX_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

/// A time limit in seconds (`--time-limit`): a number above 0 and at most a week. `nan`,
/// `inf` and negative numbers are usage errors.
pub fn seconds(text: &str) -> Result<f64, NotATimeLimit> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= MAX_SECONDS => Ok(s),
        _ => Err(NotATimeLimit(text.to_string())),
    }
}

/// A `--time-limit` that is not one (its English sentence is its `Display`; the Chinese one
/// is said by [`parse_error`](super::parse_error), which finds it inside clap's error).
#[derive(Debug, PartialEq)]
pub struct NotATimeLimit(pub String);

impl std::fmt::Display for NotATimeLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "'{}' is not a time limit: give a number of seconds above 0 and at most {MAX_SECONDS} (a week)",
            self.0
        )
    }
}

impl std::error::Error for NotATimeLimit {}

#[cfg(test)]
mod number_tests {
    use super::*;

    #[test]
    fn time_limits_are_finite_positive_and_bounded() {
        assert_eq!(seconds("2.5"), Ok(2.5));
        for bad in ["nan", "NaN", "inf", "-1", "0", "1e300", "", "ten"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
        use damtutor::solver::Goal;
        assert!("material:2147483648".parse::<Goal>().is_err());
        assert!("material:61".parse::<Goal>().is_err());
        assert_eq!(" material:60 ".parse::<Goal>(), Ok(Goal::Material(60)));
    }
}
