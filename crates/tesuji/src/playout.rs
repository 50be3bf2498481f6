//! Light random playouts: the benchmark workload.
//!
//! A *light playout* plays uniformly random moves, avoiding only illegal moves and the
//! filling of one's own single-point eyes, until both players pass. It is the classic
//! benchmark of a Go board implementation, because it exercises exactly the operations a
//! Monte-Carlo engine spends its time in: legality checks, stone placement, merging and
//! capturing. [`bench()`] runs it and reports `key=value` figures; the peer comparison in the
//! `tesuji-bench` crate runs the *same* workload on another library.
//!
//! # The workload, precisely
//!
//! Every detail below is part of the definition, so that two implementations of it play
//! the same moves and report the same [`Checksum`].
//!
//! * **Random numbers.** [`Rng`] is splitmix64 seeded with the seed (12345 unless given);
//!   a *pick* below `n` is `((next() >> 32) * n) >> 32` ([`Rng::below`]). One generator
//!   runs through all the playouts of a bench, in order.
//! * **Start.** Each playout starts from the empty board with Black to move and no ko.
//! * **The empty list.** The playout keeps its own list `E` of the empty points. It starts
//!   as all points in row-major order (row by row from the top, each row from the left).
//!   When a stone is played on the point at position `k` of `E`, the last entry of `E`
//!   moves to position `k` and `E` shrinks by one (a swap-remove; if `k` is the last
//!   position it is simply removed). Then the stones the move captured, from all captured
//!   chains together, are appended in row-major order.
//! * **Candidates.** A point `p` of `E` *qualifies* for the mover when it is not the simple
//!   ko point, is not an *own eye* (each of its four orthogonal neighbours is either off
//!   the board or a stone of the mover), and is not suicide (after captures the new stone's
//!   chain would have a liberty). This is [`crate::Position::check`] with the default
//!   rules (simple ko, suicide forbidden) plus the eye rule. The simple ko point is the
//!   point of a single stone just captured by a single stone that, after the capture, has
//!   exactly one liberty and no neighbouring stone of its colour.
//! * **Choosing a move.** With `n = |E|`: if `n = 0` the mover passes. Otherwise up to 16
//!   times draw `k` = a pick below `n` and play `E[k]` if it qualifies. If none of the 16
//!   did, copy `E` to `S` and scan a lazily shuffled `S`: for `i = 0, 1, …, n-1`, draw
//!   `j = i +` a pick below `n - i` (a draw is made even when `n - i = 1`), swap `S[i]`
//!   and `S[j]`, and play `S[i]` if it qualifies; stop drawing as soon as one does. If no
//!   point qualifies the mover passes.
//! * **End.** The playout ends after two consecutive passes, or when `3 × (number of
//!   points)` moves, passes included, have been made (for 9x9, 243 moves).
//! * **Counting.** A *move* is a stone played or a pass; [`PlayoutStats::moves`] counts
//!   both, [`PlayoutStats::passes`] the passes.
//! * **Checksum.** FNV-1a over 64-bit words: starting from `0xcbf29ce484222325`, for every
//!   move of every playout, in order, `h = (h ^ code) * 0x100000001b3` (wrapping), where
//!   `code = 1024 × colour + 32 × y + x` for a stone on column `x`, row `y` (0-based from the
//!   top left; colour 0 for Black, 1 for White) and `code = 1024 × colour + 1023` for a
//!   pass. See [`Checksum`].
//!
//! ```
//! use tesuji::playout;
//! let report = playout::bench(9, 20, 12345);
//! assert_eq!(report.playouts, 20);
//! // Same seed, same moves, same checksum.
//! assert_eq!(report.checksum, playout::bench(9, 20, 12345).checksum);
//! println!("{report}");
//! ```

#[cfg(test)]
use crate::board::{neighbors, EMPTY, WALL};
use crate::clock::Instant;
use crate::point::{BoardSize, ARRAY_LEN, STRIDE};
use crate::position::Position;
use std::fmt;

/// The seed of [`bench()`] when none is given.
pub const DEFAULT_SEED: u64 = 12345;

/// How many random picks are tried before the shuffled scan.
pub const RANDOM_TRIES: usize = 16;

