-- fceux_play.lua: run by pyharness/rom/fceux.py (play_script) inside FCEUX (--loadlua).
-- Plays a controller script and dumps RAM.  XQ65_SCRIPT is a list of steps
-- "buttons:frames" separated by spaces; buttons is "-" (none) or names joined by "+"
-- (A B select start up down left right); each step holds them for that many frames.
-- Then writes XQ65_COUNT bytes from XQ65_ADDR (decimal) as hex to XQ65_OUT and quits.
local lib = dofile(os.getenv("XQ65_LIB"))
local script = os.getenv("XQ65_SCRIPT") or ""
local count = tonumber(os.getenv("XQ65_COUNT") or "1")
if not lib.start() then
  return
end
local addr, finish = lib.addr, lib.finish

for step in string.gmatch(script, "%S+") do
  local names, frames = string.match(step, "^([^:]+):(%d+)$")
  if names == nil then
    finish("error: bad step " .. step .. "\n")
    return
  end
  local pad = {}
  if names ~= "-" then
    for name in string.gmatch(names, "[^+]+") do
      pad[name] = true
    end
  end
  for _ = 1, tonumber(frames) do
    joypad.set(1, pad)
    emu.frameadvance()
  end
end
local hex = {}
for i = 0, count - 1 do
  hex[#hex + 1] = string.format("%02x", memory.readbyte(addr + i))
end
finish(table.concat(hex) .. "\n")
