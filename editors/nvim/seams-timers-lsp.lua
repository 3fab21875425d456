-- seams-timers as a language server in Neovim's built-in client
-- (Neovim 0.7 or later; no plugin needed).
--
--   require('seams-timers-lsp').setup()
--   require('seams-timers-lsp').setup({ cmd = { '/path/to/seams-timers', 'lsp' }, inlay_hints = true })
--   require('seams-timers-lsp').setup({ patterns = { '*.bpmn', '*.bpmn20.xml', '*.ttl', '*.nt' } })
--
-- Every file of a kind some engine reads, read or created, is attached to
-- one server per project root (opts.patterns narrows them): BPMN models
-- (*.bpmn, *.bpmn2, *.bpmn20.xml) and index graphs (*.ttl, *.nt), Workflow
-- Engine schemes (*.xml, *.sql seed files), Stateflows C# (*.cs), and
-- Cadence/Temporal Go code and exported histories (*.go, *.json). An XML,
-- SQL or JSON file that is no scheme or history gets no finding. The root is: the
-- directory of the nearest .seams-timers.yaml, else of the nearest .git,
-- else the file's own directory. Diagnostics come as you type;
-- vim.lsp.buf.code_action() offers the fixes and a suppression comment;
-- vim.lsp.buf.hover() on a timer shows its next firings.
local M = {}

M.patterns = { '*.bpmn', '*.bpmn2', '*.bpmn20.xml', '*.ttl', '*.nt', '*.xml', '*.sql', '*.cs', '*.go', '*.json' }

local clients = {} -- root directory -> client id

local function root_of(path)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  local cfg = vim.fn.findfile('.seams-timers.yaml', dir .. ';')
  if cfg ~= '' then
    return vim.fn.fnamemodify(cfg, ':p:h')
  end
  local git = vim.fn.finddir('.git', dir .. ';')
  if git == '' then
    git = vim.fn.findfile('.git', dir .. ';') -- a worktree's .git is a file
  end
  if git ~= '' then
    return vim.fn.fnamemodify(git, ':p:h:h')
  end
  return dir
end

-- attach starts the project's server when it is not running and attaches
-- the buffer to it; it returns the client id.
function M.attach(buf, opts)
  opts = opts or M.opts or {}
  local root = root_of(vim.api.nvim_buf_get_name(buf))
  local id = clients[root]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client({
      name = 'seams-timers',
      cmd = opts.cmd or { 'seams-timers', 'lsp' },
      root_dir = root,
      init_options = { inlayHints = opts.inlay_hints or false },
    })
    clients[root] = id
  end
  if id ~= nil then
    vim.lsp.buf_attach_client(buf, id)
  end
  return id
end

function M.setup(opts)
  M.opts = opts or {}
  vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
    group = vim.api.nvim_create_augroup('seams-timers-lsp', { clear = true }),
    pattern = M.opts.patterns or M.patterns,
    callback = function(args) M.attach(args.buf) end,
  })
end

return M
