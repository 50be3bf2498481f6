//! `tesuji.Game`: a game under a ruleset, with numpy views of the board and the legal moves.

use crate::convert::{self, color_letter, vertex_text};
use crate::errors::{guard, Error, Kind, Result};
use numpy::ndarray::Array2;
use numpy::PyArray2;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use tesuji::{ascii, sgf, Color, IllegalReason, Move, Point, Ruleset, Scoring};

/// A game of Go: the position, the ruleset, the moves and the history that superko needs.
#[pyclass(module = "tesuji", name = "Game")]
#[derive(Clone)]
pub struct Game {
    pub(crate) game: tesuji::Game,
}

impl Game {
    /// Wraps a library game.
    pub fn wrap(game: tesuji::Game) -> Game {
        Game { game }
    }

    fn size(&self) -> tesuji::BoardSize {
        self.game.position().size()
    }

    /// The legal board moves of the side to move, in no particular order: the same points
    /// as `tesuji::Game::legal_points`, with one check per empty point.
    pub fn legal_points(&mut self) -> Vec<Point> {
        if self.game.is_over() {
            return Vec::new();
        }
        let me = self.game.to_play();
        let board = self.game.position().board();
        let empty: Vec<Point> = (0..board.empty_count())
            .map(|i| board.empty_point(i))
            .collect();
        empty
            .into_iter()
            .filter(|&p| self.game.check_as(me, Move::Play(p)).is_ok())
            .collect()
    }

    fn illegal(&self, mv: Move, reason: IllegalReason) -> Error {
        self.illegal_for(self.game.to_play(), mv, reason)
    }

    fn illegal_for(&self, color: Color, mv: Move, reason: IllegalReason) -> Error {
        let vertex = vertex_text(mv, self.size());
        Error {
            kind: Kind::Illegal {
                vertex: vertex.clone(),
                color: color.letter(),
                reason: reason.description(),
            },
            message: format!("{} {vertex} is illegal: {reason}", color_name(color)),
        }
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

fn plane<'py, T: numpy::Element + Copy>(
    py: Python<'py>,
    size: tesuji::BoardSize,
    fill: T,
    cells: impl Iterator<Item = (Point, T)>,
) -> Bound<'py, PyArray2<T>> {
    let (w, h) = (size.width(), size.height());
    let mut values = vec![fill; w * h];
    for (p, v) in cells {
        values[p.y() * w + p.x()] = v;
    }
    let array = Array2::from_shape_vec((h, w), values).expect("the shape matches the values");
    PyArray2::from_owned_array(py, array)
}

