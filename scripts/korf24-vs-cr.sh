#!/usr/bin/env bash
# Korf's 24-puzzles solved optimally by Clausecker & Reinefeld's solver and by npuzzle, one
# after the other per instance (C&R first), printed as the table of docs/BENCHMARKS.md
# ("Beside Clausecker & Reinefeld's solver"): length, each solver's search wall time, CPU
# time and expansions, the ratios, and the load average before and after the instance.
#
# C&R's solver is the user's to build (docs/BENCHMARKS.md has the recipe); nothing of it is
# in this repository. CR is its built checkout (cmd/pdbsearch, catalogues/small-t.cat) and
# CR_TABLES the directory of small-t's 28 tables. npuzzle solves as a user would, by the
# default `solve` with the tables `npuzzle pdb build best --size 5x5 --cache-dir CACHE` built
# (the small catalogue, read through the 180-degree turn for Korf's blank-first goal), plus
# any flags in NPUZZLE_FLAGS (e.g. "--catalogue small" for tables built for that goal).
#
# What is counted:
# - C&R: expansions and CPU seconds as its solver prints them ("Expanded N nodes in total",
#   "Spent S seconds in total": its search thread's CPU time); wall time from "Solving
#   puzzle..." to the end of its search. It searches one board on one thread.
# - npuzzle: `solve -j 2` (two threads on one board); expansions and wall time from its JSON
#   (stats.expanded, stats.seconds: the search alone); CPU time is the whole process's user +
#   system time, table loading included (about 0.7 s), so it errs against npuzzle.
# Both answer the lexicographically smallest optimal path in their move order: C&R's stops its
# depth-first search at the first optimal path, in the order of its move table (the blank's
# neighbour cells in increasing order: u, l, r, d); npuzzle's default order is l, r, d, u
# (NPUZZLE_FLAGS="--order ulrd" asks for theirs: the same paths, move for move). npuzzle's
# `--any-optimal` (the first optimal path found, children by estimate) is run third: its
# wall s / CPU s / expanded in the last column but one. Every answer is checked against the
# published optimal length.
#
# With LOGS=DIR set, C&R's stderr for instance I (its expansions per iteration, each line
# stamped with the time it came) is kept as DIR/cr-I.txt, and npuzzle's answer (its JSON,
# the canonical run's) as DIR/npuzzle-I.json; with CR_FROM=DIR, C&R's figures
# are read from such files instead of running it again (its fifteen take half an hour), e.g.
# to put npuzzle in C&R's move order beside them: CR_FROM=DIR NPUZZLE_FLAGS="--order ulrd".
#
# Usage: scripts/korf24-vs-cr.sh CR CR_TABLES [NPUZZLE] [CACHE] [INSTANCE...]
#   instances default to the cheap half by C&R's counts:
#   1 5 13 16 22 25 28 29 30 32 36 37 38 40 44
set -euo pipefail
# Paths as given, from where the script is run (it works from the repository's root).
CR=$(realpath -m "${1:?the built checkout of clausecker/24puzzle}")
CR_TABLES=$(realpath -m "${2:?the directory of small-t tables}")
N=$(realpath -m "${3:-$(dirname "$0")/../target/release/npuzzle}")
CACHE=$(realpath -m "${4:-${NPUZZLE_CACHE_DIR:-$HOME/.cache/npuzzle}}")
[ -z "${LOGS:-}" ] || LOGS=$(realpath -m "$LOGS")
[ -z "${CR_FROM:-}" ] || CR_FROM=$(realpath -m "$CR_FROM")
shift $(($# < 4 ? $# : 4))
cd "$(dirname "$0")/.."
instances=("$@")
if [ ${#instances[@]} -eq 0 ]; then
  instances=(38 40 44 25 1 32 37 30 28 5 36 22 29 16 13)
fi
tools=("$N")
[ -n "${CR_FROM:-}" ] || tools+=("$CR/cmd/pdbsearch" "$CR/catalogues/small-t.cat")
for tool in "${tools[@]}"; do
  [ -e "$tool" ] || { echo "korf24-vs-cr: $tool is missing" >&2; exit 2; }
done
G24="0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stamp() { # each line of standard input after the time it was read
  while IFS= read -r line; do printf '%s %s\n' "$(date +%s.%N)" "$line"; done
}
group() { # group N: N with thousands separators
  printf "%s" "$1" | rev | sed 's/[0-9]\{3\}/&,/g; s/,$//' | rev
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
echo "# $("$N" --version) ${NPUZZLE_FLAGS:-}, C&R $(git -C "$CR" rev-parse --short HEAD 2>/dev/null || echo '?') small-t${CR_FROM:+ (figures from $CR_FROM)}, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
npuzzle_solve() { # npuzzle_solve BOARD [FLAG...]: "length wall cpu expanded" into np.row
  /usr/bin/time -f "%U %S" -o "$work/np.time" "$N" solve "$1" --goal "$G24" \
    -j 2 --json -q --cache-dir "$CACHE" ${NPUZZLE_FLAGS:-} "${@:2}" > "$work/np.json"
  printf '%s %s %s %s\n' "$(jq -r .length "$work/np.json")" \
    "$(jq -r '.stats.seconds * 10 | round / 10' "$work/np.json")" \
    "$(awk '{printf "%.1f", $1 + $2}' "$work/np.time")" \
    "$(jq -r .stats.expanded "$work/np.json")" > "$work/np.row"
}
echo "| # | length | C&R: wall s / CPU s / expanded | npuzzle: wall s / CPU s / expanded | CPU ours/C&R | wall ours/C&R | expanded ours/C&R | npuzzle \`--any-optimal\`: wall s / CPU s / expanded | load before–after |"
echo "|---:|---:|---|---|---:|---:|---:|---|---|"
for i in "${instances[@]}"; do
  read -r _ length _ _ < <(awk -v i="$i" '$1 == i' data/korf24-published.txt) || true
  if [ -z "${length:-}" ]; then
    echo "korf24-vs-cr: no instance '$i' (instances are 1 to 50)" >&2
    exit 2
  fi
  board=$(grep -v '^#' data/korf24.txt | sed -n "${i}p" | cut -d' ' -f1-25)
  before=$(cut -d' ' -f1 /proc/loadavg)

  if [ -n "${CR_FROM:-}" ]; then
    if [ ! -f "$CR_FROM/cr-$i.txt" ]; then
      echo "korf24-vs-cr: CR_FROM has no figures for instance $i ($CR_FROM/cr-$i.txt; LOGS=DIR keeps them)" >&2
      exit 2
    fi
    cp "$CR_FROM/cr-$i.txt" "$work/cr.err"
  else
    tr ' ' ',' <<< "$board" | "$CR/cmd/pdbsearch" -d "$CR_TABLES" "$CR/catalogues/small-t.cat" \
      2>&1 > /dev/null | stamp > "$work/cr.err"
  fi
  if [ -n "${LOGS:-}" ]; then # C&R's own lines, its expansions per iteration among them
    mkdir -p "$LOGS" && cp "$work/cr.err" "$LOGS/cr-$i.txt"
  fi
  cr_length=$(sed -n 's/.*Solution found at depth \([0-9]*\).*/\1/p' "$work/cr.err")
  cr_expanded=$(sed -n 's/.*Expanded \([0-9]*\) nodes in total.*/\1/p' "$work/cr.err")
  cr_cpu=$(sed -n 's/.*Spent \([0-9.]*\) seconds in total.*/\1/p' "$work/cr.err")
  cr_wall=$(awk '/Solving puzzle/ {s = $1} /seconds in total/ {e = $1} END {printf "%.1f", e - s}' "$work/cr.err")

  npuzzle_solve "$board"
  read -r np_length np_wall np_cpu np_expanded < "$work/np.row"
  if [ -n "${LOGS:-}" ]; then
    cp "$work/np.json" "$LOGS/npuzzle-$i.json"
  fi
  npuzzle_solve "$board" --any-optimal
  read -r any_length any_wall any_cpu any_expanded < "$work/np.row"
  after=$(cut -d' ' -f1 /proc/loadavg)

  if [ "$cr_length" != "$length" ] || [ "$np_length" != "$length" ] || [ "$any_length" != "$length" ]; then
    echo "| $i | $length | WRONG: C&R $cr_length moves, npuzzle $np_length and $any_length moves | | | | | | $before–$after |"
    continue
  fi
  printf '| %s | %s | %s / %.1f / %s | %s / %s / %s | %s | %s | %s | %s / %s / %s | %s–%s |\n' \
    "$i" "$length" "$cr_wall" "$cr_cpu" "$(group "$cr_expanded")" \
    "$np_wall" "$np_cpu" "$(group "$np_expanded")" \
    "$(ratio "$np_cpu" "$cr_cpu")" "$(ratio "$np_wall" "$cr_wall")" \
    "$(ratio "$np_expanded" "$cr_expanded")" \
    "$any_wall" "$any_cpu" "$(group "$any_expanded")" "$before" "$after"
done
