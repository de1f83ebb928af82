; main.s: the main thread after reset: the title screen, then menu and game for ever.
.include "nes.inc"
.include "ui.inc"

.import title_palette, title_nametable

BLINK_FRAMES = 32            ; "PRESS START" shows 32 frames, hides 32 (power of two)
BLINK_SUBPAL = 3             ; the title's sub-palette of "PRESS START"
DEFAULT_LEVEL = 3
.assert (BLINK_FRAMES & (BLINK_FRAMES - 1)) = 0, error, "BLINK_FRAMES: power of two"

.segment "ZEROPAGE"

.segment "UI"

;;
; Main entry after nes_reset (rendering off, RAM cleared, MMC1 set).
; Draws the title, enables NMI and rendering, blinks "PRESS START" until Start; then
; menu (menu_run) and game (play_run) in turn, for ever.  Never returns.
.proc nes_main
    ldy #CHR_BANK_GAME         ; (the title's sprites; the menu and the game set theirs)
    jsr mmc1_chr1_select
    jsr snd_init
    lda #DEFAULT_LEVEL
    sta game_level
    jsr ppu_clear_oam
    ldx #31
@copy_palette:
    lda title_palette,x        ; 16 background + 16 sprite colours
    sta nmi_palette,x
    dex
    bpl @copy_palette
    lda #<title_palette
    sta nes_ptr
    lda #>title_palette
    sta nes_ptr+1
    jsr ppu_load_palette
    lda #<title_nametable
    sta nes_ptr
    lda #>title_nametable
    sta nes_ptr+1
    jsr ppu_load_nametable

    lda #0
    sta nmi_scroll_x
    sta nmi_scroll_y
    lda #MASK_BG | MASK_SPR | MASK_BG_LEFT | MASK_SPR_LEFT
    sta nmi_ppu_mask
    lda #CTRL_NMI | CTRL_SPR_1000
    sta nmi_ppu_ctrl
    bit PPUSTATUS              ; no NMI at once if we are inside vblank already
    sta PPUCTRL                ; the NMI turns rendering on with nmi_ppu_mask
@frame:
    jsr nes_wait_nmi
    jsr title_blink_update
    jsr ev_get
    and #PAD_START
    beq @frame
    lda #CTRL_NMI | CTRL_BG_1000 | CTRL_SPR_1000
    sta nmi_ppu_ctrl
@game:
    jsr menu_run
    jsr play_run
    jmp @game
.endproc

;;
; Shows or hides "PRESS START" (colours 1-3 of sub-palette BLINK_SUBPAL) every
; BLINK_FRAMES frames by editing nmi_palette; the next NMI uploads it.
; Clobbers: A, X, Y.  Cycles: ~20, ~110 when it toggles.
.proc title_blink_update
    lda frame_count
    and #BLINK_FRAMES
    cmp title_blink
    beq @done
    sta title_blink
    ldx #3
@color:
    lda nmi_palette            ; background colour: hidden
    ldy title_blink
    bne @set
    lda title_palette + BLINK_SUBPAL*4,x   ; shown
@set:
    sta nmi_palette + BLINK_SUBPAL*4,x
    dex
    bne @color
    inc nmi_palette_dirty
@done:
    rts
.endproc
