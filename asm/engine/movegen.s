; movegen.s -- legal move generation in the order of docs/encoding.md.
;
; Legality filter.  While the side to move is not in check, a non-king move can only
; leave its king attacked if (docs/cycle_budget.md has the argument)
;   - it leaves the leg square of an enemy horse that bears on the king,
;   - it leaves p1, the first piece on a king ray, with an enemy rook (or, on the
;     file, the enemy king) as p2, or an enemy cannon as p3,
;   - it leaves p2 with an enemy cannon as p3,
;   - it lands on an empty square between the king and an enemy cannon that is p1.
; mg_scan finds those squares while it tests for check and stamps them in mg_dmap
; (mg_dmap[sq] = mg_stamp; the stamp changes every generation, so nothing is cleared).
; Those moves and every move while in check get the full test: make on the board,
; pos_attacked_k on the king square, unmake.  A king step out of check tests only the
; two cross rays of its target, horses and pawns (KING_STEP_QUIET).  All others are
; legal.  When nothing is stamped (the common case) the pieces run through a loop
; without stamp tests (fast_pieces) into the storing variants of the generators.
; mg_generate_captures (the quiescence, at the end of the file, in the fixed bank) lists
; only the legal captures, in the same order: a capture keeps its target occupied, so
; only a stamped mover (or the king) needs a test there.
.include "engine.inc"
.include "engine_macros.inc"

.importzp mg_from, mg_to, mg_cap, mg_ksq, mg_own
.importzp mg_mask, mg_todanger, mg_pdanger, mg_stamp, mg_p1, mg_p2, mg_k1
.importzp mg_palbit, mg_halfbit, mg_side16, mg_fwd
.importzp att_rook, att_cannon, att_horse, att_pawn, att_king, att_pawndir
.importzp att_horses, att_cannons, att_hnear
.import mg_dmap, pos_setup_side, eng_up16, eng_down16, pos_attacked_ns, pos_attacked_ew, pos_attacked_k

.assert (MV_CAP & $FF) = 0, error, "MV_CAP must be a multiple of 256"
.assert mv_to_stk = mv_from_stk + MV_CAP, error, "mv_to_stk must follow mv_from_stk"

.segment "ENGINE_MG"              ; page aligned, first in the engine bank

;;
; Points mg_fptr/mg_tptr at the move list of ply X.
; @param X  ply
; Clobbers: A.  Cycles: 32 (with RTS)
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

; The start of a generation (mg_generate, mg_generate_captures): the room check (no
; room: mv_count = mg_count = 0, C set, RTS), the list pointers, the side's constants,
; a new stamp, mg_scan (nc = 1: the caller knows the side to move is not in check,
; mg_scan::nc).  Leaves Y = 0 (moves written, kept through the generators).
.macro GEN_START nc
        .local full_stack, room, stamped, clear
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
        inc mg_stamp
        bne stamped
        lda #0                  ; the stamp wrapped: clear the map (every 255 generations)
        tax
clear:  sta mg_dmap,x
        inx
        bne clear
        inc mg_stamp
stamped:
  .if nc                        ; known not in check: no pawn tests
        lda #0
        sta mg_todanger
        sta mg_pdanger
        sta mg_incheck
        jsr mg_scan_nc
  .else
        jsr mg_scan
  .endif
        ldy #0                  ; Y = moves written, kept through the generators
.endmacro

; (These two sit in the room the alignment of mg_scan leaves after mg_set_ptrs.)
;;
; mg_generate for a caller that knows the side to move is not in check (the search:
; REC_CHECK clear): the same list, without mg_scan's pawn tests.
; @param eng_ply  as mg_generate; the side to move must not be in check
; @return   as mg_generate (mg_incheck = 0)
; Clobbers: A, X, Y, att_sq.  Cycles: mg_generate's less ~60 (no pawn tests): 3,505 at
;           the start position (3,564), 3,344 bench-suite mean (3,403)
.proc mg_generate_nc
        GEN_START 1
        jmp mg_gen_quiet
.endproc

;;
; mg_generate_captures for a caller that knows the side to move is not in check (the
; quiescence): the same list, without mg_scan's pawn tests.
; @param eng_ply  as mg_generate_captures; the side to move must not be in check
; @return   as mg_generate_captures (mg_incheck = 0)
; Clobbers: A, X, Y, mg_to, att_sq.  Cycles: mg_generate_captures' less ~60: 2,341 at
;           the start position (2,401), 2,026 bench-suite mean (2,086); the search
;           (depth 3, mid-01..04): 3,070 -> 3,053 cycles per node
.proc mg_generate_captures_nc
        GEN_START 1
        jmp mg_cap_quiet
.endproc



