//! The game tree: an arena of nodes holding raw properties.

use std::fmt;

/// A place in the text: line and column, both counted from 1 (the column counts
/// characters, not bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Line, from 1.
    pub line: usize,
    /// Column (character), from 1.
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// The index of a node in its [`GameTree`].
///
/// Ids are only meaningful for the tree that handed them out. The root is always
/// [`GameTree::root`]; nodes read from text are numbered in document order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The root of every tree (the same as [`GameTree::root`]).
    pub const ROOT: NodeId = NodeId(0);

    /// The position of the node in the arena (0 for the root).
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One property of a node: an identifier such as `B`, `AB` or `C` and its values.
///
/// Values are kept as text with the SGF escapes removed (`\]` is stored as `]`, `\\` as
/// `\`, and a backslash before a line break, a soft line break, is dropped with the line
/// break); nothing else is interpreted, so compressed point lists such as `aa:cc` stay as
/// written until a typed accessor expands them.
///
/// Two properties are equal when their identifiers and values are; where they were read
/// from does not matter.
#[derive(Debug, Clone)]
pub struct Property {
    id: String,
    values: Vec<String>,
    location: Option<Location>,
}

impl PartialEq for Property {
    fn eq(&self, other: &Property) -> bool {
        self.id == other.id && self.values == other.values
    }
}

impl Eq for Property {}

impl Property {
    /// A property with `id` and `values` (unescaped text).
    ///
    /// The identifier is used as given; the writer only writes it correctly if it consists
    /// of upper-case ASCII letters, as SGF requires. A property with no values is written
    /// with one empty value (`X[]`), since SGF has no property without a value.
    pub fn new(id: impl Into<String>, mut values: Vec<String>) -> Property {
        values.shrink_to_fit();
        Property {
            id: id.into(),
            values,
            location: None,
        }
    }

    pub(crate) fn with_location(
        id: String,
        mut values: Vec<String>,
        location: Location,
    ) -> Property {
        values.shrink_to_fit();
        Property {
            id,
            values,
            location: Some(location),
        }
    }

    /// The identifier, upper-case letters only (`AddBlack` in an FF\[3\] file is read as
    /// `AB`).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The values, unescaped, in the order written.
    pub fn values(&self) -> &[String] {
        &self.values
    }

    /// The first value (`None` only for a property built with no values).
    pub fn value(&self) -> Option<&str> {
        self.values.first().map(String::as_str)
    }

    /// Where the identifier starts in the text the property was read from.
    pub fn location(&self) -> Option<Location> {
        self.location
    }

    pub(crate) fn values_mut(&mut self) -> &mut Vec<String> {
        &mut self.values
    }
}

/// A node: its properties in the order read or added, its parent and its children
/// (the first child continues the main line; the others are variations).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    properties: Vec<Property>,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
}

impl Node {
    /// The properties, in order.
    pub fn properties(&self) -> &[Property] {
        &self.properties
    }

    /// The first property with identifier `id`.
    pub fn get(&self, id: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.id == id)
    }

    /// The parent, `None` for the root.
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The children; the first one continues the main line.
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }
}

/// One game: a tree of nodes stored in an arena (a vector indexed by [`NodeId`]).
///
/// A tree always has a root node. Methods taking a [`NodeId`] panic if it does not belong
/// to the tree (an id from another tree can be out of range). Equality compares the arenas: two trees read from text
/// are equal when they have the same nodes, properties and shape.
///
/// ```
/// use tesuji::sgf::GameTree;
/// let mut tree = GameTree::new();
/// let root = tree.root();
/// tree.push_property(root, "GM", ["1"]);
/// let child = tree.add_child(root);
/// tree.push_property(child, "B", ["dd"]);
/// assert_eq!(tree.to_sgf(), "(;GM[1]\n;B[dd]\n)\n");
/// assert_eq!(tree.main_line().count(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameTree {
    nodes: Vec<Node>,
}

impl Default for GameTree {
    fn default() -> GameTree {
        GameTree::new()
    }
}

impl GameTree {
    /// A tree with one empty root node.
    pub fn new() -> GameTree {
        GameTree {
            nodes: vec![Node {
                properties: Vec::new(),
                parent: None,
                children: Vec::new(),
            }],
        }
    }

