//! Benchmarks for tesuji (not published).
//!
//! [`goban_bench`] runs the light-playout workload of [`tesuji::playout`] on the
//! [`goban`](https://crates.io/crates/goban) crate, so that the `peer` binary and the
//! criterion benches can compare the two in the same run. The workload is the one defined
//! in the documentation of [`tesuji::playout`]: same [`Rng`], same pick rule, same empty
//! list discipline, same eye rule, simple ko with suicide forbidden, same stopping rule, and
//! the same [`Checksum`] — the two implementations play exactly the same moves, which the
//! `peer` binary checks.
//!
//! # How the workload maps onto goban's API (goban 0.20.1)
//!
//! * The board is a [`goban::rules::game::Game`], the crate's entry point, played with
//!   [`Game::play`]. goban's `Game::play` records every position in its history set (for
//!   superko), which clones the board on every move; its API has no way to play without
//!   that, so the cost is part of what goban measures here.
//! * **Suicide** is checked with `Game::check_point_by(coord, IllegalRules::SUICIDE)`.
//! * **Ko** cannot be taken from goban: its own ko rule (`IllegalRules::KO`) marks the
//!   point of *any* single captured stone as a ko point when one chain of one stone was
//!   captured, even when the capturing stone has several liberties, so it forbids moves
//!   that are legal under simple ko. The peer therefore plays with goban's ko flag off and
//!   tracks the simple ko point itself from goban's public state: after a move that
//!   captured exactly one stone (the change of `Game::prisoners`), if the stone played has
//!   no neighbour of its colour and exactly one empty neighbour, that neighbour (the point
//!   of the captured stone) is the ko point for the next move.
//! * **The eye rule** uses `Goban::get_connected_points` (the on-board neighbours).
//! * **The empty list** is kept by the peer, like tesuji's playout keeps its own. goban
//!   does not report which stones a move captured, so after a capture the peer scans the
//!   board in row-major order for points that became empty (this costs O(points) on the
//!   capturing moves only).

use goban::pieces::stones::Color as GColor;
use goban::rules::game::Game;
use goban::rules::{GobanSizes, IllegalRules, Move, Rule, ScoreRules};
use std::time::Instant;
use tesuji::playout::{BenchReport, Checksum, Rng, RANDOM_TRIES};

/// The rule the peer gives goban: suicide forbidden, goban's ko rule off (the peer tracks
/// simple ko itself, see the crate documentation).
fn peer_rule() -> Rule {
    Rule {
        komi: 7.5,
        flag_illegal: IllegalRules::SUICIDE,
        flag_score: ScoreRules::KOMI | ScoreRules::STONES,
    }
}

/// The workload's state on top of a goban [`Game`].
struct GobanPlayout {
    n: u8,
    empty: Vec<(u8, u8)>,
    pos_in_empty: Vec<usize>,
    in_list: Vec<bool>,
    scratch: Vec<(u8, u8)>,
    checksum: Checksum,
}

fn color_code(c: GColor) -> u64 {
    match c {
        GColor::Black => 0,
        GColor::White => 1,
    }
}

impl GobanPlayout {
    fn new(n: u8) -> GobanPlayout {
        let area = n as usize * n as usize;
        GobanPlayout {
            n,
            empty: Vec::with_capacity(area),
            pos_in_empty: vec![0; area],
            in_list: vec![false; area],
            scratch: Vec::with_capacity(area),
            checksum: Checksum::new(),
        }
    }

    fn idx(&self, (r, c): (u8, u8)) -> usize {
        r as usize * self.n as usize + c as usize
    }

    fn push_empty(&mut self, p: (u8, u8)) {
        let i = self.idx(p);
        self.pos_in_empty[i] = self.empty.len();
        self.in_list[i] = true;
        self.empty.push(p);
    }

    fn remove_empty(&mut self, p: (u8, u8)) {
        let i = self.idx(p);
        let k = self.pos_in_empty[i];
        self.in_list[i] = false;
        let last = self.empty.pop().expect("point is in the empty list");
        if k < self.empty.len() {
            self.empty[k] = last;
            let li = self.idx(last);
            self.pos_in_empty[li] = k;
        }
    }

    /// Whether `p` qualifies for the side to move (see `tesuji::playout`).
    fn qualifies(game: &Game, ko: Option<(u8, u8)>, p: (u8, u8)) -> bool {
        if ko == Some(p) {
            return false;
        }
        let me = Some(game.turn());
        if game.get_connected_points(p).all(|q| q.color == me) {
            return false;
        }
        game.check_point_by(p, IllegalRules::SUICIDE).is_none()
    }

