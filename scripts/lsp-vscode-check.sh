#!/usr/bin/env bash
# Build the VS Code extension in editors/vscode-lsp with npm (npm ci, then
# esbuild bundles it on vscode-languageclient) and run its smoke test: the
# protocol layer vscode-languageclient is built on drives `seams-timers lsp`
# (initialize, open, diagnostics, code actions, hover, shutdown, exit).
#
#   scripts/lsp-vscode-check.sh [SEAMS_TIMERS_BINARY]
#
# It skips (exit 0) when node or npm is missing or the npm registry cannot
# be reached. Its last line reads "lsp-vscode-check: N passed, N failed, N skipped".
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
skip() { echo "skip $1"; echo "lsp-vscode-check: 0 passed, 0 failed, 1 skipped"; exit 0; }
command -v node >/dev/null && command -v npm >/dev/null || skip "node or npm is not installed"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [ $# -ge 1 ]; then
  BIN=$(cd "$(dirname "$1")" && pwd -P)/$(basename "$1")
else
  (cd "$ROOT" && CGO_ENABLED=0 go build -o "$WORK/seams-timers" ./cmd/seams-timers) || { echo "lsp-vscode-check: go build failed" >&2; exit 2; }
  BIN=$WORK/seams-timers
fi
EXT=$WORK/ext
mkdir -p "$EXT"
cp "$ROOT"/editors/vscode-lsp/{package.json,package-lock.json,extension.js,smoke.js} "$EXT/"
(cd "$EXT" && timeout 600 npm ci --no-audit --no-fund >"$WORK/npm.log" 2>&1) || { sed 's/^/       /' "$WORK/npm.log" | tail -5; skip "npm ci failed (is the npm registry reachable?)"; }
(cd "$EXT" && npm run --silent build >"$WORK/build.log" 2>&1) || { echo "FAIL npm run build"; sed 's/^/       /' "$WORK/build.log"; echo "lsp-vscode-check: 0 passed, 1 failed, 0 skipped"; exit 1; }
echo "ok   npm run build: $(wc -c < "$EXT/dist/extension.js") bytes in dist/extension.js"
out=$(cd "$EXT" && timeout 60 node smoke.js "$BIN" "$ROOT/examples/broken/reminders.bpmn") && rc=0 || rc=$?
printf '%s\n' "$out" | grep -v '^vscode-smoke:'
passed=$(( $(printf '%s\n' "$out" | grep -c '^ok ' || true) + 1 ))
failed=$(printf '%s\n' "$out" | grep -c '^FAIL' || true)
[ "$rc" = 0 ] || [ "$failed" != 0 ] || failed=1
echo "lsp-vscode-check: $passed passed, $failed failed, 0 skipped"
[ "$failed" = 0 ]
