; search_make.s -- the search's small helpers, make/unmake, repetition test, 16-bit
; score helpers, and its tables (MVV/LVA, history rows, PV rows).  With search_order.s,
; search_tree.s and think.s it is the 6502 twin of pyharness/reference/search.py;
; docs/search.md is the contract: every rule is written there, in the same order.
;
; search() and qsearch() recurse with JSR; their per-ply state lives in the fr_* frames
; (asm/include/engine_ram.inc) indexed by eng_ply.  Inputs sr_d (depth), sr_a (alpha), sr_b (beta);
; output sr_v.  Scores are 16-bit signed.
.include "engine.inc"
.include "search.inc"

.segment "RODATA"
; MVV/LVA by piece index within its side (K A A B B N N R R C C P P P P P)
mvv1:   MVV1_ROW
mvv8k:  MVV8K_ROW
; history rows by piece type
hist_row_lo:                    ; by piece code - RED_TAG (0..31)
.repeat 32, P
        .byte <(hist + PIECE_TYPE {P} * SQ90_COUNT)
.endrepeat
hist_row_hi:
.repeat 32, P
        .byte >(hist + PIECE_TYPE {P} * SQ90_COUNT)
.endrepeat
; min(d * d, 128)
sq_clip:
.repeat 64, D
  .if D * D > HIST_MAX_INC
        .byte HIST_MAX_INC
  .else
        .byte D * D
  .endif
.endrepeat
; start of the PV row of ply p (rows of 12, 11, ... moves)
pv_row:
.repeat SRCH_PV_PLIES + 1, P
        .byte P * SRCH_PV_PLIES - P * (P - 1) / 2
.endrepeat

.segment "CODE"                 ; fixed bank: the engine's view (docs/cartridge.md)


; ---------------------------------------------------------------------- small helpers

;;
; One byte from the LFSR: 8 Galois steps (taps $B400, shifting right), low byte.
; @return   A = low byte of the state
; Clobbers: X.  Cycles: ~200
.proc lfsr_byte
        ldx #8
@step:  lsr sr_lfsr+1
        ror sr_lfsr
        bcc @no
        lda sr_lfsr+1
        eor #LFSR_TAPS_HI
        sta sr_lfsr+1
@no:    dex
        bne @step
        lda sr_lfsr
        rts
.endproc

;;
; sr_v = 0.
; Clobbers: A.  Cycles: 14 with RTS
.proc ret_zero
        lda #0
        sta sr_v
        sta sr_v+1
        rts
.endproc

;;
; sr_v = eng_ply - SRCH_MATE (mated here).
; Clobbers: A.
.proc ret_mated
        lda eng_ply
        sec
        sbc #<SRCH_MATE
        sta sr_v
        lda #0
        sbc #>SRCH_MATE
        sta sr_v+1
        rts
.endproc

;;
; Points mg_fptr/mg_tptr and sr_kptr at the list of ply X (SRCH_PTRS: nothing to do when
; sr_pply = X).
; Clobbers: A.  Cycles: 12 with RTS when set, 48 when computed
.proc srch_ptrs
        SRCH_PTRS
        rts
.endproc
.assert <MV_CAP = 0 && <ord_key = 0 && <mv_from_stk = 0, error, "srch_ptrs: page-aligned lists"
.assert MV_CAP < 128 * 256, error, "srch_ptrs: the list pointers' high bytes do not carry"

; ---------------------------------------------------------------------- make / unmake

; The eval part of a make, shared by srch_make and srch_make_q: the sums of ply + 1
; (ev_s0..3) from those of this ply: the victim's value out of its side's sum (else that
; sum carried over) and the mover's value moved (PST page per piece code, ev_page;
; Black's squares rotated, 254 - sq).  Nothing to save: srch_unmake leaves the sums of
; ply + 1 behind.  With WITHKEY byte 0 of the victim's key goes into sr_key and sr_ptr1
; points at the key block of the target square.  Out: sr_t2 = victim (0: none),
; sr_t1 = X = the mover's piece code.
.macro MAKE_EVAL WITHKEY
        .local vred, nocap, cpred, mover, rneg, mblk, bneg, done
        lda #0
        sta sr_ptr0             ; PST pointer: page set per piece
        ldy pos_to
  .if WITHKEY
        lda zob_sq_lo-ZOB_SQ_FIRST,y
        sta sr_ptr1             ; key block of the target square
        lda zob_sq_hi-ZOB_SQ_FIRST,y
        sta sr_ptr1+1
  .endif
        lda eng_board,y
        sta sr_t2               ; victim
        beq nocap
        tax                     ; --- the victim: its key byte, its value out
  .if WITHKEY
        ldy zob_k4-RED_TAG,x    ; byte 0 only (srch_key_rest: the others)
        lda (sr_ptr1),y
        sta sr_key
  .endif
        lda ev_page-RED_TAG,x
        sta sr_ptr0+1
        ldx eng_ply
        lda eng_side
        bne vred                ; Black moves: the victim is Red
        lda pos_to              ; a Black victim: square 254 - to
        eor #$FF
        tay
        dey
        lda ev_s2,x
        sec
        sbc (sr_ptr0),y
        sta ev_s2+1,x
        lda ev_s3,x
        sbc #0
        sta ev_s3+1,x
        jmp mover
