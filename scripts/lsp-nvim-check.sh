#!/usr/bin/env bash
# Try `seams-timers lsp` with a real client: Neovim's built-in one, headless,
# set up by editors/nvim/seams-timers-lsp.lua. On a copy of examples/ it
# opens broken/reminders.bpmn, waits for the diagnostics, asks for the code
# actions of TMR1004 and applies the quick fix, then checks that the buffer
# (edited, not saved) has no TMR1004 left, that every other finding is the
# one `seams-timers check` reports for the edited text, that the file on
# disk is unchanged, and that hover on the fixed timer shows its firings.
# Then it opens a file of every other engine (a Workflow Engine scheme, a
# Stateflows C# state machine, a Cadence workflow in Go), each attached by
# the set-up's own patterns, and checks that its diagnostics are check's.
#
#   scripts/lsp-nvim-check.sh [SEAMS_TIMERS_BINARY]
#
# It skips (exit 0) when nvim is not installed. Its last line reads
# "lsp-nvim-check: N passed, N failed, N skipped". KEEP=1 keeps the temp dir.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
if ! command -v nvim >/dev/null; then
  echo "skip nvim: not installed"
  echo "lsp-nvim-check: 0 passed, 0 failed, 1 skipped"
  exit 0
fi
command -v jq >/dev/null || { echo "lsp-nvim-check: jq is needed to read the tool's JSON report" >&2; exit 2; }
# shellcheck source=scripts/lsp-fixture.sh
. "$ROOT/scripts/lsp-fixture.sh"

cat > "$WORK/test.lua" <<'LUA'
local root, bin, model, out = os.getenv('ROOT'), os.getenv('BIN'), os.getenv('MODEL'), os.getenv('OUT')
package.path = root .. '/editors/nvim/?.lua;' .. package.path
local st = require('seams-timers-lsp')
st.setup({ cmd = { bin, 'lsp', '--debounce', '50ms' } })
local function rows(buf)
  local r = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(r, string.format('%d:%d %s', d.lnum + 1, d.col + 1, d.code or '-'))
  end
  table.sort(r)
  return r
end
local function has(buf, code)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == code then return d end
  end
end
local function log(msg) vim.fn.writefile({ msg }, out .. '.log', 'a') end

vim.cmd('edit ' .. vim.fn.fnameescape(model)) -- BufReadPost attaches the server
local buf = vim.api.nvim_get_current_buf()
if not vim.wait(30000, function() return has(buf, 'TMR1004') ~= nil end, 50) then
  log('no TMR1004 within 30 s')
end
vim.fn.writefile(rows(buf), out .. '.open')

local d = has(buf, 'TMR1004')
local applied = 0
if d then
  -- As vim.lsp.buf.code_action() does: the range of the diagnostic, and
  -- the diagnostic as LSP has it (Neovim 0.7 keeps code and data of it).
  local range = { start = { line = d.lnum, character = d.col }, ['end'] = { line = d.end_lnum, character = d.end_col } }
  local lspd = vim.tbl_extend('force', d.user_data.lsp, { range = range, message = d.message, severity = d.severity })
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, range = range,
                   context = { diagnostics = { lspd } } }
  local resp = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 10000) or {}
  for id, r in pairs(resp) do
    local client = vim.lsp.get_client_by_id(id)
    if r.err then log('codeAction error: ' .. vim.inspect(r.err)) end
    if r.result == nil or #r.result == 0 then log('no code action for ' .. vim.inspect(params)) end
    for _, a in ipairs(r.result or {}) do
      log('action: ' .. a.title)
      if a.isPreferred and a.kind == 'quickfix' and a.edit then
        vim.lsp.util.apply_workspace_edit(a.edit, client.offset_encoding)
        applied = applied + 1
      end
    end
  end
end
vim.fn.writefile({ tostring(applied) }, out .. '.applied')
if not vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 and has(buf, 'TMR1004') == nil end, 50) then
  log('TMR1004 still there after 30 s')
end
vim.wait(500) -- a late publication of an older version would show here
vim.fn.writefile(rows(buf), out .. '.fixed')
vim.fn.writefile({ vim.api.nvim_buf_get_lines(buf, 11, 12, false)[1], vim.bo[buf].modified and 'modified' or 'saved' }, out .. '.buffer')

local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover',
  { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 11, character = 30 } }, 10000) or {}
for _, r in pairs(hover) do
  if r.result then vim.fn.writefile(vim.split(r.result.contents.value, '\n'), out .. '.hover') end
end

-- A file of every other engine, attached by the set-up's own patterns.
for _, name in ipairs({ 'scheme', 'cs', 'go' }) do
  local path = os.getenv(string.upper(name == 'go' and 'gofile' or name))
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local b = vim.api.nvim_get_current_buf()
  if #vim.lsp.get_active_clients({ bufnr = b }) == 0 then log(name .. ': no server attached to ' .. path) end
  if not vim.wait(60000, function() return #vim.diagnostic.get(b) > 0 end, 50) then
    log(name .. ': no diagnostics within 60 s')
  end
  vim.wait(300)
  vim.fn.writefile(rows(b), out .. '.' .. name)
end
vim.cmd('qall!')
LUA

ver=$(nvim --version | head -1)
ROOT=$ROOT BIN=$BIN MODEL=$MODEL SCHEME=$SCHEME CS=$CS GOFILE=$GOFILE OUT=$WORK/got \
  timeout 300 nvim --headless -u NONE -i NONE -c "luafile $WORK/test.lua" </dev/null >"$WORK/nvim.out" 2>&1 || true
[ -s "$WORK/got.log" ] && sed 's/^/       nvim: /' "$WORK/got.log"

same "nvim ($ver): diagnostics on open equal check's" "$WORK/want.open" "$WORK/got.open"
if grep -q ' TMR1004$' "$WORK/got.open" 2>/dev/null; then ok "nvim: TMR1004 received"; else bad "nvim: no TMR1004 on open"; fi
if [ "$(cat "$WORK/got.applied" 2>/dev/null)" = 1 ]; then ok "nvim: the quick fix for TMR1004 applied"; else bad "nvim: quick fixes applied: $(cat "$WORK/got.applied" 2>/dev/null || echo none)"; fi
same "nvim: diagnostics after the fix equal check's on the fixed text" "$WORK/want.fixed" "$WORK/got.fixed"
if [ -f "$WORK/got.fixed" ] && ! grep -q ' TMR1004$' "$WORK/got.fixed"; then ok "nvim: the buffer has no TMR1004 left"; else bad "nvim: TMR1004 left after the fix"; fi
fixed_buffer nvim "$WORK/got.buffer"
if grep -q '^Next .*firing' "$WORK/got.hover" 2>/dev/null && grep -q '^- `[0-9]\{4\}-' "$WORK/got.hover" && grep -q 'Unquoted' "$WORK/got.hover"; then
  ok "nvim: hover on the fixed timer shows its firing"
else
  bad "nvim: hover" "$WORK/got.hover"
fi
same "nvim: a Workflow Engine scheme's diagnostics equal check's" "$WORK/want.scheme" "$WORK/got.scheme"
same "nvim: a Stateflows C# file's diagnostics equal check's" "$WORK/want.cs" "$WORK/got.cs"
same "nvim: a Cadence workflow's diagnostics equal check's" "$WORK/want.go" "$WORK/got.go"
if [ "$failed" != 0 ]; then sed 's/^/       nvim output: /' "$WORK/nvim.out" | tail -20; fi
echo "lsp-nvim-check: $passed passed, $failed failed, 0 skipped"
[ "$failed" = 0 ]
