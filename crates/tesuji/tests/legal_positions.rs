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

/// Random setups on small boards, in random order and with points given twice or off the
/// board, against a direct reading of the rules: `Position::from_setup` never panics, and
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
    let mut state = seed;
    let mut next = move |n: usize| -> usize {
        // splitmix64
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    };
    let (mut accepted, mut twice, mut dead) = (0, 0, 0);
    for case in 0..20_000 {
        let (w, h) = (1 + next(5), 1 + next(5));
        let s = BoardSize::new(w as u64, h as u64).unwrap();
        let mut setup = Setup::empty(s);
        let off = next(20) == 0;
        for _ in 0..next(w * h + 2) {
            // In one setup in twenty, points one beyond the board too.
            let p = if off {
                Point::new(next(w + 1), next(h + 1))
            } else {
                Point::new(next(w), next(h))
            };
            let c = if next(2) == 0 {
                Color::Black
            } else {
                Color::White
            };
            setup.stones.push((p, c));
        }
        let on_board = setup.stones.iter().all(|&(p, _)| s.contains(p));
        let mut seen = std::collections::HashSet::new();
        let once = setup.stones.iter().all(|&(p, _)| seen.insert(p));
        let result = Position::from_setup(&setup);
        if !(on_board && once) {
            assert!(result.is_err(), "case {case} (seed {seed}): {setup:?}");
            twice += usize::from(on_board);
            continue;
        }
        // Every chain has a liberty: flood each stone's chain.
        let colour = |p: Point| setup.stones.iter().find(|&&(q, _)| q == p).map(|&(_, c)| c);
        let neighbours = |p: Point| {
            let (x, y) = (p.x() as i64, p.y() as i64);
            [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                .into_iter()
                .filter(|&(a, b)| a >= 0 && b >= 0 && a < w as i64 && b < h as i64)
                .map(|(a, b)| Point::new(a as usize, b as usize))
                .collect::<Vec<_>>()
        };
        let legal = setup.stones.iter().all(|&(p, c)| {
            let mut chain = vec![p];
            let mut i = 0;
            while i < chain.len() {
                for n in neighbours(chain[i]) {
                    match colour(n) {
                        None => return true,
                        Some(d) if d == c && !chain.contains(&n) => chain.push(n),
                        _ => {}
                    }
                }
                i += 1;
            }
            false
        });
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
    println!("{accepted} accepted, {twice} with a point given twice, {dead} with a chain without liberties");
    // Each kind must be met often enough to mean something.
    assert!(
        accepted > 2_000 && twice > 2_000 && dead > 500,
        "{accepted} {twice} {dead}"
    );
}
