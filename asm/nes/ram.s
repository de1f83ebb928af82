; ram.s -- reserves the NES side's RAM: asm/include/ui_ram.inc, the one list of it,
; included here in define mode (every other asm/nes module includes it in declare mode
; through nes.inc).
NES_RAM_DEFINE = 1
.include "ui.inc"
.include "nes.inc"
