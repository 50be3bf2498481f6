//! Perft (move-path counts) on the empty 9x9 board, and small-board perft cross-checked
//! against the slow reference implementation in `common` (flood fill, no incremental
//! state): the independent oracle for captures, simple ko and suicide on tiny boards.

mod common;

use common::{ref_perft, size, RefPos};
use tesuji::{perft, Position, Suicide};

#[test]
fn perft_9x9_depth_1_to_3() {
    let pos = Position::new(size(9, 9));
    assert_eq!(perft(&pos, 1), 81);
    assert_eq!(perft(&pos, 2), 6480);
    assert_eq!(perft(&pos, 3), 511_920);
}

#[test]
fn perft_9x9_depth_4() {
    let pos = Position::new(size(9, 9));
    assert_eq!(perft(&pos, 4), 39_929_136);
}

#[test]
#[ignore = "about 15 s at opt-level 2 (measured 13.7 s)"]
fn perft_9x9_depth_5() {
    let pos = Position::new(size(9, 9));
    assert_eq!(perft(&pos, 5), 3_074_496_080);
}

/// Compares the library's perft with the reference perft at every depth up to `max`.
fn cross_check(w: u64, h: u64, max: u32, multi_suicide: bool) -> Vec<u64> {
    let mut pos = Position::new(size(w, h));
    let mut r = RefPos::new(w as usize, h as usize);
    if multi_suicide {
        pos.set_suicide_rule(Suicide::MultiStoneAllowed);
        r.multi_suicide = true;
    }
    (1..=max)
        .map(|d| {
            let expected = ref_perft(&r, d);
            assert_eq!(
                perft(&pos, d),
                expected,
                "{w}x{h} depth {d} multi-stone suicide {multi_suicide}"
            );
            expected
        })
        .collect()
}

#[test]
fn perft_tiny_boards_match_reference() {
    // 1xN boards: captures and suicide from the first moves on.
    cross_check(1, 1, 3, false);
    cross_check(1, 2, 8, false);
    cross_check(1, 3, 10, false);
    cross_check(1, 5, 8, false);
    // 2x2 deep: captures, ko and suicide in every line.
    let counts = cross_check(2, 2, 14, false);
    assert_eq!(&counts[..3], &[4, 12, 24]);
    cross_check(2, 2, 14, true);
    cross_check(2, 3, 9, false);
}

#[test]
fn perft_3x3_matches_reference() {
    // 3x3 to depth 8: first captures at depth 5 (corner), kos after that.
    let counts = cross_check(3, 3, 8, false);
    assert_eq!(&counts[..2], &[9, 72]);
    cross_check(3, 3, 6, true);
}

#[test]
fn perft_from_ko_positions_match_reference() {
    // Start from positions with a ko on the board so that depth-limited counts go through
    // many ko captures and recaptures.
    for diagram in [
        "
        . X O .
        X . X O
        . X O .
        White to move
        ",
        "
        o
        -----
        -xo--
        x-xo-
        -xo--
        -----
        ",
    ] {
        let pos = tesuji::ascii::parse_diagram(diagram).unwrap();
        let r = RefPos::from_position(&pos);
        for d in 1..=4 {
            assert_eq!(perft(&pos, d), ref_perft(&r, d), "depth {d}\n{diagram}");
        }
    }
}

/// Counts, over all move paths of length up to `depth`, the moves that capture and the
/// moves that leave a simple-ko point, with the reference implementation.
fn edge_cases(pos: &RefPos, depth: u32, captures: &mut u64, kos: &mut u64) {
    if depth == 0 {
        return;
    }
    for i in 0..pos.cells.len() {
        if let Some((next, n)) = pos.play(i) {
            *captures += u64::from(n > 0);
            *kos += u64::from(next.ko.is_some());
            edge_cases(&next, depth - 1, captures, kos);
        }
    }
}

#[test]
fn cross_checked_depths_contain_captures_and_kos() {
    // A simple ko cannot arise on 2x2 (a capture there always takes two stones or leaves
    // the capturing stone with two liberties); it does on 3x3 and 1x5.
    for (w, h, depth, ko_possible) in [(2, 2, 14, false), (3, 3, 8, true), (1, 5, 8, true)] {
        let (mut captures, mut kos) = (0, 0);
        edge_cases(&RefPos::new(w, h), depth, &mut captures, &mut kos);
        println!("{w}x{h} depth {depth}: {captures} capturing moves, {kos} ko moves");
        assert!(captures > 0, "{w}x{h} depth {depth}");
        assert_eq!(kos > 0, ko_possible, "{w}x{h} depth {depth}");
    }
}