/// The splitmix64 random generator of the workload.
///
/// ```
/// use tesuji::playout::Rng;
/// let mut rng = Rng::new(12345);
/// let k = rng.below(81);
/// assert!(k < 81);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose state is `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64-bit output of splitmix64.
    #[inline(always)]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Advances the generator as `n` calls of [`Rng::next`] would, in O(1).
    #[inline]
    pub fn skip(&mut self, n: u64) {
        self.state = self
            .state
            .wrapping_add(n.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    }

    /// A pick below `n` (`n` at most 2^32): `((next() >> 32) * n) >> 32`.
    #[inline(always)]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// The FNV-1a checksum of the moves of a workload, as defined in the
/// [module documentation](self).
///
/// ```
/// use tesuji::playout::Checksum;
/// let mut a = Checksum::new();
/// a.add_play(0, 2, 3);
/// a.add_pass(1);
/// let mut b = Checksum::new();
/// b.add_code(2 + 32 * 3);
/// b.add_code(1024 + 1023);
/// assert_eq!(a, b);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Checksum(pub u64);

impl Checksum {
    /// FNV-1a offset basis.
    pub const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    /// FNV-1a prime.
    pub const PRIME: u64 = 0x0000_0100_0000_01b3;

    /// The checksum of no moves.
    pub const fn new() -> Checksum {
        Checksum(Self::OFFSET)
    }

    /// Mixes in one move code.
    #[inline(always)]
    pub fn add_code(&mut self, code: u64) {
        self.0 = (self.0 ^ code).wrapping_mul(Self::PRIME);
    }

    /// Mixes in a stone of colour `color` (0 Black, 1 White) on column `x`, row `y`.
    #[inline(always)]
    pub fn add_play(&mut self, color: u64, x: u64, y: u64) {
        self.add_code(1024 * color + 32 * y + x);
    }

    /// Mixes in a pass by colour `color` (0 Black, 1 White).
    #[inline(always)]
    pub fn add_pass(&mut self, color: u64) {
        self.add_code(1024 * color + 1023);
    }
}

impl Default for Checksum {
    fn default() -> Checksum {
        Checksum::new()
    }
}

/// What one playout did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayoutStats {
    /// Moves made, passes included.
    pub moves: u32,
    /// Passes among them.
    pub passes: u32,
    /// Stones captured by both sides.
    pub captures: u32,
}

/// Figures of a run of the workload, printed by `Display` as one line of `key=value`
/// pairs:
///
/// ```text
/// engine=tesuji size=9 playouts=10000 seed=12345 seconds=0.131 playouts_per_s=76335
/// moves_per_s=9260000 avg_moves=121.30 checksum=0x1234abcd5678ef90
/// ```
///
/// (on one line). `playouts_per_s` and `moves_per_s` are rounded to integers,
/// `avg_moves` (moves per playout, passes included) has two decimals, and `checksum` is
/// the [`Checksum`] in hexadecimal.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchReport {
    /// Which implementation ran the workload (`tesuji` here).
    pub engine: &'static str,
    /// Board side.
    pub size: usize,
    /// Number of playouts.
    pub playouts: u64,
    /// The seed of the [`Rng`].
    pub seed: u64,
    /// Moves of all playouts, passes included.
    pub moves: u64,
    /// Wall-clock time of the playouts, in seconds.
    pub seconds: f64,
    /// Checksum of all moves.
    pub checksum: Checksum,
}

impl BenchReport {
    /// Playouts per second.
    pub fn playouts_per_s(&self) -> f64 {
        self.playouts as f64 / self.seconds.max(1e-9)
    }
    /// Moves (passes included) per second.
    pub fn moves_per_s(&self) -> f64 {
        self.moves as f64 / self.seconds.max(1e-9)
    }
    /// Average moves per playout (passes included).
    pub fn avg_moves(&self) -> f64 {
        self.moves as f64 / (self.playouts.max(1)) as f64
    }
}

impl fmt::Display for BenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "engine={} size={} playouts={} seed={} seconds={:.3} playouts_per_s={:.0} \
             moves_per_s={:.0} avg_moves={:.2} checksum={:#018x}",
            self.engine,
            self.size,
            self.playouts,
            self.seed,
            self.seconds,
            self.playouts_per_s(),
            self.moves_per_s(),
            self.avg_moves(),
            self.checksum.0
        )
    }
}