vred:   ldy pos_to
        lda ev_s0,x
        sec
        sbc (sr_ptr0),y
        sta ev_s0+1,x
        lda ev_s1,x
        sbc #0
        sta ev_s1+1,x
        jmp mover
nocap:  ldx eng_ply             ; no victim: the other side's sum carries over
        lda eng_side
        bne cpred
        lda ev_s2,x
        sta ev_s2+1,x
        lda ev_s3,x
        sta ev_s3+1,x
        jmp mover
cpred:  lda ev_s0,x
        sta ev_s0+1,x
        lda ev_s1,x
        sta ev_s1+1,x
mover:  ldy pos_from            ; --- the mover: sum[side] + value(to) - value(from)
        lda eng_board,y
        sta sr_t1
        tay
        lda ev_page-RED_TAG,y
        sta sr_ptr0+1
        lda eng_side
        bne mblk
        ldy pos_to
        lda (sr_ptr0),y
        ldy pos_from
        sec
        sbc (sr_ptr0),y         ; C clear: negative, A = delta + 256
        bcc rneg
        clc
        adc ev_s0,x
        sta ev_s0+1,x
        lda ev_s1,x
        adc #0
        sta ev_s1+1,x
        jmp done
rneg:   adc ev_s0,x             ; C clear after: a borrow from the high byte
        sta ev_s0+1,x
        lda ev_s1,x
        sbc #0
        sta ev_s1+1,x
        jmp done
mblk:   lda pos_to              ; Black: squares rotated, 254 - sq
        eor #$FF
        tay
        dey
        lda (sr_ptr0),y
        sta sr_t0
        lda pos_from
        eor #$FF
        tay
        dey
        lda sr_t0
        sec
        sbc (sr_ptr0),y
        bcc bneg
        clc
        adc ev_s2,x
        sta ev_s2+1,x
        lda ev_s3,x
        adc #0
        sta ev_s3+1,x
        jmp done
bneg:   adc ev_s2,x
        sta ev_s2+1,x
        lda ev_s3,x
        sbc #0
        sta ev_s3+1,x
done:   ldx sr_t1
.endmacro

