; title.s: the title screen data (generated from assets/title.png) and the CHR-ROM.
.include "nes.inc"

.export title_palette, title_nametable, title_sprite_palette

.segment "UIDATA"
.include "title.inc"          ; build/title.inc, made by pyharness/gen/png2chr.py

; sprite palettes (unused on the title; kept for the UI)
title_sprite_palette:
    .byte $0F, $16, $27, $30
    .byte $0F, $0F, $10, $30
    .byte $0F, $0F, $10, $30
    .byte $0F, $0F, $10, $30
.assert title_sprite_palette - title_palette = 16, error, "palette must be 16+16 bytes"

.segment "CHARS"
    .incbin "title.chr"       ; pattern table $0000: background tiles of the title
    .incbin "ui.chr"          ; pattern table $1000: board, pieces, glyphs, font, sprites
