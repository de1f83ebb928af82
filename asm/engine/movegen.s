; movegen.s -- legal move generation in the order of docs/encoding.md.
;
; Legality filter: while the side to move is not in check, a non-king move can only
; expose its own king if it leaves a square on the king's rank or file or a diagonal
; neighbour of the king (a horse leg), or lands on the king's rank or file (a new cannon
; screen).  lg_map marks those squares per side (bit mg_frombit: line or diagonal,
; bit mg_linebit: line); it is rebuilt only when that side's king has moved.  Only the
; moves it flags, every king move and every move while in check get the full test
; (make on the board, pos_attacked on the king square, unmake).
.include "engine.inc"

.importzp mg_from, mg_to, mg_cap, mg_full, mg_ksq, mg_incheck, mg_own
.importzp mg_linebit, mg_frombit, mg_palbit, mg_halfbit, mg_side16, mg_fwd
.importzp eng_tmp0, eng_tmp1
.import lg_map, lg_ksq, pos_setup_side

.assert (MV_CAP & $FF) = 0, error, "MV_CAP must be a multiple of 256"
.assert mv_to_stk = mv_from_stk + MV_CAP, error, "mv_to_stk must follow mv_from_stk"

.segment "ENGINE"

;;
; Points mg_fptr/mg_tptr at the move list of ply X.
; @param X  ply
; Clobbers: A.  Cycles: 30
.proc mg_set_ptrs
        lda mv_base_lo,x
        sta mg_fptr
        sta mg_tptr
        lda mv_base_hi,x
        clc
        adc #>mv_from_stk
        sta mg_fptr+1
        adc #>MV_CAP
        sta mg_tptr+1
        rts
.endproc

;;
; Generates the legal moves of the side to move into the move list of ply eng_ply, in
; the reference order (docs/encoding.md).  Move i is (mg_fptr),i -> (mg_tptr),i.
; @param eng_ply  the ply; mv_base_lo/hi[eng_ply] = first free slot of the move stack
; @return   mg_count = mv_count[ply] = moves written; mv_base[ply+1] = base + count;
;           C set (and no moves) if ply >= MAX_PLY or fewer than MG_MAX slots are free
; Clobbers: A, X, Y, eng_tmp0-1, att_sq.  Cycles: ~2,900 at the start position
;           (xq65 bench movegen)
.proc mg_generate
        ldx eng_ply
        cpx #MAX_PLY
        bcs full_stack
        lda mv_base_lo,x
        cmp #<(MV_CAP - MG_MAX + 1)
        lda mv_base_hi,x
        sbc #>(MV_CAP - MG_MAX + 1)
        bcc room
        lda #0
        sta mv_count,x
full_stack:
        lda #0
        sta mg_count
        sec
        rts
room:
        jsr mg_set_ptrs
        jsr pos_setup_side
        ldx eng_side
        lda mg_ksq
        cmp lg_ksq,x
        beq @lg_ok
        jsr mg_lg_rebuild
@lg_ok: lda mg_ksq
        sta att_sq
        jsr pos_attacked
        lda #0
        sta mg_count
        rol a                   ; 1 if in check
        sta mg_incheck

.macro PIECE idx, gen
        .local skip
        ldx mg_side16
        lda eng_piece_sq+idx,x
        beq skip
        sta mg_from
        tax
        lda lg_map,x
        and mg_frombit
        ora mg_incheck
        sta mg_full
        jsr gen
skip:
.endmacro
        PIECE 0, mg_gen_king
        PIECE 1, mg_gen_advisor
        PIECE 2, mg_gen_advisor
        PIECE 3, mg_gen_bishop
        PIECE 4, mg_gen_bishop
        PIECE 5, mg_gen_knight
        PIECE 6, mg_gen_knight
        PIECE 7, mg_gen_rook
        PIECE 8, mg_gen_rook
        PIECE 9, mg_gen_cannon
        PIECE 10, mg_gen_cannon
        PIECE 11, mg_gen_pawn
        PIECE 12, mg_gen_pawn
        PIECE 13, mg_gen_pawn
        PIECE 14, mg_gen_pawn
        PIECE 15, mg_gen_pawn

        ldx eng_ply
        lda mg_count
        sta mv_count,x
        clc
        adc mv_base_lo,x
        sta mv_base_lo+1,x
        lda mv_base_hi,x
        adc #0
        sta mv_base_hi+1,x
        clc
        rts
