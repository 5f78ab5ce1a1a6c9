//! The languages of the words people read; the words themselves are in
//! [`words`](crate::words).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A language of the words people read.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Serialize, Deserialize, clap::ValueEnum)]
pub enum Lang {
    /// English (`en`).
    #[serde(rename = "en")]
    #[value(name = "en")]
    English,
    /// Simplified Chinese (`zh`).
    #[serde(rename = "zh")]
    #[value(name = "zh")]
    Chinese,
}

impl Lang {
    /// Every language.
    pub const ALL: [Lang; 2] = [Lang::English, Lang::Chinese];

    /// The language code: `en` or `zh`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Chinese => "zh",
        }
    }
}

impl FromStr for Lang {
    type Err = String;

    fn from_str(text: &str) -> Result<Lang, String> {
        match text.trim() {
            "en" => Ok(Lang::English),
            "zh" => Ok(Lang::Chinese),
            other => Err(format!("language '{other}' is not supported: use en or zh")),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}
