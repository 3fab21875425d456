-- seams-timers for Neovim with nvim-lint (https://github.com/mfussenegger/nvim-lint).
--
-- Copy this file to ~/.config/nvim/lua/seams-timers.lua, then in init.lua:
--
--   require('seams-timers').setup()
--
-- The linter sends the buffer on stdin, unsaved edits included, and names it
-- with --stdin-filename, so seams-timers finds the config and the index graph
-- from the buffer's path. It runs on *.bpmn and *.bpmn20.xml when a buffer is
-- read, written, or changed in normal mode, or leaving insert mode.
-- For :make without nvim-lint, see ../vim/compiler/seams-timers.vim.

local M = {}

M.cmd = 'seams-timers'
M.args = { 'check', '--color', 'never', '--show-source=false', '--quiet' }
M.file_patterns = { '*.bpmn', '*.bpmn20.xml' }

-- One finding a line: path:line:col: severity: message [ID name]
M.pattern = '^(.-):(%d+):(%d+): (%a+): (.*) %[(%u+%d+)[^%]]*%]$'
M.groups = { 'file', 'lnum', 'col', 'severity', 'message', 'code' }

-- The same lines as a Vim errorformat (for lint.parser.from_errorformat,
-- :cexpr or :make).
M.errorformat = '%f:%l:%c: %trror: %m,%f:%l:%c: %tarning: %m,%f:%l:%c: %tnfo: %m,%-G%.%#'

--- The nvim-lint linter definition.
function M.linter()
  local sev = vim.diagnostic.severity
  local args = vim.deepcopy(M.args)
  vim.list_extend(args, {
    '--stdin-filename',
    function()
      return vim.api.nvim_buf_get_name(0)
    end,
    '-',
  })
  return {
    cmd = M.cmd,
    stdin = true,
    args = args,
    stream = 'stdout',
    -- 1 means "findings"; 2 (usage) and 3 (internal) print to stderr only.
    ignore_exitcode = true,
    -- The file group keeps only the lines about this buffer.
    parser = require('lint.parser').from_pattern(
      M.pattern,
      M.groups,
      { error = sev.ERROR, warning = sev.WARN, info = sev.INFO },
      { source = 'seams-timers' }
    ),
  }
end

--- Register the linter as 'seams_timers' and lint BPMN buffers.
---@param opts? { cmd?: string, events?: string[] }
function M.setup(opts)
  opts = opts or {}
  if opts.cmd then
    M.cmd = opts.cmd
  end
  local lint = require('lint')
  lint.linters.seams_timers = M.linter()
  local group = vim.api.nvim_create_augroup('seams-timers', { clear = true })
  vim.api.nvim_create_autocmd(opts.events or { 'BufReadPost', 'BufWritePost', 'InsertLeave', 'TextChanged' }, {
    group = group,
    pattern = M.file_patterns,
    callback = function()
      lint.try_lint('seams_timers')
    end,
  })
end

return M
