//! Errors: what went wrong, in the engine's words, turned into the Python exceptions of
//! `tesuji/_errors.py` (`TesujiError`, a `ValueError`, and its subclasses).
//!
//! The work that can fail runs without the GIL, so failures are first plain Rust values
//! ([`Error`]) and become Python exceptions only when the GIL is held again.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::any::Any;
use std::fmt::Display;

/// Which Python exception an [`Error`] becomes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// `tesuji.TesujiError`: a bad argument (size, rules, komi, vertex, colour, budget).
    Input,
    /// `tesuji.SgfError`: SGF text that cannot be read or replayed, with the place when
    /// known.
    Sgf {
        /// Line, from 1.
        line: Option<usize>,
        /// Column (character), from 1.
        column: Option<usize>,
    },
    /// `tesuji.IllegalMove`: a move the rules forbid.
    Illegal {
        /// The move as a GTP vertex.
        vertex: String,
        /// `"B"` or `"W"`.
        color: char,
        /// The reason in the engine's words (`"ko"`, `"suicide"`, ...).
        reason: &'static str,
    },
    /// `tesuji.ProblemError`: a life-and-death problem that cannot be built.
    Problem,
    /// `RuntimeError`: a bug in tesuji (a panic caught at the boundary).
    Internal,
}

/// A failure, with the message to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The exception it becomes.
    pub kind: Kind,
    /// The message.
    pub message: String,
}

impl Error {
    /// A bad argument.
    pub fn input(message: impl Display) -> Error {
        Error {
            kind: Kind::Input,
            message: message.to_string(),
        }
    }

    /// SGF that cannot be read, with the place when known.
    pub fn sgf(message: impl Display, line: Option<usize>, column: Option<usize>) -> Error {
        Error {
            kind: Kind::Sgf { line, column },
            message: message.to_string(),
        }
    }

    /// A problem that cannot be built.
    pub fn problem(message: impl Display) -> Error {
        Error {
            kind: Kind::Problem,
            message: message.to_string(),
        }
    }

    /// A caught panic: a bug in tesuji, reported as a `RuntimeError`.
    pub fn internal(payload: &(dyn Any + Send)) -> Error {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        Error::bug(what)
    }

    /// A bug in tesuji found without a panic (a proof that fails its check, a thread that
    /// ended without an answer), reported as a `RuntimeError`.
    pub fn bug(what: impl Display) -> Error {
        Error {
            kind: Kind::Internal,
            message: format!("internal error in tesuji (please report it): {what}"),
        }
    }

    /// The same error with `prefix: ` in front of the message.
    pub fn context(mut self, prefix: impl Display) -> Error {
        self.message = format!("{prefix}: {}", self.message);
        self
    }

    /// The Python exception.
    pub fn into_pyerr(self, py: Python<'_>) -> PyErr {
        if self.kind == Kind::Internal {
            return PyRuntimeError::new_err(self.message);
        }
        match self.build(py) {
            Ok(err) => err,
            // The exception classes live in the package; if it cannot be imported (a
            // broken installation), a plain ValueError still says what is wrong.
            Err(_) => PyValueError::new_err(self.message),
        }
    }

    fn build(&self, py: Python<'_>) -> PyResult<PyErr> {
        let module = py.import("tesuji._errors")?;
        let kwargs = PyDict::new(py);
        let class = match &self.kind {
            Kind::Input => "TesujiError",
            Kind::Sgf { line, column } => {
                kwargs.set_item("line", *line)?;
                kwargs.set_item("column", *column)?;
                "SgfError"
            }
            Kind::Illegal {
                vertex,
                color,
                reason,
            } => {
                kwargs.set_item("move", vertex)?;
                kwargs.set_item("color", color.to_string())?;
                kwargs.set_item("reason", *reason)?;
                "IllegalMove"
            }
            Kind::Problem => "ProblemError",
            Kind::Internal => unreachable!("handled by into_pyerr"),
        };
        let args = PyTuple::new(py, [self.message.as_str()])?;
        let value = module.getattr(class)?.call(args, Some(&kwargs))?;
        Ok(PyErr::from_value(value))
    }
}

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        Python::attach(|py| e.into_pyerr(py))
    }
}

/// The result of a fallible step of the bindings.
pub type Result<T> = std::result::Result<T, Error>;

/// Runs `f`, turning a panic into [`Kind::Internal`], so that no panic reaches Python
/// (the library is written not to panic on any input; this is the safety net).
pub fn guard<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => Err(Error::internal(payload.as_ref())),
    }
}
