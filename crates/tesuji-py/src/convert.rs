//! Reading Python arguments (sizes, rules, komi, moves, colours) and writing moves back as
//! text, with messages that say what was given and what is expected.

use crate::errors::{Error, Result};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple};
use tesuji::{vertex, BoardSize, Color, Komi, Move, Point, Ruleset};

/// A board size from `19`, `(width, height)` or `"9x13"`.
pub fn board_size(arg: &Bound<'_, PyAny>) -> Result<BoardSize> {
    if arg.is_instance_of::<PyBool>() {
        return Err(Error::input(format!(
            "size {arg}: give an int (19), a (width, height) pair or text such as \"9x13\""
        )));
    }
    if let Ok(n) = arg.extract::<i64>() {
        return sides(n, n, &n.to_string());
    }
    if let Ok(text) = arg.cast::<PyString>() {
        let text = text
            .to_cow()
            .map_err(|e| Error::input(format!("size: {e}")))?;
        return text
            .parse::<BoardSize>()
            .map_err(|e| Error::input(format!("size {text:?}: {e}")));
    }
    if let Ok((w, h)) = arg.extract::<(i64, i64)>() {
        return sides(w, h, &format!("({w}, {h})"));
    }
    Err(Error::input(format!(
        "size {}: give an int (19), a (width, height) pair or text such as \"9x13\"",
        repr(arg)
    )))
}

fn sides(width: i64, height: i64, shown: &str) -> Result<BoardSize> {
    let bad = || {
        Error::input(format!(
            "size {shown}: each side of the board must be 1 to 25"
        ))
    };
    if width < 0 || height < 0 {
        return Err(bad());
    }
    BoardSize::new(width as u64, height as u64).map_err(|_| bad())
}

/// A ruleset from its preset name.
pub fn ruleset(name: &str) -> Result<Ruleset> {
    name.parse::<Ruleset>()
        .map_err(|e| Error::input(format!("rules: {e}")))
}

/// Komi from a number (`6.5`, `7`) or text (`"6.5"`): a multiple of one half.
pub fn komi(arg: &Bound<'_, PyAny>) -> Result<Komi> {
    if arg.is_instance_of::<PyBool>() {
        return Err(Error::input(format!(
            "komi {arg}: give a number such as 6.5 or 7"
        )));
    }
    if let Ok(text) = arg.cast::<PyString>() {
        let text = text
            .to_cow()
            .map_err(|e| Error::input(format!("komi: {e}")))?;
        return text
            .parse::<Komi>()
            .map_err(|e| Error::input(format!("komi: {e}")));
    }
    if let Ok(x) = arg.extract::<f64>() {
        let half = x * 2.0;
        if x.is_finite() && half == half.round() && half.abs() <= 1_999_999.0 {
            return Ok(Komi::from_half_points(half as i32));
        }
        let why = if x.is_finite() && half == half.round() {
            "at most 999999.5 either way"
        } else {
            "not a multiple of 0.5 such as 6.5 or 7"
        };
        return Err(Error::input(format!("komi {x}: {why}")));
    }
    Err(Error::input(format!(
        "komi {}: give a number such as 6.5 or 7",
        repr(arg)
    )))
}

/// A colour from `"black"`, `"white"`, `"b"`, `"w"` (any case).
pub fn color(what: &str, text: &str) -> Result<Color> {
    text.parse::<Color>()
        .map_err(|e| Error::input(format!("{what}: {e}")))
}

