; vram.s: the VRAM update buffer.  The main thread queues nametable/attribute writes,
; the NMI copies them to the PPU inside vblank.  In "direct" mode (rendering and NMI
; off, full-screen draws) the same calls write the PPU at once.
.include "nes.inc"
.include "ui.inc"

.export vram_begin, vram_put, vram_end
.export VRAM_CAP

.segment "ZEROPAGE"

.segment "BSS"

.segment "UI"

;;
; Starts an entry of Y bytes to PPU address A:X (hi:lo).  Waits for the NMI when the
; buffer lacks room.  Direct mode: sets PPUADDR at once.
; @param A, X  PPU address hi, lo;  Y  byte count (1..VRAM_CAP-4)
; Clobbers: A, X.  Cycles: ~60 (more when it waits for a frame)
.proc vram_begin
    sta vram_hi
    stx vram_lo
    lda vram_direct
    beq @room
    bit PPUSTATUS
    lda vram_hi
    sta PPUADDR
    stx PPUADDR
    rts
@room:
    tya
    clc
    adc #4
    adc vram_len
    cmp #VRAM_CAP + 1
    bcc @fits
    jsr nes_wait_nmi           ; the NMI empties the buffer (clobbers A only)
    jmp @room
@fits:
    lda #1
    sta vram_lock
    ldx vram_len
    lda vram_hi
    sta vram_buf,x
    lda vram_lo
    sta vram_buf+1,x
    tya
    sta vram_buf+2,x
    inx
    inx
    inx
    stx vram_wr
    rts
.endproc

;;
; Appends A to the current entry (or writes PPUDATA in direct mode).
; Clobbers: X.  Y preserved.  Cycles: ~25
.proc vram_put
    ldx vram_direct
    bne @direct
    ldx vram_wr
    sta vram_buf,x
    inc vram_wr
    rts
@direct:
    sta PPUDATA
    rts
.endproc

;;
; Closes the current entry: it becomes visible to the NMI.
; Clobbers: A, X.  Cycles: ~25
.proc vram_end
    lda vram_direct
    bne @done
    ldx vram_wr
    lda #0
    sta vram_buf,x
    stx vram_len
    sta vram_lock
@done:
    rts
.endproc

.segment "CODE"                ; fixed bank: the NMI runs it whatever bank is mapped

;;
; NMI part: copies the queued entries to the PPU and empties the buffer (skipped while
; the main thread holds vram_lock).  Call only inside vblank, PPUSTATUS latch reset.
; Clobbers: A, X, Y.  Cycles: 14 empty; 25 + 21 per entry + 15 per byte
; (<= ~1,300 for a full VRAM_CAP buffer).
.proc vram_flush
    lda vram_lock
    bne @done
    ldx #0
@entry:
    lda vram_buf,x
    beq @end
    sta PPUADDR
    lda vram_buf+1,x
    sta PPUADDR
    ldy vram_buf+2,x
    inx
    inx
    inx
@byte:
    lda vram_buf,x
    sta PPUDATA
    inx
    dey
    bne @byte
    beq @entry
@end:
    lda #0
    sta vram_len
    sta vram_buf
@done:
    rts
.endproc
