//! Counts legal positions (every chain has a liberty) on small boards, two ways:
//!
//! * brute force: all 3^n colourings, each validated with `Position::from_setup`;
//! * depth-first with the incremental board: cells are decided in board order with
//!   `Board::place`/`unplace`; a placement that captures or self-captures means some chain
//!   has no liberty even though every undecided cell is still empty, and adding stones never
//!   adds liberties, so the whole subtree is pruned.
//!
//! Reference values: the known counts of legal Go positions (Tromp and Farnebäck).

mod common;

use common::size;
use tesuji::{Board, BoardSize, Color, Point, Position, Setup};

fn brute_force(s: BoardSize) -> u64 {
    let points: Vec<Point> = s.points().collect();
    let n = points.len() as u32;
    let mut count = 0;
    let mut setup = Setup::empty(s);
    for code in 0..3u64.pow(n) {
        setup.stones.clear();
        let mut c = code;
        for &p in &points {
            match c % 3 {
                1 => setup.stones.push((p, Color::Black)),
                2 => setup.stones.push((p, Color::White)),
                _ => {}
            }
            c /= 3;
        }
        if Position::from_setup(&setup).is_ok() {
            count += 1;
        }
    }
    count
}

fn dfs(board: &mut Board, points: &[Point]) -> u64 {
    let Some((&p, rest)) = points.split_first() else {
        return 1;
    };
    let mut total = dfs(board, rest); // p stays empty
    for color in [Color::Black, Color::White] {
        let u = board.place(p, color);
        if u.captured_count() == 0 && !u.is_suicide() {
            total += dfs(board, rest);
        }
        board.unplace(&u);
    }
    total
}

fn incremental(s: BoardSize) -> u64 {
    let points: Vec<Point> = s.points().collect();
    let mut board = Board::new(s);
    let n = dfs(&mut board, &points);
    assert_eq!(board, Board::new(s));
    board.check_invariants().unwrap();
    n
}

#[test]
fn legal_positions_1xn() {
    let expected = [1, 5, 15, 41, 113, 313, 867, 2401];
    for (k, &e) in expected.iter().enumerate() {
        let n = k as u64 + 1;
        assert_eq!(brute_force(size(n, 1)), e, "{n}x1");
        assert_eq!(brute_force(size(1, n)), e, "1x{n}");
        assert_eq!(incremental(size(n, 1)), e, "{n}x1");
    }
}

#[test]
fn legal_positions_2x2_3x3() {
    assert_eq!(brute_force(size(2, 2)), 57);
    assert_eq!(incremental(size(2, 2)), 57);
    assert_eq!(brute_force(size(3, 3)), 12675);
    assert_eq!(incremental(size(3, 3)), 12675);
}

#[test]
fn legal_positions_3x4() {
    assert_eq!(brute_force(size(3, 4)), 321_689);
    assert_eq!(incremental(size(4, 3)), 321_689);
}

/// 24 million positions, but the pruned depth-first enumeration takes only seconds.
#[test]
fn legal_positions_4x4() {
    assert_eq!(incremental(size(4, 4)), 24_318_165);
}
