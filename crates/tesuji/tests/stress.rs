//! Seeded random stress tests of Position (legality, invalid input, invariants, undo) and
//! of Game under superko against a brute-force oracle. Every failure message names the
//! seed; rerun with the same seed to reproduce.

mod common;

use common::{cell_of, size, RefPos, Rng};
use tesuji::{
    BoardSize, Color, Game, IllegalReason, KoRule, Move, MoveRecord, Point, Position, Ruleset,
    Suicide,
};

/// Whether `p` is a single-point eye of `color`: every on-board neighbour is its stone.
fn own_eye(pos: &Position, p: Point, color: Color) -> bool {
    pos.board()
        .neighbors(p)
        .all(|n| pos.board().get(n) == Some(color))
}

fn same(a: &Position, b: &Position) -> bool {
    a == b
        && a.hash() == b.hash()
        && a.board().hash() == b.board().hash()
        && a.to_play() == b.to_play()
        && a.ko_point() == b.ko_point()
        && a.captures(Color::Black) == b.captures(Color::Black)
        && a.captures(Color::White) == b.captures(Color::White)
}

/// Tries an illegal input; it must fail with `reason` and leave the position untouched.
fn expect_rejected(pos: &mut Position, color: Color, mv: Move, reason: IllegalReason, ctx: &str) {
    let before = pos.clone();
    let err = pos.play_as(color, mv).unwrap_err();
    assert_eq!(err.reason, reason, "{ctx}: {mv:?} by {color}");
    assert!(
        same(pos, &before),
        "{ctx}: rejected {mv:?} changed the position"
    );
    if color == pos.to_play() {
        let err = pos.play(mv).unwrap_err();
        assert_eq!(err.reason, reason, "{ctx}");
        assert!(
            same(pos, &before),
            "{ctx}: rejected {mv:?} changed the position"
        );
    }
}

/// Mixes in invalid moves of every kind that applies to the current position.
fn try_invalid(pos: &mut Position, rng: &mut Rng, ctx: &str) -> usize {
    let mut tried = 0;
    let me = pos.to_play();
    let sz = pos.size();
    // Off board: a point of the 25x25 grid beyond this board.
    expect_rejected(
        pos,
        me,
        Move::Play(Point::new(24, 24)),
        IllegalReason::OffBoard,
        ctx,
    );
    let off = Point::new(sz.width().min(24), rng.below(sz.height()));
    if !sz.contains(off) {
        expect_rejected(pos, me, Move::Play(off), IllegalReason::OffBoard, ctx);
    }
    tried += 1;
    // Wrong turn, on a point that is legal for the side to move.
    let first_legal = pos.legal_points().next();
    if let Some(p) = first_legal {
        expect_rejected(pos, !me, Move::Play(p), IllegalReason::WrongTurn, ctx);
        tried += 1;
    }
    // Occupied.
    let stones: Vec<Point> = sz.points().filter(|&p| !pos.board().is_empty(p)).collect();
    if !stones.is_empty() {
        let p = stones[rng.below(stones.len())];
        expect_rejected(pos, me, Move::Play(p), IllegalReason::Occupied, ctx);
        tried += 1;
    }
    // Ko.
    if let Some(k) = pos.ko_point() {
        expect_rejected(pos, me, Move::Play(k), IllegalReason::Ko, ctx);
        tried += 1;
    }
    // Suicide: an empty point that is not the ko point and not legal can only be a suicide.
    for p in sz.points() {
        if pos.board().is_empty(p) && pos.ko_point() != Some(p) && !pos.is_legal(Move::Play(p)) {
            expect_rejected(pos, me, Move::Play(p), IllegalReason::Suicide, ctx);
            tried += 1;
            break;
        }
    }
    tried
}

