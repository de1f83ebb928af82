; mg_sliders.s -- the storing variants (fast = 2) of the rook and cannon generators,
; with unrolled rays (movegen.inc ROOK_FAST / CANNON_FAST): mg_gen_rook::fast and
; mg_gen_cannon::fast.  They run in the fixed bank (mapped with the engine bank while the
; engine thinks, so they cost the same there); the unrolled rays take ~1.8 KB.
.include "engine.inc"
.include "engine_macros.inc"
.include "movegen.inc"

.segment "ENGINE_FIXED"

;;
; Rook moves when no target square is stamped: per direction -16, -1, +1, +16 the
; empty squares, then an enemy piece, each stored at once (mg_generate's common case).
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written; X = mg_from
; Clobbers: A.  Cycles: ~24 a stored move, ~6 a probe (bench movegen --profile)
.proc mg_fast_rook
        ROOK_FAST -16
        ROOK_FAST -1
        ROOK_FAST 1
        ROOK_FAST 16
        rts
.endproc

;;
; Cannon moves when no target square is stamped: per direction the empty squares, then
; the enemy piece beyond a screen, each stored at once (mg_generate's common case).
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written; X = mg_from
; Clobbers: A.  Cycles: ~24 a stored move, ~6 a probe (bench movegen --profile)
.proc mg_fast_cannon
        CANNON_FAST -16
        CANNON_FAST -1
        CANNON_FAST 1
        CANNON_FAST 16
        rts
.endproc

;;
; mg_generate's common case (not in check, no square stamped): every piece of the side
; to move into its storing generator, in list order, by one loop per side (the slots are
; constants; pawns inline), then mg_generate's finish.
; @param Y = 0 (moves written); mg_side16 the side; GEN_START done
; @return   as mg_generate (through mg_generate_finish)
; Clobbers: A, X, Y, att_sq.  Cycles: ~170 for the loop itself, generators apart
.proc mg_fast_pieces
        lda mg_side16
        beq red
        jmp black
red:    SIDE_PIECES 0, 2
        jmp mg_generate_finish
black:  SIDE_PIECES 16, 2
        jmp mg_generate_finish
.endproc
