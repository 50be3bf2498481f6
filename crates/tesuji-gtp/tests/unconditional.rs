//! GNU Go's `unconditional.tst` through the regression runner and `unconditional_status`:
//! Benson's notion is weaker than GNU Go's, so some answers are `undecided` where GNU Go
//! decides, but none contradicts GNU Go.

use std::path::Path;
use tesuji_gtp::regress::{self, Verdict};
use tesuji_gtp::Engine;

#[test]
fn gnugo_unconditional_tst() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tesuji/tests/data/benson/gnugo/unconditional.tst");
    let mut engine = Engine::new();
    let report = regress::run_file(&path, &mut engine).unwrap();
    println!("{report}");
    assert_eq!(report.results.len(), 673);
    assert_eq!(report.passed(), 397);
    for r in &report.results {
        match r.verdict {
            Verdict::Pass => {}
            // Nine expectations lack their closing bracket; all of them say `undecided`,
            // as we do.
            Verdict::Malformed => assert!(r.expected.contains("[undecided"), "{r:?}"),
            _ => assert_eq!(r.got, "undecided", "{r:?}"),
        }
    }
}
