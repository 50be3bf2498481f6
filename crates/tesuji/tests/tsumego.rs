//! The tsumego problem model (issue 5): loading, region detection on the tsumego.js set,
//! listed answers, and the search rules checked by an exhaustive test-only solver on the
//! classic shapes.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use tesuji::dfpn::{NodeKind, Outcome, Problem};
use tesuji::tsumego::{listed_first_moves, Tsumego, TsumegoError};
use tesuji::{ascii, sgf, Color, Move};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tsumego")
}

// ---------------------------------------------------------------------------------------
// A test-only exhaustive solver: depth-limited minimax over `dfpn::Problem`, with the
// same terminal and repetition rules (they are the Problem's), a cycle check on the
// current path, and a table of the results that did not depend on a repetition (a result
// reached through a cycle depends on the path and is never stored).

#[derive(Default)]
struct Exhaustive {
    table: HashMap<u64, Outcome>,
    nodes: u64,
    /// Give up (unknown) after this many nodes; 0 for no limit.
    budget: u64,
}

impl Exhaustive {
    /// The proven value within `depth` moves, or `None`; and whether it depends on the
    /// path (a repetition was used).
    fn solve<P: Problem>(
        &mut self,
        p: &mut P,
        depth: u32,
        path: &mut Vec<u64>,
    ) -> (Option<Outcome>, bool) {
        self.nodes += 1;
        if self.budget > 0 && self.nodes > self.budget {
            return (None, false);
        }
        if let Some(o) = p.terminal() {
            return (Some(o), false);
        }
        let key = p.key();
        if path.contains(&key) {
            return (Some(p.repetition()), true);
        }
        if let Some(&o) = self.table.get(&key) {
            return (Some(o), false);
        }
        if depth == 0 {
            return (None, false);
        }
        let or = p.node_kind() == NodeKind::Or;
        let (win, lose) = if or {
            (Outcome::Proven, Outcome::Disproven)
        } else {
            (Outcome::Disproven, Outcome::Proven)
        };
        let mut moves = Vec::new();
        p.moves(&mut moves);
        path.push(key);
        let mut unknown = false;
        let mut dep_all = false;
        let mut found = None;
        for m in moves {
            p.play(m);
            let (r, dep) = self.solve(p, depth - 1, path);
            p.undo();
            match r {
                Some(o) if o == win => {
                    found = Some(dep);
                    break;
                }
                Some(_) => dep_all |= dep,
                None => unknown = true,
            }
        }
        path.pop();
        let (result, dep) = match found {
            Some(dep) => (Some(win), dep),
            None if unknown => (None, false),
            None => (Some(lose), dep_all),
        };
        if let (Some(o), false) = (result, dep) {
            self.table.insert(key, o);
        }
        (result, dep)
    }

    /// Iterative deepening up to `max_depth`.
    fn prove<P: Problem>(&mut self, p: &mut P, max_depth: u32) -> Option<Outcome> {
        for depth in 1..=max_depth {
            let (r, _) = self.solve(p, depth, &mut Vec::new());
            if r.is_some() {
                return r;
            }
        }
        None
    }
}

/// Who wins `problem` with its first player and threats, by the exhaustive solver, asked
/// both ways (attacker as prover and defender as prover) to check that the answers agree.
fn winner(problem: &Tsumego, max_depth: u32) -> (Option<Color>, u64) {
    let mut solver = Exhaustive::default();
    let mut s = problem.search(problem.attacker());
    let by_attacker = solver.prove(&mut s, max_depth);
    let mut solver2 = Exhaustive::default();
    let mut s = problem.search(problem.defender());
    let by_defender = solver2.prove(&mut s, max_depth);
    let nodes = solver.nodes + solver2.nodes;
    match (by_attacker, by_defender) {
        (Some(Outcome::Proven), Some(Outcome::Disproven)) => (Some(problem.attacker()), nodes),
        (Some(Outcome::Disproven), Some(Outcome::Proven)) => (Some(problem.defender()), nodes),
        (None, None) => (None, nodes),
        other => panic!("the two provers disagree: {other:?}"),
    }
}

