"""The life-and-death solver: ``solve``, ``solve_many`` and their ``SolveResult``."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Dict, Iterable, Iterator, List, NamedTuple, Optional, Union

from . import _tesuji
from ._errors import TesujiError

_COLOR_NAMES = {"B": "Black", "W": "White"}
#: The second look's readings of a goal (``SolveResult.goal_look``), in words.
_SECOND_LOOKS = {
    "fighting-chains": "with the weak chains it fights in the region",
    "longer-reach": "with one more step of reach",
    "weaker-walls": "with walls that need one more free liberty",
    "other-chains": "each chain of a group a candidate of its own",
}


class MoveThreshold(NamedTuple):
    """A winning first move and the least ko-threat difference it needs (``None``: it
    wins whatever the threats)."""

    move: str
    threshold: Optional[int]


class Refutation(NamedTuple):
    """A failing first move and the opponent's answer that refutes it.

    ``reply`` is ``None`` when no answer is needed (``immediate``: the move fails at once)
    or when the budget ran out before one was found (``immediate`` is then false).
    """

    move: str
    reply: Optional[str]
    immediate: bool


@dataclass(frozen=True)
class SolveResult:
    """The solver's answer for one first player.

    ``result`` is for the first player: ``"win"`` (the attacker captures the targets, or
    the defender lives or makes seki), ``"loss"``, or ``"unknown"`` when a budget ran out
    first. An answer cut by a budget says so: ``complete`` is false, ``stopped`` names the
    budget, ``moves_complete`` tells whether ``moves`` and ``refutations`` are still the
    whole lists (else ``moves`` holds the winning moves found so far, and ``unsearched`` the
    first moves not decided), and ``note`` says in words what is missing.
    """

    #: ``"win"``, ``"loss"`` or ``"unknown"``, for the first player.
    result: str
    #: The first player: ``"B"`` or ``"W"``.
    first: str
    #: The colour that tries to capture the targets: ``"B"`` or ``"W"``.
    attacker: str
    #: The least ko-threat difference (the first player's external ko threats minus the
    #: opponent's) with which the first player succeeds; ``None`` when the result does not
    #: depend on ko threats, or when the threshold is not known (``threshold_settled``).
    threshold: Optional[int]
    #: Whether the threshold is known: false when the result is unknown, or when the
    #: budget ran out in a ko after the result was found and before the threshold was
    #: (then ``threshold`` and the moves' thresholds are ``None`` and say nothing).
    threshold_settled: bool
    #: Winning first moves (GTP vertices, ``"pass"`` for playing elsewhere), the main
    #: line's first. Only those found so far when ``moves_complete`` is false.
    moves: List[str]
    #: The same moves, each with its own threshold.
    move_thresholds: List[MoveThreshold]
    #: Every other first move, with its refutation (when every move was asked for).
    refutations: List[Refutation]
    #: First moves the budget left undecided (empty when the lists are whole).
    unsearched: List[str]
    #: The principal variation: the winner's moves and the loser's longest resistance.
    pv: List[str]
    #: Nodes searched.
    nodes: int
    #: Entries in the transposition table after the main search.
    table_entries: int
    #: Wall time of the solve, in milliseconds.
    ms: float
    #: ``"solved"`` when everything asked for was found, else ``"node-limit"``,
    #: ``"time-limit"``, ``"cancelled"`` or ``"memory-limit"``.
    stopped: str
    #: Whether everything asked for was found (``stopped == "solved"``).
    complete: bool
    #: Whether ``moves`` and ``refutations`` are the whole lists, even if the budget cut
    #: what came after (the main line).
    moves_complete: bool
    #: What the budget cut, in words, when the result is known but the answer is not
    #: complete; else ``None``.
    note: Optional[str]
    #: The ko-threat difference that the moves, the variation and the proof are for.
    proof_threats: int
    #: The target stones (GTP vertices): those marked, or for a problem with nothing
    #: marked, the main chain of the group whose goal was found by reading.
    targets: List[str]
    #: The points where moves may be played (stones included).
    region: List[str]
    #: For a problem with nothing marked (a book problem as printed), the goal found by
    #: reading, in words: ``"kill the white group at H19"``; ``None`` when the targets
    #: were marked.
    goal_words: Optional[str]
    #: The side to play that the goal was found for (the problem's ``PL``): ``"B"`` or
    #: ``"W"``; ``None`` when the targets were marked.
    goal_player: Optional[str]
    #: For a problem with nothing marked: whether the other side, moving first, was shown
    #: to succeed too (the group's fate depends on who plays first); ``False`` when that
    #: reading did not end within the budget. ``None`` when the targets were marked.
    goal_confirmed: Optional[bool]
    #: For a problem with nothing marked: which reading found the goal, ``"first"``,
    #: ``"narrower"`` or ``"smaller"`` (the first look, one step narrower, in smaller
    #: regions), ``"critical-chain"`` (the first look's closer look: a chain of a group
    #: read on its own, as the group was not shown critical), or a second look taken
    #: when no group fitted the first: ``"fighting-chains"``, ``"longer-reach"``,
    #: ``"weaker-walls"``, ``"other-chains"``. ``None`` when the targets were marked.
    goal_look: Optional[str]
    #: Nodes and milliseconds the goal's reading took (``None`` when the targets were
    #: marked); they count in the call's budgets but not in ``nodes`` and ``ms``.
    inference_nodes: Optional[int]
    inference_ms: Optional[float]
    #: For an open region: the attacker stones added on its rim where the wall is taken
    #: as closed (GTP vertices; stones the printed position does not have).
    frame: List[str]
    #: The problem's SGF text.
    problem: str = field(repr=False)
    #: The options of the solve (budgets, what was asked for).
    options: Dict[str, Any] = field(repr=False, default_factory=dict)
    _proof: Optional[str] = field(repr=False, compare=False, default=None)
    _proof_missing: Optional[str] = field(repr=False, compare=False, default=None)
    #: For a problem with nothing marked: the problem its goal's reading found (targets,
    #: region and frame marked), which ``proof_sgf()`` solves again instead of reading the
    #: goal anew (under a time budget a new reading could find another goal).
    _read_problem: Optional[str] = field(repr=False, compare=False, default=None)

    @property
    def defender(self) -> str:
        """The colour of the targets: ``"B"`` or ``"W"``."""
        return "W" if self.attacker == "B" else "B"

    @property
    def goal(self) -> str:
        """What the first player wants: ``"kill"`` (it is the attacker) or ``"live"``."""
        return "kill" if self.first == self.attacker else "live"

    @property
    def summary(self) -> str:
        """The answer in one line: ``"Black to play: Black can kill (unconditionally)"``."""
        f = _COLOR_NAMES[self.first]
        if self.result == "unknown":
            return f"{f} to play: unknown ({self.stopped})"
        can = "can" if self.result == "win" else "cannot"
        head = f"{f} to play: {f} {can} {self.goal}"
        if self.threshold is None and not self.threshold_settled:
            return head + " (in a ko; how many ko threats it needs is not known)"
        if self.threshold is None:
            return head + " (unconditionally)"
        o = _COLOR_NAMES[self.defender if self.first == self.attacker else self.attacker]
        t = self.threshold
        if t <= 0:
            need = (
                f"as many ko threats as {o}"
                if t == 0
                else f"even with {-t} fewer ko threat{'s' if t < -1 else ''} than {o}"
            )
            return f"{head}; {f} succeeds by winning a ko ({need})"
        return f"{head}; {f} succeeds only with {t} more ko threat{'s' if t > 1 else ''} than {o}"

    def proof_sgf(self) -> str:
        """The proof tree as SGF: the winner's moves, every answer to the loser's moves,
        ``C[RIGHT]`` on the successful leaves; checked by the library's independent
        verifier before it is returned. A proof too large to write out in full shares its
        transpositions: a leaf ``SAME[n]`` stands for the proof below the same position,
        marked ``ID[n]`` earlier in the tree.

        Kept at once with ``solve(..., proof=True)``; otherwise the first call solves the
        problem again with the proof kept (same options and budgets; for a problem with
        nothing marked, the problem its goal's reading found, without reading again). Raises
        ``TesujiError`` when there is no proof to give (the result is unknown, or the
        budget or memory ran out before the proof was complete).
        """
        if self._proof is not None:
            return self._proof
        if self.result == "unknown":
            raise TesujiError(f"no proof: the result is unknown ({self.stopped})")
        if self.options.get("proof"):
            raise TesujiError(f"no proof: {self._proof_missing or 'none was kept'}")
        text = self._read_problem or self.problem
        again = _tesuji._solve(text, first=self.first, **{**self.options, "proof": True})
        same_threshold = again["threshold"] == self.threshold or not self.threshold_settled
        if again["result"] != self.result or not same_threshold:
            raise TesujiError(
                "no proof: the search with the proof kept did not reach the same answer "
                f"within the budget ({again['result']}, {again['stopped']})"
            )
        if again["proof_sgf"] is None:
            raise TesujiError(f"no proof: {again['proof_missing']}")
        object.__setattr__(self, "_proof", again["proof_sgf"])
        return again["proof_sgf"]

    def to_dict(self) -> Dict[str, Any]:
        """The answer as a dict of plain values (for JSON), without the problem text."""
        d = asdict(self)
        for key in ("problem", "options", "_proof", "_proof_missing", "_read_problem"):
            d.pop(key)
        d["move_thresholds"] = [list(m) for m in self.move_thresholds]
        d["refutations"] = [list(r) for r in self.refutations]
        return d

    def __str__(self) -> str:
        lines = []
        if self.goal_words:
            how = "goal found by reading"
            if self.goal_look in _SECOND_LOOKS:
                how += f" on a second look, {_SECOND_LOOKS[self.goal_look]}"
            elif self.goal_look == "critical-chain":
                how += ", on a closer look: a chain read on its own, as its group was not shown critical"
            player = self.goal_player or self.first
            if not self.goal_confirmed:
                other = _COLOR_NAMES["W" if player == "B" else "B"]
                how += f"; that {other} moving first would succeed was not read to the end"
            lines.append(f"{_COLOR_NAMES[player]} to play: {self.goal_words} ({how})")
        if self.frame:
            lines.append(
                f"  frame: {len(self.frame)} stones added where the wall is taken as closed: "
                + " ".join(self.frame)
            )
        lines.append(self.summary)
        wins = self.result == "win" or self.threshold is not None
        if self.note:
            lines.append(f"  {self.note}")
        if wins and not self.moves and not self.moves_complete:
            lines.append("  winning moves: none found yet")
        if self.moves:
            shown = [
                m.move if m.threshold is None else f"{m.move} (ko, threshold {m.threshold:+d})"
                for m in self.move_thresholds
            ]
            what = "winning moves" if self.moves_complete else "winning moves found so far"
            lines.append(f"  {what}: {', '.join(shown)}")
        if self.refutations:
            shown = []
            for r in self.refutations:
                if r.reply is not None:
                    shown.append(f"{r.move} ({r.reply})")
                elif not r.immediate:
                    shown.append(f"{r.move} (reply not found)")
                else:
                    shown.append(r.move)
            lines.append(f"  failing moves (refutation): {', '.join(shown)}")
        if self.unsearched:
            lines.append(f"  not searched: {', '.join(self.unsearched)}")
        if self.pv:
            lines.append(f"  variation: {' '.join(self.pv)}")
        lines.append(f"  {self.nodes} nodes, {self.table_entries} table entries, {self.ms:.0f} ms")
        return "\n".join(lines)


def _result(d: Dict[str, Any], problem: str, options: Dict[str, Any]) -> SolveResult:
    return SolveResult(
        result=d["result"],
        first=d["first"],
        attacker=d["attacker"],
        threshold=d["threshold"],
        threshold_settled=d["threshold_settled"],
        moves=list(d["moves"]),
        move_thresholds=[MoveThreshold(*m) for m in d["move_thresholds"]],
        refutations=[Refutation(*r) for r in d["refutations"]],
        unsearched=list(d["unsearched"]),
        pv=list(d["pv"]),
        nodes=d["nodes"],
        table_entries=d["table_entries"],
        ms=d["ms"],
        stopped=d["stopped"],
        complete=d["complete"],
        moves_complete=d["moves_complete"],
        note=d["note"],
        proof_threats=d["proof_threats"],
        targets=list(d["targets"]),
        region=list(d["region"]),
        goal_words=d["goal_words"],
        goal_player=d["goal_player"],
        goal_confirmed=d["goal_confirmed"],
        goal_look=d["goal_look"],
        inference_nodes=d["inference_nodes"],
        inference_ms=d["inference_ms"],
        frame=list(d["frame"]),
        problem=problem,
        options=dict(options),
        _proof=d["proof_sgf"],
        _proof_missing=d["proof_missing"],
        _read_problem=d["read_problem"],
    )


def _text(problem: Union[str, "os.PathLike[str]"]) -> str:
    if isinstance(problem, str):
        return problem
    if isinstance(problem, os.PathLike):
        with open(problem, encoding="utf-8", errors="replace") as f:
            return f.read()
    raise TesujiError(
        f"problem {problem!r}: give SGF text (str) or a path (pathlib.Path) to an SGF file"
    )


def solve(
    sgf_text: str,
    first: Optional[str] = None,
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    memory: Optional[int] = None,
    *,
    ko_threats: int = 0,
    max_threats: int = 3,
    all_moves: bool = True,
    pv: bool = True,
    proof: bool = False,
    threads: int = 1,
) -> SolveResult:
    """Solves a life-and-death problem given as SGF text.

    The SGF is the tsumego.js convention: ``SZ``, ``AB``, ``AW``, ``MA`` on a stone of the
    chain to kill or save (its owner defends, the other colour attacks), ``PL`` for the
    first player; ``SQ``, when present, is the region where moves may be played (else it is
    found from the surrounding wall, or left open toward the rest of the board when no wall
    closes it: a target chain that gets a liberty outside it has escaped, unless the
    attacker blocks it first at a narrow point). With nothing
    marked (a book problem as printed), the goal is found by reading, as ``tesuji solve``
    does, within the budgets below (the solve gets what the reading left), and
    ``SolveResult.goal_words`` says it; a kill found so is solved with the region's rim
    closed by frame stones (``SolveResult.frame``), so the defender succeeds only by life
    or seki in it (unless the defender is shown to fail there even moving first: then the
    region stays open). ``first`` is ``"black"``, ``"white"``
    (``"B"``, ``"W"`` too), or ``None`` for the file's ``PL`` (Black when absent).

    Budgets, for the whole call: ``time`` in seconds, ``nodes``, and ``memory``, the size
    of the transposition table in MiB (default 256). ``ko_threats`` is the first player's
    external ko threats minus the opponent's; the ko threshold is looked for within
    ``±max_threats``. ``all_moves`` finds every winning first move and a refutation of
    every other, ``pv`` the principal variation, ``proof`` keeps the proof tree for
    ``SolveResult.proof_sgf()``. ``threads`` searches on that many threads (1 to 1024;
    the answer does not depend on it, node counts and the chosen line may; 1 is
    deterministic; the goal's reading runs on one thread whatever it is; ``solve_many``
    spreads problems over workers instead).

    The search runs without the GIL; Ctrl-C stops it and raises ``KeyboardInterrupt``.
    Raises ``SgfError`` for text that is not SGF, ``ProblemError`` for a file that is not a
    problem (no goal found, a target on an empty point, ...), ``TesujiError`` for a bad
    argument.
    """
    options = dict(
        time=time,
        nodes=nodes,
        memory=memory,
        ko_threats=ko_threats,
        max_threats=max_threats,
        all_moves=all_moves,
        pv=pv,
        threads=threads,
    )
    text = _text(sgf_text)
    d = _tesuji._solve(text, first=_first(first), proof=proof, **options)
    options["proof"] = proof
    return _result(d, text, options)


def _first(first: Optional[str]) -> Optional[str]:
    if first is not None and not isinstance(first, str):
        raise TesujiError(f"first={first!r}: give \"black\", \"white\" or None")
    return first


class SolveMany:
    """The answers of ``solve_many``, in the order of the problems.

    An iterator with a length (so ``tqdm(solve_many(...))`` shows a bar), usable as a
    context manager: leaving the ``with`` block, or ``close()``, stops the workers.
    """

    def __init__(self, texts: List[str], options: Dict[str, Any], pool: Any, return_exceptions: bool):
        self._texts = texts
        self._options = options
        self._pool = pool
        self._return_exceptions = return_exceptions
        self._index = 0

    def __len__(self) -> int:
        return len(self._texts)

    def __iter__(self) -> "SolveMany":
        return self

    def __next__(self) -> Union[SolveResult, TesujiError]:
        i = self._index
        try:
            d = next(self._pool)
        except TesujiError as e:
            self._index += 1
            if self._return_exceptions:
                return e
            self.close()
            raise
        self._index += 1
        return _result(d, self._texts[i], self._options)

    def close(self) -> None:
        """Stops the workers (a search in progress ends at its next check)."""
        self._pool.close()

    def __enter__(self) -> "SolveMany":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def solve_many(
    sgf_texts: Iterable[Union[str, "os.PathLike[str]"]],
    first: Optional[str] = None,
    workers: Optional[int] = None,
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    memory: Optional[int] = None,
    *,
    progress: Optional[Callable[[int], Any]] = None,
    return_exceptions: bool = False,
    ko_threats: int = 0,
    max_threats: int = 3,
    all_moves: bool = True,
    pv: bool = True,
    proof: bool = False,
) -> SolveMany:
    """Solves many problems on a pool of native threads and yields the answers in order.

    ``sgf_texts`` holds SGF texts (or paths to SGF files). ``first`` is ``"black"``,
    ``"white"``, or ``None`` for each file's ``PL`` (Black when absent). ``workers`` is the
    number of threads (default: every core). The budgets (``time``, ``nodes``,
    ``memory``) and the other options are those of ``solve``, for each problem.

    ``progress``, when given, is called with ``1`` each time a problem is finished (in
    whatever order they finish), so ``progress=bar.update`` drives a ``tqdm`` bar; it runs
    in the calling thread while it waits for the next answer.

    Every problem is loaded before any is solved: a bad one raises its error at once
    (``"problem 3: ..."``, counted from 0), unless ``return_exceptions`` is true, in which
    case its error is yielded in its place. The goal of a problem with nothing marked is
    read by a worker within the problem's budgets; when reading finds none, that error
    comes in the problem's turn. Ctrl-C stops every worker and raises
    ``KeyboardInterrupt``.
    """
    texts = [_text(t) for t in sgf_texts]
    options = dict(
        time=time,
        nodes=nodes,
        memory=memory,
        ko_threats=ko_threats,
        max_threats=max_threats,
        all_moves=all_moves,
        pv=pv,
    )
    pool = _tesuji._solve_pool(
        texts,
        first=_first(first),
        workers=workers,
        proof=proof,
        fail_fast=not return_exceptions,
        progress=progress,
        **options,
    )
    options["proof"] = proof
    return SolveMany(texts, options, pool, return_exceptions)


__all__ = ["MoveThreshold", "Refutation", "SolveResult", "SolveMany", "solve", "solve_many"]
