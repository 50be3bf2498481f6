//! The board: stones, chains and their exact liberty counts, and a Zobrist hash.
//!
//! # Representation
//!
//! Every array is indexed by the padded point index of [`crate::point`]. `cells` holds a
//! stone colour, empty, or wall; off-board points of a board smaller than 25x25 are wall
//! too, so neighbour loops never test bounds.
//!
//! A chain is a circular linked list through `next`; every stone's `head` names the chain's
//! representative stone, and the representative's slot in `libs` and `size` holds the
//! chain's exact liberty count and stone count. Placing a stone decrements the liberty
//! count of each distinct adjacent chain once, merges own chains into the largest of them
//! (relabelling only the smaller ones) and counts the merged chain's liberties exactly;
//! removing a chain increments each distinct adjacent chain once per removed stone.
//!
//! # Undo
//!
//! [`Board::place`] returns a small [`PlaceUndo`] with everything needed to reverse it:
//! the chains merged (splices of circular lists are swaps of two `next` entries, so they are
//! undone by swapping back in reverse order), the chains captured (their `next`/`head`
//! links are left intact when their stones are lifted, so they can be put back by walking
//! the list), and the old contents of the slots at the placed point. Undo must be LIFO.
//!
//! The Zobrist keys are a compile-time table from splitmix64 with a fixed seed: there is no
//! global initialisation to forget, and hashes are the same in every run.

use crate::color::{ByColor, Color};
use crate::point::{BoardSize, Point, ARRAY_LEN, STRIDE};

pub(crate) const BLACK: u8 = 0;
pub(crate) const WHITE: u8 = 1;
pub(crate) const EMPTY: u8 = 2;
pub(crate) const WALL: u8 = 3;
const NONE: u16 = 0;

/// splitmix64 step, usable in const context.
pub(crate) const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn zobrist_table() -> [[u64; ARRAY_LEN]; 2] {
    let mut t = [[0u64; ARRAY_LEN]; 2];
    let mut s = 0x7E5D_1A0B_5EED_0001u64;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < ARRAY_LEN {
            t[c][i] = splitmix64(&mut s);
            i += 1;
        }
        c += 1;
    }
    t
}

/// Zobrist keys per colour and padded point index.
pub(crate) static ZOBRIST: [[u64; ARRAY_LEN]; 2] = zobrist_table();

#[inline(always)]
pub(crate) const fn neighbors(p: usize) -> [usize; 4] {
    [p - STRIDE, p - 1, p + 1, p + STRIDE]
}

/// A set of padded point indices, as a fixed bitset on the stack.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PointBits([u64; ARRAY_LEN.div_ceil(64)]);

impl PointBits {
    #[inline]
    pub(crate) const fn new() -> PointBits {
        PointBits([0; ARRAY_LEN.div_ceil(64)])
    }
    /// Inserts `i`; returns whether it was absent.
    #[inline]
    pub(crate) fn insert(&mut self, i: usize) -> bool {
        let (w, b) = (i / 64, 1u64 << (i % 64));
        let absent = self.0[w] & b == 0;
        self.0[w] |= b;
        absent
    }
    /// Removes `i`.
    #[inline]
    pub(crate) fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1u64 << (i % 64));
    }
    #[inline]
    pub(crate) fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1u64 << (i % 64)) != 0
    }
}

/// What [`Board::place`] changed, so that [`Board::unplace`] can reverse it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaceUndo {
    point: u16,
    color: u8,
    suicide: bool,
    n_captured: u8,
    n_merged: u8,
    captured: [u16; 4],
    merged: [u16; 3],
    survivor: u16,
    survivor_libs: u16,
    survivor_size: u16,
    captured_stones: u16,
    suicide_stones: u16,
    old_next: u16,
    old_head: u16,
    old_libs: u16,
    old_size: u16,
}