struct Fixture {
    name: String,
    targets: String,
    expects: Vec<(Color, u32, u32, &'static str)>,
    /// (first player, its winning first moves as GTP vertices), threats 0/0.
    moves: Vec<(Color, Vec<String>)>,
    /// False with `exhaustive: skip`: the region is too large for the exhaustive minimax
    /// (the expectations are checked by the verified proofs of `tsumego_proof.rs`).
    exhaustive: bool,
    diagram: String,
}

fn fixtures() -> Vec<Fixture> {
    let text = std::fs::read_to_string(data_dir().join("shapes.txt")).unwrap();
    let mut out: Vec<Fixture> = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('#') || t.is_empty() {
            continue;
        }
        if let Some(name) = t.strip_prefix("==") {
            out.push(Fixture {
                name: name.trim().to_string(),
                targets: String::new(),
                expects: Vec::new(),
                moves: Vec::new(),
                exhaustive: true,
                diagram: String::new(),
            });
            continue;
        }
        let f = out.last_mut().expect("a fixture starts with ==");
        if let Some(v) = t.strip_prefix("target:") {
            f.targets = v.trim().to_string();
        } else if let Some(v) = t.strip_prefix("exhaustive:") {
            assert_eq!(v.trim(), "skip", "exhaustive: skip");
            f.exhaustive = false;
        } else if let Some(v) = t.strip_prefix("moves:") {
            let (c, list) = v.trim().split_once(' ').expect("moves: B|W VERTEX...");
            let list = list.split_whitespace().map(str::to_string).collect();
            f.moves.push((c.parse().unwrap(), list));
        } else if let Some(v) = t.strip_prefix("expect:") {
            let (mut first, mut tb, mut tw, mut win) = (Color::Black, 0, 0, "");
            for word in v.split_whitespace() {
                let (k, val) = word.split_once('=').expect("key=value");
                match k {
                    "first" => first = val.parse().unwrap(),
                    "threats" => {
                        let (b, w) = val.split_once('/').unwrap();
                        tb = b.parse().unwrap();
                        tw = w.parse().unwrap();
                    }
                    "winner" => {
                        win = if val == "attacker" {
                            "attacker"
                        } else {
                            assert_eq!(val, "defender");
                            "defender"
                        }
                    }
                    _ => panic!("unknown key {k}"),
                }
            }
            f.expects.push((first, tb, tw, win));
        } else {
            f.diagram.push_str(line);
            f.diagram.push('\n');
        }
    }
    out
}

