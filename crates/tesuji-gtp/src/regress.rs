//! A runner for GoGui / GNU Go regression files (`.tst`).
//!
//! A file is a GTP script. Numbered commands (`12 countlib C3`) are tests when the next
//! line is `#? [REGEX]`: the answer must match the regular expression as a whole. A `!`
//! just inside the bracket negates it, a `*` after the bracket marks a test the original
//! engine is known to fail, and `&` there marks a test to ignore. Unnumbered commands
//! (`loadsgf games/x.sgf 30`, `komi 6.5`) set up the position. Relative file names are
//! resolved against the test file's directory.

use crate::Engine;
use regex::Regex;
use std::fmt;
use std::path::Path;

/// How one test came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Matched, as expected.
    Pass,
    /// Did not match, and was not marked as a known failure.
    Fail,
    /// Matched although marked as a known failure (`*`).
    UnexpectedPass,
    /// Did not match, and is marked as a known failure (`*`).
    ExpectedFail,
    /// Marked to be ignored (`&`).
    Ignored,
    /// The `#?` line is not a valid expectation (no `[...]`, or a bad regular expression);
    /// counted as a failure.
    Malformed,
}

/// One test's result.
#[derive(Debug, Clone)]
pub struct TestResult {
    /// The test number.
    pub number: u64,
    /// The command.
    pub command: String,
    /// The expected pattern, as written.
    pub expected: String,
    /// The answer (without `=`/`?`), or the error message prefixed by `? `.
    pub got: String,
    /// The verdict.
    pub verdict: Verdict,
}

/// A command that is not a test (setting up the position: `loadsgf`, `boardsize`,
/// `play`, ...) and failed: the tests after it may not run on the position meant.
#[derive(Debug, Clone)]
pub struct SetupFailure {
    /// The line of the file, from 1.
    pub line: usize,
    /// The command.
    pub command: String,
    /// The engine's error message.
    pub error: String,
}

/// All results of one file.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Every test, in file order.
    pub results: Vec<TestResult>,
    /// The commands outside the tests that failed, in file order.
    pub setup_failures: Vec<SetupFailure>,
}

impl Report {
    /// Number of tests with the given verdict.
    pub fn count(&self, v: Verdict) -> usize {
        self.results.iter().filter(|r| r.verdict == v).count()
    }
    /// Tests whose answer matched (unexpected passes included).
    pub fn passed(&self) -> usize {
        self.count(Verdict::Pass) + self.count(Verdict::UnexpectedPass)
    }
    /// Tests whose answer did not match (expected failures included).
    pub fn failed(&self) -> usize {
        self.count(Verdict::Fail)
            + self.count(Verdict::ExpectedFail)
            + self.count(Verdict::Malformed)
    }
}

impl fmt::Display for Report {
    /// One line per failed setup command and per test that did not simply pass, then the
    /// summary line `N passed, M failed` (and the failed setup commands, if any).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.setup_failures {
            writeln!(
                f,
                "SETUP FAILED line {}: {}: {}",
                s.line, s.command, s.error
            )?;
        }
        for r in &self.results {
            let tag = match r.verdict {
                Verdict::Pass | Verdict::Ignored => continue,
                Verdict::Malformed => "MALFORMED",
                Verdict::Fail => "FAIL",
                Verdict::UnexpectedPass => "PASS (unexpected)",
                Verdict::ExpectedFail => "FAIL (expected)",
            };
            writeln!(
                f,
                "{tag} {} {}: expected [{}], got [{}]",
                r.number, r.command, r.expected, r.got
            )?;
        }
        writeln!(
            f,
            "unexpected passes {}, expected failures {}, ignored {}",
            self.count(Verdict::UnexpectedPass),
            self.count(Verdict::ExpectedFail),
            self.count(Verdict::Ignored)
        )?;
        write!(f, "{} passed, {} failed", self.passed(), self.failed())?;
        if !self.setup_failures.is_empty() {
            write!(f, ", {} setup commands failed", self.setup_failures.len())?;
        }
        Ok(())
    }
}

/// Error reading a regression file.
#[derive(Debug, thiserror::Error)]
pub enum RegressError {
    /// The file could not be read.
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: String,
        /// The I/O error.
        source: std::io::Error,
    },
}

/// Runs the regression file at `path` on `engine`.
pub fn run_file(path: &Path, engine: &mut Engine) -> Result<Report, RegressError> {
    let text = std::fs::read(path).map_err(|source| RegressError::Io {
        file: path.display().to_string(),
        source,
    })?;
    let text = String::from_utf8_lossy(&text);
    engine.set_base_dir(path.parent().map(Path::to_path_buf));
    Ok(run_script(&text, engine))
}

