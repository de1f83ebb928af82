; mg_captures.s -- the quiescence generator mg_generate_captures: the legal captures of
; the side to move in mg_generate's order (docs/encoding.md), built from the generator
; macros of movegen.inc in their fourth variant (fast = 4).
.include "engine.inc"
.include "engine_macros.inc"
.include "movegen.inc"

.import pos_setup_side, eng_up16, eng_down16, pos_attacked_ns, pos_attacked_ew, pos_attacked_k

; ------------------------------------------------------------ captures only (quiescence)
; The capture generators run in the fixed bank (mapped with the engine bank while the
; engine thinks, so they cost the same there).  Each emits, in the order of its full generator,
; only the moves onto an enemy piece: a capture of an unstamped mover is legal when the
; side to move is not in check (it only replaces the piece on its target, so only its
; from-square can open a line: see the top of this file), and a stamped mover gets the
; full test (mg_emit_capt).  The king keeps KING_STEP_QUIET's test.
.segment "CODE"

;;
; Emits the capture mg_from -> X at index Y (mg_cap_*; not in check).  A mover whose
; square is stamped gets the full test (mg_emit_full); a stamped target needs none (a
; capture leaves its target occupied).  When no piece square is stamped (mg_pdanger = 0)
; the capture is stored at once.
; Entries: mg_emit_capt with A = target - mg_from (X ignored); ::sq with X = target.
; @param Y  moves written so far
; @return   X = mg_from; Y incremented if the move was stored
; Clobbers: A, mg_to, att_sq.  Cycles: 36 stored at ::sq (with RTS), ~50 with a
;           stamp look-up, ~400 with the full test
.proc mg_emit_capt
        clc
        adc mg_from
        tax
sq:     lda mg_pdanger
        bne check
store:  txa
        sta (mg_tptr),y
        lda mg_from
        sta (mg_fptr),y
        tax
        iny
        rts
check:  stx mg_to
        ldx mg_from
        lda mg_dmap,x
        ldx mg_to
        cmp mg_stamp
        bne store
        jsr mg_emit_full
        ldx mg_from
        rts
.endproc

;;
; Cannon captures: per direction the piece beyond the first (the screen), if it is an
; enemy.  Not in check only.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, mg_to, att_sq.
.proc mg_cap_cannon
        CANNON_CAPT -16
        CANNON_CAPT -1
        CANNON_CAPT 1
        CANNON_CAPT 16
        rts
.endproc

;;
; The quiescence generator: the legal captures of the side to move, in the order
; mg_generate lists them (its list filtered to occupied targets: the twin's
; `[m for m in legal_moves() if board[m.to]]`).  In check it lists every evasion, as
; mg_generate does (mg_incheck tells the caller which).  Same contract as mg_generate.
; @param eng_ply  the ply; mv_base_lo/hi[eng_ply] = first free slot of the move stack
; @return   mg_count = mv_count[ply] = moves written; mv_base[ply+1] = base + count;
;           C set (and no moves) if ply >= MAX_PLY or fewer than MG_MAX slots are free
; Clobbers: A, X, Y, mg_to, att_sq.  Cycles (not in check): 1,742 at the start position
;           (mg_generate 2,882), 1,602 mean over the bench suite (2,945), 959 over
;           random_positions(300, 4242) (1,981).  The search calls
;           mg_generate_captures_nc (1,683 start, 1,543 bench-suite mean)
.proc mg_generate_captures
        GEN_START 0
        lda mg_incheck
        beq quiet
        jmp mg_generate_evasions
quiet:  lda mg_side16            ; one loop per side (slots constant, pawns inline)
        beq red
        jmp black
red:    SIDE_PIECES 0, 4
        jmp mg_generate_finish
black:  SIDE_PIECES 16, 4
        jmp mg_generate_finish
.endproc
mg_cap_quiet = mg_generate_captures::quiet

; ------------------------------------------------------------ in the engine bank
; (bank 0, segment ENGINE: the fixed bank's room goes to the unrolled code; both banks
; are mapped while the engine thinks, so the cycles are the same)
.segment "ENGINE"

;;
; Rook captures: per direction -16, -1, +1, +16 the first piece, if it is an enemy.
; Not in check only.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, mg_to, att_sq.
.proc mg_cap_rook
        ROOK_CAPT -16
        ROOK_CAPT -1
        ROOK_CAPT 1
        ROOK_CAPT 16
        rts
.endproc


; One king capture step of mg_cap_king (A = the step, then its shared test).
.macro KING_CAPT delta
        .local next
        lda a:eng_board+(delta),x
        beq next
        and mg_own
        bne next
        lda a:eng_sqflags+(delta),x
        and mg_palbit
        beq next
        lda #<(delta)
        jsr step
next:
.endmacro

;;
; King captures: -16, -1, +1, +16 onto an enemy piece inside the own palace, each
; tested as KING_STEP_QUIET tests a step (not in check: the two cross rays of the
; target, horses and pawns on the unchanged board; a stamped target fully), by one
; shared tail (`step`: king captures are rare, the bytes are not).
; @param X = mg_from = the king's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, mg_to, att_sq.
.proc mg_cap_king
        KING_CAPT -16
        KING_CAPT -1
        KING_CAPT 1
        KING_CAPT 16
        rts
step:   sta mg_to               ; A = the step
        clc
        adc mg_from
        sta att_sq
        tax
        lda mg_dmap,x
        cmp mg_stamp
        beq full
        sty mg_count            ; (the attack test clobbers Y)
        lda mg_to
        and #$0F
        beq vert
        jsr pos_attacked_ns     ; a step along the rank: the file rays of the target
        jmp tested
vert:   jsr pos_attacked_ew
tested: ldx mg_from
        ldy mg_count
        bcs done
        lda att_sq
        sta (mg_tptr),y
        txa
        sta (mg_fptr),y
        iny
done:   rts
full:   jsr mg_emit_test       ; X = att_sq = the target
        ldx mg_from
        rts
.endproc

mg_emit_capt_sq = mg_emit_capt::sq
