//! Board diagrams as SVG, each game drawn by its own convention, White at the bottom, dark
//! squares, kings as two stacked pieces with a crown, the side to move marked beside the board:
//!
//! - international draughts (10x10, FMJD): square numbers along the edges (1-5, 46-50, 6-36,
//!   15-45), black and white pieces;
//! - the 64-square games (brazilian, russian): files a-h below the board and ranks 1-8 on its
//!   left, as the Chinese 64 and Russian rules name the squares;
//! - English checkers (WCDF): every playable square's number 1-32 in its top-left corner, the
//!   single corner (29) at White's left and the double corner (28, 32) at White's right, the
//!   dark pieces red (the WCDF colour; printed dark grey in black and white).
//!
//! Everything else is black, white and grey, for black-and-white print. The output is
//! deterministic (the same position and options give the same bytes), and each piece is a
//! `<g class="piece" data-square="28" data-piece="wm">` element (`wm`, `wk`, `bm`, `bk`), so that
//! tests and scripts can read a diagram back.

use crate::board::Board;
use crate::rules::{Notation, RuleSet, Rules, Variant};
use crate::square::{Color, Piece, Role, Square};
use damtutor_rules::Position;
use std::fmt::Write;

/// Size of one square in SVG user units.
const UNIT: f64 = 10.0;
/// Space around the board for the edge numbers and the side-to-move mark.
const MARGIN: f64 = 7.0;

const LIGHT_SQUARE: &str = "#ffffff";
const DARK_SQUARE: &str = "#a3a3a3";
const INK: &str = "#111111";
/// The dark pieces of English checkers: red, as the WCDF rules have them.
const CHECKERS_RED: &str = "#8c1c1c";

/// How an arrow is drawn.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ArrowStyle {
    /// A move of the main line.
    Solid,
    /// Another winning first move.
    Dashed,
}

/// A move drawn on the board: the route of landing squares, start first, and an optional number.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Arrow {
    /// The squares the piece lands on, start first (from [`Position::capture_route`]).
    pub route: Vec<Square>,
    /// The number shown on the arrow (the move's order in the line).
    pub number: Option<u32>,
    pub style: ArrowStyle,
}

/// What to draw besides the pieces.
#[derive(Clone, Debug, Default)]
pub struct DiagramOptions {
    /// Write each empty dark square's number in it (instead of the numbers along the edges).
    pub numbers: bool,
    /// Moves to draw as arrows.
    pub arrows: Vec<Arrow>,
    /// A standalone `.svg` file (namespace and pixel size) rather than SVG inside HTML.
    pub standalone: bool,
    /// The width in pixels of a standalone file.
    pub width: u32,
    /// The accessible description (`aria-label`), escaped here.
    pub label: String,
    /// Number the edge squares around the board, as large as the other games' labels, where
    /// the game numbers every square in its corner (English checkers): the corner numbers
    /// are about 1 mm high on a diagram printed 46 mm wide.
    pub edge_numbers: bool,
}

/// How a game's diagrams name the squares.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Frame {
    /// Square numbers along the edges (FMJD diagrams of the 10x10 board).
    EdgeNumbers,
    /// Files a.. below the board and ranks 1.. on its left (the 64-square games).
    Coordinates,
    /// Every playable square's number in its corner (English checkers).
    CornerNumbers,
}

/// What a diagram needs to know of its game: the board, how squares are named, piece sizes.
#[derive(Copy, Clone, Debug)]
struct Style {
    rules: RuleSet,
    frame: Frame,
    /// Radius of a man, and of each of a king's two discs, and the king's half offset.
    man: f64,
    king: f64,
    king_offset: f64,
}

impl Style {
    fn of(rules: RuleSet) -> Style {
        let frame = match (rules.board, rules.notation) {
            (Board::TenByTen, _) => Frame::EdgeNumbers,
            (_, Notation::Algebraic { .. }) => Frame::Coordinates,
            (_, Notation::Numeric) => Frame::CornerNumbers,
        };
        // Smaller pieces leave the corner numbers of English checkers readable.
        let (man, king, king_offset) = match frame {
            Frame::CornerNumbers => (3.5, 3.15, 0.7),
            _ => (4.2, 3.9, 1.0),
        };
        Style {
            rules,
            frame,
            man,
            king,
            king_offset,
        }
    }

