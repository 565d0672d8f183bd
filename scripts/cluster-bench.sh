#!/usr/bin/env bash
# Side by side on one machine: npuzzle on a cluster of local processes against one
# process (docs/CLUSTER.md, docs/BENCHMARKS.md). Needs the 7-8 tables for the blank-first
# 15-puzzle goal and the 6-6-6-6 tables for the blank-first 24-puzzle goal in CACHE:
#   npuzzle pdb build 7-8 --goal "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15" --cache-dir CACHE
#   npuzzle pdb build 6-6-6-6 --goal "0 1 ... 24" --cache-dir CACHE
# Usage: scripts/cluster-bench.sh [NPUZZLE] [CACHE] [REPEATS]
set -euo pipefail
N=${1:-target/release/npuzzle}
CACHE=${2:-${NPUZZLE_CACHE_DIR:-$HOME/.cache/npuzzle}}
REPEATS=${3:-3}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
G15="0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
G24="0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24"

# The hard half of Korf's 100: the 50 longest optimal solutions (ties in file order).
grep -v '^#' data/korf100.txt | awk '{print NR" "$0}' | sort -k18,18nr -k1,1n -s | head -50 \
  | sort -k1,1n | cut -d' ' -f2-17 > "$work/hard.txt"
korf24_1=$(grep -v '^#' data/korf24.txt | head -1 | cut -d' ' -f1-25)

port=$((20000 + RANDOM % 20000))
hosts() { # hosts N: a host file of N loopback ports
  : > "$work/hosts"
  for ((i = 0; i < $1; i++)); do echo "127.0.0.1:$((port + i))" >> "$work/hosts"; done
  port=$((port + $1))
}
seconds() { # seconds CMD...: wall seconds of CMD
  local start end
  start=$(date +%s.%N); "$@" > /dev/null; end=$(date +%s.%N)
  echo "$end - $start" | bc
}
cluster() { # cluster P J CMD...: CMD on P processes of J threads, process 0 in front
  local p=$1 j=$2; shift 2
  hosts "$p"
  for ((i = p - 1; i >= 1; i--)); do
    "$@" -j "$j" --cluster "$work/hosts" --process "$i" > /dev/null &
  done
  "$@" -j "$j" --cluster "$work/hosts" --process 0
  wait
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

batch=("$N" batch "$work/hard.txt" --goal "$G15" --pdb 7-8 --cache-dir "$CACHE" --quiet)
"${batch[@]}" -j 1 > /dev/null # pages the tables in
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| run | 1 process x 1 | 2 processes x 1 | 1 process x 2 (cluster) | -j 2 (no cluster) |"
echo "|---|---|---|---|---|"
a=(); b=(); c=(); d=()
for ((r = 0; r < REPEATS; r++)); do
  a+=("$(seconds "${batch[@]}" -j 1)")
  b+=("$(seconds cluster 2 1 "${batch[@]}")")
  c+=("$(seconds cluster 1 2 "${batch[@]}")")
  d+=("$(seconds "${batch[@]}" -j 2)")
done
printf '| Korf 100, hard half, batch, median of %s | %.2f s | %.2f s | %.2f s | %.2f s |\n' "$REPEATS" \
  "$(printf '%s\n' "${a[@]}" | median)" "$(printf '%s\n' "${b[@]}" | median)" \
  "$(printf '%s\n' "${c[@]}" | median)" "$(printf '%s\n' "${d[@]}" | median)"

solve=("$N" solve "$korf24_1" --goal "$G24" --pdb 6-6-6-6 --cache-dir "$CACHE" --quiet)
a=$(seconds "${solve[@]}" -j 1)
b=$(seconds cluster 2 1 "${solve[@]}")
c=$(seconds cluster 1 2 "${solve[@]}")
d=$(seconds "${solve[@]}" -j 2)
printf '| Korf 24 #1, 6-6-6-6, one board | %.1f s | %.1f s | %.1f s | %.1f s |\n' "$a" "$b" "$c" "$d"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
