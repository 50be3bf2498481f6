//! The solver's static knowledge (dead shapes, `tsumego/dead.rs`; the escape of an open
//! region) checked against search without it: every state where the knowledge ends a line
//! during the solves of the vendored tsumego.js problems is solved again from scratch, with
//! the same side to move and the knowledge off, and the attacker must capture; on the
//! vendored open problems, the side the knowledge named must win. Knowledge on and off
//! must also give the same answers.

mod common;

use std::collections::HashSet;
use std::time::Duration;
use tesuji::dfpn::{Config, NodeKind, Outcome, Problem, Solver};
use tesuji::tsumego::{Search, Tsumego, TsumegoMove};
use tesuji::{Color, Position};

/// A search that records the positions where knowledge, and not the rules, ends a line,
/// with the winner it named.
struct Recorder {
    search: Search,
    prover: Color,
    seen: HashSet<u64>,
    found: Vec<(Position, Color)>,
    limit: usize,
}

impl Problem for Recorder {
    type Move = TsumegoMove;
    fn key(&self) -> u64 {
        self.search.key()
    }
    fn node_kind(&self) -> NodeKind {
        self.search.node_kind()
    }
    fn terminal(&mut self) -> Option<Outcome> {
        let t = self.search.terminal();
        if t.is_some()
            && self.search.rules_winner().is_none()
            && self.found.len() < self.limit
            && self.seen.insert(self.search.position().board().hash())
        {
            let winner = match t {
                Some(Outcome::Proven) => self.prover,
                _ => !self.prover,
            };
            self.found.push((self.search.position().clone(), winner));
        }
        t
    }
    fn rules_terminal(&mut self) -> Option<Outcome> {
        self.search.rules_terminal()
    }
    fn strategy_move(&mut self) -> Option<TsumegoMove> {
        self.search.strategy_move()
    }
    fn repetition(&self) -> Outcome {
        self.search.repetition()
    }
    fn moves(&mut self, moves: &mut Vec<TsumegoMove>) {
        self.search.moves(moves)
    }
    fn play(&mut self, mv: TsumegoMove) {
        self.search.play(mv)
    }
    fn undo(&mut self) {
        self.search.undo()
    }
    fn initial_numbers(&mut self) -> (u32, u32) {
        self.search.initial_numbers()
    }
}

fn config(nodes: u64) -> Config {
    Config {
        nodes: Some(nodes),
        time: Some(Duration::from_secs(20)),
        memory_bytes: 32 << 20,
        ..Config::default()
    }
}

#[test]
fn dead_shapes_are_dead_without_knowledge() {
    let (mut problems, mut states, mut checked, mut over_budget) = (0, 0, 0, 0);
    let mut wrong = Vec::new();
    for (name, problem) in common::small_problems(12) {
        problems += 1;
        // Record where knowledge fires while the first player's result is searched.
        let first = problem.first();
        let mut rec = Recorder {
            search: problem.search(first),
            prover: first,
            seen: HashSet::new(),
            found: Vec::new(),
            limit: 8,
        };
        let mut solver = Solver::new(config(300_000));
        let with = solver.solve(&mut rec).outcome;
        // Knowledge off: the same answer.
        let mut plain = problem.search(first);
        plain.set_knowledge(false);
        let without = Solver::new(config(3_000_000)).solve(&mut plain).outcome;
        if with.is_some() && without.is_some() && with != without {
            wrong.push(format!(
                "{name}: {with:?} with knowledge, {without:?} without"
            ));
        }
        states += rec.found.len();
        for (pos, _) in rec.found {
            // The ko ban of the position goes with it (a new problem keeps it).
            let t = Tsumego::with_region(pos, problem.targets(), problem.region())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut s = t.search(t.attacker());
            s.set_knowledge(false);
            match Solver::new(config(400_000)).solve(&mut s).outcome {
                Some(Outcome::Proven) => checked += 1,
                Some(Outcome::Disproven) => wrong.push(format!(
                    "{name}: not dead:\n{}",
                    tesuji::ascii::write_diagram(t.position(), true)
                )),
                None => over_budget += 1,
            }
        }
    }
    println!(
        "{problems} problems, {states} dead states recorded, {checked} checks proven \
         without knowledge, {over_budget} over budget"
    );
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(checked >= 200, "too few checks: {checked}");
    assert!(
        over_budget * 20 <= checked,
        "too many over budget: {over_budget}"
    );
}