    fn board(&self) -> Board {
        self.rules.board
    }

    /// The board's side in user units.
    fn side(&self) -> f64 {
        f64::from(self.board().size()) * UNIT
    }

    /// The centre of `square` in user units.
    fn centre(&self, square: Square) -> (f64, f64) {
        let (row, column) = self.board().coords(square);
        (
            (f64::from(column) + 0.5) * UNIT,
            (f64::from(row) + 0.5) * UNIT,
        )
    }

    /// Fill and line colours of a piece: white pieces white with black lines, black pieces
    /// black (red in English checkers) with light lines.
    fn piece_colours(&self, color: Color) -> (&'static str, &'static str) {
        match color {
            Color::White => ("#ffffff", INK),
            Color::Black if self.rules.variant == Variant::English => (CHECKERS_RED, "#ecc8c8"),
            Color::Black => (INK, "#d0d0d0"),
        }
    }
}

/// Draws `position`, of any game, as an SVG element in that game's convention.
///
/// ```
/// use damtutor::render::svg::{diagram, DiagramOptions};
/// use damtutor::{English, International, Position};
/// let position: Position<International> = "W:W28,K46:B23".parse().unwrap();
/// let svg = diagram(&position, &DiagramOptions::default());
/// assert!(svg.starts_with("<svg"));
/// assert!(svg.contains(r#"data-square="28" data-piece="wm""#));
/// assert!(svg.contains(r#"data-square="46" data-piece="wk""#));
/// assert!(svg.contains(r#"data-square="23" data-piece="bm""#));
/// let checkers: damtutor_rules::Position<English> = "B:W21-32:B1-12".parse().unwrap();
/// let svg = diagram(&checkers, &DiagramOptions::default());
/// assert!(svg.contains(r#"viewBox="-7 -7 94 94""#)); // 8x8
/// assert!(svg.contains(r#"data-square="32" data-piece="wm""#));
/// ```
pub fn diagram<R: Rules>(position: &Position<R>, options: &DiagramOptions) -> String {
    let style = Style::of(R::RULES);
    let pieces: Vec<(Square, Piece)> = style
        .board()
        .squares()
        .filter_map(|s| position.piece_at(s).map(|p| (s, p)))
        .collect();
    draw(&style, &pieces, position.turn(), options)
}

/// [`diagram`] of a position of a game chosen at run time.
pub fn variant_diagram(position: &crate::VariantPosition, options: &DiagramOptions) -> String {
    crate::with_position!(position, p => diagram(p, options))
}

/// An empty board of `variant` with `turn` marked: the board a design task is drawn on.
pub fn empty_diagram(variant: Variant, turn: Color, options: &DiagramOptions) -> String {
    draw(&Style::of(variant.rules()), &[], turn, options)
}

fn draw(
    style: &Style,
    pieces: &[(Square, Piece)],
    turn: Color,
    options: &DiagramOptions,
) -> String {
    let mut out = String::with_capacity(6000);
    let width = style.side() + 2.0 * MARGIN;
    let height = width;
    out.push_str("<svg");
    if options.standalone {
        let pixels = options.width.max(1);
        let _ = write!(
            out,
            r#" xmlns="http://www.w3.org/2000/svg" width="{pixels}" height="{pixels}""#
        );
    }
    let _ = write!(
        out,
        r#" class="diagram" viewBox="{} {} {} {}" role="img" aria-label="{}" font-family="Helvetica, Arial, sans-serif">"#,
        number(-MARGIN),
        number(-MARGIN),
        number(width),
        number(height),
        crate::escape::html(&options.label)
    );
    let edge = Style {
        frame: Frame::EdgeNumbers,
        ..*style
    };
    let style = if options.edge_numbers && style.frame == Frame::CornerNumbers {
        &edge
    } else {
        style
    };
    board(&mut out, style);
    let empty = |square: Square| pieces.iter().all(|(s, _)| *s != square);
    if options.numbers {
        inner_numbers(&mut out, style, &empty);
    } else {
        match style.frame {
            Frame::EdgeNumbers => edge_numbers(&mut out, style),
            Frame::Coordinates => coordinates(&mut out, style),
            Frame::CornerNumbers => corner_numbers(&mut out, style),
        }
    }
    for &(square, piece) in pieces {
        draw_piece(&mut out, style, square, piece);
    }
    turn_mark(&mut out, style, turn);
    for arrow in options
        .arrows
        .iter()
        .filter(|a| a.style == ArrowStyle::Dashed)
    {
        draw_arrow(&mut out, style, arrow);
    }
    for arrow in options
        .arrows
        .iter()
        .filter(|a| a.style == ArrowStyle::Solid)
    {
        draw_arrow(&mut out, style, arrow);
    }
    out.push_str("</svg>");
    out
}

