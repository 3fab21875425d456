#!/usr/bin/env bash
# The Action's "Resolve the version" step: decides how the install step gets
# seams-timers and writes method= and version= to $GITHUB_OUTPUT.
#   release  a v1.2.3 tag whose release has a checksums file: download it
#   install  any other version (a tag without a release, a branch, a commit,
#            latest): CGO_ENABLED=0 go install .../cmd/seams-timers@VERSION
#   source   no version and no action ref (uses: ./): build the action's checkout
# Inputs (environment): INPUT_VERSION, ACTION_REF; SEAMS_TIMERS_RELEASES is the
# base URL of the release downloads (tests point it at a local directory).
set -euo pipefail

releases=${SEAMS_TIMERS_RELEASES:-https://github.com/seams/seams-timers/releases/download}
version=${INPUT_VERSION:-${ACTION_REF:-}}
method=install
if [ -z "$version" ]; then
  method=source
elif [[ $version =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  if curl -fsSL -o /dev/null "$releases/$version/seams-timers_${version#v}_checksums.txt" 2>/dev/null; then
    method=release
  else
    echo "seams-timers $version has no release binaries; installing it with go install"
  fi
fi
echo "seams-timers: version '${version:-the action checkout}', method $method"
{
  echo "method=$method"
  echo "version=$version"
} >> "$GITHUB_OUTPUT"
