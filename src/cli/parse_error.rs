//! A command line that does not parse, said in the language it asks for. clap finds what is
//! wrong (an argument it does not know, a value it cannot use, one missing) before any
//! command knows its `--lang`; under `--lang zh` the kinds a teacher meets are said here in
//! Chinese, from the values clap's error holds. In English, and for the rarer kinds, clap says
//! them itself. Either way the exit code is clap's (2; 0 for `--help` and `--version`).

use super::values::NotATimeLimit;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use damtutor::words::{alternatives, fill, Lang, Text};
use std::ffi::OsString;
use std::fmt::Display;

/// The language `args` (the whole command line) ask for with `--lang`, read before they
/// parse: `None` when none is asked for or the word is not a language.
pub fn asked_lang(args: &[OsString]) -> Option<Lang> {
    let mut args = args.iter().skip(1);
    while let Some(arg) = args.next() {
        let arg = arg.to_string_lossy();
        if arg == "--" {
            break;
        }
        let value = if arg == "--lang" {
            args.next()
                .map(|value| value.to_string_lossy().into_owned())
        } else {
            arg.strip_prefix("--lang=").map(str::to_string)
        };
        if let Some(value) = value {
            return <Lang as clap::ValueEnum>::from_str(value.trim(), true).ok();
        }
    }
    None
}

/// `error`, from parsing the command line `args`, said in Chinese when they ask for it:
/// `None` leaves it to clap.
pub fn in_chinese(error: &clap::Error, args: &[OsString]) -> Option<String> {
    match asked_lang(args)? {
        Lang::Chinese => say(error, Lang::Chinese),
        Lang::English => None,
    }
}

/// `error` said in `lang`, with the usage line clap would show: `None` for the kinds left to
/// clap (help, version and the rarer shapes).
fn say(error: &clap::Error, lang: Lang) -> Option<String> {
    let say = |key, values: &[(&str, &dyn Display)]| fill(lang, key, values);
    let arg = || context(error, ContextKind::InvalidArg, lang);
    let value = || context(error, ContextKind::InvalidValue, lang);
    let sentence = match error.kind() {
        ErrorKind::MissingRequiredArgument => say(Text::ArgsMissing, &[("args", &arg()?)]),
        ErrorKind::UnknownArgument => {
            let said = say(Text::ArgsUnknown, &[("arg", &arg()?)]);
            did_you_mean(error, said, ContextKind::SuggestedArg, lang)
        }
        ErrorKind::InvalidSubcommand => {
            let name = context(error, ContextKind::InvalidSubcommand, lang)?;
            let said = say(Text::ArgsUnknownCommand, &[("name", &name)]);
            did_you_mean(error, said, ContextKind::SuggestedSubcommand, lang)
        }
        ErrorKind::InvalidValue => {
            let (arg, value) = (arg()?, value()?);
            if value.is_empty() {
                say(Text::ArgsNoValue, &[("arg", &arg)])
            } else {
                match error.get(ContextKind::ValidValue) {
                    Some(ContextValue::Strings(valid)) if !valid.is_empty() => {
                        let valid = alternatives(lang, valid);
                        let values: [(&str, &dyn Display); 3] =
                            [("arg", &arg), ("value", &value), ("valid", &valid)];
                        say(Text::ArgsBadValueUse, &values)
                    }
                    _ => say(Text::ArgsBadValue, &[("arg", &arg), ("value", &value)]),
                }
            }
        }
        ErrorKind::ValueValidation => invalid(error, &arg()?, &value()?, lang),
        ErrorKind::ArgumentConflict => {
            let prior = context(error, ContextKind::PriorArg, lang)?;
            say(Text::ArgsConflict, &[("arg", &arg()?), ("prior", &prior)])
        }
        _ => return None,
    };
    let usage = error.get(ContextKind::Usage).map(|usage| {
        let usage = usage.to_string();
        let usage = usage.trim();
        let usage = usage
            .strip_prefix("Usage:")
            .unwrap_or(usage)
            .trim()
            .to_string();
        say(Text::ArgsUsage, &[("usage", &usage)])
    });
    Some(match usage {
        Some(usage) => format!("{sentence}\n{usage}"),
        None => sentence,
    })
}

