//! The typed layer: points, sizes, komi, rules, setup, moves and markup.

use super::tree::{GameTree, Location, NodeId, Property};
use crate::color::Color;
use crate::point::{BoardSize, BoardSizeError, Move, Point, MAX_SIZE};
use crate::rules::{Komi, ParseKomiError, ParseRulesetError, Ruleset};
use std::fmt;

/// Why text is not an SGF point.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PointError {
    /// Not two lower-case letters.
    #[error("{0:?} is not an SGF point (expected two letters a to y)")]
    Syntax(String),
    /// A point outside the board.
    #[error("point {text:?} is off the {size} board")]
    OffBoard {
        /// The text of the point.
        text: String,
        /// The board size.
        size: BoardSize,
    },
}

/// The two-letter SGF text of a point: column then row, `a` for 0 (`dd` is x 3, y 3).
///
/// ```
/// use tesuji::{sgf, Point};
/// assert_eq!(sgf::point_to_text(Point::new(3, 15)), "dp");
/// ```
pub fn point_to_text(p: Point) -> String {
    let letter = |i: usize| (b'a' + i as u8) as char;
    [letter(p.x()), letter(p.y())].iter().collect()
}

/// The SGF text of a move: two letters for a stone, the empty text for a pass (FF\[4\]).
pub fn move_to_text(mv: Move) -> String {
    match mv {
        Move::Play(p) => point_to_text(p),
        Move::Pass => String::new(),
    }
}

/// Reads a point on a board of `size` (surrounding white space is ignored).
pub fn parse_point(text: &str, size: BoardSize) -> Result<Point, PointError> {
    let t = text.trim();
    let coord = |b: u8| match b {
        b'a'..=b'z' => Some((b - b'a') as usize),
        _ => None,
    };
    let (x, y) = match t.as_bytes() {
        &[a, b] => match (coord(a), coord(b)) {
            (Some(x), Some(y)) => (x, y),
            _ => return Err(PointError::Syntax(crate::excerpt(text))),
        },
        _ => return Err(PointError::Syntax(crate::excerpt(text))),
    };
    match (x < MAX_SIZE && y < MAX_SIZE).then(|| Point::new(x, y)) {
        Some(p) if size.contains(p) => Ok(p),
        _ => Err(PointError::OffBoard {
            text: crate::excerpt(text),
            size,
        }),
    }
}

/// Reads a move on a board of `size`: the empty text is a pass, and so is `tt` on boards
/// up to 19x19 (the FF\[3\] convention); anything else must be a point on the board.
///
/// ```
/// use tesuji::{sgf, BoardSize, Move, Point};
/// let size = BoardSize::STANDARD;
/// assert_eq!(sgf::parse_move("pd", size), Ok(Move::Play(Point::new(15, 3))));
/// assert_eq!(sgf::parse_move("", size), Ok(Move::Pass));
/// assert_eq!(sgf::parse_move("tt", size), Ok(Move::Pass));
/// assert!(sgf::parse_move("tt", BoardSize::square(21).unwrap()).is_ok());
/// assert!(sgf::parse_move("jj", BoardSize::square(9).unwrap()).is_err());
/// ```
pub fn parse_move(text: &str, size: BoardSize) -> Result<Move, PointError> {
    let t = text.trim();
    if t.is_empty() || (t == "tt" && size.width() <= 19 && size.height() <= 19) {
        return Ok(Move::Pass);
    }
    parse_point(t, size).map(Move::Play)
}

/// Reads one value of a point list: a point, or a compressed rectangle `aa:cc` (two
/// opposite corners) expanded row by row.
pub fn parse_point_list_value(text: &str, size: BoardSize) -> Result<Vec<Point>, PointError> {
    match text.split_once(':') {
        None => Ok(vec![parse_point(text, size)?]),
        Some((a, b)) => {
            let (p, q) = (parse_point(a, size)?, parse_point(b, size)?);
            let (x0, x1) = (p.x().min(q.x()), p.x().max(q.x()));
            let (y0, y1) = (p.y().min(q.y()), p.y().max(q.y()));
            Ok((y0..=y1)
                .flat_map(|y| (x0..=x1).map(move |x| Point::new(x, y)))
                .collect())
        }
    }
}

/// What is wrong with a property value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueErrorKind {
    /// A point or move that cannot be read or is off the board.
    Point(PointError),
    /// `SZ` is not a supported size.
    Size(BoardSizeError),
    /// `KM` is not a multiple of one half.
    Komi(ParseKomiError),
    /// `RU` names no known ruleset.
    Ruleset(ParseRulesetError),
    /// `PL` is not `B` or `W`.
    Color(String),
    /// A number (such as `HA`) that cannot be read.
    Number(String),
    /// `GM` says the file is not a game of Go.
    NotGo(String),
    /// A label (`LB`) without the `:` between point and text.
    Label(String),
    /// A property that takes one value (`SZ`, `KM`, `PL`, `B`, ...) given several values,
    /// or given more than once in the node: which one is meant cannot be told.
    NotSingle(usize),
    /// A node with both a `B` and a `W` move (the SGF specification allows one move a
    /// node).
    TwoMoves,
    /// `SZ` given with an empty value.
    EmptySize,
}