fn board(out: &mut String, style: &Style) {
    let side = number(style.side());
    let _ = write!(
        out,
        r#"<rect x="0" y="0" width="{side}" height="{side}" fill="{LIGHT_SQUARE}"/><path fill="{DARK_SQUARE}" d=""#
    );
    for square in style.board().squares() {
        let (x, y) = style.centre(square);
        let _ = write!(
            out,
            "M{} {}h10v10h-10z",
            number(x - UNIT / 2.0),
            number(y - UNIT / 2.0)
        );
    }
    let _ = write!(
        out,
        r#""/><rect x="0" y="0" width="{side}" height="{side}" fill="none" stroke="{INK}" stroke-width="0.8"/>"#
    );
}

/// The numbers of the edge squares, as printed around FMJD diagrams: the top row above
/// (1-5), the bottom row below (46-50), the left column's other squares on the left
/// (6 16 26 36) and the right column's on the right (15 25 35 45).
fn edge_numbers(out: &mut String, style: &Style) {
    out.push_str(
        r##"<g class="edge-numbers" font-size="3.6" fill="#333333" text-anchor="middle">"##,
    );
    let board = style.board();
    let last = board.size() - 1;
    let (top, bottom) = (
        board.crowning_row(Color::White),
        board.crowning_row(Color::Black),
    );
    let mut label = |square: Square, dx: f64, dy: f64| {
        let (x, y) = style.centre(square);
        let _ = write!(
            out,
            r#"<text x="{}" y="{}">{square}</text>"#,
            number(x + dx),
            number(y + dy)
        );
    };
    for square in top.iter() {
        label(square, 0.0, -6.5);
    }
    for square in bottom.iter() {
        label(square, 0.0, 9.3);
    }
    for square in board.squares() {
        if board.column(square) == 0 && !bottom.contains(square) {
            label(square, -8.5, 1.3);
        }
    }
    for square in board.squares() {
        if board.column(square) == last && !top.contains(square) {
            label(square, 8.5, 1.3);
        }
    }
    out.push_str("</g>");
}

/// Files a.. below the board and ranks 1.. on its left, as on the boards of the 64-square
/// games.
fn coordinates(out: &mut String, style: &Style) {
    out.push_str(
        r##"<g class="coordinates" font-size="3.6" fill="#333333" text-anchor="middle">"##,
    );
    let size = style.board().size();
    let side = style.side();
    for column in 0..size {
        let _ = write!(
            out,
            r#"<text x="{}" y="{}">{}</text>"#,
            number((f64::from(column) + 0.5) * UNIT),
            number(side + 4.3),
            char::from(b'a' + column)
        );
    }
    for row in 0..size {
        let _ = write!(
            out,
            r#"<text x="{}" y="{}">{}</text>"#,
            number(-MARGIN / 2.0),
            number((f64::from(row) + 0.5) * UNIT + 1.3),
            size - row
        );
    }
    out.push_str("</g>");
}

