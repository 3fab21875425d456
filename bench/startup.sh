#!/usr/bin/env bash
# The start-up of seams-timers against an empty Go program (bench/empty)
# and against the floor its dependencies set (bench/depsfloor, which only
# links them), whole processes interleaved by bench/runs: `version` and
# `check` of one model, with wall and CPU time, page faults and peak RSS,
# and each minus the empty program. Then what initialises at start-up
# (GODEBUG=inittrace=1): the packages that allocate most, and the total
# bytes and allocations. Issue 17's target: one model at most 2x the empty
# program's time and page faults.
# Usage: bash bench/startup.sh [RUNS]
set -euo pipefail
# The binaries are built static (CGO_ENABLED=0), as the release and the README
# build them: a cgo build pays the dynamic loader on every run.
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
runs=${1:-40}
out=bench/out/startup
rm -rf "$out"; mkdir -p "$out"
go build -o "$out/seams-timers" ./cmd/seams-timers
go build -tags devtools -o "$out/empty" ./bench/empty
go build -tags devtools -o "$out/depsfloor" ./bench/depsfloor
go build -tags devtools -o "$out/runs" ./bench/runs
go run -tags devtools ./bench/genmodels -n 1 -out "$out/one" >/dev/null
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)"
"$out/runs" -n "$runs" "empty Go program=$out/empty" "dependencies only=$out/depsfloor" \
	"version=$out/seams-timers version" \
	"one model=$out/seams-timers check -q --no-config --now=2026-11-01T12:00:00Z $out/one/model00000.bpmn"
echo "start-up (GODEBUG=inittrace=1), the 8 packages that allocate most: bytes, allocations, package"
GODEBUG=inittrace=1 "$out/seams-timers" version 2>&1 >/dev/null | awk '$1 == "init" { print $8, $10, $2 }' | sort -n -r | head -8
GODEBUG=inittrace=1 "$out/seams-timers" version 2>&1 >/dev/null | awk '
	$1 == "init" { n++; bytes += $8; allocs += $10 }
	END { printf "start-up in all: %d packages initialised, %d bytes in %d allocations\n", n, bytes, allocs }'