/// Capacity of the playout's index arrays: a power of two above [`ARRAY_LEN`], so that
/// indices masked with `SLOTS - 1` need no bounds check.
const SLOTS: usize = 1024;
const MASK: usize = SLOTS - 1;
const _: () = assert!(SLOTS >= ARRAY_LEN);

/// Reusable state of the playout loop: the empty list of the workload and scratch space.
///
/// Keeping one `Playout` across many playouts avoids reallocating; [`run_playout`] makes a
/// fresh one each call.
#[derive(Clone)]
pub struct Playout {
    empty: Box<[u16; SLOTS]>,
    n_empty: usize,
    pos_in_empty: Box<[u16; SLOTS]>,
    scratch: Box<[u16; SLOTS]>,
    ok: Box<[bool; SLOTS]>,
    captured: Vec<u16>,
    checksum: Checksum,
}

impl Default for Playout {
    fn default() -> Playout {
        Playout::new()
    }
}

impl Playout {
    /// Fresh playout state.
    pub fn new() -> Playout {
        Playout {
            empty: Box::new([0; SLOTS]),
            n_empty: 0,
            pos_in_empty: Box::new([0; SLOTS]),
            scratch: Box::new([0; SLOTS]),
            ok: Box::new([false; SLOTS]),
            captured: Vec::with_capacity(ARRAY_LEN),
            checksum: Checksum::new(),
        }
    }

    /// The checksum of all moves played through this state so far.
    pub fn checksum(&self) -> Checksum {
        self.checksum
    }

    /// The playout's empty list (see the [module documentation](self)).
    pub fn empty_list(&self) -> &[u16] {
        &self.empty[..self.n_empty]
    }

    /// Plays one light playout from `pos` to the end (see the
    /// [module documentation](self)), mixing its moves into [`Playout::checksum`].
    ///
    /// The workload is defined from the empty board with Black to move; from another
    /// position the same rules apply, with the empty list starting as that position's
    /// empty points in row-major order and its side to move and ko point.
    pub fn run(&mut self, pos: &mut Position, rng: &mut Rng) -> PlayoutStats {
        let size = pos.size();
        self.n_empty = 0;
        for p in size.points() {
            if pos.board().is_empty(p) {
                self.push_empty(p.index());
            }
        }
        let max_moves = 3 * size.area() as u32;
        let mut stats = PlayoutStats::default();
        let mut consecutive_passes = 0;
        while stats.moves < max_moves && consecutive_passes < 2 {
            let color = pos.to_play() as u8;
            stats.moves += 1;
            match self.choose(pos, rng) {
                None => {
                    pos.pass_fast();
                    self.checksum.add_pass(color as u64);
                    stats.passes += 1;
                    consecutive_passes += 1;
                }
                Some(i) => {
                    consecutive_passes = 0;
                    // Column and row of the padded index (see `crate::point`).
                    let (x, y) = (i % STRIDE - 1, i / STRIDE - 1);
                    self.checksum.add_play(color as u64, x as u64, y as u64);
                    self.remove_empty(i);
                    let u = pos.play_fast(i);
                    let n = u.captured_count();
                    if n > 0 {
                        stats.captures += n as u32;
                        self.add_captured(pos, &u);
                    }
                }
            }
        }
        stats
    }

    /// Appends the stones captured by `u` to the empty list, in row-major order.
    #[cold]
    fn add_captured(&mut self, pos: &Position, u: &crate::board::PlaceUndo) {
        let b = pos.board();
        self.captured.clear();
        for &h in u.captured_heads() {
            let h = h as usize;
            let mut q = h;
            loop {
                self.captured.push(q as u16);
                q = b.next_of(q);
                if q == h {
                    break;
                }
            }
        }
        if self.captured.len() > 1 {
            self.captured.sort_unstable();
        }
        for k in 0..self.captured.len() {
            let s = self.captured[k] as usize;
            self.push_empty(s);
        }
    }

    #[inline(always)]
    fn push_empty(&mut self, i: usize) {
        self.pos_in_empty[i & MASK] = self.n_empty as u16;
        self.empty[self.n_empty & MASK] = i as u16;
        self.n_empty += 1;
    }

