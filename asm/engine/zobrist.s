; zobrist.s -- 32-bit Zobrist keys from the ROM tables (docs/search.md, "Zobrist keys").
.include "engine.inc"
.include "zobrist.inc"

.importzp sr_key, sr_ptr0, sr_ptr1, sr_t0
.export zob_xor, zob_sq90, zob_sq_of90, zob_move

.segment "RODATA"                ; fixed bank (bank 0 is full)
; per piece code 16..47 (index code - 16): pointer to the kind's row in each byte plane
zob_row0_lo:
.repeat 32, P
    ZI .set P & 15
    ZK .set (ZI >= 1) + (ZI >= 3) + (ZI >= 5) + (ZI >= 7) + (ZI >= 9) + (ZI >= 11) + (P >= 16) * 7
    .byte <(zob_b0 + ZK * 90)
.endrepeat
zob_row0_hi:
.repeat 32, P
    ZI .set P & 15
    ZK .set (ZI >= 1) + (ZI >= 3) + (ZI >= 5) + (ZI >= 7) + (ZI >= 9) + (ZI >= 11) + (P >= 16) * 7
    .byte >(zob_b0 + ZK * 90)
.endrepeat
zob_row1_lo:
.repeat 32, P
    ZI .set P & 15
    ZK .set (ZI >= 1) + (ZI >= 3) + (ZI >= 5) + (ZI >= 7) + (ZI >= 9) + (ZI >= 11) + (P >= 16) * 7
    .byte <(zob_b1 + ZK * 90)
.endrepeat
zob_row1_hi:
.repeat 32, P
    ZI .set P & 15
    ZK .set (ZI >= 1) + (ZI >= 3) + (ZI >= 5) + (ZI >= 7) + (ZI >= 9) + (ZI >= 11) + (P >= 16) * 7
    .byte >(zob_b1 + ZK * 90)
.endrepeat
zob_row2_lo:
.repeat 32, P
    ZI .set P & 15
    ZK .set (ZI >= 1) + (ZI >= 3) + (ZI >= 5) + (ZI >= 7) + (ZI >= 9) + (ZI >= 11) + (P >= 16) * 7
    .byte <(zob_b2 + ZK * 90)
.endrepeat
zob_row2_hi:
.repeat 32, P
    ZI .set P & 15
    ZK .set (ZI >= 1) + (ZI >= 3) + (ZI >= 5) + (ZI >= 7) + (ZI >= 9) + (ZI >= 11) + (P >= 16) * 7
    .byte >(zob_b2 + ZK * 90)
.endrepeat
zob_row3_lo:
.repeat 32, P
    ZI .set P & 15
    ZK .set (ZI >= 1) + (ZI >= 3) + (ZI >= 5) + (ZI >= 7) + (ZI >= 9) + (ZI >= 11) + (P >= 16) * 7
    .byte <(zob_b3 + ZK * 90)
.endrepeat
zob_row3_hi:
.repeat 32, P
    ZI .set P & 15
    ZK .set (ZI >= 1) + (ZI >= 3) + (ZI >= 5) + (ZI >= 7) + (ZI >= 9) + (ZI >= 11) + (P >= 16) * 7
    .byte >(zob_b3 + ZK * 90)
.endrepeat

.segment "CODE"                 ; fixed bank: bank 0 is full

