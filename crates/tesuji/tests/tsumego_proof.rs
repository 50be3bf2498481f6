//! Proof trees of life-and-death problems written as SGF and checked by the independent
//! verifier (`tesuji::tsumego::{proof_sgf, verify}`): the classic shapes and small
//! tsumego.js problems for both first players, byte-stable round trips, and trees spoiled
//! on purpose that the verifier must reject.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tesuji::dfpn::{Config, Outcome, ProofTree, Solver};
use tesuji::sgf::{self, GameTree, NodeId};
use tesuji::tsumego::{proof_sgf, verify, Tsumego, TsumegoMove, VerifyErrorKind, VerifyReport};
use tesuji::{ascii, Color, Point};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tsumego")
}

/// A fixture of `shapes.txt`: name, problem, and the expected winners as
/// (first player, threats of Black, threats of White, "attacker" or "defender").
struct Shape {
    name: String,
    problem: Tsumego,
    expects: Vec<Expect>,
}

/// First player, threats of Black and White, winner ("attacker" or "defender").
type Expect = (Color, u32, u32, String);

fn shapes() -> Vec<Shape> {
    let text = std::fs::read_to_string(data_dir().join("shapes.txt")).unwrap();
    let mut raw: Vec<(String, String, Vec<Expect>, String)> = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('#') || t.is_empty() {
            continue;
        }
        if let Some(name) = t.strip_prefix("==") {
            raw.push((
                name.trim().to_string(),
                String::new(),
                Vec::new(),
                String::new(),
            ));
            continue;
        }
        let f = raw.last_mut().expect("a fixture starts with ==");
        if let Some(v) = t.strip_prefix("target:") {
            f.1 = v.trim().to_string();
        } else if t.starts_with("moves:") || t.starts_with("exhaustive:") {
        } else if let Some(v) = t.strip_prefix("expect:") {
            let (mut first, mut tb, mut tw, mut win) = (Color::Black, 0, 0, String::new());
            for word in v.split_whitespace() {
                let (k, val) = word.split_once('=').expect("key=value");
                match k {
                    "first" => first = val.parse().unwrap(),
                    "threats" => {
                        let (b, w) = val.split_once('/').unwrap();
                        tb = b.parse().unwrap();
                        tw = w.parse().unwrap();
                    }
                    "winner" => win = val.to_string(),
                    _ => panic!("unknown key {k}"),
                }
            }
            f.2.push((first, tb, tw, win));
        } else {
            f.3.push_str(line);
            f.3.push('\n');
        }
    }
    raw.into_iter()
        .map(|(name, targets, expects, diagram)| {
            let pos = ascii::parse_diagram(&diagram).unwrap();
            let targets = Tsumego::parse_points(&targets, pos.size()).unwrap();
            let problem = Tsumego::new(pos, &targets).unwrap_or_else(|e| panic!("{name}: {e}"));
            Shape {
                name,
                problem,
                expects,
            }
        })
        .collect()
}

fn config() -> Config {
    Config {
        nodes: Some(2_000_000),
        time: Some(Duration::from_secs(2)),
        // Room for proof trees of a few million states (the ko shapes' are large).
        memory_bytes: 256 << 20,
        ..Config::default()
    }
}

/// The proof tree of `problem` with its first player as prover, `None` over budget.
fn prove(problem: &Tsumego) -> Option<ProofTree<TsumegoMove>> {
    let mut solver = Solver::new(config());
    let mut search = problem.search(problem.first());
    solver.proof_tree(&mut search)
}

/// The winner of a tree proved with the first player as prover.
fn winner(problem: &Tsumego, tree: &ProofTree<TsumegoMove>) -> Color {
    match tree.outcome {
        Outcome::Proven => problem.first(),
        Outcome::Disproven => !problem.first(),
    }
}

/// What one round trip gave.
struct Checked {
    tree_nodes: usize,
    sgf_bytes: usize,
    report: VerifyReport,
}

