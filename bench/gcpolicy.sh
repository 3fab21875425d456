#!/usr/bin/env bash
# Issue 27 item 5: the batch memory policy (cmd/seams-timers/gcfloor.go)
# of two binaries, or of one binary under different environments, run
# side by side: whole processes interleaved (one round runs every
# command once, each round starting one command later), each timed by
# GNU time. Prints, per command,
# the median (min-max) peak RSS (in MB of 1,024 KiB, as bench/runs) and
# user CPU, and the median of the
# paired ratios to the first command's user CPU. User CPU rather than
# CPU: the system time of these runs is mostly page faults, which a
# smaller RSS takes fewer of.
# Usage: bash bench/gcpolicy.sh RUNS 'LABEL=CMD ARG...' ...
#   e.g. bash bench/gcpolicy.sh 5 "old=/tmp/old check -q --no-config $d" "new=/tmp/new check -q --no-config $d"
# A CMD may start with VAR=value words (passed through env).
set -euo pipefail
runs=$1
shift
[ "$#" -ge 1 ] || { echo "usage: bash bench/gcpolicy.sh RUNS 'LABEL=CMD ...' ..." >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmds=("$@")
n=${#cmds[@]}
for ((r = 0; r < runs; r++)); do
	# Each round starts one command later, so no command always runs
	# first (after the previous round's last).
	for ((k = 0; k < n; k++)); do
		i=$(((k + r) % n))
		c=${cmds[$i]}
		# shellcheck disable=SC2086
		/usr/bin/time -o "$tmp/t" -f '%M %U' env ${c#*=} >/dev/null 2>&1 || {
			code=$?
			# exit 1: findings, not a failure
			[ "$code" = 1 ] || { echo "bench/gcpolicy.sh: ${c%%=*} exited $code" >&2; exit 1; }
		}
		tail -n 1 "$tmp/t" >>"$tmp/$i"
	done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   runs: $runs"
i=0
for c in "$@"; do
	paste "$tmp/$i" "$tmp/0" | awk -v label="${c%%=*}" '
		function median(a, n,   i, j, t) {
			for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
			return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
		}
		{ n++; rss[n] = $1 / 1024; u[n] = $2; ratio[n] = $4 > 0 ? $2 / $4 : 1
		  if (n == 1 || rss[n] < rmin) rmin = rss[n]; if (rss[n] > rmax) rmax = rss[n]
		  if (n == 1 || u[n] < umin) umin = u[n]; if (u[n] > umax) umax = u[n] }
		END { printf "%-28s peak RSS %6.1f MB (%.1f-%.1f)   user %6.2f s (%.2f-%.2f)   user x first %.3f\n",
			label, median(rss, n), rmin, rmax, median(u, n), umin, umax, median(ratio, n) }'
	i=$((i + 1))
done
