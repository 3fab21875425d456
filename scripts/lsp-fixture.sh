# Sourced by scripts/lsp-nvim-check.sh and scripts/lsp-eglot-check.sh, with
# ROOT set and the script's arguments: the fixture both editors are tried
# on, what `seams-timers check` reports for it, and the checks they share.
#
# It sets WORK (a temp dir, removed on exit unless KEEP=1), BIN (the
# binary given, or one built into WORK), MODEL (broken/reminders.bpmn of a
# copy of examples/), and writes WORK/want.open (check's findings on the
# file as saved) and WORK/want.fixed (on the text the TMR1004 quick fix
# leaves, PT48H quoted on line 12), as sorted "line:col rule" rows; and,
# for one file of every other engine (SCHEME, a Workflow Engine scheme; CS,
# a Stateflows state machine; GOFILE, a Cadence workflow of
# examples/cadence, whose stub SDKs are copied beside the examples),
# WORK/want.scheme, want.cs and want.go, check's findings in that file.
WORK=$(mktemp -d)
trap 'if [ "${KEEP:-}" = 1 ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi' EXIT
WORK=$(cd "$WORK" && pwd -P)
if [ $# -ge 1 ]; then
  BIN=$(cd "$(dirname "$1")" && pwd -P)/$(basename "$1")
else
  (cd "$ROOT" && CGO_ENABLED=0 go build -o "$WORK/" ./cmd/seams-timers ./cmd/seams-timers-go) || { echo "go build ./cmd/seams-timers failed" >&2; exit 2; }
  BIN=$WORK/seams-timers
fi
cp -R "$ROOT/examples" "$WORK/examples"
MODEL=$WORK/examples/broken/reminders.bpmn
cp "$MODEL" "$WORK/model.orig"
mkdir -p "$WORK/cadence/analyzers/testdata"
cp -R "$ROOT/cadence/analyzers/testdata/src" "$WORK/cadence/analyzers/testdata/src"
SCHEME=$WORK/examples/wfe/broken/times.xml
CS=$WORK/examples/stateflows/OrderMachine.cs
GOFILE=$WORK/examples/cadence/wf/native.go

rows() { jq -r '.diagnostics[] | "\(.line):\(.column) \(.rule)"' | sort; }
{ "$BIN" check -q --format json "$MODEL" || [ $? = 1 ]; } | rows > "$WORK/want.open"
sed -e '12s/>PT48H</>"PT48H"</' "$MODEL" > "$WORK/fixed.bpmn"
{ "$BIN" check -q --format json --stdin-filename "$MODEL" - < "$WORK/fixed.bpmn" || [ $? = 1 ]; } | rows > "$WORK/want.fixed"

# rows_of FILE: check's findings in FILE alone (a Go file is checked with
# its module, from the module's directory, as the server checks it).
rows_of() {
  (cd "$(dirname "$1")" && { "$BIN" check -q --format json "$1" || [ $? = 1 ]; }) |
    jq -r --arg f "$1" '.diagnostics[] | select(.file == $f or ("'"$(dirname "$1")"'/" + .file) == $f) | "\(.line):\(.column) \(.rule)"' | sort
}
rows_of "$SCHEME" > "$WORK/want.scheme"
rows_of "$CS" > "$WORK/want.cs"
rows_of "$GOFILE" > "$WORK/want.go"

passed=0 failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
bad() { echo "FAIL $1"; [ -z "${2:-}" ] || sed 's/^/       /' "$2"; failed=$((failed + 1)); }
same() { # name want got
  if [ -f "$3" ] && diff -u "$2" "$3" > "$WORK/diff"; then ok "$1 ($(wc -l < "$2") findings)"; else bad "$1" "$WORK/diff"; fi
}
# fixed_buffer NAME FILE: FILE holds line 12 of the buffer after the fix,
# then "modified" or "saved"; the file on disk must be as it was.
fixed_buffer() {
  if [ "$(sed -n 1p "$2" 2>/dev/null)" = "$(sed -n 12p "$WORK/fixed.bpmn")" ] && [ "$(sed -n 2p "$2")" = modified ]; then
    ok "$1: line 12 reads as --fix writes it, and the buffer is unsaved"
  else
    bad "$1: the buffer after the fix" "$2"
  fi
  if cmp -s "$MODEL" "$WORK/model.orig"; then ok "$1: the model on disk is unchanged"; else bad "$1: the model on disk changed"; fi
}
