-- fceux_probe.lua: run by pyharness/rom/fceux.py inside FCEUX (--loadlua).
-- Advances XQ65_FRAMES frames at maximum speed, then writes "<frames> <value>" to
-- XQ65_OUT, where value is the 16-bit little-endian word at XQ65_ADDR (decimal CPU
-- address, e.g. frame_count from the ld65 label file), and quits FCEUX.
-- With XQ65_SHOT set, it also saves that frame there as PNG (FCEUX shows the 224
-- visible NTSC lines, 8..231).
local frames = tonumber(os.getenv("XQ65_FRAMES") or "120")
local addr = tonumber(os.getenv("XQ65_ADDR") or "")
local out = os.getenv("XQ65_OUT")
local shot = os.getenv("XQ65_SHOT")

local function finish(text)
  if out then
    local f = io.open(out, "w")
    f:write(text)
    f:close()
  end
  emu.exit()
end

if addr == nil or out == nil then
  finish("error: XQ65_ADDR and XQ65_OUT must be set\n")
  return
end

emu.speedmode("maximum")
for _ = 1, frames do
  emu.frameadvance()
end
local value = memory.readbyte(addr) + 256 * memory.readbyte(addr + 1)
if shot and shot ~= "" then
  gui.savescreenshotas(shot)
  emu.frameadvance()          -- the snapshot is written at the end of a frame
end
finish(string.format("%d %d\n", emu.framecount(), value))
