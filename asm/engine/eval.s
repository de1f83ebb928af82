; eval.s -- material + piece-square evaluation, kept as two 16-bit sums (docs/search.md).
.include "engine.inc"
.include "eval_tables.inc"

.importzp sr_ptr1, sr_v, sr_t3, sr_t0
.export ev_add, ev_sub, ev_value, ev_move

.segment "CODE"                 ; fixed bank: bank 0 is full

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
; Subtracts the value of piece code A on square X from its side's sum.
; @param A  piece code; X  square.  @return X preserved
; Clobbers: A, Y, sr_ptr1, sr_t3.  Cycles: ~66 with RTS
.proc ev_sub
        jsr ev_value
        sta sr_ptr1             ; value (sr_ptr1 lo is free again)
        ldy sr_t3
        cpy #BLACK_TAG
        bcc @red
        lda ev_sum+2
        sec
        sbc sr_ptr1
        sta ev_sum+2
        bcs @d
        dec ev_sum+3
@d:     rts
@red:   lda ev_sum
        sec
        sbc sr_ptr1
        sta ev_sum
        bcs @e
        dec ev_sum+1
@e:     rts
.endproc

;;
; A move of piece code A from square X to square Y: its side's sum += value(to) -
; value(from) (C clear on entry), or -= (C set: the unmake).
; Clobbers: A, X, Y, sr_ptr1, sr_t0, sr_t3.  Cycles: ~85 with RTS
.proc ev_move
        php
        sta sr_t3
        stx sr_t0               ; from
        tax
        lda eng_kind,x
        and #7
        tax
        lda pst_page,x
        sta sr_ptr1+1
        lda #0
        sta sr_ptr1
        lda sr_t3
        cmp #BLACK_TAG
        bcs @black
        lda (sr_ptr1),y         ; red: value(to) - value(from)
        ldy sr_t0
        sec
        sbc (sr_ptr1),y
        ldx #0                  ; sum offset
        beq @delta
@black: tya                     ; black: squares rotated, 254 - sq
        eor #$FF
        tay
        dey
        lda sr_t0
        eor #$FF
        sta sr_t0
        dec sr_t0
        lda (sr_ptr1),y
        ldy sr_t0
        sec
        sbc (sr_ptr1),y
        ldx #2
@delta: sta sr_t0               ; delta lo; C clear: negative (borrow)
        lda #0
        sbc #0                  ; delta hi: 0 or $FF
        tay
        plp
        bcs @sub
        lda sr_t0
        clc
        adc ev_sum,x
        sta ev_sum,x
        tya
        adc ev_sum+1,x
        sta ev_sum+1,x
        rts
@sub:   lda ev_sum,x
        sec
        sbc sr_t0
        sta ev_sum,x
        tya
        sta sr_t0
        lda ev_sum+1,x
        sbc sr_t0
        sta ev_sum+1,x
        rts
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
; Static evaluation for the side to move: sum[stm] - sum[opp] + EVAL_ADVANCED.
; @return   sr_v (16-bit signed)
; Clobbers: A.  Cycles: ~40 with RTS
.proc ev_evaluate
        lda eng_side
        bne @black
        lda ev_sum
        sec
        sbc ev_sum+2
        sta sr_v
        lda ev_sum+1
        sbc ev_sum+3
        sta sr_v+1
        jmp @adv
@black: lda ev_sum+2
        sec
        sbc ev_sum
        sta sr_v
        lda ev_sum+3
        sbc ev_sum+1
        sta sr_v+1
@adv:   lda sr_v
        clc
        adc #EVAL_ADVANCED
        sta sr_v
        bcc @done
        inc sr_v+1
@done:  rts
.endproc
