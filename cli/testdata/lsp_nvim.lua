-- Drives `rulebench lsp` from Neovim (0.7 and later), headless: opens the
-- ruleset, types an unknown skill id into a skillMod, waits for the
-- diagnostic, asks for hover on a price and completion inside the
-- skillMod, and writes what it got as JSON to $RB_OUT.
local root, out = vim.env.RB_ROOT, vim.env.RB_OUT
local result = { version = vim.version() }
local function finish()
  local f = io.open(out, "w")
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd("qa!")
end
local ok, err = pcall(function()
  local id = vim.lsp.start_client({
    name = "rulebench",
    cmd = { vim.env.RB_BIN, "lsp" },
    cmd_env = { RULEBENCH_TEST_AS_PROGRAM = "1" },
    root_dir = root,
    init_options = { debounceMillis = 50, layers = { "long_dark" } },
  })
  result.started = id ~= nil
  vim.cmd("edit " .. vim.fn.fnameescape(root .. "/ruleset.json"))
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, id)
  result.initialized = vim.wait(20000, function()
    local c = vim.lsp.get_client_by_id(id)
    return c ~= nil and c.initialized
  end, 20)
  local client = vim.lsp.get_client_by_id(id)
  result.encoding = client.offset_encoding

  -- Type an unknown skill id: an x after pathfinding in the skillMod.
  local line = vim.fn.search('"skillMod": "pathfinding"')
  local col = vim.fn.getline(line):find('"pathfinding"', 1, true)
  vim.api.nvim_win_set_cursor(0, { line, col - 1 + #'"pathfinding' - 1 })
  vim.cmd("normal! ax")
  result.typed_line = vim.fn.getline(line)
  result.want = { lnum = line - 1, col = col - 1 }
  result.got_diagnostics = vim.wait(20000, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.lnum == line - 1 then return true end
    end
    return false
  end, 20)
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code
    if code == nil and d.user_data and d.user_data.lsp then code = d.user_data.lsp.code end
    table.insert(result.diagnostics, { lnum = d.lnum, col = d.col, message = d.message, code = code })
  end

  -- Hover on a price.
  local price = vim.fn.search('"cost": {"amount": 6, "unit": "groat"}', "w")
  vim.api.nvim_win_set_cursor(0, { price, vim.fn.getline(price):find('6', 1, true) - 1 })
  local hover = vim.lsp.buf_request_sync(buf, "textDocument/hover", vim.lsp.util.make_position_params(), 10000)
  result.hover = hover and hover[id] and hover[id].result and hover[id].result.contents.value or vim.NIL

  -- Completion inside the skillMod's value.
  vim.api.nvim_win_set_cursor(0, { line, col })
  local items = vim.lsp.buf_request_sync(buf, "textDocument/completion", vim.lsp.util.make_position_params(), 10000)
  result.completion = {}
  local r = items and items[id] and items[id].result
  for _, item in ipairs(r and (r.items or r) or {}) do
    table.insert(result.completion, { label = item.label, detail = item.detail })
  end
  vim.lsp.stop_client(id)
end)
if not ok then result.error = tostring(err) end
finish()
