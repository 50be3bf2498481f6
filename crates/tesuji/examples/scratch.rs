//! Scratch: one problem, df-pn at a given threat difference, with stats.
use std::time::{Duration, Instant};
use tesuji::dfpn::{Config, Solver};
use tesuji::sgf;
use tesuji::tsumego::{with_threats, Tsumego};

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("file");
    let d: i32 = args.next().map_or(0, |s| s.parse().unwrap());
    let text = std::fs::read_to_string(&file).unwrap();
    let tree = sgf::parse(&text).unwrap();
    let problem = Tsumego::from_sgf(&tree[0]).unwrap();
    let first = std::env::var("FIRST").map_or(problem.first(), |v| {
        if v == "W" {
            tesuji::Color::White
        } else {
            tesuji::Color::Black
        }
    });
    let p = with_threats(&problem, first, d);
    let mut search = p.search(first);
    let config = Config {
        nodes: Some(std::env::var("NODES").map_or(20_000_000, |v| v.parse().unwrap())),
        time: Some(Duration::from_secs(60)),
        memory_bytes: 256 << 20,
        epsilon_percent: std::env::var("EPS").map_or(25, |v| v.parse().unwrap()),
        weak: std::env::var("WEAK").is_ok(),
        ..Config::default()
    };
    let mut solver = Solver::new(config);
    let start = Instant::now();
    let r = solver.solve(&mut search);
    println!(
        "{:?} nodes={} ms={} fb={} rs={} tt={} coll={} ko_seen={}",
        r.outcome,
        r.nodes,
        start.elapsed().as_millis(),
        solver.fallbacks(),
        solver.restarts(),
        r.table_entries,
        solver.table_collections(),
        search.ko_seen()
    );
}
