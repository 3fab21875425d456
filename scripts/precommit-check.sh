#!/usr/bin/env bash
# Runs the repository's pre-commit hooks (.pre-commit-hooks.yaml) with the
# real pre-commit (Debian's package) as a user's repository runs them: a
# .pre-commit-config.yaml naming this repository at its HEAD commit (what
# is committed is what is tried), so that pre-commit builds the hook environment
# (`go install ./...`, which must build seams-timers and seams-timers-go
# only), then both hooks run on a repository holding a file of every engine,
# broken, beside JSON and XML that are no history and no scheme. The broken
# files must fail the hooks with each engine's findings; the harmless ones
# alone must pass.
# Usage: scripts/precommit-check.sh   (skips when pre-commit is missing)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v pre-commit >/dev/null 2>&1; then
  echo "pre-commit: not installed, so the hooks were not tried"; exit 0
fi
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache"
# The hook environment's own GOPATH would download every module again: share
# this machine's module cache with it.
export GOMODCACHE=${GOMODCACHE:-$(go env GOMODCACHE)}
repo="$work/user repo"
mkdir -p "$repo/desk/schemes" "$repo/desk/machines" "$repo/desk/wf" "$repo/third_party"
cp "$root/examples/wfe/broken/times.xml" "$repo/desk/schemes/times.xml"
cp "$root/examples/stateflows/OrderMachine.cs" "$repo/desk/machines/OrderMachine.cs"
cp -r "$root/cadence/analyzers/testdata/src/go.uber.org/cadence" "$repo/third_party/cadence"
cat > "$repo/desk/go.mod" <<'GOMOD'
module example.com/desk

go 1.22

require go.uber.org/cadence v1.0.0

replace go.uber.org/cadence => ../third_party/cadence
GOMOD
cat > "$repo/desk/wf/wait.go" <<'GO'
package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// WaitWorkflow sleeps natively (TMR8001).
func WaitWorkflow(ctx workflow.Context) error {
	time.Sleep(time.Hour)
	return workflow.Sleep(ctx, time.Hour)
}
GO
echo '{"name": "desk", "version": "1.0.0", "eventType": "not a history"}' > "$repo/package.json"
echo '<configuration><appSettings/></configuration>' > "$repo/web.config.xml"
cd "$repo"
git init -q .
git -c user.name=t -c user.email=t@example.com add -A
rev=$(git -C "$root" rev-parse HEAD)
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $root
    rev: $rev
    hooks:
      - id: seams-timers
      - id: seams-timers-full
        stages: [manual]
YAML

fail=0
# The staged-files hook on everything: each engine reports, and the hook fails.
set +e
out=$(pre-commit run seams-timers --all-files 2>&1)
code=$?
set -e
for want in TMR6 TMR7 TMR8001; do
  grep -q "$want" <<<"$out" || { echo "pre-commit: the staged-files hook printed no $want finding"; fail=1; }
done
[ "$code" -ne 0 ] || { echo "pre-commit: the staged-files hook passed broken files"; fail=1; }
if grep -q "TMR8020\|TMR0002\|history-syntax" <<<"$out"; then
  echo "pre-commit: a JSON or XML file that is no history or scheme was reported"; fail=1
fi
# The hook environment holds the two executables and nothing else.
bins=$(find "$PRE_COMMIT_HOME" -path '*/golangenv*/bin/*' -printf '%f\n' | sort | tr '\n' ' ')
[ "$bins" = "seams-timers seams-timers-go " ] || { echo "pre-commit: the hook environment built: $bins"; fail=1; }

# The whole-repository hook reports the same engines.
set +e
out_full=$(pre-commit run --hook-stage manual seams-timers-full --all-files 2>&1)
code_full=$?
set -e
[ "$code_full" -ne 0 ] && grep -q TMR8001 <<<"$out_full" && grep -q TMR7 <<<"$out_full" || { echo "pre-commit: the whole-repository hook (exit $code_full):"; echo "$out_full"; fail=1; }

# Only the harmless files staged: nothing to check is a success.
git rm -q -r --cached desk third_party
git add .pre-commit-config.yaml
set +e
out_clean=$(pre-commit run seams-timers 2>&1)
code_clean=$?
set -e
[ "$code_clean" -eq 0 ] || { echo "pre-commit: package.json and an XML config alone failed the hook (exit $code_clean):"; echo "$out_clean"; fail=1; }

if [ "$fail" -ne 0 ]; then
  echo "--- staged-files hook output:"; echo "$out"; exit 1
fi
echo "pre-commit: both hooks ran every engine; the environment holds $bins"
