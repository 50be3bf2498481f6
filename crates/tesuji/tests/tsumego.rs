//! The tsumego problem model (issue 5): loading, region detection on the tsumego.js set,
//! listed answers, and the search rules checked by an exhaustive test-only solver on the
//! classic shapes.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use tesuji::dfpn::{NodeKind, Outcome, Problem};
use tesuji::tsumego::{Tsumego, TsumegoError};
use tesuji::{ascii, Color};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tsumego")
}

/// Every SGF of the vendored tsumego.js set, as (name without extension, text), sorted.
fn tsumegojs_files() -> Vec<(String, String)> {
    let root = data_dir().join("tsumegojs");
    let mut out = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "sgf") {
                let name = p
                    .strip_prefix(&root)
                    .unwrap()
                    .with_extension("")
                    .to_string_lossy()
                    .replace('\\', "/");
                out.push((name, std::fs::read_to_string(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn region_survey() {
    for (name, text) in tsumegojs_files() {
        match Tsumego::from_sgf_text(&text) {
            Ok(t) => println!(
                "{name}: region {} points, {} empty, defender {}",
                t.region().len(),
                t.region_empty_count(),
                t.defender()
            ),
            Err(e) => println!("{name}: ERROR {e}"),
        }
    }
    let _ = TsumegoError::NoTarget;
}

#[test]
fn show_some() {
    for (name, text) in tsumegojs_files() {
        if ["gop/1980"].contains(&name.as_str()) {
            let t = Tsumego::from_sgf_text(&text);
            match t {
                Ok(t) => {
                    println!("{name}\n{}", t.region_diagram());
                    let r = tesuji::benson::unconditional_life(
                        t.position().board(),
                        tesuji::Suicide::Forbidden,
                    );
                    println!("{:?}", r.alive_chains);
                }
                Err(e) => println!("{name}: {e}"),
            }
        }
    }
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
                diagram: String::new(),
            });
            continue;
        }
        let f = out.last_mut().expect("a fixture starts with ==");
        if let Some(v) = t.strip_prefix("target:") {
            f.targets = v.trim().to_string();
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
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
