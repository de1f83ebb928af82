; attack.s -- the attack test (first in the ENGINE segment: its ray loops stay in one page).
.include "engine.inc"

.importzp att_rook, att_cannon, att_horse, att_pawn, att_king, att_pawndir
.importzp att_horses, att_cannons

.segment "ENGINE"

;;
; Is square att_sq attacked by the enemy kinds set by pos_setup_side?  Rooks and the
; flying general along the rays, cannons over one screen, horses (leg checked), pawns
; (sideways attacks are counted without a river test: att_sq must lie on the
; defender's own half, as a king square always does).
; @param att_sq  a playing square on the defender's half
; @return   C set if attacked
; Clobbers: A, X, Y.  Cycles: ~320 average per call in perft 3 of the public positions,
;           ~360 on the king square of random positions (xq65 bench movegen --profile)
.proc pos_attacked
@north: ldx att_sq
@n1:    lda eng_up16,x
        tax
        lda eng_board,x
        beq @n1
        .assert >(@n1) = >*, error, "hot loop branch crosses a page"
        tay
        lda eng_kind,y
        cmp att_rook
        beq @yes
        cmp att_king
        beq @yes
        cmp #KIND_NONE
        beq @south
        ldy att_cannons
        beq @south
@n2:    lda eng_up16,x
        tax
        lda eng_board,x
        beq @n2
        .assert >(@n2) = >*, error, "hot loop branch crosses a page"
        tay
        lda eng_kind,y
        cmp att_cannon
        beq @yes
@south: ldx att_sq
@s1:    lda eng_down16,x
        tax
        lda eng_board,x
        beq @s1
        .assert >(@s1) = >*, error, "hot loop branch crosses a page"
        tay
        lda eng_kind,y
        cmp att_rook
        beq @yes
        cmp att_king
        beq @yes
        cmp #KIND_NONE
        beq @west
        ldy att_cannons
        beq @west
@s2:    lda eng_down16,x
        tax
        lda eng_board,x
        beq @s2
        .assert >(@s2) = >*, error, "hot loop branch crosses a page"
        tay
        lda eng_kind,y
        cmp att_cannon
        bne @west
@yes:   sec
        rts
@west:  ldx att_sq
        ; ---- west ray ----------------------------------------------------------------
@w1:    dex
        lda eng_board,x
        beq @w1
        .assert >(@w1) = >*, error, "hot loop branch crosses a page"
        tay
        lda eng_kind,y
        cmp att_rook
        beq @yes
        cmp #KIND_NONE
        beq @east
        ldy att_cannons
        beq @east
@w2:    dex
        lda eng_board,x
        beq @w2
        .assert >(@w2) = >*, error, "hot loop branch crosses a page"
        tay
        lda eng_kind,y
        cmp att_cannon
        beq @yes
@east:  ldx att_sq
@e1:    inx
        lda eng_board,x
        beq @e1
        .assert >(@e1) = >*, error, "hot loop branch crosses a page"
        tay
        lda eng_kind,y
        cmp att_rook
        beq @yes
        cmp #KIND_NONE
        beq @horses
        ldy att_cannons
        beq @horses
@e2:    inx
        lda eng_board,x
        beq @e2
        .assert >(@e2) = >*, error, "hot loop branch crosses a page"
        tay
        lda eng_kind,y
        cmp att_cannon
        beq @yes
@horses:
        ldx att_sq
        lda att_horses
        beq @pawns
        ; ---- horses: leg = diagonal neighbour of the square --------------------------
        lda eng_board+17,x
        bne @h2
        ldy eng_board+33,x
        lda eng_kind,y
        cmp att_horse
        beq @yesh
        ldy eng_board+18,x
        lda eng_kind,y
        cmp att_horse
        beq @yesh
@h2:    lda eng_board+15,x
        bne @h3
        ldy eng_board+31,x
        lda eng_kind,y
        cmp att_horse
        beq @yesh
        ldy eng_board+14,x
        lda eng_kind,y
        cmp att_horse
        beq @yesh
@h3:    lda eng_board-15,x
        bne @h4
        ldy eng_board-14,x
        lda eng_kind,y
        cmp att_horse
        beq @yesh
        ldy eng_board-31,x
        lda eng_kind,y
        cmp att_horse
        beq @yesh
@h4:    lda eng_board-17,x
        bne @pawns
        ldy eng_board-18,x
        lda eng_kind,y
        cmp att_horse
        beq @yesh
        ldy eng_board-33,x
        lda eng_kind,y
        cmp att_horse
        bne @pawns
@yesh:  sec
        rts
        ; ---- pawns ---------------------------------------------------------------------
@pawns: ldy eng_board-1,x
        lda eng_kind,y
        cmp att_pawn
        beq @yesh
        ldy eng_board+1,x
        lda eng_kind,y
        cmp att_pawn
        beq @yesh
        txa
        clc
        adc att_pawndir
        tay
        lda eng_board,y
        tay
        lda eng_kind,y
        cmp att_pawn
        beq @yesh
@no:    clc
        rts
.endproc
