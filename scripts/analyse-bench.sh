#!/usr/bin/env bash
# Times `npuzzle analyse` on recorded 4x4 solves of about 100 moves: for seeds 1..COUNT a
# random board (`npuzzle random`), a random walk of WALK blank moves from it (the player's
# wandering), then the optimal solve from where the walk ended; prints each solve's length,
# the moves analysis says it lost and the seconds, then the median.
# Usage: scripts/analyse-bench.sh [COUNT] [WALK] [NPUZZLE] [METRIC]
set -euo pipefail
COUNT=${1:-10}
WALK=${2:-40}
N=${3:-target/release/npuzzle}
METRIC=${4:-stm}
cd "$(dirname "$0")/.."
echo "# 4x4, $COUNT solves, walk $WALK, metric $METRIC, load $(cut -d' ' -f1-3 /proc/loadavg)"
for seed in $(seq 1 "$COUNT"); do
  board=$("$N" random --size 4x4 --seed "$seed")
  walk=$(python3 -c '
import random, sys
rng = random.Random(int(sys.argv[1])); w = int(sys.argv[2])
cells = [int(t) for t in sys.argv[3].replace("/", " ").split()]
blank = cells.index(0); moves = ""
delta = {"u": -4, "d": 4, "l": -1, "r": 1}
while len(moves) < w:
    m = rng.choice("udlr")
    if (m == "l" and blank % 4 == 0) or (m == "r" and blank % 4 == 3) or (m == "u" and blank < 4) or (m == "d" and blank >= 12):
        continue
    nb = blank + delta[m]; cells[blank], cells[nb] = cells[nb], cells[blank]; blank = nb; moves += m
print(moves, " ".join(map(str, cells)))
' "$seed" "$WALK" "$board")
  moves=${walk%% *}
  after=${walk#* }
  rest=$("$N" solve "$after" --json -q | python3 -c 'import json,sys; print(json.load(sys.stdin)["moves"])')
  started=$(date +%s.%N)
  lost=$("$N" analyse "$board" "$moves$rest" --metric "$METRIC" --json -q | python3 -c 'import json,sys; print(json.load(sys.stdin)["lost"])')
  ended=$(date +%s.%N)
  echo "seed $seed: $(( ${#moves} + ${#rest} )) moves, $lost lost, $(python3 -c "print(f'{$ended - $started:.3f}')") s"
done | tee /dev/stderr | python3 -c '
import sys, statistics
secs = [float(l.split()[-2]) for l in sys.stdin if l.startswith("seed")]
print(f"median {statistics.median(secs):.3f} s, max {max(secs):.3f} s over {len(secs)}")
'
echo "# load after $(cut -d' ' -f1-3 /proc/loadavg)"
