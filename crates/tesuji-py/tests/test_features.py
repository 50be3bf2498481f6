"""tesuji.features: the planes one by one on small positions, and agreement with the rest of
the API (board, liberties, ladder, Benson) on positions from real and random games."""

from __future__ import annotations

import random

import numpy as np
import pytest

import tesuji
from conftest import DATA

P = {name: i for i, name in enumerate(tesuji.FEATURE_PLANES)}

LADDER = """
. . . . . . . X .
. . . . . . X O X
. . . . . . . O X
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
Black to move
"""


def test_shape_and_names():
    f = tesuji.features([tesuji.Game(9), tesuji.Game(9)])
    assert f.shape == (2, len(tesuji.FEATURE_PLANES), 9, 9) and f.dtype == np.float32
    assert len(tesuji.FEATURE_PLANES) == len(tesuji.FEATURE_DESCRIPTIONS) == 16
    assert tesuji.FEATURE_PLANES[:9] == (
        "on_board",
        "own_stones",
        "opponent_stones",
        "liberties_1",
        "liberties_2",
        "liberties_3_plus",
        "ko_ban",
        "ladder_captured",
        "ladder_moves",
    )
    assert tesuji.features(tesuji.Game(5)).shape == (1, 16, 5, 5)
    assert tesuji.features([]).shape == (0, 16, 0, 0)
    assert set(np.unique(f)) <= {0.0, 1.0}


def test_stones_are_seen_from_the_side_to_move():
    g = tesuji.Game(5)
    g.play("A5")  # Black at (0, 0); White to move
    f = tesuji.features(g)[0]
    assert f[P["opponent_stones"], 0, 0] == 1 and f[P["own_stones"]].sum() == 0
    g.play("E1")
    f = tesuji.features(g)[0]
    assert f[P["own_stones"], 0, 0] == 1 and f[P["opponent_stones"], 4, 4] == 1


def test_liberties():
    g = tesuji.Game.from_diagram(
        """
        X O . . .
        . . . . .
        . . X X .
        . . . . .
        . . . . .
        """
    )
    f = tesuji.features(g)[0]
    assert f[P["liberties_1"], 0, 0] == 1  # X at A5: one liberty (A4)
    assert f[P["liberties_2"], 0, 1] == 1  # O at B5: B4, C5
    assert f[P["liberties_3_plus"], 2, 2] == f[P["liberties_3_plus"], 2, 3] == 1
    assert f[P["liberties_1"]].sum() == 1 and f[P["liberties_2"]].sum() == 1


def test_ko_ban_simple_and_superko():
    g = tesuji.Game.from_diagram(". X O .\nX . X O\n. X O .\nWhite to move")
    g.play("B2")
    f = tesuji.features(g)[0]
    assert f[P["ko_ban"], 1, 2] == 1 and f[P["ko_ban"]].sum() == 1  # C2
    for rules, banned in [("japanese", 0), ("chinese", 1)]:
        g = tesuji.Game.from_diagram("X X . X .\nWhite to move", rules=rules)
        for m in ["C1", "B1", "pass"]:
            g.play(m)
        f = tesuji.features(g)[0]
        assert f[P["ko_ban"], 0, 0] == banned, rules


def test_ladder_planes():
    g = tesuji.Game.from_diagram(LADDER)
    f = tesuji.features(g)[0]
    white = [(1, 7), (2, 7)]
    assert all(f[P["ladder_captured"], r, c] == 1 for r, c in white)
    assert f[P["ladder_moves"], 3, 7] == 1  # H6, Black's working ladder move
    assert f[P["ladder_moves"], 2, 6] == 0  # G7 lets White escape
    assert tesuji.ladder(g, "H7").capture == "H6"


