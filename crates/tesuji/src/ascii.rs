//! Board diagrams in text.
//!
//! Two styles are read:
//!
//! * **Plain**: one line per row, `X` (or `x`) black, `O` (or `o`) white, `.`, `+`, `,` or
//!   `-` empty, spaces between points optional. Column letters above or below (`A B C`,
//!   GTP style without `I`) and row numbers at either end of a row are allowed and ignored.
//!   An optional line such as `Black to move`, `White to play` or `O to move` names the side
//!   to move (Black otherwise); two such lines that disagree are an error.
//! * **Kata**: a first line that is just `x` or `o` naming the side to move, then rows of
//!   `x`, `o` and `-`, as in the "legal move" coding kata.
//!
//! ```
//! use tesuji::{ascii, Color, Point};
//! let pos = ascii::parse_diagram("
//!     o
//!     -x---
//!     x----
//!     -----
//! ").unwrap();
//! assert_eq!(pos.to_play(), Color::White);
//! assert_eq!(pos.board().get(Point::new(1, 0)), Some(Color::Black));
//! assert_eq!(pos.size().width(), 5);
//! ```
//!
//! A line ends at `\n`, `\r\n` or a lone `\r`. Errors give the line and column (both from
//! 1) of the first problem.

use crate::color::Color;
use crate::point::{BoardSize, BoardSizeError, Point};
use crate::position::{Position, Setup, SetupError};
use crate::vertex::column_letter;
use std::fmt;

/// What went wrong in a diagram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiagramErrorKind {
    /// A character that is not a stone, an empty point, or a label.
    UnexpectedChar(char),
    /// A row with a different number of points than the first.
    RaggedRow {
        /// Points in this row.
        found: usize,
        /// Points in the first row.
        expected: usize,
    },
    /// No rows at all.
    NoRows,
    /// The dimensions are not a supported board size.
    Size(BoardSizeError),
    /// The stones do not form a valid position.
    Setup(SetupError),
    /// A second line naming the side to move that contradicts the first.
    SideTwice {
        /// The side named first.
        first: Color,
        /// Its line, from 1.
        first_line: usize,
    },
}

/// An error in a diagram, with its place (line and column from 1; 0 when it concerns the
/// whole diagram).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct DiagramError {
    /// Line, from 1.
    pub line: usize,
    /// Column (character), from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: DiagramErrorKind,
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}, column {}: ", self.line, self.column)?;
        }
        match &self.kind {
            DiagramErrorKind::UnexpectedChar(c) => write!(
                f,
                "unexpected character {c:?} (expected X, O, . or a coordinate label)"
            ),
            DiagramErrorKind::RaggedRow { found, expected } => {
                write!(f, "row has {found} points but the first row has {expected}")
            }
            DiagramErrorKind::NoRows => f.write_str("the diagram has no board rows"),
            DiagramErrorKind::Size(e) => write!(f, "{e}"),
            DiagramErrorKind::Setup(e) => write!(f, "{e}"),
            DiagramErrorKind::SideTwice { first, first_line } => write!(
                f,
                "the side to move is named again, and differently: line {first_line} says {first}"
            ),
        }
    }
}

fn side_line(t: &str) -> Option<Color> {
    let lower = t.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let color = |w: &str| match w.trim_end_matches(':') {
        "black" | "x" | "b" => Some(Color::Black),
        "white" | "o" | "w" => Some(Color::White),
        _ => None,
    };
    match words.as_slice() {
        [c, "to", "move" | "play"] => color(c),
        ["to", "move:" | "play:", c] => color(c),
        _ => None,
    }
}

fn is_header(t: &str) -> bool {
    let letters: String = t.chars().filter(|c| !c.is_whitespace()).collect();
    !letters.is_empty()
        && letters.starts_with(['A', 'a'])
        && letters
            .chars()
            .enumerate()
            .all(|(i, c)| i < 25 && c.eq_ignore_ascii_case(&column_letter(i)))
}

/// The lines of a diagram: a line ends at `\n`, `\r\n` or a lone `\r` (old Mac files).
fn diagram_lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n')
        .flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r'))
}

/// Reads a diagram into an unvalidated [`Setup`] (syntax only).
pub fn parse_setup(text: &str) -> Result<Setup, DiagramError> {
    parse_rows(text).map(|(setup, _)| setup)
}

/// Where each board row is in the text: its line and the column of each point (from 1).
type Places = Vec<(usize, Vec<usize>)>;

