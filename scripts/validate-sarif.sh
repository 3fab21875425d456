#!/usr/bin/env bash
# validate-sarif.sh checks SARIF 2.1.0 files two ways and exits non-zero if
# either finds an error:
#
#  1. against the SARIF 2.1.0 JSON schema (the rtm.5 schema that became the
#     OASIS standard), taken at run time from the npm package
#     @microsoft/jest-sarif and applied with ajv 6 (the schema is draft-04);
#  2. with the official validator, `validate` of the npm package
#     @microsoft/sarif-multitool (a self-contained .NET build inside the npm
#     package; nothing else is downloaded), running its SARIF rules and its
#     GitHub code scanning (GH) rules.
#
# Both are needed: the multitool silently passes a log it cannot read into
# its object model (an unknown "level" value, for one), and the schema
# cannot check that a ruleIndex points at its rule.
#
# Usage: scripts/validate-sarif.sh [--strict] FILE.sarif...
#   --strict  also fail on the multitool's warnings.
#
# The tools are installed with npm into $SEAMS_SARIF_TOOLS (default
# ${XDG_CACHE_HOME:-$HOME/.cache}/seams-timers/sarif-tools), outside the
# repository, once per version set. The multitool's rule SARIF2006, which
# resolves every URI in the log over the network, is turned off.
set -euo pipefail

MULTITOOL_VERSION=5.7.0
AJV_VERSION=6.12.6
SCHEMA_PACKAGE=@microsoft/jest-sarif@1.0.0-beta.0
SCHEMA_PATH=package/lib/schemas/sarif-2.1.0-rtm.5.json
SCHEMA_SHA256=2d99159ae54a3eea97f81781cff48780548657c35949f4b7f25e99a2ba4de4f8

strict=0
files=()
for arg in "$@"; do
  case "$arg" in
    --strict) strict=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "validate-sarif: unknown option $arg" >&2; exit 2 ;;
    *) files+=("$arg") ;;
  esac
