//! tesuji for Python: the extension module `tesuji._tesuji`, built by maturin (see
//! `pyproject.toml`) and re-exported by the Python package `tesuji`
//! (`python/tesuji/__init__.py`, which adds `solve`, `solve_many` and the exceptions).
//!
//! A leaf crate over the public API of the `tesuji` library, which knows nothing of
//! Python. What it adds:
//!
//! * [`game::Game`]: a game with numpy views (`board()`, `legal_mask()`), moves as GTP
//!   vertices, `(row, col)` pairs or flat indices;
//! * [`features::features`]: KataGo-style input planes for a batch of games, computed
//!   without the GIL on several threads;
//! * [`analysis`]: ladders and Benson's unconditional life;
//! * [`solve`]: the life-and-death solver, one problem or many on a pool of native
//!   threads, without the GIL and stoppable with Ctrl-C.
//!
//! Errors are [`errors::Error`] values until the GIL is held, then the exceptions of
//! `tesuji/_errors.py`; a panic never reaches Python ([`errors::guard`]).

pub mod analysis;
pub mod convert;
pub mod errors;
pub mod features;
pub mod game;
pub mod solve;

use pyo3::prelude::*;

/// `workers` as a thread count: at least 1, `None` for every core.
fn workers_arg(workers: Option<&Bound<'_, PyAny>>) -> errors::Result<Option<usize>> {
    Ok(convert::opt_int_arg(
        "workers",
        workers,
        1,
        4096,
        "give the number of threads, at least 1 (or None for every core)",
    )?
    .map(|n| n as usize))
}

/// The input planes of a list of games as one float32 array `(N, C, H, W)`.
#[pyfunction]
#[pyo3(name = "features", signature = (games, workers = None))]
fn py_features<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
    workers: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, numpy::PyArray4<f32>>> {
    let workers = workers_arg(workers)?;
    let list: Vec<Bound<'py, game::Game>> = if let Ok(g) = games.cast::<game::Game>() {
        vec![g.clone()]
    } else {
        games.extract().map_err(|_| {
            errors::Error::input(
                "features: give a list of tesuji.Game objects (or one Game)".to_string(),
            )
        })?
    };
    features::features(py, &list, workers)
}

/// Reads the ladder of the chain through `point`.
#[pyfunction]
#[pyo3(name = "ladder", signature = (game, point, budget = None))]
fn py_ladder(
    game: PyRef<'_, game::Game>,
    point: &Bound<'_, PyAny>,
    budget: Option<&Bound<'_, PyAny>>,
) -> PyResult<analysis::Ladder> {
    let budget = convert::opt_int_arg(
        "budget",
        budget,
        1,
        i64::from(u32::MAX),
        "give a positive number of positions per reading",
    )?
    .map_or(tesuji::ladder::DEFAULT_BUDGET, |b| b as u32);
    analysis::ladder(&game, point, budget)
}

/// Benson's unconditional life for both colours.
#[pyfunction]
#[pyo3(name = "benson")]
fn py_benson(game: PyRef<'_, game::Game>) -> PyResult<analysis::Benson> {
    analysis::benson(&game)
}

/// Solves one problem; returns the answer as a dict (see `tesuji.solve`).
#[pyfunction]
#[pyo3(name = "_solve", signature = (
    text, first = None, time = None, nodes = None, memory = None, ko_threats = None,
    max_threats = None, all_moves = true, pv = true, proof = false, threads = None
))]
#[allow(clippy::too_many_arguments)]
fn py_solve<'py>(
    py: Python<'py>,
    text: &str,
    first: Option<&str>,
    time: Option<&Bound<'py, PyAny>>,
    nodes: Option<&Bound<'py, PyAny>>,
    memory: Option<&Bound<'py, PyAny>>,
    ko_threats: Option<&Bound<'py, PyAny>>,
    max_threats: Option<&Bound<'py, PyAny>>,
    all_moves: bool,
    pv: bool,
    proof: bool,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    let (zero, three) = (0i64.into_pyobject(py)?, 3i64.into_pyobject(py)?);
    let options = solve::Options::new(&solve::Args {
        first,
        time,
        nodes,
        memory,
        ko_threats: ko_threats.unwrap_or(&zero),
        max_threats: max_threats.unwrap_or(&three),
        all_moves,
        pv,
        proof,
        threads,
    })?;
    solve::solve_one(py, text, options)
}

/// Starts a pool solving `texts`; iterate over it for the answers in order.
#[pyfunction]
#[pyo3(name = "_solve_pool", signature = (
    texts, first = None, workers = None, time = None, nodes = None, memory = None,
    ko_threats = None, max_threats = None, all_moves = true, pv = true, proof = false,
    fail_fast = true, progress = None
))]
#[allow(clippy::too_many_arguments)]
fn py_solve_pool<'py>(
    py: Python<'py>,
    texts: Vec<String>,
    first: Option<&str>,
    workers: Option<&Bound<'py, PyAny>>,
    time: Option<&Bound<'py, PyAny>>,
    nodes: Option<&Bound<'py, PyAny>>,
    memory: Option<&Bound<'py, PyAny>>,
    ko_threats: Option<&Bound<'py, PyAny>>,
    max_threats: Option<&Bound<'py, PyAny>>,
    all_moves: bool,
    pv: bool,
    proof: bool,
    fail_fast: bool,
    progress: Option<Py<PyAny>>,
) -> PyResult<solve::SolvePool> {
    let workers = workers_arg(workers)?;
    let (zero, three) = (0i64.into_pyobject(py)?, 3i64.into_pyobject(py)?);
    let options = solve::Options::new(&solve::Args {
        first,
        time,
        nodes,
        memory,
        ko_threats: ko_threats.unwrap_or(&zero),
        max_threats: max_threats.unwrap_or(&three),
        all_moves,
        pv,
        proof,
        // The pool's workers solve a problem each, on one thread.
        threads: None,
    })?;
    solve::SolvePool::start(py, texts, options, workers, fail_fast, progress)
}

/// The extension module.
#[pymodule]
fn _tesuji(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add(
        "FEATURE_PLANES",
        features::PLANES.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
    )?;
    m.add(
        "FEATURE_DESCRIPTIONS",
        features::PLANES.iter().map(|(_, d)| *d).collect::<Vec<_>>(),
    )?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::Score>()?;
    m.add_class::<analysis::Ladder>()?;
    m.add_class::<analysis::Benson>()?;
    m.add_class::<solve::SolvePool>()?;
    m.add_function(wrap_pyfunction!(py_features, m)?)?;
    m.add_function(wrap_pyfunction!(py_ladder, m)?)?;
    m.add_function(wrap_pyfunction!(py_benson, m)?)?;
    m.add_function(wrap_pyfunction!(py_solve, m)?)?;
    m.add_function(wrap_pyfunction!(py_solve_pool, m)?)?;
    Ok(())
}
