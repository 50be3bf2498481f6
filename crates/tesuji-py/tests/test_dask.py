"""The Dask example solves a directory on a local cluster of two worker processes and gives
the same answers as solve_many on one machine."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

import tesuji
from conftest import CRATE, TSUMEGOJS

distributed = pytest.importorskip("distributed")

EXAMPLE = CRATE / "examples" / "dask_solve.py"
NODES = 50_000


def load_example():
    spec = importlib.util.spec_from_file_location("dask_solve", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules["dask_solve"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        yield client


def plain(answer):
    if isinstance(answer, Exception):
        return (type(answer).__name__, str(answer))
    # Times differ from run to run (the goal's reading of a problem with nothing marked
    # has its own).
    d = answer.to_dict()
    return {**d, "ms": 0, "inference_ms": d["inference_ms"] is not None}


def test_cluster_answers_are_solve_many_answers(client):
    example = load_example()
    files = example.problem_files(TSUMEGOJS / "cc1") + example.problem_files(TSUMEGOJS / "gop")[:20]
    texts = [f.read_text(errors="replace") for f in files] + ["(;SZ[9])"]
    here = list(tesuji.solve_many(texts, nodes=NODES, return_exceptions=True))
    there = example.solve_on_cluster(client, texts, batch=4, timeout=240, nodes=NODES)
    assert len(there) == len(texts) == 30
    assert [plain(a) for a in there] == [plain(a) for a in here]
    assert isinstance(there[-1], tesuji.ProblemError)
    assert sum(isinstance(a, tesuji.SolveResult) for a in there) >= 25
    workers = client.run(lambda: __import__("os").getpid())
    assert len(set(workers.values())) == 2


def test_pl_only_picks_the_answered_problems():
    example = load_example()
    assert len(example.problem_files(TSUMEGOJS, pl_only=True)) == 105
    assert example.has_first_player("(;SZ[9]PL[W]AB[aa];B[bb])")
    assert not example.has_first_player("(;SZ[9]AB[aa];PL[B]B[bb])")
    assert not example.has_first_player("(;SZ[9]C[PL[B\\] in a comment]AB[aa])")
    assert example.has_first_player("(;SZ[9]C[a \\] b]PL[w])")
    assert not example.has_first_player("(;SZ[9]PL[])")


def test_the_script_runs(tmp_path):
    (tmp_path / "a.sgf").write_text((TSUMEGOJS / "cc1" / "891.sgf").read_text())
    (tmp_path / "b.sgf").write_text("(;SZ[9])")
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), str(tmp_path), "--workers", "2", "--nodes", "20000"],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert lines[0]["result"] == "win" and "no goal found" in lines[1]["error"]
    assert lines[-1]["summary"] and lines[-1]["files"] == 2 and lines[-1]["error"] == 1
