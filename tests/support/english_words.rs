//! The English words of a quiz text: what a Chinese quiz must not contain.

/// Whether `word` is notation: a square (`28`, `c3`, `K28`, `Kd6`) or a move (`28x19`,
/// `c3-d4`, `8x21x43x25`).
fn is_notation(word: &str) -> bool {
    let square = |s: &str| {
        let s = s.strip_prefix('K').unwrap_or(s);
        let digits = s.trim_start_matches(|c: char| c.is_ascii_lowercase());
        !digits.is_empty()
            && s.len() - digits.len() <= 1
            && digits.chars().all(|c| c.is_ascii_digit())
    };
    word.split(['x', '-']).all(square)
}

/// Words of two or more ASCII letters in a text, leaving out what is notation: FEN strings
/// (`W:W28,K46:B19`), moves and square names.
pub fn english_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric() && c != ':' && c != ',' && c != '-')
        .filter(|w| !w.contains(':'))
        .flat_map(|w| w.split(','))
        .filter(|w| {
            let letters = w.chars().filter(|c| c.is_ascii_alphabetic()).count();
            letters >= 2 && !is_notation(w)
        })
        .map(str::to_string)
        .collect()
}
