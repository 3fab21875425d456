#!/usr/bin/env bash
# Peak RSS (and wall time) of `check` on 2,000 and on 20,000 generated
# models, whole processes interleaved by bench/runs, for this checkout and,
# when OLD_REV is given, the binary built at that revision: whether memory
# grows with the number of models. 20,000 models are about 320 MB on disk
# under bench/out/memory.
# Usage: bash bench/memory.sh [OLD_REV [RUNS]]
set -euo pipefail
# The binaries are built static (CGO_ENABLED=0), as the release and the README
# build them: a cgo build pays the dynamic loader on every run.
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
old_rev=${1:-}
runs=${2:-2}
out=bench/out/memory
mkdir -p "$out"
go build -o "$out/new" ./cmd/seams-timers
go build -o "$out/runs" ./bench/runs
[ -d "$out/m2000" ] || go run ./bench/genmodels -n 2000 -out "$out/m2000" >/dev/null
[ -d "$out/m20000" ] || go run ./bench/genmodels -n 20000 -out "$out/m20000" >/dev/null
flags="check -q --no-config --now=2026-11-01T12:00:00Z"
cmds=("new: 2,000 models=$out/new $flags $out/m2000" "new: 20,000 models=$out/new $flags $out/m20000")
if [ -n "$old_rev" ]; then
	tree=$(mktemp -d)
	trap 'git worktree remove --force "$tree" >/dev/null 2>&1 || true; rm -rf "$tree"' EXIT
	git worktree add --detach -q "$tree" "$old_rev"
	(cd "$tree" && go build -o "$OLDPWD/$out/old" ./cmd/seams-timers)
	cmds=("old: 2,000 models=$out/old $flags $out/m2000" "old: 20,000 models=$out/old $flags $out/m20000" "${cmds[@]}")
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)"
"$out/runs" -n "$runs" "${cmds[@]}"
