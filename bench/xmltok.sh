#!/usr/bin/env bash
# Issue 27's no-graph row: `check` of 2,000 and 20,000 generated models
# against two references, a bare token scan of the same files with
# encoding/xml (bench/tokenscan) and with internal/xmltok, the tokenizer
# the BPMN reader reads with (bench/tokenscan -tok=xmltok); with OLD_REV,
# the binary built at that revision runs beside this checkout's. Whole
# processes, interleaved by bench/runs: wall and CPU time, peak RSS, and
# the paired ratios to the first line (the encoding/xml scan).
# MODELS is the directory holding m2000 and m20000 (default
# bench/out/memory, where bench/memory.sh generates them).
# Usage: bash bench/xmltok.sh [OLD_REV [RUNS]]
set -euo pipefail
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
old_rev=${1:-}
runs=${2:-5}
out=bench/out/xmltok
models=${MODELS:-bench/out/memory}
mkdir -p "$out"
go build -o "$out/new" ./cmd/seams-timers
go build -tags devtools -o "$out/runs" ./bench/runs
go build -tags devtools -o "$out/tokenscan" ./bench/tokenscan
[ -d "$models/m2000" ] || go run -tags devtools ./bench/genmodels -n 2000 -out "$models/m2000" >/dev/null
[ -d "$models/m20000" ] || go run -tags devtools ./bench/genmodels -n 20000 -out "$models/m20000" >/dev/null
flags="check -q --no-config --now=2026-11-01T12:00:00Z"
if [ -n "$old_rev" ]; then
	tree=$(mktemp -d)
	trap 'rm -rf "$tree"' EXIT
	git archive "$old_rev" | tar -x -C "$tree"
	(cd "$tree" && go build -o "$OLDPWD/$out/old" ./cmd/seams-timers)
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)"
for n in 2000 20000; do
	old=()
	[ -n "$old_rev" ] && old=("old check: $n models=$out/old $flags $models/m$n")
	"$out/runs" -n "$runs" "encoding/xml scan: $n models=$out/tokenscan $models/m$n" \
		"xmltok scan: $n models=$out/tokenscan -tok=xmltok $models/m$n" \
		"${old[@]}" "new check: $n models=$out/new $flags $models/m$n"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
