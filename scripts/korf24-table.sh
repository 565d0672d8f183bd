#!/usr/bin/env bash
# Korf's 50 24-puzzles with the small catalogue (or the bench configuration in $CONFIG,
# e.g. CONFIG=fast-idastar:pdb=6-6-6-6), one at a time on 2 threads, each with a time
# limit, printed as the table of docs/BENCHMARKS.md ("24-puzzle: Korf's fifty"):
# instance, length, our nodes and seconds beside the published counts of
# data/korf24-published.txt (Korf & Felner 2002, Clausecker & Reinefeld 2019).
# Needs the configuration's tables for the blank-first goal in CACHE:
#   npuzzle pdb build --catalogue small --goal "0 1 ... 24" --cache-dir CACHE
#   npuzzle pdb build 6-6-6-6 --goal "0 1 ... 24" --cache-dir CACHE
# Instances default to all 50, easiest first by Clausecker & Reinefeld's counts; the load
# average is printed before and after each instance.
# Usage: scripts/korf24-table.sh [NPUZZLE] [CACHE] [MAX_SECONDS] [INSTANCE...]
set -euo pipefail
N=${1:-target/release/npuzzle}
CACHE=${2:-${NPUZZLE_CACHE_DIR:-$HOME/.cache/npuzzle}}
LIMIT=${3:-600}
CONFIG=${CONFIG:-fast-idastar:cat=small}
shift $(($# < 3 ? $# : 3))
cd "$(dirname "$0")/.."
G24="0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24"
instances=("$@")
if [ ${#instances[@]} -eq 0 ]; then
  mapfile -t instances < <(grep -v '^#' data/korf24-published.txt | sort -k4,4n | cut -d' ' -f1)
fi
for i in "${instances[@]}"; do
  if ! grep -q "^$i " data/korf24-published.txt; then
    echo "korf24-table: no instance '$i' in data/korf24.txt (instances are 1 to 50)" >&2
    exit 2
  fi
done
group() { # group N: N with thousands separators
  printf "%s" "$1" | rev | sed 's/[0-9]\{3\}/&,/g; s/,$//' | rev
}
echo "| # | length | generated | expanded | seconds | Korf & Felner 2002 | Clausecker & Reinefeld 2019 (expanded) | ours / C&R | load before–after |"
echo "|---|---|---|---|---|---|---|---|---|"
for i in "${instances[@]}"; do
  before=$(cut -d' ' -f1 /proc/loadavg)
  # A limit reached is a row; any other failure (a bad CONFIG, missing tables) stops here.
  if ! out=$("$N" bench --file data/korf24.txt --goal "$G24" --configs "$CONFIG" \
    --instances "$i" -j 2 --per-board --cache-dir "$CACHE" --max-seconds "$LIMIT" -q 2>&1) \
    && ! grep -q "gave up" <<< "$out"; then
    echo "korf24-table: instance $i with '$CONFIG' failed:" >&2
    echo "$out" >&2
    exit 2
  fi
  row=$(awk -v i="$i" '$1 == i && NF >= 8 {print}' <<< "$out")
  after=$(cut -d' ' -f1 /proc/loadavg)
  read -r _ length kf cr < <(awk -v i="$i" '$1 == i' data/korf24-published.txt)
  kf_text=$([ "$kf" = "-" ] && echo "—" || group "$kf")
  read -r _ _ _ found generated expanded seconds _ <<< "$row"
  if [ "$found" = "$length" ]; then
    ratio=$(awk -v a="$expanded" -v b="$cr" 'BEGIN {printf "%.2f", a / b}')
    echo "| $i | $length | $(group "$generated") | $(group "$expanded") | $seconds | $kf_text | $(group "$cr") | $ratio | $before–$after |"
  elif [ "$found" != "-" ]; then
    echo "| $i | $length | WRONG: $found moves | | | | | | $before–$after |"
  else
    echo "| $i | $length | gave up after $(group "${generated:-0}") | $(group "${expanded:-0}") | > $LIMIT | $kf_text | $(group "$cr") | — | $before–$after |"
  fi
done
