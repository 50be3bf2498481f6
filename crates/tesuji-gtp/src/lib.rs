//! # tesuji-gtp
//!
//! A Go Text Protocol (GTP 2) engine over the tesuji library, for GUIs (GoGui, Sabaki,
//! Lizzie), match runners (twogtp) and regression harnesses.
//!
//! * [`protocol`]: command parsing (ids, comments, CR/LF, tabs) and response formatting.
//! * [`Engine`]: the state and every command; [`Engine::run`] serves any `BufRead` and
//!   `Write`. Library errors become `? message` in one place ([`GtpError`]).
//! * [`regress`]: runs GoGui / GNU Go regression files (`.tst`).
//!
//! The analysis commands use GNU Go's names and answer formats (`is_legal`, `all_legal`,
//! `countlib`, `findlib`, `captures`, `worm_stones`, `color`, `list_stones`, `printsgf`), so
//! the same script runs on both engines. Lists of points are given in board order (row by
//! row from the top left); GNU Go uses its own internal order for `findlib`, so compare
//! those as sets.

mod engine;
pub mod genmove;
pub mod protocol;
pub mod regress;
mod sgf_io;

pub use engine::{fixed_handicap, free_handicap, Engine, GtpError, COMMANDS, DEFAULT_SOLVE_TIME};

/// The answer to `gogui-analyze_commands`: the analysis commands with GoGui's result types,
/// so that they appear in GoGui's analyze menu.
pub const ANALYZE_COMMANDS: &str = "
plist/All Legal Black/all_legal black
plist/All Legal White/all_legal white
string/Captures Black/captures black
string/Captures White/captures white
string/Color/color %p
string/Countlib/countlib %p
plist/Findlib/findlib %p
plist/List Stones Black/list_stones black
plist/List Stones White/list_stones white
plist/Worm Stones/worm_stones %p
string/Ladder Attack/ladder_attack %p
string/Ladder Status/tesuji-ladder %p
string/Is Legal Black/is_legal black %p
string/Is Legal White/is_legal white %p
plist/Benson Safe Points/tesuji-benson
plist/Benson Safe Black/tesuji-benson black
plist/Benson Safe White/tesuji-benson white
string/Unconditional Status/unconditional_status %p
string/Solve Black/tesuji-solve black %p
string/Solve White/tesuji-solve white %p
string/Owl Attack/owl_attack %p
string/Owl Defend/owl_defend %p
string/Dragon Status/dragon_status %p
string/Final Score/final_score
string/Show Board/showboard
";