/// A value the flag's parser refused: a time limit, or a whole number out of its range (what
/// clap's ranged parsers say, read back), else the value alone.
fn invalid(error: &clap::Error, arg: &str, value: &str, lang: Lang) -> String {
    let say = |key, values: &[(&str, &dyn Display)]| fill(lang, key, values);
    let source = std::error::Error::source(error);
    if source.is_some_and(|source| source.downcast_ref::<NotATimeLimit>().is_some()) {
        let most = super::values::MAX_SECONDS;
        return say(
            Text::ArgsTimeLimit,
            &[("arg", &arg), ("value", &value), ("most", &most)],
        );
    }
    let message = source.map(ToString::to_string).unwrap_or_default();
    if let Some((_, range)) = message.split_once(" is not in ") {
        if let Some((low, high)) = range.split_once("..=") {
            let values: [(&str, &dyn Display); 4] = [
                ("arg", &arg),
                ("value", &value),
                ("low", &low),
                ("high", &high),
            ];
            return say(Text::ArgsOutOfRange, &values);
        }
        if let Some(low) = range.strip_suffix("..") {
            let values: [(&str, &dyn Display); 3] =
                [("arg", &arg), ("value", &value), ("low", &low)];
            return say(Text::ArgsAtLeast, &values);
        }
    }
    if message.contains("invalid digit") || message.contains("empty string") {
        return say(Text::ArgsNotWhole, &[("arg", &arg), ("value", &value)]);
    }
    say(Text::ArgsBadValue, &[("arg", &arg), ("value", &value)])
}

/// `said`, with clap's suggestion of `kind` when it has one.
fn did_you_mean(error: &clap::Error, said: String, kind: ContextKind, lang: Lang) -> String {
    match context(error, kind, lang) {
        Some(suggested) if !suggested.is_empty() => fill(
            lang,
            Text::ArgsDidYouMean,
            &[("said", &said), ("suggested", &suggested)],
        ),
        _ => said,
    }
}

/// A value of clap's error as text (a list as "a, b or c" in `lang`).
fn context(error: &clap::Error, kind: ContextKind, lang: Lang) -> Option<String> {
    match error.get(kind)? {
        ContextValue::String(text) => Some(text.clone()),
        ContextValue::Strings(texts) => Some(alternatives(lang, texts)),
        ContextValue::StyledStr(text) => Some(text.to_string()),
        ContextValue::StyledStrs(texts) => {
            let texts: Vec<String> = texts.iter().map(ToString::to_string).collect();
            Some(alternatives(lang, &texts))
        }
        ContextValue::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Cli;
    use clap::Parser;

    fn said(line: &str) -> Option<String> {
        let args: Vec<OsString> = line.split_whitespace().map(OsString::from).collect();
        let error = Cli::try_parse_from(&args).expect_err(line);
        in_chinese(&error, &args)
    }

    #[test]
    fn the_language_is_read_before_the_arguments_parse() {
        let args =
            |line: &str| -> Vec<OsString> { line.split_whitespace().map(OsString::from).collect() };
        assert_eq!(
            asked_lang(&args("damtutor check --lang zh")),
            Some(Lang::Chinese)
        );
        assert_eq!(
            asked_lang(&args("damtutor check --lang=ZH x")),
            Some(Lang::Chinese)
        );
        assert_eq!(
            asked_lang(&args("damtutor check --lang en")),
            Some(Lang::English)
        );
        assert_eq!(asked_lang(&args("damtutor check --lang xx")), None);
        assert_eq!(asked_lang(&args("damtutor check -- --lang zh")), None);
        assert_eq!(asked_lang(&args("damtutor check")), None);
    }

    #[test]
    fn the_errors_a_teacher_meets_are_said_in_chinese() {
        let cases = [
            (
                "damtutor check --lang zh a.yaml",
                "缺少必需的参数：--exercises <EXERCISES>",
            ),
            ("damtutor solve --lang zh --movse x", "不认识的参数 --movse"),
            (
                "damtutor wroksheet --lang zh",
                "没有 wroksheet 这个命令（是不是要写 worksheet？）",
            ),
            (
                "damtutor worksheet --lang zh --format docx",
                "参数 --format 的值“docx”不对：请写 html、md 或 pdf",
            ),
            (
                "damtutor worksheet --lang zh --per-page 31",
                "参数 --per-page <N> 的值“31”不对：应是 1 到 30 之间的整数",
            ),
            ("damtutor worksheet --lang zh --count ten", "应是整数"),
            (
                "damtutor solve --lang zh --time-limit 0 x",
                "应是大于 0、不超过 604800（一周）的秒数",
            ),
            ("damtutor worksheet --lang zh --seed", "缺少值"),
        ];
        for (line, expected) in cases {
            let said = said(line).unwrap_or_else(|| panic!("{line}: left to clap"));
            assert!(said.contains(expected), "{line}: {said}");
            // clap gives the usage line with most kinds, not with a value its parser refused
            // or one missing.
            let usage = said.contains("\n用法：damtutor ");
            assert!(
                usage || said.contains("应是") || said.contains("缺少值"),
                "{line}: {said}"
            );
        }
    }

    #[test]
    fn english_and_help_are_left_to_clap() {
        assert_eq!(said("damtutor check --lang en a.yaml"), None);
        assert_eq!(said("damtutor check a.yaml"), None);
        assert_eq!(said("damtutor worksheet --lang zh --help"), None);
    }
}
