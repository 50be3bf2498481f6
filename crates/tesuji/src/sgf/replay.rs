//! Replaying a game tree into a [`Game`], and writing a [`Game`] as a tree.

use super::tree::{GameTree, Location, NodeId};
use super::typed::{move_to_text, point_to_text, ruleset_text, ValueError};
use crate::board::PointBits;
use crate::color::Color;
use crate::game::Game;
use crate::point::ARRAY_LEN;
use crate::position::{IllegalMove, Position, Setup, SetupError};
use crate::rules::Ruleset;

/// Why a game tree cannot be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A property value is wrong (a bad point, size, komi, ...).
    #[error(transparent)]
    Value(#[from] ValueError),
    /// The setup stones (`AB`, `AW`, `AE`) do not make a valid position.
    #[error("{}setup stones do not form a valid position: {error}", at(.location))]
    Setup {
        /// Where the node's first setup property starts.
        location: Option<Location>,
        /// What is wrong.
        error: SetupError,
    },
    /// A move on the main line is illegal.
    #[error("{}move {move_number} is illegal: {}", at(.location), describe(.error))]
    IllegalMove {
        /// The move's number, counted from 1 along the main line (passes count).
        move_number: usize,
        /// Where the move property starts.
        location: Option<Location>,
        /// The move and why it is illegal.
        error: IllegalMove,
    },
    /// The position before a move that the main line does not reach was asked for.
    #[error("there is no position before move {requested}: the main line has {available} moves")]
    NoSuchMove {
        /// The move number asked for.
        requested: usize,
        /// Moves on the main line.
        available: usize,
    },
}

fn at(location: &Option<Location>) -> String {
    location.map_or(String::new(), |l| format!("{l}: "))
}

fn describe(e: &IllegalMove) -> String {
    format!(
        "{}[{}] ({})",
        e.color.letter(),
        move_to_text(e.mv),
        e.reason
    )
}

/// Whether node `id` has a setup property (`AB`, `AW`, `AE` or `PL`).
fn has_setup(tree: &GameTree, id: NodeId) -> bool {
    tree.node(id)
        .properties()
        .iter()
        .any(|p| matches!(p.id(), "AB" | "AW" | "AE" | "PL"))
}

/// Applies the setup properties of `id` to `setup`: `AE` clears, then `AB` and `AW` place
/// stones (replacing any there), then `PL` sets the side to move; the ko point is
/// dropped. A point may appear in only one of the node's `AE`, `AB` and `AW` lists, once
/// (the SGF specification's rule): a point given twice is an error, as it is for a
/// problem's setup ([`Position::from_setup`]), rather than a silent choice of colour.
fn apply_setup(tree: &GameTree, id: NodeId, setup: &mut Setup) -> Result<(), ReplayError> {
    let mut grid: Vec<Option<Color>> = vec![None; ARRAY_LEN];
    for &(p, c) in &setup.stones {
        grid[p.index()] = Some(c);
    }
    let mut given = PointBits::new();
    for prop in ["AE", "AB", "AW"] {
        let color = match prop {
            "AB" => Some(Color::Black),
            "AW" => Some(Color::White),
            _ => None,
        };
        for p in tree.points(id, prop)? {
            if !given.insert(p.index()) {
                return Err(ReplayError::Setup {
                    location: tree.get(id, prop).and_then(|q| q.location()),
                    error: SetupError::Duplicate {
                        x: p.x(),
                        y: p.y(),
                        size: setup.size,
                    },
                });
            }
            grid[p.index()] = color;
        }
    }
    setup.stones = setup
        .size
        .points()
        .filter_map(|p| grid[p.index()].map(|c| (p, c)))
        .collect();
    setup.ko = None;
    if let Some(c) = tree.player(id)? {
        setup.to_play = c;
    }
    Ok(())
}

