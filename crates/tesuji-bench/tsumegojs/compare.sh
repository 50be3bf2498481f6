#!/usr/bin/env bash
# Times tsumego.js 1.1.0 and tesuji on the same problems in one run, on this machine, and
# prints both totals and the ratio. The question is the same for both: the side to play
# (the root's PL) of every problem that has one, one fresh solver per problem, the
# result and one winning move (tesuji: `bench solve --pl-only`, whose figure also
# includes the ko threshold; tsumego.js: `new Solver(sgf).solve(PL)`).
#
# Usage (from anywhere): compare.sh [DATA_DIR] [ROUNDS]
#   DATA_DIR  the problems (default: ../shared/data/tsumegojs beside the repository)
#   ROUNDS    rounds of both, alternating which goes first (default 3); medians reported
# Extra arguments for tesuji's bench solve go in TESUJI_ARGS (default: --time 20).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
data=${1:-$root/../shared/data/tsumegojs}
rounds=${2:-3}
tesuji_args=${TESUJI_ARGS:---time 20}
[ -d "$data" ] || { echo "compare.sh: $data: no such directory" >&2; exit 2; }
case "$rounds" in ''|*[!0-9]*|0) echo "compare.sh: ROUNDS must be a positive integer, not '$rounds'" >&2; exit 2;; esac

(cd "$root" && cargo build --release -q -p tesuji-cli)
[ -d "$here/node_modules/tsumego.js" ] || (cd "$here" && npm ci --no-audit --no-fund --silent)
tesuji=$root/target/release/tesuji

# The problems with a side to play at the root (the first PL of the file).
files=()
while IFS= read -r f; do
  pl=$(grep -o 'PL\[[^]]*\]' "$f" | head -n 1 || true)
  if [ "$pl" = "PL[B]" ] || [ "$pl" = "PL[W]" ]; then files+=("$f"); fi
done < <(find "$data" -name '*.sgf' | sort)
[ ${#files[@]} -gt 0 ] || { echo "compare.sh: no problem with PL under $data" >&2; exit 2; }
echo "problems: ${#files[@]} (with PL) under $data; tesuji args: $tesuji_args"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run_tesuji() {
  # shellcheck disable=SC2086
  "$tesuji" bench solve "${files[@]}" --pl-only $tesuji_args > "$out/tesuji-$1.jsonl"
}
run_peer() {
  node "$here/peer.cjs" "${files[@]}" > "$out/tsumegojs-$1.jsonl"
}
for r in $(seq 1 "$rounds"); do
  if [ $((r % 2)) -eq 1 ]; then run_peer "$r"; run_tesuji "$r"; else run_tesuji "$r"; run_peer "$r"; fi
  echo "round $r done"
done

python3 - "$out" "$rounds" <<'PY'
import json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def lines(path):
    return [json.loads(l) for l in open(path) if l.strip().startswith('{')]
peer, ours = [], []
for r in range(1, rounds + 1):
    p = [d for d in lines(f"{out}/tsumegojs-{r}.jsonl") if 'ms' in d]
    t = [d for d in lines(f"{out}/tesuji-{r}.jsonl") if 'file' in d and 'ms' in d]
    peer.append((sum(d['ms'] for d in p) / 1000, p))
    ours.append((sum(d['ms'] for d in t) / 1000, t))
    print(f"round {r}: tsumego.js {peer[-1][0]:.2f} s over {len(p)} problems, "
          f"tesuji {ours[-1][0]:.2f} s over {len(t)} problems")
mp = statistics.median(x for x, _ in peer)
mt = statistics.median(x for x, _ in ours)
last_p, last_t = peer[-1][1], ours[-1][1]
solved_p = sum(1 for d in last_p if d.get('move') and not d.get('error'))
solved_t = sum(1 for d in last_t if d.get('result') in ('win', 'loss'))
print(f"tsumego.js: median {mp:.2f} s ({solved_p} answered with a move in the last round)")
print(f"tesuji:     median {mt:.2f} s ({solved_t} solved in the last round)")
print(f"ratio (tsumego.js / tesuji): {mp / mt:.1f}x")
PY
