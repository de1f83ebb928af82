; eval.s -- material + piece-square evaluation, kept as two 16-bit sums (docs/search.md).
.include "engine.inc"
.include "eval_tables.inc"
.include "eval.inc"

.export ev_add, ev_value
.exportzp EVAL_ADVANCED          ; for EV_EVALUATE in the search (eval.inc)

.assert pst_advisor = pst_king + $100 && pst_bishop = pst_king + $200, error, "PST pages"
.assert pst_knight = pst_king + $300 && pst_rook = pst_king + $400, error, "PST pages"
.assert pst_cannon = pst_king + $500 && pst_pawn = pst_king + $600, error, "PST pages"

.segment "CODE"                 ; fixed bank (mapped with the engine bank while it thinks)

;;
; Value of piece code A on square X: its table (ev_page, chosen at the root by ev_prep)
; at sq for Red, at 254 - sq for Black.
; @param A  board value of the piece (RED_TAG..BLACK_TAG+15); X  square
; @return   A = value (unsigned); X preserved; sr_t3 = the piece code
; Clobbers: Y, sr_ptr1.  Cycles: ~33 with RTS
.proc ev_value
        sta sr_t3
        tay
        lda ev_page-RED_TAG,y
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
; The tables of a search from this position (its root), chosen from its material
; (docs/search.md, "Evaluation"; the twin's Evaluator.rows): ev_page[i] is the page of
; piece i's type, except that both sides' pawns read pst_pawn_end when the two sides'
; attack units (ev_units: 2 a rook, 1 a horse or a cannon) are at most EVAL_END_UNITS, and
; a side whose enemy has at most EVAL_SPARE_UNITS reads the spare guard tables (an
; advisor pst_bishop, a bishop pst_advisor: each is kept in the other's empty squares).
; @return   ev_page
; Clobbers: A, X, Y, sr_t0, sr_t1.  Cycles: ~1,400-1,700 (once a think)
.proc ev_prep
        lda #0
        sta sr_t0               ; Red's attack units
        sta sr_t1               ; Black's
        ldx #31
@unit:  lda eng_piece_sq,x
        beq @nu
        txa
        and #15
        tay
        lda ev_units,y
        cpx #16
        bcs @blk
        adc sr_t0               ; C clear (X < 16)
        sta sr_t0
        bcc @nu                 ; always
@blk:   adc sr_t1               ; C set: one too many, taken back below
        sta sr_t1
        dec sr_t1
@nu:    txa                     ; the type's page
        and #15
        tay
        lda ev_type_page,y
        sta ev_page,x
        dex
        bpl @unit
        lda sr_t0
        clc
        adc sr_t1
        cmp #EVAL_END_UNITS + 1
        bcs @mid
        lda #>pst_pawn_end
        ldx #PIECE_P + 4
@pawn:  sta ev_page,x
        sta ev_page+16,x
        dex
        cpx #PIECE_P
        bcs @pawn
@mid:   ldx #0                  ; Red's guards: by Black's units
        lda sr_t1
        jsr spare
        ldx #16                 ; Black's: by Red's
        lda sr_t0
spare:  cmp #EVAL_SPARE_UNITS + 1
        bcs @no
        lda #>pst_bishop
        sta ev_page+PIECE_A,x
        sta ev_page+PIECE_A+1,x
        lda #>pst_advisor
        sta ev_page+PIECE_B,x
        sta ev_page+PIECE_B+1,x
@no:    rts
.endproc
.assert PIECE_B = PIECE_A + 2 && PIECE_P + 5 = 16, error, "ev_prep: the piece indices"
; make reads ev_page-RED_TAG,x twice a node: one page, no crossing cycle
.assert >ev_page = >(ev_page + 31), lderror, "ev_page crosses a page"

;;
; Both sums from scratch over the piece list, with the tables this position chooses as a
; root (ev_prep).
; @return   ev_sum, ev_page
; Clobbers: A, X, Y, sr_ptr1, sr_t0, sr_t1, sr_t3.  Cycles: ~3,400-5,500
.proc ev_full
        jsr ev_prep
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
