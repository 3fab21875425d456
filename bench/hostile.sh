#!/usr/bin/env bash
# Runs the size, count and hang attacks of issue 10 against the binary,
# each as a new process under `ulimit -v` (a 2 GiB address space: a
# run that tries to read /dev/zero whole or allocate per --jobs worker
# dies instead of taking the machine), with a wall-clock timeout. For
# each it checks the exit code and prints the wall time and peak RSS.
# Usage: bash bench/hostile.sh [BINARY]. Exits 1 when an attack gives
# another exit code, exceeds its time, or is killed.
set -uo pipefail
# The binaries are built static (CGO_ENABLED=0), as the release and the README
# build them: a cgo build pays the dynamic loader on every run.
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$out"' EXIT
bin=${1:-}
if [ -z "$bin" ]; then
  bin="$out/seams-timers"
  go build -o "$bin" ./cmd/seams-timers || exit 2
fi
vmem_kb=${VMEM_KB:-2097152}
limit_s=${LIMIT_S:-20}

defs='<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="https://example.com/t"><bpmn:process id="P" isExecutable="true">'
mkdir -p "$out/model"; model="$out/model/a.bpmn"
printf '%s<bpmn:userTask id="T"/><bpmn:boundaryEvent id="B" attachedToRef="T" cancelActivity="false"><bpmn:timerEventDefinition><bpmn:timeDuration>"PT48H"</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent></bpmn:process></bpmn:definitions>\n' "$defs" > "$model"

# One line, 2,000 findings (unquoted durations).
mkdir -p "$out/oneline"; oneline="$out/oneline/a.bpmn"
{
  printf '%s<bpmn:userTask id="T"/>' "$defs"
  for i in $(seq 2000); do
    printf '<bpmn:boundaryEvent id="B%d" attachedToRef="T" cancelActivity="false"><bpmn:timerEventDefinition><bpmn:timeDuration>PT48H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>' "$i"
  done
  printf '</bpmn:process></bpmn:definitions>\n'
} > "$oneline"

# 20,000 suppressed findings, one comment each.
suppressed="$out/suppressed/m.bpmn"
mkdir -p "$out/suppressed"
{
  printf '%s\n<bpmn:userTask id="T"/>\n' "$defs"
  for i in $(seq 20000); do
    printf '<!-- seams-timers:ignore TMR1004 generated -->\n<bpmn:boundaryEvent id="B%d" attachedToRef="T" cancelActivity="false"><bpmn:timerEventDefinition><bpmn:timeDuration>PT48H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>\n' "$i"
  done
  printf '</bpmn:process></bpmn:definitions>\n'
} > "$suppressed"

# Inputs past the 64 MiB limit (sparse), a FIFO, /dev/zero.
truncate -s 100M "$out/big.ttl" "$out/big.bpmn" "$out/big.yaml" "$out/big-scenario.yaml"
mkdir -p "$out/fifo"; mkfifo "$out/fifo/a.bpmn" "$out/fifo/b.ttl"
mkdir -p "$out/devzero"; ln -s /dev/zero "$out/devzero/zero.ttl"
printf 'from: 2026-11-01T00:00:00Z\nuntil: 2026-11-02T00:00:00Z\nreplicas: 2147483647\n' > "$out/replicas.yaml"
printf 'from: 2026-11-01T00:00:00Z\nuntil: 2026-11-02T00:00:00Z\nprocesses:\n  P:\n    startEvery: {from: 2026-11-01T00:00:00Z, every: PT1S, count: 2147483647}\n' > "$out/count.yaml"
mkdir -p "$out/ancient" "$out/old"; ancient="$out/ancient/a.bpmn"; old="$out/old/a.bpmn"
printf '%s<bpmn:startEvent id="S"><bpmn:timerEventDefinition><bpmn:timeCycle>"R/0001-01-01T00:00:00Z/PT1S"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent></bpmn:process></bpmn:definitions>\n' "$defs" > "$ancient"
printf '%s<bpmn:startEvent id="S"><bpmn:timerEventDefinition><bpmn:timeCycle>"R/1830-01-01T00:00:00Z/PT1S"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent></bpmn:process></bpmn:definitions>\n' "$defs" > "$old"

now="--now=2026-11-01T12:00:00Z"
fail=0
printf '%-44s %5s %5s %9s %10s\n' attack want exit wall_s peak_rss_kb
attack() { # NAME WANT STDIN CMD...
  local name=$1 want=$2 stdin=$3; shift 3
  local tf="$out/time"
  ( ulimit -v "$vmem_kb"; exec /usr/bin/time -o "$tf" -f '%e %M' timeout "$limit_s" "$@" <"$stdin" >"$out/stdout" 2>"$out/stderr" )
  local code=$?
  read -r wall rss < <(tail -1 "$tf" | grep -Eo '^[0-9.]+ [0-9]+$' || echo "? ?")
  local mark=""
  if [ "$code" != "$want" ]; then mark="  FAIL: $(head -c 200 "$out/stderr" | tr '\n' ' ')"; fail=1; fi
  if grep -q -e 'goroutine [0-9]* \[' -e '^fatal error' -e 'SIGSEGV' "$out/stderr"; then mark="$mark  FAIL: stack trace"; fail=1; fi
  printf '%-44s %5s %5s %9s %10s%s\n' "$name" "$want" "$code" "$wall" "$rss" "$mark"
}
check="$bin check -q --no-config $now"
attack "stdin from /dev/zero"                 2 /dev/zero $check --stdin-filename a.bpmn -
attack "100 MiB graph document"               1 /dev/null $check "$out/big.ttl"
attack "100 MiB model"                        1 /dev/null $check "$out/big.bpmn"
attack "graph symlinked to /dev/zero"         1 /dev/null $check "$out/devzero"
attack "/dev/zero given as a path"            1 /dev/null $check /dev/zero
attack "FIFOs in the tree"                    1 /dev/null $check "$out/fifo"
attack "config /dev/zero"                     2 /dev/null $bin check -q --config /dev/zero "$model"
attack "config 100 MiB"                       2 /dev/null $bin check -q --config "$out/big.yaml" "$model"
attack "--jobs 2147483647"                    0 /dev/null $check --jobs 2147483647 "$model"
attack "--show-source, 2,000 findings, 1 line" 1 /dev/null $check --show-source "$oneline"
attack "20,000 suppressions"                  0 /dev/null $check "$out/suppressed"
sim="$bin simulate --no-config --now=2026-11-01T00:00:00Z"
attack "scenario /dev/zero"                   2 /dev/null $sim --scenario /dev/zero "$model"
attack "scenario 100 MiB"                     2 /dev/null $sim --scenario "$out/big-scenario.yaml" "$model"
attack "scenario replicas 2147483647"         2 /dev/null $sim --scenario "$out/replicas.yaml" "$model"
attack "scenario startEvery.count 2147483647" 2 /dev/null $sim --scenario "$out/count.yaml" "$model"
attack "--replicas 2147483647"                2 /dev/null $sim --replicas 2147483647 "$model"
# Refused as not simulated (before the simulator's first day), or stopped
# with an error by the guard on due times that stop advancing; never a
# loop.
attack "cycle started in the year 1"          0 /dev/null $sim --until 2026-11-02T00:00:00Z "$ancient"
attack "cycle started in 1830, every second"  0 /dev/null $sim --until 2026-11-02T00:00:00Z "$old"
$check --show-source "$oneline" | wc -c | xargs printf '%-44s %s bytes\n' "--show-source output, 2,000 findings"
exit $fail
