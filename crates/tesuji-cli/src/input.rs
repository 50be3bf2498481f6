//! Reading positions from files: SGF or text diagrams.

use std::fmt;
use std::io::Read;
use tesuji::{ascii, sgf, Game, Ruleset};

/// An error with its exit code (1: the answer is no, 2: bad input).
#[derive(Debug)]
pub struct Failure {
    /// Process exit code.
    pub code: u8,
    /// One-line message.
    pub message: String,
}

impl Failure {
    /// A bad-input failure (exit code 2).
    pub fn input(message: String) -> Failure {
        Failure { code: 2, message }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Failure {}

/// A time option (`flag`, such as `--time`) given as `seconds`: more than 0 and at most
/// [`tesuji::tsumego::MAX_TIME_SECONDS`] (through [`tesuji::tsumego::time_budget`]), else
/// a bad-input failure that quotes the value ([`tesuji::tsumego::brief_number`]).
pub fn seconds_option(flag: &str, seconds: f64) -> Result<std::time::Duration, Failure> {
    use tesuji::tsumego::{brief_number, time_budget, MAX_TIME_SECONDS};
    time_budget(seconds)
        .filter(|_| seconds > 0.0)
        .ok_or_else(|| {
            Failure::input(format!(
                "{flag} {}: give a number of seconds, more than 0 and at most {MAX_TIME_SECONDS:e}",
                brief_number(seconds)
            ))
        })
}

/// A loaded position, as a game with its history.
pub struct Loaded {
    /// The game, at the requested move.
    pub game: Game,
    /// For SGF: how many moves were replayed.
    pub moves_played: Option<usize>,
}

fn read(path: &str) -> Result<String, Failure> {
    let mut bytes = Vec::new();
    let res = if path == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes).map(|_| ()))
    };
    res.map_err(|e| Failure::input(format!("{path}: cannot read: {e}")))?;
    String::from_utf8(bytes).or_else(|e| {
        // SGF files in legacy encodings: keep going with a lossy decode; only text values
        // (comments, names) can be affected.
        Ok::<_, Failure>(String::from_utf8_lossy(e.as_bytes()).into_owned())
    })
}

/// Loads `path` (SGF if it starts with `(`, else a diagram). `move_number` stops an SGF
/// before that move; `rules` overrides the file's ruleset.
pub fn load(
    path: &str,
    move_number: Option<usize>,
    rules: Option<Ruleset>,
) -> anyhow::Result<Loaded> {
    let text = read(path)?;
    // A UTF-8 byte order mark is not part of the content.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
    if text.trim_start().starts_with('(') {
        return load_sgf(path, &text, move_number, rules);
    }
    if move_number.is_some() {
        return Err(Failure::input(format!(
            "{path}: --move needs an SGF file; this is a diagram"
        ))
        .into());
    }
    let pos = ascii::parse_diagram(&text).map_err(|e| Failure::input(format!("{path}: {e}")))?;
    Ok(Loaded {
        game: Game::from_position(pos, rules.unwrap_or_default()),
        moves_played: None,
    })
}

fn load_sgf(
    path: &str,
    text: &str,
    move_number: Option<usize>,
    rules: Option<Ruleset>,
) -> anyhow::Result<Loaded> {
    let trees = sgf::parse(text).map_err(|e| Failure::input(format!("{path}: {e}")))?;
    let tree = trees
        .first()
        .ok_or_else(|| Failure::input(format!("{path}: the file holds no game")))?;
    let game = sgf::replay(tree, rules, move_number).map_err(|e| {
        let code = if matches!(e, sgf::ReplayError::IllegalMove { .. }) {
            1
        } else {
            2
        };
        Failure {
            code,
            message: format!("{path}: {e}"),
        }
    })?;
    let total = tree
        .moves()
        .map_err(|e| Failure::input(format!("{path}: {e}")))?
        .len();
    Ok(Loaded {
        game,
        moves_played: Some(move_number.map_or(total, |n| n - 1)),
    })
}
