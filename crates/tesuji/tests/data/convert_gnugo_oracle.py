#!/usr/bin/env python3
"""Converts the project's recorded GNU Go oracle games (JSON Lines, see
tools/gnugo/gen_random_games.py in the shared area) into gnugo_games.txt.

Usage: convert_gnugo_oracle.py random_games_sample.jsonl.gz > gnugo_games.txt

Format (one record per line, fields separated by single spaces):
  G <id> <size> <simple|psk> <number of moves>
  P <move> <black captures> <white captures> <board> <illegal empty points>
where <move> is e.g. B:D4 or W:pass, <board> is the board after the move, rows
top to bottom concatenated, run-length encoded as a character (. X O) followed
by its repeat count when above 1, and <illegal empty points> lists the empty
points where GNU Go's all_legal for the side to move did NOT include the point
(comma separated GTP vertices, '-' for none). Legal = empty points minus these.
"""
import gzip, json, sys

KEEP_19 = 2  # number of 19x19 games kept (size budget)


def rle(s):
    out, i = [], 0
    while i < len(s):
        j = i
        while j < len(s) and s[j] == s[i]:
            j += 1
        out.append(s[i] + (str(j - i) if j - i > 1 else ""))
        i = j
    return "".join(out)


def main():
    n19 = 0
    print("# Recorded GNU Go 3.8 oracle games; see README.md and convert_gnugo_oracle.py")
    for line in gzip.open(sys.argv[1], "rt"):
        g = json.loads(line)
        if g["size"] == 19:
            n19 += 1
            if n19 > KEEP_19:
                continue
        ko = {"simple": "simple", "positional_superko": "psk"}[g["rules"]["ko"]]
        assert g["rules"]["suicide"] == "forbidden"
        print("G %s %d %s %d" % (g["id"], g["size"], ko, g["num_moves"]))
        for p in g["positions"]:
            c, v = p["move"].split()
            board = p["board"].replace("/", "")
            empties = board.count(".")
            ill = p["illegal_empty"]
            assert len(p["legal"]) + len(ill) == empties
            print("P %s:%s %d %d %s %s" % (c, v, p["captures"]["B"], p["captures"]["W"],
                                         rle(board), ",".join(ill) if ill else "-"))


main()
