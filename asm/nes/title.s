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

; CHR-ROM: four 4 KB banks (docs/cartridge.md "CHR-ROM"), in the order of the
; CHR_BANK_* numbers of ui.inc
.segment "CHARS"
    .incbin "title.chr"       ; 0 (CHR_BANK_TITLE), at $0000: the title's background
    .incbin "ui.chr"          ; 1 (CHR_BANK_GAME), at $1000: board, pieces, glyphs, font,
                              ;   sprites
    .incbin "ui_menu.chr"     ; 2 (CHR_BANK_MENU), at $1000 in the menu: font, glyphs,
                              ;   sprites, the level names
    .res $1000, $00           ; 3: free
