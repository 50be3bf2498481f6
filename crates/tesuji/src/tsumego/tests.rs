//! Unit tests of the problem model: loading and its errors, the search rules.

use super::*;
use crate::ascii;
use crate::dfpn::{NodeKind, Outcome, Problem};

const STRAIGHT_THREE: &str = "
    . . . . . . . .
    . X X X X X X X
    . X O O O O O X
    . X O . . . O X
";

fn straight_three() -> Tsumego {
    Tsumego::new(
        ascii::parse_diagram(STRAIGHT_THREE).unwrap(),
        &[Point::new(2, 2)],
    )
    .unwrap()
}

#[test]
fn errors_say_what_and_where() {
    let pos = ascii::parse_diagram(STRAIGHT_THREE).unwrap();
    assert_eq!(
        Tsumego::new(pos.clone(), &[]).unwrap_err(),
        TsumegoError::NoTarget
    );
    let e = Tsumego::new(pos.clone(), &[Point::new(0, 0)]).unwrap_err();
    assert_eq!(e.to_string(), "target A4 is an empty point, not a stone");
    let e = Tsumego::new(pos.clone(), &[Point::new(2, 2), Point::new(1, 1)]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "targets of both colours: B3 is black and C2 is white"
    );
    let e = Tsumego::new(pos, &[Point::new(20, 20)]).unwrap_err();
    assert!(matches!(e, TsumegoError::OffBoard { x: 20, y: 20, .. }));
    let e = Tsumego::from_sgf_text("(;SZ[21]AB[aa]MA[aa])").unwrap_err();
    assert_eq!(
        e.to_string(),
        "board 21 is too large for a problem (at most 19x19)"
    );
    let e = Tsumego::from_sgf_text("(;SZ[9]AB[aa]MA[bb])").unwrap_err();
    assert!(matches!(e, TsumegoError::EmptyTarget { .. }), "{e}");
    let e = Tsumego::from_sgf_text("(;SZ[9]AB[aa]PL[]PL[W]MA[aa])").unwrap_err();
    assert!(
        e.to_string().starts_with("malformed problem at line 1"),
        "{e}"
    );
    let e = Tsumego::from_sgf_text("(;SZ[9]AB[aa]PL[Q]MA[aa])").unwrap_err();
    assert!(matches!(e, TsumegoError::Value(_)), "{e}");
    let e = Tsumego::from_sgf_text("(;SZ[9]AB[aa]MA[aa]").unwrap_err();
    assert!(matches!(e, TsumegoError::Syntax(_)), "{e}");
    let e = Tsumego::from_sgf_text("").unwrap_err();
    assert!(matches!(e, TsumegoError::Syntax(_)), "{e}");
    // A lone stone in the open: the region cannot be closed, near the stone.
    let e = Tsumego::from_sgf_text("(;SZ[13]AB[gg]MA[gg])").unwrap_err();
    assert!(
        e.to_string().starts_with("region cannot be closed near "),
        "{e}"
    );
}

#[test]
fn region_overrides_and_sgf_square_marks() {
    // SQ gives the region; the targets are added to it.
    let t = Tsumego::from_sgf_text("(;SZ[5]AW[aa]AB[ca][bb]MA[aa]SQ[cc])").unwrap();
    assert_eq!(t.region(), [Point::new(0, 0), Point::new(2, 2)]);
    assert_eq!(t.first(), Color::Black);
    assert_eq!(t.defender(), Color::White);
    // Overrides from the command line win over MA and SQ.
    let tree = &sgf::parse("(;SZ[5]AW[aa]AB[ca][bb]MA[aa]SQ[cc]PL[W])").unwrap()[0];
    let size = tree.board_size().unwrap();
    let targets = Tsumego::parse_points("C5", size).unwrap();
    let region = Tsumego::parse_points("D5 D4", size).unwrap();
    let t = Tsumego::from_sgf_with(tree, Some(&targets), Some(&region)).unwrap();
    assert_eq!(t.defender(), Color::Black);
    assert_eq!(t.first(), Color::White);
    assert!(t.in_region(Point::new(3, 0)) && t.in_region(Point::new(2, 0)));
    assert!(!t.in_region(Point::new(2, 2)));
}

