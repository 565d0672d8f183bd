#!/usr/bin/env bash
# The head-to-head table of docs/BENCHMARKS.md "Big boards": DeepCubeA's own test states
# (data/deepcubea/, the shared half), each solved by the default `npuzzle solve` with a
# time limit on 2 threads, one board at a time, tables cached beforehand (`npuzzle pdb
# build best --size WxH`, timed apart). Prints each state's length, proven lower bound,
# status and wall time beside DeepCubeA's answer, then the means.
#
# Usage: scripts/deepcubea-bench.sh SIZE SECONDS COUNT [NPUZZLE] [CACHE] [FLAG...]
#   scripts/deepcubea-bench.sh 5x5 23 248      # every 24-puzzle state of the half
#   scripts/deepcubea-bench.sh 5x5 23 50 target/release/npuzzle ~/.cache/npuzzle --any-optimal
#   scripts/deepcubea-bench.sh 6x6 46 50       # states 1, 6, 11, ... (a spread of the 250)
#   scripts/deepcubea-bench.sh 7x7 145 50
# COUNT states are taken evenly spread over the file (all of them when COUNT is its size).
set -euo pipefail
SIZE=${1:?size: 4x4, 5x5, 6x6 or 7x7}
LIMIT=${2:?seconds per state}
COUNT=${3:?how many states}
N=${4:-target/release/npuzzle}
CACHE=${5:-${NPUZZLE_CACHE_DIR:-$HOME/.cache/npuzzle}}
shift $(( $# < 5 ? $# : 5 ))
FLAGS=("$@")
cd "$(dirname "$0")/.."
case $SIZE in
  4x4) FILE=data/deepcubea/deepcubea15-dev.txt ;;
  5x5) FILE=data/deepcubea/deepcubea24-dev.txt ;;
  6x6) FILE=data/deepcubea/deepcubea35-dev.txt ;;
  7x7) FILE=data/deepcubea/deepcubea48-dev.txt ;;
  *) echo "no DeepCubeA states for $SIZE" >&2; exit 2 ;;
esac
echo "# $SIZE, $LIMIT s a state, $COUNT states of $FILE, $("$N" --version) ${FLAGS[*]}, load $(cut -d' ' -f1-3 /proc/loadavg)"
grep -v '^#' "$FILE" | awk -v count="$COUNT" '
  { line[NR] = $0 }
  END {
    step = NR / count
    for (i = 0; i < count && i < NR; i++) print line[int(i * step) + 1]
  }' | while IFS='|' read -r board theirs optimum; do
  started=$(date +%s.%N)
  json=$("$N" solve "$board" --max-seconds "$LIMIT" -j 2 --cache-dir "$CACHE" --json -q ${FLAGS[@]+"${FLAGS[@]}"} || true)
  ended=$(date +%s.%N)
  printf '%s\n' "$json" | python3 -c '
import json, sys
j = json.loads(sys.stdin.read())
theirs, optimum, started, ended = sys.argv[1:5]
lower = j.get("lower_bound") or j["length"]
status = ("optimal-first" if j.get("any_optimal") else "optimal") if j.get("optimal") else "bounded"
print(j["length"], lower, status, theirs, optimum or "-",
      f"{float(ended) - float(started):.2f}")
' "$theirs" "$optimum" "$started" "$ended"
done | python3 -c '
import sys
rows = [line.split() for line in sys.stdin if line.strip()]
for i, (length, lower, status, theirs, optimum, seconds) in enumerate(rows):
    print(f"{i + 1}: {length} moves ({status}), lower bound {lower}, DeepCubeA {theirs}, optimum {optimum}, {seconds} s")
n = len(rows)
mean = lambda k: sum(float(r[k]) for r in rows) / n
proven = sum(r[2].startswith("optimal") for r in rows)
smallest = sum(r[2] == "optimal" for r in rows)
seconds = sorted(float(r[5]) for r in rows)
print(f"mean of {n}: length {mean(0):.2f}, lower bound {mean(1):.2f}, gap {mean(0) - mean(1):.2f}, "
      f"DeepCubeA {mean(3):.2f} (ratio {mean(0) / mean(3):.3f}), proven optimal {proven} "
      f"({smallest} the smallest path in the move order), "
      f"wall {mean(5):.2f} s mean, {seconds[n // 2]:.2f} s median")
'
echo "# load after $(cut -d' ' -f1-3 /proc/loadavg)"