/// Writes the tree as SGF text, reads it back (byte-identical normal form), verifies it.
fn write_read_verify(name: &str, problem: &Tsumego, tree: &ProofTree<TsumegoMove>) -> Checked {
    let sgf_tree = proof_sgf(problem, tree, problem.first());
    let text = sgf_tree.to_sgf();
    assert_eq!(
        proof_sgf(problem, tree, problem.first()).to_sgf(),
        text,
        "{name}: output not deterministic"
    );
    let parsed = sgf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(parsed.len(), 1);
    assert_eq!(parsed[0], sgf_tree, "{name}: the tree read back differs");
    assert_eq!(parsed[0].to_sgf(), text, "{name}: not byte-identical");
    let report = verify(problem, &parsed[0]).unwrap_or_else(|e| {
        panic!(
            "{name} (first {}): the proof tree does not verify: {e}",
            problem.first()
        )
    });
    assert_eq!(report.winner, winner(problem, tree), "{name}");
    // `report.unread` may be above 0: the search tests life only after the defender's
    // moves, so a line can go on past a position (after an attacker move) where the
    // verifier's whole-board Benson already ends it for the defender.
    Checked {
        tree_nodes: tree.nodes.len(),
        sgf_bytes: text.len(),
        report,
    }
}

#[test]
fn classic_shapes_proofs_verify() {
    let mut trees = 0;
    let mut states = 0;
    for shape in shapes() {
        let mut cases: Vec<(Color, u32, u32, Option<String>)> = shape
            .expects
            .iter()
            .map(|(c, b, w, win)| (*c, *b, *w, Some(win.clone())))
            .collect();
        for c in Color::ALL {
            if !cases.iter().any(|&(f, b, w, _)| f == c && b == 0 && w == 0) {
                cases.push((c, 0, 0, None));
            }
        }
        for (first, tb, tw, expect) in cases {
            let mut t = shape.problem.clone();
            t.set_first(first);
            t.set_ko_threats(Color::Black, tb);
            t.set_ko_threats(Color::White, tw);
            let tree = prove(&t).unwrap_or_else(|| panic!("{}: over budget", shape.name));
            let w = winner(&t, &tree);
            if let Some(expect) = expect {
                let side = if w == t.attacker() {
                    "attacker"
                } else {
                    "defender"
                };
                assert_eq!(side, expect, "{}: first {first} {tb}/{tw}", shape.name);
            }
            let c = write_read_verify(&shape.name, &t, &tree);
            println!(
                "{}: first {first} threats {tb}/{tw}: {w} wins; {} tree nodes, {} bytes, {:?}",
                shape.name, c.tree_nodes, c.sgf_bytes, c.report
            );
            trees += 1;
            states += c.report.states;
        }
    }
    println!("classic shapes: {trees} trees verified, {states} states");
    assert!(trees >= 20, "{trees}");
}

/// Small tsumego.js problems (at most 8 empty region points), both first players: every
/// proof tree found within the budget verifies. At least 20 problems must be proven both
/// ways.
#[test]
fn tsumegojs_proofs_verify() {
    let mut both = 0;
    let mut trees = 0;
    let (mut nodes, mut bytes, mut states, mut deepest) = (0usize, 0usize, 0usize, 0usize);
    let mut largest = (0usize, String::new());
    let mut over = Vec::new();
    let start = Instant::now();
    for (name, text) in common::tsumegojs_sgf_files() {
        let Ok(base) = Tsumego::from_sgf_text(&text) else {
            continue;
        };
        if base.region_empty_count() > 8 {
            continue;
        }
        let mut ok = 0;
        for first in Color::ALL {
            let mut t = base.clone();
            t.set_first(first);
            let began = Instant::now();
            let Some(tree) = prove(&t) else {
                over.push(format!("{name} {first}"));
                continue;
            };
            let solve = began.elapsed();
            let c = write_read_verify(&name, &t, &tree);
            println!(
                "{name}: first {first}: {} wins in {solve:?}; {} tree nodes, {} bytes, depth {}, leaves {:?}",
                c.report.winner, c.tree_nodes, c.sgf_bytes, c.report.depth, c.report.leaves
            );
            trees += 1;
            nodes += c.tree_nodes;
            bytes += c.sgf_bytes;
            states += c.report.states;
            deepest = deepest.max(c.report.depth);
            if c.tree_nodes > largest.0 {
                largest = (c.tree_nodes, format!("{name} {first}"));
            }
            ok += 1;
        }
        if ok == 2 {
            both += 1;
        }
    }
    println!(
        "tsumego.js: {both} problems verified for both first players, {trees} trees, \
         {nodes} tree nodes, {states} states checked, {bytes} bytes of SGF, depth up to \
         {deepest}, largest {largest:?}, over budget {over:?}, {:?}",
        start.elapsed()
    );
    assert!(both >= 20, "{both}");
}