/// Every playable square's number in its top-left corner, as on numbered checkers boards.
fn corner_numbers(out: &mut String, style: &Style) {
    out.push_str(r##"<g class="square-numbers" font-size="2.2" fill="#1a1a1a">"##);
    for square in style.board().squares() {
        let (x, y) = style.centre(square);
        let _ = write!(
            out,
            r#"<text x="{}" y="{}">{square}</text>"#,
            number(x - UNIT / 2.0 + 0.35),
            number(y - UNIT / 2.0 + 1.95)
        );
    }
    out.push_str("</g>");
}

/// The name of each empty playable square in its centre: its number, or its algebraic name in
/// the games that name squares so.
fn inner_numbers(out: &mut String, style: &Style, empty: &dyn Fn(Square) -> bool) {
    let size = match style.frame {
        Frame::Coordinates => "3.2",
        _ => "3.6",
    };
    let _ = write!(
        out,
        r##"<g class="square-numbers" font-size="{size}" fill="#f4f4f4" text-anchor="middle">"##
    );
    for square in style.board().squares() {
        if empty(square) {
            let (x, y) = style.centre(square);
            let _ = write!(
                out,
                r#"<text x="{}" y="{}">{}</text>"#,
                number(x),
                number(y + 1.3),
                style.rules.square_name(square)
            );
        }
    }
    out.push_str("</g>");
}

fn piece_code(piece: Piece) -> &'static str {
    match (piece.color, piece.role) {
        (Color::White, Role::Man) => "wm",
        (Color::White, Role::King) => "wk",
        (Color::Black, Role::Man) => "bm",
        (Color::Black, Role::King) => "bk",
    }
}

/// One piece: a disc with an inner ring; a king is two discs stacked, the top one crowned.
fn draw_piece(out: &mut String, style: &Style, square: Square, piece: Piece) {
    let (x, y) = style.centre(square);
    let (fill, line) = style.piece_colours(piece.color);
    let _ = write!(
        out,
        r#"<g class="piece" data-square="{}" data-piece="{}">"#,
        square.number(),
        piece_code(piece)
    );
    let disc = |out: &mut String, cy: f64, radius: f64| {
        let ring = number(radius * 0.7);
        let radius = number(radius);
        let _ = write!(
            out,
            r#"<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{fill}" stroke="{INK}" stroke-width="0.6"/><circle cx="{cx}" cy="{cy}" r="{ring}" fill="none" stroke="{line}" stroke-width="0.35"/>"#,
            cx = number(x),
            cy = number(cy),
        );
    };
    match piece.role {
        Role::Man => disc(out, y, style.man),
        Role::King => {
            let offset = style.king_offset;
            disc(out, y + offset, style.king);
            disc(out, y - offset, style.king);
            // A crown on the top disc, in the colour of the lines.
            let scale = style.king / 3.9;
            let points = [
                (-2.0, 1.0),
                (-2.3, -1.6),
                (-1.1, -0.4),
                (0.0, -2.0),
                (1.1, -0.4),
                (2.3, -1.6),
                (2.0, 1.0),
            ];
            let path: Vec<String> = points
                .iter()
                .map(|(dx, dy)| {
                    format!(
                        "{},{}",
                        number(x + dx * scale),
                        number(y - offset + dy * scale)
                    )
                })
                .collect();
            let _ = write!(
                out,
                r#"<polygon class="crown" points="{}" fill="{line}"/>"#,
                path.join(" ")
            );
        }
    }
    out.push_str("</g>");
}

/// A small piece of the side to move beside the board, at that side's end: right of the
/// bottom row for White, right of the top row for Black (where no edge number stands).
fn turn_mark(out: &mut String, style: &Style, turn: Color) {
    let y = match turn {
        Color::White => style.side() - 0.5 * UNIT,
        Color::Black => 0.5 * UNIT,
    };
    let (fill, _) = style.piece_colours(turn);
    let _ = write!(
        out,
        r#"<g class="turn" data-turn="{}"><circle cx="{}" cy="{}" r="2.5" fill="{fill}" stroke="{INK}" stroke-width="0.7"/></g>"#,
        turn.name(),
        number(style.side() + MARGIN / 2.0),
        number(y),
    );
}

