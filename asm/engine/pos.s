; pos.s -- loading a position, make/unmake, the attack test.
.include "engine.inc"

.import pos_attacked_k

.segment "ENGINE"

;;
; Builds the engine position from the input block: eng_board from eng_in_pieces,
; eng_piece_sq = eng_in_pieces, eng_side = eng_in_side & 1, ply 0, move stack empty,
; legality map (mg_dmap) cleared.  The input must be a legal piece list (docs/encoding.md).
; @return   eng_ply = 0
; Clobbers: A, X, Y.  Cycles: ~7,100 (once per position)
.proc eng_load
        ldx #0
        lda #OFFBOARD
@fill:  sta eng_board,x
        inx
        bne @fill
        txa                     ; A = 0
@clr:   sta mg_dmap,x
        inx
        bne @clr
        ldx #$33                ; first playing square (rank16 3, file16 3)
@row:   ldy #9
@col:   sta eng_board,x
        inx
        dey
        bne @col
        txa
        clc
        adc #16 - 9
        tax
        lda #EMPTY
        cpx #$D3
        bne @row
        ldx #31
@piece: lda eng_in_pieces,x
        sta eng_piece_sq,x
        beq @next
        tay
        txa
        clc
        adc #RED_TAG
        sta eng_board,y
@next:  dex
        bpl @piece
        lda eng_in_side
        and #1
        sta eng_side
        lda #0
        sta eng_ply
        sta mv_base_lo
        sta mv_base_hi
        sta mg_stamp
        rts
.endproc

.segment "CODE"                 ; fixed bank (bank 0 is full)
;;
; The attack test's part of pos_setup_side, for a test of the full pos_attacked (which
; sets att_hnear itself): the enemy kinds of the side to move, its pawns' attack
; direction and whether the enemy has horses / cannons at all.  The defender tests
; (qs_see_skip, srch_lazy_bad) need no more.
; Clobbers: A.  Cycles: 63 red, 64 black
.proc pos_setup_att
        lda eng_side
        bne black
red:    lda #<-16
        sta att_pawndir         ; a black pawn attacks from one rank above
        lda #KIND_R | KIND_BLACK
        sta att_rook
        lda #KIND_C | KIND_BLACK
        sta att_cannon
        lda #KIND_N | KIND_BLACK
        sta att_horse
        lda #KIND_P | KIND_BLACK
        sta att_pawn
        lda #KIND_K | KIND_BLACK
        sta att_king
        lda eng_piece_sq+16+5
        ora eng_piece_sq+16+6
        sta att_horses
        lda eng_piece_sq+16+9
        ora eng_piece_sq+16+10
        sta att_cannons
        rts
black:  lda #16
        sta att_pawndir         ; a red pawn attacks from one rank below
        lda #KIND_R
        sta att_rook
        lda #KIND_C
        sta att_cannon
        lda #KIND_N
        sta att_horse
        lda #KIND_P
        sta att_pawn
        lda #KIND_K
        sta att_king
        lda eng_piece_sq+5
        ora eng_piece_sq+6
        sta att_horses
        lda eng_piece_sq+9
        ora eng_piece_sq+10
        sta att_cannons
        rts
.endproc
.segment "ENGINE"


;;
; Sets the per-side variables for the side to move: own tag, piece-list offset, palace,
; half bits, pawn step, own king square, whether an enemy horse stands on the own half
; (att_hnear: only such a horse can reach a palace square), and pos_setup_att's.
; @return   mg_ksq = own king square
; Clobbers: A, X.  Cycles: 111 red, 120 black
.proc pos_setup_side
        lda eng_side
        bne @black
        lda #RED_TAG
        sta mg_own
        lda #0
        sta mg_side16
        lda #SQF_RED_PALACE
        sta mg_palbit
        lda #SQF_RED_HALF
        sta mg_halfbit
        lda #<-16
        sta mg_fwd
        lda eng_piece_sq
        sta mg_ksq
        lda eng_piece_sq+16+5
        ora eng_piece_sq+16+6
        and #$80                ; a black horse on red's half (bit 7: rank16 >= 8)
        sta att_hnear
        jmp pos_setup_att::red
@black: lda #BLACK_TAG
        sta mg_own
        lda #16
        sta mg_side16
        lda #SQF_BLACK_PALACE
        sta mg_palbit
        lda #SQF_BLACK_HALF
        sta mg_halfbit
        lda #16
        sta mg_fwd
        lda eng_piece_sq+16
        sta mg_ksq
        ldx eng_piece_sq+5      ; a red horse on black's half (its square's flags;
        lda eng_sqflags,x       ; square 0, a captured horse, has none)
        ldx eng_piece_sq+6
        ora eng_sqflags,x
        and #SQF_BLACK_HALF
        sta att_hnear
        jmp pos_setup_att::black
.endproc



;;
; Is the side to move in check (flying general included)?
; @return   C set if in check; the per-side variables of pos_setup_side are set
; Clobbers: A, X, Y.  Cycles: ~451 average on random positions
.proc pos_in_check
        jsr pos_setup_side
        lda mg_ksq
        sta att_sq
        jmp pos_attacked_k
.endproc

;;
; Makes the move pos_from -> pos_to (capturing what stands on pos_to), flips the side
; and pushes the undo record of ply eng_ply (undo_from/undo_to/undo_cap), then ply+1.
; @param pos_from, pos_to  a pseudo-legal move of the side to move
; @return   eng_ply incremented
; Clobbers: A, X, Y.  Cycles: 81 (quiet), 92 (capture), with RTS
.proc pos_make
        ldx eng_ply
        ldy pos_to
        lda eng_board,y
        sta undo_cap,x
        beq @quiet
        tax
        lda #0
        sta eng_piece_sq-RED_TAG,x
        ldx eng_ply
@quiet: tya
        sta undo_to,x
        lda pos_from
        sta undo_from,x
        tax
        lda eng_board,x
        sta eng_board,y
        lda #EMPTY
        sta eng_board,x
        ldx eng_board,y
        tya
        sta eng_piece_sq-RED_TAG,x
        lda eng_side
        eor #1
        sta eng_side
        inc eng_ply
        rts
.endproc

;;
; Takes back the move made at ply eng_ply-1, restoring board, piece list and side.
; @return   eng_ply decremented
; Clobbers: A, X, Y, eng_tmp0.  Cycles: 66 (quiet), 77 (capture), with RTS
.proc pos_unmake
        dec eng_ply
        ldx eng_ply
        lda eng_side
        eor #1
        sta eng_side
        ldy undo_to,x
        lda eng_board,y         ; the mover
        sta eng_tmp0
        lda undo_cap,x
        sta eng_board,y
        beq @quiet
        tax                     ; a capture: its piece is back on undo_to
        tya
        sta eng_piece_sq-RED_TAG,x
        ldx eng_ply
@quiet: ldy undo_from,x
        ldx eng_tmp0
        txa
        sta eng_board,y
        tya
        sta eng_piece_sq-RED_TAG,x
        rts
.endproc
