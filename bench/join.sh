#!/usr/bin/env bash
# Times the index graph join, as a user or CI runs it, each run a new
# process (bench/runs):
#   1. `check` on 2,000 generated models with a generated index.ttl of
#      1,000,000 triples lifting all their timers (RUNS_BIG runs);
#   2. `check` on one typical model alone, and with a 1,000-triple index,
#      interleaved (RUNS_SMALL runs each): the median of the paired
#      differences is what a typical index adds.
# Prints the median and quartiles of the wall time, the median CPU time
# (user + system), page faults and the peak RSS. Targets on the 2-core
# reference machine: the 1M join under 5 s and 500 MB; a 1,000-triple
# index adds under 5 ms.
# Usage: bash bench/join.sh [RUNS_BIG [RUNS_SMALL]]
set -euo pipefail
# The binaries are built static (CGO_ENABLED=0), as the release and the README
# build them: a cgo build pays the dynamic loader on every run.
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
runs_big=${1:-5}
runs_small=${2:-60}
out=bench/out/join
rm -rf "$out"; mkdir -p "$out"
go build -o "$out/seams-timers" ./cmd/seams-timers
go build -tags devtools -o "$out/runs" ./bench/runs
go run -tags devtools ./bench/genmodels -n 2000 -out "$out/big" >/dev/null
go run -tags devtools ./bench/genindex -n 2000 -triples 1000000 -out "$out/big/index.ttl"
go run -tags devtools ./bench/genmodels -n 1 -out "$out/one" >/dev/null
go run -tags devtools ./bench/genmodels -n 1 -out "$out/one1k" >/dev/null
go run -tags devtools ./bench/genindex -n 1 -triples 1000 -out "$out/one1k/index.ttl"

check="$out/seams-timers check -q --no-config --now=2026-11-01T12:00:00Z"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)"
"$out/runs" -n "$runs_big" "2,000 models + 1M-triple index=$check $out/big"
"$out/runs" -n "$runs_small" "one model=$check $out/one/model00000.bpmn" "one model + 1,000-triple index=$check $out/one1k"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