#[test]
fn detected_region_absorbs_capturable_attacker_stones() {
    // The black stone inside White's eye space has one liberty: it belongs to the region.
    let pos = ascii::parse_diagram(
        "
        . . . . . . . .
        . X X X X X X X
        . X O O O O O X
        . X O . X . O X
    ",
    )
    .unwrap();
    let t = Tsumego::new(pos, &[Point::new(2, 2)]).unwrap();
    assert!(t.in_region(Point::new(4, 3)));
    assert!(!t.in_region(Point::new(1, 1)));
    assert_eq!(t.region().len(), 10);
    assert_eq!(
        t.region_diagram(),
        "........\n.XXXXXXX\n.XOOOOOX\n.XO#X#OX\n"
    );
}

#[test]
fn terminal_rules() {
    let t = straight_three();
    // Black (the attacker) proves: capture is Proven for it.
    let mut s = t.search(Color::Black);
    assert_eq!(s.terminal(), None);
    assert_eq!(s.repetition(), Outcome::Disproven);
    // A pass by the attacker: the defender passes back and has won.
    s.play(TsumegoMove::Pass);
    assert_eq!(s.terminal(), Some(Outcome::Disproven));
    assert_eq!(s.node_kind(), NodeKind::And);
    s.undo();
    // A pass by the defender leaves the attacker to move; two passes end the play.
    let mut t2 = t.clone();
    t2.set_first(Color::White);
    let mut d = t2.search(Color::Black);
    d.play(TsumegoMove::Pass);
    assert_eq!(d.terminal(), None);
    assert_eq!(d.node_kind(), NodeKind::Or);
    d.play(TsumegoMove::Pass);
    assert_eq!(d.terminal(), Some(Outcome::Disproven));
    // White's vital point: two eyes, unconditionally alive.
    let mut w = t.search(Color::White);
    w.play(TsumegoMove::Pass);
    assert_eq!(w.node_kind(), NodeKind::Or);
    w.play(TsumegoMove::Play(Point::new(4, 3)));
    assert_eq!(w.terminal(), Some(Outcome::Proven));
    w.undo();
    // Black's vital point, White fills an eye, Black captures.
    w.undo();
    for p in [(4, 3), (3, 3), (5, 3)] {
        w.play(TsumegoMove::Play(Point::new(p.0, p.1)));
    }
    assert_eq!(w.winner(), Some(Color::Black));
    assert_eq!(w.terminal(), Some(Outcome::Disproven));
    for _ in 0..3 {
        w.undo();
    }
    assert_eq!(w.depth(), 0);
    assert_eq!(w.position(), t.position());
}

#[test]
fn illegal_moves_change_nothing() {
    let t = straight_three();
    let mut s = t.search(Color::Black);
    let key = s.key();
    // Outside the region, occupied, and a threat without a ko: all ignored.
    for mv in [
        TsumegoMove::Play(Point::new(0, 0)),
        TsumegoMove::Play(Point::new(2, 2)),
        TsumegoMove::Play(Point::new(24, 24)),
        TsumegoMove::Threat,
    ] {
        s.play(mv);
        assert_eq!(s.key(), key);
        s.undo();
    }
    s.undo(); // nothing to take back
    assert_eq!(s.key(), key);
}