impl GameTree {
    /// The setup of the root: size, `AB`/`AW`/`AE` stones and the side to move (`PL`, else
    /// the colour of the first move on the main line, else Black). Setup nodes later in the
    /// tree are not included; [`replay`] applies them.
    ///
    /// ```
    /// use tesuji::{sgf, Color, Position};
    /// let tree = &sgf::parse("(;SZ[9]HA[2]AB[cc][gg];W[ee])").unwrap()[0];
    /// let setup = tree.setup().unwrap();
    /// assert_eq!((setup.stones.len(), setup.to_play), (2, Color::White));
    /// assert!(Position::from_setup(&setup).is_ok());
    /// ```
    pub fn setup(&self) -> Result<Setup, ReplayError> {
        let size = self.board_size()?;
        let mut setup = Setup::empty(size);
        for id in self.main_line() {
            if let Some(&(c, _, _)) = self.node_moves(id, size)?.first() {
                setup.to_play = c;
                break;
            }
        }
        apply_setup(self, self.root(), &mut setup)?;
        Ok(setup)
    }
}

/// Replays the main line of `tree` into a [`Game`], stopping before move `before`
/// (counted from 1; `Some(1)` gives the position after the root's setup, `None` plays
/// every move).
///
/// The ruleset is `rules` if given, else the one named by `RU`, else Chinese; `KM`, when
/// present, sets the komi in every case. The first side to move is `PL` at the root, else
/// the colour of the first move, else Black. Moves are played with [`Game::play_any`], so
/// two moves of one colour in a row (as in handicap games without `PL`) are accepted.
/// Setup properties (`AB`, `AW`, `AE`, `PL`) are applied wherever they appear on the main
/// line; past the root this rebuilds the game from the new position, so the moves before
/// it are no longer in [`Game::moves`] and superko only looks back to that point. A move
/// after the game has ended (two passes) likewise continues from the position as a new
/// game, since many records go on after two passes.
///
/// ```
/// use tesuji::{sgf, Color, Point};
/// let tree = &sgf::parse("(;SZ[9]KM[6.5];B[ee];W[ec];B[ce])").unwrap()[0];
/// let game = sgf::replay(tree, None, Some(3)).unwrap();
/// assert_eq!(game.move_count(), 2);
/// assert_eq!(game.to_play(), Color::Black);
/// assert_eq!(game.ruleset().komi.to_string(), "6.5");
///
/// let bad = &sgf::parse("(;SZ[9];B[ee];W[ee])").unwrap()[0];
/// match sgf::to_game(bad, None) {
///     Err(sgf::ReplayError::IllegalMove { move_number, .. }) => assert_eq!(move_number, 2),
///     other => panic!("{other:?}"),
/// }
/// ```
pub fn replay(
    tree: &GameTree,
    rules: Option<Ruleset>,
    before: Option<usize>,
) -> Result<Game, ReplayError> {
    tree.check_game_type()?;
    let size = tree.board_size()?;
    // Informational (the stones are in `AB`), but a bad value is still bad input.
    tree.handicap()?;
    let mut ruleset = match rules {
        Some(r) => r,
        None => tree.ruleset()?.unwrap_or_default(),
    };
    if let Some(k) = tree.komi()? {
        ruleset = ruleset.with_komi(k);
    }
    let mut moves = Vec::new();
    for id in tree.main_line() {
        moves.push((id, tree.node_moves(id, size)?));
    }
    let total: usize = moves.iter().map(|(_, m)| m.len()).sum();
    if let Some(n) = before {
        if n == 0 || n > total + 1 {
            return Err(ReplayError::NoSuchMove {
                requested: n,
                available: total,
            });
        }
    }
    let mut initial = Setup::empty(size);
    if let Some(&(c, _, _)) = moves.iter().flat_map(|(_, m)| m.first()).next() {
        initial.to_play = c;
    }
    let mut game = Game::new(size, ruleset);
    let mut first = true;
    let mut number = 0;
    for (id, node_moves) in &moves {
        if first || has_setup(tree, *id) {
            let mut setup = if first {
                initial.clone()
            } else {
                game.position().to_setup()
            };
            apply_setup(tree, *id, &mut setup)?;
            let location = tree
                .node(*id)
                .properties()
                .iter()
                .find(|p| matches!(p.id(), "AB" | "AW" | "AE"))
                .and_then(|p| p.location());
            let pos = Position::from_setup(&setup)
                .map_err(|error| ReplayError::Setup { location, error })?;
            game = Game::from_position(pos, ruleset);
        }
        first = false;
        for &(color, mv, prop) in node_moves {
            number += 1;
            if before == Some(number) {
                return Ok(game);
            }
            if game.is_over() {
                // Records often go on after two passes (a third pass, or play resumed to
                // settle dead stones): continue from the position as a new game.
                game = Game::from_position(game.position().clone(), ruleset);
            }
            if let Err(error) = game.play_any(color, mv) {
                return Err(ReplayError::IllegalMove {
                    move_number: number,
                    location: prop.location(),
                    error,
                });
            }
        }
    }
    Ok(game)
}

