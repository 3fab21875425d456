#!/usr/bin/env bash
# The Action's "Install seams-timers" step: puts seams-timers and
# seams-timers-go (the Go engine's analysis, which seams-timers runs for Go
# code) on the PATH of the next steps (through $GITHUB_PATH) by the method
# resolve.sh chose. Every release archive holds both.
# Inputs (environment): METHOD, VERSION, and the runner's RUNNER_OS,
# RUNNER_ARCH, RUNNER_TEMP, GITHUB_ACTION_PATH.
set -euo pipefail

bin="$RUNNER_TEMP/seams-timers-bin"
mkdir -p "$bin"
exe=seams-timers
goexe=seams-timers-go
[ "${RUNNER_OS:-Linux}" = Windows ] && exe=seams-timers.exe && goexe=seams-timers-go.exe

case "$METHOD" in
release)
  releases=${SEAMS_TIMERS_RELEASES:-https://github.com/seams/seams-timers/releases/download}
  case "${RUNNER_OS:-Linux}" in
    Linux) os=linux ;; macOS) os=darwin ;; Windows) os=windows ;;
    *) echo "seams-timers: no release binary for runner OS $RUNNER_OS" >&2; exit 1 ;;
  esac
  case "${RUNNER_ARCH:-X64}" in
    X64) arch=amd64 ;; ARM64) arch=arm64 ;;
    *) echo "seams-timers: no release binary for runner arch $RUNNER_ARCH" >&2; exit 1 ;;
  esac
  ext=tar.gz
  [ "$os" = windows ] && ext=zip
  n=${VERSION#v}
  archive="seams-timers_${n}_${os}_${arch}.$ext"
  dl="$RUNNER_TEMP/seams-timers-download"
  mkdir -p "$dl"
  curl -fsSL -o "$dl/$archive" "$releases/$VERSION/$archive"
  curl -fsSL -o "$dl/checksums.txt" "$releases/$VERSION/seams-timers_${n}_checksums.txt"
  want=$(awk -v f="$archive" '$2 == f { print $1 }' "$dl/checksums.txt")
  if command -v sha256sum >/dev/null 2>&1; then
    got=$(sha256sum "$dl/$archive" | awk '{ print $1 }')
  else
    got=$(shasum -a 256 "$dl/$archive" | awk '{ print $1 }')
  fi
  if [ -z "$want" ] || [ "$want" != "$got" ]; then
    echo "seams-timers: $archive does not match the release's checksums (want '$want', got '$got')" >&2
    exit 1
  fi
  if [ "$ext" = zip ]; then
    unzip -q -o "$dl/$archive" "$exe" "$goexe" -d "$bin"
  else
    tar -xzf "$dl/$archive" -C "$bin" "$exe" "$goexe"
  fi
  ;;
install)
  CGO_ENABLED=0 GOBIN="$bin" go install "github.com/seams/seams-timers/cmd/seams-timers@$VERSION" "github.com/seams/seams-timers/cmd/seams-timers-go@$VERSION"
  ;;
source)
  # A build of the action's own checkout, stamped with what git says it is.
  stamp=$(git -C "$GITHUB_ACTION_PATH" describe --tags --always --dirty 2>/dev/null || true)
  (cd "$GITHUB_ACTION_PATH" && CGO_ENABLED=0 GOBIN="$bin" go install -ldflags "-X main.version=${stamp:-(devel)}" ./cmd/seams-timers ./cmd/seams-timers-go)
  ;;
*)
  echo "seams-timers: unknown install method '$METHOD'" >&2
  exit 1
  ;;
esac
echo "$bin" >> "$GITHUB_PATH"
"$bin/$exe" version
[ -x "$bin/$goexe" ] || { echo "seams-timers: $goexe was not installed beside $exe" >&2; exit 1; }
