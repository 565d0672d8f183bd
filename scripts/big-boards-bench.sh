#!/usr/bin/env bash
# The "Big boards" table of docs/BENCHMARKS.md: random boards of one size (seeds 1..COUNT,
# `npuzzle random`, the standard goal: tiles in order, blank last), each solved by `auto`
# with a time limit on 2 threads, one board at a time; prints each board's length, lower
# bound and gap, then the means beside DeepCubeA's published means for the size.
# Usage: scripts/big-boards-bench.sh SIZE SECONDS COUNT [NPUZZLE] [CACHE]
#   scripts/big-boards-bench.sh 7x7 145 20
set -euo pipefail
SIZE=${1:?size, e.g. 7x7}
LIMIT=${2:?seconds per board}
COUNT=${3:?how many boards}
N=${4:-target/release/npuzzle}
CACHE=${5:-${NPUZZLE_CACHE_DIR:-$HOME/.cache/npuzzle}}
cd "$(dirname "$0")/.."
# DeepCubeA's means (results/puzzle*/output.txt of forestagostinelli/DeepCubeA).
case $SIZE in
  5x5) DCA="89.42 moves, 22.9 s" ;;
  6x6) DCA="124.65 moves, 45.4 s" ;;
  7x7) DCA="255.67 moves, 144.1 s" ;;
  *) DCA="none published" ;;
esac
echo "# $SIZE, $LIMIT s a board, $COUNT boards, load $(cut -d' ' -f1-3 /proc/loadavg)"
for seed in $(seq 1 "$COUNT"); do
  board=$("$N" random --size "$SIZE" --seed "$seed")
  started=$(date +%s.%N)
  "$N" solve "$board" --max-seconds "$LIMIT" -j 2 --cache-dir "$CACHE" --json -q \
    | python3 -c '
import json, sys
j = json.loads(sys.stdin.read())
print(sys.argv[1], j["length"], j.get("lower_bound", j["length"]), j.get("gap", 0), j["status"], sys.argv[2])
' "$seed" "$started" || true
done | python3 -c '
import sys, time
rows = [line.split() for line in sys.stdin if line.strip()]
for seed, length, lower, gap, status, started in rows:
    print(f"seed {seed}: {length} moves, lower bound {lower}, gap {gap} ({status})")
n = len(rows)
mean = lambda i: sum(float(r[i]) for r in rows) / n
print(f"mean of {n}: length {mean(1):.2f}, lower bound {mean(2):.2f}, gap {mean(3):.2f}")
'
echo "# DeepCubeA: $DCA; load after $(cut -d' ' -f1-3 /proc/loadavg)"
