#!/usr/bin/env bash
# Compares this checkout's binary with the one built at another revision,
# whole processes, interleaved run by run (bench/runs), on the cases CI and
# editors pay for:
#   1. `check` on one typical model (RUNS_SMALL runs);
#   2. `check` on one model with a 1,000-triple index (RUNS_SMALL runs);
#   3. `check` on 2,000 generated models (RUNS_BIG runs);
#   4. `check` on 2,000 models with a 1,000,000-triple index (RUNS_BIG runs).
# bench/runs prints, for the new binary, the median of its paired
# differences from the old one.
# Usage: bash bench/compare.sh OLD_REV [RUNS_BIG [RUNS_SMALL]]
set -euo pipefail
# The binaries are built static (CGO_ENABLED=0), as the release and the README
# build them: a cgo build pays the dynamic loader on every run.
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
old_rev=${1:?usage: bench/compare.sh OLD_REV [RUNS_BIG [RUNS_SMALL]]}
runs_big=${2:-5}
runs_small=${3:-40}
out=bench/out/compare
rm -rf "$out"; mkdir -p "$out"
tree=$(mktemp -d)
trap 'git worktree remove --force "$tree" >/dev/null 2>&1 || true; rm -rf "$tree"' EXIT
git worktree add --detach -q "$tree" "$old_rev"
(cd "$tree" && go build -o "$OLDPWD/$out/old" ./cmd/seams-timers)
go build -o "$out/new" ./cmd/seams-timers
go build -tags devtools -o "$out/runs" ./bench/runs
go run -tags devtools ./bench/genmodels -n 1 -out "$out/one" >/dev/null
go run -tags devtools ./bench/genmodels -n 1 -out "$out/one1k" >/dev/null
go run -tags devtools ./bench/genindex -n 1 -triples 1000 -out "$out/one1k/index.ttl"
go run -tags devtools ./bench/genmodels -n 2000 -out "$out/many" >/dev/null
go run -tags devtools ./bench/genmodels -n 2000 -out "$out/big" >/dev/null
go run -tags devtools ./bench/genindex -n 2000 -triples 1000000 -out "$out/big/index.ttl"

flags="check -q --no-config --now=2026-11-01T12:00:00Z"
echo "old: $(git rev-parse --short "$old_rev")   new: $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (dirty)')"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)"
"$out/runs" -n "$runs_small" "old: one model=$out/old $flags $out/one/model00000.bpmn" "new: one model=$out/new $flags $out/one/model00000.bpmn"
"$out/runs" -n "$runs_small" "old: one model + 1,000 triples=$out/old $flags $out/one1k" "new: one model + 1,000 triples=$out/new $flags $out/one1k"
"$out/runs" -n "$runs_big" "old: 2,000 models=$out/old $flags $out/many" "new: 2,000 models=$out/new $flags $out/many"
"$out/runs" -n "$runs_big" "old: 2,000 models + 1M triples=$out/old $flags $out/big" "new: 2,000 models + 1M triples=$out/new $flags $out/big"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