/// An arrow along a route: a black line with a white halo, an arrowhead at the end, and the
/// number in a small disc on the first leg.
fn draw_arrow(out: &mut String, style: &Style, arrow: &Arrow) {
    if arrow.route.len() < 2 {
        return;
    }
    let points: Vec<(f64, f64)> = arrow.route.iter().map(|&s| style.centre(s)).collect();
    let (tip_x, tip_y) = points[points.len() - 1];
    let (from_x, from_y) = points[points.len() - 2];
    let length = ((tip_x - from_x).powi(2) + (tip_y - from_y).powi(2)).sqrt();
    let (ux, uy) = ((tip_x - from_x) / length, (tip_y - from_y) / length);
    let head = 3.4;
    let (base_x, base_y) = (tip_x - ux * head, tip_y - uy * head);
    let mut line: Vec<(f64, f64)> = points[..points.len() - 1].to_vec();
    line.push((base_x, base_y));
    let line_text: Vec<String> = line
        .iter()
        .map(|(x, y)| format!("{},{}", number(*x), number(*y)))
        .collect();
    let line_text = line_text.join(" ");
    let dash = match arrow.style {
        ArrowStyle::Solid => "",
        ArrowStyle::Dashed => r#" stroke-dasharray="2.2 1.4""#,
    };
    let move_text = arrow
        .route
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join("-");
    let _ = write!(
        out,
        r##"<g class="arrow" data-route="{move_text}"><polyline points="{line_text}" fill="none" stroke="#ffffff" stroke-width="2.6" stroke-linejoin="round" stroke-linecap="round"/><polyline points="{line_text}" fill="none" stroke="{INK}" stroke-width="1.2" stroke-linejoin="round"{dash}/>"##
    );
    let (px, py) = (-uy, ux);
    let _ = write!(
        out,
        r##"<polygon points="{},{} {},{} {},{}" fill="{INK}" stroke="#ffffff" stroke-width="0.5" stroke-linejoin="round"/>"##,
        number(tip_x),
        number(tip_y),
        number(base_x + px * 2.1),
        number(base_y + py * 2.1),
        number(base_x - px * 2.1),
        number(base_y - py * 2.1),
    );
    if let Some(n) = arrow.number {
        let (x0, y0) = points[0];
        let (x1, y1) = points[1];
        let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let _ = write!(
            out,
            r##"<circle cx="{}" cy="{}" r="2.4" fill="#ffffff" stroke="{INK}" stroke-width="0.5"/><text x="{}" y="{}" font-size="3.4" font-weight="bold" text-anchor="middle" fill="{INK}">{n}</text>"##,
            number(mx),
            number(my),
            number(mx),
            number(my + 1.2),
        );
    }
    out.push_str("</g>");
}

