; nmi.s: the NMI handler, the frame counter and the wait-for-NMI of the main thread.
.include "nes.inc"

.segment "ZEROPAGE"
frame_count:  .res 2
nmi_ppu_ctrl: .res 1
nmi_ppu_mask: .res 1
nmi_scroll_x: .res 1
nmi_scroll_y: .res 1
nmi_palette_dirty: .res 1      ; nonzero: the NMI copies nmi_palette to $3F00, clears it

.segment "BSS"
nmi_palette: .res 32           ; palette shadow: 4 background + 4 sprite sub-palettes

.segment "OAM"
oam_buf: .res 256
.assert <oam_buf = 0, error, "oam_buf must be page-aligned for OAM DMA"

.segment "CODE"

;;
; NMI (vblank start). Copies oam_buf to OAM by DMA, the palette shadow to the PPU when
; nmi_palette_dirty is set, writes PPUCTRL/PPUMASK/scroll from the nmi_* shadows and
; adds 1 to frame_count. No other VRAM updates yet: the main thread draws with
; rendering off. Touches no engine RAM; uses 2 stack bytes + the interrupt frame.
; Clobbers: nothing (A, X saved).
; Cycles (with the 7 of the interrupt): ~600, 513-514 of them OAM DMA (2.0% of a
; 29,781-cycle NTSC frame); ~1,100 in a frame with a palette upload.
.proc nes_nmi
    pha
    txa
    pha
    lda #0
    sta OAMADDR
    lda #>oam_buf
    sta OAM_DMA
    bit PPUSTATUS            ; reset the PPUSCROLL/PPUADDR latch
    lda nmi_palette_dirty
    beq @no_palette
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
@no_palette:
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
    pla
    tax
    pla
    rti
.endproc

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
