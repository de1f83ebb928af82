; mg_sliders.s -- mg_generate's common case (not in check, nothing stamped): the storing
; variants (fast = 2) of the rook and cannon generators with unrolled rays (movegen.inc
; ROOK_FAST / CANNON_FAST: mg_gen_rook::fast, mg_gen_cannon::fast), the per-side piece
; loops with the other pieces inline (mg_fast_pieces), the entry of callers that know
; the side to move is not in check (mg_generate_nc), and the evasions' quick store
; (mg_emit_ev).
; Fixed bank, segment CODE (mapped with the engine bank while the engine thinks, so it
; costs the same there; unrolled code needs no page alignment).
.include "engine.inc"
.include "engine_macros.inc"
.include "movegen.inc"

.import pos_attacked_ns, pos_attacked_ew, pos_setup_side, gc_rel
.importzp GC_LINE, GC_LEG

.segment "CODE"

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

;;
; An evasion onto a stamped target X (the evade variants, in check): stored without a test
; when one rook, cannon or pawn gives check (mg_evok = its piece index), the target lies
; in the box of the king and the checker (for these checkers: the segment from the king
; to the checker) and is empty or the checker, and the mover stands on none of the
; king's lines and on no leg square (gc_rel): the mover uncovers nothing, and
;   - a block in front of a rook leaves the rook and anything behind it two screens;
;   - a block on a cannon's line leaves the cannon two screens, and the screen no
;     screen of its own if it stands between the new piece and the cannon; if the
;     block is in front of the screen, the screen (p1) is not an enemy cannon: mg_scan
;     counts a cannon check over an enemy cannon twice, so mg_evok is 0 then;
;   - capturing a cannon or a pawn leaves nothing attacking along that line (a cannon
;     behind a pawn would have been a second check); capturing a rook does not qualify
;     (a cannon behind it checked too, uncounted: mg_scan stops at the rook).
; A mover on a line of the king or a horse leg that passes the rest: mg_capt_line (its
; ray through the mover scanned on the made board, which also sees a cannon's screen
; that moved along the check line; a leg gets the full test).  Otherwise (a square
; stamped for another reason, a screen captured, a rook captured, a horse, the king or
; two checks) mg_emit_full.
; @param X  target square (stamped); Y = moves written so far; mg_from the mover
; @return   X preserved; Y incremented if the move was stored
; Clobbers: A, mg_to, mg_cap, att_sq, gc_skx, gc_t.  Cycles: ~75 stored, ~230 with
;           mg_capt_line's ray scan, ~400 with the full test
.proc mg_emit_ev
        lda mg_evok
        beq full
        txa                     ; on the check segment (the box)
        and #$F0
        cmp mg_rlo
        bcc full
        cmp mg_rhi
        bcs full
        txa
        and #$0F
        cmp mg_clo
        bcc full
        cmp mg_chi
        bcs full
        lda eng_board,x
        beq quiet               ; a block
        cpx mg_chk
        bne full                ; an occupied square that is not the checker (a screen)
        lda mg_evok
        cmp #9
        bcc full                ; a rook captured: a cannon behind it may check
quiet:  sty mg_count
        lda mg_from
        sec
        sbc mg_ksq
        tay
        lda gc_rel,y
        ldy mg_count
        and #GC_LINE | GC_LEG
        bne line                ; the mover may uncover the king
        txa
        sta (mg_tptr),y
        lda mg_from
        sta (mg_fptr),y
        iny
        rts
full:   jmp mg_emit_full
line:   stx mg_to               ; A = its relation (nonzero)
        jsr mg_capt_line
        ldx mg_to
        rts
.endproc


;;
; mg_generate for a caller that knows the side to move is not in check (the search:
; REC_CHECK clear): the same list, without mg_scan's pawn tests.
; @param eng_ply  as mg_generate; the side to move must not be in check
; @return   as mg_generate (mg_incheck = 0)
; Clobbers: A, X, Y, att_sq.  Cycles: mg_generate's less ~60 (no pawn tests): 2,823 at
;           the start position (2,882), 2,886 bench-suite mean (2,945)
.proc mg_generate_nc
        GEN_START 1
        jmp mg_gen_quiet
.endproc