/// [`parse_setup`], with the place of every point (for the errors found later).
fn parse_rows(text: &str) -> Result<(Setup, Places), DiagramError> {
    let mut side: Option<(Color, usize)> = None;
    let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
    let mut places: Places = Vec::new();
    let mut first_content = true;
    for (li, raw) in diagram_lines(text).enumerate() {
        let line_no = li + 1;
        let t = raw.trim();
        if t.is_empty() {
            continue;
        }
        let was_first = first_content;
        first_content = false;
        let named = if was_first && matches!(t, "x" | "o" | "X" | "O" | "B" | "W" | "b" | "w") {
            Some(if matches!(t, "x" | "X" | "B" | "b") {
                Color::Black
            } else {
                Color::White
            })
        } else {
            side_line(t)
        };
        if let Some(c) = named {
            match side {
                Some((first, first_line)) if first != c => {
                    return Err(DiagramError {
                        line: line_no,
                        column: raw.chars().take_while(|c| c.is_whitespace()).count() + 1,
                        kind: DiagramErrorKind::SideTwice { first, first_line },
                    })
                }
                Some(_) => {}
                None => side = Some((c, line_no)),
            }
            continue;
        }
        if is_header(t) {
            continue;
        }
        // A board row, possibly with row numbers at either end.
        let mut points = Vec::new();
        let mut columns = Vec::new();
        let chars: Vec<(usize, char)> = raw.chars().enumerate().collect();
        let mut k = 0;
        // leading whitespace and number
        while k < chars.len() && chars[k].1.is_whitespace() {
            k += 1;
        }
        while k < chars.len() && chars[k].1.is_ascii_digit() {
            k += 1;
        }
        let mut end = chars.len();
        while end > k && chars[end - 1].1.is_whitespace() {
            end -= 1;
        }
        let mut trailing_digits = end;
        while trailing_digits > k && chars[trailing_digits - 1].1.is_ascii_digit() {
            trailing_digits -= 1;
        }
        if trailing_digits < end
            && (trailing_digits == k || chars[trailing_digits - 1].1.is_whitespace())
        {
            end = trailing_digits;
        }
        for &(col, c) in &chars[k..end] {
            let v = match c {
                'X' | 'x' | '#' | '@' => Some(Color::Black),
                'O' | 'o' => Some(Color::White),
                '.' | '+' | ',' | '-' => None,
                c if c.is_whitespace() => continue,
                c => {
                    return Err(DiagramError {
                        line: line_no,
                        column: col + 1,
                        kind: DiagramErrorKind::UnexpectedChar(c),
                    })
                }
            };
            points.push(v);
            columns.push(col + 1);
        }
        if let Some(first) = rows.first() {
            if first.len() != points.len() {
                return Err(DiagramError {
                    line: line_no,
                    column: 1,
                    kind: DiagramErrorKind::RaggedRow {
                        found: points.len(),
                        expected: first.len(),
                    },
                });
            }
        }
        rows.push(points);
        places.push((line_no, columns));
    }
    let width = rows.first().map_or(0, Vec::len);
    if rows.is_empty() || width == 0 {
        return Err(DiagramError {
            line: 0,
            column: 0,
            kind: DiagramErrorKind::NoRows,
        });
    }
    let size = BoardSize::new(width as u64, rows.len() as u64).map_err(|e| DiagramError {
        line: 0,
        column: 0,
        kind: DiagramErrorKind::Size(e),
    })?;
    let mut setup = Setup::empty(size);
    setup.to_play = side.map_or(Color::Black, |(c, _)| c);
    for (y, row) in rows.iter().enumerate() {
        for (x, v) in row.iter().enumerate() {
            if let Some(c) = v {
                setup.stones.push((Point::new(x, y), *c));
            }
        }
    }
    Ok((setup, places))
}

/// Reads a diagram into a validated [`Position`].
pub fn parse_diagram(text: &str) -> Result<Position, DiagramError> {
    let (setup, places) = parse_rows(text)?;
    Position::from_setup(&setup).map_err(|e| {
        let (line, column) = match &e {
            SetupError::NoLiberties { x, y, .. } => places
                .get(*y)
                .and_then(|(line, cols)| Some((*line, *cols.get(*x)?)))
                .unwrap_or((0, 0)),
            _ => (0, 0),
        };
        DiagramError {
            line,
            column,
            kind: DiagramErrorKind::Setup(e),
        }
    })
}