// ---------------------------------------------------------------------------------------
// Teeth: spoiled trees are rejected.

/// A copy of `tree` without the nodes for which `drop` holds (with their subtrees) and
/// without the children of the nodes for which `cut` holds.
fn rebuild(
    tree: &GameTree,
    drop: impl Fn(NodeId) -> bool,
    cut: impl Fn(NodeId) -> bool,
) -> GameTree {
    let mut out = GameTree::new();
    let copy = |out: &mut GameTree, from: NodeId, to: NodeId| {
        for p in tree.node(from).properties() {
            out.push_property(to, p.id(), p.values().to_vec());
        }
    };
    let root = out.root();
    copy(&mut out, tree.root(), root);
    let mut stack = vec![(tree.root(), root)];
    while let Some((old, new)) = stack.pop() {
        if cut(old) {
            continue;
        }
        for &c in tree.children(old) {
            if drop(c) {
                continue;
            }
            let n = out.add_child(new);
            copy(&mut out, c, n);
            stack.push((c, n));
        }
    }
    out
}

fn shape(diagram: &str, target: Point, first: Color) -> Tsumego {
    let pos = ascii::parse_diagram(diagram).unwrap();
    let mut t = Tsumego::new(pos, &[target]).unwrap();
    t.set_first(first);
    t
}

/// Black kills at E1 if it moves first.
fn straight_three(first: Color) -> Tsumego {
    shape(
        "
        . . . . . . . .
        . X X X X X X X
        . X O O O O O X
        . X O . . . O X
    ",
        Point::new(2, 2),
        first,
    )
}

/// White lives whoever moves first.
fn straight_four(first: Color) -> Tsumego {
    shape(
        "
        . . . . . . . . .
        . X X X X X X X X
        . X O O O O O O X
        . X O . . . . O X
    ",
        Point::new(2, 2),
        first,
    )
}

fn name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// The colour of the move of node `id`, if any.
fn mover(tree: &GameTree, id: NodeId) -> Option<Color> {
    tree.node_move(id).unwrap().map(|(c, _)| c)
}

/// A proof SGF, verified, for the straight three with `first` to play.
fn proof_of(t: &Tsumego) -> (GameTree, Color) {
    let tree = prove(t).unwrap();
    let sgf_tree = proof_sgf(t, &tree, t.first());
    let report = verify(t, &sgf_tree).unwrap();
    (sgf_tree, report.winner)
}