/// Runs a regression script given as text. A malformed `#?` line is reported as a
/// [`Verdict::Malformed`] result; the run goes on.
pub fn run_script(text: &str, engine: &mut Engine) -> Report {
    let mut report = Report::default();
    let mut pending: Option<(u64, String, Result<String, String>)> = None;
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().copied().enumerate() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("#?") {
            let Some((number, command, answer)) = pending.take() else {
                continue;
            };
            let rest = rest.trim();
            let got = match &answer {
                Ok(a) => a.trim().to_string(),
                Err(e) => format!("? {e}"),
            };
            let malformed = |reason: String| TestResult {
                number,
                command: command.clone(),
                expected: format!("line {}: {rest} ({reason})", i + 1),
                got: got.clone(),
                verdict: Verdict::Malformed,
            };
            let (open, close) = match (rest.find('['), rest.rfind(']')) {
                (Some(o), Some(c)) if o < c => (o, c),
                _ => {
                    report.results.push(malformed("expected [pattern]".into()));
                    continue;
                }
            };
            let mut pattern = &rest[open + 1..close];
            let flags = &rest[close + 1..];
            let negate = pattern.starts_with('!');
            if negate {
                pattern = &pattern[1..];
            }
            let re = match Regex::new(&format!("^(?:{pattern})$")) {
                Ok(re) => re,
                Err(e) => {
                    report.results.push(malformed(e.to_string()));
                    continue;
                }
            };
            let matched = answer.is_ok() && re.is_match(got.trim()) != negate;
            let known_fail = flags.contains('*');
            let verdict = if flags.contains('&') {
                Verdict::Ignored
            } else {
                match (matched, known_fail) {
                    (true, false) => Verdict::Pass,
                    (true, true) => Verdict::UnexpectedPass,
                    (false, false) => Verdict::Fail,
                    (false, true) => Verdict::ExpectedFail,
                }
            };
            report.results.push(TestResult {
                number,
                command,
                expected: rest[open + 1..close].to_string(),
                got,
                verdict,
            });
            continue;
        }
        let Some(cmd) = crate::protocol::parse_line(line) else {
            continue;
        };
        let response = engine.execute(&cmd);
        let command = std::iter::once(cmd.name.clone())
            .chain(cmd.args.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ");
        // A command is a test when a `#?` line follows it; one that is not, and fails,
        // is reported apart.
        let is_test = cmd.id.is_some()
            && lines
                .get(i + 1..)
                .and_then(|rest| {
                    rest.iter()
                        .map(|l| l.trim())
                        .find(|l| !l.is_empty() && (l.starts_with("#?") || !l.starts_with('#')))
                })
                .is_some_and(|l| l.starts_with("#?"));
        if !is_test {
            if let Err(error) = &response.result {
                report.setup_failures.push(SetupFailure {
                    line: i + 1,
                    command: command.clone(),
                    error: error.clone(),
                });
            }
        }
        pending = cmd.id.map(|id| (id, command, response.result));
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts() {
        let script = "
boardsize 5
play b C3
1 countlib C3
#? [4]
2 countlib C3
#? [!4]
3 countlib C3
#? [5]*
4 countlib C3
#? [4]*
5 color C3
#? [black|white]
6 frobnicate
#? [.*]
7 countlib C3
#? [.*]&
";
        let mut e = Engine::new();
        let r = run_script(script, &mut e);
        let v: Vec<Verdict> = r.results.iter().map(|r| r.verdict).collect();
        assert_eq!(
            v,
            [
                Verdict::Pass,
                Verdict::Fail,
                Verdict::ExpectedFail,
                Verdict::UnexpectedPass,
                Verdict::Pass,
                Verdict::Fail,
                Verdict::Ignored
            ]
        );
        assert!(r.to_string().ends_with("3 passed, 3 failed"));
        let r = run_script(
            "1 name\n#? [(]\n2 name\n#? tesuji\n3 name\n#? [tesuji]\n",
            &mut e,
        );
        let v: Vec<Verdict> = r.results.iter().map(|r| r.verdict).collect();
        assert_eq!(v, [Verdict::Malformed, Verdict::Malformed, Verdict::Pass]);
        assert!(r.setup_failures.is_empty());
    }

    #[test]
    fn failed_setup_commands_are_reported() {
        let script = "
boardsize 0
loadsgf no-such-file.sgf
play b Z99
# a comment between a test and its expectation is allowed
1 boardsize 5

#? [.*]
2 frobnicate
#? [.*]
3 play b C3
";
        let r = run_script(script, &mut Engine::new());
        let lines: Vec<usize> = r.setup_failures.iter().map(|s| s.line).collect();
        assert_eq!(lines, [2, 3, 4], "{r}");
        assert!(r.setup_failures[2].command.contains("Z99"), "{r}");
        // Test 2 fails as a test, not as a setup; 3 has no expectation but succeeds.
        assert_eq!(r.results.len(), 2);
        assert!(r.to_string().ends_with(", 3 setup commands failed"), "{r}");
    }
}
