//! Board diagrams as SVG, drawn to the FMJD conventions: dark squares, White at the bottom,
//! square numbers along the edges, kings as two stacked pieces with a crown, the side to move
//! marked beside the board. Everything is black, white and grey, for black-and-white print.
//!
//! The output is deterministic (the same position and options give the same bytes), and each
//! piece is a `<g class="piece" data-square="28" data-piece="wm">` element (`wm`, `wk`, `bm`,
//! `bk`), so that tests and scripts can read a diagram back.

use crate::position::Position;
use crate::square::{Color, Piece, Role, Square};
use std::fmt::Write;

/// Size of one square in SVG user units.
const UNIT: f64 = 10.0;
/// Space around the board for the edge numbers and the side-to-move mark.
const MARGIN: f64 = 7.0;

const LIGHT_SQUARE: &str = "#ffffff";
const DARK_SQUARE: &str = "#a3a3a3";
const INK: &str = "#111111";

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
}

/// Draws `position` as an SVG element.
///
/// ```
/// use damtutor::render::svg::{diagram, DiagramOptions};
/// let position = "W:W28,K46:B23".parse().unwrap();
/// let svg = diagram(&position, &DiagramOptions::default());
/// assert!(svg.starts_with("<svg"));
/// assert!(svg.contains(r#"data-square="28" data-piece="wm""#));
/// assert!(svg.contains(r#"data-square="46" data-piece="wk""#));
/// assert!(svg.contains(r#"data-square="23" data-piece="bm""#));
/// ```
pub fn diagram(position: &Position, options: &DiagramOptions) -> String {
    let mut out = String::with_capacity(6000);
    let width = 10.0 * UNIT + 2.0 * MARGIN;
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
    board(&mut out);
    if options.numbers {
        inner_numbers(&mut out, position);
    } else {
        edge_numbers(&mut out);
    }
    for square in Square::all() {
        if let Some(piece) = position.piece_at(square) {
            draw_piece(&mut out, square, piece);
        }
    }
    turn_mark(&mut out, position.turn());
    for arrow in options
        .arrows
        .iter()
        .filter(|a| a.style == ArrowStyle::Dashed)
    {
        draw_arrow(&mut out, arrow);
    }
    for arrow in options
        .arrows
        .iter()
        .filter(|a| a.style == ArrowStyle::Solid)
    {
        draw_arrow(&mut out, arrow);
    }
    out.push_str("</svg>");
    out
}

/// The centre of `square` in user units.
fn centre(square: Square) -> (f64, f64) {
    (
        (square.column() as f64 + 0.5) * UNIT,
        (square.row() as f64 + 0.5) * UNIT,
    )
}

fn board(out: &mut String) {
    let side = number(10.0 * UNIT);
    let _ = write!(
        out,
        r#"<rect x="0" y="0" width="{side}" height="{side}" fill="{LIGHT_SQUARE}"/><path fill="{DARK_SQUARE}" d=""#
    );
    for square in Square::all() {
        let (x, y) = centre(square);
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

/// The numbers of the edge squares, as printed around diagrams in books: 1-5 above, 46-50
/// below, 6 16 26 36 on the left and 15 25 35 45 on the right.
fn edge_numbers(out: &mut String) {
    out.push_str(
        r##"<g class="edge-numbers" font-size="3.6" fill="#333333" text-anchor="middle">"##,
    );
    let mut label = |n: u8, dx: f64, dy: f64| {
        if let Some(square) = Square::new(n) {
            let (x, y) = centre(square);
            let _ = write!(
                out,
                r#"<text x="{}" y="{}">{n}</text>"#,
                number(x + dx),
                number(y + dy)
            );
        }
    };
    for n in 1..=5 {
        label(n, 0.0, -6.5);
    }
    for n in 46..=50 {
        label(n, 0.0, 9.3);
    }
    for n in [6, 16, 26, 36] {
        label(n, -8.5, 1.3);
    }
    for n in [15, 25, 35, 45] {
        label(n, 8.5, 1.3);
    }
    out.push_str("</g>");
}

fn inner_numbers(out: &mut String, position: &Position) {
    out.push_str(
        r##"<g class="square-numbers" font-size="3.6" fill="#f4f4f4" text-anchor="middle">"##,
    );
    for square in Square::all() {
        if position.piece_at(square).is_none() {
            let (x, y) = centre(square);
            let _ = write!(
                out,
                r#"<text x="{}" y="{}">{}</text>"#,
                number(x),
                number(y + 1.3),
                square.number()
            );
        }
    }
    out.push_str("</g>");
}

/// Fill and line colours of a piece: white pieces white with black lines, black pieces black
/// with light lines.
fn piece_colours(color: Color) -> (&'static str, &'static str) {
    match color {
        Color::White => ("#ffffff", INK),
        Color::Black => (INK, "#d0d0d0"),
    }
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
fn draw_piece(out: &mut String, square: Square, piece: Piece) {
    let (x, y) = centre(square);
    let (fill, line) = piece_colours(piece.color);
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
        Role::Man => disc(out, y, 4.2),
        Role::King => {
            disc(out, y + 1.0, 3.9);
            disc(out, y - 1.0, 3.9);
            // A crown on the top disc, in the colour of the lines.
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
                .map(|(dx, dy)| format!("{},{}", number(x + dx), number(y - 1.0 + dy)))
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
fn turn_mark(out: &mut String, turn: Color) {
    let y = match turn {
        Color::White => 9.5 * UNIT,
        Color::Black => 0.5 * UNIT,
    };
    let (fill, _) = piece_colours(turn);
    let _ = write!(
        out,
        r#"<g class="turn" data-turn="{}"><circle cx="{}" cy="{}" r="2.5" fill="{fill}" stroke="{INK}" stroke-width="0.7"/></g>"#,
        turn.name(),
        number(10.0 * UNIT + MARGIN / 2.0),
        number(y),
    );
}

/// An arrow along a route: a black line with a white halo, an arrowhead at the end, and the
/// number in a small disc on the first leg.
fn draw_arrow(out: &mut String, arrow: &Arrow) {
    if arrow.route.len() < 2 {
        return;
    }
    let points: Vec<(f64, f64)> = arrow.route.iter().map(|&s| centre(s)).collect();
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
        let position: Position = "B:W31,K45:BK5,6".parse().unwrap();
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
    fn numbers_only_empty_squares_and_draws_arrows() {
        let position: Position = "W:W28:B23".parse().unwrap();
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
        };
        let svg = diagram(&position, &options);
        assert_eq!(svg.matches("<text").count(), 48 + 1);
        assert!(svg.contains(r#"data-route="28-19""#));
        assert!(svg.contains(r#"aria-label="a &lt;b&gt;""#));
        assert!(svg.contains(r#"width="300""#));
        assert_eq!(diagram(&position, &options), svg);
    }

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(number(5.0), "5");
        assert_eq!(number(-7.0), "-7");
        assert_eq!(number(2.126), "2.13");
        assert_eq!(number(-0.001), "0");
    }
}
