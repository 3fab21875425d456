#!/usr/bin/env bash
# The README's speed table, regenerated in one run on this checkout's
# binary: every row is a bench/runs -md line, and each case runs its peers
# (an empty Go program, bare XML token scans with encoding/xml and with the
# reader's own tokenizer, serdi and rapper) in the
# same interleaved run, so a change in the machine's load falls on all of
# them alike. The last rows are the Go benchmarks of the language server
# (a keystroke's didChange to publishDiagnostics, in process).
#
# It prints the table on stdout; with --write-readme it also replaces the
# table between the "speed:begin" and "speed:end" markers of README.md.
# Takes about 10 minutes on the 2-core reference machine; generated data
# (about 1 GB) stays under bench/out/speed.
# Needs serdi and rapper (Debian: apt-get install serdi raptor2-utils).
# Usage: bash bench/speed.sh [--write-readme] [--quick]
set -euo pipefail
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
write=0 quick=0
for a in "$@"; do
	case $a in
	--write-readme) write=1 ;;
	--quick) quick=1 ;;
	*) echo "usage: bash bench/speed.sh [--write-readme] [--quick]" >&2; exit 2 ;;
	esac
done
# Runs per case: small cases many times, the big ones a few.
small=40 mid=7 big=3
lspedits=200
if [ "$quick" = 1 ]; then small=5 mid=2 big=1 lspedits=20; fi
for tool in serdi rapper; do
	command -v "$tool" >/dev/null || { echo "bench/speed.sh: $tool not found (apt-get install serdi raptor2-utils)" >&2; exit 1; }
done
out=bench/out/speed
mkdir -p "$out"
go build -o "$out/seams-timers" ./cmd/seams-timers
for p in runs empty depsfloor tokenscan ttlparse; do
	go build -tags devtools -o "$out/$p" "./bench/$p"
done
gen() { go run -tags devtools ./bench/genmodels "$@" >/dev/null; }
[ -d "$out/one" ] || gen -n 1 -out "$out/one"
for n in 2000 20000; do
	[ -d "$out/m$n" ] || gen -n "$n" -out "$out/m$n"
	if [ ! -f "$out/g$n/index.ttl" ]; then
		rm -rf "$out/g$n"
		cp -al "$out/m$n" "$out/g$n"
		gen -n "$n" -index-only -out "$out/g$n"
	fi
done
if [ ! -f "$out/big/index.ttl" ]; then
	rm -rf "$out/big"
	cp -al "$out/m2000" "$out/big"
	go run -tags devtools ./bench/genindex -n 2000 -triples 1000000 -out "$out/big/index.ttl"
fi
# 20,000 models, each with two findings (a cycle start without an offset,
# TMR1011; a JUEL reminder, TMR1005), for the printers.
if [ ! -d "$out/f20000" ]; then
	rm -rf "$out/f20000.tmp"
	gen -n 20000 -out "$out/f20000.tmp"
	find "$out/f20000.tmp" -name '*.bpmn' -exec sed -i 's|"PT48H"|${reminder}|; s|R/2026-11-09T08:00:00Z/P1D|R/2026-11-09T08:00:00/P1D|' {} +
	mv "$out/f20000.tmp" "$out/f20000"
fi

# The simulation of issue 27: 200 processes, each started every minute.
model="$out/every-minute.bpmn"
if [ ! -f "$model" ]; then
	{
		echo '<?xml version="1.0" encoding="UTF-8"?>'
		echo '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="m" targetNamespace="https://example.org/m">'
		for i in $(seq 1 200); do
			echo "  <bpmn:process id=\"Job$i\" isExecutable=\"true\"><bpmn:startEvent id=\"Every$i\"><bpmn:outgoing>a$i</bpmn:outgoing><bpmn:timerEventDefinition><bpmn:timeCycle>\"R/2026-01-01T00:00:00Z/PT1M\"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent><bpmn:sequenceFlow id=\"a$i\" sourceRef=\"Every$i\" targetRef=\"Done$i\"/><bpmn:endEvent id=\"Done$i\"><bpmn:incoming>a$i</bpmn:incoming></bpmn:endEvent></bpmn:process>"
		done
		echo '</bpmn:definitions>'
	} >"$model"