.macro HORSE_LEG e, h1, h2
        .local occupied, try2, mark, done
        lda a:eng_board+(e),x
        bne occupied
        ldy a:eng_board+(h1),x
        lda eng_kind,y
        cmp att_horse
        bne try2
        lda mg_stamp            ; check: capture the horse or block its leg
        sta a:mg_dmap+(e),x
        sta a:mg_dmap+(h1),x
        inc mg_incheck
try2:   ldy a:eng_board+(h2),x
        lda eng_kind,y
        cmp att_horse
        bne done
        lda mg_stamp
        sta a:mg_dmap+(e),x
        sta a:mg_dmap+(h2),x
        inc mg_incheck
        bne done                ; always
occupied:
        cmp #OFFBOARD           ; no horse comes through an off-board leg
        beq done
        ldy a:eng_board+(h1),x
        lda eng_kind,y
        cmp att_horse
        beq mark
        ldy a:eng_board+(h2),x
        lda eng_kind,y
        cmp att_horse
        bne done
mark:   lda mg_stamp
        sta a:mg_dmap+(e),x
        sta mg_pdanger          ; a piece square is stamped
done:
.endmacro

.macro PAWN_AT offset
        .local no
        ldy a:eng_board+(offset),x
        lda eng_kind,y
        cmp att_pawn
        bne no
        lda mg_stamp            ; check: capture the pawn
        sta a:mg_dmap+(offset),x
        inc mg_incheck
no:
.endmacro

; One king ray: tests rook/king and cannon checks, stamps p1/p2/landing squares.
.macro RAY_SCAN delta, vertical
        .local l1, found, l2, l3, mark_p1, p2off, m, done, chk1, chk2, c
        ldx mg_ksq
l1:     ADVANCE delta
        lda eng_board,x
        beq l1
        NOCROSS l1
        cmp #OFFBOARD
        bne found
        jmp done
found:  stx mg_p1
        tay
        lda eng_kind,y
        sta mg_k1
        cmp att_rook
        beq chk1
  .if vertical
        cmp att_king
        beq chk1
  .endif
l2:     ADVANCE delta
        lda eng_board,x
        beq l2
        NOCROSS l2
        cmp #OFFBOARD
        beq p2off
        stx mg_p2
        tay
        lda eng_kind,y
        cmp att_cannon
        beq chk2
        cmp att_rook
        beq mark_p1
  .if vertical
        cmp att_king
        beq mark_p1
  .endif
        ldy att_cannons         ; no enemy cannon: p3 cannot matter
        beq p2off
l3:     ADVANCE delta
        lda eng_board,x
        beq l3
        NOCROSS l3
        tay
        lda eng_kind,y
        cmp att_cannon
        bne p2off
        lda mg_stamp
        ldx mg_p2
        sta mg_dmap,x
mark_p1:
        lda mg_stamp
        ldx mg_p1
        sta mg_dmap,x
        sta mg_pdanger          ; a piece square is stamped
p2off:  lda mg_k1
        cmp att_cannon
        bne done
        sta mg_todanger         ; nonzero: some target squares are stamped
        ldx mg_ksq
m:      ADVANCE delta
        cpx mg_p1
        beq done
        lda mg_stamp
        sta mg_dmap,x
        jmp m
chk1:   lda mg_p1               ; check by p1: capture it or block the line
        sta mg_p2
chk2:   inc mg_incheck          ; (check by the cannon p2: capture, block, move p1)
        ldx mg_ksq
c:      ADVANCE delta
        lda mg_stamp
        sta mg_dmap,x
        cpx mg_p2
        bne c
done:
.endmacro

        .align 256              ; keeps mg_scan's ray loops clear of page crossings