    #[inline(always)]
    fn remove_empty(&mut self, i: usize) {
        let k = self.pos_in_empty[i & MASK] as usize;
        self.n_empty -= 1;
        let last = self.empty[self.n_empty & MASK];
        self.empty[k & MASK] = last;
        self.pos_in_empty[last as usize & MASK] = k as u16;
    }

    /// The move of the workload's pick rule, or `None` for a pass.
    #[inline]
    fn choose(&mut self, pos: &Position, rng: &mut Rng) -> Option<usize> {
        let n = self.n_empty;
        if n == 0 {
            return None;
        }
        let b = pos.board();
        let c = pos.to_play() as u8;
        let ko = pos.ko_point().map_or(0, |k| k.index());
        for _ in 0..RANDOM_TRIES {
            let i = self.empty[rng.below(n) & MASK] as usize;
            if i != ko && b.playout_candidate(i, c) {
                return Some(i);
            }
        }
        self.scan(pos, rng)
    }

    /// The shuffled scan after the random tries failed.
    ///
    /// Equivalent to testing the points in the order of a lazy Fisher-Yates shuffle of a
    /// copy of the empty list, but faster: the points are tested once, in list order
    /// (no dependency on the random numbers), and when none qualifies the generator is
    /// advanced past the `n` draws the scan would have made in O(1) (splitmix64's state
    /// moves by a constant per draw, and the draws of a fruitless scan are not used).
    #[cold]
    fn scan(&mut self, pos: &Position, rng: &mut Rng) -> Option<usize> {
        let n = self.n_empty;
        let b = pos.board();
        let c = pos.to_play() as u8;
        let ko = pos.ko_point().map_or(0, |k| k.index());
        let mut qualifying = 0;
        for k in 0..n {
            let i = self.empty[k & MASK] as usize;
            let ok = (i != ko) & b.playout_candidate(i, c);
            self.ok[i & MASK] = ok;
            qualifying += ok as usize;
        }
        if qualifying == 0 {
            rng.skip(n as u64);
            return None;
        }
        self.scratch[..n].copy_from_slice(&self.empty[..n]);
        for k in 0..n {
            let j = k + rng.below(n - k);
            self.scratch.swap(k & MASK, j & MASK);
            let i = self.scratch[k & MASK] as usize;
            if self.ok[i & MASK] {
                return Some(i);
            }
        }
        unreachable!("a qualifying point was counted")
    }
}

/// Whether the empty point `i` qualifies for the side to move: not the ko point, not an
/// own eye, not suicide (the plain definition; the loop uses the fused
/// `Board::playout_candidate`).
#[cfg(test)]
fn qualifies(pos: &Position, i: usize) -> bool {
    let b = pos.board();
    let c = pos.to_play() as u8;
    let own_or_wall = |n: usize| {
        let v = b.cell(n);
        v == c || v == WALL
    };
    if neighbors(i).iter().all(|&n| own_or_wall(n)) {
        return false;
    }
    if pos.ko_point().map(|k| k.index()) == Some(i) {
        return false;
    }
    debug_assert_eq!(b.cell(i), EMPTY);
    b.is_not_suicide(i, c, false)
}

/// Plays one light playout from `pos` to the end with a fresh [`Playout`] state.
///
/// ```
/// use tesuji::{playout, BoardSize, Position};
/// let mut pos = Position::new(BoardSize::square(9).unwrap());
/// let stats = playout::run_playout(&mut pos, &mut playout::Rng::new(1));
/// assert!(stats.moves >= 2 && stats.moves <= 243);
/// assert!(pos.board().check_invariants().is_ok());
/// ```
pub fn run_playout(pos: &mut Position, rng: &mut Rng) -> PlayoutStats {
    Playout::new().run(pos, rng)
}

