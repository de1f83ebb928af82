; ram.s -- reserves the engine's RAM: asm/include/engine_ram.inc, the one list of it,
; included here in define mode (every other module includes it in declare mode through
; engine.inc).
ENGINE_RAM_DEFINE = 1
.include "engine.inc"
