"""The rules seen from Python agree with GNU Go's recorded answers and with the Rust
engine's command line: boards, captures and legal moves over whole random games."""

from __future__ import annotations

import json
import random
import re

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tesuji
from conftest import DATA, run_cli

CELL = {"X": 1, "O": -1, ".": 0}


def unrle(s: str) -> str:
    return "".join(c * (int(n) if n else 1) for c, n in re.findall(r"([.XO])(\d*)", s))


def recorded_games():
    """(id, size, rules, [(colour, vertex, black captures, white captures, board, illegal
    empty points)]) from gnugo_games.txt (format: see its converter's docstring)."""
    games, current = [], None
    for line in (DATA / "gnugo_games.txt").read_text().splitlines():
        if line.startswith("#"):
            continue
        f = line.split(" ")
        if f[0] == "G":
            rules = {"simple": "japanese", "psk": "chinese"}[f[3]]
            current = (f[1], int(f[2]), rules, [])
            games.append(current)
        else:
            colour, vertex = f[1].split(":")
            illegal = set() if f[5] == "-" else set(f[5].split(","))
            current[3].append((colour, vertex, int(f[2]), int(f[3]), unrle(f[4]), illegal))
    return games


def test_recorded_gnugo_games():
    games = recorded_games()
    assert len(games) >= 100
    compared = 0
    for gid, size, rules, moves in games:
        g = tesuji.Game(size, rules=rules)
        for k, (colour, vertex, bcap, wcap, board, illegal) in enumerate(moves, 1):
            where = f"game {gid} move {k} ({colour} {vertex})"
            g.play(vertex, color=colour)
            assert g.captures == {"B": bcap, "W": wcap}, where
            expected = np.array([CELL[c] for c in board], dtype=np.int8).reshape(size, size)
            assert np.array_equal(g.board(), expected), where
            if g.is_over:
                continue
            empty = expected == 0
            legal = empty.copy()
            for v in illegal:
                col = "ABCDEFGHJKLMNOPQRSTUVWXYZ".index(v[0])
                legal[size - int(v[1:]), col] = False
            assert np.array_equal(g.legal_mask(), legal), where
            assert len(g.legal_moves()) == int(legal.sum()), where
            compared += 1
    assert compared > 8000


RULES = ["chinese", "japanese", "aga", "new-zealand", "tromp-taylor"]


def random_game(seed: int, size: int, rules: str, length: int) -> tesuji.Game:
    """Random legal moves (a pass now and then) from the empty board, with every move's
    captures checked against the board."""
    rng = random.Random(seed)
    g = tesuji.Game(size, rules=rules)
    for _ in range(length):
        if g.is_over:
            break
        moves = g.legal_moves()
        if not moves or rng.random() < 0.03:
            g.play("pass")
            continue
        before = g.board()
        mover = 1 if g.to_move == "B" else -1
        captured = g.play(rng.choice(moves))
        after = g.board()
        # Stones only disappear by capture: the opponent's (or, by suicide, the mover's).
        removed = int(((before != 0) & (after == 0)).sum())
        assert removed == captured or (removed > 0 and np.all(before[(before != 0) & (after == 0)] == mover))
    return g


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.sampled_from([3, 5, 7, 9, 13, 19]),
    rules=st.sampled_from(RULES),
    length=st.integers(0, 400),
)
def test_random_games_agree_with_the_command_line(cli, tmp_path, seed, size, rules, length):
    g = random_game(seed, size, rules, length)
    path = tmp_path / f"game-{seed}.sgf"
    path.write_text(g.to_sgf())
    legal = json.loads(run_cli(cli, "legal", str(path), "--json"))
    assert legal["to_play"] == g.to_move
    assert legal["game_over"] == g.is_over
    assert legal["legal"] == g.legal_moves(), f"seed {seed}"
    kata = run_cli(cli, "show", str(path), "--kata").split("\n")
    assert kata[0] == {"B": "x", "W": "o"}[g.to_move]
    rows = [r for r in kata[1:] if r][: g.height]
    board = np.array([[{"x": 1, "o": -1, "-": 0}[c] for c in r] for r in rows], dtype=np.int8)
    assert np.array_equal(board, g.board()), f"seed {seed}"
    score = json.loads(run_cli(cli, "score", str(path), "--json"))
    assert score["result"] == str(g.score())
