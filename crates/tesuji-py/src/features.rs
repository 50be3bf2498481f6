//! `tesuji.features`: input planes for neural networks, in the style of KataGo's, for a
//! batch of games, computed without the GIL and on several threads.

use crate::errors::{guard, Error, Result};
use crate::game::Game;
use numpy::ndarray::Array4;
use numpy::PyArray4;
use pyo3::prelude::*;
use tesuji::{benson, ladder, IllegalReason, KoRule, Move, Point};

/// The planes of [`features`], in order: name and meaning. Written into the Python docs and
/// exported as `tesuji.FEATURE_PLANES`.
pub const PLANES: [(&str, &str); 16] = [
    (
        "on_board",
        "1 on every point of the game's board (0 on the padding when a batch mixes sizes)",
    ),
    ("own_stones", "stones of the side to move"),
    ("opponent_stones", "stones of the other side"),
    (
        "liberties_1",
        "stones of chains with exactly 1 liberty (either colour)",
    ),
    ("liberties_2", "stones of chains with exactly 2 liberties"),
    ("liberties_3_plus", "stones of chains with 3 or more liberties"),
    (
        "ko_ban",
        "empty points the side to move may not play because of ko: the simple-ko point, and under a superko ruleset the points whose move would repeat a position",
    ),
    (
        "ladder_captured",
        "stones of chains that a ladder captures: 1 liberty with their owner to move, or 2 liberties with the opponent to move (KataGo's feature 14; either colour)",
    ),
    (
        "ladder_moves",
        "moves of the side to move that start a working ladder against an opponent chain with 2 liberties (KataGo's feature 17)",
    ),
    ("last_move_1", "the point of the last move (nothing for a pass)"),
    ("last_move_2", "the point of the move before it"),
    ("last_move_3", "the point of the 3rd last move"),
    ("last_move_4", "the point of the 4th last move"),
    ("last_move_5", "the point of the 5th last move"),
    (
        "own_safe",
        "points unconditionally safe for the side to move (Benson): its pass-alive stones and the territory they make safe",
    ),
    (
        "opponent_safe",
        "points unconditionally safe for the other side (Benson)",
    ),
];

const ON_BOARD: usize = 0;
const OWN: usize = 1;
const OPPONENT: usize = 2;
const LIBERTIES: usize = 3;
const KO_BAN: usize = 6;
const LADDER_CAPTURED: usize = 7;
const LADDER_MOVES: usize = 8;
const LAST_MOVES: usize = 9;
const HISTORY: usize = 5;
const OWN_SAFE: usize = 14;
const OPPONENT_SAFE: usize = 15;

/// Writes the planes of `game` into `out` (`PLANES.len() * height * width` values, zero on
/// entry), for a batch whose boards are `height` x `width` (at least the game's size).
fn fill(game: &tesuji::Game, bans: &[Point], out: &mut [f32], height: usize, width: usize) {
    let pos = game.position();
    let size = pos.size();
    let board = pos.board();
    let me = pos.to_play();
    let area = height * width;
    let at = |plane: usize, p: Point| plane * area + p.y() * width + p.x();
    for p in size.points() {
        out[at(ON_BOARD, p)] = 1.0;
        if let Some(c) = board.get(p) {
            out[at(if c == me { OWN } else { OPPONENT }, p)] = 1.0;
            let libs = board.liberty_count(p).clamp(1, 3);
            out[at(LIBERTIES + libs - 1, p)] = 1.0;
        }
    }
    for p in pos.ko_point().iter().chain(bans) {
        out[at(KO_BAN, *p)] = 1.0;
    }
    let lf = ladder::features(pos);
    for p in lf.captured.points() {
        out[at(LADDER_CAPTURED, p)] = 1.0;
    }
    for p in lf.working_moves[me].points() {
        out[at(LADDER_MOVES, p)] = 1.0;
    }
    let n = game.move_count();
    let recent: Vec<Move> = game
        .moves()
        .skip(n.saturating_sub(HISTORY))
        .map(|(_, m)| m)
        .collect();
    for (back, mv) in recent.iter().rev().enumerate() {
        if let Move::Play(p) = *mv {
            out[at(LAST_MOVES + back, p)] = 1.0;
        }
    }
    let safe = benson::unconditional_life(board, pos.suicide_rule());
    for (plane, color) in [(OWN_SAFE, me), (OPPONENT_SAFE, !me)] {
        for p in safe.safe_points(color) {
            out[at(plane, p)] = 1.0;
        }
    }
}

