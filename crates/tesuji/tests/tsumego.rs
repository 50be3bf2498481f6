//! The tsumego problem model (issue 5): loading, region detection on the tsumego.js set,
//! listed answers, and the search rules checked by an exhaustive test-only solver on the
//! classic shapes.

use std::path::{Path, PathBuf};
use tesuji::tsumego::{Tsumego, TsumegoError};

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
