#!/usr/bin/env bash
# Runs each cargo-fuzz target in turn for SECONDS (default 660), one at a time, starting
# from seeds/TARGET (real inputs) and corpus/TARGET (what earlier runs kept; new inputs go
# there); a crash is saved under artifacts/TARGET/: copy it to regressions/TARGET/, where
# the tests replay it, and fix it. `cargo +nightly fuzz cmin -O TARGET` minimises a corpus. Needs the nightly
# toolchain and cargo-fuzz (`cargo install cargo-fuzz`). Usage: fuzz/run.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-660}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo +nightly fuzz list)
fi
for target in "${targets[@]}"; do
  echo "== $target: ${seconds}s"
  # -max_len: the inputs people send (boards, lines, request bodies, table headers) are
  # small; 16 KiB reaches the server's body limit. -timeout: a hang is a finding.
  cargo +nightly fuzz run -O "$target" "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -max_len=16384 \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 2>&1 | tail -40
done
