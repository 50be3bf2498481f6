"""Type stubs of the extension module ``tesuji._tesuji`` (Rust, PyO3). Its public names are
re-exported by ``tesuji``; the names starting with ``_`` are used by ``tesuji._solve``."""

from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

#: A move: a GTP vertex (``"D4"``, ``"pass"``), a ``(row, col)`` pair with row 0 at the
#: top (as in ``Game.board()``), or a flat index ``row * width + col`` (``width * height``
#: is a pass).
Move = Union[str, Tuple[int, int], int]
#: A board size: ``19``, ``(width, height)`` or ``"9x13"``.
Size = Union[int, Tuple[int, int], str]

__version__: str
FEATURE_PLANES: List[str]
FEATURE_DESCRIPTIONS: List[str]

class Score:
    """A counted result (``Game.score()``)."""

    @property
    def black(self) -> float:
        """Black's points."""
    @property
    def white(self) -> float:
        """White's points, komi included."""
    @property
    def komi(self) -> float:
        """Komi."""
    @property
    def scoring(self) -> str:
        """``"area"`` or ``"territory"``."""
    @property
    def margin(self) -> float:
        """Black's points minus White's."""
    @property
    def winner(self) -> Optional[str]:
        """``"B"``, ``"W"``, or ``None`` for a draw."""

class Game:
    """A game of Go: the position, the ruleset, the moves and the history that superko
    needs."""

    def __init__(
        self, size: Optional[Size] = 19, rules: str = "chinese", komi: Union[float, str, None] = None
    ) -> None:
        """A new game on an empty board. ``size``: 1 to 25 each side. ``rules``:
        ``chinese`` (default), ``japanese``, ``aga``, ``new-zealand``, ``tromp-taylor``,
        ``ing``. ``komi``: a multiple of 0.5, replacing the preset's."""
    @staticmethod
    def from_sgf(text: str, rules: Optional[str] = None, move: Optional[int] = None) -> "Game":
        """The first game of SGF text, replayed (stopping before move ``move``, from 1).
        Raises ``SgfError`` with ``line`` and ``column``."""
    @staticmethod
    def from_diagram(text: str, rules: str = "chinese", komi: Union[float, str, None] = None) -> "Game":
        """A position from a text diagram (``X``, ``O``, ``.``; optional labels and a
        ``White to move`` line)."""
    def play(self, move: Move, color: Optional[str] = None) -> int:
        """Plays ``move`` and returns the number of stones captured; raises
        ``IllegalMove`` (the game unchanged). ``color`` plays for that colour whoever is to
        move."""
    def undo(self) -> str:
        """Takes back the last move and returns it as a GTP vertex."""
    def is_legal(self, move: Move) -> bool:
        """Whether the side to move may play ``move`` (every rule, superko included)."""
    def illegal_reason(self, move: Move) -> Optional[str]:
        """Why the side to move may not play ``move``, or ``None``."""
    def legal_moves(self) -> List[str]:
        """The legal board moves as GTP vertices, row by row from the top left (no
        ``"pass"``)."""
    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """The legal board moves as a bool array ``(height, width)``, row 0 at the top."""
    def board(self) -> npt.NDArray[np.int8]:
        """The board as an int8 array ``(height, width)``: 1 black, -1 white, 0 empty; row
        0 at the top."""
    def color_at(self, point: Move) -> Optional[str]:
        """``"B"``, ``"W"`` or ``None`` at ``point``."""
    def liberties(self, point: Move) -> List[str]:
        """The liberties of the chain through ``point``, as GTP vertices."""
    @property
    def to_move(self) -> str:
        """The side to move: ``"B"`` or ``"W"``."""
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def shape(self) -> Tuple[int, int]:
        """``(height, width)``, the shape of ``board()``."""
    @property
    def komi(self) -> float: ...
    @property
    def rules(self) -> str:
        """The ruleset's preset name."""
    @property
    def captures(self) -> Dict[str, int]:
        """Prisoners taken by each colour: ``{"B": n, "W": n}``."""
    @property
    def moves(self) -> List[Tuple[str, str]]:
        """The moves played as ``(colour, vertex)`` pairs."""
    @property
    def move_number(self) -> int:
        """Number of moves played (passes count)."""
    @property
    def last_move(self) -> Optional[str]: ...
    @property
    def ko(self) -> Optional[str]:
        """The point where the side to move may not retake a ko, or ``None``."""
    @property
    def is_over(self) -> bool:
        """Whether two passes in a row ended the game."""
    @property
    def result(self) -> Optional[str]:
        """``"B+7.5"``, ``"W+0.5"``, ``"0"`` once the game is over, else ``None``."""
    def score(self, dead: Optional[Sequence[Move]] = None) -> Score:
        """Counts the position under the ruleset, the chains through ``dead`` lifted."""
    def to_sgf(self) -> str:
        """The game as SGF text."""
    def copy(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any) -> "Game": ...
    def __reduce__(self) -> Any: ...
    def __eq__(self, other: object) -> bool: ...

class Ladder:
    """The ladder status of one chain (``tesuji.ladder``)."""

    color: str
    liberties: int
    status: str
    capture: Optional[str]
    escape: Optional[str]
    attacker_first: str
    sequence: List[str]
    defender_first: str
    defender_sequence: List[str]
    nodes: int

class Benson:
    """Benson's unconditional life for both colours (``tesuji.benson``)."""

    @property
    def alive(self) -> Dict[str, List[str]]:
        """Stones of the unconditionally alive chains, by colour."""
    @property
    def territory(self) -> Dict[str, List[str]]:
        """The safe territory of each colour."""
    @property
    def safe_count(self) -> int: ...
    def to_array(self) -> npt.NDArray[np.int8]:
        """1 where safe for Black, -1 for White, 0 elsewhere; shape ``(height, width)``."""
    def status(self, point: Move) -> Optional[Tuple[str, str]]:
        """``("alive", colour)``, ``("territory", colour)`` or ``None``."""

class _SolvePool(Iterator[Dict[str, Any]]):
    def __len__(self) -> int: ...
    def __next__(self) -> Dict[str, Any]: ...
    def close(self) -> None: ...

def features(games: Union[Game, Sequence[Game]], workers: Optional[int] = None) -> npt.NDArray[np.float32]: ...
def ladder(game: Game, point: Move, budget: Optional[int] = None) -> Ladder: ...
def benson(game: Game) -> Benson: ...
def _solve(
    text: str,
    first: Optional[str] = None,
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    memory: Optional[int] = None,
    ko_threats: Optional[int] = None,
    max_threats: Optional[int] = None,
    all_moves: bool = True,
    pv: bool = True,
    proof: bool = False,
    threads: Optional[int] = None,
) -> Dict[str, Any]: ...
def _solve_pool(
    texts: List[str],
    first: Optional[str] = None,
    workers: Optional[int] = None,
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    memory: Optional[int] = None,
    ko_threats: Optional[int] = None,
    max_threats: Optional[int] = None,
    all_moves: bool = True,
    pv: bool = True,
    proof: bool = False,
    fail_fast: bool = True,
    progress: Optional[Callable[[int], Any]] = None,
) -> _SolvePool: ...
