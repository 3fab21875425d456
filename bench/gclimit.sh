#!/usr/bin/env bash
# Issue 27 item 5: what the soft memory limit costs past it. A simulation
# whose live heap grows with its length (200 timer starts every minute, 5
# replicas: tens of MB per simulated day while simulate keeps its events)
# runs for SHORT and LONG days, with the built-in policy (GOMEMLIMIT
# unset) and with GOMEMLIMIT=off and each value of LIMITS, whole processes
# interleaved by bench/runs: CPU time, wall time and peak RSS, and the
# LONG/SHORT CPU ratio of each setting. With OLD_REV, the binary built at
# that revision runs its built-in policy beside this checkout's.
# GCTRACE=1 also prints, per run, the collections and the largest heap
# goal from GODEBUG=gctrace=1.
# Usage: bash bench/gclimit.sh [OLD_REV [RUNS]]   (SHORT=2 LONG=8 LIMITS="1GiB")
set -euo pipefail
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
old_rev=${1:-}
runs=${2:-3}
short=${SHORT:-2}
long=${LONG:-8}
out=bench/out/gclimit
mkdir -p "$out"
go build -o "$out/new" ./cmd/seams-timers
go build -tags devtools -o "$out/runs" ./bench/runs
model="$out/minutely.bpmn"
{
	echo '<?xml version="1.0" encoding="UTF-8"?>'
	echo '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="https://example.com/gc">'
	for i in $(seq 0 199); do
		printf '  <bpmn:process id="P%d" isExecutable="true">\n    <bpmn:startEvent id="S%d">\n      <bpmn:outgoing>F%d</bpmn:outgoing>\n' "$i" "$i" "$i"
		printf '      <bpmn:timerEventDefinition><bpmn:timeCycle>"R/2026-11-01T00:00:00Z/PT1M"</bpmn:timeCycle></bpmn:timerEventDefinition>\n    </bpmn:startEvent>\n'
		printf '    <bpmn:sequenceFlow id="F%d" sourceRef="S%d" targetRef="E%d"/>\n    <bpmn:endEvent id="E%d"><bpmn:incoming>F%d</bpmn:incoming></bpmn:endEvent>\n  </bpmn:process>\n' "$i" "$i" "$i" "$i" "$i"
	done
	echo '</bpmn:definitions>'
} >"$model"
bins=(new)
if [ -n "$old_rev" ]; then
	tree=$(mktemp -d)
	trap 'git worktree remove --force "$tree" >/dev/null 2>&1 || true; rm -rf "$tree"' EXIT
	git worktree add --detach -q "$tree" "$old_rev"
	(cd "$tree" && go build -o "$OLDPWD/$out/old" ./cmd/seams-timers)
	bins=(old new)
fi
until_of() { date -u -d "2026-11-01 + $1 days" +%Y-%m-%dT%H:%M:%SZ; }
sim() { # BIN DAYS
	echo "$out/$1 simulate --no-config --replicas 5 --from 2026-11-01T00:00:00Z --until $(until_of "$2") -o /dev/null $model"
}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)   days: $short and $long"
# A setting is LABEL|BINARY|ENV (ENV empty: the built-in policy).
settings=()
for b in "${bins[@]}"; do settings+=("$b, built-in|$b|"); done
for l in off ${LIMITS:-}; do settings+=("new, GOMEMLIMIT $l|new|GOMEMLIMIT=$l"); done
command_of() { # SETTING DAYS
	IFS='|' read -r _ bin env <<<"$1"
	if [ -n "$env" ]; then
		echo "env $env $(sim "$bin" "$2")"
	else
		sim "$bin" "$2"
	fi
}
for days in "$short" "$long"; do
	cmds=()
	for s in "${settings[@]}"; do
		cmds+=("${s%%|*}, $days days=$(command_of "$s" "$days")")
	done
	"$out/runs" -n "$runs" "${cmds[@]}"
done
if [ -n "${GCTRACE:-}" ]; then
	for s in "${settings[@]}"; do
		for days in "$short" "$long"; do
			# shellcheck disable=SC2046
			GODEBUG=gctrace=1 $(command_of "$s" "$days") 2>&1 >/dev/null | awk -v l="${s%%|*}, $days days" '
				/^gc / { n++; for (i = 1; i <= NF; i++) if ($(i+1) == "MB" && $(i+2) == "goal,") { g = $i + 0; if (g > max) max = g } }
				END { printf "%s: %d collections, largest heap goal %d MB\n", l, n, max }'
		done
	done
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
