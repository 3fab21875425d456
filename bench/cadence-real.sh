#!/usr/bin/env bash
# Runs the Cadence/Temporal analyzers (seams-timers-go load) and Temporal's
# workflowcheck on real public projects, and prints every finding, one per
# line, for judging one by one (bench/cadence-real/verdicts.tsv holds the
# verdicts of the last run), with time and peak memory per module.
#
# The projects are copied into a temporary directory and never into this
# repository. A project comes from $MIRRORS/<owner>+<name>/repo (a bare git
# directory, as a fetched snapshot is laid out) when there is one, else it
# is cloned from GitHub. Their modules come through the Go module proxy.
#
# usage: bench/cadence-real.sh [OUT-DIR]
#   SEAMS_TIMERS_GO   the analysis executable (default: built from this tree)
#   WORKFLOWCHECK     workflowcheck (default: go install'ed into the temp dir;
#                     set to "none" to skip it)
#   MIRRORS           where fetched snapshots are (default /work/.mirror)
#   REPOS             the projects and the modules in them to check
#   LOADABLE_ONLY     0: also the packages whose dependencies did not all load
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$(mktemp -d)}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
MIRRORS=${MIRRORS:-/work/.mirror}
# owner/name:module-dir[=pattern|pattern...][,module-dir...]; ./... by default
REPOS=${REPOS:-"temporalio/samples-go:. cadence-workflow/cadence-samples:. temporalio/reference-app-orders-go:. temporalio/sdk-go:test=vet:./... cadence-workflow/cadence:.=./service/worker/...|./canary/...|./bench/...|./simulation/..."}
export GOFLAGS=-mod=mod GOWORK=off

stg=${SEAMS_TIMERS_GO:-}
if [ -z "$stg" ]; then
  stg=$work/seams-timers-go
  (cd "$here" && go build -o "$stg" ./cmd/seams-timers-go)
fi
wfc=${WORKFLOWCHECK:-}
if [ -z "$wfc" ]; then
  GOBIN=$work/bin go install go.temporal.io/sdk/contrib/tools/workflowcheck@v0.6.0
  wfc=$work/bin/workflowcheck
fi

: > "$out/findings.tsv"
: > "$out/workflowcheck.txt"
: > "$out/cost.tsv"
for spec in $REPOS; do
  repo=${spec%%:*}
  mods=${spec#*:}
  dir=$work/src/${repo//\//+}
  mkdir -p "$dir"
  mirror=$MIRRORS/${repo//\//+}/repo
  if [ -d "$mirror" ]; then
    git -C "$mirror" archive HEAD | tar -x -C "$dir"
  else
    git clone -q --depth 1 "https://github.com/$repo" "$dir"
  fi
  for mp in ${mods//,/ }; do
    m=${mp%%=*}
    pats=./...
    [ "$mp" != "$m" ] && pats=${mp#*=}
    vet= wtest=false
    case $pats in vet:*) vet=1 wtest=true; pats=${pats#vet:} ;; esac
    pats=${pats//|/ }
    mdir=$dir/$m
    (cd "$mdir" && go mod download >/dev/null 2>&1 || true)
    # The packages the go command can load (a module the proxy does not
    # serve leaves some out): both tools get the same list.
    pkgs=$(cd "$mdir" && go list -e -f '{{if and (not .Error) (not .DepsErrors)}}{{.ImportPath}}{{end}}' $pats 2>/dev/null | tr '\n' ' ')
    skipped=$(cd "$mdir" && go list -e -f '{{if or .Error .DepsErrors}}{{.ImportPath}}{{end}}' $pats 2>/dev/null | wc -l)
    printf '%s\t%s\tpackages-not-loadable\t%s\n' "$repo" "$m" "$skipped" >> "$out/cost.tsv"
    # LOADABLE_ONLY=0 keeps the packages whose dependencies did not all
    # load (the analyzers then see what type-checks of them).
    [ "${LOADABLE_ONLY:-1}" = 0 ] || pats=$pkgs
    # seams-timers-go: every finding as repo, rule, file:line:col, function, detail
    if [ -n "$vet" ]; then
      # Workflows in _test.go files (sdk-go's test module): through go vet,
      # which checks test packages, one line per finding.
      (cd "$mdir" && /usr/bin/time -f "%e %M" -o "$work/t" go vet -vettool="$stg" $pats > "$work/v.txt" 2>&1) || true
      python3 - "$work/v.txt" "$mdir" > "$work/r.json" <<'EOF'
import json, re, sys, os
seen, out = set(), []
for line in open(sys.argv[1]):
    m = re.match(r"^(\S+?\.go):(\d+):(\d+): (.*) \[(TMR\d+) ", line)
    if not m or m.group(0) in seen:
        continue
    seen.add(m.group(0))
    out.append({"rule": m.group(5), "at": {"file": os.path.join(sys.argv[2], m.group(1)), "line": int(m.group(2)), "col": int(m.group(3))}, "element": "", "detail": m.group(4)})
print(json.dumps({"findings": out}))
EOF
    else
      /usr/bin/time -f "%e %M" -o "$work/t" "$stg" load "$mdir" $pats > "$work/r.json" || true
    fi
    read -r secs kb < <(tail -1 "$work/t")
    printf '%s\t%s\tseams-timers-go\t%s\t%s\n' "$repo" "$m" "$secs" "$kb" >> "$out/cost.tsv"
    python3 - "$repo" "$dir" "$work/r.json" >> "$out/findings.tsv" <<'EOF'
import json, sys, os
repo, root, path = sys.argv[1:4]
r = json.load(open(path))
for f in r["findings"]:
    at = f["at"]
    rel = os.path.relpath(at["file"], root)
    print("\t".join([repo, f["rule"], "%s:%d:%d" % (rel, at["line"], at["col"]), f.get("element", ""), f.get("detail", "").replace("\t", " ")]))
EOF
    if [ "$wfc" != none ]; then
      (cd "$mdir" && /usr/bin/time -f "%e %M" -o "$work/t" "$wfc" -test=$wtest $pats > "$work/w.txt" 2>&1) || true
      read -r secs kb < <(tail -1 "$work/t")
      printf '%s\t%s\tworkflowcheck\t%s\t%s\n' "$repo" "$m" "$secs" "$kb" >> "$out/cost.tsv"
      sed "s#$dir/##; s#^#$repo\t#" "$work/w.txt" >> "$out/workflowcheck.txt"
    fi
  done
done
echo "findings: $(wc -l < "$out/findings.tsv") (by rule:)"
cut -f2 "$out/findings.tsv" | sort | uniq -c
echo "cost (repo, module, tool, seconds, peak KiB):"
cat "$out/cost.tsv"
echo "output in $out"
