//! The regression runner on a file in GNU Go's format whose expected answers were
//! recorded from GNU Go 3.8 (`tests/regress/rules.tst`, 110 tests on an example game).

use std::path::Path;
use tesuji_gtp::{regress, Engine};

#[test]
fn gnugo_format_file_passes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regress/rules.tst");
    let mut engine = Engine::with_rules(tesuji::Ruleset::japanese());
    let report = regress::run_file(&path, &mut engine).unwrap();
    assert_eq!(report.results.len(), 110);
    assert_eq!(report.passed(), 110, "{report}");
    assert!(report.to_string().ends_with("110 passed, 0 failed"));
}

#[test]
fn missing_file_is_an_error() {
    let mut engine = Engine::new();
    let e = regress::run_file(Path::new("no/such.tst"), &mut engine).unwrap_err();
    assert!(e.to_string().contains("no/such.tst"));
}

/// Fuego's own regression files run unchanged through the runner with Fuego's command names
/// (`go_ladder`, `go_static_ladder`, `go_safe benson`). Fuego's data is vendored beside the
/// library's tests (LGPL-3, see the READMEs there).
#[test]
fn fuego_suites_through_regress() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tesuji/tests/data");
    let mut engine = Engine::new();
    let ladder = regress::run_file(&data.join("ladder/fuego/ladder.tst"), &mut engine).unwrap();
    assert_eq!((ladder.passed(), ladder.failed()), (13, 0), "{ladder}");
    // Fuego's own rule setting, which this engine does not know: reported, not hidden.
    let setup: Vec<(usize, &str)> = ladder
        .setup_failures
        .iter()
        .map(|s| (s.line, s.command.as_str()))
        .collect();
    assert_eq!(setup, [(64, "go_param_rules ko_rule simple")], "{ladder}");

    let mut engine = Engine::new();
    let safety = regress::run_file(
        &data.join("benson/fuego/static_safety_basics.tst"),
        &mut engine,
    )
    .unwrap();
    let benson: Vec<_> = safety
        .results
        .iter()
        .filter(|r| r.command.starts_with("go_safe benson"))
        .collect();
    assert_eq!(benson.len(), 39);
    // Test 870 loads an SGF that Fuego's suite does not ship; every other count matches.
    let failed: Vec<u64> = benson
        .iter()
        .filter(|r| r.verdict != regress::Verdict::Pass)
        .map(|r| r.number)
        .collect();
    assert_eq!(failed, [870], "{safety}");
    // The SGF files of the suite's seki tests are not shipped by Fuego either: each
    // `loadsgf` is reported as a failed setup command.
    assert_eq!(safety.setup_failures.len(), 18, "{safety}");
    assert!(safety
        .setup_failures
        .iter()
        .all(|s| s.command.starts_with("loadsgf")));
}
