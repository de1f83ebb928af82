; mg_captures.s -- the quiescence generator mg_generate_captures: the legal captures of
; the side to move in mg_generate's order (docs/encoding.md), built from the generator
; macros of movegen.inc in their fourth variant (fast = 4).
.include "engine.inc"
.include "engine_macros.inc"
.include "movegen.inc"

.import pos_setup_side, eng_up16, eng_down16, pos_attacked_k
.import gc_rel, gc_skx_of, gc_scan_n, gc_scan_s, gc_scan_w, gc_scan_e
.importzp GC_LINE, GC_LEG, GC_FILE

; ------------------------------------------------------------ captures only (quiescence)
; The capture generators run in the fixed bank and bank 0 (both mapped while the engine
; thinks, so they cost the same in either).  Each emits, in the order of its full generator,
; only the moves onto an enemy piece.  Not in check, a capture by a non-king mover is
; legal unless its from-square uncovers the king (it only replaces the piece on its
; target: the target stays occupied), so a mover off the king's file, rank and horse
; legs (gc_rel) is stored at once and the others are tested (mg_emit_capt, CAPT_TAIL,
; mg_capt_line); no stamp of mg_scan is read.  King captures get the full test
; (mg_cap_king).
.segment "CODE"

.segment "ENGINE_GAP"             ; bank 0, in the room before the Zobrist keys' page
;;
; Emits the capture mg_from -> X at index Y (mg_cap_*; not in check).  By the mover's
; relation to the king (gc_rel[mg_from - mg_ksq]): off the king's file, rank and horse
; legs the capture is stored at once, on them mg_capt_line decides (mg_dmap is not read:
; the test is exact with or without mg_scan's stamps).
; Entries: mg_emit_capt with A = target - mg_from (X ignored); ::sq with X = target.
; @param Y  moves written so far
; @return   X = mg_from; Y incremented if the move was stored
; Clobbers: A, mg_to, mg_cap, att_sq, gc_skx, gc_t.  Cycles: 56 stored at ::sq (with
;           RTS), ~200 with a ray scan (mg_capt_line), ~400 with the full test (a leg)
.proc mg_emit_capt
        clc
        adc mg_from
        tax
sq:     stx mg_to
        lda mg_from
        sec
        sbc mg_ksq
        tax
        lda gc_rel,x
        ldx mg_to
        and #GC_LINE | GC_LEG
        bne line
        txa                     ; off the king's lines and legs: legal
        sta (mg_tptr),y
        lda mg_from
        sta (mg_fptr),y
        tax
        iny
        rts
line:   jmp mg_capt_line
.endproc
.segment "CODE"

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
; `Position.legal_captures()`, equal to `[m for m in legal_moves() if board[m.to]]`).  In check it lists every evasion, as
; mg_generate does (mg_incheck tells the caller which).  Same contract as mg_generate.
; @param eng_ply  the ply; mv_base_lo/hi[eng_ply] = first free slot of the move stack
; @return   mg_count = mv_count[ply] = moves written; mv_base[ply+1] = base + count;
;           C set (and no moves) if ply >= MAX_PLY or fewer than MG_MAX slots are free
; Clobbers: A, X, Y, mg_to, mg_cap, att_sq, gc_skx, gc_t.  Cycles (not in check): 1,770
;           at the start position (mg_generate 2,882), 1,777 mean over the bench suite
;           (2,945), 985 over random_positions(300, 4242) (1,982).  The search calls
;           mg_generate_captures_nc, without mg_scan and pos_setup_side (1,276 start,
;           1,282 bench-suite mean, 598 random)
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
mg_cap_red = mg_generate_captures::red
mg_cap_black = mg_generate_captures::black

