//! `peer`: runs the light-playout workload on tesuji and on the `goban` crate in the same
//! run and prints both `key=value` lines and the ratio.
//!
//! Usage: `peer [--size N] [--count K] [--goban-count K] [--seed S] [--repeat R]`
//! (defaults: size 9, 10000 tesuji playouts, a tenth of that for goban, seed 12345, 1
//! repetition). With `--repeat R` both are run `R` times and the medians are reported.

use std::process::ExitCode;
use tesuji::playout::{bench, BenchReport, DEFAULT_SEED};
use tesuji_bench::goban_bench;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() -> ExitCode {
    let mut size = 9usize;
    let mut count = 10_000u64;
    let mut goban_count = None;
    let mut seed = DEFAULT_SEED;
    let mut repeat = 1usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || -> u64 {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{a} needs a number"))
        };
        match a.as_str() {
            "--size" => size = val() as usize,
            "--count" => count = val(),
            "--goban-count" => goban_count = Some(val()),
            "--seed" => seed = val(),
            "--repeat" => repeat = val().max(1) as usize,
            _ => {
                eprintln!(
                    "usage: peer [--size N] [--count K] [--goban-count K] [--seed S] [--repeat R]"
                );
                return ExitCode::from(2);
            }
        }
    }
    let goban_count = goban_count.unwrap_or((count / 10).max(1));
    let mut ours: Vec<BenchReport> = Vec::new();
    let mut theirs: Vec<BenchReport> = Vec::new();
    for _ in 0..repeat {
        let t = bench(size, count, seed);
        println!("{t}");
        ours.push(t);
        let g = goban_bench(size, goban_count, seed);
        println!("{g}");
        theirs.push(g);
    }
    let t_pps = median(ours.iter().map(|r| r.playouts_per_s()).collect());
    let g_pps = median(theirs.iter().map(|r| r.playouts_per_s()).collect());
    let t_mps = median(ours.iter().map(|r| r.moves_per_s()).collect());
    let g_mps = median(theirs.iter().map(|r| r.moves_per_s()).collect());
    // Same seed and count: the checksums must agree (the same moves were played).
    let same = if goban_count == count {
        (ours[0].checksum == theirs[0].checksum).to_string()
    } else {
        let check = goban_bench(size, count.min(goban_count), seed);
        let ours_check = bench(size, count.min(goban_count), seed);
        (check.checksum == ours_check.checksum).to_string()
    };
    println!(
        "size={size} repeats={repeat} tesuji_playouts_per_s={t_pps:.0} goban_playouts_per_s={g_pps:.0} \
         tesuji_moves_per_s={t_mps:.0} goban_moves_per_s={g_mps:.0} ratio_playouts_tesuji_over_goban={:.2} \
         same_moves={same}",
        t_pps / g_pps
    );
    if same == "true" {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
