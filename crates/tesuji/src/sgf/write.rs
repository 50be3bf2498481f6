//! The writer: game trees to text, deterministic and without recursion.

use super::tree::{GameTree, NodeId};
use std::fmt;

/// Appends `value` to `out` with `\` and `]` escaped.
fn push_escaped(out: &mut String, value: &str) {
    for ch in value.chars() {
        if ch == '\\' || ch == ']' {
            out.push('\\');
        }
        out.push(ch);
    }
}

/// One step of the writer's explicit stack.
enum Step {
    /// Write a node; `open` writes the `(` of the variation it starts first.
    Node { id: NodeId, open: bool },
    /// Write the `)` of a variation.
    Close,
}

impl GameTree {
    /// Writes the tree as SGF text in the normal form described in the
    /// [module documentation](super): one node per line, properties in stored order,
    /// values escaped, each `)` on its own line, a final line break.
    ///
    /// ```
    /// let tree = &tesuji::sgf::parse("( ;GM[1] ; B[aa] (;W[bb]) (;W[cc]C[a\\]b]) )").unwrap()[0];
    /// assert_eq!(tree.to_sgf(), "(;GM[1]\n;B[aa]\n(;W[bb]\n)\n(;W[cc]C[a\\]b]\n)\n)\n");
    /// ```
    pub fn to_sgf(&self) -> String {
        let mut out = String::new();
        self.write_into(&mut out);
        out
    }

    pub(crate) fn write_into(&self, out: &mut String) {
        let mut stack = vec![
            Step::Close,
            Step::Node {
                id: self.root(),
                open: true,
            },
        ];
        while let Some(step) = stack.pop() {
            match step {
                Step::Close => out.push_str(")\n"),
                Step::Node { id, open } => {
                    if open {
                        out.push('(');
                    }
                    out.push(';');
                    for p in self.node(id).properties() {
                        out.push_str(p.id());
                        if p.values().is_empty() {
                            // Only a built property can have no value; keep the text valid.
                            out.push_str("[]");
                        }
                        for v in p.values() {
                            out.push('[');
                            push_escaped(out, v);
                            out.push(']');
                        }
                    }
                    out.push('\n');
                    match self.children(id) {
                        [] => {}
                        [only] => stack.push(Step::Node {
                            id: *only,
                            open: false,
                        }),
                        many => {
                            for &child in many.iter().rev() {
                                stack.push(Step::Close);
                                stack.push(Step::Node {
                                    id: child,
                                    open: true,
                                });
                            }
                        }
                    }
                }
            }
        }
    }
}

impl fmt::Display for GameTree {
    /// The text of [`GameTree::to_sgf`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sgf())
    }
}

/// Writes several game trees one after the other (an SGF collection).
pub fn write_collection(trees: &[GameTree]) -> String {
    let mut out = String::new();
    for t in trees {
        t.write_into(&mut out);
    }
    out
}

/// Reads `text` and writes it back in normal form: `normalise(normalise(x))` equals
/// `normalise(x)` byte for byte.
///
/// ```
/// let once = tesuji::sgf::normalise("(;FF[3]AddBlack[aa] [bb];B[cc])").unwrap();
/// assert_eq!(once, "(;FF[3]AB[aa][bb]\n;B[cc]\n)\n");
/// assert_eq!(tesuji::sgf::normalise(&once).unwrap(), once);
/// ```
pub fn normalise(text: &str) -> Result<String, super::SgfError> {
    Ok(write_collection(&super::parse(text)?))
}
