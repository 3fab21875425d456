#!/bin/sh
# Records SpiffWorkflow's whole-run sequences for every NAME.bpmn/NAME.yaml here, ticking every step
# (no --skip-idle: it skips the tick that runs a task left READY by a refresh, e.g. call-cycle-inside):
#   record.sh <main-src> <v3.1.2-src>
# where each src holds a SpiffWorkflow/ package (git archive of sartography/SpiffWorkflow at main
# 8c6e00f6 and at tag v3.1.2). Needs Debian's python3 with python3-lxml, -dateutil, -yaml.
set -eu
here=$(dirname "$0")
drive=${SPIFF_DRIVE:-$here/../../../../../shared/tools/spiff-drive.py}
# strip drops where the source was unpacked (a path of the recording machine).
strip() { /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); d.pop("src",None); print(json.dumps(d))'; }
for m in "$here"/*.bpmn; do
	n=${m%.bpmn}
	/usr/bin/python3 "$drive" --model "$m" --scenario "$n.yaml" --src "$1" --json | strip >"$n.main.json" 2>"$n.err" || echo "main failed: $n"
	/usr/bin/python3 "$drive" --model "$m" --scenario "$n.yaml" --src "$2" --json | strip >"$n.v3.1.2.json" 2>>"$n.err" || echo "3.1.2 failed: $n"
	[ -s "$n.err" ] || rm -f "$n.err"
done