/// A coordinate with at most two decimals and no trailing zeros: the same bytes on every machine.
fn number(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces_in(svg: &str) -> Vec<(String, String)> {
        svg.split(r#"<g class="piece" data-square=""#)
            .skip(1)
            .map(|rest| {
                let square: String = rest.chars().take_while(|c| *c != '"').collect();
                let code = rest
                    .split(r#"data-piece=""#)
                    .nth(1)
                    .map(|r| r.chars().take_while(|c| *c != '"').collect())
                    .unwrap_or_default();
                (square, code)
            })
            .collect()
    }

    #[test]
    fn draws_every_piece_once() {
        let position: Position<crate::International> = "B:W31,K45:BK5,6".parse().unwrap();
        let svg = diagram(&position, &DiagramOptions::default());
        assert_eq!(
            pieces_in(&svg),
            [("5", "bk"), ("6", "bm"), ("31", "wm"), ("45", "wk")]
                .map(|(s, c)| (s.to_string(), c.to_string()))
        );
        assert!(svg.contains(r#"data-turn="black""#));
        assert_eq!(svg.matches("class=\"crown\"").count(), 2);
        assert!(!svg.contains("http"), "inline SVG needs no namespace");
    }

    #[test]
    fn checkers_edge_numbers_are_as_large_as_the_other_games_labels() {
        let position: Position<crate::English> = "B:W21,22:B9".parse().unwrap();
        let corner = diagram(&position, &DiagramOptions::default());
        assert!(corner.contains(r#"class="square-numbers" font-size="2.2""#));
        let options = DiagramOptions {
            edge_numbers: true,
            ..DiagramOptions::default()
        };
        let svg = diagram(&position, &options);
        assert!(!svg.contains("square-numbers"), "{svg}");
        assert!(svg.contains(r#"class="edge-numbers" font-size="3.6""#));
        // The top row (1-4), the bottom row (29-32), and the side columns between them.
        for square in [1, 4, 5, 12, 13, 20, 21, 28, 29, 32] {
            assert!(
                svg.contains(&format!(">{square}</text>")),
                "{square}: {svg}"
            );
        }
        assert!(!svg.contains(">14</text>"), "{svg}");
        // Other games keep their frame.
        let international: Position<crate::International> = "W:W28:B23".parse().unwrap();
        assert_eq!(
            diagram(&international, &options),
            diagram(&international, &DiagramOptions::default())
        );
    }

    #[test]
    fn numbers_only_empty_squares_and_draws_arrows() {
        let position: Position<crate::International> = "W:W28:B23".parse().unwrap();
        let options = DiagramOptions {
            numbers: true,
            arrows: vec![Arrow {
                route: vec![Square::new(28).unwrap(), Square::new(19).unwrap()],
                number: Some(1),
                style: ArrowStyle::Solid,
            }],
            standalone: true,
            width: 300,
            label: "a <b>".into(),
            edge_numbers: false,
        };
        let svg = diagram(&position, &options);
        assert_eq!(svg.matches("<text").count(), 48 + 1);
        assert!(svg.contains(r#"data-route="28-19""#));
        assert!(svg.contains(r#"aria-label="a &lt;b&gt;""#));
        assert!(svg.contains(r#"width="300""#));
        assert_eq!(diagram(&position, &options), svg);
    }

    #[test]
    fn each_game_names_its_squares_its_own_way() {
        use crate::{Brazilian, English, Russian};
        let english: Position<English> = "B:W21-32:B1-12".parse().unwrap();
        let svg = diagram(&english, &DiagramOptions::default());
        // Every square numbered in its corner, 1 at b8 (top row, second column), 32 at g1.
        assert_eq!(svg.matches("<text").count(), 32);
        assert!(
            svg.contains(r#"<text x="10.35" y="1.95">1</text>"#),
            "{svg}"
        );
        assert!(
            svg.contains(r#"<text x="60.35" y="71.95">32</text>"#),
            "{svg}"
        );
        assert!(svg.contains(CHECKERS_RED));
        assert_eq!(pieces_in(&svg).len(), 24);
        let brazilian: Position<Brazilian> = "W:W21-32:B1-12".parse().unwrap();
        let svg = diagram(&brazilian, &DiagramOptions::default());
        assert!(svg.contains(r#"<text x="5" y="84.3">a</text>"#), "{svg}");
        assert!(svg.contains(r#"<text x="-3.5" y="6.3">8</text>"#), "{svg}");
        assert!(!svg.contains(CHECKERS_RED));
        // With numbers asked for, the 64-square games write each empty square's name.
        let russian: Position<Russian> = "W:Wc3:Bf6".parse().unwrap();
        let options = DiagramOptions {
            numbers: true,
            ..DiagramOptions::default()
        };
        let svg = diagram(&russian, &options);
        assert_eq!(svg.matches("<text").count(), 30);
        assert!(svg.contains(">a1</text>") && !svg.contains(">c3</text>"));
        // An empty board for a design task.
        let svg = empty_diagram(Variant::English, Color::Black, &DiagramOptions::default());
        assert!(pieces_in(&svg).is_empty() && svg.contains(r#"data-turn="black""#));
    }

    #[test]
    fn international_diagrams_are_unchanged() {
        // The FMJD frame: 20 edge numbers, pieces of radius 4.2, a king's discs 1 apart.
        let position: Position<crate::International> = "W:W28,K46:B23".parse().unwrap();
        let svg = diagram(&position, &DiagramOptions::default());
        assert!(svg.contains(r#"viewBox="-7 -7 114 114""#));
        assert_eq!(svg.matches("<text").count(), 18);
        assert!(svg.contains(r#"<text x="15" y="-1.5">1</text>"#));
        assert!(svg.contains(r#"<text x="-3.5" y="16.3">6</text>"#));
        assert!(svg.contains(r#"<text x="103.5" y="26.3">15</text>"#));
        assert!(svg.contains(r#"<circle cx="45" cy="55" r="4.2""#));
        assert!(svg.contains(r#"<polygon class="crown" points="3,95 2.7,92.4 3.9,93.6 5,92 6.1,93.6 7.3,92.4 7,95""#), "{svg}");
    }

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(number(5.0), "5");
        assert_eq!(number(-7.0), "-7");
        assert_eq!(number(2.126), "2.13");
        assert_eq!(number(-0.001), "0");
    }
}