/// A property value that does not mean what its property needs, with the place of the
/// property when it was read from text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ValueError {
    /// Where the property starts, if it was read from text.
    pub location: Option<Location>,
    /// The property identifier.
    pub property: String,
    /// What is wrong.
    pub kind: ValueErrorKind,
}

impl ValueError {
    fn new(prop: &Property, kind: ValueErrorKind) -> ValueError {
        ValueError {
            location: prop.location(),
            property: prop.id().to_string(),
            kind,
        }
    }
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(at) = self.location {
            write!(f, "{at}: ")?;
        }
        write!(f, "property {}: ", self.property)?;
        match &self.kind {
            ValueErrorKind::Point(e) => write!(f, "{e}"),
            ValueErrorKind::Size(e) => write!(f, "{e}"),
            ValueErrorKind::Komi(e) => write!(f, "{e}"),
            ValueErrorKind::Ruleset(e) => write!(f, "{e}"),
            ValueErrorKind::Color(s) => write!(f, "{s:?} is not a colour (expected B or W)"),
            ValueErrorKind::Number(s) => write!(f, "{s:?} is not a number"),
            ValueErrorKind::NotGo(s) => write!(f, "game type {s:?} is not Go (GM[1])"),
            ValueErrorKind::Label(s) => {
                write!(f, "{s:?} is not a label (expected point:text)")
            }
            ValueErrorKind::NotSingle(n) => {
                write!(f, "takes one value, and the node gives {n}")
            }
            ValueErrorKind::TwoMoves => {
                f.write_str("a second move in the node (a node holds one move, B or W)")
            }
            ValueErrorKind::EmptySize => f.write_str("the board size is empty"),
        }
    }
}

/// A markup shape on a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Markup {
    /// A cross (`MA`).
    Mark,
    /// A triangle (`TR`).
    Triangle,
    /// A square (`SQ`).
    Square,
    /// A circle (`CR`).
    Circle,
}

impl Markup {
    /// All shapes, in the order [`GameTree::markup`] reports them.
    pub const ALL: [Markup; 4] = [
        Markup::Mark,
        Markup::Triangle,
        Markup::Square,
        Markup::Circle,
    ];

    /// The SGF property identifier.
    pub const fn id(self) -> &'static str {
        match self {
            Markup::Mark => "MA",
            Markup::Triangle => "TR",
            Markup::Square => "SQ",
            Markup::Circle => "CR",
        }
    }
}

/// The color of a move property identifier.
pub(crate) fn move_color(id: &str) -> Option<Color> {
    match id {
        "B" => Some(Color::Black),
        "W" => Some(Color::White),
        _ => None,
    }
}

/// Text for `RU` from a ruleset's preset name.
pub(crate) fn ruleset_text(r: &Ruleset) -> Option<&'static str> {
    Some(match r.preset_name()? {
        "chinese" => "Chinese",
        "japanese" => "Japanese",
        "aga" => "AGA",
        "new-zealand" => "NZ",
        "tromp-taylor" => "Tromp-Taylor",
        "ing" => "GOE",
        _ => return None,
    })
}

impl GameTree {
    /// A value read by `f` from the first property `prop` of the root, `None` if the
    /// property is absent or its first value is empty.
    fn root_value<T>(
        &self,
        prop: &str,
        f: impl FnOnce(&str) -> Result<T, ValueErrorKind>,
    ) -> Result<Option<T>, ValueError> {
        let Some(p) = self.single(self.root(), prop)? else {
            return Ok(None);
        };
        match p.value().map(str::trim) {
            None | Some("") => Ok(None),
            Some(v) => f(v).map(Some).map_err(|k| ValueError::new(p, k)),
        }
    }

    /// The property `prop` of node `id`, one that takes a single value: an error when the
    /// node gives it more than once or with several values.
    fn single(&self, id: NodeId, prop: &str) -> Result<Option<&Property>, ValueError> {
        let mut found = self.node(id).properties().iter().filter(|p| p.id() == prop);
        let Some(p) = found.next() else {
            return Ok(None);
        };
        let n = p.values().len() + found.map(|q| q.values().len().max(1)).sum::<usize>();
        if n > 1 {
            return Err(ValueError::new(p, ValueErrorKind::NotSingle(n)));
        }
        Ok(Some(p))
    }

