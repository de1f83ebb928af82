; zobrist.s -- 32-bit Zobrist keys from the ROM tables (docs/search.md, "Zobrist keys").
.include "engine.inc"
.include "zobrist.inc"
.include "engine_macros.inc"

.export zob_xor, zob_sq90, zob_sq_of90, zob_k4, zob_sq_lo, zob_sq_hi

.segment "RODATA"                ; fixed bank (mapped with the engine bank while it thinks)
; per piece code 16..47 (index code - RED_TAG): kind * 4, the offset of the piece's key
; in a square's key block (zob_keys, docs/search.md "Zobrist keys")
zob_k4:
.repeat 32, P
    .byte (PIECE_TYPE {P} + (P >= PIECES_SIDE) * TYPE_COUNT) * 4
.endrepeat

.segment "CODE"                 ; fixed bank (mapped with the engine bank while it thinks)

;;
; XORs the key of piece code A (RED_TAG..BLACK_TAG+15) on square X into sr_key.
; (srch_make does the same inline; this one serves zob_full and the book's mirror key.)
; @param A  board value of the piece; X  its square
; @return   X preserved
; Clobbers: A, Y, sr_ptr0.  Cycles: ~78 with RTS
.proc zob_xor
        tay
        lda zob_sq_lo-ZOB_SQ_FIRST,x
        sta sr_ptr0
        lda zob_sq_hi-ZOB_SQ_FIRST,x
        sta sr_ptr0+1
        lda zob_k4-RED_TAG,y
        tay
        lda (sr_ptr0),y
        eor sr_key
        sta sr_key
        iny
        lda (sr_ptr0),y
        eor sr_key+1
        sta sr_key+1
        iny
        lda (sr_ptr0),y
        eor sr_key+2
        sta sr_key+2
        iny
        lda (sr_ptr0),y
        eor sr_key+3
        sta sr_key+3
        rts
.endproc

;;
; XORs the side key into sr_key.
; Clobbers: A.  Cycles: 38 with RTS
.proc zob_xor_side
        lda sr_key
        eor #ZOB_SIDE0
        sta sr_key
        lda sr_key+1
        eor #ZOB_SIDE1
        sta sr_key+1
        lda sr_key+2
        eor #ZOB_SIDE2
        sta sr_key+2
        lda sr_key+3
        eor #ZOB_SIDE3
        sta sr_key+3
        rts
.endproc
.export zob_xor_side
.exportzp ZOB_SQ_FIRST, ZOB_SIDE0, ZOB_SIDE1, ZOB_SIDE2, ZOB_SIDE3

;;
; Key of the current position from scratch: XOR of every piece's key, XOR the side key
; when Black is to move.
; @return   sr_key
; Clobbers: A, X, Y, sr_ptr0, sr_t0.  Cycles: 3,765 (the start position)
.proc zob_full
        ZOB_SUM 0
.endproc
