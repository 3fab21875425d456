#!/usr/bin/env bash
# Times the whole seams-timers process, as a user or CI runs it:
#   1. `check` on one typical ~15 KB model (an editor on save), 50 runs;
#   2. `check` on a directory of 2,000 generated models (CI), 5 runs;
#   3. the same 2,000 models with an index graph lifting every timer.
# Prints the median and the best wall time of each. Run it on an idle
# machine: `bash bench/check.sh`. Targets on a 2-core machine: one model
# under 10 ms, 2,000 models under 1 s.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out
rm -rf "$out"; mkdir -p "$out"
go build -o "$out/seams-timers" ./cmd/seams-timers
go run ./bench/genmodels -n 1 -out "$out/one" >/dev/null
go run ./bench/genmodels -n 2000 -out "$out/many" >/dev/null
go run ./bench/genmodels -n 2000 -index -out "$out/indexed" >/dev/null

# time_runs LABEL RUNS CMD...: runs CMD RUNS times and prints median/best ms.
time_runs() {
  local label=$1 runs=$2; shift 2
  local times=()
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1 || [ $? -eq 1 ]
    t1=$(date +%s%N)
    times+=($(( (t1 - t0) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk -v label="$label" '
    { t[NR] = $1 }
    END { printf "%-40s median %8.2f ms   best %8.2f ms   (%d runs)\n", label, t[int((NR+1)/2)]/1000, t[1]/1000, NR }'
}

now=--now=2026-11-01T12:00:00Z
bytes=$(wc -c < "$out/one/model00000.bpmn")
time_runs "one model ($bytes bytes)" 50 "$out/seams-timers" check -q --no-config "$now" "$out/one/model00000.bpmn"
time_runs "2,000 models" 5 "$out/seams-timers" check -q --no-config "$now" "$out/many"
time_runs "2,000 models + index.ttl" 5 "$out/seams-timers" check -q --no-config "$now" "$out/indexed"