impl PlaceUndo {
    /// The point where the stone was placed.
    pub fn point(&self) -> Point {
        Point::from_index(self.point as usize).expect("placed on a board point")
    }
    /// The colour of the placed stone.
    pub fn color(&self) -> Color {
        if self.color == BLACK {
            Color::Black
        } else {
            Color::White
        }
    }
    /// Number of opponent stones captured.
    pub fn captured_count(&self) -> usize {
        self.captured_stones as usize
    }
    /// Whether the move removed its own chain (multi-stone suicide).
    pub fn is_suicide(&self) -> bool {
        self.suicide
    }
    /// Number of the mover's own stones removed by a suicide (0 otherwise).
    pub fn suicide_count(&self) -> usize {
        self.suicide_stones as usize
    }
    /// The opponent chains captured, each named by one of its (former) stones. While this
    /// record is the latest one applied, [`Board::captured_stones`] lists their stones.
    pub fn captured_chains(&self) -> impl Iterator<Item = Point> + '_ {
        self.captured[..self.n_captured as usize]
            .iter()
            .map(|&h| Point::from_index(h as usize).expect("board point"))
    }
    /// The padded indices of the captured chains' heads.
    #[inline]
    pub(crate) fn captured_heads(&self) -> &[u16] {
        &self.captured[..(self.n_captured as usize).min(4)]
    }
}

/// Error from [`Board::check_invariants`]: the incremental state disagrees with a fresh
/// computation from the stones.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("board invariant broken at {point:?}: {what}")]
pub struct InvariantError {
    /// Where the disagreement was found.
    pub point: Option<Point>,
    /// What disagreed.
    pub what: &'static str,
}

/// Stones on a board, with chains, exact liberty counts and a Zobrist hash.
///
/// A `Board` knows nothing of turns, ko or rules; see [`crate::Position`] for that.
///
/// ```
/// use tesuji::{Board, BoardSize, Color, Point};
/// let mut board = Board::new(BoardSize::square(9).unwrap());
/// board.place(Point::new(2, 2), Color::Black);
/// board.place(Point::new(3, 2), Color::Black);
/// let chain = board.chain(Point::new(2, 2)).unwrap();
/// assert_eq!(chain.size(), 2);
/// assert_eq!(chain.liberty_count(), 6);
/// ```
#[derive(Clone)]
pub struct Board {
    size: BoardSize,
    cells: [u8; ARRAY_LEN],
    head: [u16; ARRAY_LEN],
    next: [u16; ARRAY_LEN],
    libs: [u16; ARRAY_LEN],
    sizes: [u16; ARRAY_LEN],
    empty_list: Vec<u16>,
    empty_pos: [u16; ARRAY_LEN],
    /// Stones per colour, indexed by the cell code (branch-free updates).
    stone_count: [u16; 2],
    hash: u64,
}

impl PartialEq for Board {
    /// Boards are equal when they have the same size and the same stones.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.cells == other.cells
    }
}
impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Board {}", self.size)?;
        for y in 0..self.size.height() {
            for x in 0..self.size.width() {
                let c = match self.get(Point::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A read-only view of one chain of a [`Board`].
#[derive(Clone, Copy)]
pub struct Chain<'a> {
    board: &'a Board,
    head: u16,
}

impl<'a> Chain<'a> {
    /// The chain's representative stone. It identifies the chain until the board changes.
    pub fn anchor(&self) -> Point {
        Point::from_index(self.head as usize).expect("chain head is a board point")
    }
    /// The colour of the chain's stones.
    pub fn color(&self) -> Color {
        cell_color(self.board.cells[self.head as usize]).expect("chain head holds a stone")
    }
    /// Number of stones.
    pub fn size(&self) -> usize {
        self.board.sizes[self.head as usize] as usize
    }
    /// Exact number of distinct liberties.
    pub fn liberty_count(&self) -> usize {
        self.board.libs[self.head as usize] as usize
    }
    /// The stones, in chain order (starting at the anchor).
    pub fn stones(&self) -> ChainStones<'a> {
        ChainStones {
            board: self.board,
            start: self.head,
            cur: self.head,
            done: false,
        }
    }
    /// The liberties, in board order (row by row).
    pub fn liberties(&self) -> Vec<Point> {
        let mut seen = PointBits::new();
        for s in self.stones() {
            for n in neighbors(s.index()) {
                if self.board.cells[n] == EMPTY {
                    seen.insert(n);
                }
            }
        }
        self.board
            .size
            .points()
            .filter(|p| seen.contains(p.index()))
            .collect()
    }
    /// The distinct opponent chains touching this chain, by anchor, in board order of
    /// their first contact.
    pub fn enemy_chains(&self) -> Vec<Point> {
        let stones: Vec<Point> = self.stones().collect();
        self.board.adjacent_chains(&stones, !self.color())
    }
}

impl std::fmt::Debug for Chain<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chain")
            .field("anchor", &self.anchor())
            .field("color", &self.color())
            .field("size", &self.size())
            .field("liberties", &self.liberty_count())
            .finish()
    }
}

