#!/usr/bin/env bash
# Issue 27 item 3: the memory of `seams-timers simulate` must not grow with
# the window. The scenario of the issue: 200 timer starts every minute
# (200 processes, each `R/2026-01-01T00:00:00Z/PT1M`), 5 replicas, text
# output to /dev/null, over 1 day, 30 days and 1 year. Whole processes
# are timed by bench/runs, interleaved with the binary built at OLD_REV
# when one is given: wall and CPU time, peak RSS.
#
# The old binary kept every event to the end (~68 MB per simulated day):
# its year is run under a 6 GiB address-space cap (prlimit) only with
# OLD_YEAR=1, where it fails; the new one runs the year uncapped.
#
# Usage: bash bench/sim-memory.sh [OLD_REV [RUNS [WINDOWS]]]
#        WINDOWS: a list of day counts, default "1 30 365"
set -euo pipefail
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
old_rev=${1:-}
runs=${2:-3}
windows=${3:-"1 30 365"}
out=bench/out/simmem
mkdir -p "$out"
go build -o "$out/new" ./cmd/seams-timers
go build -tags devtools -o "$out/runs" ./bench/runs
model="$out/every-minute.bpmn"
{
	echo '<?xml version="1.0" encoding="UTF-8"?>'
	echo '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="m" targetNamespace="https://example.org/m">'
	for i in $(seq 1 200); do
		cat <<XML
  <bpmn:process id="Job$i" isExecutable="true">
    <bpmn:startEvent id="Every$i"><bpmn:outgoing>a$i</bpmn:outgoing><bpmn:timerEventDefinition><bpmn:timeCycle>"R/2026-01-01T00:00:00Z/PT1M"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
    <bpmn:sequenceFlow id="a$i" sourceRef="Every$i" targetRef="Run$i"/>
    <bpmn:scriptTask id="Run$i"><bpmn:incoming>a$i</bpmn:incoming><bpmn:outgoing>b$i</bpmn:outgoing></bpmn:scriptTask>
    <bpmn:sequenceFlow id="b$i" sourceRef="Run$i" targetRef="Done$i"/>
    <bpmn:endEvent id="Done$i"><bpmn:incoming>b$i</bpmn:incoming></bpmn:endEvent>
  </bpmn:process>
XML
	done
	echo '</bpmn:definitions>'
} >"$model"
if [ -n "$old_rev" ]; then
	# The old revision's tree, exported (no worktree is registered).
	tree=$(mktemp -d)
	trap 'rm -rf "$tree"' EXIT
	git archive "$old_rev" | tar -x -C "$tree"
	(cd "$tree" && go build -o "$OLDPWD/$out/old" ./cmd/seams-timers)
fi
# The binary writes to stdout; bench/runs discards a child's output.
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)"
for days in $windows; do
	until=$(date -u -d "2026-01-01 + $days days" +%Y-%m-%dT%H:%M:%SZ)
	flags="simulate --no-config --replicas 5 --from 2026-01-01T00:00:00Z --until $until $model"
	cmds=()
	if [ -n "$old_rev" ] && { [ "$days" -lt 365 ] || [ "${OLD_YEAR:-}" = 1 ]; }; then
		if [ "$days" -ge 365 ]; then
			cmds+=("old, $days days, 6 GiB cap=prlimit --as=6442450944 $out/old $flags")
		else
			cmds+=("old, $days days=$out/old $flags")
		fi
	fi
	cmds+=("new, $days days=$out/new $flags")
	if [ "$days" -ge 365 ]; then
		# One run each, apart: the old binary's failure must not stop the
		# new one's run.
		for c in "${cmds[@]}"; do
			"$out/runs" -n 1 "$c" || echo "(${c%%=*}: failed; see above)"
		done
		continue
	fi
	"$out/runs" -n "$runs" "${cmds[@]}" || echo "($days days: a run failed; see above)"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