/// The open problems' knowledge (a defender to move that can take an exit, a target
/// chain with two exits: escaped; and the dead shapes) on the vendored book problems and
/// open positions, both colours first: each state where it ends a line is solved again
/// with the knowledge off, and the side it named must win.
#[test]
fn open_problem_knowledge_is_sound() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tsumego");
    let mut files: Vec<_> = ["hashimoto", "open"]
        .iter()
        .flat_map(|d| std::fs::read_dir(format!("{data}/{d}")).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    // Two threads, each taking every other file.
    let tallies: Vec<Tally> = std::thread::scope(|s| {
        let halves: Vec<_> = (0..2)
            .map(|half| {
                let files = &files;
                s.spawn(move || {
                    let mut t = Tally::default();
                    for path in files.iter().skip(half).step_by(2) {
                        check_open_problem(path, &mut t);
                    }
                    t
                })
            })
            .collect();
        halves.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let (mut states, mut checked, mut over_budget, mut escapes) = (0, 0, 0, 0);
    let (mut wrong, mut no_goal) = (Vec::new(), Vec::new());
    for t in tallies {
        states += t.states;
        checked += t.checked;
        over_budget += t.over_budget;
        escapes += t.escapes;
        wrong.extend(t.wrong);
        no_goal.extend(t.no_goal);
    }
    println!(
        "{} problems ({} read as a kill, no goal found: {no_goal:?}), \
         {states} states recorded ({escapes} escapes), {checked} checks proven without \
         knowledge, {over_budget} over budget",
        files.len(),
        no_goal.len()
    );
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(no_goal.len() <= 1, "no goal found in {no_goal:?}");
    assert!(escapes >= 10, "too few escapes seen: {escapes}");
    assert!(checked >= 40, "too few checks: {checked}");
    assert!(
        over_budget * 10 <= checked,
        "too many over budget: {over_budget}"
    );
}

/// What the checks of [`open_problem_knowledge_is_sound`] found.
#[derive(Default)]
struct Tally {
    states: usize,
    checked: usize,
    over_budget: usize,
    escapes: usize,
    wrong: Vec<String>,
    no_goal: Vec<String>,
}

/// The checks of [`open_problem_knowledge_is_sound`] on one problem.
fn check_open_problem(path: &std::path::Path, tally: &mut Tally) {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap();
    let tree = &tesuji::sgf::parse(&text).unwrap()[0];
    // The goal's reading within 5M nodes (a few problems' take ten times that): the
    // knowledge is checked in the problem found, whichever it is.
    let options = tesuji::tsumego::OpenOptions {
        nodes: Some(5_000_000),
        ..Default::default()
    };
    let problem = match tesuji::tsumego::load(tree, None, None, &options) {
        Ok(loaded) => loaded.problem,
        // A problem whose goal the reading does not find within its budget is checked as
        // a kill: its largest candidate group of the opponent of the side to play, in
        // its open region.
        Err(tesuji::tsumego::TsumegoError::NoGoal { .. }) => {
            let position = tesuji::tsumego::Tsumego::sgf_position(tree).unwrap();
            let first = position.to_play();
            tally.no_goal.push(name.clone());
            tesuji::tsumego::candidates(&position, first, &options)
                .into_iter()
                .find(|(g, _)| g.color != first)
                .unwrap_or_else(|| panic!("{name}: no candidate to kill"))
                .1
        }
        Err(e) => panic!("{name}: {e}"),
    };
    for first in [Color::Black, Color::White] {
        let mut rec = Recorder {
            search: problem.search(first),
            prover: first,
            seen: HashSet::new(),
            found: Vec::new(),
            limit: 40,
        };
        let with = Solver::new(config(500_000)).solve(&mut rec).outcome;
        let mut plain = problem.search(first);
        plain.set_knowledge(false);
        let without = Solver::new(config(3_000_000)).solve(&mut plain).outcome;
        if with.is_some() && without.is_some() && with != without {
            tally.wrong.push(format!(
                "{name}, {first:?} first: {with:?} with knowledge, {without:?} without"
            ));
        }
        tally.states += rec.found.len();
        for (pos, winner) in rec.found {
            tally.escapes += usize::from(winner == problem.defender());
            let t = Tsumego::with_region(pos, problem.targets(), problem.region())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut s = t.search(winner);
            s.set_knowledge(false);
            match Solver::new(config(400_000)).solve(&mut s).outcome {
                Some(Outcome::Proven) => tally.checked += 1,
                Some(Outcome::Disproven) => tally.wrong.push(format!(
                    "{name}: {winner:?} named the winner but loses:\n{}",
                    tesuji::ascii::write_diagram(t.position(), true)
                )),
                None => tally.over_budget += 1,
            }
        }
    }
}

/// Values that hold whatever the ko threats are (no ko ban met below them) are shared
/// under a key without the threats (`Problem::core_key`), within a search and across the
/// searches of the threshold walk, which reuse one table. Checked here: on the small
/// vendored problems, each threat difference from -2 to 2 solved with core values off
/// and a fresh table, and again in one table shared by all five searches (going up, then
/// down), gives the same result.
#[test]
fn core_values_change_no_result() {
    use tesuji::tsumego::with_threats;
    let (mut problems, mut compared, mut ko_problems) = (0, 0, 0);
    let mut wrong = Vec::new();
    for (name, problem) in common::small_problems(10) {
        problems += 1;
        for first in [problem.first(), !problem.first()] {
            let ds: Vec<i32> = (-2..=2).collect();
            let mut plain = Vec::new();
            for &d in &ds {
                let mut s = with_threats(&problem, first, d).search(first);
                s.set_core_values(false);
                plain.push(Solver::new(config(2_000_000)).solve(&mut s).outcome);
            }
            if plain.iter().any(|r| *r != plain[0]) {
                ko_problems += 1;
            }
            for order in [ds.clone(), ds.iter().rev().copied().collect::<Vec<_>>()] {
                let mut shared = Solver::new(config(2_000_000));
                for &d in &order {
                    let mut s = with_threats(&problem, first, d).search(first);
                    let got = shared.solve(&mut s).outcome;
                    let want = plain[(d + 2) as usize];
                    if got.is_some() && want.is_some() {
                        compared += 1;
                        if got != want {
                            wrong.push(format!(
                                "{name}, {first:?} first, difference {d}: {got:?} shared, \
                                 {want:?} plain"
                            ));
                        }
                    }
                }
            }
        }
    }
    println!(
        "{problems} problems, {compared} results compared, {ko_problems} first players \
         whose result depends on the threats"
    );
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(compared >= 1000, "too few: {compared}");
    assert!(ko_problems >= 10, "too few ko problems: {ko_problems}");
}
