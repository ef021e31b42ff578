-- Neovim (0.7+) as a real third-party LSP client of puncteme-ls: open a Markdown file, wait for diagnostics, ask for
-- code actions and hover, apply the first quick fix, disable a rule, write everything observed as JSON, quit.
local out = os.getenv('PUNCTEME_NVIM_OUT')
local file = os.getenv('PUNCTEME_NVIM_FILE')
local cmd = vim.fn.json_decode(os.getenv('PUNCTEME_NVIM_CMD'))
local result = { diagnostics = {}, actions = {}, actionKinds = {}, hover = vim.NIL, lines = {}, shownMessages = {}, messageRequests = 0 }

local function finish(err)
  result.error = err
  result.lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  local f = io.open(out, 'w')
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd('qa!')
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
vim.bo[bufnr].filetype = 'markdown'
local uri = vim.uri_from_bufnr(bufnr)
local done = false

-- Neovim 0.7 answers a showMessageRequest with a prompt that blocks the editor: count them (and answer, so that this
-- script goes on); record the non-blocking notifications.
vim.lsp.handlers['window/showMessageRequest'] = function()
  result.messageRequests = result.messageRequests + 1
  return vim.NIL
end
vim.lsp.handlers['window/showMessage'] = function(_, params)
  table.insert(result.shownMessages, params.message)
end

vim.lsp.handlers['textDocument/publishDiagnostics'] = function(_, params)
  if done or params.uri ~= uri or #params.diagnostics == 0 then return end
  done = true
  result.diagnostics = params.diagnostics
  local d = params.diagnostics[1]
  for _, x in ipairs(params.diagnostics) do if x.code == 'doubled-mark' then d = x break end end
  local client = vim.lsp.get_client_by_id(CLIENT_ID)
  client.request('textDocument/hover', { textDocument = { uri = uri }, position = d.range.start }, function(_, hover)
    result.hover = hover or vim.NIL
    local ca = { textDocument = { uri = uri }, range = d.range, context = { diagnostics = { d } } }
    client.request('textDocument/codeAction', ca, function(err, actions)
      if err then return finish('codeAction: ' .. vim.inspect(err)) end
      for _, a in ipairs(actions or {}) do
        table.insert(result.actions, a.title)
        table.insert(result.actionKinds, a.kind or '')
      end
      local fix = (actions or {})[1]
      if fix and fix.edit then vim.lsp.util.apply_workspace_edit(fix.edit, 'utf-16') end
      local disable = { command = 'puncteme.server.disableRule', arguments = { 'doubled-mark', uri } }
      client.request('workspace/executeCommand', disable, function(err2)
        if err2 then return finish('disableRule: ' .. vim.inspect(err2)) end
        vim.defer_fn(function() finish(nil) end, 200)
      end, bufnr)
    end, bufnr)
  end, bufnr)
end

CLIENT_ID = vim.lsp.start_client({ name = 'puncteme', cmd = cmd, root_dir = vim.fn.fnamemodify(file, ':h') })
vim.lsp.buf_attach_client(bufnr, CLIENT_ID)
vim.defer_fn(function() if not done then finish('timed out waiting for diagnostics') end end, 30000)
