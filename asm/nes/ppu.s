; ppu.s: PPU helpers for the main thread (call only with rendering off or in vblank).
.include "nes.inc"

.segment "ZEROPAGE"

.segment "UI"

;;
; Hides all 64 sprites in oam_buf (Y = $FF).
; Clobbers: A, X.  Cycles: ~1,300
.proc ppu_clear_oam
    lda #$FF
    ldx #0
@loop:
    sta oam_buf,x
    inx
    inx
    inx
    inx
    bne @loop
    rts
.endproc

;;
; Copies 32 palette bytes to $3F00.
; @param nes_ptr  address of the 32 bytes
; Clobbers: A, Y.  Cycles: ~600.  Rendering must be off.
.proc ppu_load_palette
    bit PPUSTATUS
    lda #>PPU_PALETTE
    sta PPUADDR
    lda #<PPU_PALETTE
    sta PPUADDR
    ldy #0
@loop:
    lda (nes_ptr),y
    sta PPUDATA
    iny
    cpy #32
    bne @loop
    rts
.endproc

;;
; Copies a full 1024-byte nametable (960 tiles + 64 attribute bytes) to $2000.
; @param nes_ptr  address of the 1024 bytes (advanced by 1024)
; Clobbers: A, X, Y.  Cycles: ~14,000.  Rendering must be off.
.proc ppu_load_nametable
    bit PPUSTATUS
    lda #>PPU_NT0
    sta PPUADDR
    lda #<PPU_NT0
    sta PPUADDR
    ldx #4
    ldy #0
@loop:
    lda (nes_ptr),y
    sta PPUDATA
    iny
    bne @loop
    inc nes_ptr+1
    dex
    bne @loop
    rts
.endproc