fi

st="$out/seams-timers"
check="$st check -q --no-config --now=2026-11-01T12:00:00Z"
runs() { "$out/runs" -md "$@"; }
{
	echo "| case | command | wall, median (quartiles) | CPU | peak RSS | x the first |"
	echo "| --- | --- | --- | --- | --- | --- |"
	runs "one ~15 KB model" -n "$small" \
		"an empty Go program=$out/empty" \
		"a program linking the dependencies only=$out/depsfloor" \
		"check=$check $out/one/model00000.bpmn"
	for n in 2000 20000; do
		label=${n%000},000
		r=$mid
		[ "$n" = 20000 ] && r=$big
		runs "$label models" -n "$r" \
			"encoding/xml token scan=$out/tokenscan $out/m$n" \
			"internal/xmltok token scan (the reader's tokenizer)=$out/tokenscan -tok=xmltok $out/m$n" \
			"check=$check $out/m$n" \
			"check with an index graph=$check $out/g$n"
	done
	runs "Turtle, 1,000,000 triples (33 MB)" -n "$big" -ok 0 \
		"serdi=serdi -i turtle -o ntriples $out/big/index.ttl" \
		"rapper=rapper -q -i turtle -o ntriples $out/big/index.ttl" \
		"seams-timers' graph reader (bench/ttlparse)=$out/ttlparse $out/big/index.ttl"
	runs "2,000 models + 1,000,000 triples" -n "$big" \
		"check=$check $out/big"
	runs "20,000 models, 40,000 findings" -n "$big" \
		"check (text)=$st check --no-config --now=2026-11-01T12:00:00Z $out/f20000" \
		"check --format json=$st check --no-config --now=2026-11-01T12:00:00Z --format json $out/f20000" \
		"check --format sarif=$st check --no-config --now=2026-11-01T12:00:00Z --format sarif $out/f20000"
	sim="$st simulate --no-config --replicas 5 --from 2026-01-01T00:00:00Z"
	runs "simulate: 200 timer starts every minute, 5 replicas" -n "$big" \
		"one day=$sim --until 2026-01-02T00:00:00Z $model" \
		"30 days=$sim --until 2026-01-31T00:00:00Z $model"
	# The language server, in process: a keystroke's didChange to its
	# publishDiagnostics (median and p90 over the edits), and the live heap.
	go test -count=1 -run '^$' -bench 'BenchmarkChange(200|2000|1MTriples)$' -benchtime "${lspedits:-200}x" ./lsp |
		awk '$1 ~ /^BenchmarkChange/ {
			name = $1; sub(/-[0-9]+$/, "", name)
			for (i = 2; i < NF; i++) { v[$(i+1)] = $i }
			what = name == "BenchmarkChange200" ? "200 models + index graph" : name == "BenchmarkChange2000" ? "2,000 models + index graph" : "200 models + 1,000,000-triple index"
			printf "| language server, one keystroke, %s (`%s`) | didChange to publishDiagnostics | %.1f ms (p90 %.1f) | - | %.0f MiB live | - |\n", what, name, v["p50-ms"], v["p90-ms"], v["heap-MiB"]
		}'
} | tee "$out/table.md"

if [ "$write" = 1 ]; then
	python3 - "$out/table.md" <<'EOF'
import sys
table = open(sys.argv[1]).read().rstrip("\n")
s = open("README.md").read()
b, e = "<!-- speed:begin -->", "<!-- speed:end -->"
i, j = s.index(b) + len(b), s.index(e)
open("README.md", "w").write(s[:i] + "\n" + table + "\n" + s[j:])
EOF
	echo "README.md: speed table replaced" >&2
fi
