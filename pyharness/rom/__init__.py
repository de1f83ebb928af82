"""The ROM and what runs it: the build (cc65), its symbols, py65 (`sim`, `asm_engine`),
the cynes emulator (`emu`), FCEUX (`fceux`, `play`) and the browser page (`web`)."""
