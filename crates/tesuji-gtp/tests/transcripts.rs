//! GTP transcript tests: every `tests/transcripts/NAME.in` script is fed to the engine and
//! the whole output must equal the recorded `NAME.out`. Set `TESUJI_BLESS=1` to record new
//! answers after checking them by eye.

use std::path::{Path, PathBuf};
use tesuji_gtp::{Engine, COMMANDS};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts")
}

fn run(input: &str) -> String {
    run_in(input, dir())
}

/// Runs `input` with `base` as the directory of `loadsgf` and `printsgf` files.
fn run_in(input: &str, base: PathBuf) -> String {
    let mut engine = Engine::new();
    engine.set_base_dir(Some(base));
    let mut out = Vec::new();
    engine
        .run(input.as_bytes(), &mut out)
        .expect("in-memory I/O");
    String::from_utf8(out).expect("responses are UTF-8")
}

fn scripts() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    v.sort();
    v
}

#[test]
fn transcripts_match_recorded_answers() {
    let bless = std::env::var_os("TESUJI_BLESS").is_some();
    let mut failures = Vec::new();
    for script in scripts() {
        let input = std::fs::read_to_string(&script).unwrap();
        let got = run(&input);
        let out = script.with_extension("out");
        if bless {
            std::fs::write(&out, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&out)
            .unwrap_or_else(|_| panic!("missing {}; run with TESUJI_BLESS=1", out.display()));
        if got != want {
            failures.push(format!(
                "{}:\n--- recorded\n{want}\n--- got\n{got}",
                script.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_command_is_exercised() {
    let all: String = scripts()
        .iter()
        .map(|s| std::fs::read_to_string(s).unwrap())
        .collect();
    for c in COMMANDS {
        assert!(
            all.lines().any(|l| l.split_whitespace().any(|w| w == *c)),
            "no transcript uses {c}"
        );
    }
}

#[test]
fn random_garbage_never_stops_the_engine() {
    // Seeded byte soup: the engine must answer every non-empty line and never panic.
    let seed = 0xC0FFEEu64;
    let mut s = seed;
    let mut next = || {
        s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z ^ (z >> 27)
    };
    let words = [
        "play",
        "b",
        "w",
        "genmove",
        "undo",
        "boardsize",
        "19",
        "0",
        "-1",
        "A1",
        "T19",
        "Z99",
        "pass",
        "komi",
        "6.5",
        "nan",
        "loadsgf",
        "findlib",
        "countlib",
        "fixed_handicap",
        "9",
        "is_legal",
        "all_legal",
        "worm_stones",
        "#",
        "\t",
        "\u{7}",
        "99999999999999999999",
        "set_free_handicap",
        "final_score",
        "clear_board",
        "showboard",
        "printsgf",
        "reg_genmove",
        "time_left",
        "final_status_list",
        "alive",
        "tesuji-rules",
        "ing",
    ];
    let mut script = String::new();
    for _ in 0..3000 {
        let n = next() % 5;
        for _ in 0..=n {
            script.push_str(words[(next() % words.len() as u64) as usize]);
            script.push(' ');
        }
        script.push('\n');
    }
    // `printsgf WORD` writes a file: in a scratch directory, not among the transcripts.
    let scratch = std::env::temp_dir().join(format!("tesuji-gtp-garbage-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let out = run_in(&script, scratch.clone());
    let _ = std::fs::remove_dir_all(&scratch);
    let answers = out.matches("\n\n").count();
    let lines = script
        .lines()
        .filter(|l| tesuji_gtp::protocol::parse_line(l).is_some())
        .count();
    assert_eq!(
        answers, lines,
        "seed {seed:#x}: every command gets one answer"
    );
}

/// The engine's second answer to `input` (a `loadsgf` of a vendored Hashimoto problem,
/// then one more command), with `tesuji-solve`'s time if given; and the whole output.
fn book_answer(input: &str, solve_time: Option<std::time::Duration>) -> (String, String) {
    let books =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tesuji/tests/data/tsumego/hashimoto");
    let mut engine = Engine::new();
    engine.set_base_dir(Some(books));
    if let Some(t) = solve_time {
        engine.set_solve_time(t);
    }
    let mut out = Vec::new();
    engine
        .run(input.as_bytes(), &mut out)
        .expect("in-memory I/O");
    let out = String::from_utf8(out).expect("responses are UTF-8");
    let answer = out.split("\n\n").nth(1).expect("two answers").to_string();
    (answer, out)
}

#[test]
fn tesuji_solve_says_which_look_found_the_goal() {
    // Moments of the Wind 2-043 before its first move, nothing marked: no group fits the
    // first look, and the second look with the fighting chains in the region finds Black's
    // group at H19, which lives by the ko at F19 (threshold 0: as many threats as White).
    let input = "loadsgf Moments-Of-The-Wind-2-043.sgf 1\ntesuji-solve black\n";
    let (answer, out) = book_answer(input, None);
    assert_eq!(
        answer, "= win F19 0 live H19 critical fighting-chains",
        "{out}"
    );
}

#[test]
fn tesuji_solve_keeps_to_its_time() {
    // Moments of the Wind 1-181, nothing marked, Black to play: within the default 10 s
    // the answer is whole (Black's group at G19 lives, at J19); within 0.2 s, the goal's
    // reading and the solve share the 0.2 s and the answer says that the result is
    // unknown, and so are the move and the threshold (which goal the reading takes in
    // that time depends on how far it got).
    let input = "loadsgf Moments-Of-The-Wind-1-181.sgf\ntesuji-solve black\n";
    let short = std::time::Duration::from_millis(200);
    let (answer, out) = book_answer(input, Some(short));
    assert!(answer.starts_with("= unknown ? ? "), "{out}");
}

/// A huge bad argument is quoted by its first characters and its length, so that one bad
/// command does not make a huge answer.
#[test]
fn long_bad_arguments_are_cut_in_answers() {
    let long = "9".repeat(5_000);
    let commands = [
        format!("komi {long}"),
        format!("boardsize {long}"),
        format!("play black {long}"),
        format!("play {long} D4"),
        format!("fixed_handicap {long}"),
        format!("tesuji-rules {long}"),
        format!("loadsgf {long}"),
        format!("time_settings {long} 1 1"),
    ];
    for command in &commands {
        let answer = run(&format!("{command}\n"));
        assert!(answer.starts_with("? "), "{answer}");
        assert!(
            answer.len() < 160 && answer.contains("(5000 characters)"),
            "{} ...: {answer}",
            &command[..20]
        );
    }
}
