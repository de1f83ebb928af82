; main.s: the main thread after reset: draws the title screen and runs the frame loop.
.include "nes.inc"

.import title_palette, title_nametable

; frames per half-period of the "PRESS START" blink
BLINK_FRAMES = 32

.segment "CODE"

;;
; Main entry after nes_reset (rendering off, RAM cleared, MMC1 set).
; Draws the title, enables NMI and rendering, then loops once per frame:
; waits for the NMI, reads the pad. Never returns.
.proc nes_main
    jsr ppu_clear_oam
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
    jsr pad_read
    jmp @frame
.endproc