/// Every point: `is_legal` agrees with `legal_points`/`legal_moves`, and (when given) with
/// the reference implementation.
fn check_legal_sets(pos: &Position, with_reference: bool, ctx: &str) {
    let by_point: Vec<Point> = pos
        .size()
        .points()
        .filter(|&p| pos.is_legal(Move::Play(p)))
        .collect();
    let listed: Vec<Point> = pos.legal_points().collect();
    assert_eq!(listed, by_point, "{ctx}");
    let moves = pos.legal_moves();
    assert_eq!(moves.last(), Some(&Move::Pass), "{ctx}");
    assert_eq!(moves.len(), listed.len() + 1, "{ctx}");
    assert!(moves[..listed.len()]
        .iter()
        .zip(&listed)
        .all(|(m, p)| *m == Move::Play(*p)));
    if with_reference {
        let mut r = RefPos::from_position(pos);
        r.multi_suicide = pos.suicide_rule() == Suicide::MultiStoneAllowed;
        let expected: Vec<Point> = r.legal().into_iter().map(|i| r.point(i)).collect();
        assert_eq!(
            listed, expected,
            "{ctx}: library and reference disagree\n{pos:?}"
        );
    }
}

struct Totals {
    moves: usize,
    invalid: usize,
    games: usize,
}

fn stress_position(sz: BoardSize, games: usize, seed: u64, suicide: Suicide, t: &mut Totals) {
    let mut rng = Rng::new(seed);
    let cap = 3 * sz.area();
    let big = sz.area() > 200;
    for g in 0..games {
        let mut pos = Position::new(sz);
        pos.set_suicide_rule(suicide);
        let mut stack: Vec<(MoveRecord, Position)> = Vec::new();
        let mut passes = 0;
        while passes < 2 && stack.len() < cap {
            let ctx = format!("seed {seed} size {sz} game {g} move {}", stack.len());
            if rng.chance(1, 4) {
                t.invalid += try_invalid(&mut pos, &mut rng, &ctx);
            }
            check_legal_sets(&pos, !big || stack.len() % 16 == 0, &ctx);
            let me = pos.to_play();
            let cands: Vec<Point> = pos
                .legal_points()
                .filter(|&p| !own_eye(&pos, p, me))
                .collect();
            let mv = if cands.is_empty() || rng.chance(1, 50) {
                Move::Pass
            } else {
                Move::Play(cands[rng.below(cands.len())])
            };
            passes = if mv == Move::Pass { passes + 1 } else { 0 };
            let before = pos.clone();
            let rec = pos.play(mv).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            assert_eq!(rec.mv(), mv);
            assert_eq!(rec.color(), me);
            assert_eq!(
                pos.captures(me),
                before.captures(me) + rec.captured_count() as u32,
                "{ctx}"
            );
            pos.board()
                .check_invariants()
                .unwrap_or_else(|e| panic!("{ctx}: {e}\n{pos:?}"));
            // Undo now and redo, then keep the record for the final unwinding.
            let mut copy = pos.clone();
            copy.undo(&rec);
            assert!(
                same(&copy, &before),
                "{ctx}: undo differs\n{copy:?}\n{before:?}"
            );
            stack.push((rec, before));
            t.moves += 1;
        }
        while let Some((rec, before)) = stack.pop() {
            pos.undo(&rec);
            assert!(
                same(&pos, &before),
                "seed {seed} game {g}: unwinding differs"
            );
            if stack.len() % 8 == 0 {
                pos.board().check_invariants().unwrap();
            }
        }
        assert!(same(&pos, &{
            let mut p = Position::new(sz);
            p.set_suicide_rule(suicide);
            p
        }));
        t.games += 1;
    }
}

#[test]
fn stress_positions() {
    let mut t = Totals {
        moves: 0,
        invalid: 0,
        games: 0,
    };
    let plan: [(u64, u64, usize); 5] = [
        (19, 19, 6),
        (9, 16, 12),
        (13, 7, 24),
        (2, 2, 800),
        (1, 5, 800),
    ];
    for (k, &(w, h, games)) in plan.iter().enumerate() {
        let seed = 0x5EED_0000 + k as u64;
        stress_position(size(w, h), games, seed, Suicide::Forbidden, &mut t);
        stress_position(
            size(w, h),
            games.div_ceil(3),
            seed ^ 0xABCD,
            Suicide::MultiStoneAllowed,
            &mut t,
        );
    }
    println!(
        "stress_positions: {} games, {} moves, {} invalid inputs rejected",
        t.games, t.moves, t.invalid
    );
    assert!(t.moves > 10_000);
}

