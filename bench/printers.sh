#!/usr/bin/env bash
# Issue 27 item 4: peak RSS (and wall/CPU time) of `check` with every
# machine-readable printer on 20,000 generated models that each carry two
# findings (bench/genmodels, then a cycle start without an offset, TMR1011,
# and a JUEL reminder, TMR1005), whole processes interleaved by bench/runs.
# With OLD_REV, the binary built at that revision runs beside this
# checkout's, format by format: whether memory grows with the number of
# findings is the old and new lines side by side (and N=2000 against
# N=20000). About 320 MB on disk under bench/out/printers. EXTRA adds
# that many boundary timers with two findings each to every model
# (genmodels -findings): 9 gives 20 findings a model, 10x the default's,
# to show whether memory is flat in the number of findings. The format
# text-source is text with --show-source (source excerpts).
# Usage: bash bench/printers.sh [OLD_REV [RUNS [N [EXTRA]]]]
set -euo pipefail
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
old_rev=${1:-}
runs=${2:-3}
n=${3:-20000}
extra=${4:-0}
out=bench/out/printers
mkdir -p "$out"
go build -o "$out/new" ./cmd/seams-timers
go build -tags devtools -o "$out/runs" ./bench/runs
models="$out/f$n"
if [ "$extra" != 0 ]; then
	models="$out/f$n-x$extra"
fi
if [ ! -d "$models" ]; then
	go run -tags devtools ./bench/genmodels -n "$n" -findings "$extra" -out "$models.tmp" >/dev/null
	find "$models.tmp" -name '*.bpmn' -exec sed -i 's|"PT48H"|${reminder}|; s|R/2026-11-09T08:00:00Z/P1D|R/2026-11-09T08:00:00/P1D|' {} +
	mv "$models.tmp" "$models"
fi
bins=(new)
if [ -n "$old_rev" ]; then
	tree=$(mktemp -d)
	trap 'git worktree remove --force "$tree" >/dev/null 2>&1 || true; rm -rf "$tree"' EXIT
	git worktree add --detach -q "$tree" "$old_rev"
	(cd "$tree" && go build -o "$OLDPWD/$out/old" ./cmd/seams-timers)
	bins=(old new)
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)   models: $n   extra: $extra"
for format in ${FORMATS:-text json sarif junit codeclimate}; do
	cmds=()
	flags="--format $format"
	if [ "$format" = text-source ]; then
		flags="--format text --show-source"
	fi
	for b in "${bins[@]}"; do
		cmds+=("$b: $format=$out/$b check --no-config --now=2026-11-01T12:00:00Z $flags $models")
	done
	"$out/runs" -n "$runs" "${cmds[@]}"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