/// A move on a board of `size`: a GTP vertex (`"D4"`, `"pass"`), a `(row, col)` pair in
/// the orientation of `Game.board()` (row 0 at the top), or a flat index
/// `row * width + col` (`width * height` is a pass).
pub fn move_arg(arg: &Bound<'_, PyAny>, size: BoardSize) -> Result<Move> {
    if let Ok(text) = arg.cast::<PyString>() {
        let text = text
            .to_cow()
            .map_err(|e| Error::input(format!("move: {e}")))?;
        return vertex::parse(&text, size).map_err(Error::input);
    }
    let (w, h) = (size.width() as i64, size.height() as i64);
    if arg.is_instance_of::<PyInt>() && !arg.is_instance_of::<PyBool>() {
        let Ok(i) = arg.extract::<i64>() else {
            return Err(Error::input(format!(
                "move {arg}: an index must be 0 to {} on the {size} board",
                w * h
            )));
        };
        if i == w * h {
            return Ok(Move::Pass);
        }
        if !(0..w * h).contains(&i) {
            return Err(Error::input(format!(
                "move {i}: an index must be 0 to {} ({} is pass) on the {size} board",
                w * h,
                w * h
            )));
        }
        return Ok(Move::Play(Point::new((i % w) as usize, (i / w) as usize)));
    }
    if arg.is_instance_of::<PyTuple>() {
        if let Ok((row, col)) = arg.extract::<(i64, i64)>() {
            return match size.point(col, row) {
                Some(p) => Ok(Move::Play(p)),
                None => Err(Error::input(format!(
                    "move ({row}, {col}): (row, col) is off the {} board (rows 0 to {}, columns 0 to {})",
                    size.dimensions(),
                    h - 1,
                    w - 1
                ))),
            };
        }
    }
    Err(Error::input(format!(
        "move {}: give a GTP vertex such as \"D4\" or \"pass\", a (row, col) pair or a flat index",
        repr(arg)
    )))
}

/// A point (not a pass) given as a vertex, a pair or an index.
pub fn point_arg(arg: &Bound<'_, PyAny>, size: BoardSize) -> Result<Point> {
    match move_arg(arg, size)? {
        Move::Play(p) => Ok(p),
        Move::Pass => Err(Error::input(format!(
            "{}: a point is needed here, not a pass",
            repr(arg)
        ))),
    }
}

/// A move as a GTP vertex (`"D4"`, `"pass"`).
pub fn vertex_text(mv: Move, size: BoardSize) -> String {
    vertex::format(mv, size).to_string()
}

/// `"B"` or `"W"`.
pub fn color_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

fn repr(arg: &Bound<'_, PyAny>) -> String {
    arg.repr()
        .map(|r| tesuji::excerpt(&r.to_string()))
        .unwrap_or_else(|_| "?".to_string())
}

/// An integer argument `name` within `min..=max`; `hint` says what is expected.
pub fn int_arg(
    name: &str,
    value: &Bound<'_, PyAny>,
    min: i64,
    max: i64,
    hint: &str,
) -> Result<i64> {
    let bad = || Error::input(format!("{name}={}: {hint}", repr(value)));
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        return Err(bad());
    }
    match value.extract::<i64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(bad()),
    }
}

/// An optional integer argument (see [`int_arg`]); `None` stays `None`.
pub fn opt_int_arg(
    name: &str,
    value: Option<&Bound<'_, PyAny>>,
    min: i64,
    max: i64,
    hint: &str,
) -> Result<Option<i64>> {
    match value {
        Some(v) if !v.is_none() => int_arg(name, v, min, max, hint).map(Some),
        _ => Ok(None),
    }
}

/// An optional number of seconds, positive and finite.
pub fn seconds_arg(
    name: &str,
    value: Option<&Bound<'_, PyAny>>,
) -> Result<Option<std::time::Duration>> {
    let Some(v) = value.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    let bad = || {
        Error::input(format!(
            "{name}={}: give a positive number of seconds, at most {:e} (or None for no limit)",
            repr(v),
            tesuji::tsumego::MAX_TIME_SECONDS
        ))
    };
    if v.is_instance_of::<PyBool>() {
        return Err(bad());
    }
    match v.extract::<f64>() {
        Ok(t) if t > 0.0 => tesuji::tsumego::time_budget(t).map(Some).ok_or_else(bad),
        _ => Err(bad()),
    }
}
