#!/usr/bin/env bash
# Times an edit in a real client: Neovim's built-in LSP client, headless,
# from the edit of a model (nvim_buf_set_text: six digits of a comment
# rewritten, so every edit is a real one and the findings stay the same)
# to the publishDiagnostics of that version, for this checkout's binary and
# the one built at another revision, sessions interleaved old/new:
#   1. 200 generated models with their index graph;
#   2. 2,000 models with their index graph;
#   3. 200 models with a 1,000,000-triple index graph.
# The client sends each change at once (debounce_text_changes = 0) and the
# server checks at once (--debounce 0). It prints, per case and binary, the
# median, the 90th percentile and the range of the edits' times in ms.
# Usage: bash bench/lsp-latency.sh [OLD_REV [EDITS [ROUNDS]]]
#   EDITS edits per session (the old binary's 1M-triple session makes at
#   most 5: each costs seconds), ROUNDS sessions per binary and case.
set -euo pipefail
export CGO_ENABLED=0
cd "$(dirname "$0")/.."
command -v nvim >/dev/null || { echo "lsp-latency: nvim is not installed" >&2; exit 2; }
old_rev=${1:-main}
edits=${2:-30}
rounds=${3:-2}
out=bench/out/lsp-latency
rm -rf "$out"; mkdir -p "$out"
tree=$(mktemp -d)
trap 'git worktree remove --force "$tree" >/dev/null 2>&1 || true; rm -rf "$tree"' EXIT
git worktree add --detach -q "$tree" "$old_rev"
(cd "$tree" && go build -o "$OLDPWD/$out/old" ./cmd/seams-timers)
go build -o "$out/new" ./cmd/seams-timers
go run -tags devtools ./bench/genmodels -n 200 -index -out "$out/p200" >/dev/null
go run -tags devtools ./bench/genmodels -n 2000 -index -out "$out/p2000" >/dev/null
go run -tags devtools ./bench/genmodels -n 200 -out "$out/p1m" >/dev/null
go run -tags devtools ./bench/genindex -n 200 -triples 1000000 -out "$out/p1m/index.ttl"

cat > "$out/latency.lua" <<'LUA'
local bin, file, out, n = os.getenv('BIN'), os.getenv('FILE'), os.getenv('OUT'), tonumber(os.getenv('EDITS'))
local want, got = nil, nil
local default = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  if result and (want == nil or result.version == want) then got = vim.loop.hrtime() end
  return default(err, result, ctx, config)
end
local function log(msg) vim.fn.writefile({ msg }, out .. '.log', 'a') end
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({ name = 'seams-timers', cmd = { bin, 'lsp', '--debounce', '0' },
  root_dir = vim.fn.fnamemodify(file, ':p:h'), flags = { debounce_text_changes = 0 } })
vim.lsp.buf_attach_client(buf, id)
if not vim.wait(600000, function() return got ~= nil end, 1) then log('no diagnostics on open'); vim.cmd('qa!') end
-- A comment on line 2, whose digits each edit rewrites.
local function edit(row, c0, c1, text)
  got = nil
  local start = vim.loop.hrtime()
  vim.api.nvim_buf_set_text(buf, row, c0, row, c1, { text })
  want = vim.api.nvim_buf_get_changedtick(buf)
  if not vim.wait(600000, function() return got ~= nil end, 1) then log('no diagnostics for version ' .. want); return nil end
  return (got - start) / 1e6
end
edit(1, 0, 0, '<!-- edit 000000 -->')
local times = {}
for i = 1, n do
  local ms = edit(1, 10, 16, string.format('%06d', i))
  if ms == nil then break end
  table.insert(times, string.format('%.3f', ms))
end
vim.fn.writefile(times, out)
vim.lsp.stop_client(id)
vim.cmd('qa!')
LUA

session() { # binary case edits file
  local res="$out/$2.$1.$RANDOM"
  BIN="$PWD/$out/$1" FILE="$PWD/$4" OUT="$PWD/$res" EDITS=$3 \
    timeout 1800 nvim --headless -u NONE -i NONE -c "luafile $out/latency.lua" </dev/null >/dev/null 2>&1 || true
  [ -s "$res.log" ] && sed "s/^/$2 $1: /" "$res.log" >&2
  cat "$res" >>"$out/$2.$1" 2>/dev/null || true
}
stats() { # file -> "median p90 min-max n"
  sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR == 0) { print "no samples"; exit }
    m = v[int((NR + 1) / 2)]; p = v[int(NR * 0.9 + 0.999)]; if (p == "") p = v[NR]
    printf "median %8.1f ms   p90 %8.1f ms   range %.1f-%.1f ms   (%d edits)\n", m, p, v[1], v[NR], NR }'
}
echo "old: $(git rev-parse --short "$old_rev")   new: $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (dirty)')   nvim: $(nvim --version | head -1)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   cores: $(nproc)"
for c in p200 p2000 p1m; do
  old_edits=$edits
  [ "$c" = p1m ] && old_edits=$(( edits < 5 ? edits : 5 ))
  for _ in $(seq "$rounds"); do
    session old "$c" "$old_edits" "$out/$c/model00000.bpmn"
    session new "$c" "$edits" "$out/$c/model00000.bpmn"
  done
  for b in old new; do printf '%-6s %-4s %s\n' "$c" "$b" "$(stats "$out/$c.$b" 2>/dev/null || echo 'no samples')"; done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
