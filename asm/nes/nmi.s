; nmi.s: the NMI handler, the frame counter and the wait-for-NMI of the main thread.
.include "nes.inc"

.segment "ZEROPAGE"
frame_count:  .res 2
nmi_ppu_ctrl: .res 1
nmi_ppu_mask: .res 1
nmi_scroll_x: .res 1
nmi_scroll_y: .res 1

.segment "OAM"
oam_buf: .res 256
.assert <oam_buf = 0, error, "oam_buf must be page-aligned for OAM DMA"

.segment "CODE"

;;
; NMI (vblank start). Copies oam_buf to OAM by DMA, writes PPUCTRL/PPUMASK/scroll from
; the nmi_* shadows and adds 1 to frame_count. No VRAM updates yet: the main thread
; draws with rendering off. Does not touch the engine's RAM or its stack use beyond
; 3 bytes + the interrupt frame.
; Clobbers: nothing (A saved).  Cycles: ~560, of which 513-514 are the OAM DMA.
.proc nes_nmi
    pha
    lda #0
    sta OAMADDR
    lda #>oam_buf
    sta OAM_DMA
    bit PPUSTATUS            ; reset the PPUSCROLL/PPUADDR latch
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
    rti
.endproc

;;
; IRQ/BRK: not used (APU frame IRQ and DMC IRQ are off); returns at once.
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
