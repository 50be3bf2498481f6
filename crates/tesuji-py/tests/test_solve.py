"""The solver from Python: answers identical to the command line's, budgets that say they
cut the answer, proofs, solve_many (order, workers, progress, errors), the GIL released
and Ctrl-C honoured."""

from __future__ import annotations

import _thread
import importlib
import io
import json
import pickle
import signal
import threading
import time

import pytest

import tesuji
from conftest import DATA, EXAMPLES, TSUMEGOJS, run_cli, tsumegojs_files

EXAMPLE = (EXAMPLES / "tsumego.sgf").read_text()
#: A problem that takes far longer than any test allows (unknown after 8 s).
HARD = (TSUMEGOJS / "cc2" / "333.sgf").read_text()


def loads(path) -> bool:
    try:
        tesuji.solve(path.read_text(errors="replace"), nodes=1)
        return True
    except tesuji.TesujiError:
        return False


#: Every 8th problem of the tsumego.js set that loads (26 of them).
SAMPLE = [f for f in tsumegojs_files() if loads(f)][::8]
NODES = 100_000


def test_example_answers():
    black = tesuji.solve(EXAMPLE)
    assert (black.first, black.attacker, black.goal, black.result) == ("B", "B", "kill", "win")
    assert black.threshold is None and black.threshold_settled
    assert black.complete and black.moves_complete
    assert set(black.moves) == {"F6", "G7", "E8"} and black.pv[0] == black.moves[0]
    assert black.stopped == "solved" and black.note is None and black.unsearched == []
    assert {r.move for r in black.refutations} == {"F7", "C6", "pass"}
    assert black.summary == "Black to play: Black can kill (unconditionally)"
    white = tesuji.solve(EXAMPLE, first="white")
    assert (white.first, white.goal, white.result, white.moves) == ("W", "live", "win", ["G7"])
    assert tesuji.solve(EXAMPLE, first=None).first == "B"  # the file's PL
    text = str(black)
    assert "winning moves: F6, G7, E8" in text and "variation:" in text


def cli_answer(cli, path, first):
    # One thread, as tesuji.solve's default: the same search to the node.
    out = run_cli(
        cli, "solve", str(path), "--json", "--first", first, "--nodes", str(NODES), "--threads", "1"
    )
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_answers_identical_to_the_command_line(cli, path):
    text = path.read_text(errors="replace")
    for first in ("black", "white"):
        ours = tesuji.solve(text, first=first, nodes=NODES)
        theirs = cli_answer(cli, path, first)
        assert ours.first == theirs["first"] and ours.attacker == theirs["attacker"]
        assert ours.result == theirs["result"]
        assert ours.threshold == theirs["threshold"]
        assert ours.moves == theirs["moves"]
        assert [list(m) for m in ours.move_thresholds] == [
            [m["move"], m["threshold"]] for m in theirs["move_thresholds"]
        ]
        assert [list(r) for r in ours.refutations] == [
            [r["move"], r["reply"], r["immediate"]] for r in theirs["refutations"]
        ]
        assert ours.unsearched == theirs["unsearched"]
        assert ours.pv == theirs["pv"]
        assert (ours.nodes, ours.table_entries) == (theirs["nodes"], theirs["table_entries"])
        assert ours.stopped.replace("-", "") == theirs["stopped"]


def test_a_budget_cut_says_so():
    cut = tesuji.solve(EXAMPLE, nodes=300)
    assert cut.stopped == "node-limit" and not cut.complete
    if cut.result != "unknown":
        assert cut.note and cut.note.startswith("the node budget ran out")
        if not cut.moves_complete:
            assert "so far" in str(cut) or "none found yet" in str(cut)
    hard = tesuji.solve(HARD, nodes=20_000)
    assert hard.result == "unknown" and hard.stopped == "node-limit"
    assert not hard.complete and not hard.moves_complete and hard.moves == []
    assert "unknown (node-limit)" in hard.summary
    timed = tesuji.solve(HARD, time=0.2)
    assert timed.stopped == "time-limit" and timed.ms < 5_000


