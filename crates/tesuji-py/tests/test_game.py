"""The Game API: construction, moves in every form, legality, numpy views, scoring, SGF."""

import copy
import pickle

import numpy as np
import pytest

import tesuji

KO = """
. X O .
X . X O
. X O .
White to move
"""


def test_new_game_defaults():
    g = tesuji.Game()
    assert (g.width, g.height, g.shape) == (19, 19, (19, 19))
    assert g.rules == "chinese" and g.komi == 7.5
    assert g.to_move == "B" and g.move_number == 0 and g.last_move is None
    assert g.captures == {"B": 0, "W": 0}
    assert not g.is_over and g.result is None


@pytest.mark.parametrize(
    "size, shape", [(9, (9, 9)), ((9, 13), (13, 9)), ("7x5", (5, 7)), ("19:13", (13, 19)), (1, (1, 1)), (25, (25, 25))]
)
def test_sizes(size, shape):
    g = tesuji.Game(size)
    assert g.shape == shape
    assert g.board().shape == shape and g.legal_mask().shape == shape


def test_rules_and_komi():
    g = tesuji.Game(9, rules="japanese", komi=0.5)
    assert g.rules == "japanese" and g.komi == 0.5
    assert tesuji.Game(9, rules="Tromp-Taylor").rules == "tromp-taylor"
    assert tesuji.Game(9, komi="6.5").komi == 6.5
    assert tesuji.Game(9, komi=-3).komi == -3


def test_board_orientation_row_zero_is_the_top():
    g = tesuji.Game(19)
    g.play("A19")  # top left
    g.play("T1")  # bottom right
    b = g.board()
    assert b.dtype == np.int8
    assert b[0, 0] == 1 and b[18, 18] == -1
    assert int(np.abs(b).sum()) == 2
    assert g.color_at("A19") == "B" and g.color_at((18, 18)) == "W" and g.color_at("K10") is None


def test_moves_as_vertex_pair_and_index():
    g = tesuji.Game(9)
    g.play("C7")  # column 2, row 2 from the top
    g.play((2, 3))
    g.play(2 * 9 + 4)
    assert g.moves == [("B", "C7"), ("W", "D7"), ("B", "E7")]
    g.play(81)  # width * height is a pass
    assert g.last_move == "pass" and g.to_move == "B"
    g.play("pass")
    assert g.is_over and g.result is not None


def test_play_returns_captures_and_undo_restores():
    g = tesuji.Game.from_diagram(KO)
    before = g.board().copy()
    assert g.play("B2") == 1  # White captures at B2
    assert g.captures == {"B": 0, "W": 1}
    assert g.ko == "C2"
    assert g.undo() == "B2"
    assert np.array_equal(g.board(), before) and g.to_move == "W" and g.ko is None


def test_illegal_moves_raise_with_reason_and_leave_the_game_alone():
    g = tesuji.Game.from_diagram(KO)
    g.play("B2")
    snapshot = (g.board().copy(), g.to_move, g.ko, g.move_number)
    for move, reason in [("C2", "ko"), ("B3", "occupied")]:
        with pytest.raises(tesuji.IllegalMove) as info:
            g.play(move)
        e = info.value
        assert isinstance(e, ValueError)
        assert (e.move, e.color, e.reason) == (move, "B", reason)
        assert f"{move} is illegal: {reason}" in str(e)
        assert not g.is_legal(move) and g.illegal_reason(move) == reason
        assert (g.board().tolist(), g.to_move, g.ko, g.move_number) == (
            snapshot[0].tolist(),
            snapshot[1],
            snapshot[2],
            snapshot[3],
        )
    assert g.is_legal("A1") and g.illegal_reason("A1") is None


def test_suicide():
    g = tesuji.Game.from_diagram(". X\nX .\nWhite to move")
    assert g.illegal_reason("A2") == "suicide"
    with pytest.raises(tesuji.IllegalMove, match="suicide"):
        g.play("A2")


def test_positional_superko_forbids_what_simple_ko_allows():
    # On a 5x1 board: White captures two, Black recaptures one, White passes; Black's
    # A1 then recreates the starting position (with no capture of its own).
    for rules, reason in [("japanese", None), ("chinese", "superko")]:
        g = tesuji.Game.from_diagram("X X . X .\nWhite to move", rules=rules)
        assert g.play("C1") == 2 and g.play("B1") == 1
        g.play("pass")
        assert g.illegal_reason("A1") == reason, rules
        assert ("A1" in g.legal_moves()) == (reason is None)
        assert bool(g.legal_mask()[0, 0]) == (reason is None)