#[test]
fn spoiled_trees_are_rejected() {
    // Black kills (the loser, White, has several moves after B E1); White lives (the
    // loser, Black, has several moves at the root).
    for t in [straight_three(Color::Black), straight_four(Color::Black)] {
        let first = t.first();
        let (good, win) = proof_of(&t);
        let loser = !win;
        println!("{first} first: {win} wins\n{}", good.to_sgf());

        // 1. Remove one of the loser's moves (with the answer below it).
        let node = good
            .nodes()
            .map(|(id, _)| id)
            .find(|&id| {
                good.children(id).len() > 1 && mover(&good, good.children(id)[0]) == Some(loser)
            })
            .expect("a state where the loser has several moves");
        let removed = *good.children(node).last().unwrap();
        let spoiled = rebuild(&good, |id| id == removed, |_| false);
        let e = verify(&t, &spoiled).unwrap_err();
        println!("{first} first, loser's move removed: {e}");
        assert!(matches!(e.kind, VerifyErrorKind::Unanswered { .. }), "{e}");

        // 2. Remove the winner's answer to a loser's move: the line ends undecided.
        let answered = good
            .nodes()
            .map(|(id, _)| id)
            .find(|&id| mover(&good, id) == Some(loser) && !good.children(id).is_empty())
            .expect("a loser's move with an answer");
        let spoiled = rebuild(&good, |_| false, |id| id == answered);
        let e = verify(&t, &spoiled).unwrap_err();
        println!("{first} first, winner's answer removed: {e}");
        assert_eq!(e.kind, VerifyErrorKind::Undecided { to_play: win }, "{e}");
        assert!(!e.line.is_empty());

        // 3. Cut the tree just below the root.
        let spoiled = rebuild(&good, |_| false, |id| id == good.root());
        let e = verify(&t, &spoiled).unwrap_err();
        println!("{first} first, cut at the root: {e}");
        assert!(e.line.is_empty());
        assert!(
            matches!(
                e.kind,
                VerifyErrorKind::Undecided { .. } | VerifyErrorKind::Unanswered { .. }
            ),
            "{e}"
        );

        // 4. Claim the other winner.
        let mut spoiled = good.clone();
        let root = spoiled.root();
        spoiled.set_property(root, "WIN", [if loser == Color::Black { "B" } else { "W" }]);
        let e = verify(&t, &spoiled).unwrap_err();
        println!("{first} first, other winner claimed: {e}");
        assert!(matches!(e.kind, VerifyErrorKind::Root(_)), "{e}");

        // 5. Claim the other winner, comment included: the rules refute it.
        let said = |c: Color| {
            let verb = if c == t.defender() { "lives" } else { "kills" };
            let (f, w) = (name(first), name(c));
            if c == first {
                format!("{f} to play {verb}")
            } else {
                format!("{f} to play, {w} {verb}")
            }
        };
        assert!(good.comment(root).unwrap().starts_with(&said(win)));
        spoiled.set_property(root, "C", [said(loser)]);
        let e = verify(&t, &spoiled).unwrap_err();
        println!("{first} first, other winner claimed with its comment: {e}");
        assert!(
            matches!(
                e.kind,
                VerifyErrorKind::Unanswered { .. }
                    | VerifyErrorKind::Undecided { .. }
                    | VerifyErrorKind::LoserWins { .. }
            ),
            "{e}"
        );

        // 6. Another problem (other ko threats).
        let mut other = t.clone();
        other.set_ko_threats(Color::Black, 1);
        let e = verify(&other, &good).unwrap_err();
        assert!(matches!(e.kind, VerifyErrorKind::Root(_)), "{e}");
    }

    // 7. Replace the winner's first move by a losing one: Black kills at E1 only.
    let t = straight_three(Color::Black);
    let (good, win) = proof_of(&t);
    assert_eq!(win, Color::Black);
    let first_move = good.children(good.root())[0];
    assert_eq!(good.value(first_move, "B"), Some("ed"));
    for bad in ["dd", "fd", ""] {
        let mut spoiled = good.clone();
        spoiled.set_property(first_move, "B", [bad]);
        let e = verify(&t, &spoiled).unwrap_err();
        println!("B[{bad}] instead of B[ed], subtree kept: {e}");
        // And without the subtree: the refutation is not answered.
        let cut = rebuild(&spoiled, |_| false, |id| id == first_move);
        let e = verify(&t, &cut).unwrap_err();
        println!("B[{bad}] instead of B[ed], subtree cut: {e}");
        assert!(matches!(
            e.kind,
            VerifyErrorKind::Undecided { .. } | VerifyErrorKind::LoserWins { .. }
        ));
    }

    // 8. An illegal move (on a stone), a move out of turn, a move out of the region.
    for (value, prop) in [("cd", "B"), ("ed", "W"), ("ab", "B")] {
        let mut spoiled = good.clone();
        spoiled.remove_property(first_move, "B");
        spoiled.push_property(first_move, prop, [value]);
        let e = verify(&t, &spoiled).unwrap_err();
        println!("{prop}[{value}] as first move: {e}");
        assert!(
            matches!(
                e.kind,
                VerifyErrorKind::Illegal { .. } | VerifyErrorKind::Node(_)
            ),
            "{e}"
        );
    }
}

/// A ko for life with threats: the proof uses ko threats (written as two marked passes)
/// and the verifier follows them.
#[test]
fn ko_threats_are_written_and_checked() {
    let mut used = 0;
    for shape in shapes() {
        for &(first, tb, tw, _) in &shape.expects {
            if tb + tw == 0 {
                continue;
            }
            let mut t = shape.problem.clone();
            t.set_first(first);
            t.set_ko_threats(Color::Black, tb);
            t.set_ko_threats(Color::White, tw);
            let tree = prove(&t).unwrap();
            let c = write_read_verify(&shape.name, &t, &tree);
            let text = proof_sgf(&t, &tree, first).to_sgf();
            assert!(text.contains(&format!("KT[B:{tb}][W:{tw}]")), "{text}");
            used += c.report.threats;
            if c.report.threats > 0 {
                assert!(text.contains("KT[threat]C[ko threat]"));
                assert!(text.contains("KT[answer]C[answers the threat]"));
            }
        }
    }
    println!("ko threats played in the verified trees: {used}");
    assert!(used > 0);
}