#[pymethods]
impl Game {
    /// A new game on an empty board.
    ///
    /// `size` is an int (19), a `(width, height)` pair or text (`"9x13"`); each side 1 to
    /// 25. `rules` names a preset: `chinese` (default), `japanese`, `aga`, `new-zealand`,
    /// `tromp-taylor`, `ing`. `komi` (a multiple of 0.5) replaces the preset's.
    #[new]
    #[pyo3(
        signature = (size = None, rules = "chinese", komi = None),
        text_signature = "(size=19, rules='chinese', komi=None)"
    )]
    fn new(
        size: Option<&Bound<'_, PyAny>>,
        rules: &str,
        komi: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let size = match size {
            Some(s) => convert::board_size(s)?,
            None => tesuji::BoardSize::STANDARD,
        };
        let mut ruleset = convert::ruleset(rules)?;
        if let Some(k) = komi {
            ruleset = ruleset.with_komi(convert::komi(k)?);
        }
        Ok(Game::wrap(tesuji::Game::new(size, ruleset)))
    }

    /// A game from SGF text: the first game of the collection, its setup and its main line
    /// replayed (stopping before move `move`, counted from 1, when given).
    ///
    /// The ruleset is `rules` when given, else the file's `RU`, else Chinese; the file's
    /// `KM` sets the komi. Raises `SgfError` (with `line` and `column`) for text that is not
    /// SGF, a bad property value or an illegal move on the main line.
    #[staticmethod]
    #[pyo3(signature = (text, rules = None, r#move = None))]
    fn from_sgf(text: &str, rules: Option<&str>, r#move: Option<i64>) -> PyResult<Game> {
        let rules = rules.map(convert::ruleset).transpose()?;
        let before = match r#move {
            Some(n) if n < 1 => {
                return Err(Error::input(format!(
                "move {n}: moves are counted from 1 (move=1 is the position before the first move)"
            ))
                .into())
            }
            Some(n) => Some(n as usize),
            None => None,
        };
        Ok(guard(|| game_from_sgf(text, rules, before))?)
    }

    /// A position from a text diagram (`X` black, `O` white, `.` empty, optional labels and
    /// a `White to move` line), as a new game under `rules`.
    #[staticmethod]
    #[pyo3(signature = (text, rules = "chinese", komi = None))]
    fn from_diagram(text: &str, rules: &str, komi: Option<&Bound<'_, PyAny>>) -> PyResult<Game> {
        let mut ruleset = convert::ruleset(rules)?;
        if let Some(k) = komi {
            ruleset = ruleset.with_komi(convert::komi(k)?);
        }
        let pos = guard(|| {
            ascii::parse_diagram(text).map_err(|e| Error::input(format!("diagram: {e}")))
        })?;
        Ok(Game::wrap(tesuji::Game::from_position(pos, ruleset)))
    }

    /// Plays `move` for the side to move and returns the number of stones it captured.
    ///
    /// `move` is a GTP vertex (`"D4"`, `"pass"`), a `(row, col)` pair (row 0 at the top, as
    /// in `board()`) or a flat index `row * width + col` (`width * height` is a pass).
    /// Raises `IllegalMove` (a `ValueError`) with the reason when the rules forbid it; the
    /// game is then unchanged.
    ///
    /// `color` (`"B"`, `"W"`, `"black"`, `"white"`) plays for that colour whoever is to
    /// move, as GTP's `play` and SGF records allow (every other rule is checked; a game
    /// that had ended with two passes goes on).
    #[pyo3(signature = (r#move, color = None))]
    fn play(&mut self, r#move: &Bound<'_, PyAny>, color: Option<&str>) -> PyResult<usize> {
        let mv = convert::move_arg(r#move, self.size())?;
        let color = color.map(|c| convert::color("color", c)).transpose()?;
        match color {
            Some(c) if c != self.game.to_play() || self.game.is_over() => {
                // `play_any` changes the turn before it checks the move: work on a copy so
                // that an illegal move leaves the game as it was.
                let mut copy = self.game.clone();
                match copy.play_any(c, mv) {
                    Ok(record) => {
                        let n = record.captured_count();
                        self.game = copy;
                        Ok(n)
                    }
                    Err(e) => Err(self.illegal_for(c, mv, e.reason).into()),
                }
            }
            _ => match self.game.play(mv) {
                Ok(record) => Ok(record.captured_count()),
                Err(e) => Err(self.illegal(mv, e.reason).into()),
            },
        }
    }

    /// Takes back the last move and returns it as a GTP vertex; raises `TesujiError` when
    /// no move was played.
    fn undo(&mut self) -> PyResult<String> {
        let size = self.size();
        match self.game.undo() {
            Some((_, mv)) => Ok(vertex_text(mv, size)),
            None => Err(Error::input("undo: no move to take back").into()),
        }
    }

    /// Whether the side to move may play `move` (every rule, superko included). A move that
    /// cannot be read (`"Z99"`) raises `TesujiError`.
    fn is_legal(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = convert::move_arg(r#move, self.size())?;
        Ok(self.game.is_legal(mv))
    }

    /// Why the side to move may not play `move` (`"occupied"`, `"suicide"`, `"ko"`,
    /// `"superko"`, `"game over"`), or `None` when it may.
    fn illegal_reason(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        let mv = convert::move_arg(r#move, self.size())?;
        let color = self.game.to_play();
        Ok(self.game.check_as(color, mv).err().map(|r| r.description()))
    }

    /// The legal board moves of the side to move as GTP vertices, row by row from the top
    /// left (`"pass"`, always legal until the game is over, is not listed).
    fn legal_moves(&mut self) -> Vec<String> {
        let size = self.size();
        let mut points = self.legal_points();
        points.sort_unstable_by_key(|p| (p.y(), p.x()));
        points
            .into_iter()
            .map(|p| vertex_text(Move::Play(p), size))
            .collect()
    }

    /// The legal board moves of the side to move as a numpy bool array of shape
    /// `(height, width)`, row 0 at the top.
    fn legal_mask<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        let size = self.size();
        let legal = self.legal_points();
        plane(py, size, false, legal.into_iter().map(|p| (p, true)))
    }

    /// The board as a numpy int8 array of shape `(height, width)`: 1 black, -1 white, 0
    /// empty; row 0 is the top row (the row of the highest GTP number).
    fn board<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i8>> {
        let size = self.size();
        let board = self.game.position().board();
        plane(
            py,
            size,
            0i8,
            size.points().filter_map(|p| {
                board.get(p).map(|c| {
                    (
                        p,
                        match c {
                            Color::Black => 1i8,
                            Color::White => -1i8,
                        },
                    )
                })
            }),
        )
    }

    /// The colour at `point` (a vertex, a `(row, col)` pair or an index): `"B"`, `"W"`, or
    /// `None` when empty.
    fn color_at(&self, point: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        let p = convert::point_arg(point, self.size())?;
        Ok(self.game.position().board().get(p).map(color_letter))
    }

    /// The liberties of the chain through `point`, as GTP vertices (row by row); raises
    /// `TesujiError` for an empty point.
    fn liberties(&self, point: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let size = self.size();
        let p = convert::point_arg(point, size)?;
        let board = self.game.position().board();
        let chain = board.chain(p).ok_or_else(|| {
            Error::input(format!(
                "{}: no stone there",
                vertex_text(Move::Play(p), size)
            ))
        })?;
        let mut libs = chain.liberties();
        libs.sort_by_key(|q| (q.y(), q.x()));
        Ok(libs
            .into_iter()
            .map(|q| vertex_text(Move::Play(q), size))
            .collect())
    }

    /// The side to move: `"B"` or `"W"`.
    #[getter]
    fn to_move(&self) -> &'static str {
        color_letter(self.game.to_play())
    }

    /// Number of columns.
    #[getter]
    fn width(&self) -> usize {
        self.size().width()
    }

    /// Number of rows.
    #[getter]
    fn height(&self) -> usize {
        self.size().height()
    }

    /// `(height, width)`, the shape of `board()`.
    #[getter]
    fn shape(&self) -> (usize, usize) {
        (self.size().height(), self.size().width())
    }

    /// Komi (points given to White).
    #[getter]
    fn komi(&self) -> f64 {
        f64::from(self.game.ruleset().komi.half_points()) / 2.0
    }

    /// The name of the ruleset's preset (`"chinese"`, ...).
    #[getter]
    fn rules(&self) -> &'static str {
        self.game.ruleset().preset_name().unwrap_or("custom")
    }

    /// Prisoners taken by each colour: `{"B": n, "W": n}`.
    #[getter]
    fn captures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for c in Color::ALL {
            d.set_item(color_letter(c), self.game.position().captures(c))?;
        }
        Ok(d)
    }

    /// The moves played: a list of `(colour, vertex)` pairs such as `("B", "D4")`.
    #[getter]
    fn moves(&self) -> Vec<(&'static str, String)> {
        let size = self.size();
        self.game
            .moves()
            .map(|(c, m)| (color_letter(c), vertex_text(m, size)))
            .collect()
    }

    /// Number of moves played (passes count).
    #[getter]
    fn move_number(&self) -> usize {
        self.game.move_count()
    }

    /// The last move as a GTP vertex, or `None` before the first.
    #[getter]
    fn last_move(&self) -> Option<String> {
        let size = self.size();
        self.game.last_record().map(|r| vertex_text(r.mv(), size))
    }

    /// The point where the side to move may not retake a ko (simple ko), or `None`.
    #[getter]
    fn ko(&self) -> Option<String> {
        let size = self.size();
        self.game
            .position()
            .ko_point()
            .map(|p| vertex_text(Move::Play(p), size))
    }

    /// Whether the game is over (two passes in a row).
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The result once the game is over (`"B+7.5"`, `"W+0.5"`, `"0"`), else `None`.
    #[getter]
    fn result(&self) -> Option<String> {
        self.game.result().map(|r| r.to_string())
    }

    /// Counts the position under the ruleset (area or territory, komi included), every
    /// stone alive except the chains through the points of `dead` (vertices).
    #[pyo3(signature = (dead = None))]
    fn score(&self, dead: Option<Vec<Bound<'_, PyAny>>>) -> PyResult<Score> {
        let size = self.size();
        let mut points = Vec::new();
        for d in dead.unwrap_or_default() {
            points.push(convert::point_arg(&d, size)?);
        }
        let s = self
            .game
            .score(&points)
            .map_err(|e| Error::input(format!("dead: {e}")).context("score"))?;
        Ok(Score::from(&s))
    }

    /// The game as SGF text (setup, komi, rules, the moves and the result).
    fn to_sgf(&self) -> String {
        sgf::from_game(&self.game).to_sgf()
    }

    /// A copy of the game (history included).
    fn copy(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// Pickling goes through SGF (`Game.from_sgf(game.to_sgf())`).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let class = py.get_type::<Game>();
        let from_sgf = class.getattr("from_sgf")?;
        let args = PyTuple::new(py, [self.to_sgf()])?;
        PyTuple::new(py, [from_sgf.into_any(), args.into_any()])
    }

    /// A diagram of the board with GTP coordinates and the side to move (`X` black, `O`
    /// white, `.` empty).
    fn __str__(&self) -> String {
        ascii::write_diagram(self.game.position(), true)
    }

    fn __repr__(&self) -> String {
        let size = self.size();
        format!(
            "<tesuji.Game {}x{} {} komi {}: move {}, {} to move{}>",
            size.width(),
            size.height(),
            self.rules(),
            self.game.ruleset().komi,
            self.game.move_count(),
            self.to_move(),
            if self.game.is_over() { ", over" } else { "" }
        )
    }

    /// Whether the positions, turns and histories are the same.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Game>() {
            Ok(o) => {
                let o = o.borrow();
                self.game.position() == o.game.position()
                    && self.game.ruleset() == o.game.ruleset()
                    && self.game.moves().eq(o.game.moves())
            }
            Err(_) => false,
        }
    }
}

