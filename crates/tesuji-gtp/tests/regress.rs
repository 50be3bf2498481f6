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
