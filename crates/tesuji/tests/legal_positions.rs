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

use common::{cell_of, size, RefPos, Rng, E};
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

/// Random setups on small boards, in random order and with points given twice or off the
/// board, against the reference rules of `common`: `Position::from_setup` never panics, and
/// it accepts exactly the setups whose points are all on the board and given once and
/// whose chains all have a liberty. (A point given twice after a capture by its other copy
/// once panicked here.)
#[test]
fn random_setups_are_judged_like_the_rules_say() {
    let seed: u64 = std::env::var("SETUP_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5E7_0B5E);
    println!("seed {seed} (set SETUP_SEED to replay)");
    let mut rng = Rng::new(seed);
    let (mut accepted, mut twice, mut dead) = (0, 0, 0);
    for case in 0..20_000 {
        let (w, h) = (1 + rng.below(5), 1 + rng.below(5));
        let mut setup = Setup::empty(size(w as u64, h as u64));
        // In one setup in twenty, points one beyond the board too.
        let off = usize::from(rng.chance(1, 20));
        for _ in 0..rng.below(w * h + 2) {
            let p = Point::new(rng.below(w + off), rng.below(h + off));
            let c = if rng.chance(1, 2) {
                Color::Black
            } else {
                Color::White
            };
            setup.stones.push((p, c));
        }
        let result = Position::from_setup(&setup);
        let on_board = setup.stones.iter().all(|&(p, _)| setup.size.contains(p));
        let mut seen = std::collections::HashSet::new();
        let once = setup.stones.iter().all(|&(p, _)| seen.insert(p));
        if !(on_board && once) {
            assert!(result.is_err(), "case {case} (seed {seed}): {setup:?}");
            twice += usize::from(on_board);
            continue;
        }
        let mut r = RefPos::new(w, h);
        for &(p, c) in &setup.stones {
            r.cells[p.y() * w + p.x()] = cell_of(c);
        }
        let legal = (0..w * h).all(|i| r.cells[i] == E || r.group(&r.cells, i).1 > 0);
        assert_eq!(
            result.is_ok(),
            legal,
            "case {case} (seed {seed}): {setup:?}"
        );
        if legal {
            accepted += 1;
        } else {
            dead += 1;
        }
    }
    println!(
        "{accepted} accepted, {twice} with a point given twice, {dead} with a chain without liberties"
    );
    // Each kind must be met often enough to mean something.
    assert!(
        accepted > 2_000 && twice > 2_000 && dead > 500,
        "{accepted} {twice} {dead}"
    );
}