/// Depth costs heap, not stack: a line of 200,000 passes (not a proof) is written, read
/// back, compared and checked on a thread with a 256 KiB stack. The verifier stops after
/// the first pass (Black's stones are not answered); the SGF layers walk the whole depth.
#[test]
fn deep_trees_need_no_deep_stack() {
    use tesuji::dfpn::{Leaf, NodeKind, ProofNode};
    let handle = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(|| {
            let t = straight_three(Color::White);
            let depth = 200_000;
            let mut nodes = Vec::with_capacity(depth + 1);
            for i in 0..=depth {
                nodes.push(ProofNode {
                    kind: if i % 2 == 0 {
                        NodeKind::Or
                    } else {
                        NodeKind::And
                    },
                    leaf: (i == depth).then_some(Leaf::Terminal),
                    children: if i < depth {
                        vec![(TsumegoMove::Pass, i + 1)]
                    } else {
                        Vec::new()
                    },
                });
            }
            let tree = ProofTree {
                outcome: Outcome::Proven,
                nodes,
            };
            let written = proof_sgf(&t, &tree, Color::White);
            assert_eq!(written.len(), depth + 1);
            let text = written.to_sgf();
            let read = sgf::parse(&text).unwrap().remove(0);
            assert!(read == written);
            let e = verify(&t, &read).unwrap_err();
            assert_eq!(e.line, ["W:pass"]);
            assert!(matches!(e.kind, VerifyErrorKind::Unanswered { .. }), "{e}");
            drop(read);
            drop(written);
            text.len()
        })
        .unwrap();
    let bytes = handle.join().unwrap();
    println!("a 200,000-move line: {bytes} bytes of SGF");
}

/// The problem a vendored proof file states at its root: the position, first player,
/// targets and region (`Tsumego::from_sgf`), plus the ko threats (`KT`) and the ko ban
/// (`KP`) that `proof_sgf` writes.
fn stated_problem(tree: &GameTree) -> Tsumego {
    let root = tree.root();
    let problem = Tsumego::from_sgf(tree).expect("the root states a problem");
    let mut setup = problem.position().to_setup();
    if let Some(k) = tree.value(root, "KP") {
        setup.ko = Some(sgf::parse_point(k, setup.size).expect("KP is a point"));
    }
    let pos = tesuji::Position::from_setup(&setup).expect("a legal position");
    let mut problem =
        Tsumego::with_region(pos, problem.targets(), problem.region()).expect("the same problem");
    problem.set_first(problem.position().to_play());
    for v in tree.get(root, "KT").map(|p| p.values()).unwrap_or_default() {
        let (c, n) = v.split_once(':').expect("KT[B:n]");
        let color = if c == "B" { Color::Black } else { Color::White };
        problem.set_ko_threats(color, n.parse().expect("a count"));
    }
    problem
}

/// Every proof vendored as evidence (`tests/data/tsumego/evidence`, where our move is not
/// the listed one) still passes the independent verifier.
#[test]
fn vendored_evidence_verifies() {
    let mut files = Vec::new();
    let mut dirs = vec![data_dir().join("evidence")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "sgf")
                && !p.to_string_lossy().ends_with("-position.sgf")
            {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut states = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for tree in sgf::parse(&text).unwrap() {
            let problem = stated_problem(&tree);
            let report = verify(&problem, &tree).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            states += report.states;
        }
    }
    println!("{} evidence files, {states} states verified", files.len());
    assert!(files.len() >= 17, "{}", files.len());
}

