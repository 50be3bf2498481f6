//! Experiment: df-pn over the tsumego model on the answered tsumego.js problems.
//! Usage: cargo run --release -p tesuji --example dfpn_tsumegojs -- DIR
use std::time::{Duration, Instant};
use tesuji::dfpn::{Config, Outcome, Solver};
use tesuji::tsumego::{listed_first_moves, Tsumego, TsumegoMove};
use tesuji::{sgf, Move};

fn main() {
    let dir = std::env::args().nth(1).expect("dir");
    let mut files = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "sgf") {
                files.push(p);
            }
        }
    }
    files.sort();
    let (mut total, mut agree, mut solved, mut n) = (Duration::ZERO, 0, 0, 0);
    let mut times = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        if !text.contains("PL[B]") && !text.contains("PL[W]") {
            continue;
        }
        let tree = match sgf::parse(&text) {
            Ok(t) => t,
            Err(_) => continue,
        };
        let Ok(problem) = Tsumego::from_sgf(&tree[0]) else {
            println!("{}: load error", f.display());
            continue;
        };
        let listed = listed_first_moves(&tree[0]).unwrap_or_default();
        n += 1;
        let first = problem.first();
        let mut search = problem.search(first);
        let mut config = Config {
            nodes: Some(5_000_000),
            time: Some(Duration::from_secs(20)),
            ..Config::default()
        };
        if let Ok(e) = std::env::var("EPS") {
            config.epsilon_percent = e.parse().unwrap();
        }
        if std::env::var("WEAK").is_ok() {
            config.weak = true;
        }
        if std::env::var("NOORDER").is_ok() {
            search.set_move_ordering(false);
        }
        let mut solver = Solver::new(config);
        let start = Instant::now();
        let r = solver.solve(&mut search);
        print!(
            "fb={} rs={} empty={} tt={} ",
            solver.fallbacks(),
            solver.restarts(),
            problem.region_empty_count(),
            r.table_entries
        );
        let mut mv = None;
        if r.outcome == Some(Outcome::Proven) {
            solved += 1;
            let t_solve = start.elapsed();
            let c = solver.solve_children(&mut search);
            mv = c
                .children
                .iter()
                .find(|x| x.1 == Some(Outcome::Proven))
                .map(|x| x.0);
            print!(
                "solve_ms={} children_nodes={} ",
                t_solve.as_millis(),
                c.nodes
            );
        }
        let el = start.elapsed();
        total += el;
        times.push(el);
        let ok = match mv {
            Some(TsumegoMove::Play(p)) => listed.contains(&Move::Play(p)),
            Some(TsumegoMove::Pass) => listed.contains(&Move::Pass),
            _ => false,
        };
        if ok {
            agree += 1;
        }
        println!(
            "{} {:?} {:?} nodes={} ms={} listed_ok={ok}",
            f.display(),
            r.outcome,
            mv,
            r.nodes,
            el.as_millis()
        );
    }
    times.sort();
    println!(
        "problems={n} proven={solved} first_move_listed={agree} total_s={:.2} median_ms={}",
        total.as_secs_f64(),
        times.get(times.len() / 2).map_or(0, |t| t.as_millis())
    );
}