#[test]
fn keys_cover_side_passes_threats_and_seed() {
    let mut t = straight_three();
    let s = t.search(Color::Black);
    let mut p = s.clone();
    p.play(TsumegoMove::Pass);
    p.play(TsumegoMove::Pass);
    // Same stones, same side to move, but two passes behind: another state.
    assert_ne!(p.key(), s.key());
    t.set_ko_threats(Color::White, 1);
    assert_ne!(t.search(Color::Black).key(), s.key());
    let mut seeded = s.clone();
    seeded.set_key_seed(7);
    assert_ne!(seeded.key(), s.key());
}

const KO: &str = "
    . . . . . . . . . . . .
    X X X X X X X X X X X X
    X . O X . X O O O O O X
    X . O O X O O . O . O X
";

#[test]
fn ko_threats_lift_the_ban() {
    let mut t = Tsumego::new(ascii::parse_diagram(KO).unwrap(), &[Point::new(2, 2)]).unwrap();
    t.set_first(Color::White);
    t.set_ko_threats(Color::Black, 1);
    let mut s = t.search(Color::White);
    // White takes the ko.
    s.play(TsumegoMove::Play(Point::new(4, 2)));
    let mut moves = Vec::new();
    s.moves(&mut moves);
    assert!(!moves.contains(&TsumegoMove::Play(Point::new(4, 3))));
    assert!(moves.contains(&TsumegoMove::Threat));
    // Black spends its threat: still Black to move, now free to retake.
    s.play(TsumegoMove::Threat);
    assert_eq!(s.threats(Color::Black), 0);
    assert_eq!(s.position().to_play(), Color::Black);
    moves.clear();
    s.moves(&mut moves);
    assert!(moves.contains(&TsumegoMove::Play(Point::new(4, 3))));
    assert!(!moves.contains(&TsumegoMove::Threat));
    s.undo();
    assert_eq!(s.threats(Color::Black), 1);
    // A pass under the ban does not count toward two passes.
    s.play(TsumegoMove::Pass);
    assert_eq!(s.passes(), 0);
    s.play(TsumegoMove::Pass);
    assert_eq!(s.passes(), 1);
    assert_eq!(s.terminal(), None);
}

#[test]
fn a_gap_in_the_wall_is_named() {
    // A white ring with one eye inside a black ring; the black ring has a gap at F6.
    let ring = "(;SZ[9]AW[cc][dc][ec][cd][ed][ce][de][ee]MA[cc]\
                AB[bb][cb][db][eb][fb][bc][fc][bd][be][fe][bf][cf][df][ef][ff])";
    let e = Tsumego::from_sgf_text(ring).unwrap_err();
    assert!(
        e.to_string().starts_with(
            "region cannot be closed near F6: the wall of attacker stones has a gap there"
        ),
        "{e}"
    );
    // Closed, the region is the white ring and its eye.
    let closed = ring.replace("[bd]", "[bd][fd]");
    let t = Tsumego::from_sgf_text(&closed).unwrap();
    assert_eq!(t.region().len(), 9);
    // No attacker stone at all: the place is the target.
    let e = Tsumego::from_sgf_text("(;SZ[13]AB[gg]MA[gg])").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("region cannot be closed near G7: "),
        "{e}"
    );
}

