; attack.s -- the attack test (segment ENGINE_ATTACK; .assert keeps its ray loops in one page).
.include "engine.inc"
.include "engine_macros.inc"

; One ray of pos_attacked from att_sq, `delta` a step (ADVANCE): a rook (or, with `king`
; = 1, the flying general) on the first piece goes to `yes`, no second piece (or no
; enemy cannon) to `next`; falls out with Z set (beq) when the second piece is a cannon.
.macro ATT_RAY delta, king, next, yes
        .local first, second
        ldx att_sq
first:  ADVANCE delta
        lda eng_board,x
        beq first
        NOCROSS first
        tay
        lda eng_kind,y
        cmp att_rook
        beq yes
  .if king
        cmp att_king
        beq yes
  .endif
        cmp #KIND_NONE
        beq next
        ldy att_cannons
        beq next
second: ADVANCE delta
        lda eng_board,x
        beq second
        NOCROSS second
        tay
        lda eng_kind,y
        cmp att_cannon
.endmacro


.export pos_attacked_ew, pos_attacked_ns, pos_attacked_k

.segment "ENGINE_ATTACK"

;;
; Is square att_sq attacked by the enemy kinds set by pos_setup_side?  Rooks and the
; flying general along the rays, cannons over one screen, horses (leg checked), pawns
; (sideways attacks are counted without a river test: att_sq must lie on the
; defender's own half, as a king square always does).
; @param att_sq  a playing square on the defender's half
; @return   C set if attacked
; Clobbers: A, X, Y.  Cycles: ~364 on the king square of random positions; the palace
;           entry pos_attacked_k (used by the generator) ~143 per call in perft 3 of the
;           public positions (xq65 bench movegen --profile)
.proc pos_attacked
        lda att_horses          ; any square of the defender's half: every horse counts
        sta att_hnear
k:      ; entry pos_attacked_k: att_sq in the defender's palace, att_hnear as set by
        ; pos_setup_side (a horse off the own half cannot reach the palace)
l_north: ATT_RAY -16, 1, l_south, l_yes
        beq l_yes
l_south: ATT_RAY 16, 1, l_west, l_yes
        bne l_west
l_yes:   sec
        rts
l_west:
ew:     ; entry pos_attacked::ew: west, east, horses, pawns
        ; ---- west and east rays --------------------------------------------------------
        ATT_RAY -1, 0, l_east, l_yes
        beq l_yes
l_east:  ATT_RAY 1, 0, l_horses, l_yes
        beq l_yes
l_horses:
horses: ldx att_sq              ; entry pos_attacked::horses: horses, pawns
        lda att_hnear
        beq l_pawns
        ; ---- horses: leg = diagonal neighbour of the square --------------------------
        lda eng_board+17,x
        bne l_h2
        ldy eng_board+33,x
        lda eng_kind,y
        cmp att_horse
        beq l_yesh
        ldy eng_board+18,x
        lda eng_kind,y
        cmp att_horse
        beq l_yesh
l_h2:    lda eng_board+15,x
        bne l_h3
        ldy eng_board+31,x
        lda eng_kind,y
        cmp att_horse
        beq l_yesh
        ldy eng_board+14,x
        lda eng_kind,y
        cmp att_horse
        beq l_yesh
l_h3:    lda eng_board-15,x
        bne l_h4
        ldy eng_board-14,x
        lda eng_kind,y
        cmp att_horse
        beq l_yesh
        ldy eng_board-31,x
        lda eng_kind,y
        cmp att_horse
        beq l_yesh
l_h4:    lda eng_board-17,x
        bne l_pawns
        ldy eng_board-18,x
        lda eng_kind,y
        cmp att_horse
        beq l_yesh
        ldy eng_board-33,x
        lda eng_kind,y
        cmp att_horse
        bne l_pawns
l_yesh:  sec
        rts
        ; ---- pawns ---------------------------------------------------------------------
l_pawns: ldy eng_board-1,x
        lda eng_kind,y
        cmp att_pawn
        beq l_yesh
        ldy eng_board+1,x
        lda eng_kind,y
        cmp att_pawn
        beq l_yesh
        txa
        clc
        adc att_pawndir
        tay
        lda eng_board,y
        tay
        lda eng_kind,y
        cmp att_pawn
        beq l_yesh
l_no:    clc
        rts
.endproc
; pos_attacked without the north and south rays (west, east, horses, pawns): for a king
; step along a file when the king is not in check (see pos_attacked_ns).
pos_attacked_ew = pos_attacked::ew
pos_attacked_k = pos_attacked::k

;;
; pos_attacked without the west and east rays: is att_sq attacked along its file
; (rook, flying general, cannon), by a horse or by a pawn?  For a king step along a
; rank when the king is not in check (movegen.s: the rank through the king is then safe).
; @param att_sq  a playing square on the defender's half
; @return   C set if attacked
; Clobbers: A, X, Y.  Cycles: ~157 own per call in perft 3, plus the horse/pawn part
.proc pos_attacked_ns
        ATT_RAY -16, 1, south, yes      ; (plain labels: the macro's break @ scopes)
        beq yes
south:  ATT_RAY 16, 1, rest, yes
        bne rest
yes:    sec
        rts
rest:   jmp pos_attacked::horses
.endproc
