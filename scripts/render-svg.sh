#!/bin/sh
# Renders a `seams-timers simulate --format svg` timeline to PNG with headless
# Chromium, so that a person can check that it opens in a browser and looks
# right. Install the browser once with `apt-get install chromium`.
#
#   scripts/render-svg.sh            renders the examples
#   scripts/render-svg.sh SVG [PNG]  renders one file
#
# The examples are the showcase of sim/output_test.go (the daily digest and
# six approvals over a month, three replicas, a week of downtime, a crash)
# and a year of ten jobs and 10,000 approvals; `go test ./bpmn/sim -run
# TestWriteExampleSVGs -args -svgdir DIR` writes them. PNGs go to
# $TMPDIR/seams-timers-render/. The script fails if Chromium is missing, if
# it writes no PNG, or if a PNG is not its SVG's size.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
out=${TMPDIR:-/tmp}/seams-timers-render
mkdir -p "$out"

if [ $# -eq 0 ]; then
	(cd "$root" && go test ./bpmn/sim -count=1 -run '^TestWriteExampleSVGs$' -args -svgdir "$out" >/dev/null)
	for f in showcase year; do
		"$0" "$out/$f.svg" "$out/$f.png"
	done
	exit 0
fi

svg=$1
name=$(basename "$svg" .svg)
png=${2:-$out/$name.png}
mkdir -p "$(dirname "$png")"

browser=""
for b in chromium chromium-browser google-chrome; do
	if command -v "$b" >/dev/null 2>&1; then
		browser=$b
		break
	fi
done
if [ -z "$browser" ]; then
	echo "render-svg: no Chromium found; install it with: apt-get install chromium" >&2
	exit 2
fi

# The window is the SVG's own size, read from its root element.
w=$(sed -n 's/^<svg [^>]*width="\([0-9]*\)".*/\1/p' "$svg" | head -n 1)
h=$(sed -n 's/^<svg [^>]*height="\([0-9]*\)".*/\1/p' "$svg" | head -n 1)
if [ -z "$w" ] || [ -z "$h" ]; then
	echo "render-svg: $svg has no width and height on its svg element" >&2
	exit 1
fi

abs=$(cd "$(dirname "$svg")" && pwd)/$(basename "$svg")
rm -f "$png"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
	--force-device-scale-factor=1 --window-size="$w,$h" \
	--screenshot="$png" "file://$abs" >/dev/null 2>&1 || true

if [ ! -s "$png" ]; then
	echo "render-svg: $browser wrote no $png" >&2
	exit 1
fi
# A PNG's width and height are the big-endian words at bytes 16 and 20.
pw=$(od -An -tu1 -j16 -N4 "$png" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}')
ph=$(od -An -tu1 -j20 -N4 "$png" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}')
if [ "$pw" != "$w" ] || [ "$ph" != "$h" ]; then
	echo "render-svg: $png is ${pw}x$ph, the SVG is ${w}x$h" >&2
	exit 1
fi
echo "render-svg: $svg -> $png (${pw}x$ph)"
