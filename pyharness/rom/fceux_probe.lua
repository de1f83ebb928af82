-- fceux_probe.lua: run by pyharness/rom/fceux.py inside FCEUX (--loadlua).
-- Advances XQ65_FRAMES frames at maximum speed, then writes "<frames> <value>" to
-- XQ65_OUT, where value is the 16-bit little-endian word at XQ65_ADDR (decimal CPU
-- address, e.g. frame_count from the ld65 label file), and quits FCEUX.
-- With XQ65_SHOT set, it also saves that frame there as PNG (FCEUX shows the 224
-- visible NTSC lines, 8..231).
local lib = dofile(os.getenv("XQ65_LIB"))
local frames = tonumber(os.getenv("XQ65_FRAMES") or "120")
local shot = os.getenv("XQ65_SHOT")
if not lib.start() then
  return
end
local addr, finish = lib.addr, lib.finish

for _ = 1, frames do
  emu.frameadvance()
end
local value = memory.readbyte(addr) + 256 * memory.readbyte(addr + 1)
if shot and shot ~= "" then
  gui.savescreenshotas(shot)
  emu.frameadvance()          -- the snapshot is written at the end of a frame
end
finish(string.format("%d %d\n", emu.framecount(), value))