    /// The root node's id.
    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always `false`: a tree has at least its root.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The node `id`.
    ///
    /// # Panics
    ///
    /// If `id` does not belong to this tree (ids are not checked across trees).
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// All nodes with their ids, in arena order (document order for a tree read from text).
    pub fn nodes(&self) -> impl ExactSizeIterator<Item = (NodeId, &Node)> + '_ {
        self.nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (NodeId(i as u32), n))
    }

    /// The children of `id`; the first continues the main line.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.node(id).children
    }

    /// The parent of `id`, `None` for the root.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    /// The first property `prop` of node `id`.
    pub fn get(&self, id: NodeId, prop: &str) -> Option<&Property> {
        self.node(id).get(prop)
    }

    /// The first value of the first property `prop` of node `id`.
    pub fn value(&self, id: NodeId, prop: &str) -> Option<&str> {
        self.get(id, prop).and_then(Property::value)
    }

    /// The main line: the root, its first child, that node's first child, and so on.
    pub fn main_line(&self) -> MainLine<'_> {
        MainLine {
            tree: self,
            next: Some(self.root()),
        }
    }

    /// Adds an empty node as the last child of `parent` and returns its id.
    pub fn add_child(&mut self, parent: NodeId) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node {
            properties: Vec::new(),
            parent: Some(parent),
            children: Vec::new(),
        });
        push_exact(&mut self.nodes[parent.index()].children, id);
        id
    }

    /// Appends a property to node `id` (after any existing ones, even with the same
    /// identifier).
    pub fn push_property<I, S>(&mut self, id: NodeId, prop: &str, values: I)
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let values = values.into_iter().map(Into::into).collect();
        push_exact(
            &mut self.nodes[id.index()].properties,
            Property::new(prop, values),
        );
    }

    pub(crate) fn push_raw(&mut self, id: NodeId, property: Property) {
        push_exact(&mut self.nodes[id.index()].properties, property);
    }

    /// Adds `value` to the property `prop` of node `id`, creating the property at the end
    /// if the node has none (for lists such as `AB` or `TR`).
    pub fn add_value(&mut self, id: NodeId, prop: &str, value: impl Into<String>) {
        let node = &mut self.nodes[id.index()];
        match node.properties.iter_mut().find(|p| p.id == prop) {
            Some(p) => p.values_mut().push(value.into()),
            None => node
                .properties
                .push(Property::new(prop, vec![value.into()])),
        }
    }

    /// Sets the property `prop` of node `id` to `values`: the first property with that
    /// identifier is replaced in place (later duplicates are removed), or a new one is
    /// appended.
    pub fn set_property<I, S>(&mut self, id: NodeId, prop: &str, values: I)
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let values: Vec<String> = values.into_iter().map(Into::into).collect();
        let node = &mut self.nodes[id.index()];
        match node.properties.iter().position(|p| p.id == prop) {
            Some(i) => {
                node.properties[i] = Property::new(prop, values);
                let mut k = 0;
                node.properties.retain(|p| {
                    k += 1;
                    k - 1 <= i || p.id != prop
                });
            }
            None => node.properties.push(Property::new(prop, values)),
        }
    }

    /// Removes every property `prop` of node `id`; returns whether there was one.
    pub fn remove_property(&mut self, id: NodeId, prop: &str) -> bool {
        let node = &mut self.nodes[id.index()];
        let before = node.properties.len();
        node.properties.retain(|p| p.id != prop);
        node.properties.len() != before
    }
}

/// Iterator over the main line of a [`GameTree`], from the root.
#[derive(Debug, Clone)]
pub struct MainLine<'a> {
    tree: &'a GameTree,
    next: Option<NodeId>,
}

impl Iterator for MainLine<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let id = self.next?;
        self.next = self.tree.children(id).first().copied();
        Some(id)
    }
}

/// Pushes `item`, giving an empty vector room for exactly one: most nodes of a game have
/// one property and one child, and a vector's first push would make room for four
/// (a proof tree of millions of nodes then takes twice the memory).
fn push_exact<T>(v: &mut Vec<T>, item: T) {
    if v.capacity() == 0 {
        v.reserve_exact(1);
    }
    v.push(item);
}