/// A proof too large for its memory bound written out in full is written with its
/// transpositions shared (`SAME[n]` naming a state marked `ID[n]` earlier): it verifies,
/// and a transposition that names the wrong state, or none, is rejected.
#[test]
fn a_proof_with_shared_transpositions_verifies() {
    let text =
        std::fs::read_to_string(data_dir().join("evidence/gop-19468-C1-position.sgf")).unwrap();
    let problem = Tsumego::from_sgf(&sgf::parse(&text).unwrap()[0]).unwrap();
    let prove_within = |memory_bytes| {
        let mut solver = Solver::new(Config {
            memory_bytes,
            ..config()
        });
        solver
            .proof_tree(&mut problem.search(problem.first()))
            .expect("a proof")
    };
    // 256 MiB: the whole tree, as variations only.
    let full = prove_within(256 << 20);
    let full = write_read_verify("gop/19468 in full", &problem, &full);
    assert_eq!(full.report.transpositions, 0);
    // 1 MiB: at most 1,024 states, fewer than the whole tree has.
    let shared = prove_within(1 << 20);
    assert!(full.tree_nodes > 1024, "{}", full.tree_nodes);
    assert!(shared.nodes.len() <= 1024, "{}", shared.nodes.len());
    let checked = write_read_verify("gop/19468 shared", &problem, &shared);
    println!(
        "gop/19468 W: {} states in full, {} with {} transpositions shared",
        full.report.states, checked.report.states, checked.report.transpositions
    );
    assert!(checked.report.transpositions > 0);
    assert_eq!(checked.report.winner, full.report.winner);

    // Spoiled: a transposition that names a mark nowhere in the tree, and one that names
    // another marked state (another position, or one not finished before it).
    let good = proof_sgf(&problem, &shared, problem.first()).to_sgf();
    let at = good.find("SAME[").expect("a transposition") + 5;
    let label = &good[at..at + good[at..].find(']').unwrap()];
    let other = good[..at]
        .match_indices("ID[")
        .map(|(i, _)| &good[i + 3..i + 3 + good[i + 3..].find(']').unwrap()])
        .find(|&l| l != label)
        .expect("another marked state before it");
    for (wrong, what) in [("no-such-mark", "names no node"), (other, "")] {
        let spoiled = format!("{}{wrong}{}", &good[..at], &good[at + label.len()..]);
        let e = verify(&problem, &sgf::parse(&spoiled).unwrap()[0]).unwrap_err();
        println!("SAME[{label}] -> SAME[{wrong}]: {e}");
        assert!(
            matches!(&e.kind, VerifyErrorKind::Transposition(w) if w.contains(what)),
            "{e}"
        );
    }
    // A mark given to two nodes: the second marked node takes the first one's mark.
    let mut marks = good.match_indices("ID[").map(|(i, _)| i + 3);
    let (first, second) = (marks.next().unwrap(), marks.next().expect("two marks"));
    let first_label = &good[first..first + good[first..].find(']').unwrap()];
    let second_end = second + good[second..].find(']').unwrap();
    let twice = format!("{}{first_label}{}", &good[..second], &good[second_end..]);
    let e = verify(&problem, &sgf::parse(&twice).unwrap()[0]).unwrap_err();
    println!("a mark given twice: {e}");
    assert!(
        matches!(&e.kind, VerifyErrorKind::Transposition(w) if w.contains("given twice")),
        "{e}"
    );

    // A transposition to a node not checked yet (here: one later in the tree, as when
    // the verifier ended the play sooner above the marked node) is followed: the moves
    // below the node it names are checked from its own line.
    let good = sgf::parse(&good).unwrap().remove(0);
    let leaf = good
        .nodes()
        .map(|(id, _)| id)
        .find(|&id| good.value(id, "SAME").is_some())
        .unwrap();
    let mark = good.value(leaf, "SAME").unwrap().to_string();
    let marked = good
        .nodes()
        .map(|(id, _)| id)
        .find(|&id| good.value(id, "ID") == Some(mark.as_str()))
        .unwrap();
    // The marked node becomes the transposition, the leaf gets its mark and its moves.
    let mut swapped = GameTree::new();
    let copy = |out: &mut GameTree, from: NodeId, to: NodeId, skip: &[&str]| {
        for p in good.node(from).properties() {
            if !skip.contains(&p.id()) {
                out.push_property(to, p.id(), p.values().to_vec());
            }
        }
    };
    let root = swapped.root();
    copy(&mut swapped, good.root(), root, &[]);
    let mut stack = vec![(good.root(), root)];
    while let Some((old, new)) = stack.pop() {
        let below = if old == marked {
            swapped.push_property(new, "SAME", [mark.as_str()]);
            continue;
        } else if old == leaf {
            swapped.push_property(new, "ID", [mark.as_str()]);
            marked
        } else {
            old
        };
        for &c in good.children(below) {
            let n = swapped.add_child(new);
            let skip: &[&str] = if c == marked {
                &["ID"]
            } else if c == leaf {
                &["SAME", "C"]
            } else {
                &[]
            };
            copy(&mut swapped, c, n, skip);
            stack.push((c, n));
        }
    }
    let report = verify(&problem, &swapped).unwrap_or_else(|e| panic!("swapped: {e}"));
    println!(
        "the first transposition and its mark swapped: {} states, {} transpositions",
        report.states, report.transpositions
    );
    assert!(report.states > checked.report.states);

    // A transposition that names a node on its own line (its grandparent, a state with
    // moves of the same side): followed, the walk would go round; it is an error.
    let mut looped = good.clone();
    let above = looped
        .parent(leaf)
        .and_then(|p| looped.parent(p))
        .expect("the transposition is two moves deep at least");
    looped.set_property(above, "ID", ["loop"]);
    looped.set_property(leaf, "SAME", ["loop"]);
    let e = verify(&problem, &looped).unwrap_err();
    println!("a transposition naming a node on its own line: {e}");
    assert!(
        matches!(&e.kind, VerifyErrorKind::Transposition(w) if w.contains("its own line")),
        "{e}"
    );
}

