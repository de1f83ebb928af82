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
; mg_generate_captures (the quiescence: mg_captures.s, in the fixed bank) lists
; only the legal captures, in the same order: a capture keeps its target occupied, so
; only a stamped mover (or the king) needs a test there.
.include "engine.inc"
.include "engine_macros.inc"
.include "movegen.inc"

.import pos_setup_side, eng_up16, eng_down16, pos_attacked_ns, pos_attacked_ew, pos_attacked_k

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
;           ::nc ~60 fewer with its callers' init (the pawn tests).  The rays along the
;           king's file (rank) are scanned only when an enemy rook, cannon or king
;           (rook or cannon) stands on it, and look for p3 (a cannon over two pieces)
;           only when an enemy cannon does.
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
nc:                             ; entry ::nc (see GEN_START)
        ; A ray matters only if an enemy rook or cannon (or, on the file, the enemy king)
        ; stands on its line: only they give check along it, pin with it or make its
        ; empty squares stamped targets (a captured piece's square 0 is on no line).
        ; mg_lcan counts the enemy cannons on the line: without one, no ray looks for p3.
        lda mg_side16
        eor #16
        tax                     ; X = the enemy's piece-list offset
        ldy #0
        CANNON_ON_LINE 9, $0F   ; the king's file: cannons, rooks, the king
        CANNON_ON_LINE 10, $0F
        sty mg_lcan
        tya
        bne go_file
        ON_LINE 7, $0F, go_file
        ON_LINE 8, $0F, go_file
        ON_LINE 0, $0F, go_file
        jmp rank
go_file:
        jmp file
        .align 256              ; the ray loops clear of page crossings
file:   RAY_SCAN -16, 1
        RAY_SCAN 16, 1
        lda mg_side16
        eor #16
        tax
rank:   ldy #0
        CANNON_ON_LINE 9, $F0   ; the king's rank: cannons, rooks
        CANNON_ON_LINE 10, $F0
        sty mg_lcan
        tya
        bne ranks
        ON_LINE 7, $F0, ranks
        ON_LINE 8, $F0, ranks
        jmp legs
ranks:  RAY_SCAN -1, 0
        RAY_SCAN 1, 0
legs:   ldx mg_ksq
        lda att_hnear           ; no enemy horse on the own half: none reaches the king
        bne horses
        rts
horses: HORSE_LEG 17, 33, 18
        HORSE_LEG 15, 31, 14
        HORSE_LEG -15, -14, -31
        HORSE_LEG -17, -18, -33
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
        MG_UNDO_STORE
        rts
.endproc


;;
; King moves: -16, -1, +1, +16 inside the own palace.  Not in check (mg_gen_king and
; its ::checked entry): a step is tested by the cross rays of the target,
; horses and pawns (KING_STEP_QUIET); in check (::evade) by the full test.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, att_sq.  Cycles: ~170 own per call (bench movegen --profile)
.proc mg_gen_king
fast:
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


;;
; Advisor moves: -17, -15, +15, +17 inside the own palace.
; Entries: mg_gen_advisor (no target stamped), ::checked (targets checked against mg_dmap),
; ::evade (in check: only stamped targets, each with the full test); with mg_mask = 0
; (a stamped piece) ::checked gives every move the full test.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, att_sq.  Cycles: ~139 own per call (bench movegen --profile)
.proc mg_gen_advisor
fast:
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


;;
; Bishop moves: -34, -30, +30, +34 on the own half, eye (-17, -15, +15, +17) empty.
; Entries: mg_gen_bishop (no target stamped), ::checked (targets checked against mg_dmap),
; ::evade (in check: only stamped targets, each with the full test); with mg_mask = 0
; (a stamped piece) ::checked gives every move the full test.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, att_sq.  Cycles: ~225 own per call (bench movegen --profile)
.proc mg_gen_bishop
fast:
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


;;
; Knight moves: -33, -31, -18, -14, +14, +18, +31, +33 with their legs empty.
; Entries: mg_gen_knight (no target stamped), ::checked (targets checked against mg_dmap),
; ::evade (in check: only stamped targets, each with the full test); with mg_mask = 0
; (a stamped piece) ::checked gives every move the full test.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, att_sq.  Cycles: ~298 own per call (bench movegen --profile)
.proc mg_gen_knight
fast:
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


;;
; Rook moves: per direction -16, -1, +1, +16 the empty squares, then an enemy piece.
; Entries: ::fast = mg_fast_rook (no target stamped, mg_sliders.s), ::checked (targets checked against mg_dmap),
; ::evade (in check: only stamped targets, each with the full test); with mg_mask = 0
; (a stamped piece) ::checked gives every move the full test.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, att_sq.  Cycles: ~400 + ~400 a full test (mg_emit)
.proc mg_gen_rook
fast = mg_fast_rook             ; the storing variant (mg_sliders.s)
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


;;
; Cannon moves: per direction the empty squares, then the enemy piece beyond a screen.
; Entries: ::fast = mg_fast_cannon (no target stamped, mg_sliders.s), ::checked (targets checked against mg_dmap),
; ::evade (in check: only stamped targets, each with the full test); with mg_mask = 0
; (a stamped piece) ::checked gives every move the full test.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, att_sq.  Cycles: ~450 + ~400 a full test (mg_emit)
.proc mg_gen_cannon
fast = mg_fast_cannon           ; the storing variant (mg_sliders.s)
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


;;
; Pawn moves: forward; once across the river also -1, +1.
; Entries: mg_gen_pawn (no target stamped), ::checked (targets checked against mg_dmap),
; ::evade (in check: only stamped targets, each with the full test); with mg_mask = 0
; (a stamped piece) ::checked gives every move the full test.
; @param X = mg_from = the piece's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, att_sq.  Cycles: ~140 own per call (bench movegen --profile)
.proc mg_gen_pawn
fast:
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
; Clobbers: A, X, Y, att_sq.  Cycles: 2,882 at the start position (44 moves), ~1,980
;           average over random positions (xq65 bench movegen; docs/cycle_budget.md)
.proc mg_generate
        GEN_START 0

        lda mg_incheck
        beq not_in_check
        jmp evasions
not_in_check:
        lda mg_todanger
        ora mg_pdanger
        bne stamped
        jmp mg_fast_pieces      ; nothing stamped: per-side loops (mg_sliders.s)
stamped:
        lda mg_todanger
        beq pieces
        jmp checked_pieces

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
        lda mg_incheck          ; one check: the box of the king and the checker
        cmp #2
        bcs no_box
        lda mg_ksq
        and #$F0
        sta mg_rlo
        sta mg_rhi
        lda mg_chk
        and #$F0
        cmp mg_rlo
        bcs box_r1
        sta mg_rlo              ; the checker's rank is the lower
        bcc box_r2              ; always
box_r1: sta mg_rhi
box_r2: lda mg_rhi
        clc
        adc #$10                ; (exclusive; ranks end at $C0)
        sta mg_rhi
        lda mg_ksq
        and #$0F
        sta mg_clo
        sta mg_chi
        lda mg_chk
        and #$0F
        cmp mg_clo
        bcs box_c1
        sta mg_clo
        bcc box_c2              ; always
box_c1: sta mg_chi
box_c2: inc mg_chi              ; (exclusive)
        ldx mg_chk              ; mg_emit_ev's quick test: a rook, cannon or pawn checks
        lda eng_board,x
        and #$0F                ; (piece index: 0 king, 5 and 6 horses)
        beq no_quick
        cmp #5
        beq no_quick
        cmp #6
        beq no_quick
        sta mg_evok
        jmp box_done
no_quick:
        lda #0
        sta mg_evok
        jmp box_done
no_box: lda #0                  ; two checks: the whole board, every evasion tested
        sta mg_evok
        sta mg_rlo
        sta mg_clo
        lda #$F0
        sta mg_rhi
        lda #$10
        sta mg_chi
box_done:
        ldx mg_side16           ; the king (never stamped: mg_scan stamps no king square)
        lda eng_piece_sq,x
        sta mg_from
        tax
        jsr mg_gen_king::evade
        PIECE 1, mg_gen_advisor, evade
        PIECE 2, mg_gen_advisor, evade
        PIECE 3, mg_gen_bishop, evade
        PIECE 4, mg_gen_bishop, evade
        EVADE_PIECE 5, mg_gen_knight, 2
        EVADE_PIECE 6, mg_gen_knight, 2
        EVADE_PIECE 7, mg_gen_rook, 1
        EVADE_PIECE 8, mg_gen_rook, 1
        EVADE_PIECE 9, mg_gen_cannon, 1
        EVADE_PIECE 10, mg_gen_cannon, 1
        PIECE 11, mg_gen_pawn, evade
        PIECE 12, mg_gen_pawn, evade
        PIECE 13, mg_gen_pawn, evade
        PIECE 14, mg_gen_pawn, evade
        PIECE 15, mg_gen_pawn, evade
finish:
        sty mg_count
        ldx eng_ply
        tya
        MV_LIST_END
        clc
        rts
.endproc
mg_gen_quiet = mg_generate::not_in_check

; entries the macros and mg_captures.s name (a scoped label cannot be imported)
mg_emit_full = mg_emit::full
mg_emit_test = mg_emit::test
mg_generate_evasions = mg_generate::evasions
mg_generate_finish = mg_generate::finish
mg_fast_king = mg_gen_king::fast
mg_fast_advisor = mg_gen_advisor::fast
mg_fast_bishop = mg_gen_bishop::fast
mg_fast_knight = mg_gen_knight::fast

        .align 256              ; attack.s follows in the bank: a page start keeps its ray loops in one page
