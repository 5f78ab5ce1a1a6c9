//! Games written back in PDN 3.0.

use super::tokens::collapse;
use super::{first_mover, GameResult, PdnGame};
use crate::position::Position;
use crate::rules::{Rules, Variant};

/// Where [`write_game`] wraps movetext lines.
const WIDTH: usize = 80;

/// Writes a game in PDN 3.0: its tags (a `[GameType]` tag for the games other than
/// international draughts when the game has none; a `[FEN]` tag, canonical, only when the start
/// is not the initial position), a blank line, then numbered movetext (`17.` before the move of
/// the side that moves first in the game, Black in English checkers) in the game's notation
/// wrapped at 80 columns, ending with the result (`*` when there is none) and a line end. Games
/// written one after another should be separated by a blank line.
///
/// Moves are written as [`Position::move_text`] does: the full path only when it is needed.
/// Reading the text back gives the same game, but for line numbers, a missing result (read back
/// as `*`) and the `[FEN]` tag made canonical.
pub fn write_game<R: Rules>(game: &PdnGame<R>) -> String {
    let mut out = String::new();
    let initial = game.start == Position::initial();
    if R::RULES.variant != Variant::International && game.tag("GameType").is_none() {
        push_tag(&mut out, "GameType", &R::RULES.game_type.to_string());
    }
    let mut fen_written = false;
    for (name, value) in &game.tags {
        if name.eq_ignore_ascii_case("FEN") {
            if !initial && !fen_written {
                push_tag(&mut out, name, &game.start.to_string());
                fen_written = true;
            }
        } else {
            push_tag(&mut out, name, value);
        }
    }
    if !initial && !fen_written {
        push_tag(&mut out, "FEN", &game.start.to_string());
    }
    if !out.is_empty() {
        out.push('\n');
    }
    let mut text = Wrapper::default();
    for comment in &game.comments {
        text.comment(comment);
    }
    let mut position = game.start;
    let mut number = game.info.first().map_or(1, |info| info.number);
    let mut interrupted = true;
    let lead = first_mover::<R>();
    for (ply, m) in game.moves.iter().enumerate() {
        let info = game.info.get(ply);
        let side = position.turn();
        // The number and its move stay on one line.
        let mut word = if side == lead {
            format!("{number}. ")
        } else if interrupted {
            format!("{number}... ")
        } else {
            String::new()
        };
        word.push_str(&position.move_text(m));
        let nags = info.map_or(&[][..], |info| &info.nags[..]);
        let mut rest = nags;
        if let Some(suffix) = nags.first().and_then(|nag| nag.suffix()) {
            word.push_str(suffix);
            rest = &nags[1..];
        }
        text.word(&word);
        for nag in rest {
            text.word(&nag.to_string());
        }
        interrupted = false;
        if let Some(info) = info {
            for comment in &info.comments {
                text.comment(comment);
                interrupted = true;
            }
            for variation in &info.variations {
                text.enclosed('(', variation, ')');
                interrupted = true;
            }
        }
        if side != lead {
            number += 1;
        }
        position = position.play_unchecked(m);
    }
    text.word(game.result.unwrap_or(GameResult::Unknown).as_str());
    out.push_str(&text.out);
    out.push('\n');
    out
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

/// Movetext words, wrapped at [`WIDTH`] columns.
#[derive(Default)]
struct Wrapper {
    out: String,
    column: usize,
}

impl Wrapper {
    fn word(&mut self, word: &str) {
        let width = word.chars().count();
        if self.column > 0 {
            if self.column + 1 + width > WIDTH {
                self.out.push('\n');
                self.column = 0;
            } else {
                self.out.push(' ');
                self.column += 1;
            }
        }
        self.out.push_str(word);
        self.column += width;
    }

    fn comment(&mut self, comment: &str) {
        if comment.contains('}') {
            // Only a `;` comment can hold a '}'; it runs to the end of the line.
            self.word(&format!(";{}", collapse(comment)));
            self.out.push('\n');
            self.column = 0;
        } else {
            self.enclosed('{', comment, '}');
        }
    }

    /// `text` between `open` and `close`, broken between its words.
    fn enclosed(&mut self, open: char, text: &str, close: char) {
        for word in format!("{open}{}{close}", collapse(text)).split(' ') {
            self.word(word);
        }
    }
}
