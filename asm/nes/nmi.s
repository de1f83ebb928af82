; nmi.s: the NMI handler, the frame counter and the wait-for-NMI of the main thread.
.include "nes.inc"
.include "ui.inc"
.include "engine.inc"
.include "ui_tiles.inc"

.segment "ZEROPAGE"

.segment "BSS"

.segment "OAM"

.segment "CODE"

;;
; NMI (vblank start).  Inside vblank: OAM DMA from oam_buf; then either the palette
; shadow (when nmi_palette_dirty) or the thinking indicator (ui_think_draw, while the
; CPU thinks) and the queued VRAM updates (vram_flush; a frame with a palette upload
; leaves them for the next one); PPUCTRL/PPUMASK/scroll from the nmi_* shadows;
; frame_count += 1.  After the PPU work (no longer vblank-bound): maps the UI bank,
; runs the pad, auto-repeat, the board cursor and the sound effects (ui_nmi_tick),
; maps mmc1_bank back (docs/cartridge.md: the NMI and the bank switch).
; Runs while the main thread thinks: touches no engine RAM except srch_move_now.
; Clobbers: nothing (A, X, Y saved).
; Cycles (tests/test_ui_nmi.py, docs/cycle_budget.md "## NMI"): vblank part <= 1,757
; of the 2,273 of NTSC vblank; whole NMI <= ~2,200 (1,167 a frame while thinking).
.proc nes_nmi
    pha
    txa
    pha
    tya
    pha
    lda #0
    sta OAMADDR
    lda #>oam_buf
    sta OAM_DMA
    bit PPUSTATUS            ; reset the PPUSCROLL/PPUADDR latch
    lda nmi_palette_dirty
    beq @vram
    lda #>PPU_PALETTE
    sta PPUADDR
    ldx #<PPU_PALETTE        ; = 0
    stx PPUADDR
    stx nmi_palette_dirty
@copy_palette:
    lda nmi_palette,x
    sta PPUDATA
    inx
    cpx #32
    bne @copy_palette
    beq @scroll
@vram:
    lda ui_thinking
    beq @flush
    jsr ui_think_draw          ; the thinking indicator (the buffer is empty then)
@flush:
    jsr vram_flush
@scroll:
    lda nmi_scroll_x
    sta PPUSCROLL
    lda nmi_scroll_y
    sta PPUSCROLL
    lda nmi_ppu_ctrl
    sta PPUCTRL
    lda nmi_ppu_mask
    sta PPUMASK
    inc frame_count
    bne @done
    inc frame_count+1
@done:
::nmi_vblank_done = *         ; (cycle measurement: end of the vblank-bound part)
    lda #<.bank(ui_nmi_tick)   ; the UI bank, whatever the main thread has mapped
    jsr mmc1_nmi_map
    jsr ui_nmi_tick
    lda mmc1_bank              ; the main thread's bank back (mmc1.s: NMI-safe switch)
    jsr mmc1_nmi_map
::nmi_restore = *             ; (cycle measurement: the registers are restored from here)
    pla
    tay
    pla
    tax
    pla
    rti
.endproc
.export nmi_vblank_done, nmi_restore

;;
; NMI, vblank part, while the CPU thinks: for the CPU (not a hint) the seconds used
; (ui_sec_hi, ui_sec_lo) at the start of the status line (" 5/30 SEC": play_think
; wrote the rest); then the newest tile of the bar (ui_bar_n tiles of PANEL_W: the
; part of the frame cap used) on row PANEL_BAR_Y, which play_think cleared.
; Clobbers: A, X.  Cycles: 64
.proc ui_think_draw
    lda ui_thinking
    cmp #1
    bne @bar
    lda #>(PPU_NT0 + PANEL_STATUS_Y * 32 + PANEL_L)
    sta PPUADDR
    lda #<(PPU_NT0 + PANEL_STATUS_Y * 32 + PANEL_L)
    sta PPUADDR
    lda ui_sec_hi
    sta PPUDATA
    lda ui_sec_lo
    sta PPUDATA
@bar:
    ldx ui_bar_n
    beq @done
    lda #>(PPU_NT0 + PANEL_BAR_Y * 32 + PANEL_L - 1)
    sta PPUADDR
    txa
    clc
    adc #<(PPU_NT0 + PANEL_BAR_Y * 32 + PANEL_L - 1)
    sta PPUADDR
    lda #UI_BAR
    sta PPUDATA
@done:
    rts
.endproc
.assert >(PPU_NT0 + PANEL_BAR_Y * 32 + PANEL_L - 1) = >(PPU_NT0 + PANEL_BAR_Y * 32 + PANEL_L + PANEL_W), error, "bar crosses a page"

;;
; IRQ/BRK: not used (APU frame IRQ and DMC IRQ are off); returns at once.
; Clobbers: nothing.  Cycles: 13 (7 entry + rti)
.proc nes_irq
    rti
.endproc

;;
; Waits until the next NMI has run (frame_count changes).
; Clobbers: A.  Cycles: up to one frame (29,781).
.proc nes_wait_nmi
    lda frame_count
@wait:
    cmp frame_count
    beq @wait
    rts
.endproc