/// Brute-force superko oracle: replays the whole history (no shortcut) and says whether
/// the side to move may play `i` in `r`.
fn oracle_legal(r: &RefPos, history: &[(Vec<u8>, u8)], ko: KoRule, i: usize) -> bool {
    let Some((next, _)) = r.play(i) else {
        return false;
    };
    match ko {
        KoRule::Simple => true,
        KoRule::PositionalSuperko => !history.iter().any(|(c, _)| *c == next.cells),
        KoRule::SituationalSuperko => !history
            .iter()
            .any(|(c, t)| *c == next.cells && *t == next.to_play),
    }
}

/// Plays random games under `ruleset`; returns (moves played, superko refusals seen).
fn stress_game(sz: BoardSize, ruleset: Ruleset, games: usize, seed: u64) -> (usize, usize) {
    let mut rng = Rng::new(seed);
    let mut moves = 0;
    let mut refusals = 0;
    for g in 0..games {
        let mut game = Game::new(sz, ruleset);
        let mut r = RefPos::new(sz.width(), sz.height());
        r.multi_suicide = ruleset.suicide == Suicide::MultiStoneAllowed;
        let mut history = vec![(r.cells.clone(), r.to_play)];
        let cap = 6 * sz.area();
        while !game.is_over() && game.move_count() < cap {
            let ctx = format!(
                "seed {seed} {sz} {ruleset:?} game {g} move {}",
                game.move_count()
            );
            assert_eq!(
                r.cells,
                RefPos::from_position(game.position()).cells,
                "{ctx}"
            );
            let mut legal = Vec::new();
            for i in 0..r.cells.len() {
                let p = r.point(i);
                let expected = oracle_legal(&r, &history, ruleset.ko, i);
                let got = game.check_as(game.to_play(), Move::Play(p));
                assert_eq!(
                    got.is_ok(),
                    expected,
                    "{ctx}: {p:?} library says {got:?}, oracle says legal={expected}\n{:?}\nmoves {:?}",
                    game.position(),
                    game.moves().collect::<Vec<_>>()
                );
                if expected {
                    legal.push(i);
                } else if got == Err(IllegalReason::Superko) {
                    refusals += 1;
                }
            }
            let listed: Vec<Point> = game.legal_points();
            assert_eq!(
                listed,
                legal.iter().map(|&i| r.point(i)).collect::<Vec<_>>(),
                "{ctx}"
            );
            assert!(game.is_legal(Move::Pass), "{ctx}: pass is always legal");
            // Uniform among legal moves; a pass with probability 1/12 or when nothing is
            // legal (two passes in a row end the game).
            let mv = if legal.is_empty() || rng.chance(1, 12) {
                None
            } else {
                Some(legal[rng.below(legal.len())])
            };
            match mv {
                None => {
                    game.play(Move::Pass).unwrap();
                    r = r.pass();
                }
                Some(i) => {
                    game.play(Move::Play(r.point(i))).unwrap();
                    r = r.play(i).unwrap().0;
                }
            }
            assert_eq!(cell_of(game.to_play()), r.to_play);
            history.push((r.cells.clone(), r.to_play));
            moves += 1;
        }
        let n = game.move_count();
        for _ in 0..n {
            game.undo().unwrap();
        }
        assert!(game.undo().is_none());
        let mut start = Position::new(sz);
        start.set_suicide_rule(ruleset.suicide);
        assert_eq!(
            game.position(),
            &start,
            "seed {seed} game {g}: undo to the start"
        );
    }
    (moves, refusals)
}

#[test]
fn stress_superko_games() {
    let (mut total, mut refusals) = (0, 0);
    for (k, (w, h, games)) in [(3, 3, 150), (4, 4, 60), (5, 5, 20), (2, 3, 150)]
        .into_iter()
        .enumerate()
    {
        for (j, ruleset) in [
            Ruleset::chinese(),
            Ruleset::aga(),
            Ruleset::tromp_taylor(),
            Ruleset::new_zealand(),
            Ruleset::japanese(),
        ]
        .into_iter()
        .enumerate()
        {
            let seed = 0x5C0_0000 + (k * 16 + j) as u64;
            let (m, r) = stress_game(size(w, h), ruleset, games, seed);
            total += m;
            refusals += r;
        }
    }
    println!(
        "stress_superko_games: {total} moves checked against the brute-force oracle, \
         {refusals} superko refusals"
    );
    assert!(refusals > 100);
}
