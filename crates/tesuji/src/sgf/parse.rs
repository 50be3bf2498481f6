//! The reader: text to game trees, without recursion.

use super::tree::{GameTree, Location, NodeId, Property};
use std::fmt;

/// What is wrong with the syntax of an SGF text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SgfErrorKind {
    /// The text holds no game tree at all.
    NoGameTree,
    /// Something other than `(` where a game tree should start.
    ExpectedTree(char),
    /// Something other than `(` or white space after a complete game tree.
    TextAfterTree(char),
    /// A game tree or variation that does not start with `;`.
    MissingSemicolon,
    /// A character that cannot appear here (inside a node, where a property
    /// identifier, `;`, `(` or `)` is expected).
    UnexpectedChar(char),
    /// A node (`;`) after the variations of a sequence; nodes must come before them.
    NodeAfterVariation,
    /// A property identifier with no upper-case letter.
    BadIdentifier(String),
    /// A property identifier not followed by a value in brackets.
    MissingValue(String),
    /// A value whose closing `]` is missing; the place is its opening `[`.
    UnterminatedValue,
    /// The text ends inside a game tree; the place is the end of the text.
    UnexpectedEnd,
}

/// A syntax error in SGF text, with its place.
///
/// ```
/// let e = tesuji::sgf::parse("(;GM[1]\n;B[aa]W[bb").unwrap_err();
/// assert_eq!((e.line, e.column), (2, 8));
/// assert_eq!(e.to_string(), "line 2, column 8: value not closed by ']'");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct SgfError {
    /// Line, from 1.
    pub line: usize,
    /// Column (character), from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: SgfErrorKind,
}

impl SgfError {
    /// The place as a [`Location`].
    pub fn location(&self) -> Location {
        Location {
            line: self.line,
            column: self.column,
        }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            SgfErrorKind::NoGameTree => f.write_str("no game tree (expected '(;')"),
            SgfErrorKind::ExpectedTree(c) => {
                write!(f, "expected '(' to start a game tree, found {c:?}")
            }
            SgfErrorKind::TextAfterTree(c) => {
                write!(f, "unexpected {c:?} after the end of a game tree")
            }
            SgfErrorKind::MissingSemicolon => f.write_str("expected ';' to start a node"),
            SgfErrorKind::UnexpectedChar(c) => {
                write!(f, "unexpected {c:?} (expected a property, ';', '(' or ')')")
            }
            SgfErrorKind::NodeAfterVariation => {
                f.write_str("a node cannot follow the variations of a sequence")
            }
            SgfErrorKind::BadIdentifier(s) => {
                write!(f, "property identifier {s:?} has no upper-case letter")
            }
            SgfErrorKind::MissingValue(s) => write!(f, "property {s} has no value"),
            SgfErrorKind::UnterminatedValue => f.write_str("value not closed by ']'"),
            SgfErrorKind::UnexpectedEnd => {
                f.write_str("the text ends inside a game tree (missing ')')")
            }
        }
    }
}

/// A byte cursor over the text that knows its line and column.
struct Cursor<'a> {
    bytes: &'a [u8],
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        let mut c = Cursor {
            bytes: text.as_bytes(),
            text,
            pos: 0,
            line: 1,
            column: 1,
        };
        if text.starts_with('\u{feff}') {
            c.pos = 3;
        }
        c
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn location(&self) -> Location {
        Location {
            line: self.line,
            column: self.column,
        }
    }

    /// The character at the cursor (for error messages).
    fn current_char(&self) -> char {
        self.text
            .get(self.pos..)
            .and_then(|s| s.chars().next())
            .unwrap_or('\u{fffd}')
    }

    fn bump(&mut self) {
        let Some(&b) = self.bytes.get(self.pos) else {
            return;
        };
        self.pos += 1;
        match b {
            b'\n' => {
                self.line += 1;
                self.column = 1;
            }
            b'\r' => {
                if self.peek() != Some(b'\n') {
                    self.line += 1;
                    self.column = 1;
                }
            }
            // UTF-8 continuation bytes do not start a new character.
            0x80..=0xBF => {}
            _ => self.column += 1,
        }
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.bump();
        }
    }

    fn error(&self, kind: SgfErrorKind) -> SgfError {
        SgfError {
            line: self.line,
            column: self.column,
            kind,
        }
    }

    fn error_at(at: Location, kind: SgfErrorKind) -> SgfError {
        SgfError {
            line: at.line,
            column: at.column,
            kind,
        }
    }

    /// Reads a value after its `[`, up to and including the `]`, removing escapes.
    fn value(&mut self, open: Location) -> Result<String, SgfError> {
        let mut out: Vec<u8> = Vec::new();
        loop {
            match self.peek() {
                None => return Err(Cursor::error_at(open, SgfErrorKind::UnterminatedValue)),
                Some(b']') => {
                    self.bump();
                    break;
                }
                Some(b'\\') => {
                    self.bump();
                    match self.peek() {
                        None => {
                            return Err(Cursor::error_at(open, SgfErrorKind::UnterminatedValue))
                        }
                        // A soft line break: the backslash and the line break vanish.
                        Some(b @ (b'\n' | b'\r')) => {
                            self.bump();
                            let other = if b == b'\n' { b'\r' } else { b'\n' };
                            if self.peek() == Some(other) {
                                self.bump();
                            }
                        }
                        Some(b) => {
                            out.push(b);
                            self.bump();
                        }
                    }
                }
                Some(b) => {
                    out.push(b);
                    self.bump();
                }
            }
        }
        // Only ASCII bytes are ever split off, so this is valid UTF-8; stay panic-free anyway.
        Ok(match String::from_utf8(out) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        })
    }
}