/// The local life test (Benson on the regions enclosed in the problem region) never finds
/// a chain alive that Benson on the whole board does not, and finds the same when the
/// region is the whole board: random positions, random regions, every defender chain as
/// the target.
#[test]
fn local_life_is_within_whole_board_benson() {
    use crate::benson;
    use crate::board::PointBits;
    use crate::playout::Rng;
    use crate::rules::Suicide;
    let seed = 0x11FE_u64;
    println!("seed {seed}");
    let mut rng = Rng::new(seed);
    let mut life = super::life::LocalLife::default();
    let (mut checked, mut found) = (0, 0);
    for game in 0..300 {
        let size = BoardSize::square(5 + game % 5).unwrap();
        let mut pos = Position::new(size);
        let moves = 10 + rng.below(size.area() * 2);
        for _ in 0..moves {
            let empty: Vec<Point> = size.points().filter(|&p| pos.board().is_empty(p)).collect();
            if empty.is_empty() {
                break;
            }
            let p = empty[rng.below(empty.len())];
            if pos.play(Move::Play(p)).is_err() {
                let _ = pos.play(Move::Pass);
            }
        }
        let board = pos.board();
        let whole = benson::unconditional_life(board, Suicide::Forbidden);
        for defender in [Color::Black, Color::White] {
            // The region: every point, or a random half of them.
            let all = game % 2 == 0;
            let region: Vec<Point> = size.points().filter(|_| all || rng.below(2) == 0).collect();
            let mut bits = PointBits::new();
            for p in &region {
                bits.insert(p.index());
            }
            for chain in board.chains().iter().filter(|c| c.color() == defender) {
                let target = [chain.anchor()];
                let alive = life.any_target_alive(board, defender, &bits, &region, &target);
                checked += 1;
                // With the whole board as the region nothing escapes: the same test, so
                // the cheap necessary condition it starts with must lose no live chain.
                assert!(
                    !all || alive == whole.alive_stones[defender].contains(&chain.anchor()),
                    "seed {seed} game {game}: whole-board region, local {alive}\n{}",
                    crate::ascii::write_diagram(&pos, true)
                );
                if alive {
                    found += 1;
                    assert!(
                        whole.alive_stones[defender].contains(&chain.anchor()),
                        "seed {seed} game {game}: local life but not Benson\n{}",
                        crate::ascii::write_diagram(&pos, true)
                    );
                }
            }
        }
    }
    println!("{checked} chains checked, {found} alive locally");
    assert!(found > 10, "the test must meet live chains: {found}");
}

/// `Board::play_effect` (the move ordering's look at a move without playing it) gives the
/// liberties and captures that playing the move gives: random positions, every legal move
/// of both colours.
#[test]
fn play_effect_matches_playing() {
    use crate::playout::Rng;
    let seed = 0xEFFE_u64;
    println!("seed {seed}");
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    for game in 0..200 {
        let size = BoardSize::square(4 + game % 6).unwrap();
        let mut pos = Position::new(size);
        let moves = 5 + rng.below(size.area() * 2);
        for _ in 0..moves {
            let empty: Vec<Point> = size.points().filter(|&p| pos.board().is_empty(p)).collect();
            if empty.is_empty() {
                break;
            }
            let p = empty[rng.below(empty.len())];
            if pos.play(Move::Play(p)).is_err() {
                let _ = pos.play(Move::Pass);
            }
            for p in size.points() {
                if !pos.is_legal(Move::Play(p)) {
                    continue;
                }
                let me = pos.to_play();
                let (libs, captured) = pos.board().play_effect(p.index(), me as u8, 8);
                let mut after = pos.clone();
                let record = after.play_unchecked(Move::Play(p));
                let want = after.board().liberty_count(p).min(8);
                assert_eq!(
                    (libs, captured),
                    (want, record.captured_count()),
                    "seed {seed} game {game}, {p:?}\n{}",
                    crate::ascii::write_diagram(&pos, true)
                );
                checked += 1;
            }
        }
    }
    println!("{checked} moves checked");
    assert!(checked > 10_000);
}

#[test]
fn no_refutations_when_every_move_wins() {
    // White's group on the edge lives whatever it plays (even a pass): the report lists
    // every move as winning and refutes none (it used to list them all as failing too).
    let pos = ascii::parse_diagram(
        "
        . . . . . . . .
        X X X X X X . .
        O O O O O X . .
        . O . O O X . .
        . . . . O X . .
    ",
    )
    .unwrap();
    let mut problem = Tsumego::new(pos, &[Point::new(1, 3)]).unwrap();
    problem.set_first(Color::White);
    let a = solve(&problem, Color::White, &SolveOptions::default());
    assert_eq!(a.result, Verdict::Win);
    assert!(a.moves.len() >= 6, "{:?}", a.moves);
    assert!(a.refutations.is_empty(), "{:?}", a.refutations);
}

