#!/usr/bin/env bash
# Times the index graph join, as a user or CI runs it:
#   1. `check` on 2,000 generated models with a generated index.ttl of
#      1,000,000 triples lifting all their timers (5 runs);
#   2. `check` on one typical model alone, and with a 1,000-triple index
#      (30 runs each): the difference is what a typical index adds.
# Prints, for each, the median and best wall time, the median CPU time
# (user + system: steadier than wall time on a shared machine) and the
# largest peak RSS. Targets on the 2-core reference machine: the 1M join
# under 5 s and 500 MB; a 1,000-triple index adds under 5 ms.
# Usage: bash bench/join.sh [RUNS_BIG [RUNS_SMALL]]
set -euo pipefail
cd "$(dirname "$0")/.."
runs_big=${1:-5}
runs_small=${2:-30}
out=bench/out/join
rm -rf "$out"; mkdir -p "$out"
go build -o "$out/seams-timers" ./cmd/seams-timers
go run ./bench/genmodels -n 2000 -out "$out/big" >/dev/null
go run ./bench/genindex -n 2000 -triples 1000000 -out "$out/big/index.ttl"
go run ./bench/genmodels -n 1 -out "$out/one" >/dev/null
go run ./bench/genmodels -n 1 -out "$out/one1k" >/dev/null
go run ./bench/genindex -n 1 -triples 1000 -out "$out/one1k/index.ttl"

# measure CMD...: runs CMD once and prints "wall_ms cpu_ms peak_rss_kb"
# (CPU time has the 10 ms resolution of the kernel's accounting).
if [ -x /usr/bin/time ]; then
  measure() {
    local f t0 t1; f=$(mktemp)
    t0=$(date +%s%N)
    /usr/bin/time -f '%U %S %M' -o "$f" "$@" >/dev/null 2>&1 || [ $? -eq 1 ]
    t1=$(date +%s%N)
    awk -v wall=$(( (t1 - t0) / 1000 )) '{ printf "%.1f %d %d\n", wall/1000, ($1+$2)*1000, $3 }' "$f"
    rm -f "$f"
  }
else
  # Without GNU time: poll the child's VmHWM in /proc until it exits, and
  # read its CPU time from /proc/PID/stat (clock ticks) just before.
  measure() {
    local t0 t1 pid hwm=0 ticks=0 h s
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1 & pid=$!
    while [ -e "/proc/$pid/status" ]; do
      h=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)
      [ -n "$h" ] && [ "$h" -gt "$hwm" ] && hwm=$h
      s=$(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || true)
      [ -n "$s" ] && ticks=$s
      sleep 0.005
    done
    wait "$pid" || [ $? -eq 1 ]
    t1=$(date +%s%N)
    echo "$(( (t1 - t0) / 1000000 )) $(( ticks * 1000 / $(getconf CLK_TCK) )) $hwm"
  }
fi

# bench LABEL RUNS CMD...: prints median/best wall, median CPU, max RSS.
bench() {
  local label=$1 runs=$2 f; shift 2
  f=$(mktemp)
  for _ in $(seq "$runs"); do measure "$@" >>"$f"; done
  local wall cpu rss
  wall=$(sort -n -k1,1 "$f" | awk '{ w[NR] = $1 } END { printf "median %7.1f ms  best %7.1f ms", w[int((NR+1)/2)], w[1] }')
  cpu=$(sort -n -k2,2 "$f" | awk '{ c[NR] = $2 } END { printf "%7.1f ms", c[int((NR+1)/2)] }')
  rss=$(awk '$3 > m { m = $3 } END { printf "%6.1f MB", m/1024 }' "$f")
  printf '%-32s wall %s   cpu median %s   peak RSS %s   (%d runs)\n' "$label" "$wall" "$cpu" "$rss" "$runs"
  rm -f "$f"
}

now=--now=2026-11-01T12:00:00Z
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)"
bench "2,000 models + 1M-triple index" "$runs_big" "$out/seams-timers" check -q --no-config "$now" "$out/big"
bench "one model" "$runs_small" "$out/seams-timers" check -q --no-config "$now" "$out/one/model00000.bpmn"
bench "one model + 1,000-triple index" "$runs_small" "$out/seams-timers" check -q --no-config "$now" "$out/one1k"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
