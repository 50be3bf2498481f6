//! Text and object forms of colours, points and moves on the JavaScript side.
//!
//! Input: a colour is `"B"`/`"W"` (or `"black"`/`"white"`, any case); a move is a GTP vertex
//! (`"D4"`), an SGF point (`"dd"`), or `"pass"` (also `""`). Output: a point is `{x, y}`
//! (0-based, x from the left, y from the top, as in SGF) and a move is a [`JsMove`].

use serde::Serialize;
use tesuji::tsumego::TsumegoMove;
use tesuji::{sgf, vertex, BoardSize, Color, Move, Point};

use crate::error::{Error, Result};

/// Reads a colour.
pub fn parse_color(text: &str) -> Result<Color> {
    match text.trim().to_ascii_lowercase().as_str() {
        "b" | "black" | "x" => Ok(Color::Black),
        "w" | "white" | "o" => Ok(Color::White),
        _ => Err(Error::argument(format!(
            "not a colour: {:?} (expected \"B\" or \"W\")",
            tesuji::excerpt(text)
        ))),
    }
}

/// `"B"` or `"W"`.
pub fn color_text(c: Color) -> String {
    c.letter().to_string()
}

/// Reads a move: a GTP vertex, an SGF point or `pass`.
pub fn parse_move(text: &str, size: BoardSize) -> Result<Move> {
    let t = text.trim();
    if t.is_empty() || t.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    let b = t.as_bytes();
    if b.len() == 2 && b.iter().all(|c| c.is_ascii_lowercase()) {
        return sgf::parse_move(t, size)
            .map_err(|e| Error::argument(format!("not a point of the {size} board: {t:?}: {e}")));
    }
    vertex::parse(t, size).map_err(|e| Error::argument(e.to_string()))
}

/// Reads a point (a move that is not a pass).
pub fn parse_point(text: &str, size: BoardSize) -> Result<Point> {
    match parse_move(text, size)? {
        Move::Play(p) => Ok(p),
        Move::Pass => Err(Error::argument(format!(
            "{:?} is not a point",
            tesuji::excerpt(text)
        ))),
    }
}

/// The point at `x`, `y` if it is on the board.
pub fn point_at(x: u32, y: u32, size: BoardSize) -> Result<Point> {
    let (x, y) = (x as usize, y as usize);
    if x < size.width() && y < size.height() {
        Ok(Point::new(x, y))
    } else {
        Err(Error::argument(format!(
            "point {x},{y} is off the {} board (x 0 to {}, y 0 to {})",
            size.dimensions(),
            size.width() - 1,
            size.height() - 1
        )))
    }
}

/// A point as a JavaScript object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct JsPoint {
    /// Column from the left, from 0.
    pub x: usize,
    /// Row from the top, from 0.
    pub y: usize,
}

impl From<Point> for JsPoint {
    fn from(p: Point) -> JsPoint {
        JsPoint { x: p.x(), y: p.y() }
    }
}

/// Points as objects.
pub fn points(ps: impl IntoIterator<Item = Point>) -> Vec<JsPoint> {
    ps.into_iter().map(JsPoint::from).collect()
}

/// A move as a JavaScript object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct JsMove {
    /// `"play"`, `"pass"` or `"threat"` (an external ko threat and its answer).
    pub kind: &'static str,
    /// Column, for a play.
    pub x: Option<usize>,
    /// Row, for a play.
    pub y: Option<usize>,
    /// The GTP vertex (`"D4"`), or `"pass"`, or `"threat"`.
    pub vertex: String,
    /// The SGF point (`"dd"`), empty for a pass or a threat.
    pub sgf: String,
}

impl JsMove {
    /// A board move.
    pub fn of(mv: Move, size: BoardSize) -> JsMove {
        match mv {
            Move::Play(p) => JsMove {
                kind: "play",
                x: Some(p.x()),
                y: Some(p.y()),
                vertex: vertex::format(mv, size).to_string(),
                sgf: sgf::point_to_text(p),
            },
            Move::Pass => JsMove {
                kind: "pass",
                x: None,
                y: None,
                vertex: "pass".to_string(),
                sgf: String::new(),
            },
        }
    }

    /// A move of the search.
    pub fn of_search(mv: TsumegoMove, size: BoardSize) -> JsMove {
        match mv {
            TsumegoMove::Threat => JsMove {
                kind: "threat",
                x: None,
                y: None,
                vertex: "threat".to_string(),
                sgf: String::new(),
            },
            other => JsMove::of(other.to_move(), size),
        }
    }
}
