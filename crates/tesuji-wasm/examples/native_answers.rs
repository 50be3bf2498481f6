//! The native side of the wasm/native comparison (`web/tests/tsumegojs.mjs`): solves every
//! problem of a directory of SGF files for both first players with the library's solver
//! (`tesuji::tsumego::solve`) and the options the WebAssembly build uses by default, and
//! prints one JSON line per solve.
//!
//! Usage: `cargo run --release -p tesuji-wasm --example native_answers -- DIR [NODES]`
use std::path::PathBuf;
use std::time::Instant;

use tesuji::tsumego::{solve, SolveOptions, Tsumego, Verdict};
use tesuji::{vertex, Color, Move};

fn files(dir: PathBuf) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "sgf") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next() else {
        eprintln!("usage: native_answers DIR [NODES]");
        std::process::exit(2);
    };
    let nodes: u64 = args
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let root = PathBuf::from(&dir);
    let (mut total, mut count) = (0.0f64, 0);
    for f in files(root.clone()) {
        let name = f.strip_prefix(&root).unwrap_or(&f).display().to_string();
        let name = name.trim_end_matches(".sgf").to_string();
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let problem = match Tsumego::from_sgf_text(&text) {
            Ok(p) => p,
            Err(e) => {
                let kind = tesuji_wasm::error::Error::from(e).kind;
                println!("{}", serde_json::json!({"file": name, "error": kind}));
                continue;
            }
        };
        let size = problem.position().size();
        let v = |m: &Move| vertex::format(*m, size).to_string();
        for color in [Color::Black, Color::White] {
            // The defaults of the JavaScript API (Problem.solve with only a node budget).
            let options = SolveOptions {
                nodes: Some(nodes),
                memory_bytes: 64 << 20,
                all_moves: false,
                ..SolveOptions::default()
            };
            let start = Instant::now();
            let a = solve(&problem, color, &options);
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            total += ms;
            count += 1;
            let result = match a.result {
                Verdict::Win => "win",
                Verdict::Loss => "loss",
                Verdict::Unknown => "unknown",
            };
            println!(
                "{}",
                serde_json::json!({
                    "file": name,
                    "color": color.letter().to_string(),
                    "result": result,
                    "threshold": a.threshold,
                    "moves": a.moves.iter().map(|m| v(&m.mv)).collect::<Vec<_>>(),
                    "pv": a.pv.iter().map(v).collect::<Vec<_>>(),
                    "nodes": a.nodes,
                    "ms": ms,
                })
            );
        }
    }
    eprintln!("native: {count} solves, {:.1} s", total / 1000.0);
}