/// Iterator over the stones of a chain (see [`Chain::stones`]).
pub struct ChainStones<'a> {
    board: &'a Board,
    start: u16,
    cur: u16,
    done: bool,
}

impl Iterator for ChainStones<'_> {
    type Item = Point;
    fn next(&mut self) -> Option<Point> {
        if self.done {
            return None;
        }
        let p = self.cur;
        self.cur = self.board.next[p as usize];
        if self.cur == self.start {
            self.done = true;
        }
        Point::from_index(p as usize)
    }
}

#[inline]
pub(crate) fn cell_color(c: u8) -> Option<Color> {
    match c {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

impl Board {
    /// An empty board of the given size.
    pub fn new(size: BoardSize) -> Board {
        let mut cells = [WALL; ARRAY_LEN];
        let mut empty_list = Vec::with_capacity(size.area());
        let mut empty_pos = [0u16; ARRAY_LEN];
        for p in size.points() {
            cells[p.index()] = EMPTY;
            empty_pos[p.index()] = empty_list.len() as u16;
            empty_list.push(p.index() as u16);
        }
        Board {
            size,
            cells,
            head: [NONE; ARRAY_LEN],
            next: [NONE; ARRAY_LEN],
            libs: [0; ARRAY_LEN],
            sizes: [0; ARRAY_LEN],
            empty_list,
            empty_pos,
            stone_count: [0, 0],
            hash: 0,
        }
    }

    /// The board's dimensions.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The stone on `p`, or `None` if `p` is empty or off this board.
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        cell_color(self.cells[p.index()])
    }

    /// Whether `p` is an empty point of this board.
    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        self.cells[p.index()] == EMPTY
    }

    /// Whether `p` lies on this board.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.cells[p.index()] != WALL
    }

    /// Zobrist hash of the stones (not of the side to move or ko).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Number of stones of `color` on the board.
    pub fn stone_count(&self, color: Color) -> usize {
        self.stone_count[color as usize] as usize
    }

    /// The empty points, in no particular order (the order changes as stones come and go).
    #[inline]
    pub fn empty_points(&self) -> &[u16] {
        &self.empty_list
    }

    /// The empty point at position `i` of [`Board::empty_points`].
    #[inline]
    pub fn empty_point(&self, i: usize) -> Point {
        Point::from_index(self.empty_list[i] as usize).expect("empty list holds board points")
    }

    /// Number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty_list.len()
    }

    /// The chain containing the stone on `p`, or `None` if there is no stone there.
    pub fn chain(&self, p: Point) -> Option<Chain<'_>> {
        if self.cells[p.index()] <= WHITE {
            Some(Chain {
                board: self,
                head: self.head[p.index()],
            })
        } else {
            None
        }
    }

    /// Liberty count of the chain on `p` (0 when `p` holds no stone).
    #[inline]
    pub fn liberty_count(&self, p: Point) -> usize {
        if self.cells[p.index()] <= WHITE {
            self.libs[self.head[p.index()] as usize] as usize
        } else {
            0
        }
    }

    /// All chains of the board, by anchor, in board order of their first stone.
    pub fn chains(&self) -> Vec<Chain<'_>> {
        let mut seen = PointBits::new();
        let mut out = Vec::new();
        for p in self.size.points() {
            let i = p.index();
            if self.cells[i] <= WHITE && seen.insert(self.head[i] as usize) {
                out.push(Chain {
                    board: self,
                    head: self.head[i],
                });
            }
        }
        out
    }

    /// The on-board orthogonal neighbours of `p`.
    pub fn neighbors(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        neighbors(p.index())
            .into_iter()
            .filter(|&n| self.cells[n] != WALL)
            .map(|n| Point::from_index(n).expect("on-board neighbour"))
    }

    /// The empty orthogonal neighbours of `p`.
    pub fn empty_neighbors(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        neighbors(p.index())
            .into_iter()
            .filter(|&n| self.cells[n] == EMPTY)
            .map(|n| Point::from_index(n).expect("on-board neighbour"))
    }

    /// The distinct chains of `color` orthogonally adjacent to any of `points`, by anchor,
    /// leaving out chains that contain one of `points`. For an empty point this gives the
    /// chains a stone there would touch; for the stones of a chain, its neighbouring chains.
    pub fn adjacent_chains(&self, points: &[Point], color: Color) -> Vec<Point> {
        let mut own = PointBits::new();
        for p in points {
            if self.cells[p.index()] <= WHITE {
                own.insert(self.head[p.index()] as usize);
            }
        }
        let mut seen = PointBits::new();
        let mut out = Vec::new();
        for p in points {
            for n in neighbors(p.index()) {
                if self.cells[n] == color as u8 {
                    let h = self.head[n] as usize;
                    if !own.contains(h) && seen.insert(h) {
                        out.push(Point::from_index(h).expect("board point"));
                    }
                }
            }
        }
        out
    }

    /// The stones of a chain captured by `record`, which must be the latest record applied
    /// to this board; `chain` is one of [`PlaceUndo::captured_chains`].
    pub fn captured_stones(&self, chain: Point) -> ChainStones<'_> {
        ChainStones {
            board: self,
            start: chain.index() as u16,
            cur: chain.index() as u16,
            done: false,
        }
    }

    // ----- fast internals used by Position, playouts and search -----

    #[inline(always)]
    pub(crate) fn cell(&self, i: usize) -> u8 {
        self.cells[i]
    }

    #[inline(always)]
    pub(crate) fn head_of(&self, i: usize) -> usize {
        self.head[i] as usize
    }

    #[inline(always)]
    pub(crate) fn libs_of_head(&self, h: usize) -> u16 {
        self.libs[h]
    }

    #[inline(always)]
    pub(crate) fn size_of_head(&self, h: usize) -> u16 {
        self.sizes[h]
    }

    /// Liberty count of the chain through stone index `i`.
    #[inline(always)]
    pub(crate) fn libs_at(&self, i: usize) -> u16 {
        self.libs[self.head[i] as usize]
    }

    /// Whether a stone of colour `c` (cell code) on the empty point `i` would have at least
    /// one liberty after captures, i.e. is not suicide. With `multi_stone_suicide`, a move
    /// that removes its own chain of two or more stones is also accepted.
    #[inline]
    pub(crate) fn is_not_suicide(&self, i: usize, c: u8, multi_stone_suicide: bool) -> bool {
        let mut own_neighbor = false;
        for n in neighbors(i) {
            let v = self.cells[n];
            if v == EMPTY {
                return true;
            }
            if v == c {
                if self.libs_at(n) > 1 {
                    return true;
                }
                own_neighbor = true;
            } else if v != WALL && self.libs_at(n) == 1 {
                return true;
            }
        }
        multi_stone_suicide && own_neighbor
    }

    /// What a stone of colour `c` (cell code) on the empty point `i` would do, without
    /// playing it: the liberties of the chain it would join (counted up to `cap`, at most
    /// 8) and the number of opponent stones it would capture. Exact up to the cap: the
    /// point's empty neighbours, the other liberties of the own chains it joins, and the
    /// points of captured stones next to the new chain.
    pub(crate) fn play_effect(&self, i: usize, c: u8, cap: usize) -> (usize, usize) {
        let cap = cap.min(8);
        let mut libs = [0usize; 8];
        let mut n_libs = 0;
        let add = |x: usize, libs: &mut [usize; 8], n_libs: &mut usize| {
            if *n_libs < cap && !libs[..*n_libs].contains(&x) {
                libs[*n_libs] = x;
                *n_libs += 1;
            }
        };
        let mut own = [0usize; 4];
        let mut n_own = 0;
        let mut taken = [0usize; 4];
        let mut n_taken = 0;
        let mut captured = 0;
        for n in neighbors(i) {
            let v = self.cells[n];
            if v == EMPTY {
                add(n, &mut libs, &mut n_libs);
            } else if v == WALL {
                continue;
            } else if v == c {
                let h = self.head_of(n);
                if !own[..n_own].contains(&h) {
                    own[n_own] = h;
                    n_own += 1;
                }
            } else if self.libs_at(n) == 1 {
                let h = self.head_of(n);
                if !taken[..n_taken].contains(&h) {
                    taken[n_taken] = h;
                    n_taken += 1;
                    captured += usize::from(self.sizes[h]);
                }
                // A captured stone next to the new stone becomes its liberty.
                add(n, &mut libs, &mut n_libs);
            }
        }
        // A chain joined with more liberties than the cap keeps at least the cap (it loses
        // only `i`): no need to walk its stones.
        if own[..n_own]
            .iter()
            .any(|&h| usize::from(self.libs[h]) > cap)
        {
            return (cap, captured);
        }
        // One chain joined and nothing captured: its liberties but `i`, and the empty
        // neighbours of `i` that are not among them (an empty point is a liberty of the
        // chain when it touches one of its stones). No walk of the chain's stones.
        if let ([h], 0) = (&own[..n_own], n_taken) {
            let new = libs[..n_libs]
                .iter()
                .filter(|&&e| {
                    !neighbors(e)
                        .iter()
                        .any(|&m| self.cells[m] == c && self.head_of(m) == *h)
                })
                .count();
            return ((usize::from(self.libs[*h]) - 1 + new).min(cap), 0);
        }
        for &h in &own[..n_own] {
            let mut s = h;
            loop {
                for m in neighbors(s) {
                    let v = self.cells[m];
                    let counts = if v == EMPTY {
                        m != i
                    } else {
                        v != WALL && v != c && taken[..n_taken].contains(&self.head_of(m))
                    };
                    if counts {
                        add(m, &mut libs, &mut n_libs);
                    }
                }
                s = self.next_of(s);
                if s == h || n_libs >= cap {
                    break;
                }
            }
        }
        (n_libs, captured)
    }

    /// The playout's candidate test for the empty point `i` and mover `c` (cell code): not
    /// an own eye (every orthogonal neighbour a stone of `c` or off the board) and not
    /// suicide. Reads the four neighbours once; simple ko is the caller's business.
    #[inline(always)]
    pub(crate) fn playout_candidate(&self, i: usize, c: u8) -> bool {
        let ns = neighbors(i);
        let vs = ns.map(|n| self.cells[n]);
        // The set of cell kinds among the neighbours, as a 4-bit mask: the empty and eye
        // tests become arithmetic instead of eight hard-to-predict branches.
        let kinds = (1u32 << vs[0]) | (1u32 << vs[1]) | (1u32 << vs[2]) | (1u32 << vs[3]);
        if kinds & (1 << EMPTY) != 0 {
            return true;
        }
        if kinds & !((1u32 << c) | (1 << WALL)) == 0 {
            return false; // own eye
        }
        // No empty neighbour: legal only by connecting to an own chain with a spare
        // liberty or by capturing. Wall cells have head 0 and libs[0] == 0, so all four
        // neighbours can be read unconditionally.
        // Saved if some neighbour is an own chain with a spare liberty (libs > 1) or an
        // opponent chain in atari (libs == 1). Walls have head 0, libs[0] == 0.
        let l = ns.map(|n| self.libs[self.head[n] as usize]);
        let want = vs.map(|v| if v == c { 2u16 } else { 1u16 });
        let mut ok = false;
        for k in 0..4 {
            // For own: l >= 2; for opponent: l == 1; wall (l == 0) never.
            ok |= (vs[k] != WALL) & ((l[k] == want[k]) | ((want[k] == 2) & (l[k] > 2)));
        }
        ok
    }

    /// The next stone of the chain list through `i` (also valid for the stones of a chain
    /// just captured, whose links are left intact).
    #[inline(always)]
    pub(crate) fn next_of(&self, i: usize) -> usize {
        self.next[i] as usize
    }

    #[inline]
    fn remove_empty(&mut self, i: usize) {
        let pos = self.empty_pos[i] as usize;
        self.empty_list.swap_remove(pos);
        if let Some(&moved) = self.empty_list.get(pos) {
            self.empty_pos[moved as usize] = pos as u16;
        }
    }

    #[inline]
    fn add_empty(&mut self, i: usize) {
        self.empty_pos[i] = self.empty_list.len() as u16;
        self.empty_list.push(i as u16);
    }

    /// Places a stone of `color` on the empty point `p`, merging and capturing, and
    /// returns what is needed to undo it. Captures any opponent chain left without
    /// liberties; if the placed chain then has none, it is removed too (suicide).
    ///
    /// No legality check is made beyond the board itself.
    ///
    /// # Panics
    ///
    /// If `p` is not an empty point of this board.
    pub fn place(&mut self, p: Point, color: Color) -> PlaceUndo {
        let i = p.index();
        assert!(
            self.cells[i] == EMPTY,
            "Board::place on a point that is not empty"
        );
        self.place_raw(i, color as u8)
    }

    #[inline]
    pub(crate) fn place_raw(&mut self, p: usize, c: u8) -> PlaceUndo {
        let mut u = PlaceUndo {
            point: p as u16,
            color: c,
            suicide: false,
            n_captured: 0,
            n_merged: 0,
            captured: [NONE; 4],
            merged: [NONE; 3],
            survivor: NONE,
            survivor_libs: 0,
            survivor_size: 0,
            captured_stones: 0,
            suicide_stones: 0,
            old_next: self.next[p],
            old_head: self.head[p],
            old_libs: self.libs[p],
            old_size: self.sizes[p],
        };
        self.cells[p] = c;
        self.hash ^= ZOBRIST[c as usize][p];
        self.stone_count[(c & 1) as usize] += 1;
        self.remove_empty(p);
        self.next[p] = p as u16;
        self.head[p] = p as u16;
        self.sizes[p] = 1;

        let mut own = [NONE; 4];
        let mut n_own = 0;
        let mut opp = [NONE; 4];
        let mut n_opp = 0;
        let mut empties = 0u16;
        // Branch-free classification of the four neighbours (random playouts make these
        // branches unpredictable): `hs[k]` is the head of neighbour k if it is a stone and
        // NONE otherwise; a stone's chain is counted once, at its first neighbour. NONE
        // is never a head (index 0 is wall) and `libs[NONE]` stays 0.
        let ns = neighbors(p);
        let vs = ns.map(|n| self.cells[n]);
        let heads = ns.map(|n| self.head[n]);
        let mut hs = [NONE; 4];
        for k in 0..4 {
            let v = vs[k];
            empties += (v == EMPTY) as u16;
            let is_stone = v <= WHITE;
            let h = heads[k] & (is_stone as u16).wrapping_neg();
            let first = is_stone & (h != hs[0]) & (h != hs[1]) & (h != hs[2]);
            hs[k] = h;
            self.libs[h as usize] -= first as u16;
            own[n_own & 3] = h;
            n_own += (first & (v == c)) as usize;
            opp[n_opp & 3] = h;
            n_opp += (first & (v != c)) as usize;
        }
        self.libs[p] = empties;

        if n_own > 0 {
            // The largest adjacent chain survives; the others are relabelled.
            let mut s = own[0];
            for &h in &own[1..n_own] {
                if self.sizes[h as usize] > self.sizes[s as usize] {
                    s = h;
                }
            }
            let su = s as usize;
            u.survivor = s;
            u.survivor_libs = self.libs[su];
            u.survivor_size = self.sizes[su];
            self.head[p] = s;
            self.next.swap(p, su);
            self.sizes[su] += 1;
            if n_own == 1 {
                // New liberties: empty neighbours of p not already next to the chain.
                let mut add = 0;
                for n in ns {
                    if self.cells[n] == EMPTY {
                        let t = |m: usize| (m != p) & (self.cells[m] == c) & (self.head[m] == s);
                        let [a, b, e, d] = neighbors(n);
                        add += !(t(a) | t(b) | t(e) | t(d)) as u16;
                    }
                }
                self.libs[su] += add;
            } else {
                // Liberties of the merged chain: the survivor's (already without p) plus
                // the empty points next to p or to a smaller chain that are not next to
                // the survivor. Only the smaller chains are walked, not the survivor
                // (which is the largest), and before they are relabelled.
                let mut seen = [0u64; 16];
                let mut add = 0;
                for n in ns {
                    add += self.fresh_liberty(n, p, c, s, &mut seen);
                }
                for &b in &own[..n_own] {
                    if b == s {
                        continue;
                    }
                    let bu = b as usize;
                    let mut q = bu;
                    loop {
                        for n in neighbors(q) {
                            add += self.fresh_liberty(n, p, c, s, &mut seen);
                        }
                        q = self.next[q] as usize;
                        if q == bu {
                            break;
                        }
                    }
                }
                for &b in &own[..n_own] {
                    if b == s {
                        continue;
                    }
                    u.merged[u.n_merged as usize] = b;
                    u.n_merged += 1;
                    let bu = b as usize;
                    let mut q = bu;
                    loop {
                        self.head[q] = s;
                        q = self.next[q] as usize;
                        if q == bu {
                            break;
                        }
                    }
                    self.next.swap(su, bu);
                    self.sizes[su] += self.sizes[bu];
                }
                self.libs[su] += add;
            }
        }

        for &h in &opp[..n_opp] {
            if self.libs[h as usize] == 0 {
                u.captured[u.n_captured as usize] = h;
                u.n_captured += 1;
                u.captured_stones += self.lift_chain(h as usize);
            }
        }

        let my = self.head[p] as usize;
        if self.libs[my] == 0 {
            u.suicide = true;
            u.suicide_stones = self.lift_chain(my);
        }
        u
    }

    /// 1 if `e` is an empty point not yet in `seen` (which it is added to) and not next to
    /// a stone of the chain with head `s` other than `p`, else 0: a liberty that a merge
    /// at `p` into `s` adds.
    #[inline(always)]
    fn fresh_liberty(&self, e: usize, p: usize, c: u8, s: u16, seen: &mut [u64; 16]) -> u16 {
        if self.cells[e] != EMPTY {
            return 0;
        }
        let bit = 1u64 << (e % 64);
        let w = &mut seen[(e / 64) & 15];
        if *w & bit != 0 {
            return 0;
        }
        *w |= bit;
        let t = |m: usize| (m != p) & (self.cells[m] == c) & (self.head[m] == s);
        let [a, b, x, d] = neighbors(e);
        !(t(a) | t(b) | t(x) | t(d)) as u16
    }

    /// Removes the stones of the chain with head `h`, leaving its links intact, and gives
    /// each adjacent chain its liberties back. Returns the number of stones removed.
    fn lift_chain(&mut self, h: usize) -> u16 {
        let c = self.cells[h];
        let other = c ^ 1;
        let mut q = h;
        let mut count = 0;
        loop {
            self.cells[q] = EMPTY;
            self.hash ^= ZOBRIST[c as usize][q];
            self.add_empty(q);
            count += 1;
            // Branch-free: each distinct adjacent opponent chain gains one liberty
            // (other neighbours give NONE, and `libs[NONE]` gains 0).
            let ns = neighbors(q);
            let vs = ns.map(|n| self.cells[n]);
            let heads = ns.map(|n| self.head[n]);
            let mut hs = [NONE; 4];
            for k in 0..4 {
                let is_other = vs[k] == other;
                let hn = heads[k] & (is_other as u16).wrapping_neg();
                let first = is_other & (hn != hs[0]) & (hn != hs[1]) & (hn != hs[2]);
                hs[k] = hn;
                self.libs[hn as usize] += first as u16;
            }
            q = self.next[q] as usize;
            if q == h {
                break;
            }
        }
        self.stone_count[(c & 1) as usize] -= count;
        count
    }

    /// Puts back the stones of a lifted chain (head `h`, colour `c`), taking their
    /// liberties from the adjacent chains again.
    fn restore_chain(&mut self, h: usize, c: u8) {
        let other = c ^ 1;
        let mut q = h;
        let mut count = 0;
        loop {
            self.cells[q] = c;
            self.hash ^= ZOBRIST[c as usize][q];
            self.remove_empty(q);
            count += 1;
            let mut seen = [NONE; 4];
            let mut k = 0;
            for n in neighbors(q) {
                if self.cells[n] == other {
                    let hn = self.head[n];
                    if !seen[..k].contains(&hn) {
                        seen[k] = hn;
                        k += 1;
                        self.libs[hn as usize] -= 1;
                    }
                }
            }
            q = self.next[q] as usize;
            if q == h {
                break;
            }
        }
        self.libs[h] = 0;
        self.stone_count[(c & 1) as usize] += count;
    }

    /// Reverses [`Board::place`]. `undo` must be the latest record not yet undone.
    pub fn unplace(&mut self, u: &PlaceUndo) {
        let p = u.point as usize;
        let c = u.color;
        if u.suicide {
            let h = self.head[p] as usize;
            self.restore_chain(h, c);
        }
        for k in (0..u.n_captured as usize).rev() {
            self.restore_chain(u.captured[k] as usize, c ^ 1);
        }
        if u.survivor != NONE {
            let su = u.survivor as usize;
            for k in (0..u.n_merged as usize).rev() {
                let bu = u.merged[k] as usize;
                self.next.swap(su, bu);
                let mut q = bu;
                loop {
                    self.head[q] = bu as u16;
                    q = self.next[q] as usize;
                    if q == bu {
                        break;
                    }
                }
            }
            self.next.swap(p, su);
            self.libs[su] = u.survivor_libs;
            self.sizes[su] = u.survivor_size;
        }
        self.cells[p] = EMPTY;
        self.hash ^= ZOBRIST[c as usize][p];
        self.stone_count[(c & 1) as usize] -= 1;
        self.add_empty(p);
        let mut seen = [NONE; 4];
        let mut k = 0;
        for n in neighbors(p) {
            if self.cells[n] <= WHITE {
                let hn = self.head[n];
                if !seen[..k].contains(&hn) {
                    seen[k] = hn;
                    k += 1;
                    self.libs[hn as usize] += 1;
                }
            }
        }
        self.next[p] = u.old_next;
        self.head[p] = u.old_head;
        self.libs[p] = u.old_libs;
        self.sizes[p] = u.old_size;
    }

    /// Rebuilds chains, liberty counts, stone counts, the empty list and the hash from the
    /// stones alone and compares them with the incremental state.
    #[allow(clippy::needless_range_loop)]
    pub fn check_invariants(&self) -> Result<(), InvariantError> {
        let err = |p: usize, what| {
            Err(InvariantError {
                point: Point::from_index(p),
                what,
            })
        };
        let mut hash = 0u64;
        let mut counts = ByColor::new(0u16, 0u16);
        let mut empties = 0;
        for (i, &v) in self.cells.iter().enumerate() {
            let on_board = Point::from_index(i).is_some_and(|p| self.size.contains(p));
            if on_board != (v != WALL) {
                return err(i, "wall and board disagree");
            }
            if v == EMPTY {
                empties += 1;
                let pos = self.empty_pos[i] as usize;
                if self.empty_list.get(pos) != Some(&(i as u16)) {
                    return err(i, "empty list does not hold this empty point");
                }
            }
            if v <= WHITE {
                hash ^= ZOBRIST[v as usize][i];
                counts[color_of(v)] += 1;
            }
        }
        if empties != self.empty_list.len() {
            return err(0, "empty list has the wrong length");
        }
        if hash != self.hash {
            return err(0, "hash differs from a fresh computation");
        }
        if [counts.black, counts.white] != self.stone_count {
            return err(0, "stone counts differ");
        }
        // Flood fill every chain and compare membership, size and liberties.
        let mut done = PointBits::new();
        for p in self.size.points() {
            let i = p.index();
            let v = self.cells[i];
            if v > WHITE || done.contains(i) {
                continue;
            }
            let mut stack = vec![i];
            let mut members = Vec::new();
            done.insert(i);
            let mut libs = PointBits::new();
            let mut nlibs = 0;
            while let Some(q) = stack.pop() {
                members.push(q);
                for n in neighbors(q) {
                    if self.cells[n] == v && done.insert(n) {
                        stack.push(n);
                    } else if self.cells[n] == EMPTY && libs.insert(n) {
                        nlibs += 1;
                    }
                }
            }
            let h = self.head[i] as usize;
            if members.iter().any(|&q| self.head[q] as usize != h) {
                return err(i, "stones of one chain have different heads");
            }
            if self.cells[h] != v {
                return err(h, "chain head is not a stone of the chain");
            }
            if self.sizes[h] as usize != members.len() {
                return err(h, "chain size is wrong");
            }
            if self.libs[h] != nlibs {
                return err(h, "liberty count is wrong");
            }
            if nlibs == 0 {
                return err(h, "chain without liberties on the board");
            }
            // The circular list visits exactly the members.
            let mut q = h;
            let mut steps = 0;
            loop {
                if self.head[q] as usize != h || self.cells[q] != v {
                    return err(q, "chain list leaves the chain");
                }
                steps += 1;
                q = self.next[q] as usize;
                if q == h || steps > members.len() {
                    break;
                }
            }
            if q != h || steps != members.len() {
                return err(h, "chain list does not cycle through the chain");
            }
        }
        Ok(())
    }
}

#[inline(always)]
fn color_of(c: u8) -> Color {
    if c == BLACK {
        Color::Black
    } else {
        Color::White
    }
}
