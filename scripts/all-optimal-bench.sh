#!/usr/bin/env bash
# Times `npuzzle solve --all-optimal` beside `solve` and `solve --count-optimal` on random
# 4x4 boards (`npuzzle random`, seeds 1..COUNT), each run in turn on the same board: prints
# each board's length, its optimal solutions and the three times, then their medians and
# the median ratio of listing to counting.
# Usage: scripts/all-optimal-bench.sh [COUNT] [NPUZZLE] [METRIC] [extra solve flags...]
set -euo pipefail
COUNT=${1:-20}
N=${2:-target/release/npuzzle}
METRIC=${3:-stm}
shift $(( $# < 3 ? $# : 3 ))
cd "$(dirname "$0")/.."
echo "# 4x4, $COUNT random boards, metric $METRIC, flags '$*', load $(cut -d' ' -f1-3 /proc/loadavg)"
seconds() {
  local started ended
  started=$(date +%s.%N)
  "$N" solve "$@" --json -q > /tmp/all-optimal-bench.json
  ended=$(date +%s.%N)
  python3 -c "print(f'{$ended - $started:.3f}')"
}
for seed in $(seq 1 "$COUNT"); do
  board=$("$N" random --size 4x4 --seed "$seed")
  solve=$(seconds "$board" --metric "$METRIC" "$@")
  count=$(seconds "$board" --metric "$METRIC" --count-optimal "$@")
  list=$(seconds "$board" --metric "$METRIC" --all-optimal "$@")
  read -r length solutions listed < <(python3 -c '
import json; d = json.load(open("/tmp/all-optimal-bench.json"))
print(d["length"], d["optimal_solutions"], len(d["solutions"]))')
  echo "seed $seed: $length moves, $solutions optimal, $listed listed; solve $solve s, count $count s, list $list s"
done | tee /dev/stderr | python3 -c '
import sys, statistics
rows = [l.split() for l in sys.stdin if l.startswith("seed")]
solve = [float(r[-8]) for r in rows]; count = [float(r[-5]) for r in rows]; lst = [float(r[-2]) for r in rows]
ratio = statistics.median(l / c for l, c in zip(lst, count))
print(f"median solve {statistics.median(solve):.3f} s, count {statistics.median(count):.3f} s, "
      f"list {statistics.median(lst):.3f} s (max {max(lst):.3f} s); list/count median {ratio:.2f}x over {len(rows)}")
'
