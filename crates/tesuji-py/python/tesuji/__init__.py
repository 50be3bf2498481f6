"""tesuji: a Go (baduk, weiqi) engine in Rust, for Python.

* ``Game``: a game under a ruleset (Chinese, Japanese, AGA, New Zealand, Tromp-Taylor,
  Ing), from scratch, SGF or a diagram; ``play``/``undo``, legal moves, numpy views of the
  board and of the legal moves, scoring, SGF out.
* ``features(games)``: input planes for neural networks in the style of KataGo's, one
  float32 array ``(N, C, H, W)`` for a batch (``FEATURE_PLANES`` names them).
* ``ladder(game, vertex)`` and ``benson(game)``: ladder reading and Benson's unconditional
  life.
* ``solve(sgf)`` and ``solve_many(sgfs)``: the exact life-and-death solver (df-pn with ko
  threats), on native threads without the GIL.

Every error is a ``TesujiError`` (a ``ValueError``) or one of its subclasses, with the
engine's message.

>>> import tesuji
>>> game = tesuji.Game(9)
>>> game.play("E5")
0
>>> game.to_move
'W'
>>> int(game.board()[4, 4])
1
"""

from __future__ import annotations

from typing import Any, List, Sequence, Union

from . import _tesuji
from ._errors import IllegalMove, ProblemError, SgfError, TesujiError
from ._solve import MoveThreshold, Refutation, SolveMany, SolveResult, solve, solve_many
from ._tesuji import Benson, Game, Ladder, Score

__version__: str = _tesuji.__version__

#: The names of the planes of ``features``, in order.
FEATURE_PLANES: tuple = tuple(_tesuji.FEATURE_PLANES)

#: What each plane of ``features`` holds, in the order of ``FEATURE_PLANES``.
FEATURE_DESCRIPTIONS: tuple = tuple(_tesuji.FEATURE_DESCRIPTIONS)


def features(games: Union[Game, Sequence[Game]], workers: Union[int, None] = None) -> Any:
    """The input planes of ``games`` as one float32 numpy array of shape ``(N, C, H, W)``.

    ``C`` is ``len(FEATURE_PLANES)``: each plane is 1.0 where it holds and 0.0 elsewhere,
    from the point of view of each game's side to move. ``H`` and ``W`` are the largest
    height and width in the batch; a smaller board sits in the top left corner and its
    ``on_board`` plane marks it. The planes, in order (see ``FEATURE_DESCRIPTIONS``):

    0. ``on_board``: the game's board.
    1. ``own_stones``: stones of the side to move.
    2. ``opponent_stones``: stones of the other side.
    3. ``liberties_1``: stones of chains with exactly 1 liberty (either colour).
    4. ``liberties_2``: stones of chains with exactly 2 liberties.
    5. ``liberties_3_plus``: stones of chains with 3 or more liberties.
    6. ``ko_ban``: points the side to move may not play because of ko (the simple-ko point,
       and under a superko ruleset every move that would repeat a position).
    7. ``ladder_captured``: stones of chains that a ladder captures (1 liberty with their
       owner to move, or 2 liberties with the opponent to move; KataGo's feature 14).
    8. ``ladder_moves``: moves of the side to move that start a working ladder against an
       opponent chain with 2 liberties (KataGo's feature 17).
    9. to 13. ``last_move_1`` ... ``last_move_5``: the points of the last five moves, the
       most recent first (nothing for a pass).
    14. ``own_safe``: points unconditionally safe for the side to move (Benson: pass-alive
        stones and the territory they make safe).
    15. ``opponent_safe``: the same for the other side.

    The work runs without the GIL on ``workers`` threads (default: every core), except a
    first pass over each game for the superko bans (a check plays a move and takes it
    back), a few microseconds a position. Do not play moves on these games from another
    thread meanwhile (that raises ``RuntimeError: Already borrowed``).
    """
    if isinstance(games, Game):
        games = [games]
    elif not isinstance(games, list):
        games = list(games)
    return _tesuji.features(games, workers)


def ladder(game: Game, point: Union[str, int, tuple], budget: int = 25_000) -> Ladder:
    """Reads the ladder of the chain through ``point`` (a GTP vertex, a ``(row, col)``
    pair or a flat index) in ``game``'s position, with each side moving first.

    The answer's ``status`` is ``"captured"`` (whoever moves first), ``"unsettled"``
    (captured only if the attacker moves first: ``capture`` and ``escape`` give the two
    first moves), ``"escaped"``, or ``"unknown"`` past ``budget`` positions per reading.
    Ladders that need a ko count as failed. Raises ``TesujiError`` for an empty point.
    """
    return _tesuji.ladder(game, point, budget)


def benson(game: Game) -> Benson:
    """Benson's unconditional life in ``game``'s position, for both colours: the chains
    that cannot be captured even if their owner always passes, and the territory they make
    safe (under the game's suicide rule)."""
    return _tesuji.benson(game)


__all__: List[str] = [
    "Benson",
    "FEATURE_DESCRIPTIONS",
    "FEATURE_PLANES",
    "Game",
    "IllegalMove",
    "Ladder",
    "MoveThreshold",
    "ProblemError",
    "Refutation",
    "Score",
    "SgfError",
    "SolveMany",
    "SolveResult",
    "TesujiError",
    "benson",
    "features",
    "ladder",
    "solve",
    "solve_many",
]