/// At the loser's turns the variation shows a stone, and a pass only when nothing else is
/// legal. In the README's example the knowledge ends the loser's stone moves at once, so
/// they record no work, and a pass (which lets the winner play on) used to look like the
/// longest resistance: "F6 pass E8 F7 G7 pass C6".
#[test]
fn the_variation_passes_only_when_nothing_else_is_legal() {
    let problem = Tsumego::from_sgf_text(include_str!("../../../../examples/tsumego.sgf")).unwrap();
    let a = solve(&problem, Color::Black, &SolveOptions::default());
    assert_eq!(a.result, Verdict::Win);
    assert!(a.pv.len() >= 3 && !a.pv.contains(&Move::Pass), "{:?}", a.pv);
}

#[test]
fn the_variation_starts_with_the_reported_move() {
    let a = solve(&straight_three(), Color::Black, &SolveOptions::default());
    assert_eq!(a.pv.first(), a.moves.first().map(|m| &m.mv));
}

/// A position with captures and kos to come: White's group with an eye space that Black
/// can play into.
const FIGHT: &str = "
    . . . . . . . . .
    . X X X X X X X .
    . X O O O O O X .
    . X O . X . O X .
    . X O X . O . X .
    . X O . . . O X .
    . X X X X X X X .
    . . . . . . . . .
";

/// Plays `games` random games of up to `plies` moves from `problem` (the prover Black and
/// White in turn), calling `check` at every state on the way down and again on the way
/// back up as the moves are undone; returns each game's search, back at its start.
fn random_games(
    problem: &Tsumego,
    seed: u64,
    games: usize,
    plies: usize,
    check: &mut dyn FnMut(&mut Search),
) -> Vec<Search> {
    println!("seed {seed:#x}");
    let mut rng = seed;
    let mut out = Vec::new();
    for game in 0..games {
        let prover = if game % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut s = problem.search(prover);
        let mut played = 0;
        for _ in 0..plies {
            check(&mut s);
            if s.terminal().is_some() {
                break;
            }
            let mut moves = Vec::new();
            s.moves(&mut moves);
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            s.play(moves[(rng % moves.len() as u64) as usize]);
            played += 1;
        }
        for _ in 0..played {
            s.undo();
            check(&mut s);
        }
        out.push(s);
    }
    out
}

#[test]
fn moves_are_the_legal_region_points() {
    // Along random play with captures and kos, the stones `moves` lists are exactly the
    // legal points of the region (suicide forbidden, the ko point banned).
    let problem = Tsumego::new(ascii::parse_diagram(FIGHT).unwrap(), &[Point::new(2, 2)]).unwrap();
    random_games(&problem, 0x2545_F491_4F6C_DD1D, 40, 30, &mut |s| {
        let mut moves = Vec::new();
        s.moves(&mut moves);
        let mut listed: Vec<Point> = moves
            .iter()
            .filter_map(|m| match m {
                TsumegoMove::Play(p) => Some(*p),
                _ => None,
            })
            .collect();
        listed.sort_unstable();
        let mut legal: Vec<Point> = s
            .position()
            .legal_points()
            .filter(|&p| problem.in_region(p))
            .collect();
        legal.sort_unstable();
        assert_eq!(listed, legal);
    });
}

#[test]
fn the_room_kept_with_the_moves_matches_a_full_count() {
    // The defender's room (empty region points no attacker stone touches) is updated
    // move by move; along random play with captures, and back, it equals a fresh count.
    let problem = Tsumego::new(ascii::parse_diagram(FIGHT).unwrap(), &[Point::new(2, 2)]).unwrap();
    let games = random_games(&problem, 0x9E37_79B9_7F4A_7C15, 60, 40, &mut |s| {
        let (kept, full, _) = s.room_check();
        assert_eq!(kept, full);
    });
    for mut s in games {
        assert_eq!(s.room_check().2, 1);
        s.undo();
        assert_eq!(s.room_check().2, 1, "an undo with nothing to take back");
    }
}