    /// The board size from `SZ` at the root (`19` or `19:13` for columns:rows); 19x19
    /// when absent.
    ///
    /// ```
    /// let tree = &tesuji::sgf::parse("(;SZ[9:13])").unwrap()[0];
    /// let size = tree.board_size().unwrap();
    /// assert_eq!((size.width(), size.height()), (9, 13));
    /// ```
    pub fn board_size(&self) -> Result<BoardSize, ValueError> {
        if let Some(p) = self.single(self.root(), "SZ")? {
            if p.value().is_none_or(|v| v.trim().is_empty()) {
                return Err(ValueError::new(p, ValueErrorKind::EmptySize));
            }
        }
        Ok(self
            .root_value("SZ", |v| v.parse().map_err(ValueErrorKind::Size))?
            .unwrap_or(BoardSize::STANDARD))
    }

    /// The komi from `KM` at the root, `None` when absent or empty.
    pub fn komi(&self) -> Result<Option<Komi>, ValueError> {
        self.root_value("KM", |v| v.parse().map_err(ValueErrorKind::Komi))
    }

    /// The ruleset named by `RU` at the root (see [`Ruleset`]'s names; `Japanese`,
    /// `Chinese`, `AGA`, `NZ`, `GOE`, `Tromp/Taylor` and others), with its komi replaced by `KM` when
    /// that is given; `None` when `RU` is absent or empty.
    pub fn ruleset(&self) -> Result<Option<Ruleset>, ValueError> {
        // CGOS writes `Tromp/Taylor`.
        let rules = self.root_value("RU", |v| {
            v.replace('/', "-")
                .parse()
                .map_err(|_| ValueErrorKind::Ruleset(ParseRulesetError(crate::excerpt(v))))
        })?;
        let komi = self.komi()?;
        Ok(rules.map(|r: Ruleset| komi.map_or(r, |k| r.with_komi(k))))
    }

    /// The handicap from `HA` at the root (informational: the stones are in `AB`).
    pub fn handicap(&self) -> Result<Option<u32>, ValueError> {
        self.root_value("HA", |v| {
            v.parse()
                .map_err(|_| ValueErrorKind::Number(crate::excerpt(v)))
        })
    }

    /// Checks `GM` at the root: absent or `1` (Go).
    pub fn check_game_type(&self) -> Result<(), ValueError> {
        self.root_value("GM", |v| {
            if v == "1" {
                Ok(())
            } else {
                Err(ValueErrorKind::NotGo(crate::excerpt(v)))
            }
        })
        .map(|_| ())
    }

    /// The side to move set by `PL` at node `id`, if any.
    pub fn player(&self, id: NodeId) -> Result<Option<Color>, ValueError> {
        let Some(p) = self.single(id, "PL")? else {
            return Ok(None);
        };
        let v = p.value().unwrap_or("").trim();
        match v {
            "B" | "b" | "1" => Ok(Some(Color::Black)),
            "W" | "w" | "2" => Ok(Some(Color::White)),
            _ if v.eq_ignore_ascii_case("black") => Ok(Some(Color::Black)),
            _ if v.eq_ignore_ascii_case("white") => Ok(Some(Color::White)),
            _ => Err(ValueError::new(p, ValueErrorKind::Color(crate::excerpt(v)))),
        }
    }

    /// The points of every property `prop` of node `id`, with compressed rectangles
    /// (`aa:cc`) expanded, in the order written.
    ///
    /// ```
    /// let tree = &tesuji::sgf::parse("(;SZ[9]AB[aa:bb][ee])").unwrap()[0];
    /// assert_eq!(tree.points(tree.root(), "AB").unwrap().len(), 5);
    /// ```
    pub fn points(&self, id: NodeId, prop: &str) -> Result<Vec<Point>, ValueError> {
        let size = self.board_size()?;
        let mut out = Vec::new();
        for p in self.node(id).properties().iter().filter(|p| p.id() == prop) {
            for v in p.values() {
                // An empty value is an empty list (FF[4] allows `AE[]`-like "none").
                if v.trim().is_empty() {
                    continue;
                }
                let pts = parse_point_list_value(v, size)
                    .map_err(|e| ValueError::new(p, ValueErrorKind::Point(e)))?;
                out.extend(pts);
            }
        }
        Ok(out)
    }