;;
; Makes pos_from -> pos_to with the key, the eval sums, the record (key, check flag,
; capture flag), the 100-ply counter; counts the node and polls the limits
; (docs/search.md, make()).  With srch_make_q, THE place where a node is counted.
; Everything inline (docs/cycle_budget.md, "Search"): the sums of ply + 1 are written
; from those of the ply (ev_s0..3: srch_unmake restores nothing), the victim's and the
; mover's values come from one PST pointer (page per piece code, ev_page), byte 0 of the child key is written straight into the record
; from the parent's entry (key blocks per square: one pointer per square, Y = kind*4 +
; byte; the side key is folded in as immediates, ZOB_SIDE0..3 exported as zero-page
; constants) and REC_LAZY owes bytes 1-3 (srch_key_rest, when the child reads its key),
; and the board is updated as pos_make does.
; @param pos_from, pos_to  a legal move of the side to move
; Clobbers: A, X, Y, sr_key (byte 0: the victim's), sr_ptr0/1, sr_t0-sr_t2, att_sq, gc_*.
; Cycles: own ~200 (the eval part ~110, key byte 0 ~40), + srch_make_board ~115, + 22
;         the node count and poll (srch_make_done), + pos_gives_check (~104)
.proc srch_make
        MAKE_EVAL 1
        ldy zob_k4-RED_TAG,x    ; --- rec_k0[n+1] = rec_k0[n] ^ mover(from) ^ mover(to)
        ldx pos_from            ;     ^ side (^ victim(to)); bytes 1-3: srch_key_rest
        lda zob_sq_lo-ZOB_SQ_FIRST,x
        sta sr_ptr0             ; key block of the source square
        lda zob_sq_hi-ZOB_SQ_FIRST,x
        sta sr_ptr0+1
        ldx sr_n
        lda (sr_ptr0),y
        eor (sr_ptr1),y
        eor #ZOB_SIDE0
        eor rec_k0,x
        ldy sr_t2
        beq @kq
        eor sr_key
@kq:    sta rec_k0+1,x
        ldx eng_ply             ; --- plies since the last capture
        lda #0
        ldy sr_t2
        bne @hset
        lda sr_half,x
        cmp #SRCH_HALF_MAX
        beq @hset               ; 255 stays 255 (saturating; >= DRAW_PLIES either way)
        adc #1                  ; C clear (A < 255): +1
@hset:  sta sr_half+1,x
        jmp srch_make_board
.endproc

;;
; srch_make for the moves of a quiescence node (docs/cycle_budget.md, "Search"): the
; same board, sums, check flag, node count and poll, without the child's key and
; 100-ply counter: a quiescence node's subtree is quiescence only, which reads neither
; (no TT, no repetition or draw test; rec_k/sr_half of its plies are left stale).
; @param pos_from, pos_to  a legal move of the side to move
; Clobbers: A, X, Y, sr_ptr0, sr_t0-sr_t2, att_sq, gc_*.
; Cycles: own ~155 (the eval part), + the board, flags and count ~115 (srch_make_board),
;         + 22 the node count and poll, + pos_gives_check
.proc srch_make_q
        MAKE_EVAL 0
        ldx eng_ply
::srch_make_board:              ; X = eng_ply, sr_t1 mover, sr_t2 victim
        lda sr_t2               ; --- the board, as pos_make: undo record, side, ply
        sta undo_cap,x
        beq @bq
        tay
        lda #0
        sta eng_piece_sq-RED_TAG,y
@bq:    lda pos_to
        sta undo_to,x
        tay
        lda pos_from
        sta undo_from,x
        tax
        lda #EMPTY
        sta eng_board,x
        lda sr_t1
        sta eng_board,y
        tax
        tya
        sta eng_piece_sq-RED_TAG,x
        lda eng_side
        eor #1
        sta eng_side
        inc eng_ply
        jsr pos_gives_check     ; C = the side now to move is in check (gives_check.s)
        lda #REC_LAZY >> 1      ; the key's bytes 1-3 are owed (srch_key_rest)
        rol a
        ldy sr_t2
        beq @flag
        ora #REC_CAPTURE
@flag:  inc sr_n
        ldx sr_n
        sta rec_flag,x
        inc srch_nodes
        bne @cnt
        inc srch_nodes+1
        bne @cnt
        inc srch_nodes+2
        bne @cnt
        inc srch_nodes+3
@cnt:
::srch_make_done:               ; hook for the node trace (xq65 diff)
        lda sr_nlim             ; srch_node_limit != 0 (srch_think)
        beq @poll
        lda srch_nodes
        cmp srch_node_limit
        lda srch_nodes+1
        sbc srch_node_limit+1
        lda srch_nodes+2
        sbc srch_node_limit+2
        lda srch_nodes+3
        sbc srch_node_limit+3
        bcs @stop
@poll:  lda srch_nodes
        and #SRCH_POLL_MASK
        bne @done
        lda sr_flimit
        ora sr_flimit+1
        beq @mnow
@fc:    ldy frame_count+1       ; the NMI may tick between the two bytes: re-read
        lda frame_count
        cpy frame_count+1
        bne @fc
        sec
        sbc sr_start
        tax
        tya
        sbc sr_start+1
        tay
        txa
        cmp sr_flimit
        tya
        sbc sr_flimit+1
        bcs @stop
@mnow:  lda srch_move_now
        beq @done
@stop:  lda #1
        sta sr_stopped
@done:  rts
.endproc

;;
; Takes back the last srch_make: board and side (as pos_unmake), record index (the eval
; sums are per ply: those of this ply were never touched).
; Clobbers: A, X, Y, sr_t0, sr_t1.  Cycles: ~80 with RTS
.proc srch_unmake
        dec sr_n
        dec eng_ply
        ldx eng_ply
        lda eng_side
        eor #1
        sta eng_side
        lda undo_from,x
        sta sr_t0
        ldy undo_to,x
        lda eng_board,y         ; the mover
        sta sr_t1
        lda undo_cap,x
        sta eng_board,y
        beq @quiet
        tax                     ; a capture: its piece is back on undo_to
        tya
        sta eng_piece_sq-RED_TAG,x
@quiet: ldx sr_t1
        ldy sr_t0
        txa
        sta eng_board,y
        tya
        sta eng_piece_sq-RED_TAG,x
::srch_unmake_done:
        rts
.endproc

; ---------------------------------------------------------------------- repetition

;;
; Repetition of the current position in the record (docs/search.md, repetition()).
; Walks back two entries a step (n - k even: the opponent's move led to k; odd: the
; mover's own), ANDing their check flags, to the last capture (or null move) or the
; start, comparing the keys at even n - k.  Key byte 0 first; on a match a key still
; owed (REC_LAZY) is completed (srch_key_rest) before bytes 1-3.
; @return   C set and sr_v = the score when it repeats; C clear otherwise
; Clobbers: A, X, Y, sr_t0, sr_t1, sr_key, sr_ptr0, sr_ptr1.  Cycles: ~25 + 50 per two
;           positions since the last capture
.proc srch_rep
        lda #REC_CHECK
        sta sr_t0               ; own_all: moves into k with n - k odd (the mover's own)
        sta sr_t1               ; opp_all: n - k even
        ldx sr_n                ; k
        ldy sr_n
@loop:  cpx #0
        beq @none
        lda rec_flag,x
        bmi @none               ; the move into k captured
        and sr_t1
        sta sr_t1
        dex
        beq @none
        lda rec_flag,x
        bmi @none
        and sr_t0
        sta sr_t0
        dex                     ; n - k even: the same side to move
        lda rec_k0,x
        cmp rec_k0,y
        bne @loop
        lda rec_flag,y
        and #REC_LAZY
        beq @rest
        txa
        pha
        jsr srch_key_rest
        pla
        tax
        ldy sr_n
@rest:  lda rec_k1,x
        cmp rec_k1,y
        bne @loop
        lda rec_k2,x
        cmp rec_k2,y
        bne @loop
        lda rec_k3,x
        cmp rec_k3,y
        bne @loop
        lda sr_t0
        beq @ownno
        lda sr_t1
        bne @draw
        lda eng_ply             ; we checked on every move: ply - BAN
        sec
        sbc #<SRCH_BAN
        sta sr_v
        lda #0
        sbc #>SRCH_BAN
        sta sr_v+1
        sec
        rts
@ownno: lda sr_t1
        beq @draw
        lda #<SRCH_BAN          ; the opponent did: BAN - ply
        sec
        sbc eng_ply
        sta sr_v
        lda #>SRCH_BAN
        sbc #0
        sta sr_v+1
        sec
        rts
@draw:  jsr ret_zero
        sec
        rts
@none:  clc
        rts
.endproc

;;
; Completes the key of the current position, entry sr_n: rec_k1..3[n] = rec_k1..3[n - 1]
; ^ mover(from) ^ mover(to) ^ side (^ victim(to)), the move of ply eng_ply - 1 read from
; its undo record (the mover stands on undo_to); srch_make wrote byte 0 and set REC_LAZY,
; which this clears.  A search() node calls it when it needs its key (srch_rep's match of
; byte 0, the TT probe of a node with depth): a horizon node's quiescence reads no key, so
; most made moves never pay for bytes 1-3.
; Clobbers: A, X, Y, sr_key, sr_ptr0, sr_ptr1.  Cycles: ~135 quiet, ~145 a capture
.proc srch_key_rest
        ldx eng_ply
        ldy undo_from-1,x
        lda zob_sq_lo-ZOB_SQ_FIRST,y
        sta sr_ptr0             ; key block of the source square
        lda zob_sq_hi-ZOB_SQ_FIRST,y
        sta sr_ptr0+1
        ldy undo_to-1,x
        lda zob_sq_lo-ZOB_SQ_FIRST,y
        sta sr_ptr1             ; key block of the target square
        lda zob_sq_hi-ZOB_SQ_FIRST,y
        sta sr_ptr1+1
        lda eng_board,y
        sta sr_key              ; the mover
        lda undo_cap-1,x
        beq @quiet
        tax                     ; the victim's bytes 1-3 into sr_key+1..3
        ldy zob_k4-RED_TAG,x
        iny
        lda (sr_ptr1),y
        sta sr_key+1
        iny
        lda (sr_ptr1),y
        sta sr_key+2
        iny
        lda (sr_ptr1),y
        sta sr_key+3
        jmp @mover
@quiet: sta sr_key+1            ; no victim: A = 0
        sta sr_key+2
        sta sr_key+3
@mover: ldx sr_key
        ldy zob_k4-RED_TAG,x
        ldx sr_n
        iny
        lda (sr_ptr0),y
        eor (sr_ptr1),y
        eor sr_key+1
        eor #ZOB_SIDE1
        eor rec_k1-1,x
        sta rec_k1,x
        iny
        lda (sr_ptr0),y
        eor (sr_ptr1),y
        eor sr_key+2
        eor #ZOB_SIDE2
        eor rec_k2-1,x
        sta rec_k2,x
        iny
        lda (sr_ptr0),y
        eor (sr_ptr1),y
        eor sr_key+3
        eor #ZOB_SIDE3
        eor rec_k3-1,x
        sta rec_k3,x
        lda rec_flag,x
        and #<~REC_LAZY
        sta rec_flag,x
::srch_key_done:                ; hook for the node trace (xq65 diff)
        rts
.endproc

; ---------------------------------------------------------------------- 16-bit helpers


;;
; sr_t0/sr_t1 = the root noise of ply X (sign-extended sr_noise at ply 0, else 0).
; Clobbers: A.  Cycles: ~25
.proc noise16
        lda #0
        sta sr_t1
        cpx #0
        bne @zero
        lda sr_noise
        sta sr_t0
        bpl @done
        lda #$FF
        sta sr_t1
@done:  rts
@zero:  sta sr_t0
        rts
.endproc

;;
; Child window (-b, -a) with a = alpha - noise, b = beta - noise of parent ply X:
; sr_a = noise - beta, sr_b = noise - alpha (the noise is 0 below the root).
; Clobbers: A, sr_t0, sr_t1.  X preserved.  Cycles: ~50 with RTS below the root
.proc win_full
        cpx #0
        beq @root
        SUB16X #0, #0, fr_bl, fr_bh, sr_a
        SUB16X #0, #0, fr_al, fr_ah, sr_b
        rts
@root:  jsr noise16
        SUB16X sr_t0, sr_t1, fr_bl, fr_bh, sr_a
        SUB16X sr_t0, sr_t1, fr_al, fr_ah, sr_b
        rts
.endproc

;;
; Null window (-a - 1, -a) of parent ply X: sr_b = noise - alpha, sr_a = sr_b - 1 (below
; the root: sr_a = -alpha - 1 = alpha ^ $FFFF).
; Clobbers: A, sr_t0, sr_t1.  X preserved.  Cycles: ~48 with RTS below the root
.proc win_null
        cpx #0
        beq @root
        lda fr_al,x
        eor #$FF
        sta sr_a
        lda fr_ah,x
        eor #$FF
        sta sr_a+1
        SUB16X #0, #0, fr_al, fr_ah, sr_b
        rts
@root:  jsr noise16
        SUB16X sr_t0, sr_t1, fr_al, fr_ah, sr_b
        lda sr_b
        sec
        sbc #1
        sta sr_a
        lda sr_b+1
        sbc #0
        sta sr_a+1
        rts
.endproc

;;
; sr_v = noise(parent ply) - sr_v, with the parent ply = eng_ply - 1 (noise 0 below the
; root).
; Clobbers: A, X, sr_t0, sr_t1.  Cycles: ~32 with RTS below the root
.proc neg_noise
        ldx eng_ply
        dex
        bne @plain
        jsr noise16
        RSUB_V sr_t0, sr_t1
        rts
@plain: RSUB_V #0, #0
        rts
.endproc

;;
; pos_from/pos_to = move fr_i of ply X (after the swap of srch_pick).
; Clobbers: A, Y.  X preserved.
.proc load_move
        jsr srch_ptrs
        ldy fr_i,x
        lda (mg_fptr),y
        sta pos_from
        lda (mg_tptr),y
        sta pos_to
        rts
.endproc

;;
; Mate scores read from the TT are distances from the node: s > WIN: s - ply;
; s < -WIN: s + ply.  @param sr_v = s.  Clobbers: A.  X, Y preserved.
.proc tt_adjust_in
        LT16 #<SRCH_WIN, #>SRCH_WIN, sr_v, sr_v+1
        bpl @notwin
        lda sr_v
        sec
        sbc eng_ply
        sta sr_v
        lda sr_v+1
        sbc #0
        sta sr_v+1
        rts
@notwin:
        LT16 sr_v, sr_v+1, #<(-SRCH_WIN), #>(-SRCH_WIN)
        bpl @done
        lda sr_v
        clc
        adc eng_ply
        sta sr_v
        lda sr_v+1
        adc #0
        sta sr_v+1
@done:  rts
.endproc

