//! Errors thrown to JavaScript: a real `Error` (named `TesujiError`) with a `kind` that a
//! page can switch on, and where the text gave one, a `line` and `column`.

use tesuji::ascii::DiagramError;
use tesuji::ladder::LadderError;
use tesuji::sgf::{ReplayError, SgfError};
use tesuji::tsumego::TsumegoError;
use tesuji::{vertex, BoardSize, IllegalMove, SetupError};
use wasm_bindgen::JsValue;

/// An error on its way to JavaScript.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// What went wrong, in a word (see `ErrorKind` in the TypeScript definitions).
    pub kind: &'static str,
    /// The message.
    pub message: String,
    /// Line and column in the text, when the error has a place.
    pub place: Option<(usize, usize)>,
}

impl Error {
    /// An error of `kind` with `message`.
    pub fn new(kind: &'static str, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
            place: None,
        }
    }

    /// A bad argument (a colour, a point, an option).
    pub fn argument(message: impl Into<String>) -> Error {
        Error::new("argument", message)
    }
}

impl From<Error> for JsValue {
    fn from(e: Error) -> JsValue {
        let err = js_sys::Error::new(&e.message);
        err.set_name("TesujiError");
        let set = |k: &str, v: JsValue| {
            // Setting a property of a fresh Error object cannot fail.
            let _ = js_sys::Reflect::set(&err, &JsValue::from_str(k), &v);
        };
        set("kind", JsValue::from_str(e.kind));
        if let Some((line, column)) = e.place {
            set("line", JsValue::from(line as u32));
            set("column", JsValue::from(column as u32));
        }
        err.into()
    }
}

impl From<SgfError> for Error {
    fn from(e: SgfError) -> Error {
        Error {
            kind: "sgf-syntax",
            message: format!("SGF syntax error: {e}"),
            place: Some((e.line, e.column)),
        }
    }
}

impl From<DiagramError> for Error {
    fn from(e: DiagramError) -> Error {
        Error {
            kind: "diagram",
            message: format!("diagram: {e}"),
            place: (e.line > 0).then_some((e.line, e.column)),
        }
    }
}

impl From<ReplayError> for Error {
    fn from(e: ReplayError) -> Error {
        let kind = match e {
            ReplayError::Value(_) => "sgf-value",
            ReplayError::Setup { .. } => "setup",
            ReplayError::IllegalMove { .. } => "illegal-move",
            ReplayError::NoSuchMove { .. } => "argument",
        };
        Error::new(kind, e.to_string())
    }
}

impl From<SetupError> for Error {
    fn from(e: SetupError) -> Error {
        Error::new("setup", format!("the position is not valid: {e}"))
    }
}

impl Error {
    /// An illegal move, with the move as a vertex of a board of `size`: "White B3 is
    /// illegal: occupied".
    pub fn illegal(e: IllegalMove, size: BoardSize) -> Error {
        let name = e.color.name();
        let mut cap = name[..1].to_ascii_uppercase();
        cap.push_str(&name[1..]);
        Error::new(
            "illegal-move",
            format!(
                "{cap} {} is illegal: {}",
                vertex::format(e.mv, size),
                e.reason
            ),
        )
    }
}

impl From<LadderError> for Error {
    fn from(e: LadderError) -> Error {
        Error::new("argument", e.to_string())
    }
}

impl From<TsumegoError> for Error {
    fn from(e: TsumegoError) -> Error {
        let kind = match &e {
            TsumegoError::Syntax(s) => return Error::from(s.clone()),
            TsumegoError::NoGameTree => "sgf-syntax",
            TsumegoError::Value(_) => "sgf-value",
            TsumegoError::Malformed { .. } => "malformed",
            TsumegoError::Setup(_) | TsumegoError::SetupAt { .. } => "setup",
            TsumegoError::Vertex(_) => "argument",
            TsumegoError::BoardTooLarge { .. } => "board-too-large",
            TsumegoError::NoTarget => "no-target",
            TsumegoError::EmptyTarget { .. } => "empty-target",
            TsumegoError::OffBoard { .. } => "off-board",
            TsumegoError::MixedTargets { .. } => "mixed-targets",
            TsumegoError::RegionNotClosed { .. } => "region-not-closed",
            TsumegoError::NoGoal { .. } => "no-goal",
        };
        Error::new(kind, e.to_string())
    }
}

/// The result type of the crate's own functions; `#[wasm_bindgen]` methods return
/// `Result<T, JsValue>` through `?` on it.
pub type Result<T> = std::result::Result<T, Error>;
