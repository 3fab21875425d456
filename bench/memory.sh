#!/usr/bin/env bash
# Issue 17's many-model case: `check` on 2,000 and on 20,000 generated
# models against a bare encoding/xml token scan of the same files on one
# worker per CPU (bench/tokenscan), whole processes interleaved by
# bench/runs: wall and CPU time, peak RSS, and the paired ratios to the
# scan. Whether memory grows with the number of models is the 2,000 and
# 20,000 lines side by side. Then the same models with an index graph
# lifting every timer (genmodels -index: 8 triples a model; the models are
# hard links to the others): what the join keeps per model (issue 27:
# within 2x the memory without a graph, time linear in the models). With
# OLD_REV, the binary built at that revision runs beside this checkout's.
# 20,000 models are about 320 MB on disk under bench/out/memory. Targets:
# at most 1.5x the scan and 60 MB.
# Usage: bash bench/memory.sh [OLD_REV [RUNS]]
set -euo pipefail
# The binaries are built static (CGO_ENABLED=0), as the release and the README
# build them: a cgo build pays the dynamic loader on every run.
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
old_rev=${1:-}
runs=${2:-5}
out=bench/out/memory
mkdir -p "$out"
go build -o "$out/new" ./cmd/seams-timers
go build -tags devtools -o "$out/runs" ./bench/runs
go build -tags devtools -o "$out/tokenscan" ./bench/tokenscan
[ -d "$out/m2000" ] || go run -tags devtools ./bench/genmodels -n 2000 -out "$out/m2000" >/dev/null
[ -d "$out/m20000" ] || go run -tags devtools ./bench/genmodels -n 20000 -out "$out/m20000" >/dev/null
for n in 2000 20000; do
	if [ ! -f "$out/g$n/index.ttl" ]; then
		rm -rf "$out/g$n"
		cp -al "$out/m$n" "$out/g$n"
		go run -tags devtools ./bench/genmodels -n "$n" -index-only -out "$out/g$n" >/dev/null
	fi
done
flags="check -q --no-config --now=2026-11-01T12:00:00Z"
old2=() old20=()
if [ -n "$old_rev" ]; then
	tree=$(mktemp -d)
	trap 'git worktree remove --force "$tree" >/dev/null 2>&1 || true; rm -rf "$tree"' EXIT
	git worktree add --detach -q "$tree" "$old_rev"
	(cd "$tree" && go build -o "$OLDPWD/$out/old" ./cmd/seams-timers)
	old2=("old: 2,000 models=$out/old $flags $out/m2000")
	old20=("old: 20,000 models=$out/old $flags $out/m20000")
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)"
"$out/runs" -n "$runs" "token scan: 2,000 models=$out/tokenscan $out/m2000" "${old2[@]}" "new: 2,000 models=$out/new $flags $out/m2000"
"$out/runs" -n "$runs" "token scan: 20,000 models=$out/tokenscan $out/m20000" "${old20[@]}" "new: 20,000 models=$out/new $flags $out/m20000"
og2=() og20=()
if [ -n "$old_rev" ]; then
	og2=("old: 2,000 models + graph=$out/old $flags $out/g2000")
	og20=("old: 20,000 models + graph=$out/old $flags $out/g20000")
fi
"$out/runs" -n "$runs" "new: 2,000 models, no graph=$out/new $flags $out/m2000" "${og2[@]}" "new: 2,000 models + graph=$out/new $flags $out/g2000"
"$out/runs" -n "$runs" "new: 20,000 models, no graph=$out/new $flags $out/m20000" "${og20[@]}" "new: 20,000 models + graph=$out/new $flags $out/g20000"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