#[test]
fn child_keys_are_the_keys_after_the_move() {
    // The keys told without playing (a stone that captures nothing) are those the state
    // has once the stone is played; a capture, a pass and a ko threat are left to the
    // playing. Along random play with captures, kos and ko threats, under a seed.
    let (mut told, mut left, mut under_ko) = (0, 0, 0);
    for diagram in [FIGHT, KO] {
        let mut problem =
            Tsumego::new(ascii::parse_diagram(diagram).unwrap(), &[Point::new(2, 2)]).unwrap();
        problem.set_ko_threats(Color::Black, 1);
        random_games(&problem, 0xD1B5_4A32_D192_ED03, 40, 30, &mut |s| {
            s.set_key_seed(7);
            under_ko += usize::from(s.position().ko_point().is_some());
            let mut moves = Vec::new();
            s.moves(&mut moves);
            for mv in moves {
                let quick = s.child_keys(mv);
                let captures = match mv {
                    TsumegoMove::Play(p) => {
                        s.position()
                            .board()
                            .play_effect(p.index(), s.position().to_play() as u8, 4)
                            .1
                            > 0
                    }
                    _ => true,
                };
                assert_eq!(quick.is_none(), captures, "{mv:?}");
                s.play(mv);
                if let Some((key, core)) = quick {
                    assert_eq!((key, core), (s.key(), s.core_key()), "{mv:?}");
                    told += 1;
                } else {
                    left += 1;
                }
                s.undo();
            }
        });
    }
    println!("{told} children told without playing, {left} left to the playing, {under_ko} states under a ko ban");
    assert!(
        told > 1000 && left > 100 && under_ko > 10,
        "{told} {left} {under_ko}"
    );
}

#[test]
fn cached_move_lists_are_the_fresh_ones() {
    // `moves` serves a state met before from its cache: along random play with captures,
    // kos and ko threats, and back up the same states, the list is the one worked out
    // afresh.
    let mut served = 0;
    for diagram in [FIGHT, KO] {
        let mut problem =
            Tsumego::new(ascii::parse_diagram(diagram).unwrap(), &[Point::new(2, 2)]).unwrap();
        problem.set_ko_threats(Color::White, 1);
        random_games(&problem, 0x5851_F42D_4C95_7F2D, 40, 30, &mut |s| {
            let (mut listed, mut fresh) = (Vec::new(), Vec::new());
            served += usize::from(s.cached_moves_here());
            s.moves(&mut listed);
            s.moves_fresh(&mut fresh);
            assert_eq!(listed, fresh);
        });
    }
    println!("{served} lists served from the cache");
    assert!(served > 100, "{served}");
}

#[test]
fn cached_static_tests_are_the_fresh_ones() {
    // The life test and the dead-shape test share one cache entry per state: along random
    // play with captures, kos and ko threats, and back up the same states, each answer it
    // gives (one test or the other run first) is the one worked out afresh.
    let (mut both, mut one, mut fixed, mut dead) = (0, 0, 0, 0);
    for (i, diagram) in [FIGHT, KO, FIGHT].into_iter().enumerate() {
        let mut problem =
            Tsumego::new(ascii::parse_diagram(diagram).unwrap(), &[Point::new(2, 2)]).unwrap();
        problem.set_ko_threats(Color::White, 1);
        let mut n = 0usize;
        random_games(
            &problem,
            0x2545_F491_4F6C_DD1D + i as u64,
            40,
            30,
            &mut |s| {
                n += 1;
                let (fresh_alive, fresh_dead) = s.static_tests_fresh();
                let (alive, dead_move, held) = s.static_tests_cached(n % 4);
                if let Some(a) = alive {
                    assert_eq!(a, fresh_alive, "state {n}");
                    fixed += usize::from(a);
                }
                if let Some(d) = dead_move {
                    assert_eq!(d, fresh_dead, "state {n}");
                    dead += usize::from(d.is_some());
                }
                both += usize::from(held == 2);
                one += usize::from(held == 1);
            },
        );
    }
    println!("{both} states with both answers kept, {one} with one, {fixed} alive, {dead} dead");
    assert!(
        both > 100 && one > 10 && fixed > 0 && dead > 10,
        "{both} {one} {fixed} {dead}"
    );
}

