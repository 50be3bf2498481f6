//! `tesuji.ladder` and `tesuji.benson`: tactical reading on a game's position.

use crate::convert::{self, color_letter, vertex_text};
use crate::errors::{guard, Error};
use crate::game::Game;
use numpy::ndarray::Array2;
use numpy::PyArray2;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tesuji::{benson, ladder, BoardSize, Color, Move, Point};

/// The ladder status of one chain, read with each side moving first (`tesuji.ladder`).
#[pyclass(module = "tesuji", name = "Ladder", frozen, get_all)]
pub struct Ladder {
    /// The chain's colour (the defender): `"B"` or `"W"`.
    color: &'static str,
    /// The chain's liberties.
    liberties: usize,
    /// `"captured"` (whoever moves first), `"unsettled"` (captured only if the attacker
    /// moves first), `"escaped"`, or `"unknown"` (past the node budget).
    status: &'static str,
    /// For `"unsettled"`: the attacker's first move of the working ladder.
    capture: Option<String>,
    /// For `"unsettled"`: the defender's saving move.
    escape: Option<String>,
    /// The reading with the attacker first: `"captured"`, `"escaped"` or `"unknown"`.
    attacker_first: &'static str,
    /// Its moves (the capture, or the attacker's tries and the escape).
    sequence: Vec<String>,
    /// The reading with the defender first.
    defender_first: &'static str,
    /// Its moves.
    defender_sequence: Vec<String>,
    /// Positions searched by both readings.
    nodes: u32,
}

#[pymethods]
impl Ladder {
    fn __repr__(&self) -> String {
        format!(
            "<tesuji.Ladder {} chain, {} liberties: {}{}>",
            self.color,
            self.liberties,
            self.status,
            match (&self.capture, &self.escape) {
                (Some(c), Some(e)) => format!(" (capture {c}, escape {e})"),
                _ => String::new(),
            }
        )
    }
}

fn moves(seq: &[Move], size: BoardSize) -> Vec<String> {
    seq.iter().map(|&m| vertex_text(m, size)).collect()
}

/// Reads the ladder of the chain through `point` in `game`'s position.
pub fn ladder(game: &Game, point: &Bound<'_, PyAny>, budget: u32) -> PyResult<Ladder> {
    let pos = game.game.position();
    let size = pos.size();
    let p = convert::point_arg(point, size)?;
    if pos.board().get(p).is_none() {
        return Err(Error::input(format!(
            "ladder: {} is empty; give a stone of the chain to read",
            vertex_text(Move::Play(p), size)
        ))
        .into());
    }
    let a =
        guard(|| ladder::status(pos, p, budget).map_err(|e| Error::input(format!("ladder: {e}"))))?;
    let (capture, escape) = match a.status {
        ladder::Status::Unsettled { capture, escape } => (
            Some(vertex_text(capture, size)),
            Some(vertex_text(escape, size)),
        ),
        _ => (None, None),
    };
    Ok(Ladder {
        color: color_letter(a.color),
        liberties: a.liberties,
        status: a.status.name(),
        capture,
        escape,
        attacker_first: a.attacker_first.outcome.name(),
        sequence: moves(&a.attacker_first.sequence, size),
        defender_first: a.defender_first.outcome.name(),
        defender_sequence: moves(&a.defender_first.sequence, size),
        nodes: a.attacker_first.nodes + a.defender_first.nodes,
    })
}

/// Benson's unconditional life for both colours (`tesuji.benson`).
#[pyclass(module = "tesuji", name = "Benson", frozen)]
pub struct Benson {
    size: BoardSize,
    result: benson::BensonResult,
}

fn vertices(points: &[Point], size: BoardSize) -> Vec<String> {
    points
        .iter()
        .map(|&p| vertex_text(Move::Play(p), size))
        .collect()
}

fn by_color<'py>(
    py: Python<'py>,
    f: impl Fn(Color) -> Vec<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for c in Color::ALL {
        d.set_item(color_letter(c), f(c))?;
    }
    Ok(d)
}

#[pymethods]
impl Benson {
    /// The stones of the unconditionally alive chains: `{"B": [...], "W": [...]}`.
    #[getter]
    fn alive<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        by_color(py, |c| vertices(&self.result.alive_stones[c], self.size))
    }

    /// The safe territory of each colour (empty points and dead opponent stones).
    #[getter]
    fn territory<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        by_color(py, |c| vertices(&self.result.territory[c], self.size))
    }

    /// Safe points of both colours (stones and territory): the count Fuego's
    /// `go_safe benson` prints.
    #[getter]
    fn safe_count(&self) -> usize {
        self.result.safe_count()
    }

    /// An int8 array of shape `(height, width)`: 1 where the point is safe for Black
    /// (alive stone or territory), -1 for White, 0 elsewhere.
    fn to_array<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i8>> {
        let (w, h) = (self.size.width(), self.size.height());
        let mut v = vec![0i8; w * h];
        for (c, value) in [(Color::Black, 1i8), (Color::White, -1i8)] {
            for p in self.result.safe_points(c) {
                v[p.y() * w + p.x()] = value;
            }
        }
        let array = Array2::from_shape_vec((h, w), v).expect("the shape matches the values");
        PyArray2::from_owned_array(py, array)
    }

    /// What Benson says about `point`: `"alive"` or `"territory"` with the colour
    /// (`("alive", "B")`), or `None` when it proves nothing there.
    fn status(&self, point: &Bound<'_, PyAny>) -> PyResult<Option<(&'static str, &'static str)>> {
        let p = convert::point_arg(point, self.size)?;
        Ok(match self.result.status(p) {
            benson::Safety::Alive(c) => Some(("alive", color_letter(c))),
            benson::Safety::Territory(c) => Some(("territory", color_letter(c))),
            benson::Safety::Unsettled => None,
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<tesuji.Benson: {} safe points (Black {}, White {})>",
            self.result.safe_count(),
            self.result.safe_count_for(Color::Black),
            self.result.safe_count_for(Color::White)
        )
    }
}

/// Runs Benson's algorithm on `game`'s board under its suicide rule.
pub fn benson(game: &Game) -> PyResult<Benson> {
    let pos = game.game.position();
    let result = guard(|| Ok(benson::unconditional_life(pos.board(), pos.suicide_rule())))?;
    Ok(Benson {
        size: pos.size(),
        result,
    })
}
