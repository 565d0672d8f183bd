#!/bin/sh
# Trains the beam's network rankings that ship in crates/npuzzle/data/ (ranking-6x6.net,
# ranking-7x7.net) by approximate value iteration on lazy random walks, as
# crates/npuzzle/src/solving/network_ranking.rs describes. Deterministic: the same bytes on
# any machine with the same toolchain (seeded walks, gradients summed in a fixed order).
# Measured: 27 minutes (6x6) and 39 minutes (7x7) with both sizes training at once on two
# cores (and the test suite beside them for a quarter of that time); alone, less.
#
#   scripts/train-ranking.sh            # both sizes
#   scripts/train-ranking.sh 7x7        # one
set -eu
cd "$(dirname "$0")/.."
sizes=${*:-6x6 7x7}
cargo build --release --example davi_train -p npuzzle
for size in $sizes; do
    # The longest walk: DeepCubeA's 6x6 test states look like 1,000-step walks, its 7x7
    # ones like walks of 1,000 to 10,000.
    case $size in
        7x7) longest=3000 ;;
        *) longest=1000 ;;
    esac
    # size, steps, boards a step, longest walk, file
    target/release/examples/davi_train "$size" 60000 4096 "$longest" \
        "crates/npuzzle/data/ranking-$size.net"
done