def test_last_moves():
    g = tesuji.Game(9)
    for m in ["A9", "B9", "pass", "C9", "D9", "E9", "F9"]:
        g.play(m)
    f = tesuji.features(g)[0]
    expected = {"last_move_1": (0, 5), "last_move_2": (0, 4), "last_move_3": (0, 3), "last_move_4": (0, 2)}
    for name, (r, c) in expected.items():
        assert f[P[name], r, c] == 1 and f[P[name]].sum() == 1, name
    assert f[P["last_move_5"]].sum() == 0  # a pass


def test_benson_planes_match_benson():
    g = tesuji.Game.from_diagram(". X . X X\nX X X X X\n. . . . .\n. . . . .\n. . . . .\nWhite to move")
    f = tesuji.features(g)[0]
    b = tesuji.benson(g).to_array()
    assert np.array_equal(f[P["opponent_safe"]], (b == 1).astype(np.float32))
    assert np.array_equal(f[P["own_safe"]], (b == -1).astype(np.float32))
    assert f[P["opponent_safe"]].sum() == 10


def test_mixed_sizes_are_padded_top_left():
    f = tesuji.features([tesuji.Game(9), tesuji.Game((5, 3))])
    assert f.shape == (2, 16, 9, 9)
    assert f[1, P["on_board"], :3, :5].all() and f[1, P["on_board"]].sum() == 15
    assert f[1, :, 3:, :].sum() == 0 and f[1, :, :, 5:].sum() == 0


def random_positions(n: int, seed: int) -> list[tesuji.Game]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        size = rng.choice([7, 9, 13, 19])
        g = tesuji.Game(size, rules=rng.choice(["chinese", "japanese"]))
        for _ in range(rng.randrange(size * size * 2)):
            moves = g.legal_moves()
            if not moves or g.is_over:
                break
            g.play(rng.choice(moves))
        out.append(g)
    return out


def real_positions(every: int = 7) -> list[tesuji.Game]:
    out = []
    for path in sorted((DATA / "sgf").glob("*.sgf")):
        text = path.read_text(errors="replace")
        try:
            total = tesuji.Game.from_sgf(text).move_number
        except tesuji.TesujiError:
            continue
        out += [tesuji.Game.from_sgf(text, move=m) for m in range(1, total + 1, every)]
    return out


@pytest.mark.parametrize("source", ["random", "real"])
def test_planes_agree_with_the_rest_of_the_api(source):
    games = random_positions(40, seed=7) if source == "random" else real_positions()
    assert len(games) >= 40
    feats = tesuji.features(games)
    assert np.array_equal(feats, tesuji.features(games, workers=1))
    assert np.array_equal(feats, tesuji.features(games, workers=3))
    for k, g in enumerate(games):
        f = feats[k][:, : g.height, : g.width]
        board = g.board()
        me = 1 if g.to_move == "B" else -1
        where = f"{source} position {k}:\n{g}"
        assert np.array_equal(f[P["own_stones"]], (board == me).astype(np.float32)), where
        assert np.array_equal(f[P["opponent_stones"]], (board == -me).astype(np.float32)), where
        stones = f[P["liberties_1"]] + f[P["liberties_2"]] + f[P["liberties_3_plus"]]
        assert np.array_equal(stones, (board != 0).astype(np.float32)), where
        legal = g.legal_mask()
        assert not (f[P["ko_ban"]].astype(bool) & legal).any(), where
        if k % 5:
            continue  # the reading checks below on a fifth of the positions
        for r, c in zip(*np.nonzero(board)):
            libs = len(g.liberties((int(r), int(c))))
            assert f[P[f"liberties_{min(libs, 3)}" + ("_plus" if libs >= 3 else "")], r, c] == 1
            if libs <= 2:
                lad = tesuji.ladder(g, (int(r), int(c)))
                read = lad.defender_first if libs == 1 else lad.attacker_first
                assert f[P["ladder_captured"], r, c] == (read == "captured"), where
        moves = f[P["ladder_moves"]]
        assert not (moves.astype(bool) & ~legal).any(), where