.endproc

;;
; Rebuilds the lg_map bits of the side to move for its king on mg_ksq: clears the marks
; of the old king square lg_ksq[side], marks rank and file (line + from bits) and the
; four diagonal neighbours (from bit).
; Clobbers: A, X, Y, eng_tmp0-1.  Cycles: ~900 (only after that side's king moved)
.proc mg_lg_rebuild
        lda lg_ksq,x
        beq @mark
        sta eng_tmp0
        lda mg_linebit
        ora mg_frombit
        eor #$FF
        sta eng_tmp1
        jsr mg_lg_and_lines
        ldx eng_tmp0
        lda lg_map-17,x
        and eng_tmp1
        sta lg_map-17,x
        lda lg_map-15,x
        and eng_tmp1
        sta lg_map-15,x
        lda lg_map+15,x
        and eng_tmp1
        sta lg_map+15,x
        lda lg_map+17,x
        and eng_tmp1
        sta lg_map+17,x
@mark:  lda mg_ksq
        sta eng_tmp0
        lda mg_linebit
        ora mg_frombit
        sta eng_tmp1
        jsr mg_lg_ora_lines
        ldx eng_tmp0
        lda mg_frombit
        ora lg_map-17,x
        sta lg_map-17,x
        lda mg_frombit
        ora lg_map-15,x
        sta lg_map-15,x
        lda mg_frombit
        ora lg_map+15,x
        sta lg_map+15,x
        lda mg_frombit
        ora lg_map+17,x
        sta lg_map+17,x
        ldx eng_side
        lda mg_ksq
        sta lg_ksq,x
        rts
.endproc

.macro LG_LINES op
        lda eng_tmp0
        and #$F0
        ora #3
        tax
        ldy #9
:       lda lg_map,x
        op eng_tmp1
        sta lg_map,x
        inx
        dey
        bne :-
        lda eng_tmp0
        and #$0F
        ora #$30
        tax
        ldy #10
:       lda lg_map,x
        op eng_tmp1
        sta lg_map,x
        txa
        clc
        adc #16
        tax
        dey
        bne :-
        rts
.endmacro

; lg_map &= eng_tmp1 on the rank and file of square eng_tmp0.
.proc mg_lg_and_lines
        LG_LINES and
.endproc

; lg_map |= eng_tmp1 on the rank and file of square eng_tmp0.
.proc mg_lg_ora_lines
        LG_LINES ora
.endproc

;;
; Emits the move mg_from -> X if it is legal (fast path: lg_map says it cannot expose
; the king; otherwise the full test).  The caller has checked the target holds no own
; piece and is on the board.
; @param X  target square
; @return   X preserved
; Clobbers: A, Y.  Cycles: 30 (fast path), ~330 (full test)
.proc mg_emit
        lda mg_full
        bne full
        lda lg_map,x
        and mg_linebit
        bne full
store:  ldy mg_count
        txa
        sta (mg_tptr),y
        lda mg_from
        sta (mg_fptr),y
        inc mg_count
        rts
full:   lda mg_ksq
        sta att_sq
test:   stx mg_to               ; entry with att_sq = the king square after the move
        ldy mg_from
        lda eng_board,x
        sta mg_cap
        lda eng_board,y
        sta eng_board,x
        lda #EMPTY
        sta eng_board,y
        jsr pos_attacked
        ldx mg_to
        ldy mg_from
        lda eng_board,x
        sta eng_board,y
        lda mg_cap
        sta eng_board,x
        bcc store
        rts
.endproc

.macro STEP_TO delta
        lda mg_from
        clc
        adc #<(delta)
        tax
.endmacro

.macro KING_STEP delta
        .local next
        STEP_TO delta
        lda eng_sqflags,x
        and mg_palbit
        beq next
        lda eng_board,x
        and mg_own
        bne next
        stx att_sq
        jsr mg_emit::test
next:
.endmacro

; King moves: -16, -1, +1, +16 inside the own palace; every one gets the full test.
.proc mg_gen_king
        KING_STEP -16
        KING_STEP -1
        KING_STEP 1
        KING_STEP 16
        rts
.endproc

.macro PALACE_STEP delta
        .local next
        STEP_TO delta
        lda eng_sqflags,x
        and mg_palbit
        beq next
        lda eng_board,x
        and mg_own
        bne next
        jsr mg_emit
next:
.endmacro

; Advisor moves: -17, -15, +15, +17 inside the own palace.
.proc mg_gen_advisor
        PALACE_STEP -17
        PALACE_STEP -15
        PALACE_STEP 15
        PALACE_STEP 17
        rts
.endproc

.macro BISHOP_STEP delta, eye
        .local next
        ldy mg_from
        lda eng_board+(eye),y
        bne next
        STEP_TO delta
        lda eng_sqflags,x
        and mg_halfbit
        beq next
        lda eng_board,x
        and mg_own
        bne next
        jsr mg_emit
next:
.endmacro

; Bishop moves: -34, -30, +30, +34 on the own half, eye (-17, -15, +15, +17) empty.
.proc mg_gen_bishop
        BISHOP_STEP -34, -17
        BISHOP_STEP -30, -15
        BISHOP_STEP 30, 15
        BISHOP_STEP 34, 17
        rts
.endproc

.macro KNIGHT_STEP delta, leg
        .local next
        ldy mg_from
        lda eng_board+(leg),y
        bne next
        STEP_TO delta
        lda eng_board,x
        and mg_own
        bne next
        jsr mg_emit
next:
.endmacro

; Knight moves: -33, -31, -18, -14, +14, +18, +31, +33 with their legs empty.
.proc mg_gen_knight
        KNIGHT_STEP -33, -16
        KNIGHT_STEP -31, -16
        KNIGHT_STEP -18, -1
        KNIGHT_STEP -14, 1
        KNIGHT_STEP 14, -1
        KNIGHT_STEP 18, 1
        KNIGHT_STEP 31, 16
        KNIGHT_STEP 33, 16
        rts
.endproc

; Advances X by delta (inx/dex for the horizontal steps).
.macro ADVANCE delta
  .if delta = 1
        inx
  .elseif delta = -1
        dex
  .else
        txa
        clc
        adc #<(delta)
        tax
  .endif
.endmacro

.macro ROOK_RAY delta
        .local loop, hit, stop
        ldx mg_from
loop:   ADVANCE delta
        lda eng_board,x
        bne hit
        jsr mg_emit
        jmp loop
hit:    and mg_own
        bne stop
        jsr mg_emit
stop:
.endmacro

; Rook moves: per direction -16, -1, +1, +16 the empty squares, then an enemy piece.
.proc mg_gen_rook
        ROOK_RAY -16
        ROOK_RAY -1
        ROOK_RAY 1
        ROOK_RAY 16
        rts
.endproc

.macro CANNON_RAY delta
        .local loop, screen, beyond, stop
        ldx mg_from
loop:   ADVANCE delta
        lda eng_board,x
        bne screen
        jsr mg_emit
        jmp loop
screen: cmp #OFFBOARD
        beq stop
beyond: ADVANCE delta
        lda eng_board,x
        beq beyond
        and mg_own
        bne stop
        jsr mg_emit
stop:
.endmacro

; Cannon moves: per direction the empty squares, then the enemy piece beyond a screen.
.proc mg_gen_cannon
        CANNON_RAY -16
        CANNON_RAY -1
        CANNON_RAY 1
        CANNON_RAY 16
        rts
.endproc

; Pawn moves: forward; once across the river also -1, +1.
.proc mg_gen_pawn
        lda mg_from
        clc
        adc mg_fwd
        tax
        lda eng_board,x
        and mg_own
        bne @side
        jsr mg_emit
@side:  ldx mg_from
        lda eng_sqflags,x
        and mg_halfbit
        bne @done
        dex
        lda eng_board,x
        and mg_own
        bne @right
        jsr mg_emit
@right: ldx mg_from
        inx
        lda eng_board,x
        and mg_own
        bne @done
        jsr mg_emit
@done:  rts
.endproc