    fn choose(&mut self, game: &Game, ko: Option<(u8, u8)>, rng: &mut Rng) -> Option<(u8, u8)> {
        let n = self.empty.len();
        if n == 0 {
            return None;
        }
        for _ in 0..RANDOM_TRIES {
            let p = self.empty[rng.below(n)];
            if Self::qualifies(game, ko, p) {
                return Some(p);
            }
        }
        self.scratch.clear();
        self.scratch.extend_from_slice(&self.empty);
        for k in 0..n {
            let j = k + rng.below(n - k);
            self.scratch.swap(k, j);
            let p = self.scratch[k];
            if Self::qualifies(game, ko, p) {
                return Some(p);
            }
        }
        None
    }

    /// One playout from the empty board; returns the number of moves (passes included).
    fn run(&mut self, rng: &mut Rng) -> u64 {
        let n = self.n;
        let mut game = Game::new(GobanSizes::Custom(n as usize, n as usize), peer_rule());
        self.empty.clear();
        self.in_list.iter_mut().for_each(|b| *b = false);
        for r in 0..n {
            for c in 0..n {
                self.push_empty((r, c));
            }
        }
        let max_moves = 3 * n as u64 * n as u64;
        let mut moves = 0;
        let mut passes_in_a_row = 0;
        let mut ko: Option<(u8, u8)> = None;
        while moves < max_moves && passes_in_a_row < 2 {
            moves += 1;
            let me = game.turn();
            match self.choose(&game, ko, rng) {
                None => {
                    self.checksum.add_pass(color_code(me));
                    game.play(Move::Pass);
                    passes_in_a_row += 1;
                    ko = None;
                }
                Some(p) => {
                    passes_in_a_row = 0;
                    // goban's (row, column) is tesuji's (y, x).
                    self.checksum
                        .add_play(color_code(me), p.1 as u64, p.0 as u64);
                    self.remove_empty(p);
                    let (b0, w0) = game.prisoners();
                    game.play(Move::Play(p.0, p.1));
                    let (b1, w1) = game.prisoners();
                    let captured = (b1 - b0) + (w1 - w0);
                    ko = None;
                    if captured > 0 {
                        for r in 0..n {
                            for c in 0..n {
                                let i = self.idx((r, c));
                                if !self.in_list[i] && game.get_color((r, c)).is_none() {
                                    self.push_empty((r, c));
                                }
                            }
                        }
                    }
                    if captured == 1 {
                        let mut own = 0;
                        let mut empties = 0;
                        let mut last_empty = None;
                        for q in game.get_connected_points(p) {
                            match q.color {
                                None => {
                                    empties += 1;
                                    last_empty = Some(q.coord);
                                }
                                Some(c) if c == me => own += 1,
                                Some(_) => {}
                            }
                        }
                        if own == 0 && empties == 1 {
                            ko = last_empty;
                        }
                    }
                }
            }
        }
        moves
    }
}

/// Runs `count` playouts of the workload on `size` x `size` (at most 19x19, goban's limit)
/// with goban, one [`Rng`] seeded with `seed`, and reports the figures with
/// `engine=goban`.
///
/// # Panics
///
/// If `size` is 0 or above 19.
pub fn goban_bench(size: usize, count: u64, seed: u64) -> BenchReport {
    assert!((1..=19).contains(&size), "goban supports sizes 1 to 19");
    let mut state = GobanPlayout::new(size as u8);
    let mut rng = Rng::new(seed);
    let mut moves = 0;
    let start = Instant::now();
    for _ in 0..count {
        moves += state.run(&mut rng);
    }
    let seconds = start.elapsed().as_secs_f64();
    BenchReport {
        engine: "goban",
        size,
        playouts: count,
        seed,
        moves,
        seconds,
        checksum: state.checksum,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goban_plays_the_same_moves_as_tesuji() {
        for (size, count, seed) in [(9, 30, 12345), (5, 50, 1), (13, 5, 7), (19, 2, 12345)] {
            let ours = tesuji::playout::bench(size, count, seed);
            let theirs = goban_bench(size, count, seed);
            assert_eq!(ours.checksum, theirs.checksum, "size {size} seed {seed}");
            assert_eq!(ours.moves, theirs.moves);
        }
        assert_eq!(goban_bench(9, 100, 12345).checksum.0, 0xb79e_bf8c_d6de_6a17);
    }
}