;;
; Counts the checks on the side to move (mg_incheck) and stamps in mg_dmap the squares
; whose moves need the full legality test (see top).  For each check it also stamps the
; squares that can resolve it: the checker, the line between it and the king (which
; holds a cannon's screen), a checking horse's leg.  In check, a non-king move whose
; from- and to-squares are both unstamped leaves that checker attacking: it is illegal.
; Entry ::nc (GEN_START 1) when the caller knows the side to move is not in check: it
; skips the pawn tests (a pawn only gives check) and expects mg_todanger, mg_pdanger and
; mg_incheck cleared; the horse and ray tests find no check then and stamp as usual.
; @param mg_ksq, att_*  set by pos_setup_side; mg_stamp the new stamp
; Clobbers: A, X, Y.  Cycles: ~530 average in perft 3 (xq65 bench movegen --profile);
;           ::nc ~60 fewer with its callers' init (the pawn tests)
.proc mg_scan
        lda #0
        sta mg_todanger
        sta mg_pdanger
        sta mg_incheck
        ldx mg_ksq              ; pawns: they only give check
        PAWN_AT -1
        PAWN_AT 1
        lda mg_ksq
        clc
        adc att_pawndir
        tax
        PAWN_AT 0
nc:     ldx mg_ksq              ; entry ::nc (see GEN_START)
        lda att_hnear           ; no enemy horse on the own half: none reaches the king
        bne horses
        jmp rays
horses: HORSE_LEG 17, 33, 18
        HORSE_LEG 15, 31, 14
        HORSE_LEG -15, -14, -31
        HORSE_LEG -17, -18, -33
rays:   RAY_SCAN -1, 0
        RAY_SCAN -16, 1
        RAY_SCAN 16, 1
        RAY_SCAN 1, 0
        rts
.endproc
mg_scan_nc = mg_scan::nc

;;
; Full legality test of mg_from -> X and, if legal, the store at index Y: makes the move
; on the board, tests the king square (mg_ksq, or att_sq at the entry `test`), undoes it.
; The generators inline the cheap case (EMIT) and call this one for the moves of a
; stamped piece, every move in check, and targets stamped in mg_dmap.
; @param X  target square; Y = moves written so far
; @return   X preserved; Y incremented if the move was stored
; Clobbers: A, att_sq.  Cycles: ~400 (~110 own + pos_attacked_k)
.proc mg_emit
full:   lda mg_ksq
        sta att_sq
test:   sty mg_count            ; entry with att_sq = the king square after the move
        stx mg_to
        ldy mg_from
        lda eng_board,x
        sta mg_cap
        lda eng_board,y
        sta eng_board,x
        lda #EMPTY
        sta eng_board,y
        jsr pos_attacked_k
        ldx mg_to
        ldy mg_from
        lda eng_board,x
        sta eng_board,y
        lda mg_cap
        sta eng_board,x
        ldy mg_count
        bcs done
        txa
        sta (mg_tptr),y
        lda mg_from
        sta (mg_fptr),y
        iny
done:   rts
.endproc

; Emits mg_from -> X at index Y (then Y+1), keeps X.  fast = 2 (gen, no target is
; stamped in this generation): stores; fast = 1 (gen::checked): the stamp of X may ask
; for the full test (every move of a stamped piece, called with mg_mask = 0, gets it);
; fast = 3 (gen::evade, in check): only stamped targets, each with the full test;
; fast = 0: always the test (unused); fast = 4 (mg_cap_*: X holds an enemy piece):
; mg_emit_capt::sq (which leaves X = mg_from).  With cont, continues at that label.
.macro EMIT fast, cont
  .if fast = 4
        jsr mg_emit_capt::sq
  .elseif fast = 3
        .local skip3
        lda mg_dmap,x
        cmp mg_stamp
        bne skip3
        jsr mg_emit::full
skip3:
    .ifnblank cont
        jmp cont
    .endif
  .elseif fast = 2
        .local done2
        txa
        sta (mg_tptr),y
        lda mg_from
        sta (mg_fptr),y
        iny
    .ifblank cont
        bne done2               ; always: Y < MG_MAX
done2:
    .else
        jmp cont
    .endif
  .elseif fast
        .local slow, done
        lda mg_dmap,x
        eor mg_stamp
        and mg_mask             ; 0 for a stamped piece: every move gets the test
        beq slow
        txa
        sta (mg_tptr),y
        lda mg_from
        sta (mg_fptr),y
        iny
    .ifblank cont
        bne done                ; always: Y < MG_MAX
    .else
        jmp cont
    .endif
slow:   jsr mg_emit::full
    .ifnblank cont
        jmp cont
    .endif
done:
  .else
        jsr mg_emit::full
    .ifnblank cont
        jmp cont
    .endif
  .endif
.endmacro


; Emits mg_from -> mg_from + delta with X = mg_from (kept).  fast as in EMIT.
.macro EMITD delta, fast
  .if fast = 4
        lda #<(delta)
        jsr mg_emit_capt
  .elseif fast = 3
        .local skip3
        lda a:mg_dmap+(delta),x
        cmp mg_stamp
        bne skip3
        txa
        clc
        adc #<(delta)
        tax
        jsr mg_emit::full
        ldx mg_from
skip3:
  .elseif fast = 2
        txa
        clc
        adc #<(delta)
        sta (mg_tptr),y
        txa
        sta (mg_fptr),y
        iny
  .elseif fast = 1
        .local slow, done
        lda a:mg_dmap+(delta),x
        eor mg_stamp
        and mg_mask             ; 0 for a stamped piece: every move gets the test
        beq slow
        txa
        clc
        adc #<(delta)
        sta (mg_tptr),y
        txa
        sta (mg_fptr),y
        iny
        bne done                ; always: Y < MG_MAX
slow:   txa
        clc
        adc #<(delta)
        tax
        jsr mg_emit::full
        ldx mg_from
done:
  .else
        txa
        clc
        adc #<(delta)
        tax
        jsr mg_emit::full
        ldx mg_from
  .endif
.endmacro

; The step generators below enter with X = mg_from and keep it.
; A king step with the full test (in check).
.macro KING_STEP delta
        .local next
        lda a:eng_sqflags+(delta),x
        and mg_palbit
        beq next
        lda a:eng_board+(delta),x
        and mg_own
        bne next
        txa
        clc
        adc #<(delta)
        sta att_sq
        tax
        jsr mg_emit::test
        ldx mg_from
next:
.endmacro

; A king step when the king is not in check.  Then the line of the step is safe at the
; target t: along it, from t, lie the same pieces as from the king square (the king's
; own square is left empty), so a rook or cannon there would give check now, unless t
; captures p1 of that ray; that capture is unsafe only if p2 is a rook (king) or p3 a
; cannon, and then mg_scan stamped p1 = t.  So an unstamped t needs only the test of
; the other two rays, horses and pawns, on the unchanged board (the king's square lies
; on none of those: not on the cross rays, not a horse or leg square, and no enemy pawn).
; A stamped t gets the full test.
.macro KING_STEP_QUIET delta
        .local next, full
        lda a:eng_sqflags+(delta),x
        and mg_palbit
        beq next
        lda a:eng_board+(delta),x
        and mg_own
        bne next
        txa
        clc
        adc #<(delta)
        sta att_sq
        lda a:mg_dmap+(delta),x
        cmp mg_stamp
        beq full
        sty mg_count            ; (the attack test clobbers Y)
  .if (delta = 1) || (delta = -1)
        jsr pos_attacked_ns
  .else
        jsr pos_attacked_ew
  .endif
        ldx mg_from
        ldy mg_count
        bcs next
        lda att_sq
        sta (mg_tptr),y
        txa
        sta (mg_fptr),y
        iny
        bne next                ; always: Y < MG_MAX
full:   ldx att_sq
        jsr mg_emit::test
        ldx mg_from
next:
.endmacro

;;
; King moves: -16, -1, +1, +16 inside the own palace.  Not in check (mg_gen_king and
; its ::checked entry): a step is tested by the cross rays of the target,
; horses and pawns (KING_STEP_QUIET); in check (::evade) by the full test.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, att_sq.  Cycles: ~170 own per call (bench movegen --profile)
.proc mg_gen_king
checked:
        KING_STEP_QUIET -16
        KING_STEP_QUIET -1
        KING_STEP_QUIET 1
        KING_STEP_QUIET 16
        rts
evade:  KING_STEP -16
        KING_STEP -1
        KING_STEP 1
        KING_STEP 16
        rts
.endproc

.macro PALACE_STEP delta, fast
        .local next
  .if fast = 4                  ; captures: the target first (mostly empty)
        lda a:eng_board+(delta),x
        beq next
        and mg_own
        bne next
        lda a:eng_sqflags+(delta),x
        and mg_palbit
        beq next
  .else
        lda a:eng_sqflags+(delta),x
        and mg_palbit
        beq next
        lda a:eng_board+(delta),x
        and mg_own
        bne next
  .endif
        EMITD delta, fast
next:
.endmacro

;;
; Advisor moves: -17, -15, +15, +17 inside the own palace.
; Entries: mg_gen_advisor (no target stamped), ::checked (targets checked against mg_dmap),
; ::evade (in check: only stamped targets, each with the full test); with mg_mask = 0
; (a stamped piece) ::checked gives every move the full test.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, att_sq.  Cycles: ~139 own per call (bench movegen --profile)
.proc mg_gen_advisor
        PALACE_STEP -17, 2
        PALACE_STEP -15, 2
        PALACE_STEP 15, 2
        PALACE_STEP 17, 2
        rts
checked:
        PALACE_STEP -17, 1
        PALACE_STEP -15, 1
        PALACE_STEP 15, 1
        PALACE_STEP 17, 1
        rts
evade:
        PALACE_STEP -17, 3
        PALACE_STEP -15, 3
        PALACE_STEP 15, 3
        PALACE_STEP 17, 3
        rts
.endproc

.macro BISHOP_STEP delta, eye, fast
        .local next
  .if fast = 4                  ; captures: the target first (mostly empty)
        lda a:eng_board+(delta),x
        beq next
        and mg_own
        bne next
        lda a:eng_board+(eye),x
        bne next
        lda a:eng_sqflags+(delta),x
        and mg_halfbit
        beq next
  .else
        lda a:eng_board+(eye),x
        bne next
        lda a:eng_sqflags+(delta),x
        and mg_halfbit
        beq next
        lda a:eng_board+(delta),x
        and mg_own
        bne next
  .endif
        EMITD delta, fast
next:
.endmacro

;;
; Bishop moves: -34, -30, +30, +34 on the own half, eye (-17, -15, +15, +17) empty.
; Entries: mg_gen_bishop (no target stamped), ::checked (targets checked against mg_dmap),
; ::evade (in check: only stamped targets, each with the full test); with mg_mask = 0
; (a stamped piece) ::checked gives every move the full test.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, att_sq.  Cycles: ~225 own per call (bench movegen --profile)
.proc mg_gen_bishop
        BISHOP_STEP -34, -17, 2
        BISHOP_STEP -30, -15, 2
        BISHOP_STEP 30, 15, 2
        BISHOP_STEP 34, 17, 2
        rts
checked:
        BISHOP_STEP -34, -17, 1
        BISHOP_STEP -30, -15, 1
        BISHOP_STEP 30, 15, 1
        BISHOP_STEP 34, 17, 1
        rts
evade:
        BISHOP_STEP -34, -17, 3
        BISHOP_STEP -30, -15, 3
        BISHOP_STEP 30, 15, 3
        BISHOP_STEP 34, 17, 3
        rts
.endproc

; Two knight steps over one leg (-33/-31 over -16, +31/+33 over +16): one leg test.
.macro KNIGHT_PAIR leg, d1, d2, fast
        .local second, next
        lda a:eng_board+(leg),x
        bne next
        lda a:eng_board+(d1),x
  .if fast = 4
        beq second              ; captures only
  .endif
        and mg_own
        bne second
        EMITD d1, fast
second: lda a:eng_board+(d2),x
  .if fast = 4
        beq next
  .endif
        and mg_own
        bne next
        EMITD d2, fast
next:
.endmacro

.macro KNIGHT_STEP delta, leg, fast
        .local next
        lda a:eng_board+(leg),x
        bne next
        lda a:eng_board+(delta),x
  .if fast = 4
        beq next                ; captures only
  .endif
        and mg_own
        bne next
        EMITD delta, fast
next:
.endmacro

;;
; Knight moves: -33, -31, -18, -14, +14, +18, +31, +33 with their legs empty.
; Entries: mg_gen_knight (no target stamped), ::checked (targets checked against mg_dmap),
; ::evade (in check: only stamped targets, each with the full test); with mg_mask = 0
; (a stamped piece) ::checked gives every move the full test.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, att_sq.  Cycles: ~298 own per call (bench movegen --profile)
.proc mg_gen_knight
        KNIGHT_PAIR -16, -33, -31, 2
        KNIGHT_STEP -18, -1, 2
        KNIGHT_STEP -14, 1, 2
        KNIGHT_STEP 14, -1, 2
        KNIGHT_STEP 18, 1, 2
        KNIGHT_PAIR 16, 31, 33, 2
        rts
checked:
        KNIGHT_PAIR -16, -33, -31, 1
        KNIGHT_STEP -18, -1, 1
        KNIGHT_STEP -14, 1, 1
        KNIGHT_STEP 14, -1, 1
        KNIGHT_STEP 18, 1, 1
        KNIGHT_PAIR 16, 31, 33, 1
        rts
evade:
        KNIGHT_PAIR -16, -33, -31, 3
        KNIGHT_STEP -18, -1, 3
        KNIGHT_STEP -14, 1, 3
        KNIGHT_STEP 14, -1, 3
        KNIGHT_STEP 18, 1, 3
        KNIGHT_PAIR 16, 31, 33, 3
        rts
.endproc

; Stores mg_from -> X at index Y, then Y+1 (the store of the fast variants).
.macro STORE_X
        txa
        sta (mg_tptr),y
        lda mg_from
        sta (mg_fptr),y
        iny
.endmacro

.macro ROOK_RAY delta, fast
        .local loop, hit, stop, empty
        ldx mg_from
  .if fast = 4                  ; captures: skip the empty squares, emit an enemy hit
loop:   ADVANCE delta
        lda eng_board,x
        beq loop
        NOCROSS loop
  .elseif fast = 2                  ; bottom-tested: one taken branch per stored move
        ADVANCE delta
        lda eng_board,x
        bne hit
empty:  STORE_X
        ADVANCE delta
        lda eng_board,x
        beq empty
        NOCROSS empty
  .else
loop:   ADVANCE delta
        lda eng_board,x
        bne hit
        EMIT fast, loop
  .endif
hit:    and mg_own
        bne stop
        EMIT fast
stop:
.endmacro

;;
; Rook moves: per direction -16, -1, +1, +16 the empty squares, then an enemy piece.
; Entries: mg_gen_rook (no target stamped), ::checked (targets checked against mg_dmap),
; ::evade (in check: only stamped targets, each with the full test); with mg_mask = 0
; (a stamped piece) ::checked gives every move the full test.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, att_sq.  Cycles: ~685 own per call (bench movegen --profile)
        .align 256              ; the fast variant's ray loops stay in one page
.proc mg_gen_rook
        ROOK_RAY -16, 2
        ROOK_RAY -1, 2
        ROOK_RAY 1, 2
        ROOK_RAY 16, 2
        rts
checked:
        ROOK_RAY -16, 1
        ROOK_RAY -1, 1
        ROOK_RAY 1, 1
        ROOK_RAY 16, 1
        rts
evade:
        ROOK_RAY -16, 3
        ROOK_RAY -1, 3
        ROOK_RAY 1, 3
        ROOK_RAY 16, 3
        rts
.endproc

.macro CANNON_RAY delta, fast
        .local loop, screen, beyond, stop, empty
        ldx mg_from
  .if fast = 4                  ; captures: skip the empty squares up to the screen
loop:   ADVANCE delta
        lda eng_board,x
        beq loop
        NOCROSS loop
  .elseif fast = 2                  ; bottom-tested: one taken branch per stored move
        ADVANCE delta
        lda eng_board,x
        bne screen
empty:  STORE_X
        ADVANCE delta
        lda eng_board,x
        beq empty
        NOCROSS empty
  .else
loop:   ADVANCE delta
        lda eng_board,x
        bne screen
        EMIT fast, loop
  .endif
screen: cmp #OFFBOARD
        beq stop
beyond: ADVANCE delta
        lda eng_board,x
        beq beyond
  .if (fast = 2) || (fast = 4)
        NOCROSS beyond          ; (the other variants' tests dwarf the cycle)
  .endif
        and mg_own
        bne stop
        EMIT fast
stop:
.endmacro

;;
; Cannon moves: per direction the empty squares, then the enemy piece beyond a screen.
; Entries: mg_gen_cannon (no target stamped), ::checked (targets checked against mg_dmap),
; ::evade (in check: only stamped targets, each with the full test); with mg_mask = 0
; (a stamped piece) ::checked gives every move the full test.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, att_sq.  Cycles: ~711 own per call (bench movegen --profile)
        .align 256              ; the fast variant's ray loops stay in one page
.proc mg_gen_cannon
        CANNON_RAY -16, 2
        CANNON_RAY -1, 2
        CANNON_RAY 1, 2
        CANNON_RAY 16, 2
        rts
checked:
        CANNON_RAY -16, 1
        CANNON_RAY -1, 1
        CANNON_RAY 1, 1
        CANNON_RAY 16, 1
        rts
evade:
        CANNON_RAY -16, 3
        CANNON_RAY -1, 3
        CANNON_RAY 1, 3
        CANNON_RAY 16, 3
        rts
.endproc

.macro PAWN_MOVES fast
        .local side, right, done
        txa
        clc
        adc mg_fwd
        tax
        lda eng_board,x
  .if fast = 4
        beq side                ; captures only
  .endif
        and mg_own
        bne side
  .if fast = 2
        STORE_X
  .else
        EMIT fast
  .endif
side:   lda mg_from             ; across the river iff bit 7 of from xor the forward
        eor mg_fwd              ; step is set (red: from < $80, fwd $F0; black:
        bpl done                ; from >= $80, fwd $10)
        ldx mg_from
        lda eng_board-1,x
  .if fast = 4
        beq right
  .endif
        and mg_own
        bne right
        EMITD -1, fast
right:  lda eng_board+1,x
  .if fast = 4
        beq done
  .endif
        and mg_own
        bne done
        EMITD 1, fast
done:
.endmacro

;;
; Pawn moves: forward; once across the river also -1, +1.
; Entries: mg_gen_pawn (no target stamped), ::checked (targets checked against mg_dmap),
; ::evade (in check: only stamped targets, each with the full test); with mg_mask = 0
; (a stamped piece) ::checked gives every move the full test.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, att_sq.  Cycles: ~140 own per call (bench movegen --profile)
.proc mg_gen_pawn
        PAWN_MOVES 2
        rts
checked:
        PAWN_MOVES 1
        rts
evade:
        PAWN_MOVES 3
        rts
.endproc


;;
; Generates the legal moves of the side to move into the move list of ply eng_ply, in
; the reference order (docs/encoding.md).  Move i is (mg_fptr),i -> (mg_tptr),i.
; @param eng_ply  the ply; mv_base_lo/hi[eng_ply] = first free slot of the move stack
; @return   mg_count = mv_count[ply] = moves written; mv_base[ply+1] = base + count;
;           C set (and no moves) if ply >= MAX_PLY or fewer than MG_MAX slots are free
; Clobbers: A, X, Y, att_sq.  Cycles: 3,564 at the start position (44 moves), ~2,320
;           average over random positions (xq65 bench movegen; docs/cycle_budget.md)
.proc mg_generate
        GEN_START 0

        lda mg_incheck
        beq not_in_check
        jmp evasions
not_in_check:
        lda mg_todanger
        beq no_targets
        jmp checked_pieces
no_targets:
        lda mg_pdanger
        beq fast
        jmp pieces
fast:   jmp fast_pieces

; One piece: loads its square into mg_from and X (the generators enter with X = mg_from)
; and calls gen (or gen::variant), or gen::checked with mg_mask = 0 if its square is
; stamped (its moves may expose the king: each gets the full test).
.macro PIECE idx, gen, variant
        .local skip, safe
        ldx mg_side16
        lda eng_piece_sq+idx,x
        beq skip
        sta mg_from
        tax
        lda mg_dmap,x
        cmp mg_stamp
        bne safe
        lda #0                  ; stamped: every move gets the full test
        sta mg_mask
        jsr gen::checked
        lda #$FF
        sta mg_mask
        jmp skip
safe:
  .ifblank variant
        jsr gen
  .else
        jsr gen::variant
  .endif
skip:
.endmacro
pieces: lda #$FF                 ; mg_mask: targets decide (stamped pieces clear it)
        sta mg_mask
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
        jmp finish

; One piece of the common case (no stamped square at all): loads its square into
; mg_from and X and calls its generator, without the stamp test.
.macro FAST_PIECE idx, gen
        .local skip
        ldx mg_side16
        lda eng_piece_sq+idx,x
        beq skip
        sta mg_from
        tax
        jsr gen
skip:
.endmacro
fast_pieces:
        FAST_PIECE 0, mg_gen_king
        FAST_PIECE 1, mg_gen_advisor
        FAST_PIECE 2, mg_gen_advisor
        FAST_PIECE 3, mg_gen_bishop
        FAST_PIECE 4, mg_gen_bishop
        FAST_PIECE 5, mg_gen_knight
        FAST_PIECE 6, mg_gen_knight
        FAST_PIECE 7, mg_gen_rook
        FAST_PIECE 8, mg_gen_rook
        FAST_PIECE 9, mg_gen_cannon
        FAST_PIECE 10, mg_gen_cannon
        FAST_PIECE 11, mg_gen_pawn
        FAST_PIECE 12, mg_gen_pawn
        FAST_PIECE 13, mg_gen_pawn
        FAST_PIECE 14, mg_gen_pawn
        FAST_PIECE 15, mg_gen_pawn
        jmp finish
checked_pieces:
        lda #$FF
        sta mg_mask
        PIECE 0, mg_gen_king, checked
        PIECE 1, mg_gen_advisor, checked
        PIECE 2, mg_gen_advisor, checked
        PIECE 3, mg_gen_bishop, checked
        PIECE 4, mg_gen_bishop, checked
        PIECE 5, mg_gen_knight, checked
        PIECE 6, mg_gen_knight, checked
        PIECE 7, mg_gen_rook, checked
        PIECE 8, mg_gen_rook, checked
        PIECE 9, mg_gen_cannon, checked
        PIECE 10, mg_gen_cannon, checked
        PIECE 11, mg_gen_pawn, checked
        PIECE 12, mg_gen_pawn, checked
        PIECE 13, mg_gen_pawn, checked
        PIECE 14, mg_gen_pawn, checked
        PIECE 15, mg_gen_pawn, checked
        jmp finish
evasions:
        lda #$FF
        sta mg_mask
        ldx mg_side16           ; the king (never stamped: mg_scan stamps no king square)
        lda eng_piece_sq,x
        sta mg_from
        tax
        jsr mg_gen_king::evade
        PIECE 1, mg_gen_advisor, evade
        PIECE 2, mg_gen_advisor, evade
        PIECE 3, mg_gen_bishop, evade
        PIECE 4, mg_gen_bishop, evade
        PIECE 5, mg_gen_knight, evade
        PIECE 6, mg_gen_knight, evade
        PIECE 7, mg_gen_rook, evade
        PIECE 8, mg_gen_rook, evade
        PIECE 9, mg_gen_cannon, evade
        PIECE 10, mg_gen_cannon, evade
        PIECE 11, mg_gen_pawn, evade
        PIECE 12, mg_gen_pawn, evade
        PIECE 13, mg_gen_pawn, evade
        PIECE 14, mg_gen_pawn, evade
        PIECE 15, mg_gen_pawn, evade
finish:
        sty mg_count
        ldx eng_ply
        tya
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
mg_gen_quiet = mg_generate::not_in_check

; ------------------------------------------------------------ captures only (quiescence)
; The capture generators run in the fixed bank (bank 0 is full; both banks are always
; mapped, so they cost the same there).  Each emits, in the order of its full generator,
; only the moves onto an enemy piece: a capture of an unstamped mover is legal when the
; side to move is not in check (it only replaces the piece on its target, so only its
; from-square can open a line: see the top of this file), and a stamped mover gets the
; full test (mg_emit_capt).  The king keeps KING_STEP_QUIET's test.
.segment "ENGINE_FIXED"

;;
; Emits the capture mg_from -> X at index Y (mg_cap_*; not in check).  A mover whose
; square is stamped gets the full test (mg_emit::full); a stamped target needs none (a
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
        jsr mg_emit::full
        ldx mg_from
        rts
.endproc

;;
; Rook captures: per direction -16, -1, +1, +16 the first piece, if it is an enemy.
; Not in check only.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, mg_to, att_sq.
.proc mg_cap_rook
        ROOK_RAY -16, 4
        ROOK_RAY -1, 4
        ROOK_RAY 1, 4
        ROOK_RAY 16, 4
        rts
.endproc

;;
; Cannon captures: per direction the piece beyond the first (the screen), if it is an
; enemy.  Not in check only.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, mg_to, att_sq.
.proc mg_cap_cannon
        CANNON_RAY -16, 4
        CANNON_RAY -1, 4
        CANNON_RAY 1, 4
        CANNON_RAY 16, 4
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
full:   jsr mg_emit::test       ; X = att_sq = the target
        ldx mg_from
        rts
.endproc

;;
; Advisor captures (mg_gen_advisor's steps onto an enemy piece).  Not in check only.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, mg_to, att_sq.
.proc mg_cap_advisor
        PALACE_STEP -17, 4
        PALACE_STEP -15, 4
        PALACE_STEP 15, 4
        PALACE_STEP 17, 4
        rts
.endproc

;;
; Bishop captures (mg_gen_bishop's steps onto an enemy piece).  Not in check only.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, mg_to, att_sq.
.proc mg_cap_bishop
        BISHOP_STEP -34, -17, 4
        BISHOP_STEP -30, -15, 4
        BISHOP_STEP 30, 15, 4
        BISHOP_STEP 34, 17, 4
        rts
.endproc

;;
; Knight captures (mg_gen_knight's steps onto an enemy piece).  Not in check only.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, mg_to, att_sq.
.proc mg_cap_knight
        KNIGHT_PAIR -16, -33, -31, 4
        KNIGHT_STEP -18, -1, 4
        KNIGHT_STEP -14, 1, 4
        KNIGHT_STEP 14, -1, 4
        KNIGHT_STEP 18, 1, 4
        KNIGHT_PAIR 16, 31, 33, 4
        rts
.endproc

;;
; Pawn captures (mg_gen_pawn's steps onto an enemy piece).  Not in check only.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, mg_to, att_sq.
.proc mg_cap_pawn
        PAWN_MOVES 4
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
; Clobbers: A, X, Y, mg_to, att_sq.  Cycles (not in check): 2,401 at the start position
;           (mg_generate 3,564), 2,088 mean over the bench suite (3,405), 1,305 over
;           random_positions(300, 4242) (2,322).  In the search, depth 3 on mid-01..04:
;           4,636 -> 4,010 cycles per node (docs/cycle_budget.md, "Search"); the search
;           calls mg_generate_captures_nc (2,341 start, 2,026 bench-suite mean)
.proc mg_generate_captures
        GEN_START 0
        lda mg_incheck
        beq quiet
        jmp mg_generate::evasions
quiet:  FAST_PIECE 0, mg_cap_king
        FAST_PIECE 1, mg_cap_advisor
        FAST_PIECE 2, mg_cap_advisor
        FAST_PIECE 3, mg_cap_bishop
        FAST_PIECE 4, mg_cap_bishop
        FAST_PIECE 5, mg_cap_knight
        FAST_PIECE 6, mg_cap_knight
        FAST_PIECE 7, mg_cap_rook
        FAST_PIECE 8, mg_cap_rook
        FAST_PIECE 9, mg_cap_cannon
        FAST_PIECE 10, mg_cap_cannon
        FAST_PIECE 11, mg_cap_pawn
        FAST_PIECE 12, mg_cap_pawn
        FAST_PIECE 13, mg_cap_pawn
        FAST_PIECE 14, mg_cap_pawn
        FAST_PIECE 15, mg_cap_pawn
        jmp mg_generate::finish
.endproc
mg_cap_quiet = mg_generate_captures::quiet
