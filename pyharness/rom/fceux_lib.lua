-- fceux_lib.lua: what fceux_probe.lua and fceux_play.lua share, loaded by them with
-- dofile from the path pyharness/rom/fceux.py puts in XQ65_LIB: the RAM address
-- (XQ65_ADDR, decimal), the result file (XQ65_OUT) and the start at maximum speed.
local lib = {}
lib.addr = tonumber(os.getenv("XQ65_ADDR") or "")
lib.out = os.getenv("XQ65_OUT")

-- Write `text` to XQ65_OUT (when set) and quit FCEUX.
function lib.finish(text)
  if lib.out then
    local f = io.open(lib.out, "w")
    f:write(text)
    f:close()
  end
  emu.exit()
end

-- True, with FCEUX at maximum speed, when XQ65_ADDR and XQ65_OUT are set; otherwise
-- the error is written, FCEUX quits and the caller returns.
function lib.start()
  if lib.addr == nil or lib.out == nil then
    lib.finish("error: XQ65_ADDR and XQ65_OUT must be set\n")
    return false
  end
  emu.speedmode("maximum")
  return true
end

return lib
