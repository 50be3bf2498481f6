//! `tesuji benson` and `tesuji bench benson` through the real binary.

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

const SAFETY: &str = "../tesuji/tests/data/benson/fuego/sgf/safetytest";

fn safe_points(file: &str, before: Option<&str>) -> u64 {
    let path = format!("{SAFETY}/{file}");
    let mut args = vec!["benson", path.as_str(), "--json"];
    if let Some(m) = before {
        args.extend(["--move", m]);
    }
    let o = tesuji(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    v["safe_points"].as_u64().unwrap()
}

/// Fuego's `go_safe benson` counts on its basic positions.
#[test]
fn benson_reproduces_fuego_counts() {
    for (file, want) in [
        ("static-safety.1.sgf", 76),
        ("benson_safe1.sgf", 180),
        ("benson_safe2.sgf", 177),
        ("benson_safe3.sgf", 225),
        ("benson_safe4.sgf", 54),
        ("benson_safe5.sgf", 21),
        ("benson_unsafe.sgf", 0),
    ] {
        assert_eq!(safe_points(file, None), want, "{file}");
    }
    for m in ["90", "91", "92"] {
        assert_eq!(
            safe_points("static-safety.2.sgf", Some(m)),
            57,
            "before move {m}"
        );
    }
}

#[test]
fn benson_prints_a_diagram_and_json_lists() {
    let path = format!("{SAFETY}/benson_safe5.sgf");
    let o = tesuji(&["benson", &path]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("  9 . X b o b X b b X 9"), "{out}");
    assert!(
        out.contains("Black: 1 alive chains, 13 stones, 8 territory: 21 safe points"),
        "{out}"
    );
    assert!(out.contains("Safe points: 21"), "{out}");
    let o = tesuji(&["benson", &path, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["black"]["alive_chains"], serde_json::json!(["B9"]));
    assert_eq!(v["black"]["territory"].as_array().unwrap().len(), 8);
    assert_eq!(v["white"]["safe"], 0);
    assert_eq!(v["suicide"], "forbidden");
}

#[test]
fn benson_bad_input_exits_2() {
    let o = tesuji(&["benson", "no-such-file.sgf"]);
    assert_eq!(o.status.code(), Some(2));
    let o = tesuji(&["bench", "benson", "no-such-file.sgf", "--millis", "1"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn bench_benson_reports_microseconds_per_position() {
    let o = tesuji(&["bench", "benson", "--millis", "10"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.starts_with("benson positions="), "{out}");
    assert!(out.contains("us_per_position="), "{out}");
}