#[test]
fn classic_shapes() {
    let mut failures = Vec::new();
    for f in fixtures() {
        let pos = ascii::parse_diagram(&f.diagram).unwrap();
        let targets = Tsumego::parse_points(&f.targets, pos.size()).unwrap();
        let base = Tsumego::new(pos, &targets).unwrap_or_else(|e| panic!("{}: {e}", f.name));
        if !f.exhaustive {
            assert!(
                f.moves.is_empty(),
                "{}: moves: needs the exhaustive check",
                f.name
            );
            println!("{}: exhaustive check skipped", f.name);
            continue;
        }
        for &(first, tb, tw, expect) in &f.expects {
            let mut t = base.clone();
            t.set_first(first);
            t.set_ko_threats(Color::Black, tb);
            t.set_ko_threats(Color::White, tw);
            let start = std::time::Instant::now();
            let (w, nodes) = winner(&t, 40);
            let got = match w {
                Some(c) if c == t.attacker() => "attacker",
                Some(_) => "defender",
                None => "unknown",
            };
            println!(
                "{}: first {first} threats {tb}/{tw}: {got} ({nodes} nodes, {:?})",
                f.name,
                start.elapsed()
            );
            if got != expect {
                failures.push(format!(
                    "{}: first {first} threats {tb}/{tw}: expected {expect}, got {got}",
                    f.name
                ));
            }
        }
        for (first, expect) in &f.moves {
            let mut t = base.clone();
            t.set_first(*first);
            let size = t.position().size();
            let got: Vec<String> = winning_first_moves(&t, 40)
                .unwrap_or_else(|| panic!("{}: over budget", f.name))
                .into_iter()
                .map(|m| tesuji::vertex::format(m, size).to_string())
                .collect();
            println!("{}: first {first}: winning moves {got:?}", f.name);
            if got != *expect {
                failures.push(format!(
                    "{}: first {first}: winning moves {got:?}, expected {expect:?}",
                    f.name
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The winning first moves of the first player, by the exhaustive solver (every move
/// proven within the depth limit; `None` if some move stays unknown).
fn winning_first_moves(t: &Tsumego, max_depth: u32) -> Option<Vec<Move>> {
    let mut s = t.search(t.first());
    let mut solver = Exhaustive {
        budget: 300_000,
        ..Exhaustive::default()
    };
    let mut moves = Vec::new();
    s.moves(&mut moves);
    let mut wins = Vec::new();
    for m in moves {
        s.play(m);
        let r = solver.prove(&mut s, max_depth);
        s.undo();
        match r {
            Some(Outcome::Proven) => wins.push(m.to_move()),
            Some(Outcome::Disproven) => {}
            None => return None,
        }
    }
    Some(wins)
}

/// The answered tsumego.js problems with at most 7 empty points in the region (31 of the
/// 104; 1 of them exceeds the node budget), solved exhaustively: every listed first move wins and every winning move is
/// listed, or (the four ko problems of `sim`) the same holds once the first player has one
/// more external ko threat than the opponent, and no move wins without it.
#[test]
fn tsumegojs_small_answered_problems() {
    let mut checked = 0;
    let mut ko = Vec::new();
    let mut extra = Vec::new();
    let mut over_budget = Vec::new();
    for (name, text) in common::tsumegojs_sgf_files() {
        let tree = &sgf::parse(&text).unwrap()[0];
        if tree
            .value(tree.root(), "PL")
            .unwrap_or("")
            .trim()
            .is_empty()
        {
            continue;
        }
        let Ok(mut t) = Tsumego::from_sgf(tree) else {
            continue;
        };
        if t.region_empty_count() > 7 {
            continue;
        }
        checked += 1;
        let listed = listed_first_moves(tree).unwrap();
        let Some(mut wins) = winning_first_moves(&t, 30) else {
            over_budget.push(name.clone());
            continue;
        };
        if wins.is_empty() {
            ko.push(name.clone());
            t.set_ko_threats(t.first(), 1);
            wins = winning_first_moves(&t, 30).unwrap();
        }
        for m in &listed {
            assert!(
                wins.contains(m),
                "{name}: listed {m:?} does not win; wins {wins:?}"
            );
        }
        if wins.iter().any(|m| !listed.contains(m)) {
            // Do the extra moves hang on a ko? Give the opponent 5 more threats.
            let mut u = t.clone();
            let opp = !t.first();
            u.set_ko_threats(opp, u.ko_threats(opp) + 5);
            let kind = match winning_first_moves(&u, 30) {
                Some(w) if w.iter().all(|m| listed.contains(m)) => "ko",
                Some(_) => "unconditional",
                None => "unknown",
            };
            extra.push((name.clone(), kind));
        }
    }
    println!("checked {checked}, over budget {over_budget:?}, ko {ko:?}, extra {extra:?}");
    assert_eq!(checked, 29);
    // Too many nodes for a plain tree search: left to df-pn. (gop/17281 was too, until
    // the dead-shape knowledge of the search state ended its lines sooner.)
    assert_eq!(over_budget, ["gop/20712"]);
    assert_eq!(ko, ["sim/7", "sim/8/gun-ko", "sim/8/ko-1", "sim/8/ko-2"]);
    // Problems where we find winning first moves besides the listed ones. In three the
    // extra moves win only through a ko that the opponent, without threats, loses: they
    // are the "ko solutions" that a threshold will tell apart. In gop/7260 they win
    // whatever the threats (tsumego.js lists one of three; to be checked with a written
    // proof); gop/17281 is over the node budget once the opponent has threats (df-pn:
    // the extra move E2 wins only by ko, threshold 0, the listed E3 unconditionally).
    assert_eq!(
        extra,
        [
            ("cc1/893".to_string(), "ko"),
            ("cc1/896".to_string(), "ko"),
            ("cc1/897".to_string(), "ko"),
            ("gop/17281".to_string(), "unknown"),
            ("gop/7260".to_string(), "unconditional"),
            ("sim/6/basic".to_string(), "ko"),
        ]
    );
}

/// Region detection on the whole tsumego.js set: 202 of the 208 files give a problem with
/// a closed region, and the six that do not are the defects its README lists, each with
/// the error it deserves. `gop/1980`, listed there as having no safe outer wall, does get a
/// region: on its 7x7 board the surrounding white wall is unconditionally alive (Benson),
/// which is the board as given; on the larger board it was cut from, it would not be.
#[test]
fn tsumegojs_regions() {
    let files = common::tsumegojs_sgf_files();
    assert_eq!(files.len(), 208);
    let mut ok = 0;
    let mut largest = (0, String::new());
    let mut empties = Vec::new();
    let mut errors = Vec::new();
    for (name, text) in &files {
        match Tsumego::from_sgf_text(text) {
            Ok(t) => {
                ok += 1;
                assert!(t.region().len() <= tesuji::tsumego::MAX_REGION_POINTS);
                for p in t.targets() {
                    assert!(t.in_region(*p), "{name}: target outside the region");
                }
                empties.push(t.region_empty_count());
                if t.region().len() > largest.0 {
                    largest = (t.region().len(), name.clone());
                }
            }
            Err(e) => errors.push((name.clone(), e)),
        }
    }
    empties.sort_unstable();
    println!(
        "{ok} regions; empty points: median {}, max {}; largest region {largest:?}",
        empties[empties.len() / 2],
        empties[empties.len() - 1]
    );
    assert_eq!(ok, 202);
    let names: Vec<&str> = errors.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "gop/11218",
            "gop/14141",
            "gop/14349",
            "gop/20133",
            "gop/20575",
            "scp/1"
        ]
    );
    for (name, e) in &errors {
        match name.as_str() {
            "gop/11218" | "scp/1" => assert_eq!(*e, TsumegoError::NoTarget),
            "gop/20133" => assert!(matches!(e, TsumegoError::Malformed { .. }), "{name}: {e}"),
            _ => assert!(
                matches!(e, TsumegoError::RegionNotClosed { .. }),
                "{name}: {e}"
            ),
        }
    }
    // The message says so and where (gop/14141: the gap at E4 between D4 and F4 opens
    // onto the empty lower board).
    for (name, e) in &errors {
        println!("{name}: {e}");
    }
    let e = &errors[1].1;
    assert!(
        e.to_string()
            .starts_with("region cannot be closed near E4: the wall of attacker stones has a gap"),
        "{e}"
    );
    let gop1980 = &files.iter().find(|(n, _)| n == "gop/1980").unwrap().1;
    let t = Tsumego::from_sgf_text(gop1980).unwrap();
    assert_eq!(t.region_empty_count(), 11);
}

/// The listed answers read from a few files.
#[test]
fn listed_answers_of_tsumegojs_files() {
    let read = |name: &str| {
        let text = std::fs::read_to_string(data_dir().join("tsumegojs").join(name)).unwrap();
        sgf::parse(&text).unwrap().remove(0)
    };
    let p = |x, y| Move::Play(tesuji::Point::new(x, y));
    // cc1/891: three first moves.
    assert_eq!(
        listed_first_moves(&read("cc1/891.sgf")).unwrap(),
        [p(4, 1), p(5, 3), p(6, 2)]
    );
    // gop/1980: no answer listed.
    assert!(listed_first_moves(&read("gop/1980.sgf"))
        .unwrap()
        .is_empty());
    // gop/16136: one line, B[hi] W[ie] B[hf] ...: the reply listed after B[hi] W[ie].
    let tree = read("gop/16136.sgf");
    assert_eq!(listed_first_moves(&tree).unwrap(), [p(7, 8)]);
    assert_eq!(
        tesuji::tsumego::listed_replies(&tree, &[p(7, 8), p(8, 4)]).unwrap(),
        Some(vec![p(7, 5)])
    );
    assert_eq!(
        tesuji::tsumego::listed_replies(&tree, &[p(0, 0)]).unwrap(),
        None
    );
}

/// What the move ordering is worth to the exhaustive solver: nodes on the classic shapes
/// and on the small answered tsumego.js problems, with and without it (printed: a
/// measurement, not a requirement; see the report of issue 5).
#[test]
fn move_ordering_saves_nodes() {
    let mut totals = [0u64; 2];
    for f in fixtures().into_iter().filter(|f| f.exhaustive) {
        let pos = ascii::parse_diagram(&f.diagram).unwrap();
        let targets = Tsumego::parse_points(&f.targets, pos.size()).unwrap();
        let base = Tsumego::new(pos, &targets).unwrap();
        for &(first, tb, tw, _) in &f.expects {
            let mut t = base.clone();
            t.set_first(first);
            t.set_ko_threats(Color::Black, tb);
            t.set_ko_threats(Color::White, tw);
            let mut n = [0u64; 2];
            for (i, on) in [true, false].into_iter().enumerate() {
                let mut solver = Exhaustive::default();
                let mut s = t.search(t.attacker());
                s.set_move_ordering(on);
                assert!(solver.prove(&mut s, 40).is_some());
                totals[i] += solver.nodes;
                n[i] = solver.nodes;
            }
            println!("{} {first} {tb}/{tw}: {n:?}", f.name);
        }
    }
    println!(
        "classic shapes: nodes with ordering {}, without {}",
        totals[0], totals[1]
    );
    // The answered tsumego.js problems with at most 6 empty points, attacker and defender
    // proving from the listed first player.
    let mut set_totals = [0u64; 2];
    for (name, text) in common::tsumegojs_sgf_files() {
        let tree = &sgf::parse(&text).unwrap()[0];
        if tree
            .value(tree.root(), "PL")
            .unwrap_or("")
            .trim()
            .is_empty()
        {
            continue;
        }
        let Ok(t) = Tsumego::from_sgf(tree) else {
            continue;
        };
        if t.region_empty_count() > 6 || name == "gop/20712" {
            continue;
        }
        for (i, on) in [true, false].into_iter().enumerate() {
            let mut solver = Exhaustive::default();
            let mut s = t.search(t.first());
            s.set_move_ordering(on);
            assert!(solver.prove(&mut s, 40).is_some(), "{name}");
            set_totals[i] += solver.nodes;
        }
    }
    println!(
        "tsumego.js, at most 6 empty points: nodes with ordering {}, without {}",
        set_totals[0], set_totals[1]
    );
}

/// No panic on any file of the crate's SGF corpus (games, not problems: most have no `MA`)
/// nor on any target chosen among their stones; and a few random moves, passes and threats
/// of the search are taken back exactly.
#[test]
fn no_panic_on_the_sgf_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf");
    let mut files = 0;
    let mut problems = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "sgf") {
            continue;
        }
        files += 1;
        let bytes = std::fs::read(&p).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let _ = Tsumego::from_sgf_text(&text);
        let Ok(trees) = sgf::parse(&text) else {
            continue;
        };
        let Some(tree) = trees.first() else { continue };
        let Ok(setup) = tree.points(tree.root(), "AB") else {
            continue;
        };
        for target in setup.into_iter().take(5) {
            let Ok(t) = Tsumego::from_sgf_with(tree, Some(&[target]), None) else {
                continue;
            };
            problems += 1;
            let mut s = t.search(t.attacker());
            let key = s.key();
            let mut moves = Vec::new();
            for i in 0..12 {
                moves.clear();
                s.moves(&mut moves);
                s.play(moves[(i * 7) % moves.len()]);
                let _ = s.terminal();
            }
            for _ in 0..12 {
                s.undo();
            }
            assert_eq!(s.key(), key);
        }
    }
    println!("{files} files, {problems} problems");
    assert!(files >= 30 && problems > 0);
}
