"""Solve a directory of life-and-death problems on a Dask cluster.

    python dask_solve.py DIR [--scheduler tcp://HOST:8786 | --workers 4] [--threads 1]
                             [--batch 8] [--time S] [--nodes N] [--first black|white]
                             [--pl-only]

Every ``*.sgf`` under DIR is read here and sent to the cluster in batches of ``--batch``
problems; each batch is one Dask task that runs ``tesuji.solve_many`` on ``--threads``
native threads of its worker (without the GIL). Answers come back in the order of the
files, exactly as ``tesuji.solve_many`` gives them on one machine, and are printed as one
JSON line each, then a summary line.

Without ``--scheduler`` a local cluster of ``--workers`` processes is started (what the
tests do, with two). With ``--scheduler`` it connects to a running one: start it with
``dask scheduler`` on one machine and ``dask worker tcp://HOST:8786 --nthreads 1`` on each
of the others, each with tesuji installed (``pip install ./crates/tesuji-py``). The
problems travel as text, so the workers need no shared file system.

Budgets (``--time``, ``--nodes``) are per problem. A file that is not a problem gives a
line with its error instead of stopping the run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, List, Optional, Sequence, Tuple, Union

import tesuji

Answer = Union[tesuji.SolveResult, tesuji.TesujiError]


def _solve_batch(texts: List[str], threads: int, options: dict) -> List[Answer]:
    """One task: a batch solved on a worker, errors returned in their place."""
    import tesuji

    return list(tesuji.solve_many(texts, workers=threads, return_exceptions=True, **options))


def solve_on_cluster(
    client: Any,
    texts: Sequence[str],
    batch: int = 8,
    threads: int = 1,
    timeout: Optional[float] = None,
    **options: Any,
) -> List[Answer]:
    """Solves ``texts`` on the cluster of ``client`` (a ``distributed.Client``), ``batch``
    problems per task, and returns the answers in order: the same list that
    ``list(tesuji.solve_many(texts, return_exceptions=True, **options))`` gives.

    ``options`` are those of ``tesuji.solve_many`` (``first``, ``time``, ``nodes``,
    ``memory``, ``all_moves``, ...). ``timeout`` (seconds) bounds the whole run.
    """
    from distributed import wait

    if batch < 1:
        raise ValueError(f"batch={batch}: give at least 1")
    if __name__ != "__main__":
        # Imported as a module (as the tests do): its functions travel by name, so the
        # workers need the module too.
        client.upload_file(__file__)
    chunks = [list(texts[i : i + batch]) for i in range(0, len(texts), batch)]
    futures = client.map(_solve_batch, chunks, threads=threads, options=options, pure=False)
    wait(futures, timeout=timeout)
    answers: List[Answer] = []
    for part in client.gather(futures):
        answers.extend(part)
    return answers


def root_properties(text: str) -> List[Tuple[str, str]]:
    """The properties of the root node of an SGF text, as ``(identifier, value)`` pairs."""
    out: List[Tuple[str, str]] = []
    i, n = text.find(";") + 1, len(text)
    ident = last = ""
    while 0 < i < n:
        c = text[i]
        if c == "[":
            j, value = i + 1, []
            while j < n and text[j] != "]":
                if text[j] == "\\":
                    j += 1
                if j < n:
                    value.append(text[j])
                j += 1
            last = ident or last
            out.append((last, "".join(value)))
            ident, i = "", j + 1
            continue
        if c in ";()":
            break
        if c.isupper():
            ident += c
        i += 1
    return out


def has_first_player(text: str) -> bool:
    """Whether the root node of an SGF problem gives the first player (``PL[B]`` or
    ``PL[W]``): the answered problems, as ``tesuji bench solve --pl-only`` picks them."""
    return any(
        k == "PL" and v.strip()[:1] in ("B", "W", "b", "w") for k, v in root_properties(text)
    )


def problem_files(directory: Union[str, Path], pl_only: bool = False) -> List[Path]:
    """The SGF files under ``directory``, sorted (only those with ``PL`` with
    ``pl_only``)."""
    files = sorted(Path(directory).rglob("*.sgf"))
    if pl_only:
        files = [f for f in files if has_first_player(f.read_text(errors="replace"))]
    return files


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory")
    parser.add_argument("--scheduler", help="address of a running Dask scheduler")
    parser.add_argument("--workers", type=int, default=2, help="processes of the local cluster")
    parser.add_argument("--threads", type=int, default=1, help="solver threads per task")
    parser.add_argument("--batch", type=int, default=8, help="problems per task")
    parser.add_argument("--time", type=float, help="seconds per problem")
    parser.add_argument("--nodes", type=int, help="nodes per problem")
    parser.add_argument("--first", choices=["black", "white"], help="default: each file's PL")
    parser.add_argument("--pl-only", action="store_true", help="only the problems with PL")
    args = parser.parse_args(argv)

    from distributed import Client, LocalCluster

    files = problem_files(args.directory, args.pl_only)
    texts = [f.read_text(errors="replace") for f in files]
    options = dict(first=args.first, time=args.time, nodes=args.nodes)
    started = time.perf_counter()
    if args.scheduler:
        with Client(args.scheduler) as client:
            answers = solve_on_cluster(client, texts, args.batch, args.threads, **options)
    else:
        with LocalCluster(
            n_workers=args.workers, threads_per_worker=1, dashboard_address=None
        ) as cluster, Client(cluster) as client:
            answers = solve_on_cluster(client, texts, args.batch, args.threads, **options)
    wall = time.perf_counter() - started
    counts = {"win": 0, "loss": 0, "unknown": 0, "error": 0}
    for f, a in zip(files, answers):
        if isinstance(a, Exception):
            counts["error"] += 1
            line = {"file": str(f), "error": str(a)}
        else:
            counts[a.result] += 1
            line = {"file": str(f), **a.to_dict()}
        print(json.dumps(line))
    print(json.dumps({"summary": True, "files": len(files), **counts, "wall_s": round(wall, 3)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
