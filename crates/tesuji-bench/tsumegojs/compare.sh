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
# tesuji runs once per round at each thread count of THREADS (default: "1 N", N the
# machine's cores), so every ratio is against the same rounds of tsumego.js.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
data=${1:-$root/../shared/data/tsumegojs}
rounds=${2:-3}
tesuji_args=${TESUJI_ARGS:---time 20}
cores=$(nproc 2>/dev/null || echo 1)
threads=${THREADS:-$( [ "$cores" -gt 1 ] && echo "1 $cores" || echo 1 )}
for t in $threads; do
  case "$t" in ''|*[!0-9]*|0) echo "compare.sh: THREADS must list positive integers, not '$t'" >&2; exit 2;; esac
done
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
echo "problems: ${#files[@]} (with PL) under $data; tesuji args: $tesuji_args; threads: $threads"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run_tesuji() {
  for t in $threads; do
    # shellcheck disable=SC2086
    "$tesuji" bench solve "${files[@]}" --pl-only $tesuji_args --threads "$t" > "$out/tesuji-$1-t$t.jsonl"
  done
}
run_peer() {
  node "$here/peer.cjs" "${files[@]}" > "$out/tsumegojs-$1.jsonl"
}
for r in $(seq 1 "$rounds"); do
  if [ $((r % 2)) -eq 1 ]; then run_peer "$r"; run_tesuji "$r"; else run_tesuji "$r"; run_peer "$r"; fi
  echo "round $r done"
done

python3 - "$out" "$rounds" $threads <<'PY'
import json, statistics, sys
out, rounds, threads = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def lines(path):
    return [json.loads(l) for l in open(path) if l.strip().startswith('{')]
peer = []
ours = {t: [] for t in threads}
for r in range(1, rounds + 1):
    p = [d for d in lines(f"{out}/tsumegojs-{r}.jsonl") if 'ms' in d]
    peer.append((sum(d['ms'] for d in p) / 1000, p))
    words = [f"round {r}: tsumego.js {peer[-1][0]:.2f} s over {len(p)} problems"]
    for t in threads:
        d = [x for x in lines(f"{out}/tesuji-{r}-t{t}.jsonl") if 'file' in x and 'ms' in x]
        ours[t].append((sum(x['ms'] for x in d) / 1000, d))
        words.append(f"tesuji ({t} thread{'s' if t != '1' else ''}) {ours[t][-1][0]:.2f} s over {len(d)} problems")
    print(", ".join(words))
mp = statistics.median(x for x, _ in peer)
last_p = peer[-1][1]
solved_p = sum(1 for d in last_p if d.get('move') and not d.get('error'))
print(f"tsumego.js: median {mp:.2f} s ({solved_p} answered with a move in the last round)")
for t in threads:
    mt = statistics.median(x for x, _ in ours[t])
    last_t = ours[t][-1][1]
    solved_t = sum(1 for d in last_t if d.get('result') in ('win', 'loss'))
    print(f"tesuji, {t} thread{'s' if t != '1' else ''}: median {mt:.2f} s ({solved_t} solved in the last round); "
          f"ratio (tsumego.js / tesuji): {mp / mt:.1f}x")
PY
