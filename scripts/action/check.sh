#!/usr/bin/env bash
# The Action's "Check" step, run in the working-directory input: runs
# seams-timers check with annotations on stdout (--format github), a SARIF
# file when asked, and a Markdown table appended to $GITHUB_STEP_SUMMARY.
# It never fails itself: it writes exit= (the check's exit code) and sarif=
# (the absolute path of the SARIF file, empty when none was written) to
# $GITHUB_OUTPUT, and the last step of the action fails on them.
# Inputs (environment): INPUT_PATHS (one path per line), INPUT_FAIL_ON,
# INPUT_NEW_FROM_REV, INPUT_SARIF_FILE, INPUT_SUMMARY.
set -uo pipefail

paths=()
while IFS= read -r line || [ -n "$line" ]; do
  line=${line%$'\r'}
  # Leading and trailing blanks are YAML's, not the path's.
  line="${line#"${line%%[![:space:]]*}"}"
  line="${line%"${line##*[![:space:]]}"}"
  [ -n "$line" ] && paths+=("$line")
done <<< "${INPUT_PATHS:-.}"
[ ${#paths[@]} -gt 0 ] || paths=(.)

args=(check --format github --fail-on "${INPUT_FAIL_ON:-error}")
sarif=""
if [ -n "${INPUT_SARIF_FILE:-}" ]; then
  case "$INPUT_SARIF_FILE" in
    /*) sarif=$INPUT_SARIF_FILE ;;
    *) sarif="$PWD/$INPUT_SARIF_FILE" ;;
  esac
  rm -f -- "$sarif"
  args+=(--format "sarif=$sarif")
fi
summary=""
if [ "${INPUT_SUMMARY:-true}" = true ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  summary="${RUNNER_TEMP:-/tmp}/seams-timers-summary.md"
  rm -f -- "$summary"
  args+=(--format "markdown=$summary")
fi
[ -n "${INPUT_NEW_FROM_REV:-}" ] && args+=(--new-from-rev "$INPUT_NEW_FROM_REV")
# GitHub resolves annotation and SARIF paths against the repository's root:
# from a working-directory below it, every path is printed with that
# directory before it.
if [ -n "${GITHUB_WORKSPACE:-}" ]; then
  ws=$(cd "$GITHUB_WORKSPACE" && pwd -P)
  here=$(pwd -P)
  case "$here/" in
    "$ws/"?*) args+=(--path-prefix "${here#"$ws/"}") ;;
  esac
fi

seams-timers "${args[@]}" -- "${paths[@]}"
code=$?

[ -n "$sarif" ] && [ ! -f "$sarif" ] && sarif=""
if [ -n "$summary" ] && [ -f "$summary" ]; then
  cat "$summary" >> "$GITHUB_STEP_SUMMARY"
fi
{
  echo "exit=$code"
  echo "sarif=$sarif"
} >> "$GITHUB_OUTPUT"
