//! The answer does not depend on the thread count (issue 18): on the vendored tsumego.js
//! problems, the result, the threshold and every winning first move with its threshold
//! are the same on 1, 2 and 4 threads (4 on a machine with fewer cores makes the threads
//! interleave at random, which shakes out races); the problems with a ko are solved
//! again and again on 4 threads against the single thread's answer.

mod common;

use tesuji::sgf;
use tesuji::tsumego::{solve, Answer, SolveOptions, Tsumego, Verdict};
use tesuji::Color;

/// Problems with at most this many empty points in the region (the test stays short).
const MAX_EMPTY: usize = 9;

/// What must not depend on the threads: result, threshold, and the winning first moves
/// with their thresholds (in a fixed order).
type Key = (Verdict, Option<i32>, Vec<(String, Option<i32>)>);

fn answer_key(a: &Answer) -> Key {
    let mut moves: Vec<(String, Option<i32>)> = a
        .moves
        .iter()
        .map(|m| (format!("{:?}", m.mv), m.threshold))
        .collect();
    moves.sort();
    (a.result, a.threshold, moves)
}

fn options(threads: usize) -> SolveOptions {
    SolveOptions {
        nodes: Some(5_000_000),
        threads,
        ..SolveOptions::default()
    }
}

#[test]
fn answers_do_not_depend_on_threads() {
    let (mut checked, mut with_ko) = (0, 0);
    let mut ko_cases: Vec<(String, Tsumego, Color)> = Vec::new();
    for (name, text) in common::tsumegojs_sgf_files() {
        let Ok(trees) = sgf::parse(text.trim_start_matches('\u{feff}')) else {
            continue;
        };
        let Ok(problem) = Tsumego::from_sgf(&trees[0]) else {
            continue;
        };
        if problem.region_empty_count() > MAX_EMPTY {
            continue;
        }
        for first in [Color::Black, Color::White] {
            let one = solve(&problem, first, &options(1));
            if one.stopped != tesuji::dfpn::StopReason::Solved {
                continue;
            }
            let want = answer_key(&one);
            for threads in [2, 4] {
                let a = solve(&problem, first, &options(threads));
                assert_eq!(
                    answer_key(&a),
                    want,
                    "{name}, {first:?} first, {threads} threads ({:?})",
                    a.stopped
                );
            }
            checked += 1;
            if one.threshold.is_some() || one.moves.iter().any(|m| m.threshold.is_some()) {
                with_ko += 1;
                ko_cases.push((name.clone(), problem.clone(), first));
            }
        }
    }
    println!("{checked} runs checked on 1, 2 and 4 threads, {with_ko} with a ko threshold");
    assert!(checked >= 100, "only {checked} runs checked");
    assert!(with_ko >= 5, "only {with_ko} runs with a ko");
    // Stress: the ko problems, again and again on 4 threads.
    for (name, problem, first) in &ko_cases {
        let want = answer_key(&solve(problem, *first, &options(1)));
        for round in 0..5 {
            let a = solve(problem, *first, &options(4));
            assert_eq!(answer_key(&a), want, "{name}, {first:?}, round {round}");
        }
    }
}