/// The empty points where the side to move may not play because of superko (not the
/// simple-ko point). Checking a move plays it and takes it back, hence `&mut`; the game is
/// left as it was.
fn superko_bans(game: &mut tesuji::Game) -> Vec<Point> {
    if game.ruleset().ko == KoRule::Simple || game.is_over() {
        return Vec::new();
    }
    let me = game.to_play();
    let board = game.position().board();
    let empty: Vec<Point> = (0..board.empty_count())
        .map(|i| board.empty_point(i))
        .collect();
    empty
        .into_iter()
        .filter(|&p| game.check_as(me, Move::Play(p)) == Err(IllegalReason::Superko))
        .collect()
}

/// The number of worker threads for `n` positions: `workers`, else the cores (each given
/// at least 8 positions).
fn thread_count(workers: Option<usize>, n: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    workers.unwrap_or(cores).clamp(1, n.div_ceil(8).max(1))
}

/// Computes the planes of `games` (with the superko bans of each) into one `(N, C, H, W)`
/// buffer.
fn compute(
    games: &[(&tesuji::Game, Vec<Point>)],
    threads: usize,
) -> Result<(Vec<f32>, usize, usize)> {
    let height = games
        .iter()
        .map(|(g, _)| g.position().size().height())
        .max()
        .unwrap_or(0);
    let width = games
        .iter()
        .map(|(g, _)| g.position().size().width())
        .max()
        .unwrap_or(0);
    let per = PLANES.len() * height * width;
    let mut out = vec![0f32; games.len() * per];
    if per == 0 {
        return Ok((out, height, width));
    }
    let chunk = games.len().div_ceil(threads).max(1);
    let run = |gs: &[(&tesuji::Game, Vec<Point>)], buf: &mut [f32]| {
        guard(|| {
            for ((g, bans), o) in gs.iter().zip(buf.chunks_mut(per)) {
                fill(g, bans, o, height, width);
            }
            Ok(())
        })
    };
    if threads <= 1 {
        run(games, &mut out)?;
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = games
                .chunks(chunk)
                .zip(out.chunks_mut(chunk * per))
                .map(|(gs, buf)| s.spawn(move || run(gs, buf)))
                .collect();
            handles.into_iter().try_for_each(|h| {
                h.join()
                    .unwrap_or_else(|p| Err(Error::internal(p.as_ref())))
            })
        })?;
    }
    Ok((out, height, width))
}

/// The input planes of a batch of games as one float32 numpy array of shape
/// `(N, C, H, W)`; see `FEATURE_PLANES` for the planes.
///
/// The superko bans are found first, with the GIL (a check plays a move and takes it back);
/// the rest runs without it, on `workers` threads (default: every core).
pub fn features<'py>(
    py: Python<'py>,
    games: &[Bound<'py, Game>],
    workers: Option<usize>,
) -> PyResult<Bound<'py, PyArray4<f32>>> {
    let mut bans = Vec::with_capacity(games.len());
    for g in games {
        bans.push(superko_bans(&mut g.try_borrow_mut()?.game));
    }
    let refs: Vec<PyRef<'py, Game>> = games
        .iter()
        .map(|g| g.try_borrow())
        .collect::<std::result::Result<_, _>>()?;
    let inner: Vec<(&tesuji::Game, Vec<Point>)> = refs.iter().map(|g| &g.game).zip(bans).collect();
    let threads = thread_count(workers, inner.len());
    let (values, height, width) = py.detach(|| compute(&inner, threads))?;
    let shape = (inner.len(), PLANES.len(), height, width);
    let array = Array4::from_shape_vec(shape, values).expect("the shape matches the values");
    Ok(PyArray4::from_owned_array(py, array))
}