done
if [ ${#files[@]} -eq 0 ]; then
  echo "usage: scripts/validate-sarif.sh [--strict] FILE.sarif..." >&2
  exit 2
fi
for f in "${files[@]}"; do
  if [ ! -f "$f" ]; then
    echo "validate-sarif: $f: no such file" >&2
    exit 2
  fi
done

cache=${SEAMS_SARIF_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/seams-timers/sarif-tools}
stamp="$cache/.installed-$MULTITOOL_VERSION-$AJV_VERSION-${SCHEMA_PACKAGE##*@}"
multitool="$cache/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
schema="$cache/sarif-2.1.0.json"

if [ ! -f "$stamp" ] || [ ! -x "$multitool" ] || [ ! -f "$schema" ]; then
  echo "validate-sarif: installing the SARIF tools into $cache" >&2
  mkdir -p "$cache"
  rm -f "$cache"/.installed-*
  cat > "$cache/package.json" <<EOF
{
  "name": "seams-timers-sarif-tools",
  "private": true,
  "dependencies": {
    "@microsoft/sarif-multitool": "$MULTITOOL_VERSION",
    "@microsoft/sarif-multitool-linux": "$MULTITOOL_VERSION",
    "ajv": "$AJV_VERSION"
  }
}
EOF
  # The multitool's only install script is a chmod, done below.
  (cd "$cache" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
  chmod u+x "$multitool"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "$SCHEMA_PACKAGE" >/dev/null && tar -xzf ./*.tgz "$SCHEMA_PATH")
  got=$(sha256sum "$tmp/$SCHEMA_PATH" | cut -d' ' -f1)
  if [ "$got" != "$SCHEMA_SHA256" ]; then
    echo "validate-sarif: $SCHEMA_PACKAGE ships a schema with sha256 $got, want $SCHEMA_SHA256" >&2
    rm -rf "$tmp"
    exit 3
  fi
  mv "$tmp/$SCHEMA_PATH" "$schema"
  rm -rf "$tmp"
  cat > "$cache/multitool.config.xml" <<'EOF'
<?xml version="1.0" encoding="utf-8"?>
<Properties>
  <Properties Key='SARIF2006.UrisShouldBeReachable.Options'>
    <Property Key='RuleEnabled' Value='Disabled' />
  </Properties>
</Properties>
EOF
  cat > "$cache/schema-check.js" <<'EOF'
// Validates each file named on the command line against the SARIF schema
// given first, printing every error, and exits 1 if any file fails.
'use strict';
const fs = require('fs');
const Ajv = require('ajv');
const [schemaFile, ...files] = process.argv.slice(2);
const ajv = new Ajv({ schemaId: 'id', meta: false, allErrors: true, format: 'full' });
ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-04.json'));
const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));
let failed = 0;
for (const f of files) {
  let doc;
  try {
    doc = JSON.parse(fs.readFileSync(f, 'utf8'));
  } catch (e) {
    console.log(`${f}: error: not JSON: ${e.message}`);
    failed++;
    continue;
  }
  if (!validate(doc)) {
    for (const e of validate.errors) {
      console.log(`${f}: error: schema: ${e.dataPath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
    }
    failed++;
  }
}
process.exit(failed ? 1 : 0);
EOF
  cat > "$cache/report-check.js" <<'EOF'
// Reads the multitool's own SARIF output (argument 1) for the file it
// validated (argument 2), prints its findings, and exits 1 on an error,
// or on a warning when argument 3 is "strict".
'use strict';
const fs = require('fs');
const [out, file, mode] = process.argv.slice(2);
const log = JSON.parse(fs.readFileSync(out, 'utf8'));

// messageText renders a result's message from its rule's message strings.
function messageText(run, r) {
  const m = r.message || {};
  if (m.text) return m.text;
  const rules = (run.tool && run.tool.driver && run.tool.driver.rules) || [];
  const rule = rules[r.ruleIndex] || rules.find((x) => x.id === r.ruleId) || {};
  const template = ((rule.messageStrings || {})[m.id] || {}).text;
  if (!template) return (m.arguments || []).join(': ');
  return template.replace(/\{(\d+)\}/g, (_, i) => (m.arguments || [])[i] || '');
}
let errors = 0, warnings = 0;
for (const run of log.runs || []) {
  for (const r of run.results || []) {
    const level = r.level || 'warning';
    const loc = (((r.locations || [])[0] || {}).physicalLocation || {}).region || {};
    const text = messageText(run, r);
    if (level === 'error') errors++;
    if (level === 'warning') warnings++;
    console.log(`${file}(${loc.startLine || 0},${loc.startColumn || 0}): ${level} ${r.ruleId}: ${text}`);
  }
  for (const inv of run.invocations || []) {
    for (const n of [...(inv.toolExecutionNotifications || []), ...(inv.toolConfigurationNotifications || [])]) {
      const id = (n.descriptor && n.descriptor.id) || '';
      // WRN999 says that a rule was turned off, which this script does on purpose.
      if (id.startsWith('WRN999')) continue;
      const level = n.level || 'warning';
      if (level === 'error') errors++;
      console.log(`${file}: multitool ${level} ${id}: ${(n.message && n.message.text) || ''}`);
    }
    if (inv.executionSuccessful === false) {
      console.log(`${file}: multitool run did not succeed`);
      errors++;
    }
  }
}
process.exit(errors || (mode === 'strict' && warnings) ? 1 : 0);
EOF
  touch "$stamp"
fi

export DOTNET_CLI_TELEMETRY_OPTOUT=1
export DOTNET_BUNDLE_EXTRACT_BASE_DIR="$cache/dotnet-bundle"
if ! ldconfig -p 2>/dev/null | grep -q libicuuc; then
  # Without ICU, .NET runs only in invariant globalization mode.
  export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1
fi

status=0
echo "== SARIF schema ($SCHEMA_PACKAGE, ajv $AJV_VERSION)"
if node "$cache/schema-check.js" "$schema" "${files[@]}"; then
  echo "ok: ${#files[@]} file(s) match the schema"
else
  status=1
fi

echo "== sarif-multitool $MULTITOOL_VERSION validate"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mode=normal
[ "$strict" = 1 ] && mode=strict
for f in "${files[@]}"; do
  # The multitool exits 0 whatever it finds, so its own SARIF output is read.
  # The file comes first: an option that takes a list swallows the
  # arguments that follow it.
  if ! "$multitool" validate "$f" --config "$cache/multitool.config.xml" \
      --rule-kind "Sarif;Gh" --level "Error;Warning" \
      --output "$out/report.sarif" --log ForceOverwrite >"$out/console.txt" 2>&1; then
    head -n 20 "$out/console.txt"
    echo "$f: error: sarif-multitool failed to run"
    status=1
    continue
  fi
  if node "$cache/report-check.js" "$out/report.sarif" "$f" "$mode"; then
    echo "ok: $f"
  else
    status=1
  fi
done
exit $status
