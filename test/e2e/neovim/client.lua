-- Drives Neovim's own LSP client against `mcp-caps lsp`, as a user would, and writes what it saw as
-- JSON for test/e2e/neovim.test.ts to check. Run by that test: nvim --headless --clean -c "luafile <this>".
-- Environment: MCP_NVIM_CMD (the server command, a JSON array), MCP_NVIM_ROOT (the workspace),
-- MCP_NVIM_FILE (the file to open), MCP_NVIM_OUT (where to write the result).
-- Works with Neovim 0.7 (Debian 12) and newer: it uses the README's `vim.lsp.start` where it exists.

local out_path = os.getenv("MCP_NVIM_OUT")
local result = { neovim = tostring(vim.version().major) .. "." .. vim.version().minor .. "." .. vim.version().patch, steps = {} }
local finished = false

local function finish(err)
  if finished then return end
  finished = true
  result.error = err
  local f = assert(io.open(out_path, "w"))
  f:write(vim.json.encode(result))
  f:close()
  vim.cmd("qa!")
end

local function step(name) table.insert(result.steps, name) end

-- A deadline for the whole script, whatever happens.
vim.defer_fn(function() finish("timed out after " .. table.concat(result.steps, ", ")) end, 150000)

local function wait(ms, condition, what)
  if not vim.wait(ms, condition, 50) then error("timed out waiting for " .. what) end
end

-- Count the diagnostics the server pushes, then let Neovim handle them as usual.
local pushes = 0
local publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, params, ctx, config)
  pushes = pushes + 1
  return publish(err, params, ctx, config)
end

local function code_of(d)
  local lsp = d.user_data and d.user_data.lsp
  return (lsp and lsp.code) or d.code
end

local function find(bufnr, needle)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local col = line:find(needle, 1, true)
    if col then return i - 1, col - 1 end
  end
  error(needle .. " is not in the buffer")
end

local function main()
  local root = os.getenv("MCP_NVIM_ROOT")
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("MCP_NVIM_FILE")))
  local bufnr = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[bufnr].filetype

  -- The README's configuration, plus a look at the server's answer to `initialize`.
  local config = {
    name = "mcp-caps",
    cmd = vim.json.decode(os.getenv("MCP_NVIM_CMD")),
    root_dir = root,
    on_init = function(_, initialize_result)
      result.server_name = initialize_result.serverInfo and initialize_result.serverInfo.name
    end,
  }
  local client_id
  if vim.lsp.start then
    client_id = vim.lsp.start(config)
  else
    client_id = vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
  wait(30000, function()
    local client = vim.lsp.get_client_by_id(client_id)
    return client ~= nil and client.server_capabilities ~= nil and vim.lsp.buf_is_attached(bufnr, client_id)
  end, "the client to attach")
  step("attached")
  local client = vim.lsp.get_client_by_id(client_id)
  result.attached = true
  result.diagnostic_provider = client.server_capabilities.diagnosticProvider ~= nil

  -- Diagnostics, pushed.
  wait(60000, function() return #vim.diagnostic.get(bufnr) > 0 end, "diagnostics")
  step("diagnostics")
  result.pushes_before_fix = pushes
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(result.diagnostics, { code = code_of(d), lnum = d.lnum, col = d.col, severity = d.severity, message = d.message })
  end

  -- Hover on the class name, as K shows it: the floating window's text.
  local line, col = find(bufnr, "InventoryServer")
  vim.api.nvim_win_set_cursor(0, { line + 1, col + 2 })
  vim.lsp.buf.hover()
  local hover_lines
  wait(30000, function()
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(win).relative ~= "" then
        hover_lines = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false)
        return #hover_lines > 0
      end
    end
    return false
  end, "the hover window")
  step("hover")
  result.hover = table.concat(hover_lines, "\n")
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then vim.api.nvim_win_close(win, true) end
  end

  -- The quick fix on the misspelled handler, chosen from the code action menu.
  line, col = find(bufnr, "handleCompletion")
  vim.api.nvim_win_set_cursor(0, { line + 1, col + 1 })
  result.actions = {}
  vim.ui.select = function(items, opts, on_choice)
    local chosen
    for i, item in ipairs(items) do
      local title = opts.format_item and opts.format_item(item) or tostring(item)
      table.insert(result.actions, title)
      if title:find("Rename to handleComplete", 1, true) and not chosen then chosen = i end
    end
    if chosen then on_choice(items[chosen], chosen) else on_choice(nil, nil) end
  end
  vim.lsp.buf.code_action()
  wait(30000, function()
    return vim.api.nvim_buf_get_lines(bufnr, line, line + 1, false)[1]:find("handleComplete(", 1, true) ~= nil
  end, "the quick fix to apply")
  step("code action")
  result.fixed_line = vim.api.nvim_buf_get_lines(bufnr, line, line + 1, false)[1]

  -- The edit is pushed to the server, which pushes the new diagnostics.
  wait(60000, function()
    if pushes <= result.pushes_before_fix then return false end
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if code_of(d) == "handler-misspelled" then return false end
    end
    return true
  end, "diagnostics without the fixed problem")
  step("diagnostics after the fix")
  result.pushes = pushes

  vim.lsp.stop_client(client_id)
  wait(10000, function() return vim.lsp.get_client_by_id(client_id) == nil end, "the client to stop")
  step("stopped")
end

local ok, err = pcall(main)
finish(not ok and tostring(err) or nil)