;;
; XORs the key of piece code A (RED_TAG..BLACK_TAG+15) on square X into sr_key.
; @param A  board value of the piece; X  its square
; @return   X preserved
; Clobbers: A, Y, sr_ptr0.  Cycles: ~115 with RTS
.proc zob_xor
        ldy zob_sq90,x
        stx sr_ptr0             ; keep the square
        tax
        lda sr_ptr0
        pha
        lda zob_row0_lo-RED_TAG,x
        sta sr_ptr0
        lda zob_row0_hi-RED_TAG,x
        sta sr_ptr0+1
        lda (sr_ptr0),y
        eor sr_key
        sta sr_key
        lda zob_row1_lo-RED_TAG,x
        sta sr_ptr0
        lda zob_row1_hi-RED_TAG,x
        sta sr_ptr0+1
        lda (sr_ptr0),y
        eor sr_key+1
        sta sr_key+1
        lda zob_row2_lo-RED_TAG,x
        sta sr_ptr0
        lda zob_row2_hi-RED_TAG,x
        sta sr_ptr0+1
        lda (sr_ptr0),y
        eor sr_key+2
        sta sr_key+2
        lda zob_row3_lo-RED_TAG,x
        sta sr_ptr0
        lda zob_row3_hi-RED_TAG,x
        sta sr_ptr0+1
        lda (sr_ptr0),y
        eor sr_key+3
        sta sr_key+3
        pla
        tax
        rts
.endproc

;;
; XORs the keys of piece code A on square X and on square Y into sr_key (a move of the
; piece: one row pointer per plane for both squares).
; @param A  piece code; X  from square; Y  to square
; Clobbers: A, X, Y, sr_ptr0, sr_ptr1.  Cycles: ~170 with RTS
.proc zob_move
        pha
        lda zob_sq90,y
        sta sr_ptr1             ; to90
        lda zob_sq90,x
        sta sr_ptr1+1           ; from90
        pla
        tax
        lda zob_row0_lo-RED_TAG,x
        sta sr_ptr0
        lda zob_row0_hi-RED_TAG,x
        sta sr_ptr0+1
        ldy sr_ptr1+1
        lda (sr_ptr0),y
        ldy sr_ptr1
        eor (sr_ptr0),y
        eor sr_key
        sta sr_key
        lda zob_row1_lo-RED_TAG,x
        sta sr_ptr0
        lda zob_row1_hi-RED_TAG,x
        sta sr_ptr0+1
        ldy sr_ptr1+1
        lda (sr_ptr0),y
        ldy sr_ptr1
        eor (sr_ptr0),y
        eor sr_key+1
        sta sr_key+1
        lda zob_row2_lo-RED_TAG,x
        sta sr_ptr0
        lda zob_row2_hi-RED_TAG,x
        sta sr_ptr0+1
        ldy sr_ptr1+1
        lda (sr_ptr0),y
        ldy sr_ptr1
        eor (sr_ptr0),y
        eor sr_key+2
        sta sr_key+2
        lda zob_row3_lo-RED_TAG,x
        sta sr_ptr0
        lda zob_row3_hi-RED_TAG,x
        sta sr_ptr0+1
        ldy sr_ptr1+1
        lda (sr_ptr0),y
        ldy sr_ptr1
        eor (sr_ptr0),y
        eor sr_key+3
        sta sr_key+3
        rts
.endproc

;;
; XORs the side key into sr_key.
; Clobbers: A.  Cycles: 38 with RTS
.proc zob_xor_side
        lda sr_key
        eor zob_side
        sta sr_key
        lda sr_key+1
        eor zob_side+1
        sta sr_key+1
        lda sr_key+2
        eor zob_side+2
        sta sr_key+2
        lda sr_key+3
        eor zob_side+3
        sta sr_key+3
        rts
.endproc
.export zob_xor_side

;;
; Key of the current position from scratch: XOR of every piece's key, XOR the side key
; when Black is to move.
; @return   sr_key
; Clobbers: A, X, Y, sr_ptr0, sr_t0.  Cycles: ~3,900 (32 pieces)
.proc zob_full
        lda #0
        sta sr_key
        sta sr_key+1
        sta sr_key+2
        sta sr_key+3
        ldx #31
@piece: stx sr_t0
        lda eng_piece_sq,x
        beq @next
        txa
        clc
        adc #RED_TAG            ; A = piece code
        ldy sr_t0
        ldx eng_piece_sq,y      ; X = its square
        jsr zob_xor
@next:  ldx sr_t0
        dex
        bpl @piece
        lda eng_side
        beq @done
        jsr zob_xor_side
@done:  rts
.endproc
