//! Runs the real `tesuji` binary and checks its output and exit codes.

use std::path::PathBuf;
use std::process::{Command, Output};

fn tesuji(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tesuji"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run tesuji")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Writes `text` to a fresh file in the target directory and returns its path.
fn temp_file(name: &str, text: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

const KO: &str = "\
. X O .
X . X O
. X O .
White to move
";

#[test]
fn show_prints_a_labelled_diagram() {
    let f = temp_file("show.txt", KO.as_bytes());
    let o = tesuji(&["show", f.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("    A B C D"), "{out}");
    assert!(out.contains("  2 X . X O 2"), "{out}");
    assert!(out.contains("White to move"), "{out}");
    let o = tesuji(&["show", "--kata", f.to_str().unwrap()]);
    assert_eq!(stdout(&o), "o\n-xo-\nx-xo\n-xo-\n");
}

#[test]
fn legal_lists_moves_and_checks_one() {
    let f = temp_file("legal.txt", KO.as_bytes());
    let path = f.to_str().unwrap();
    let o = tesuji(&["legal", path, "--json"]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o).trim(),
        r#"{"count":3,"game_over":false,"legal":["D3","B2","D1"],"to_play":"W"}"#
    );
    let o = tesuji(&["legal", path, "--check", "A3"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o).trim(), "White A3 is illegal: suicide");
    let o = tesuji(&["legal", path, "--check", "B2", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o).trim(),
        r#"{"color":"W","legal":true,"move":"B2"}"#
    );
    let o = tesuji(&["legal", path, "--check", "b:B2"]);
    assert_eq!(stdout(&o).trim(), "Black B2 is illegal: wrong turn");
}

#[test]
fn play_reports_the_illegal_move_exactly() {
    let f = temp_file("play.txt", KO.as_bytes());
    let path = f.to_str().unwrap();
    let o = tesuji(&["play", path, "B2", "C2"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("White B2 captures 1"));
    assert_eq!(
        stderr(&o).trim(),
        format!("tesuji: {path}: move 2 (Black C2) is illegal: ko")
    );
    let o = tesuji(&["play", path, "B2", "A1", "C2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = tesuji(&["play", path, "pass", "pass", "D1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("game over"), "{}", stderr(&o));
}

#[test]
fn bad_input_exits_2_with_a_one_line_message() {
    let f = temp_file("bad.txt", b". X Z\n. . .\n");
    let path = f.to_str().unwrap();
    let o = tesuji(&["show", path]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 1, column 5"), "{err}");
    let o = tesuji(&["show", "/no/such/file.sgf"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/no/such/file.sgf"));
    let ok = temp_file("ok.txt", KO.as_bytes());
    for args in [
        vec!["play", ok.to_str().unwrap(), "Z9"],
        vec!["play", ok.to_str().unwrap(), "x:D3"],
        vec!["legal", ok.to_str().unwrap(), "--rules", "klingon"],
        vec!["perft", "--size", "26", "--depth", "1"],
        vec!["perft", "--depth", "1"],
        vec!["score", ok.to_str().unwrap(), "--dead", "A1"],
        vec!["bench", "playouts", "--size", "0", "--count", "1"],
    ] {
        let o = tesuji(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
}

#[test]
fn garbage_files_never_panic() {
    let mut state = 0x1234_5678u64;
    for i in 0..40 {
        let len = (i * 7) % 200;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let alphabet = b"XO.()[];B W\n\txo-+AB0123456789zz";
                alphabet[(state % alphabet.len() as u64) as usize]
            })
            .collect();
        let f = temp_file(&format!("garbage{i}.txt"), &bytes);
        let o = tesuji(&["show", f.to_str().unwrap()]);
        assert!(
            matches!(o.status.code(), Some(0) | Some(2)),
            "input {:?}: {}",
            String::from_utf8_lossy(&bytes),
            stderr(&o)
        );
        assert!(!stderr(&o).contains("panicked"));
    }
}

#[test]
fn perft_prints_the_count_last() {
    let o = tesuji(&["perft", "--size", "9x9", "--depth", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("511920"));
    let o = tesuji(&["perft", "--size", "5x3", "--depth", "2"]);
    assert_eq!(stdout(&o).lines().last(), Some("210"));
}

#[test]
fn score_counts_area_and_territory() {
    let f = temp_file("score.txt", KO.as_bytes());
    let path = f.to_str().unwrap();
    let o = tesuji(&["score", path, "--komi", "0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("B+2"));
    let o = tesuji(&[
        "score", path, "--rules", "japanese", "--dead", "C3", "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains(r#""scoring":"territory""#), "{out}");
}

#[test]
fn sgf_files_load_at_any_move() {
    let o = tesuji(&["show", "../../examples/game.sgf", "--move", "60"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("After 59 moves"), "{out}");
    assert!(out.contains("White to move"), "{out}");
    let o = tesuji(&["show", "../../examples/game.sgf", "--move", "1"]);
    assert!(stdout(&o).contains("  9 . . . . . . . . . 9"));
    let o = tesuji(&["show", "../../examples/game.sgf", "--move", "999"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no position before move 999"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn sgf_errors_name_the_place() {
    let f = temp_file("broken.sgf", b"(;FF[4]SZ[9]\n;B[ee];W[dd\n");
    let o = tesuji(&["show", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 2, column"), "{}", stderr(&o));
    let f = temp_file("illegal.sgf", b"(;FF[4]SZ[9];B[ee];W[dd];B[ee])");
    let o = tesuji(&["show", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("move 3 is illegal"), "{}", stderr(&o));
    assert!(stderr(&o).contains("occupied"), "{}", stderr(&o));
    let f = temp_file("size.sgf", b"(;FF[4]SZ[26];B[aa])");
    let o = tesuji(&["show", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).lines().count(), 1);
}

const LADDER: &str = "\
. . . . . . . X .
. . . . . . X O X
. . . . . . . O X
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
Black to move
";

#[test]
fn ladder_reports_status_and_sequence() {
    let f = temp_file("ladder.txt", LADDER.as_bytes());
    let path = f.to_str().unwrap();
    let o = tesuji(&["ladder", path, "--at", "H7", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["chain"], "H7");
    assert_eq!(v["color"], "W");
    assert_eq!(v["liberties"], 2);
    assert_eq!(v["attacker_first"], "captured");
    assert_eq!(v["defender_first"], "escaped");
    assert_eq!(v["status"], "unsettled");
    assert_eq!(v["capture"], "H6");
    assert_eq!(v["escape"], "G7");
    assert_eq!(v["sequence"][0], "H6");
    assert_eq!(v["sequence"].as_array().unwrap().len(), 25);
    // Every chain with one or two liberties: H9, the white pair, the J8-J7 pair.
    let o = tesuji(&["ladder", path, "--json"]);
    assert_eq!(stdout(&o).lines().count(), 3, "{}", stdout(&o));
    let o = tesuji(&["ladder", path]);
    assert!(
        stdout(&o).contains("H8 white (2 liberties): unsettled: H6 captures, G7 escapes"),
        "{}",
        stdout(&o)
    );
    let o = tesuji(&["ladder", path, "--at", "A1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("A1 holds no stone"), "{}", stderr(&o));
}

#[test]
fn bench_ladder_prints_microseconds_per_position() {
    let o = tesuji(&["bench", "ladder", "--every", "100", "--rounds", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("us/position"), "{}", stdout(&o));
}

/// Output that cannot be written is an error with a message and exit code 2, and a reader
/// that goes away (`tesuji ... | head -1`) ends the program quietly: never a panic.
#[test]
fn output_errors_are_reported_and_closed_pipes_are_quiet() {
    use std::io::Read;
    use std::process::Stdio;
    if std::path::Path::new("/dev/full").exists() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_tesuji"))
            .args(["perft", "--size", "5x5", "--depth", "1"])
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("cannot write the output"),
            "{}",
            stderr(&o)
        );
        assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    }
    // Many lines (a perft divide would do as well): read one and close the pipe.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tesuji"))
        .args(["bench", "playouts", "--size", "9", "--count", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 1];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The read end is dropped here; the rest of the output meets a closed pipe.
    let o = child.wait_with_output().unwrap();
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    assert!(o.status.success(), "{:?} {}", o.status, stderr(&o));
}