def test_legal_moves_and_mask_agree():
    g = tesuji.Game.from_diagram(KO)
    g.play("B2")
    moves = g.legal_moves()
    mask = g.legal_mask()
    assert mask.dtype == np.bool_
    assert "C2" not in moves and "pass" not in moves
    assert len(moves) == int(mask.sum())
    for v in moves:
        assert g.is_legal(v)
    rows, cols = np.nonzero(mask)
    assert sorted(g.is_legal((int(r), int(c))) for r, c in zip(rows, cols)) == [True] * len(moves)


def test_no_legal_move_once_the_game_is_over():
    g = tesuji.Game(5)
    g.play("pass")
    g.play("pass")
    assert g.is_over and g.legal_moves() == [] and not g.legal_mask().any()
    with pytest.raises(tesuji.IllegalMove, match="game over"):
        g.play("C3")
    # A colour given explicitly goes on after the end, as GTP does.
    g.play("C3", color="B")
    assert not g.is_over and g.color_at("C3") == "B"


def test_play_for_a_given_colour():
    g = tesuji.Game(9)
    g.play("E5", color="W")
    assert g.moves == [("W", "E5")] and g.to_move == "B"
    with pytest.raises(tesuji.IllegalMove):
        g.play("E5", color="W")
    assert g.moves == [("W", "E5")] and g.to_move == "B"


def test_liberties():
    g = tesuji.Game(9)
    g.play("A1")
    assert g.liberties("A1") == ["A2", "B1"]
    with pytest.raises(tesuji.TesujiError, match="no stone"):
        g.liberties("E5")


def test_score_area_and_territory():
    g = tesuji.Game(9, komi=7.5)
    g.play("E5")
    s = g.score()
    assert (s.black, s.white, s.margin, s.winner, str(s)) == (81.0, 7.5, 73.5, "B", "B+73.5")
    t = tesuji.Game(9, rules="japanese").score()
    assert t.scoring == "territory" and str(t) == "W+6.5"
    d = tesuji.Game.from_diagram(". X O .\n. X O .\n. X O .", komi=0)
    assert str(d.score()) == "0"
    assert str(d.score(dead=["B3"])) == "W+12"


def test_sgf_round_trip():
    g = tesuji.Game(9, rules="japanese", komi=6.5)
    for m in ["E5", "C3", "pass", "G7"]:
        g.play(m)
    text = g.to_sgf()
    assert "KM[6.5]" in text and "RU[Japanese]" in text
    again = tesuji.Game.from_sgf(text)
    assert again == g
    assert again.moves == g.moves and again.rules == "japanese" and again.komi == 6.5
    earlier = tesuji.Game.from_sgf(text, move=3)
    assert earlier.move_number == 2


def test_from_sgf_with_rules_and_setup():
    text = "(;SZ[9]RU[Japanese]KM[0]AB[cc][gg]AW[ee]PL[W];W[dd])"
    g = tesuji.Game.from_sgf(text)
    assert g.rules == "japanese" and g.komi == 0 and g.moves == [("W", "D6")]
    assert tesuji.Game.from_sgf(text, rules="chinese").rules == "chinese"
    assert int((g.board() == 1).sum()) == 2


def test_diagram_str_and_repr():
    g = tesuji.Game(5)
    g.play("C3")
    text = str(g)
    assert "X" in text and "White to move" in text and "A B C D E" in text
    assert tesuji.Game.from_diagram(text).board().tolist() == g.board().tolist()
    assert repr(g).startswith("<tesuji.Game 5x5 chinese")


def test_copy_and_pickle_keep_the_history():
    g = tesuji.Game.from_diagram(KO)
    g.play("B2")
    for other in [g.copy(), copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g))]:
        assert other == g
        assert other.illegal_reason("C2") == "ko"
        other.play("A1")
        assert other != g and g.move_number == 1


def test_ladder_and_benson():
    g = tesuji.Game.from_diagram(
        """
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
    )
    lad = tesuji.ladder(g, "H7")
    assert lad.color == "W" and lad.liberties == 2
    assert lad.status == "unsettled" and lad.capture == "H6" and lad.sequence[0] == "H6"
    assert lad.escape is not None and lad.nodes > 0
    with pytest.raises(tesuji.TesujiError, match="empty"):
        tesuji.ladder(g, "A1")
    b = tesuji.benson(tesuji.Game.from_diagram(". X . X X\nX X X X X\n. . . . .\n. . . . .\n. . . . ."))
    assert b.alive["B"] and b.alive["W"] == []
    assert b.status("A5") == ("territory", "B") and b.status("A1") is None
    assert b.safe_count == int((b.to_array() != 0).sum()) == 10
