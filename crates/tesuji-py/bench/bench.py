"""Benchmarks of the Python package (figures in ../BENCHMARKS.md).

    python bench.py boards   [--games9 100] [--games19 20] [--rounds 5] [--seed 1]
    python bench.py features [SGF_DIR ...] [--positions 10000] [--rounds 3]
    python bench.py solve    [DIR] [--rounds 2] [--quick]

* ``boards``: random games to the end (two passes) on 9x9 and 19x19, the legal mask read
  before every move, tesuji against PettingZoo's Go environment (``pip install pettingzoo
  pygame``). The games are played once with tesuji (uniformly random legal moves that do
  not fill a one-point eye of the mover, a pass when there is none: the usual "light
  playout"), then each library replays the same moves, reading its legal mask (and
  checking the move in it) before each one: PettingZoo through its documented loop
  (``env.last()``, ``observation["action_mask"]``, ``env.step``), tesuji through
  ``game.legal_mask()`` and ``game.play(index)``. Both sides run in the same process,
  round after round, interleaved; the final boards are compared.
* ``features``: ``tesuji.features`` on N positions of 19x19 games (every position of each
  game, the files in order), in one batch on one thread and on every core, and one position
  per call.
* ``solve``: ``tesuji.solve_many`` over the answered problems of a directory (those with
  ``PL``, as ``tesuji bench solve --pl-only``) with 1 and with 2 workers, alternated.

Each prints its figures; the machine's load is printed too, since a busy machine slows
every side.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import warnings
from pathlib import Path

import numpy as np

import tesuji

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
TSUMEGOJS = REPO / "crates" / "tesuji" / "tests" / "data" / "tsumego" / "tsumegojs"
SGF_CORPUS = REPO / "crates" / "tesuji" / "tests" / "data" / "sgf"


def load() -> str:
    return "load average %.2f %.2f %.2f" % os.getloadavg()


# --- boards ---------------------------------------------------------------------------


def own_eyes(board: np.ndarray, color: int) -> np.ndarray:
    """Points whose every on-board neighbour is a stone of ``color``."""
    own = np.pad(board == color, 1, constant_values=True)
    return own[:-2, 1:-1] & own[2:, 1:-1] & own[1:-1, :-2] & own[1:-1, 2:]


def light_playout(n: int, rng: np.random.Generator) -> list[int]:
    """A random game to the end on an n x n board; moves as flat indices (n * n is pass)."""
    g = tesuji.Game(n)
    moves: list[int] = []
    while not g.is_over and len(moves) < 4 * n * n:
        mover = 1 if g.to_move == "B" else -1
        candidates = np.flatnonzero(g.legal_mask() & ~own_eyes(g.board(), mover))
        a = int(candidates[rng.integers(candidates.size)]) if candidates.size else n * n
        g.play(a)
        moves.append(a)
    return moves


def replay_tesuji(n: int, games: list[list[int]], rules: str) -> list[np.ndarray]:
    boards = []
    for moves in games:
        g = tesuji.Game(n, rules=rules)
        for a in moves:
            mask = g.legal_mask()
            if a != n * n and not mask.flat[a]:
                raise AssertionError(f"tesuji: move {a} not in the mask")
            g.play(a)
        boards.append(g.board())
    return boards


def replay_pettingzoo(n: int, games: list[list[int]]) -> list[np.ndarray]:
    from pettingzoo.classic import go_v5

    boards = []
    for moves in games:
        env = go_v5.env(board_size=n, komi=7.5)
        env.reset(seed=0)
        for a in moves:
            observation, _, _, _, _ = env.last()
            if not observation["action_mask"][a]:
                raise AssertionError(f"PettingZoo: move {a} not in the mask")
            env.step(a)
        boards.append(np.array(env.unwrapped._go.board, dtype=np.int8))
    return boards


def bench_boards(args: argparse.Namespace) -> None:
    warnings.filterwarnings("ignore")
    try:
        import pettingzoo  # noqa: F401
    except ImportError:
        sys.exit("bench.py boards needs PettingZoo: pip install pettingzoo pygame")
    rng = np.random.default_rng(args.seed)
    print(f"boards: {load()}")
    for n, count in [(9, args.games9), (19, args.games19)]:
        t = time.perf_counter()
        games = [light_playout(n, rng) for _ in range(count)]
        gen = time.perf_counter() - t
        total = sum(map(len, games))
        print(
            f"{n}x{n}: {count} games, {total} moves ({total / count:.0f} a game); "
            f"tesuji played them (policy in Python) at {total / gen:,.0f} moves/s"
        )
        sides: dict[str, list[float]] = {"tesuji chinese": [], "tesuji japanese": [], "pettingzoo": []}
        reference = None
        for _ in range(args.rounds):
            for name in sides:
                t = time.perf_counter()
                if name == "pettingzoo":
                    boards = replay_pettingzoo(n, games)
                else:
                    boards = replay_tesuji(n, games, name.split()[1])
                sides[name].append(total / (time.perf_counter() - t))
                reference = boards if reference is None else reference
                for a, b in zip(boards, reference):
                    assert np.array_equal(a, b), f"{name}: a final board differs"
        pz = statistics.median(sides["pettingzoo"])
        for name, rates in sides.items():
            med = statistics.median(rates)
            ratio = "" if name == "pettingzoo" else f", {med / pz:.1f}x PettingZoo"
            spread = ", ".join(f"{x:,.0f}" for x in rates)
            print(f"  {name:16} {med:>11,.0f} moves/s (median of {len(rates)}: {spread}){ratio}")
        per_round = [a / b for a, b in zip(sides["tesuji chinese"], sides["pettingzoo"])]
        print(f"  ratio per round (tesuji chinese / PettingZoo): {', '.join(f'{x:.1f}' for x in per_round)}")
    print(f"boards: {load()}")


# --- features ---------------------------------------------------------------------------


def positions(dirs: list[Path], count: int) -> tuple[list[tesuji.Game], int]:
    """Up to ``count`` positions of the 19x19 games under ``dirs`` (every position of each
    game, before each of its moves; files sorted), and the number of games they come
    from."""
    out: list[tesuji.Game] = []
    games = 0
    for path in sorted(p for d in dirs for p in Path(d).rglob("*.sgf")):
        text = path.read_text(errors="replace")
        try:
            total = tesuji.Game.from_sgf(text).move_number
        except tesuji.TesujiError:
            continue
        if total < 20 or tesuji.Game.from_sgf(text).shape != (19, 19):
            continue
        games += 1
        for m in range(1, total + 1):
            out.append(tesuji.Game.from_sgf(text, move=m))
            if len(out) >= count:
                return out, games
    return out, games


def bench_features(args: argparse.Namespace) -> None:
    dirs = [Path(d) for d in args.dirs] or [SGF_CORPUS]
    pos, games = positions(dirs, args.positions)
    if len(pos) < args.positions:
        print(f"only {len(pos)} positions in {', '.join(map(str, dirs))}; the list is repeated")
        pos = (pos * (args.positions // max(len(pos), 1) + 1))[: args.positions]
    print(f"features: {len(pos)} positions of 19x19 games from {games} games; {load()}")
    cores = os.cpu_count()
    runs = {"one batch, 1 thread": [], f"one batch, {cores} threads": [], "one position per call": []}
    for _ in range(args.rounds):
        for name in runs:
            t = time.perf_counter()
            if name.startswith("one position"):
                for p in pos:
                    tesuji.features(p)
            else:
                f = tesuji.features(pos, workers=1 if "1 thread" in name else None)
            runs[name].append(len(pos) / (time.perf_counter() - t))
    print(f"  array {f.shape} {f.dtype}, {f.nbytes / 2**20:.0f} MiB")
    for name, rates in runs.items():
        spread = ", ".join(f"{x:,.0f}" for x in rates)
        print(f"  {name:24} {statistics.median(rates):>9,.0f} positions/s (median of {len(rates)}: {spread})")
    print(f"features: {load()}")


# --- solve ----------------------------------------------------------------------------


def bench_solve(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(HERE.parent / "examples"))
    from dask_solve import problem_files

    files = problem_files(args.dir, pl_only=True)
    texts = [f.read_text(errors="replace") for f in files]
    what = "result and one move" if args.quick else "every first move and the main line"
    print(f"solve_many: {len(texts)} problems with PL under {args.dir} ({what}); {load()}")
    walls: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(args.rounds):
        for workers in (1, 2):
            t = time.perf_counter()
            answers = list(
                tesuji.solve_many(
                    texts,
                    workers=workers,
                    return_exceptions=True,
                    all_moves=not args.quick,
                    pv=not args.quick,
                )
            )
            walls[workers].append(time.perf_counter() - t)
            ok = [a for a in answers if isinstance(a, tesuji.SolveResult)]
            nodes = sum(a.nodes for a in ok)
            unknown = sum(a.result == "unknown" for a in ok)
            print(
                f"  {workers} worker{'s' if workers > 1 else ' '}: {walls[workers][-1]:6.2f} s wall, "
                f"{len(ok)} solved ({unknown} unknown), {len(answers) - len(ok)} not loaded, "
                f"{nodes:,} nodes, {sum(a.ms for a in ok) / 1000:.2f} s summed over problems"
            )
    one, two = statistics.median(walls[1]), statistics.median(walls[2])
    print(f"  median wall: 1 worker {one:.2f} s, 2 workers {two:.2f} s: {one / two:.2f}x")
    print(f"solve_many: {load()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    b = sub.add_parser("boards")
    b.add_argument("--games9", type=int, default=100)
    b.add_argument("--games19", type=int, default=20)
    b.add_argument("--rounds", type=int, default=5)
    b.add_argument("--seed", type=int, default=1)
    f = sub.add_parser("features")
    f.add_argument("dirs", nargs="*")
    f.add_argument("--positions", type=int, default=10_000)
    f.add_argument("--rounds", type=int, default=3)
    s = sub.add_parser("solve")
    s.add_argument("dir", nargs="?", default=str(TSUMEGOJS))
    s.add_argument("--rounds", type=int, default=2)
    s.add_argument(
        "--quick",
        action="store_true",
        help="the result and one winning move only (what `tesuji bench solve` times)",
    )
    args = parser.parse_args()
    {"boards": bench_boards, "features": bench_features, "solve": bench_solve}[args.what](args)


if __name__ == "__main__":
    main()