/// Whether the dead-shape knowledge says dead with `to_move` to move, and the
/// knowledge-free value of the position for the attacker.
fn dead_by_knowledge(diagram: &str, target: Point, to_move: Color) -> (bool, Option<Outcome>) {
    let mut pos = ascii::parse_diagram(diagram).unwrap();
    pos.set_to_play(to_move);
    let problem = Tsumego::new(pos, &[target]).unwrap();
    let s = problem.search(problem.attacker());
    let fired = s.rules_winner().is_none() && s.dead_here();
    let plain = problem.clone();
    let mut s = plain.search(plain.attacker());
    s.set_knowledge(false);
    let mut solver = crate::dfpn::Solver::new(crate::dfpn::Config::default());
    (fired, solver.solve(&mut s).outcome)
}

#[test]
fn nakade_in_a_three_point_eye() {
    // White's straight three on the edge with Black's stone on the vital point (E1): dead
    // whoever moves.
    let vital = "
        . . . . . . . . .
        . X X X X X X X .
        . X O O O O O X .
        . X O . X . O X .
    ";
    for to_move in Color::ALL {
        let (fired, plain) = dead_by_knowledge(vital, Point::new(2, 2), to_move);
        assert!(fired, "{to_move} to move");
        assert_eq!(plain, Some(Outcome::Proven), "{to_move} to move");
    }
    // The stone on an end point instead: White to move lives (E1 makes two eyes), and the
    // rule must not fire.
    let end = "
        . . . . . . . . .
        . X X X X X X X .
        . X O O O O O X .
        . X O X . . O X .
    ";
    let (fired, plain) = dead_by_knowledge(end, Point::new(2, 2), Color::White);
    assert!(!fired);
    assert_eq!(plain, Some(Outcome::Disproven));
    // A stone in a two-point eye: dead.
    let two = "
        . . . . . . . .
        . X X X X X X X
        . X O O O O O X
        . X O X . O O X
    ";
    for to_move in Color::ALL {
        let (fired, plain) = dead_by_knowledge(two, Point::new(2, 2), to_move);
        assert!(fired, "{to_move} to move");
        assert_eq!(plain, Some(Outcome::Proven), "{to_move} to move");
    }
}

/// The attacker's blocks are listed for every target chain, however many: ten white
/// stones on the edge, each with one liberty outside the region (not wide: black stones
/// on both sides and above it), give Black ten blocks.
#[test]
fn every_target_chain_gets_its_block() {
    let diagram = "
        O X O X O X O X O X O X O X O X O X O
        . X . X . X . X . X . X . X . X . X .
        X X X X X X X X X X X X X X X X X X X
        . . . . . . . . . . . . . . . . . . .
    ";
    let pos = ascii::parse_diagram(diagram).unwrap();
    let whites: Vec<Point> = (0..19).step_by(2).map(|x| Point::new(x, 0)).collect();
    let mut t = Tsumego::with_region(pos, &whites, &whites).unwrap();
    t.set_first(Color::Black);
    let mut s = t.search(Color::Black);
    let mut moves = Vec::new();
    s.moves(&mut moves);
    for w in &whites {
        let block = TsumegoMove::Play(Point::new(w.x(), 1));
        assert!(moves.contains(&block), "{block:?} missing from {moves:?}");
    }
}