/// Reads the first game of `text` and replays it.
fn game_from_sgf(text: &str, rules: Option<Ruleset>, before: Option<usize>) -> Result<Game> {
    let trees = sgf::parse(text)
        .map_err(|e| Error::sgf(format!("SGF: {e}"), Some(e.line), Some(e.column)))?;
    let tree = trees
        .first()
        .ok_or_else(|| Error::sgf("SGF: the text holds no game", None, None))?;
    let game = sgf::replay(tree, rules, before).map_err(|e| {
        let loc = replay_location(&e);
        Error::sgf(
            format!("SGF: {e}"),
            loc.map(|l| l.line),
            loc.map(|l| l.column),
        )
    })?;
    Ok(Game::wrap(game))
}

fn replay_location(e: &sgf::ReplayError) -> Option<sgf::Location> {
    match e {
        sgf::ReplayError::Value(v) => v.location,
        sgf::ReplayError::Setup { location, .. } => *location,
        sgf::ReplayError::IllegalMove { location, .. } => *location,
        sgf::ReplayError::NoSuchMove { .. } => None,
    }
}

/// A counted result (`Game.score()`).
#[pyclass(module = "tesuji", name = "Score", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Score {
    /// Black's points.
    #[pyo3(get)]
    black: f64,
    /// White's points, komi included.
    #[pyo3(get)]
    white: f64,
    /// Komi.
    #[pyo3(get)]
    komi: f64,
    /// `"area"` or `"territory"`.
    #[pyo3(get)]
    scoring: &'static str,
    text: String,
    winner: Option<&'static str>,
}

impl From<&tesuji::Score> for Score {
    fn from(s: &tesuji::Score) -> Score {
        Score {
            black: f64::from(s.total_half_points(Color::Black)) / 2.0,
            white: f64::from(s.total_half_points(Color::White)) / 2.0,
            komi: f64::from(s.komi.half_points()) / 2.0,
            scoring: match s.scoring {
                Scoring::Area => "area",
                Scoring::Territory => "territory",
            },
            text: s.to_string(),
            winner: s.winner().map(color_letter),
        }
    }
}

#[pymethods]
impl Score {
    /// Black's points minus White's.
    #[getter]
    fn margin(&self) -> f64 {
        self.black - self.white
    }

    /// `"B"`, `"W"`, or `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.winner
    }

    /// `"B+7.5"`, `"W+0.5"` or `"0"`.
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<tesuji.Score {} (black {}, white {}, {} scoring)>",
            self.text, self.black, self.white, self.scoring
        )
    }
}