def check_cut_answer(r):
    """The flags and the words of an answer agree on what is known."""
    if r.complete:
        assert r.moves_complete and r.note is None and r.stopped == "solved"
        return
    assert r.stopped != "solved"
    if r.result == "unknown":
        assert not r.moves_complete and r.note is None
        return
    assert r.note.startswith(f"the {'node budget' if r.stopped == 'node-limit' else 'time limit'} ran out")
    text = str(r)
    if r.moves_complete:
        assert "so far" not in text and r.unsearched == []
    elif r.moves:
        assert "winning moves found so far" in text and "so far" in r.note
    elif r.result == "win" or r.threshold is not None:
        assert "winning moves: none found yet" in text and "no winning move found yet" in r.note
    if r.unsearched:
        assert not r.moves_complete and "not searched" in r.note


def test_partial_move_lists_are_never_presented_as_complete():
    partial = 0
    for name in ["gop/10338.sgf", "gop/10820.sgf", "gop/12357.sgf"]:
        text = (TSUMEGOJS / name).read_text()
        for nodes in [3_000, 10_000, 30_000, 100_000]:
            r = tesuji.solve(text, first=None, nodes=nodes)
            check_cut_answer(r)
            partial += r.result != "unknown" and not r.moves_complete
    assert partial > 0
    for path in SAMPLE:
        check_cut_answer(tesuji.solve(path.read_text(errors="replace"), nodes=30_000))


def test_proof_sgf_kept_or_made_on_request():
    kept = tesuji.solve(EXAMPLE, proof=True)
    proof = kept.proof_sgf()
    assert proof.startswith("(;") and "RIGHT" in proof
    assert tesuji.Game.from_sgf(proof).width == 9
    later = tesuji.solve(EXAMPLE)
    assert later.proof_sgf() == proof
    assert later.proof_sgf() is later.proof_sgf()
    with pytest.raises(tesuji.TesujiError, match="no proof: the result is unknown"):
        tesuji.solve(HARD, nodes=5_000).proof_sgf()


def test_results_pickle_and_convert_to_plain_data():
    r = tesuji.solve(EXAMPLE)
    again = pickle.loads(pickle.dumps(r))
    assert again == r and again.proof_sgf() == r.proof_sgf()
    d = r.to_dict()
    assert json.loads(json.dumps(d))["moves"] == r.moves
    assert "problem" not in d


def test_threads_give_the_same_answer():
    # The result, the threshold and every winning move with its threshold do not depend
    # on the threads (node counts and the main line may).
    key = lambda r: (r.result, r.threshold, sorted(r.move_thresholds))
    for path in SAMPLE[:8]:
        text = path.read_text(errors="replace")
        one = tesuji.solve(text, first=None, nodes=NODES)
        if one.stopped != "solved":
            continue
        for threads in (2, 4):
            many = tesuji.solve(text, first=None, nodes=NODES, threads=threads)
            assert key(many) == key(one), (path, threads)


def test_solve_many_in_order_and_the_same_as_solve():
    texts = [p.read_text(errors="replace") for p in SAMPLE]
    one = [tesuji.solve(t, first=None, nodes=NODES) for t in texts]
    ticks = []
    many = tesuji.solve_many(texts, nodes=NODES, workers=2, progress=ticks.append)
    assert len(many) == len(texts)
    got = list(many)
    assert ticks == [1] * len(texts)
    strip = lambda r: {**r.to_dict(), "ms": 0}
    assert [strip(r) for r in got] == [strip(r) for r in one]
    single = list(tesuji.solve_many(texts, nodes=NODES, workers=1))
    assert [strip(r) for r in single] == [strip(r) for r in one]
    assert list(tesuji.solve_many([])) == []