    /// The moves (`B`, `W`) of node `id`, in property order, with the property they come
    /// from. A node normally holds at most one.
    pub(crate) fn node_moves(
        &self,
        id: NodeId,
        size: BoardSize,
    ) -> Result<Vec<(Color, Move, &Property)>, ValueError> {
        let mut out = Vec::new();
        for p in self.node(id).properties() {
            if let Some(color) = move_color(p.id()) {
                if !out.is_empty() {
                    return Err(ValueError::new(p, ValueErrorKind::TwoMoves));
                }
                if p.values().len() > 1 {
                    return Err(ValueError::new(
                        p,
                        ValueErrorKind::NotSingle(p.values().len()),
                    ));
                }
                let mv = parse_move(p.value().unwrap_or(""), size)
                    .map_err(|e| ValueError::new(p, ValueErrorKind::Point(e)))?;
                out.push((color, mv, p));
            }
        }
        Ok(out)
    }

    /// The move played at node `id` (its first `B` or `W`), if any.
    pub fn node_move(&self, id: NodeId) -> Result<Option<(Color, Move)>, ValueError> {
        let size = self.board_size()?;
        Ok(self.node_moves(id, size)?.first().map(|&(c, m, _)| (c, m)))
    }

    /// The moves along the main line, in order (passes included).
    ///
    /// ```
    /// use tesuji::{Color, Move};
    /// let tree = &tesuji::sgf::parse("(;SZ[9];B[cc];W[])").unwrap()[0];
    /// let moves = tree.moves().unwrap();
    /// assert_eq!(moves[1], (Color::White, Move::Pass));
    /// ```
    pub fn moves(&self) -> Result<Vec<(Color, Move)>, ValueError> {
        let size = self.board_size()?;
        let mut out = Vec::new();
        for id in self.main_line() {
            out.extend(
                self.node_moves(id, size)?
                    .into_iter()
                    .map(|(c, m, _)| (c, m)),
            );
        }
        Ok(out)
    }

    /// The comment (`C`) of node `id`.
    pub fn comment(&self, id: NodeId) -> Option<&str> {
        self.value(id, "C")
    }

    /// The markup of node `id`: every `MA`, `TR`, `SQ` and `CR` point, shape by shape in
    /// the order of [`Markup::ALL`].
    pub fn markup(&self, id: NodeId) -> Result<Vec<(Markup, Point)>, ValueError> {
        let mut out = Vec::new();
        for m in Markup::ALL {
            out.extend(self.points(id, m.id())?.into_iter().map(|p| (m, p)));
        }
        Ok(out)
    }

    /// The labels (`LB[point:text]`) of node `id`.
    pub fn labels(&self, id: NodeId) -> Result<Vec<(Point, String)>, ValueError> {
        let size = self.board_size()?;
        let mut out = Vec::new();
        for p in self.node(id).properties().iter().filter(|p| p.id() == "LB") {
            for v in p.values() {
                let (pt, text) = v
                    .split_once(':')
                    .ok_or_else(|| ValueError::new(p, ValueErrorKind::Label(crate::excerpt(v))))?;
                let pt = parse_point(pt, size)
                    .map_err(|e| ValueError::new(p, ValueErrorKind::Point(e)))?;
                out.push((pt, text.to_string()));
            }
        }
        Ok(out)
    }

    /// Adds a child of `parent` holding the move `mv` by `color` (`B[..]` or `W[..]`,
    /// `[]` for a pass) and returns it.
    pub fn add_move(&mut self, parent: NodeId, color: Color, mv: Move) -> NodeId {
        let id = self.add_child(parent);
        let prop = if color == Color::Black { "B" } else { "W" };
        self.push_property(id, prop, [move_to_text(mv)]);
        id
    }

    /// Adds a markup shape on point `p` to node `id`.
    ///
    /// ```
    /// use tesuji::{sgf::{GameTree, Markup}, Point};
    /// let mut tree = GameTree::new();
    /// let root = tree.root();
    /// tree.add_markup(root, Markup::Triangle, Point::new(0, 0));
    /// tree.add_markup(root, Markup::Triangle, Point::new(1, 0));
    /// tree.add_label(root, Point::new(2, 2), "A");
    /// tree.add_comment(root, "Black lives]");
    /// assert_eq!(tree.to_sgf(), "(;TR[aa][ba]LB[cc:A]C[Black lives\\]]\n)\n");
    /// ```
    pub fn add_markup(&mut self, id: NodeId, markup: Markup, p: Point) {
        self.add_value(id, markup.id(), point_to_text(p));
    }

    /// Adds a label `text` on point `p` to node `id`.
    pub fn add_label(&mut self, id: NodeId, p: Point, text: &str) {
        self.add_value(id, "LB", format!("{}:{}", point_to_text(p), text));
    }

    /// Adds `text` to the comment of node `id` (on a new line if there is one already).
    pub fn add_comment(&mut self, id: NodeId, text: &str) {
        let combined = match self.comment(id) {
            Some(old) => format!("{old}\n{text}"),
            None => text.to_string(),
        };
        self.set_property(id, "C", [combined]);
    }
}
