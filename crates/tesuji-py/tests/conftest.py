"""Shared fixtures: where the repository's test data is, and the `tesuji` command line to
compare with (built from this checkout with cargo; tests that need it are skipped when
cargo or the checkout is not there)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
CRATE = HERE.parent
# Hypothesis keeps its files here (ignored by git), wherever pytest is started from.
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", str(CRATE / ".hypothesis"))
REPO = CRATE.parent.parent
#: Test data of the library crate, reused from here (never ../shared).
DATA = REPO / "crates" / "tesuji" / "tests" / "data"
TSUMEGOJS = DATA / "tsumego" / "tsumegojs"
EXAMPLES = REPO / "examples"


def tsumegojs_files(pl_only: bool = False) -> list[Path]:
    """The SGF files of the vendored tsumego.js set, sorted; with `pl_only`, only those
    with a first player (`PL`), as `tesuji bench solve --pl-only` picks them."""
    files = sorted(TSUMEGOJS.rglob("*.sgf"))
    if pl_only:
        files = [f for f in files if "PL[" in f.read_text(errors="replace")]
    return files


@pytest.fixture(scope="session")
def cli() -> Path:
    """The `tesuji` binary (release build of this checkout), or `TESUJI_CLI` if set."""
    given = os.environ.get("TESUJI_CLI")
    if given:
        return Path(given)
    cargo = shutil.which("cargo")
    if cargo is None or not (REPO / "Cargo.toml").exists():
        pytest.skip("needs cargo and the tesuji checkout to build the command line")
    meta = subprocess.run(
        [cargo, "metadata", "--format-version", "1", "--no-deps"],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    )
    target = Path(json.loads(meta.stdout)["target_directory"])
    subprocess.run(
        [cargo, "build", "--release", "--quiet", "-p", "tesuji-cli"], cwd=REPO, check=True
    )
    return target / "release" / "tesuji"


def run_cli(cli: Path, *args: str) -> str:
    """Runs the command line and returns its standard output (fails the test on an
    error)."""
    out = subprocess.run([str(cli), *args], capture_output=True, text=True)
    assert out.returncode == 0, f"tesuji {' '.join(args)}: {out.stderr}"
    return out.stdout