def test_tqdm_follows_solve_many():
    tqdm = pytest.importorskip("tqdm").tqdm
    texts = [EXAMPLE] * 5
    out = io.StringIO()
    with tqdm(total=len(texts), file=out) as bar:
        answers = list(tesuji.solve_many(texts, progress=bar.update))
    assert bar.n == 5 and len(answers) == 5 and "5/5" in out.getvalue()
    out = io.StringIO()
    wrapped = tqdm(tesuji.solve_many(texts, workers=1), file=out)
    assert wrapped.total == 5 and len(list(wrapped)) == 5


def test_solve_many_takes_paths_and_a_first_player():
    got = list(tesuji.solve_many([EXAMPLES / "tsumego.sgf"] * 3, first="white"))
    assert [r.first for r in got] == ["W"] * 3 and got[0].moves == ["G7"]


def test_solve_many_bad_problems():
    texts = [EXAMPLE, "(;SZ[9])", "(;SZ[9"]
    with pytest.raises(tesuji.ProblemError, match="problem 1: no goal found"):
        tesuji.solve_many(texts)
    got = list(tesuji.solve_many(texts, return_exceptions=True))
    assert got[0].result == "win"
    assert isinstance(got[1], tesuji.ProblemError) and str(got[1]).startswith("no goal found")
    assert isinstance(got[2], tesuji.SgfError) and got[2].line == 1


def test_solve_many_close_stops_the_workers():
    with tesuji.solve_many([HARD] * 4, workers=2, time=30) as many:
        pass
    t = time.perf_counter()
    many.close()
    assert list(many) == [] and time.perf_counter() - t < 5


def test_the_gil_is_released_while_solving():
    done = threading.Event()
    result = []

    def work():
        result.append(tesuji.solve(HARD, time=1.0))
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    spins = 0
    while not done.is_set():
        spins += 1  # Python code runs in this thread meanwhile
    worker.join()
    assert result[0].stopped == "time-limit"
    assert spins > 100_000


