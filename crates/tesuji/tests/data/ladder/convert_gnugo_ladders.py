#!/usr/bin/env python3
"""Compacts GNU Go's recorded ladder_attack answers for the differential test.

Input: ladders.jsonl.gz as written by the oracle generator (gen_ladders.py): one JSON
object per query, GNU Go 3.8's answers to `ladder_attack`, `attack` and `defend`.
Output (stdout): gnugo_ladders.txt, one line per distinct position:

    SOURCE SIZE TO_MOVE KO BOARD QUERY...

SOURCE is r (random game) or s (synthetic ladder with scattered breakers); KO is the ko
point or -; BOARD is the rows from the top joined by '/', with runs of two or more empty
points written as their length; each QUERY is CHAIN=CODE or CHAIN=CODE:MOVE for a chain
with exactly two liberties (GNU Go's ladder_attack code 0, 1, 2 or 3 and its move).

Usage: python3 convert_gnugo_ladders.py ladders.jsonl.gz > gnugo_ladders.txt
"""
import collections
import gzip
import json
import re
import sys


def main():
    boards = collections.OrderedDict()
    for line in gzip.open(sys.argv[1], "rt"):
        r = json.loads(line)
        if r["num_libs"] != 2:
            continue
        key = (r["source"][0], r["size"], r["to_move"], r["ko_point"] or "-", r["board"])
        la = r["ladder_attack"]
        q = "%s=%d" % (r["chain"], la["code"])
        if la["move"]:
            q += ":" + la["move"]
        boards.setdefault(key, []).append(q)
    for (src, size, to_move, ko, board), qs in boards.items():
        rle = re.sub(r"\.{2,}", lambda m: str(len(m.group())), board)
        print(src, size, to_move, ko, rle, *qs)


if __name__ == "__main__":
    main()