/// The escape rule of an open region: a target chain that reaches the border by its own
/// move can be blocked there (the attacker may play on a liberty outside the region of a
/// target chain); one that gets two liberties outside at once gets out. Both proofs are
/// written and checked by the verifier, which knows the same rule.
#[test]
fn a_block_stops_a_crawl_and_two_liberties_get_out() {
    // White's stone at B2 in a corridor along the edge; the region is B2 and C2, and D2
    // (outside) is the corridor's way on.
    let corridor = "
        X X X X X
        X O . . .
        X X X X X
    ";
    // The same with C3 open too: a white stone on C2 then has two liberties outside.
    let two_ways = "
        X X . X X
        X O . . .
        X X X X X
    ";
    let region = region_of(&[(1, 1), (2, 1)]);
    for (diagram, white_lives) in [(corridor, false), (two_ways, true)] {
        let pos = ascii::parse_diagram(diagram).unwrap();
        let mut problem = Tsumego::with_region(pos, &[Point::new(1, 1)], &region).unwrap();
        assert!(problem.is_open());
        problem.set_first(Color::White);
        let tree = prove(&problem).expect("a proof of so small a problem");
        let winner = winner(&problem, &tree);
        assert_eq!(winner == Color::White, white_lives, "{diagram}");
        let checked = write_read_verify(diagram, &problem, &tree);
        assert_eq!(checked.report.winner, winner);
        if !white_lives {
            // White's C2 is answered by Black's block at D2, which captures both stones.
            let text = proof_sgf(&problem, &tree, problem.first()).to_sgf();
            assert!(text.contains(";W[cb]") && text.contains(";B[db]"), "{text}");
        }
    }
    // A region closed by the wall where White's move joins a white stone outside it: the
    // chain then has that stone's liberty D2 outside the region, narrow (its only empty
    // neighbour outside is D3), and Black blocks it, capturing all three. The search must
    // see the liberty although no point outside the region was next to it at the start.
    let joined = "
        . . . . .
        X X X X .
        X O . O .
        X X X X X
    ";
    let pos = ascii::parse_diagram(joined).unwrap();
    let mut problem =
        Tsumego::with_region(pos, &[Point::new(1, 2)], &region_of(&[(1, 2), (2, 2)])).unwrap();
    assert!(!problem.is_open());
    problem.set_first(Color::White);
    let tree = prove(&problem).expect("a proof of so small a problem");
    assert_eq!(winner(&problem, &tree), Color::Black);
    write_read_verify("joined", &problem, &tree);

    // Without the block (Black passes instead) the play ends in White's favour: an end
    // that favours the loser of the proof.
    let pos = ascii::parse_diagram(corridor).unwrap();
    let mut problem = Tsumego::with_region(pos, &[Point::new(1, 1)], &region).unwrap();
    problem.set_first(Color::White);
    let tree = prove(&problem).unwrap();
    let good = proof_sgf(&problem, &tree, problem.first()).to_sgf();
    let spoiled = good.replacen(";B[db]", ";B[]", 1);
    assert_ne!(spoiled, good);
    let e = verify(&problem, &sgf::parse(&spoiled).unwrap()[0]).unwrap_err();
    assert!(e.to_string().contains("white succeeds"), "{e}");
}

fn region_of(points: &[(usize, usize)]) -> Vec<Point> {
    points.iter().map(|&(x, y)| Point::new(x, y)).collect()
}
