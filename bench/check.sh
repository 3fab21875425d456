#!/usr/bin/env bash
# Times the whole seams-timers process, as a user or CI runs it:
#   1. `check` on one typical ~15 KB model (an editor on save), 50 runs;
#   2. `check` on a directory of 2,000 generated models (CI), 5 runs;
#   3. the same 2,000 models with an index graph lifting every timer.
# Each run is a new process, timed by bench/runs, which prints the median
# and quartiles of the wall time, the median CPU time, page faults and
# the peak RSS. Run it on an idle machine: `bash bench/check.sh`. Targets
# on a 2-core machine: one model under 10 ms, 2,000 models under 1 s.
set -euo pipefail
# The binaries are built static (CGO_ENABLED=0), as the release and the README
# build them: a cgo build pays the dynamic loader on every run.
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
out=bench/out
rm -rf "$out"; mkdir -p "$out"
go build -o "$out/seams-timers" ./cmd/seams-timers
go build -tags devtools -o "$out/runs" ./bench/runs
go run -tags devtools ./bench/genmodels -n 1 -out "$out/one" >/dev/null
go run -tags devtools ./bench/genmodels -n 2000 -out "$out/many" >/dev/null
go run -tags devtools ./bench/genmodels -n 2000 -index -out "$out/indexed" >/dev/null

check="$out/seams-timers check -q --no-config --now=2026-11-01T12:00:00Z"
bytes=$(wc -c < "$out/one/model00000.bpmn")
"$out/runs" -n 50 "one model ($bytes bytes)=$check $out/one/model00000.bpmn"
"$out/runs" -n 5 "2,000 models=$check $out/many" "2,000 models + index.ttl=$check $out/indexed"
