"""Bad input of every kind raises a tesuji exception (a ValueError) that says what and
where; nothing else escapes, and no panic reaches Python."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tesuji

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True)


@pytest.mark.parametrize(
    "size, message",
    [
        (0, "size 0: each side of the board must be 1 to 25"),
        (26, "size 26: each side of the board must be 1 to 25"),
        (-1, "size -1"),
        ((19, 0), "size (19, 0)"),
        ("26x3", "not supported"),
        ("big", "not a board size"),
        (9.0, "give an int"),
        (True, "give an int"),
        ([9, 9, 9], "give an int"),
    ],
)
def test_bad_sizes(size, message):
    with pytest.raises(tesuji.TesujiError, match=message.replace("(", r"\(").replace(")", r"\)")):
        tesuji.Game(size)


def test_bad_rules_and_komi():
    with pytest.raises(tesuji.TesujiError, match="unknown ruleset .*klingon"):
        tesuji.Game(9, rules="klingon")
    for komi in [6.3, "abc", float("nan"), float("inf"), True]:
        with pytest.raises(tesuji.TesujiError, match="komi"):
            tesuji.Game(9, komi=komi)
    # A komi too large is told so, not taken for one that is not a multiple of 0.5.
    for komi in [2e6, -1_000_000, "1234567", "-1000000.5"]:
        with pytest.raises(tesuji.TesujiError, match="at most 999999.5 either way"):
            tesuji.Game(9, komi=komi)
    assert tesuji.Game(9, komi=999_999.5).komi == 999_999.5
    assert tesuji.Game(9, komi="-999999.5").komi == -999_999.5


@pytest.mark.parametrize(
    "move, message",
    [
        ("Z99", r"vertex Z99 is off the 9x9 board \(columns A to J, rows 1 to 9\)"),
        ("J10", "vertex J10 is off the 9x9 board"),
        ("I5", "not a vertex"),
        ("", "not a vertex"),
        ("5D", "not a vertex"),
        ((9, 0), r"\(row, col\) is off the 9x9 board"),
        ((-1, 2), "off the 9x9 board"),
        (82, "an index must be 0 to 81"),
        (-1, "an index must be 0 to 81"),
        (2**70, "an index must be"),
        (None, "give a GTP vertex"),
        (4.0, "give a GTP vertex"),
        ((1, 2, 3), "give a GTP vertex"),
    ],
)
def test_bad_vertices(move, message):
    g = tesuji.Game(9)
    for call in (g.play, g.is_legal, g.illegal_reason):
        with pytest.raises(tesuji.TesujiError, match=message):
            call(move)
    assert g.move_number == 0
    with pytest.raises(tesuji.TesujiError, match=message):
        tesuji.ladder(g, move)


def test_bad_sgf_says_where():
    with pytest.raises(tesuji.SgfError) as info:
        tesuji.Game.from_sgf("(;GM[1]\n;B[aa]W[bb")
    assert (info.value.line, info.value.column) == (2, 8)
    assert "line 2, column 8" in str(info.value)
    with pytest.raises(tesuji.SgfError, match="move 2 is illegal: W\\[ee\\] \\(occupied\\)") as info:
        tesuji.Game.from_sgf("(;SZ[9];B[ee];W[ee])")
    assert info.value.line == 1
    with pytest.raises(tesuji.SgfError, match="SZ"):
        tesuji.Game.from_sgf("(;SZ[26])")
    with pytest.raises(tesuji.SgfError, match="SZ"):
        tesuji.Game.from_sgf("(;SZ[0])")
    with pytest.raises(tesuji.SgfError, match="no game"):
        tesuji.Game.from_sgf("")
    with pytest.raises(tesuji.SgfError, match="not Go"):
        tesuji.Game.from_sgf("(;GM[2])")
    with pytest.raises(tesuji.SgfError, match="no position before move 5"):
        tesuji.Game.from_sgf("(;SZ[9];B[ee])", move=5)
    with pytest.raises(tesuji.TesujiError, match="counted from 1"):
        tesuji.Game.from_sgf("(;SZ[9];B[ee])", move=0)


def test_bad_diagram():
    with pytest.raises(tesuji.TesujiError, match="diagram"):
        tesuji.Game.from_diagram("X O ?\n. . .")


def test_undo_with_no_move():
    with pytest.raises(tesuji.TesujiError, match="no move to take back"):
        tesuji.Game(9).undo()


def test_bad_score_dead_list():
    with pytest.raises(tesuji.TesujiError, match="no stone"):
        tesuji.Game(9).score(dead=["E5"])


def test_bad_features_input():
    with pytest.raises(tesuji.TesujiError, match="list of tesuji.Game"):
        tesuji._tesuji.features([1, 2], None)
    for workers in [0, -1, 2.5]:
        with pytest.raises(tesuji.TesujiError, match="workers="):
            tesuji.features([tesuji.Game(9)], workers=workers)
    with pytest.raises(tesuji.TesujiError, match="budget=-1"):
        tesuji.ladder(tesuji.Game(9), "A1", budget=-1)


@SETTINGS
@given(st.text(max_size=200))
def test_any_text_as_sgf_raises_only_tesuji_errors(text):
    try:
        g = tesuji.Game.from_sgf(text)
    except tesuji.TesujiError as e:
        assert str(e)
    else:
        assert g.width >= 1


SGF_ALPHABET = "()[];ABWSZMLPQKEGaceszbd019:\\ \n"


@SETTINGS
@given(st.text(alphabet=SGF_ALPHABET, max_size=120))
def test_sgf_like_text_raises_only_tesuji_errors(text):
    for call in (tesuji.Game.from_sgf, lambda t: tesuji.solve(t, nodes=2000)):
        try:
            call("(;" + text)
        except tesuji.TesujiError as e:
            assert str(e)


@SETTINGS
@given(st.one_of(st.text(max_size=8), st.integers(-(2**65), 2**65), st.tuples(st.integers(-30, 30), st.integers(-30, 30))))
def test_any_move_either_plays_or_raises_a_tesuji_error(move):
    g = tesuji.Game((7, 5))
    try:
        g.play(move)
    except tesuji.TesujiError as e:
        assert str(e) and g.move_number == 0
    else:
        assert g.move_number == 1


@SETTINGS
@given(st.one_of(st.integers(-(2**40), 2**40), st.text(max_size=8), st.tuples(st.integers(-5, 40), st.integers(-5, 40))))
def test_any_size_either_works_or_raises_a_tesuji_error(size):
    try:
        g = tesuji.Game(size)
    except tesuji.TesujiError as e:
        assert "size" in str(e)
    else:
        assert 1 <= g.width <= 25 and 1 <= g.height <= 25


def test_bad_solver_input():
    with pytest.raises(tesuji.SgfError) as info:
        tesuji.solve("(;SZ[9]AB[aa")
    assert info.value.line == 1
    with pytest.raises(tesuji.ProblemError, match="no goal found"):
        tesuji.solve("(;SZ[9])")
    with pytest.raises(tesuji.ProblemError, match="too large"):
        tesuji.solve("(;SZ[21]AB[aa]AW[bb]MA[bb])")
    with pytest.raises(tesuji.ProblemError, match="empty point"):
        tesuji.solve("(;SZ[9]AB[aa]AW[bb]MA[cc])")
    good = "(;SZ[5]AB[ac][bc][cc][dc][ec][eb][ea]AW[ab][bb][cb][db][da]MA[bb])"
    for kwargs, message in [
        (dict(first="red"), "first: not a colour"),
        (dict(first=3), "first=3"),
        (dict(time=0), "time=0"),
        (dict(time=-1.5), "time=-1.5"),
        (dict(time=1e20), "at most 1e9"),
        (dict(nodes=0), "nodes=0"),
        (dict(memory=0), "memory=0"),
        (dict(nodes=-5), "nodes=-5: give a positive number"),
        (dict(nodes=1.5), "nodes=1.5"),
        (dict(memory=-1), "memory=-1"),
        (dict(time="x"), "time='x'"),
        (dict(ko_threats=2**40), "ko_threats="),
        (dict(max_threats=-1), "max_threats=-1"),
        (dict(threads=0), "threads=0"),
        (dict(threads=5000), "threads=5000"),
    ]:
        with pytest.raises(tesuji.TesujiError, match=message):
            tesuji.solve(good, **kwargs)
    for workers in [0, -1, "two"]:
        with pytest.raises(tesuji.TesujiError, match="workers="):
            tesuji.solve_many([good], workers=workers)
    with pytest.raises(tesuji.TesujiError, match="give SGF text"):
        tesuji.solve(42)


def test_long_bad_values_are_cut_in_messages():
    """A huge bad value is quoted by its first characters and its length."""
    good = "(;SZ[5]AB[ac][bc][cc][dc][ec][eb][ea]AW[ab][bb][cb][db][da]MA[bb])"
    long = "x" * 5000
    for call in [
        lambda: tesuji.solve(good, time=long),
        lambda: tesuji.solve(good, nodes=[1] * 3000),
        lambda: tesuji.Game(9).play(long),
        lambda: tesuji.Game(9, rules=long),
    ]:
        with pytest.raises(tesuji.TesujiError) as info:
            call()
        assert len(str(info.value)) < 200, str(info.value)[:300]
