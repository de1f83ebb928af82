; eval.s -- material + piece-square evaluation, kept as two 16-bit sums (docs/search.md).
.include "engine.inc"
.include "eval_tables.inc"
.include "eval.inc"

.export ev_add, ev_value, ev_page
.exportzp EVAL_ADVANCED          ; for EV_EVALUATE in the search (eval.inc)

.segment "RODATA"               ; fixed bank
; per piece code 16..47 (index code - RED_TAG): the page of its type's PST, so make reads
; a value with one pointer high byte (srch_make; the seven tables are consecutive pages)
ev_page:
.repeat 32, P
    .byte >(pst_king + PIECE_TYPE {P} * 256)
.endrepeat
.assert pst_advisor = pst_king + $100 && pst_bishop = pst_king + $200, error, "PST pages"
.assert pst_knight = pst_king + $300 && pst_rook = pst_king + $400, error, "PST pages"
.assert pst_cannon = pst_king + $500 && pst_pawn = pst_king + $600, error, "PST pages"

.segment "CODE"                 ; fixed bank (mapped with the engine bank while it thinks)

;;
; Value of piece code A on square X: pst[type][sq] for Red, pst[type][254 - sq] for Black.
; @param A  board value of the piece (RED_TAG..BLACK_TAG+15); X  square
; @return   A = value (unsigned); X preserved; sr_t3 = the piece code
; Clobbers: Y, sr_ptr1.  Cycles: ~40 with RTS
.proc ev_value
        sta sr_t3
        tay
        lda eng_kind,y
        and #7
        tay
        lda pst_page,y
        sta sr_ptr1+1
        lda #0
        sta sr_ptr1
        txa
        ldy sr_t3
        cpy #BLACK_TAG
        bcc @red
        eor #$FF
        tay
        dey                     ; 254 - sq
        lda (sr_ptr1),y
        rts
@red:   tay
        lda (sr_ptr1),y
        rts
.endproc

;;
; Adds the value of piece code A on square X to its side's sum.
; @param A  piece code; X  square.  @return X preserved
; Clobbers: A, Y, sr_ptr1, sr_t3.  Cycles: ~62 with RTS
.proc ev_add
        jsr ev_value
        ldy sr_t3
        cpy #BLACK_TAG
        bcc @red
        clc
        adc ev_sum+2
        sta ev_sum+2
        bcc @d
        inc ev_sum+3
@d:     rts
@red:   clc
        adc ev_sum
        sta ev_sum
        bcc @e
        inc ev_sum+1
@e:     rts
.endproc

;;
; Both sums from scratch over the piece list.
; @return   ev_sum
; Clobbers: A, X, Y, sr_ptr1, sr_t3.  Cycles: ~2,000
.proc ev_full
        lda #0
        sta ev_sum
        sta ev_sum+1
        sta ev_sum+2
        sta ev_sum+3
        ldx #31
@piece: lda eng_piece_sq,x
        beq @next
        txa
        pha
        clc
        adc #RED_TAG
        pha
        lda eng_piece_sq,x
        tax
        pla
        jsr ev_add
        pla
        tax
@next:  dex
        bpl @piece
        rts
.endproc

;;
; Static evaluation for the side to move: sum[stm] - sum[opp] + EVAL_ADVANCED, from the
; sums of ply eng_ply (ev_s0..3).
; @return   sr_v (16-bit signed)
; Clobbers: A, X (= eng_ply).  Cycles: ~45 with RTS
.proc ev_evaluate
        ldx eng_ply
        EV_EVALUATE
        rts
.endproc