/// Writes the board of `position` as a plain diagram, points separated by spaces, followed
/// by a `Black to move` / `White to move` line. With `labels`, GTP column letters and row
/// numbers are added. [`parse_diagram`] reads the result back.
pub fn write_diagram(position: &Position, labels: bool) -> String {
    let size = position.size();
    let board = position.board();
    let mut out = String::new();
    let header = || {
        let mut h = String::from("   ");
        for x in 0..size.width() {
            h.push(' ');
            h.push(column_letter(x));
        }
        h.push('\n');
        h
    };
    if labels {
        out.push_str(&header());
    }
    for y in 0..size.height() {
        let row_no = size.height() - y;
        if labels {
            out.push_str(&format!("{row_no:>3}"));
        }
        for x in 0..size.width() {
            if labels || x > 0 {
                out.push(' ');
            }
            out.push(match board.get(Point::new(x, y)) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            });
        }
        if labels {
            out.push_str(&format!(" {row_no}"));
        }
        out.push('\n');
    }
    if labels {
        out.push_str(&header());
    }
    let side = match position.to_play() {
        Color::Black => "Black",
        Color::White => "White",
    };
    out.push_str(&format!("{side} to move\n"));
    out
}

/// Writes `position` in the kata format: a line `x` or `o` for the side to move, then rows
/// of `x`, `o` and `-`.
pub fn write_kata(position: &Position) -> String {
    let size = position.size();
    let mut out = String::new();
    out.push(match position.to_play() {
        Color::Black => 'x',
        Color::White => 'o',
    });
    out.push('\n');
    for y in 0..size.height() {
        for x in 0..size.width() {
            out.push(match position.board().get(Point::new(x, y)) {
                Some(Color::Black) => 'x',
                Some(Color::White) => 'o',
                None => '-',
            });
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let pos = parse_diagram(
            "
            . X O .
            X O . .
            . . . .
            White to move
            ",
        )
        .unwrap();
        assert_eq!(pos.to_play(), Color::White);
        for labels in [false, true] {
            let text = write_diagram(&pos, labels);
            let back = parse_diagram(&text).unwrap();
            assert_eq!(back, pos, "{text}");
        }
        let kata = write_kata(&pos);
        assert_eq!(parse_diagram(&kata).unwrap(), pos);
    }

    #[test]
    fn errors_have_places() {
        let e = parse_diagram("X . .\n. Z .\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        let e = parse_diagram("X . .\n. .\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(matches!(e.kind, DiagramErrorKind::RaggedRow { .. }));
        let e = parse_diagram("XO\nOX\n").unwrap_err();
        assert!(matches!(e.kind, DiagramErrorKind::Setup(_)), "{e}");
        assert_eq!((e.line, e.column), (1, 1));
        assert!(parse_diagram("\n\n").is_err());
        let wide = ".".repeat(26);
        assert!(matches!(
            parse_diagram(&wide).unwrap_err().kind,
            DiagramErrorKind::Size(_)
        ));
        // The stone without liberties is placed where it is in the text, whatever the
        // one-character lines before it (a side line, or a row of a one-wide board).
        let e = parse_diagram(".\nX\nO\nX\n.\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 1), "{e}");
        let e = parse_diagram("x\no\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1), "{e}");
        let e = parse_diagram("\n\no\nXO\nOX\n").unwrap_err();
        assert_eq!((e.line, e.column), (4, 1), "{e}");
        let e = parse_diagram("#").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1), "{e}");
        let e = parse_diagram(" 2 . X\n 1 X O").unwrap_err();
        assert_eq!((e.line, e.column), (2, 6), "{e}");
    }

    #[test]
    fn lines_end_at_cr_too() {
        for text in [
            "x\r...\r.o.\r...\r",
            "x\r\n...\r\n.o.\r\n...\r\n",
            "x\n...\n.o.\n...\n",
        ] {
            let p = parse_diagram(text).unwrap();
            assert_eq!((p.size().width(), p.size().height()), (3, 3), "{text:?}");
            assert_eq!(p.board().get(Point::new(1, 1)), Some(Color::White));
        }
        let e = parse_diagram("X O\r\nO Z\r\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3), "{e}");
    }

    #[test]
    fn contradicting_side_lines_are_refused() {
        let e = parse_diagram("White to move\nBlack to move\n. . .\n. X .\n. . .").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1), "{e}");
        assert!(e.to_string().contains("line 1 says white"), "{e}");
        let e = parse_diagram("o\n. X .\n  Black to play").unwrap_err();
        assert_eq!((e.line, e.column), (3, 3), "{e}");
        // The same side twice is no contradiction.
        let p = parse_diagram("o\nWhite to move\n. X .").unwrap();
        assert_eq!(p.to_play(), Color::White);
    }
}
