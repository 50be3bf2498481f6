//! Criterion benches: light playouts (tesuji and goban), perft depth 3 on 9x9, play/undo.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use tesuji::playout::{bench, Rng};
use tesuji::{perft, BoardSize, Move, Point, Position};
use tesuji_bench::goban_bench;

/// Both engines play the same batch of playouts (same seed, so exactly the same moves);
/// one iteration is the whole batch.
fn playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("playout_batch");
    for (size, batch) in [(9usize, 20u64), (19, 2)] {
        g.bench_function(format!("tesuji_{size}x{size}_{batch}"), |b| {
            b.iter(|| bench(size, batch, black_box(12345)).checksum)
        });
        g.bench_function(format!("goban_{size}x{size}_{batch}"), |b| {
            b.iter(|| goban_bench(size, batch, black_box(12345)).checksum)
        });
    }
    g.finish();
}

fn perft3(c: &mut Criterion) {
    let pos = Position::new(BoardSize::square(9).unwrap());
    c.bench_function("perft_9x9_depth3", |b| {
        b.iter(|| {
            let n = perft(black_box(&pos), 3);
            assert_eq!(n, 511_920);
            n
        })
    });
}

fn play_undo(c: &mut Criterion) {
    // A middle-game-like position: 40 random stones from a playout prefix.
    let mut pos = Position::new(BoardSize::square(9).unwrap());
    let mut rng = Rng::new(99);
    let mut placed = 0;
    while placed < 40 {
        let p = Point::new(rng.below(9), rng.below(9));
        if pos.play(Move::Play(p)).is_ok() {
            placed += 1;
        }
    }
    let moves: Vec<Move> = pos.legal_moves();
    c.bench_function("play_undo_9x9_all_legal", |b| {
        b.iter(|| {
            for &mv in &moves {
                let r = pos.play_unchecked(mv);
                black_box(pos.board().hash());
                pos.undo(&r);
            }
        })
    });
}

criterion_group!(benches, playouts, perft3, play_undo);
criterion_main!(benches);