/// Replays every move of the main line: [`replay`] with no stopping point.
pub fn to_game(tree: &GameTree, rules: Option<Ruleset>) -> Result<Game, ReplayError> {
    replay(tree, rules, None)
}

/// Writes a game as a tree: a root with `FF[4]`, `GM[1]`, `SZ`, `KM`, `RU` (when the
/// ruleset is one of the presets), `RE` (when the game has a result), `PL` if the side
/// is to move first but does not play first, and `AB`/`AW` for the stones of the initial position, then one node per
/// move. A simple-ko point or captures in the initial position are not written (SGF has no
/// property for them).
///
/// ```
/// use tesuji::{sgf, BoardSize, Game, Move, Point, Ruleset};
/// let mut game = Game::new(BoardSize::new(9, 13).unwrap(), Ruleset::japanese());
/// game.play(Move::Play(Point::new(2, 3))).unwrap();
/// game.play(Move::Pass).unwrap();
/// let tree = sgf::from_game(&game);
/// assert_eq!(
///     tree.to_sgf(),
///     "(;FF[4]GM[1]SZ[9:13]KM[6.5]RU[Japanese]\n;B[cd]\n;W[]\n)\n"
/// );
/// let again = sgf::to_game(&tree, None).unwrap();
/// assert_eq!(again.position(), game.position());
/// ```
pub fn from_game(game: &Game) -> GameTree {
    let mut tree = GameTree::new();
    let root = tree.root();
    let initial = game.initial_position();
    let size = initial.size();
    tree.push_property(root, "FF", ["4"]);
    tree.push_property(root, "GM", ["1"]);
    let sz = if size.is_square() {
        size.width().to_string()
    } else {
        format!("{}:{}", size.width(), size.height())
    };
    tree.push_property(root, "SZ", [sz]);
    let rules = game.ruleset();
    tree.push_property(root, "KM", [rules.komi.to_string()]);
    if let Some(name) = ruleset_text(rules) {
        tree.push_property(root, "RU", [name]);
    }
    if let Some(result) = game.result() {
        tree.push_property(root, "RE", [result.to_string()]);
    }
    // Replaying takes the first mover as the side to move unless PL says otherwise.
    let inferred = game.moves().next().map_or(Color::Black, |(c, _)| c);
    if initial.to_play() != inferred {
        tree.push_property(root, "PL", [initial.to_play().letter().to_string()]);
    }
    for color in Color::ALL {
        let stones: Vec<String> = size
            .points()
            .filter(|&p| initial.board().get(p) == Some(color))
            .map(point_to_text)
            .collect();
        if !stones.is_empty() {
            let id = if color == Color::Black { "AB" } else { "AW" };
            tree.push_property(root, id, stones);
        }
    }
    let mut node = root;
    for (color, mv) in game.moves() {
        node = tree.add_move(node, color, mv);
    }
    tree
}
