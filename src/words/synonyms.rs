//! The words a quiz accepts in a blank, in English and Chinese: one table, read by the question
//! generator (which writes a blank's accepted forms into the key) and by the scorer (which
//! compares a student's word with them).
//!
//! ```
//! use damtutor::words::synonyms::{normalize, same_word, Word};
//! assert_eq!(normalize("  Ｐｅｒｍｉｔｔｅｄ。"), "permitted");
//! let accept: Vec<String> = Word::Permitted.forms().iter().map(|f| f.to_string()).collect();
//! assert!(same_word("允许", &accept));
//! assert!(!same_word("禁止", &accept));
//! ```

/// A word that quiz blanks ask for, with every form that counts as it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Word {
    Permitted,
    Forbidden,
    White,
    Black,
    /// The dark side of English checkers, red by the WCDF rules (红方).
    Red,
    King,
    Man,
    Dark,
    Light,
    /// Stacking a piece on a new king (加冕).
    Crowning,
}

impl Word {
    /// Every word, in table order.
    pub const ALL: [Word; 10] = [
        Word::Permitted,
        Word::Forbidden,
        Word::White,
        Word::Black,
        Word::Red,
        Word::King,
        Word::Man,
        Word::Dark,
        Word::Light,
        Word::Crowning,
    ];

    /// The forms that count as this word, normalised (see [`normalize`]); the first is its
    /// name.
    pub const fn forms(self) -> &'static [&'static str] {
        match self {
            Word::Permitted => &[
                "permitted",
                "allowed",
                "允许",
                "可以",
                "准许",
                "许可",
                "yes",
                "能",
            ],
            Word::Forbidden => &[
                "forbidden",
                "not allowed",
                "not permitted",
                "prohibited",
                "禁止",
                "不允许",
                "不可以",
                "不准",
                "不能",
                "no",
            ],
            Word::White => &[
                "white",
                "白",
                "白方",
                "白棋",
                "白子",
                "执白",
                "执白者",
                "the white player",
            ],
            Word::Black => &[
                "black",
                "黑",
                "黑方",
                "黑棋",
                "黑子",
                "执黑",
                "执黑者",
                "the black player",
            ],
            Word::Red => &[
                "red",
                "红",
                "红方",
                "红棋",
                "红子",
                "执红",
                "执红者",
                "the red player",
            ],
            Word::King => &["king", "kings", "a king", "王", "王棋", "王棋子", "王子"],
            Word::Man => &[
                "man",
                "men",
                "a man",
                "普通棋子",
                "普通子",
                "兵",
                "棋子",
                "普通",
            ],
            Word::Dark => &[
                "dark",
                "black",
                "深色",
                "深",
                "黑",
                "黑色",
                "暗",
                "暗色",
                "黑格",
                "深色格",
            ],
            Word::Light => &["light", "white", "浅色", "浅", "白", "白色"],
            Word::Crowning => &[
                "crowning",
                "crowned",
                "crowning the king",
                "加冕",
                "戴冠",
                "加冠",
            ],
        }
    }
}

/// Full-width forms become ASCII, letters lower case, spaces collapsed, surrounding quotes and
/// final punctuation dropped.
pub fn normalize(text: &str) -> String {
    let ascii: String = text
        .chars()
        .map(damtutor_rules::notation::fold_width)
        .collect::<String>()
        .to_lowercase();
    let words: Vec<&str> = ascii.split_whitespace().collect();
    let joined = words.join(" ");
    joined
        .trim_matches(|c: char| {
            matches!(
                c,
                '.' | '。'
                    | ','
                    | '，'
                    | ';'
                    | '；'
                    | '!'
                    | '！'
                    | '"'
                    | '\''
                    | '“'
                    | '”'
                    | '‘'
                    | '’'
                    | '「'
                    | '」'
                    | '('
                    | ')'
                    | '（'
                    | '）'
            )
        })
        .trim()
        .to_string()
}

/// The names of the words `normalized` text is a form of, and the text itself.
fn meanings(normalized: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Word::ALL
        .iter()
        .filter(|word| word.forms().contains(&normalized))
        .map(|word| word.forms()[0])
        .collect();
    out.push(normalized);
    out
}

/// Whether a student's word matches one of the accepted forms.
pub fn same_word(student: &str, accept: &[String]) -> bool {
    let student = normalize(student);
    let mine = meanings(&student);
    accept.iter().any(|a| {
        let accepted = normalize(a);
        // Words overlap ("black" is a colour and a dark square), so any shared meaning counts,
        // but only between the forms of the accepted word.
        meanings(&accepted).iter().any(|t| mine.contains(t))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forms(word: Word) -> Vec<String> {
        word.forms().iter().map(|f| f.to_string()).collect()
    }

    #[test]
    fn every_form_is_already_normalised_and_names_come_first() {
        for word in Word::ALL {
            for form in word.forms() {
                assert_eq!(normalize(form), *form, "{word:?}");
            }
        }
        let names: Vec<&str> = Word::ALL.iter().map(|w| w.forms()[0]).collect();
        assert_eq!(
            names,
            [
                "permitted",
                "forbidden",
                "white",
                "black",
                "red",
                "king",
                "man",
                "dark",
                "light",
                "crowning"
            ]
        );
    }

    #[test]
    fn normalisation_ignores_width_case_spaces_and_final_marks() {
        assert_eq!(normalize("  Ｐｅｒｍｉｔｔｅｄ。"), "permitted");
        assert_eq!(normalize("“Not   Allowed”"), "not allowed");
        assert_eq!(normalize("（王棋）"), "王棋");
        assert_eq!(normalize("\u{3000}白方，"), "白方");
        assert_eq!(normalize("。。"), "");
    }

    #[test]
    fn synonyms_count_the_same_in_both_languages() {
        assert!(same_word("允许", &forms(Word::Permitted)));
        assert!(same_word("Allowed", &["permitted".to_string()]));
        assert!(same_word("禁止", &["forbidden".to_string()]));
        assert!(same_word("not permitted", &["禁止".to_string()]));
        assert!(!same_word("允许", &["forbidden".to_string()]));
        assert!(same_word("白方", &["white".to_string()]));
        assert!(same_word("王子", &["kings".to_string()]));
        assert!(same_word("普通棋子", &["man".to_string()]));
        // "black" is a colour and a dark square: both readings count, the other colour not.
        assert!(same_word("black", &["dark".to_string()]));
        assert!(same_word("黑格", &forms(Word::Dark)));
        assert!(!same_word("white", &forms(Word::Dark)));
        assert!(!same_word("白", &["black".to_string()]));
        // A word outside the table counts only as itself.
        assert!(same_word("Twice", &["twice".to_string()]));
        assert!(!same_word("", &["twice".to_string()]));
    }
}
