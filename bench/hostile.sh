#!/usr/bin/env bash
# Runs the size, count and hang attacks of issues 10 and 26 against the binary,
# each as a new process under `ulimit -v` (a 2 GiB address space: a
# run that tries to read /dev/zero whole or allocate per --jobs worker
# dies instead of taking the machine), with a wall-clock timeout. For
# each it checks the exit code and prints the wall time and peak RSS.
# Usage: bash bench/hostile.sh [BINARY]. Exits 1 when an attack gives
# another exit code, exceeds its time, or is killed, prints a runtime
# stack trace, or takes more than MAX_RSS_KB (500 MB) of memory or
# MAX_CPU_S (10 s) of processor time. (The Go runtime cannot start under
# a 500 MB address space, so the cap stays at 2 GiB and the budget is
# checked on the peak RSS; processor time, not wall time, is checked, as
# the machine may be shared.)
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
max_rss_kb=${MAX_RSS_KB:-512000}
max_cpu_s=${MAX_CPU_S:-10}

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
printf '%-44s %5s %5s %9s %7s %10s\n' attack want exit wall_s cpu_s peak_rss_kb
attack() { # NAME WANT STDIN CMD...
  local name=$1 want=$2 stdin=$3; shift 3
  local tf="$out/time"
  ( ulimit -v "$vmem_kb"; exec /usr/bin/time -o "$tf" -f '%e %U %S %M' timeout "$limit_s" "$@" <"$stdin" >"$out/stdout" 2>"$out/stderr" )
  local code=$?
  read -r wall user sys rss < <(tail -1 "$tf" | grep -Eo '^[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+$' || echo "? 0 0 ?")
  local cpu mark=""
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  if [ "$code" != "$want" ]; then mark="  FAIL: $(head -c 200 "$out/stderr" | tr '\n' ' ')"; fail=1; fi
  if grep -q -e 'goroutine [0-9]* \[' -e '^fatal error' -e 'SIGSEGV' "$out/stderr"; then mark="$mark  FAIL: stack trace"; fail=1; fi
  if [ "$rss" != "?" ] && [ "$rss" -gt "$max_rss_kb" ]; then mark="$mark  FAIL: over $max_rss_kb KB"; fail=1; fi
  if awk -v c="$cpu" -v m="$max_cpu_s" 'BEGIN { exit !(c > m) }'; then mark="$mark  FAIL: over $max_cpu_s s of CPU"; fail=1; fi
  printf '%-44s %5s %5s %9s %7s %10s%s\n' "$name" "$want" "$code" "$wall" "$cpu" "$rss" "$mark"
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
# Issue 26: the readers' structure limits, linear time, and commands whose
# memory is bounded by their output.
rep() { # TEXT BYTES: TEXT repeated to BYTES bytes, no line break added
  yes "$1" | tr -d '\n' | head -c "$2"
}
mkdir -p "$out/csrep" "$out/cspunct" "$out/csgen" "$out/csnest" "$out/csbody"
{ yes 'class A' | head -n 25000; yes 'AddTransition<A' | head -n 12000; } > "$out/csrep/M.cs"
rep '({[<' $((8 << 20)) > "$out/cspunct/M.cs"
{ printf 'class A : B'; rep '<A' 3000000; rep '>' 1500000; printf ' {}\n'; } > "$out/csgen/M.cs"
{ printf 'x.'; rep 'AddTransition<' 1400000; printf 'A'; rep '>' 100000; printf '("S");\n'; } > "$out/csnest/M.cs"
{ yes 'class A : AfterOneDay {' | head -n 100000; rep '}' 100000; } > "$out/csbody/M.cs"
scheme() { printf '<Process Name="P"><Timers><Timer Name="T" Type="Interval" Value="%s"/></Timers><Activities><Activity Name="A" IsInitial="True"/></Activities></Process>\n' "$1"; }
mkdir -p "$out/wfeint" "$out/wfecal" "$out/sqlpunct" "$out/sqlrows"
scheme "$(rep 1s 400000)" > "$out/wfeint/p.xml"
printf 'wfe:\n  engine: docs\n  calendars:\n    default:\n      weekdays: [mon, tue, wed, thu, fri]\n      hours: 08:00-16:00\n      holidays: [2026-12-25]\n' > "$out/wfecal/c.yaml"
rep '(' $((40 << 20)) > "$out/sqlpunct/s.sql"
row='INSERT INTO "WorkflowScheme" ("Code", "Scheme") VALUES ('"'"'T'"'"', '"'"'<Process Name="T"><Timers><Timer Name="S" Type="Interval" Value="4h"/></Timers></Process>'"'"');'
yes "$row" | head -n 200000 > "$out/sqlrows/s.sql"
mkdir -p "$out/cfgname"
{ printf 'rules:\n  ? "'; rep x $((10 << 20)); printf '"\n  : off\n'; } > "$out/cfgname/c.yaml"
mkdir -p "$out/graph1m" "$out/ttlamp" "$out/bpmnelems"
{ printf '@prefix proc: <https://w3id.org/seams/proc#> .\n'; seq 1000000 | sed 's/.*/<m&.bpmn#P> a proc:Process ./'; } > "$out/graph1m/index.ttl"
{ printf '@prefix p: <https://e.com/'; rep a $((1 << 20)); printf '#> .\n'; seq 20000 | sed 's/.*/p:s& p:b p:c ./'; } > "$out/ttlamp/index.ttl"
{ printf '%s' "$defs"; rep '<x/>' $((40 << 20)); printf '</bpmn:process></bpmn:definitions>\n'; } > "$out/bpmnelems/a.bpmn"
mkdir -p "$out/hist" "$out/histmany"
{ printf '[{"eventType":"WorkflowExecutionStarted","x":'; rep '[' 3000000; rep ']' 3000000; printf '}]\n'; } > "$out/hist/h.json"
{ printf '[{"eventType":"WorkflowExecutionStarted"},'; rep '{"eventType":"X"},' $((18 * 3000000)); printf '{"eventType":"X"}]\n'; } > "$out/histmany/h.json"
mkdir -p "$out/fork"
wait_xml() { printf '<bpmn:intermediateCatchEvent id="%s"><bpmn:timerEventDefinition><bpmn:timeDuration>"PT1M"</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>' "$1"; }
{ printf '%s' "$defs"
  printf '<bpmn:startEvent id="S"/><bpmn:sequenceFlow id="f0" sourceRef="S" targetRef="X"/><bpmn:exclusiveGateway id="X"/><bpmn:sequenceFlow id="fx" sourceRef="X" targetRef="G"/>'
  printf '<bpmn:parallelGateway id="G"/><bpmn:sequenceFlow id="f1" sourceRef="G" targetRef="W"/><bpmn:sequenceFlow id="f2" sourceRef="G" targetRef="W2"/>'
  wait_xml W; wait_xml W2
  printf '<bpmn:sequenceFlow id="f3" sourceRef="W" targetRef="X"/><bpmn:sequenceFlow id="f4" sourceRef="W2" targetRef="X"/></bpmn:process></bpmn:definitions>\n'
} > "$out/fork/p.bpmn"
printf 'from: 2026-11-01T00:00:00Z\nuntil: 2026-11-02T00:00:00Z\nprocesses:\n  p.bpmn#P:\n    start: [2026-11-01T00:00:00Z]\n' > "$out/fork/s.yaml"

attack "C#: class/AddTransition lines, 400 KB"     0 /dev/null $check "$out/csrep"
attack "C#: 8 MB of punctuation"                   1 /dev/null $check "$out/cspunct"
attack "C#: generics nested 1.5M deep"             1 /dev/null $check "$out/csgen"
attack "C#: builder calls nested 100,000 deep"     0 /dev/null $check "$out/csnest"
attack "C#: class bodies nested 100,000 deep"      0 /dev/null $check "$out/csbody"
attack "WFE: Interval 1s repeated to 400 KB"       1 /dev/null $check "$out/wfeint"
attack "WFE: next Interval:2000000000wd, calendar" 0 /dev/null $bin next --engine wfe --config "$out/wfecal/c.yaml" "$now" Interval:2000000000wd
attack "WFE: 40 MB SQL of '('"                     1 /dev/null $check "$out/sqlpunct"
attack "WFE: SQL of 200,000 scheme rows"           1 /dev/null $check "$out/sqlrows"
attack "config: unknown rule name of 10 MB"        2 /dev/null $bin check -q --config "$out/cfgname/c.yaml" "$now" "$model"
attack "graph naming a million models"             1 /dev/null $check "$out/graph1m"
attack "Turtle: 1 MB prefix on 20,000 lines"       1 /dev/null $check "$out/ttlamp"
attack "BPMN: 40 MB of <x/>"                       1 /dev/null $check "$out/bpmnelems"
attack "history: JSON nested 3M deep"              1 /dev/null $check "$out/hist"
attack "history: 3M events"                        1 /dev/null $check "$out/histmany"
attack "simulate: parallel split on a loop"        2 /dev/null $bin simulate --no-config --scenario "$out/fork/s.yaml" "$out/fork"
attack "next -n 10000000"                          2 /dev/null $bin next --no-config "$now" -n 10000000 R/2026-11-09T08:00:00Z/PT1S
attack "simulate: cron every minute, 100 years"    0 /dev/null $bin simulate --engine cadence --now=2026-11-01T00:00:00Z --until 2126-11-01T00:00:00Z 'cron:* * * * *'
$check --show-source "$oneline" | wc -c | xargs printf '%-44s %s bytes\n' "--show-source output, 2,000 findings"
exit $fail