/// Runs `count` playouts on the empty `size` x `size` board with one [`Rng`] seeded with
/// `seed`, and reports the figures (timed with the wall clock, single-threaded). This is
/// what `tesuji bench playouts --size N --count K [--seed S]` prints (seed
/// [`DEFAULT_SEED`] unless given); print the report with `{}` for the `key=value` line.
///
/// # Panics
///
/// If `size` is not between 1 and 25.
pub fn bench(size: usize, count: u64, seed: u64) -> BenchReport {
    let board_size = BoardSize::square(size as u64).expect("board size between 1 and 25");
    let empty = Position::new(board_size);
    let mut rng = Rng::new(seed);
    let mut state = Playout::new();
    let mut moves = 0u64;
    let start = Instant::now();
    for _ in 0..count {
        let mut pos = empty.clone();
        moves += state.run(&mut pos, &mut rng).moves as u64;
    }
    let seconds = start.elapsed().as_secs_f64();
    BenchReport {
        engine: "tesuji",
        size,
        playouts: count,
        seed,
        moves,
        seconds,
        checksum: state.checksum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checksum of `bench(9, 100, 12345)`.
    const PINNED_9X9_100: u64 = 0xb79e_bf8c_d6de_6a17;

    #[test]
    fn rng_is_splitmix64() {
        let mut r = Rng::new(0);
        // Reference values of splitmix64 seeded with 0.
        assert_eq!(r.next(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next(), 0x6e78_9e6a_a1b9_65f4);
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..37 {
            a.next();
        }
        b.skip(37);
        assert_eq!(a, b);
        let mut r = Rng::new(12345);
        for _ in 0..1000 {
            assert!(r.below(81) < 81);
        }
    }

    #[test]
    fn playouts_keep_invariants_and_follow_the_rules() {
        for size in [1u64, 2, 5, 9, 13] {
            let empty = Position::new(BoardSize::square(size).unwrap());
            let mut rng = Rng::new(size);
            let mut state = Playout::new();
            for _ in 0..20 {
                let mut pos = empty.clone();
                let stats = state.run(&mut pos, &mut rng);
                assert!(stats.moves <= 3 * (size * size) as u32);
                pos.board().check_invariants().unwrap();
                // The playout's empty list matches the board.
                let mut a: Vec<u16> = state.empty_list().to_vec();
                let mut b: Vec<u16> = pos.board().empty_points().to_vec();
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b);
                // When it ended by passing, no point qualified for the last to pass (who
                // had no ko restriction, since the pass before cleared it).
                if stats.moves < 3 * (size * size) as u32 {
                    let mut p2 = pos.clone();
                    p2.set_to_play(!pos.to_play());
                    assert_eq!(p2.ko_point(), None);
                    for &i in pos.board().empty_points() {
                        assert!(!qualifies(&p2, i as usize));
                    }
                }
            }
        }
    }

    #[test]
    fn random_games_keep_the_board_exact_move_by_move() {
        // Random legal moves (captures, merges of up to four chains, ko), checking the
        // incremental state against a fresh computation after every move and every undo.
        for size in [3u64, 5, 7, 9] {
            let mut rng = Rng::new(size * 7 + 1);
            for _ in 0..15 {
                let mut pos = Position::new(BoardSize::square(size).unwrap());
                let mut records = Vec::new();
                for _ in 0..(4 * size * size) {
                    let moves: Vec<_> = pos.legal_moves();
                    let mv = moves[rng.below(moves.len())];
                    records.push(pos.play(mv).unwrap());
                    pos.board().check_invariants().unwrap();
                }
                while let Some(r) = records.pop() {
                    pos.undo(&r);
                    pos.board().check_invariants().unwrap();
                }
                assert_eq!(pos.board().empty_count(), (size * size) as usize);
            }
        }
    }

    #[test]
    fn bench_is_reproducible() {
        let a = bench(9, 30, 12345);
        let b = bench(9, 30, 12345);
        assert_eq!(a.checksum, b.checksum);
        assert_eq!(a.moves, b.moves);
        assert_ne!(a.checksum, bench(9, 30, 1).checksum);
        let line = a.to_string();
        for key in [
            "playouts_per_s=",
            "moves_per_s=",
            "avg_moves=",
            "checksum=0x",
        ] {
            assert!(line.contains(key), "{line}");
        }
    }

    #[test]
    fn checksum_of_the_reference_run() {
        // Pinned: any change of the workload or of the board that changes the moves
        // played shows up here. The goban peer (tesuji-bench) reproduces this value.
        assert_eq!(bench(9, 100, 12345).checksum.0, PINNED_9X9_100);
    }
}