@pytest.fixture
def ctrl_c():
    """Ctrl-C raises KeyboardInterrupt during the test, as in a terminal, also when the
    suite was started with SIGINT ignored (a shell's background job: Python then installs
    no handler of its own, and ``interrupt_main`` does nothing)."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)


def test_ctrl_c_stops_solve(ctrl_c):
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    t = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        tesuji.solve(HARD, time=60)
    assert time.perf_counter() - t < 5
    timer.cancel()


def test_ctrl_c_stops_solve_many(ctrl_c):
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    t = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        list(tesuji.solve_many([HARD] * 3, workers=2, time=60))
    assert time.perf_counter() - t < 5
    timer.cancel()


def test_an_open_problem_is_solved_as_printed():
    # Hashimoto Utaro, Famous Creations 141: nothing marked but "Black to play".
    path = DATA / "tsumego" / "hashimoto" / "Famous-Creations-141.sgf"
    r = tesuji.solve(path)
    assert r.goal_words == "kill the white group at H19"
    assert r.goal == "kill" and r.attacker == "B" and r.first == "B"
    assert r.result == "win" and r.moves == ["D19"] and r.complete
    assert "H19" in r.targets and "D19" in r.region and len(r.region) < 40
    assert str(r).startswith(
        "Black to play: kill the white group at H19 (goal found by reading)\n"
        "Black to play: Black can kill (unconditionally)\n"
    )
    # The same answer from solve_many, and White to play lives.
    [again] = list(tesuji.solve_many([path]))
    assert again.moves == r.moves and again.goal_words == r.goal_words
    assert tesuji.solve(path, first="white").result == "win"
    # A marked problem has no goal words.
    assert tesuji.solve(EXAMPLE).goal_words is None


def test_the_proof_of_an_open_problem_is_of_the_problem_read(monkeypatch):
    # The proof asked for later solves the problem the goal's reading found (its targets,
    # region and frame), not the printed position again: a new reading under a time
    # budget could find another goal.
    path = DATA / "tsumego" / "hashimoto" / "Famous-Creations-141.sgf"
    r = tesuji.solve(path)
    texts = []
    native = importlib.import_module("tesuji._tesuji")
    inner = native._solve

    def spy(text, **kw):
        texts.append(text)
        return inner(text, **kw)

    monkeypatch.setattr(native, "_solve", spy)
    proof = r.proof_sgf()
    assert len(texts) == 1 and "MA[" in texts[0] and "SQ[" in texts[0]
    assert proof.startswith("(;GM[1]") and "RIGHT" in proof
    # The same proof as one kept at once.
    assert proof == tesuji.solve(path, proof=True).proof_sgf()


# Moments of the Wind 1-181: nothing marked, and the goal's reading alone takes about
# 3 s and 8M nodes (a larger group is read once more before a smaller one is taken).
SLOW_GOAL = DATA / "tsumego" / "hashimoto" / "Moments-Of-The-Wind-1-181.sgf"


def test_the_goals_reading_counts_in_the_budgets():
    t = time.perf_counter()
    r = tesuji.solve(SLOW_GOAL, time=0.5)
    assert time.perf_counter() - t < 2.5
    assert r.goal_words is not None and r.inference_ms is not None
    assert r.inference_ms + r.ms < 1500
    r = tesuji.solve(SLOW_GOAL, nodes=300_000)
    assert r.inference_nodes + r.nodes <= 300_000 + 1000
    # The reading took the budget: the solve stops at once and says so.
    assert r.result == "unknown" and r.stopped == "node-limit" and not r.complete
    # A goal whose other side's reading was cut says so in the text.
    r = tesuji.solve(SLOW_GOAL, nodes=10_000)
    assert r.goal_confirmed is False
    assert "was not read to the end" in str(r).splitlines()[0]


def test_ctrl_c_stops_the_goals_reading(ctrl_c):
    for call in (
        lambda: tesuji.solve(SLOW_GOAL),
        lambda: list(tesuji.solve_many([SLOW_GOAL] * 2, workers=2)),
    ):
        timer = threading.Timer(0.3, _thread.interrupt_main)
        timer.start()
        t = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            call()
        assert time.perf_counter() - t < 1.5
        timer.cancel()


def test_an_open_problems_goal_frame_and_first_player():
    path = DATA / "tsumego" / "hashimoto" / "1-Year-Tsumego-281.sgf"
    r = tesuji.solve(path, first=None)
    assert r.goal_words == "kill the white group at C3" and r.goal_player == "B"
    assert r.goal_confirmed is True and r.inference_nodes > 0 and r.goal_look == "first"
    assert r.frame == ["B5", "A4"]
    lines = str(r).splitlines()
    assert lines[0] == "Black to play: kill the white group at C3 (goal found by reading)"
    assert lines[1] == "  frame: 2 stones added where the wall is taken as closed: B5 A4"
    # White moving first: the goal is still the one found for Black (the problem's PL).
    w = tesuji.solve(path, first="white")
    assert w.first == "W" and w.goal_player == "B"
    assert str(w).startswith("Black to play: kill the white group at C3")
    # solve_many reads the goals on its workers, with the same answers.
    many = list(tesuji.solve_many([path, path], first=None, workers=2))
    assert [m.goal_words for m in many] == [r.goal_words] * 2
    assert [m.moves for m in many] == [r.moves] * 2 and many[0].frame == r.frame
    assert tesuji.solve(EXAMPLE).frame == [] and tesuji.solve(EXAMPLE).goal_player is None


def test_the_first_player_is_the_files_by_default():
    white = EXAMPLE.replace("PL[B]", "PL[W]")
    assert tesuji.solve(white).first == "W" and tesuji.solve(EXAMPLE).first == "B"
    assert tesuji.solve(white, first="black").first == "B"
    assert tesuji.solve(EXAMPLE.replace("PL[B]", "")).first == "B"


def test_a_goal_found_on_a_second_look_says_so():
    path = DATA / "tsumego" / "hashimoto" / "Moments-Of-The-Wind-2-043.sgf"
    r = tesuji.solve(path, first=None)
    assert r.goal_words == "live with the black group at H19 by keeping its chain at C18"
    assert r.goal_look == "fighting-chains"
    assert "on a second look" in str(r).splitlines()[0]
