#!/usr/bin/env bash
# Times an edit with the Go benchmark of the language server
# (lsp.BenchmarkChange200, BenchmarkChange2000, BenchmarkChange1MTriples:
# didChange to publishDiagnostics over an in-process connection), for this
# checkout and another revision, runs interleaved old/new. Each run reports
# its edits' median and 90th percentile and the process's CPU time per
# edit (which a shared machine's load inflates less than wall time); this
# prints every run and, per case and side, the median over the runs of
# each, with the load average before each run. Both sides run this
# checkout's harness (lsp/bench_test.go, lsp/cpu_*_test.go), copied into
# the other revision's tree.
# Usage: bash bench/lsp-bench.sh [OLD_REV [ROUNDS [BENCHTIME]]]
set -euo pipefail
cd "$(dirname "$0")/.."
old_rev=${1:-main}
rounds=${2:-5}
benchtime=${3:-1s}
out=bench/out/lsp-bench
rm -rf "$out"; mkdir -p "$out"
tree=$(mktemp -d)
trap 'git worktree remove --force "$tree" >/dev/null 2>&1 || true; rm -rf "$tree"' EXIT
git worktree add --detach -q "$tree" "$old_rev"
cp lsp/bench_test.go lsp/cpu_unix_test.go lsp/cpu_other_test.go "$tree/lsp/"
(cd "$tree" && go test -c -o "$OLDPWD/$out/old.test" ./lsp)
go test -c -o "$out/new.test" ./lsp
for r in $(seq "$rounds"); do
  for side in old new; do
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    (cd lsp && "../$out/$side.test" -test.run '^$' -test.bench 'Change(200|2000|1MTriples)$' \
      -test.benchtime "$benchtime" -test.count 1) |
      awk -v side="$side" -v r="$r" -v load="$load" '/^BenchmarkChange/ {
        name=$1; sub(/-[0-9]+$/, "", name); sub(/^BenchmarkChange/, "", name)
        for (i = 2; i < NF; i++) { if ($(i+1) == "p50-ms") p50=$i; if ($(i+1) == "p90-ms") p90=$i; if ($(i+1) == "cpu-ms/op") cpu=$i }
        printf "%s %s %s %s %s %s load %s\n", side, r, name, p50, p90, cpu, load }' | tee -a "$out/runs.txt"
  done
done
echo
echo "case side runs median(p50) median(p90) range(p50) median(cpu-ms/op)"
awk '{ k=$3" "$1; p50[k]=p50[k]" "$4; p90[k]=p90[k]" "$5; cpu[k]=cpu[k]" "$6; n[k]++ }
  END { for (k in n) print k, n[k], p50[k], "|", p90[k], "|", cpu[k] }' "$out/runs.txt" | sort |
  while read -r name side n rest; do
    a=${rest%%|*}; rest=${rest#*|}; b=${rest%%|*}; c=${rest#*|}
    med() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR]=$1 } END { print v[int((NR+1)/2)] }'; }
    lo=$(echo "$a" | tr ' ' '\n' | grep . | sort -g | head -1); hi=$(echo "$a" | tr ' ' '\n' | grep . | sort -g | tail -1)
    echo "$name $side $n $(echo "$a" | med) $(echo "$b" | med) $lo-$hi $(echo "$c" | med)"
  done
