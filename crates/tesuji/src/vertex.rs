//! GTP vertices: `D4`, `pass`.
//!
//! Columns are letters from `A` with `I` skipped (so 25 letters cover 25 columns), rows are
//! numbers counted from 1 at the bottom. Parsing ignores case.

use crate::point::{BoardSize, Move, Point};
use std::fmt;

const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Error for text that is not a vertex of the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VertexError {
    /// Not of the form letter + number, or `pass`.
    #[error(
        "not a vertex: {0:?} (expected a column letter A-Z without I and a row number, or pass)"
    )]
    Syntax(String),
    /// `pass` where a point is needed (a target, a region).
    #[error("{0:?} is a pass, not a point (expected a vertex such as D4)")]
    NotAPoint(String),
    /// Well formed, but beyond the edge of the board.
    #[error(
        "vertex {text} is off the {} board (columns A to {}, rows 1 to {})",
        .size.dimensions(),
        column_letter(.size.width() - 1),
        .size.height()
    )]
    OffBoard {
        /// The vertex as given.
        text: String,
        /// The board size.
        size: BoardSize,
    },
}

/// Parses a GTP vertex (`D4`, `d4`, `pass`) on a board of `size`.
///
/// ```
/// use tesuji::{vertex, BoardSize, Move, Point};
/// let size = BoardSize::square(19).unwrap();
/// assert_eq!(vertex::parse("D4", size).unwrap(), Move::Play(Point::new(3, 15)));
/// assert_eq!(vertex::parse("pass", size).unwrap(), Move::Pass);
/// assert!(vertex::parse("I5", size).is_err());
/// assert!(vertex::parse("U1", size).is_err());
/// ```
pub fn parse(text: &str, size: BoardSize) -> Result<Move, VertexError> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    let syntax = || VertexError::Syntax(crate::excerpt(text));
    let mut chars = t.chars();
    let letter = chars.next().ok_or_else(syntax)?.to_ascii_uppercase();
    let x = LETTERS
        .iter()
        .position(|&l| l as char == letter)
        .ok_or_else(syntax)?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(syntax());
    }
    let row: usize = digits.parse().map_err(|_| syntax())?;
    if row == 0 || row > size.height() || x >= size.width() {
        return Err(VertexError::OffBoard {
            text: crate::excerpt(text),
            size,
        });
    }
    Ok(Move::Play(Point::new(x, size.height() - row)))
}

/// Formats a move as a GTP vertex on a board of `height` rows: `D4` or `pass`.
///
/// ```
/// use tesuji::{vertex, BoardSize, Move, Point};
/// let size = BoardSize::square(19).unwrap();
/// assert_eq!(vertex::format(Move::Play(Point::new(3, 15)), size).to_string(), "D4");
/// ```
pub fn format(mv: Move, size: BoardSize) -> Vertex {
    Vertex { mv, size }
}

/// A move displayed as a GTP vertex (see [`format()`]).
#[derive(Debug, Clone, Copy)]
pub struct Vertex {
    mv: Move,
    size: BoardSize,
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mv {
            Move::Pass => f.write_str("pass"),
            Move::Play(p) => write!(
                f,
                "{}{}",
                LETTERS[p.x()] as char,
                self.size.height() as i64 - p.y() as i64
            ),
        }
    }
}

/// The column letter of column `x` (A-Z without I).
pub fn column_letter(x: usize) -> char {
    LETTERS[x] as char
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_all_sizes() {
        for n in 1..=25 {
            let size = BoardSize::square(n).unwrap();
            for p in size.points() {
                let text = format(Move::Play(p), size).to_string();
                assert_eq!(parse(&text, size).unwrap(), Move::Play(p), "{text}");
                assert_eq!(parse(&text.to_lowercase(), size).unwrap(), Move::Play(p));
            }
        }
        let r = BoardSize::new(9, 16).unwrap();
        assert_eq!(parse("J16", r).unwrap(), Move::Play(Point::new(8, 0)));
        for bad in ["", "A", "4", "A0", "Z99", "AA1", "A-1", "A1x", "I3"] {
            assert!(parse(bad, r).is_err(), "{bad}");
        }
    }
}
