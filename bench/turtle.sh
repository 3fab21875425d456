#!/usr/bin/env bash
# Times Turtle parsing alone, each run a new process, interleaved run by run
# (bench/runs): serd's serdi and raptor's rapper (Debian packages serdi and
# raptor2-utils) writing N-Triples to /dev/null, and seams-timers' graph
# package loading the same file and discarding the graph (bench/ttlparse:
# graph.Load, with its strict scanner, term table and indexes). The files
# are generated index graphs (bench/genindex) of 1,000, 100,000 and
# 1,000,000 triples. For each size it prints bench/runs' Markdown rows
# (-md), ready for the README's speed table: each command's wall time
# (median and quartiles), CPU time, peak RSS, and the median of its paired
# ratios to serdi. The machine is shared: read CPU time beside wall time,
# and the load average printed before and after.
# Usage: bash bench/turtle.sh [RUNS_BIG [RUNS_MID [RUNS_SMALL]]]
set -euo pipefail
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
runs_big=${1:-5}
runs_mid=${2:-10}
runs_small=${3:-40}
for tool in serdi rapper; do
	command -v "$tool" >/dev/null || { echo "bench/turtle.sh: $tool not found (apt-get install serdi raptor2-utils)" >&2; exit 1; }
done
out=bench/out/turtle
mkdir -p "$out"
go build -tags devtools -o "$out/runs" ./bench/runs
go build -tags devtools -o "$out/ttlparse" ./bench/ttlparse
go run -tags devtools ./bench/genindex -n 1 -triples 1000 -out "$out/index-1000.ttl" 2>/dev/null
go run -tags devtools ./bench/genindex -n 1000 -triples 100000 -out "$out/index-100000.ttl" 2>/dev/null
go run -tags devtools ./bench/genindex -n 2000 -triples 1000000 -out "$out/index-1000000.ttl" 2>/dev/null

echo "$(serdi -v 2>&1 | head -1); $(rapper --version 2>&1 | head -1 | sed 's/^/rapper /'); $(go version | cut -d' ' -f3)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)"
echo
echo "| case | command | wall | CPU | peak RSS | x serdi |"
echo "| --- | --- | --- | --- | --- | --- |"
for spec in "1000:$runs_small:1,000" "100000:$runs_mid:100,000" "1000000:$runs_big:1,000,000"; do
	IFS=: read -r n runs label <<<"$spec"
	f="$out/index-$n.ttl"
	size=$(awk -v b="$(stat -c %s "$f")" 'BEGIN { if (b >= 1048576) printf "%.0f MB", b/1048576; else printf "%.0f KB", b/1024 }')
	"$out/runs" -n "$runs" -ok 0 -md "Turtle parse alone, $label triples ($size)" \
		"serdi=serdi -i turtle -o ntriples $f" \
		"rapper=rapper -q -i turtle -o ntriples $f" \
		"seams-timers=$out/ttlparse $f"
done
echo
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