/// Where the reader is in the grammar.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Between game trees.
    Outside,
    /// Right after `(`: a `;` must follow.
    Opened,
    /// In a sequence: a property, `;`, `(` or `)` may follow.
    InSequence,
    /// After a variation's `)`: only `(` or `)` may follow.
    AfterVariation,
}

/// Reads every game tree of an SGF collection.
///
/// See the [module documentation](super) for what is accepted. The reader never recurses,
/// so any depth of nodes or variations is fine.
///
/// ```
/// let trees = tesuji::sgf::parse("(;SZ[9];B[ee](;W[cc])(;W[gg]))(;SZ[13])").unwrap();
/// assert_eq!(trees.len(), 2);
/// let first = &trees[0];
/// assert_eq!(first.len(), 4);
/// assert_eq!(first.value(first.root(), "SZ"), Some("9"));
/// ```
pub fn parse(text: &str) -> Result<Vec<GameTree>, SgfError> {
    let mut c = Cursor::new(text);
    let mut trees = Vec::new();
    let mut tree = GameTree::new();
    // The node each open '(' hangs from (`None` for the outermost one).
    let mut stack: Vec<Option<NodeId>> = Vec::new();
    // The last node of the current sequence.
    let mut current: Option<NodeId> = None;
    let mut state = State::Outside;
    loop {
        c.skip_space();
        let Some(b) = c.peek() else { break };
        match state {
            State::Outside => {
                if b != b'(' {
                    let ch = c.current_char();
                    return Err(c.error(if trees.is_empty() {
                        SgfErrorKind::ExpectedTree(ch)
                    } else {
                        SgfErrorKind::TextAfterTree(ch)
                    }));
                }
                c.bump();
                stack.push(None);
                current = None;
                state = State::Opened;
            }
            State::Opened => {
                if b != b';' {
                    return Err(c.error(SgfErrorKind::MissingSemicolon));
                }
                c.bump();
                current = Some(match current {
                    // The root of a new tree already exists in `tree`.
                    None => tree.root(),
                    Some(parent) => tree.add_child(parent),
                });
                state = State::InSequence;
            }
            State::InSequence | State::AfterVariation => match b {
                b';' => {
                    if state == State::AfterVariation {
                        return Err(c.error(SgfErrorKind::NodeAfterVariation));
                    }
                    c.bump();
                    if let Some(parent) = current {
                        current = Some(tree.add_child(parent));
                    }
                }
                b'(' => {
                    c.bump();
                    stack.push(current);
                    state = State::Opened;
                }
                b')' => {
                    c.bump();
                    match stack.pop() {
                        Some(Some(parent)) => {
                            current = Some(parent);
                            state = State::AfterVariation;
                        }
                        _ => {
                            trees.push(std::mem::take(&mut tree));
                            current = None;
                            state = State::Outside;
                        }
                    }
                }
                b if b.is_ascii_alphabetic() && state == State::InSequence => {
                    let start = c.location();
                    let mut raw = String::new();
                    while let Some(l) = c.peek().filter(u8::is_ascii_alphabetic) {
                        raw.push(l as char);
                        c.bump();
                    }
                    let id: String = raw.chars().filter(char::is_ascii_uppercase).collect();
                    if id.is_empty() {
                        return Err(Cursor::error_at(start, SgfErrorKind::BadIdentifier(raw)));
                    }
                    c.skip_space();
                    if c.peek() != Some(b'[') {
                        return Err(c.error(SgfErrorKind::MissingValue(id)));
                    }
                    let mut values = Vec::new();
                    while c.peek() == Some(b'[') {
                        let open = c.location();
                        c.bump();
                        values.push(c.value(open)?);
                        c.skip_space();
                    }
                    if let Some(node) = current {
                        tree.push_raw(node, Property::with_location(id, values, start));
                    }
                }
                _ => {
                    let ch = c.current_char();
                    return Err(c.error(SgfErrorKind::UnexpectedChar(ch)));
                }
            },
        }
    }
    if state != State::Outside {
        return Err(c.error(SgfErrorKind::UnexpectedEnd));
    }
    if trees.is_empty() {
        return Err(c.error(SgfErrorKind::NoGameTree));
    }
    Ok(trees)
}

/// Reads SGF from bytes: text that is not valid UTF-8 (older files often use a legacy
/// encoding named by `CA`) has each invalid byte replaced by U+FFFD before
/// [`parse`] reads it; the SGF structure itself is ASCII and is not affected.
pub fn parse_bytes(bytes: &[u8]) -> Result<Vec<GameTree>, SgfError> {
    parse(&String::from_utf8_lossy(bytes))
}