;;
; mg_generate_captures for a caller that knows the side to move is not in check (the
; quiescence): the same list, without mg_scan and pos_setup_side.  A capture only
; replaces the piece on its target, so only the mover's from-square can uncover the
; king: mg_emit_capt tests the movers on the king's file, rank or horse legs (gc_rel)
; one by one (mg_capt_line), mg_cap_king every king capture (the full test, after
; pos_setup_side), and stores the others at once.  Of the per-side variables it sets
; only those the capture generators read: mg_own, mg_palbit, mg_ksq.
; @param eng_ply  as mg_generate_captures; the side to move must not be in check
; @return   as mg_generate_captures (mg_incheck = 0; mg_dmap and mg_stamp untouched)
; Clobbers: A, X, Y, mg_to, mg_cap, att_sq, gc_skx, gc_t.  Cycles: ~1,280 at the start
;           position; on average 1,282 over the bench suite, 598 over
;           random_positions(300, 4242) not in check (mg_generate_captures: 1,770, 1,777,
;           985)
.proc mg_generate_captures_nc
        GEN_START 2
        lda eng_side
        bne black
        lda #RED_TAG
        sta mg_own
        lda #SQF_RED_PALACE
        sta mg_palbit
        lda eng_piece_sq
        sta mg_ksq
        jmp mg_cap_red
black:  lda #BLACK_TAG
        sta mg_own
        lda #SQF_BLACK_PALACE
        sta mg_palbit
        lda eng_piece_sq+16
        sta mg_ksq
        jmp mg_cap_black
.endproc

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
; King captures: -16, -1, +1, +16 onto an enemy piece inside the own palace, each with
; the full test (mg_emit_test on the target: exact with or without mg_scan's stamps), by
; one shared tail (`step`: king captures are rare, the bytes are not).
; @param X = mg_from = the king's square; Y = moves written so far
; @return   Y = moves written
; Clobbers: A, X, mg_to, mg_cap, att_sq, the per-side variables of pos_setup_side (a
;           king capture: the full test needs them all).
.proc mg_cap_king
        KING_CAPT -16
        KING_CAPT -1
        KING_CAPT 1
        KING_CAPT 16
        rts
step:   clc                     ; A = the step
        adc mg_from
        sta att_sq
        jsr pos_setup_side      ; the attack test's variables (mg_generate_captures_nc
        ldx att_sq              ; sets only a few)
        jsr mg_emit_test        ; X = att_sq = the target
        ldx mg_from
        rts
.endproc

;;
; The move mg_from -> X (= mg_to) of a mover on the king's file or rank, or on a horse
; leg of the king: a capture out of check (mg_emit_capt's test), or an evasion that
; mg_emit_ev's box test cleared (it resolves the one check and its target creates no
; attack).  A leg: the full test (mg_emit_full).  A line: the move is made on the board,
; the king's ray through mg_from is scanned as pos_gives_check scans a ray (gc_scan_*:
; its first piece an enemy rook, or the enemy king on the file, or its second an enemy
; cannon), the board is restored.  Nothing else can attack the king after such a move:
; the target stays occupied (a capture; its new piece attacks nothing of its own side)
; or blocks the check line, pawn attacks depend on the pawn's square, a horse's on its
; leg (a diagonal neighbour of the king).
; @param A  gc_rel[mg_from - mg_ksq] & (GC_LINE | GC_LEG), nonzero; X = mg_to = target;
;           Y = moves written so far
; @return   X = mg_from; Y incremented if the move was stored
; Clobbers: A, mg_cap, att_sq, gc_skx, gc_t, the per-side variables of pos_setup_side
;           (a leg).  Cycles: ~110 (a line; the scan walks the ray), ~500 (a leg)
.proc mg_capt_line
        sta gc_t
        and #GC_LEG
        bne leg
        sty mg_count            ; make the move on the board (mg_emit's way)
        lda eng_board,x
        sta mg_cap
        ldy mg_from
        lda eng_board,y
        sta eng_board,x
        lda #EMPTY
        sta eng_board,y
        lda mg_ksq
        sta att_sq              ; the ray from the own king ...
        ldx eng_side
        lda gc_skx_of,x
        sta gc_skx              ; ... for the enemy's pieces
        lda gc_t
        and #GC_FILE
        beq rank
        cpy mg_ksq              ; Y = mg_from: north of the king when lower
        bcs south
        jsr gc_scan_n
        jmp undo
south:  jsr gc_scan_s
        jmp undo
rank:   cpy mg_ksq
        bcs east
        jsr gc_scan_w
        jmp undo
east:   jsr gc_scan_e
undo:   MG_UNDO_STORE           ; C = the king is attacked
        ldx mg_from
        rts
leg:    jsr pos_setup_side      ; the attack test's variables (mg_generate_captures_nc
        ldx mg_to               ; sets only a few)
        jsr mg_emit_full        ; X = the target
        ldx mg_from
        rts
.endproc

mg_emit_capt_sq = mg_emit_capt::sq
