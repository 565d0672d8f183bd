#!/usr/bin/env bash
# What a process pays before and around its first 15-puzzle search (issue 34, item 15):
# Korf's 100 solved one process each with the 7-8 tables, summing `stats.seconds` (the
# search), `stats.setup_seconds` (tables and move pruners) and each process's wall time;
# then REPEATS whole processes solving one easy board (Korf's #1, 4,302 nodes, and a
# 2-move board), with their median wall time. Two binaries side by side when given two.
# Needs the 7-8 tables for the blank-first goal in CACHE:
#   npuzzle pdb build 7-8 --goal "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15" --cache-dir CACHE
# THREADS=N passes `-j N` to every solve (default: the command's own, one per core). On a
# shared machine, `nice -n -20` keeps other work from inflating the wall times.
# Usage: [THREADS=N] scripts/first-search.sh CACHE REPEATS NPUZZLE [NPUZZLE...]
set -euo pipefail
CACHE=$1
REPEATS=$2
shift 2
J=()
if [[ -n ${THREADS:-} ]]; then J=(-j "$THREADS"); fi
cd "$(dirname "$0")/.."
G15="0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
wall() { # wall CMD...: wall seconds of CMD, its output dropped
  local start end
  start=$(date +%s%N); "$@" > /dev/null; end=$(date +%s%N)
  echo "($end - $start) / 1000000000" | bc -l
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for n in "$@"; do
  # One load first, so that every file is in the page cache (and, where the binary
  # writes them, its tables are stamped).
  "$n" solve "$(grep -v '^#' data/korf100.txt | head -1 | cut -d' ' -f1-16)" --goal "$G15" \
    --cache-dir "$CACHE" > /dev/null
  search=0 setup=0 whole=0
  while read -r line; do
    board=$(echo "$line" | cut -d' ' -f1-16)
    start=$(date +%s%N)
    stats=$("$n" solve "$board" --goal "$G15" "${J[@]}" --json --cache-dir "$CACHE" | jq -r '.stats | "\(.seconds) \(.setup_seconds)"')
    end=$(date +%s%N)
    read -r s u <<< "$stats"
    search=$(echo "$search + $s" | bc -l)
    setup=$(echo "$setup + $u" | bc -l)
    whole=$(echo "$whole + ($end - $start) / 1000000000" | bc -l)
  done < <(grep -v '^#' data/korf100.txt)
  printf '%s\n  Korf 100, one process each: search %.3f s, setup %.3f s, processes %.2f s\n' \
    "$n" "$search" "$setup" "$whole"
  for board in "$(grep -v '^#' data/korf100.txt | head -1 | cut -d' ' -f1-16)" \
               "4 1 2 3 0 5 6 7 8 9 10 11 12 13 14 15"; do
    times=$(for ((i = 0; i < REPEATS; i++)); do
      wall "$n" solve "$board" --goal "$G15" "${J[@]}" --json --cache-dir "$CACHE"
    done | median)
    printf '  one process solving %s: median %.4f s of %d\n' "$board" "$times" "$REPEATS"
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
