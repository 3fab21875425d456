#!/usr/bin/env bash
# Times check --watch from saving a model to the end of the result printed
# for it (bench/watchlat), on 2,000 generated models with their index graph
# (genmodels -index, as bench/lsp-latency.sh builds its 2,000-model case):
# EDITS edits written in place, then EDITS saved as editors that write
# atomically do (a new file renamed over the model), ROUNDS watches each.
# Each time includes the watch's quiet delay of 100 ms; the watch's CPU time per
# edit is printed beside it (less sensitive to the machine's load). For scale, the
# same tree checked cold by `check` (bench/runs, RUNS runs), and the
# Go benchmark of one run after an edit without the delay
# (BenchmarkWatchEdit).
# Usage: bash bench/watch-latency.sh [EDITS [ROUNDS [RUNS]]]
set -euo pipefail
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
edits=${1:-30}
rounds=${2:-2}
runs=${3:-5}
out=bench/out/watch-latency
mkdir -p "$out"
go build -o "$out/seams-timers" ./cmd/seams-timers
go build -tags devtools -o "$out/watchlat" ./bench/watchlat
go build -tags devtools -o "$out/runs" ./bench/runs
rm -rf "$out/g2000"
go run -tags devtools ./bench/genmodels -n 2000 -index -out "$out/g2000" >/dev/null
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)"
for r in $(seq "$rounds"); do
	"$out/watchlat" -bin "$out/seams-timers" -dir "$out/g2000" -n "$edits"
	"$out/watchlat" -bin "$out/seams-timers" -dir "$out/g2000" -n "$edits" -rename
done
"$out/runs" -n "$runs" "check, cold: 2,000 models + graph=$out/seams-timers check -q --no-config --now=2026-11-01T12:00:00Z $out/g2000"
go test -run '^$' -bench BenchmarkWatchEdit -benchtime 20x -count 3 ./cmd/seams-timers/ | grep '^Benchmark'
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
