#!/usr/bin/env bash
# Times `check` on 2,000 generated Workflow Engine schemes against 2,000
# generated BPMN models of the same size (about 15 KB each, three timers),
# in one run of bench/runs, which interleaves the two so that a change in
# the machine's load falls on both alike, and prints the paired
# difference. Target: the schemes within 1.5x the models' time.
# Run it on an idle machine: `bash bench/wfe.sh`.
set -euo pipefail
# The binaries are built static (CGO_ENABLED=0), as the release and the README
# build them: a cgo build pays the dynamic loader on every run.
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
out=bench/out/wfe
rm -rf "$out"; mkdir -p "$out"
go build -o "$out/seams-timers" ./cmd/seams-timers
go build -tags devtools -o "$out/runs" ./bench/runs
go run -tags devtools ./bench/genmodels -n 2000 -out "$out/models" >/dev/null
go run -tags devtools ./bench/genschemes -n 2000 -out "$out/schemes" >/dev/null
echo "model: $(wc -c < "$out/models/model00000.bpmn") bytes; scheme: $(wc -c < "$out/schemes/scheme00000.xml") bytes"
check="$out/seams-timers check -q --no-config --now=2026-11-01T12:00:00Z"
"$out/runs" -n "${RUNS:-9}" "2,000 BPMN models=$check $out/models" "2,000 schemes=$check $out/schemes"
