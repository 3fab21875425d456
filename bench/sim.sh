#!/bin/sh
# Speed of `seams-timers simulate` and `seams-timers next` (issue 4):
#
#   - a year at PT1S of 100 timer starts (50 daily, 50 hourly cycles) and
#     10,000 approvals with a PT48H reminder: under 1 s per run;
#   - `next` for one expression: under 10 ms.
#
# The figures come from Go benchmarks (bpmn/sim/bench_test.go,
# cmd/seams-timers/next_test.go); this script runs them, prints the best of
# three, and says whether each target is met. It also times the built
# binary's `next` end to end when the binary has the command.
#
#   bench/sim.sh            # run everything
#   COUNT=5 bench/sim.sh    # more samples
#   OLD_REV=abc123 bench/sim.sh
#                           # also: the simulator's benchmarks at that
#                           # revision and here, interleaved run by run, and
#                           # the median of each metric side by side
#                           # (benchstat's summary, without benchstat)
#
# Memory against the window's length (issue 27): bench/sim-memory.sh.
set -eu
# The binaries are built static (CGO_ENABLED=0), as the release and the README
# build them: a cgo build pays the dynamic loader on every run.
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
count=${COUNT:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -n "${OLD_REV:-}" ]; then
	echo "== the simulator's benchmarks: $OLD_REV against this checkout, interleaved ($count rounds)"
	old=$(mktemp -d)
	git archive "$OLD_REV" | tar -x -C "$old"
	(cd "$old" && go test -c -o "$tmp/old.test" ./bpmn/sim)
	go test -c -o "$tmp/new.test" ./bpmn/sim
	rm -rf "$old"
	i=0
	while [ $i -lt "$count" ]; do
		for v in old new; do
			(cd bpmn/sim && "$tmp/$v.test" -test.run '^$' -test.bench '^Benchmark(Year|Year3Replicas|YearText)$' -test.benchtime 3x -test.benchmem) |
				grep '^Benchmark' | sed "s/^/$v /" >>"$tmp/cmp.txt"
		done
		i=$((i + 1))
	done
	# The median of each metric per benchmark and revision.
	awk '{
		for (i = 4; i < NF; i += 2) { k = $2 "|" $(i+1); v[k, $1, ++n[k, $1]] = $i; keys[k] = 1 }
	}
	function median(k, r,   m, a, j, t, x, y) {
		m = n[k, r]; if (m == 0) return "-"
		for (j = 1; j <= m; j++) a[j] = v[k, r, j]
		for (x = 1; x <= m; x++) for (y = x + 1; y <= m; y++) if (a[y] < a[x]) { t = a[x]; a[x] = a[y]; a[y] = t }
		return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
	}
	END {
		for (k in keys) {
			o = median(k, "old"); w = median(k, "new")
			printf "%-44s %16.1f %16.1f %8.3f\n", k, o, w, (o > 0 ? w / o : 0)
		}
	}' "$tmp/cmp.txt" | sort | sed '1i benchmark | metric                                 old median       new median  new/old' 
fi

echo "== simulator: a year at PT1S (bpmn/sim/bench_test.go)"
go test ./bpmn/sim -run '^$' -bench '^BenchmarkYear(3Replicas)?$' -benchtime 3x -count "$count" | tee "$tmp/sim.txt" | grep '^Benchmark'
echo "== next in-process (cmd/seams-timers/next_test.go)"
go test ./cmd/seams-timers -run '^$' -bench '^BenchmarkNext' -benchtime 200x -count "$count" | tee "$tmp/next.txt" | grep '^Benchmark'

# best NAME FILE prints the lowest ns/op of a benchmark.
best() {
	awk -v n="$1" '$1 ~ "^"n"(-[0-9]+)?$" { for (i = 2; i <= NF; i++) if ($(i+1) == "ns/op" && (b == "" || $i < b)) b = $i } END { print b }' "$2"
}
status=0
check() { # NAME FILE LIMIT-NS WHAT
	ns=$(best "$1" "$2")
	if [ -z "$ns" ]; then
		echo "FAIL $1: no result"; status=1; return
	fi
	ms=$(awk -v x="$ns" 'BEGIN { printf "%.3f", x / 1e6 }')
	if awk -v x="$ns" -v l="$3" 'BEGIN { exit !(x < l) }'; then
		echo "ok   $1: best $ms ms ($4)"
	else
		echo "FAIL $1: best $ms ms ($4)"; status=1
	fi
}
echo "== targets"
check BenchmarkYear "$tmp/sim.txt" 1000000000 "target < 1000 ms"
check BenchmarkYear3Replicas "$tmp/sim.txt" 1000000000 "target < 1000 ms"
check BenchmarkNext "$tmp/next.txt" 10000000 "target < 10 ms"
check BenchmarkNextCalendar "$tmp/next.txt" 10000000 "target < 10 ms"

go build -o "$tmp/seams-timers" ./cmd/seams-timers
if "$tmp/seams-timers" next --help >/dev/null 2>&1; then
	echo "== the binary: 100 runs of next"
	start=$(date +%s%N)
	i=0
	while [ $i -lt 100 ]; do
		"$tmp/seams-timers" next --no-config -n 5 --now 2026-11-01T00:00:00Z 'R/2026-11-09T08:00:00Z/P1D' >/dev/null
		i=$((i + 1))
	done
	end=$(date +%s%N)
	awk -v d=$((end - start)) 'BEGIN { printf "     %.2f ms per run, process start included\n", d / 100 / 1e6 }'
else
	echo "== the binary has no next command yet (cmd/seams-timers/commands.go): skipped"
fi
exit $status
