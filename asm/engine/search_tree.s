; search_tree.s -- the tree: null move, search() (PVS with TT, check extension,
; internal iterative reduction, late-move reductions) and qsearch() (delta pruning)
; (docs/search.md).
.include "engine.inc"
.include "search.inc"
.include "eval.inc"
.include "engine_macros.inc"

.segment "CODE"                 ; fixed bank: the engine's view (docs/cartridge.md)

; ---------------------------------------------------------------------- null move

;;
; Null-move pruning at the search() node of ply eng_ply, after its TT probe
; (docs/search.md, "Null move").  Tried when ply > 0, depth >= NULL_MIN_DEPTH, not in
; check, not right after a null move, -WIN <= beta < WIN, and the side to move has a
; horse, rook or cannon.  The null move flips the side and the key (record entry flagged
; REC_CAPTURE | REC_NULL: the repetition walk stops there, the 100-ply counter restarts),
; moves nothing and is not a node; the child searches (-beta, 1 - beta) at
; depth - 1 - NULL_R.  No TT store, killers or history of this ply.
; @return   C set: return sr_v (beta on a cut, 0 on a stop); C clear: go on
; Clobbers: everything but the frames of this ply (sr_hf/sr_ht are kept).
.proc srch_null
        lda sr_null             ; srch_null_on | the level's level_null (srch_start)
        beq @no
        ldx eng_ply
        beq @no                 ; the root
        lda fr_depth,x
        cmp #NULL_MIN_DEPTH
        bcc @no
        ldy sr_n
        lda rec_flag,y
        and #REC_CHECK | REC_NULL
        bne @no                 ; in check, or a null move led here
        lda fr_bl,x             ; -WIN <= beta < WIN: beta + WIN < 2 WIN, unsigned
        clc
        adc #<SRCH_WIN
        sta sr_t0
        lda fr_bh,x
        adc #>SRCH_WIN
        tay
        lda sr_t0
        cmp #<(2 * SRCH_WIN)
        tya
        sbc #>(2 * SRCH_WIN)
        bcs @no
        lda eng_side            ; a horse, rook or cannon (piece indexes 5..10)
        asl a
        asl a
        asl a
        asl a
        tay
        lda eng_piece_sq+5,y
        ora eng_piece_sq+6,y
        ora eng_piece_sq+7,y
        ora eng_piece_sq+8,y
        ora eng_piece_sq+9,y
        ora eng_piece_sq+10,y
        bne @try
@no:    clc
        rts
@try:
::srch_null_try:                ; hook: a null move is tried (tests count them)
        lda #ORD_FULL           ; no list at this ply: srch_order_flush skips it
        sta fr_ost,x
        lda sr_hf               ; the hash move, kept in this ply's frame
        sta fr_mf,x
        lda sr_ht
        sta fr_mt,x
        lda mv_base_lo,x        ; the child's list starts where this ply's would
        sta mv_base_lo+1,x
        lda mv_base_hi,x
        sta mv_base_hi+1,x
        lda #0
        sta sr_half+1,x
        sec                     ; depth - 1 - NULL_R
        lda fr_depth,x
        sbc #1 + NULL_R
        sta sr_d
        jsr win_full            ; sr_a = -beta (no noise below the root)
        lda sr_a                ; window (-beta, 1 - beta)
        clc
        adc #1
        sta sr_b
        lda sr_a+1
        adc #0
        sta sr_b+1
        ldy sr_n                ; the record entry: key ^ side key, flags
        lda rec_k0,y
        eor #ZOB_SIDE0
        sta rec_k0+1,y
        lda rec_k1,y
        eor #ZOB_SIDE1
        sta rec_k1+1,y
        lda rec_k2,y
        eor #ZOB_SIDE2
        sta rec_k2+1,y
        lda rec_k3,y
        eor #ZOB_SIDE3
        sta rec_k3+1,y
        lda #REC_CAPTURE | REC_NULL
        sta rec_flag+1,y
        ldx eng_ply             ; the eval sums carry over (nothing moves)
        lda ev_s0,x
        sta ev_s0+1,x
        lda ev_s1,x
        sta ev_s1+1,x
        lda ev_s2,x
        sta ev_s2+1,x
        lda ev_s3,x
        sta ev_s3+1,x
        jsr null_flip
        inc sr_n
        inc eng_ply
        jsr srch_search
        jsr null_flip
        dec sr_n
        dec eng_ply
        ldx eng_ply
        lda fr_mf,x
        sta sr_hf
        lda fr_mt,x
        sta sr_ht
        lda sr_stopped
        beq @val
        jsr ret_zero
        sec
        rts
@val:   lda sr_v                ; v = -sr_v >= beta  <=>  sr_v + beta <= 0
        clc                     ; (|sr_v| <= INF, |beta| <= WIN: no overflow)
        adc fr_bl,x
        sta sr_t0
        lda sr_v+1
        adc fr_bh,x
        bmi @cut
        ora sr_t0
        beq @cut
        clc                     ; v < beta: search the moves
        rts
@cut:
::srch_null_cut:                ; hook: the null move cut (tests count them)
        lda fr_bl,x
        sta sr_v
        lda fr_bh,x
        sta sr_v+1
        sec
        rts
.endproc

;;
; eng_side ^= 1.  Clobbers: A.
.proc null_flip
        lda eng_side
        eor #1
        sta eng_side
        rts
.endproc

; ---------------------------------------------------------------------- search()

.segment "ENGINE"               ; bank 0 (mapped while the engine thinks): the fixed bank is full
;;
; The move list of the search() node of ply eng_ply: mg_generate_nc when REC_CHECK of
; the node's record entry (rec_flag[sr_n]) says the side to move is not in check,
; mg_generate when it is.  The two give the same list (tests/test_asm_movegen.py).
; @param eng_ply, sr_n  the node
; @return   as mg_generate
; Clobbers: A, X, Y, att_sq.  Cycles: 14 on top of the generator (its tail call); the
;           not-in-check generation is ~60 cheaper than mg_generate's
.proc srch_generate
        ldy sr_n
        lda rec_flag,y
        and #REC_CHECK
        bne @check
        jmp mg_generate_nc
@check: jmp mg_generate
.endproc

;;
; Internal iterative reduction (docs/search.md, search()) at the search() node of ply
; eng_ply, after its TT probe: switched on (sr_rules ^ SRCH_RULES_DEFAULT has RULE_IIR), ply > 0, no hash move (sr_hf = 0), not in check and
; fr_depth >= IIR_MIN_DEPTH: fr_depth -= 1 (the node, its TT store, its killers and
; history reward, its children and its null move use the reduced depth).
; Clobbers: A, X, Y.  Cycles: ~20-40
.proc iir_reduce
        RULE_ON RULE_IIR, @no
        ldx eng_ply
        beq @no                 ; the root
        lda sr_hf
        bne @no                 ; a hash move
        ldy sr_n
        lda rec_flag,y
        and #REC_CHECK
        bne @no
        lda fr_depth,x
        cmp #IIR_MIN_DEPTH
        bcs @yes
@no:    rts
@yes:
::srch_iir_try:                 ; hook: a node is reduced (tests count them)
        dec fr_depth,x
        rts
.endproc

;;
; The quiescence's recaptures-only rule (docs/search.md, qsearch()) at the qsearch node
; of ply eng_ply, out of check, right after mg_generate_captures_nc: switched on
; (sr_rules ^ SRCH_RULES_DEFAULT has RULE_QS_RECAP) and eng_ply - sr_qs0 >=
; QS_RECAP_PLY: keeps only the captures onto the last move's target (undo_to of the
; ply above), in list order; sets mv_count and mv_base of the next ply to match.
; @return X = eng_ply, A = mv_count,x (Z set: no capture left)
; Clobbers: A, X, Y, sr_t0-sr_t2, mg_fptr, mg_tptr.  Cycles: ~30 when it does not
; apply, ~60 + ~20 a capture when it does
.proc qs_recap_only
        ldx eng_ply
        RULE_ON RULE_QS_RECAP, @done
        txa
        sec
        sbc sr_qs0
        cmp #QS_RECAP_PLY
        bcc @done               ; near the horizon: every capture
        lda mv_count,x
        beq @done
        lda undo_to-1,x         ; the last move's target
        sta sr_t0
        jsr mg_set_ptrs
        ldy #0
        sty sr_t1               ; captures kept
@loop:  lda (mg_tptr),y
        cmp sr_t0
        bne @skip
        lda (mg_fptr),y
        sty sr_t2
        ldy sr_t1
        sta (mg_fptr),y
        lda sr_t0
        sta (mg_tptr),y
        inc sr_t1
        ldy sr_t2
@skip:  iny
        tya
        cmp mv_count,x
        bcc @loop
        lda sr_t1
        MV_LIST_END
@done:  lda mv_count,x
        rts
.endproc

;;
; Reverse futility pruning (docs/search.md, search()) at the search() node of ply
; eng_ply, after iir_reduce: switched on (sr_rules ^ SRCH_RULES_DEFAULT has RULE_RFP),
; ply > 0, not in check, fr_depth <= RFP_MAX_DEPTH, -WIN < beta < WIN, and the static
; eval - RFP_MARGIN * fr_depth >= beta: the node returns the eval (no TT store, no PV).
; @return C set: cut, sr_v = the eval; C clear: search on
; Clobbers: A, X, Y, sr_v, sr_t0, sr_t1.  Cycles: ~20 at a node the rule skips, ~130 at
; one it tests
.proc srch_rfp
        RULE_ON RULE_RFP, @no0
        ldx eng_ply
        beq @no0                ; the root
        lda fr_depth,x
        cmp #RFP_MAX_DEPTH + 1
        bcs @no0
        ldy sr_n
        lda rec_flag,y
        and #REC_CHECK
        bne @no0
        LT16 {fr_bl,x}, {fr_bh,x}, #<SRCH_WIN, #>SRCH_WIN
        bpl @no0                ; beta >= WIN
        LT16 #<(-SRCH_WIN), #>(-SRCH_WIN), {fr_bl,x}, {fr_bh,x}
        bmi @eval               ; -WIN < beta
@no0:   clc
        rts
@eval:
        EV_EVALUATE             ; sr_v = the eval
        lda sr_v
        sta sr_t0
        lda sr_v+1
        sta sr_t1
        ldy fr_depth,x          ; 1 .. RFP_MAX_DEPTH margins off
@sub:   lda sr_t0
        sec
        sbc #<RFP_MARGIN
        sta sr_t0
        lda sr_t1
        sbc #>RFP_MARGIN
        sta sr_t1
        dey
        bne @sub
        LT16 sr_t0, sr_t1, {fr_bl,x}, {fr_bh,x}
        bpl @yes                ; eval - margin >= beta
@no:    clc
        rts
@yes:
::srch_rfp_cut:                 ; hook: a node returns its eval (tests count them)
        sec
        rts
.endproc
.segment "CODE"


;;
; Late-move reduction test (docs/search.md, search()) for the move just made at parent
; ply X: i >= LMR_MIN_MOVE, depth >= LMR_MIN_DEPTH, the node not in check, the move
; quiet, no killer of ply X and giving no check.  (For i >= 1 the move is never the
; hash move, which pick(0) takes; so this is the twin's "key < KEY_BAD_CAPTURE".)
; @param X  the parent ply (eng_ply - 1), after srch_make
; @return C set: reduce
; Clobbers: A, Y.  X preserved.  Cycles: ~20 when i < 3, ~70 for a reduced move
.proc lmr_ok
        lda fr_i,x
        cmp #LMR_MIN_MOVE
        bcc @no
        lda fr_depth,x
        cmp #LMR_MIN_DEPTH
        bcc @no
        ldy sr_n
        lda rec_flag,y          ; a capture, or the move gives check
        and #REC_CAPTURE | REC_CHECK
        bne @no
        lda rec_flag-1,y        ; the node is in check
        and #REC_CHECK
        bne @no
        lda undo_to,x
        cmp kill1_t,x
        bne @k2
        lda undo_from,x
        cmp kill1_f,x
        beq @no
@k2:    lda undo_to,x
        cmp kill2_t,x
        bne @yes
        lda undo_from,x
        cmp kill2_f,x
        bne @yes
@no:    clc
        rts
@yes:
::srch_lmr_try:                 ; hook: a reduced search follows (tests count them)
        jmp lmr_deep            ; bank 0: one ply more for a very late move; C set
.endproc

;;
; Fail-soft negamax PVS at ply eng_ply (docs/search.md, search()).
; @param sr_d depth (signed), sr_a alpha, sr_b beta
; @return   sr_v = the value for the side to move
; Clobbers: everything.  Recursive (2 bytes of stack a ply).
.proc srch_search
        ldx eng_ply
        lda #0
        sta pv_len,x
        lda sr_stopped
        beq @go
        jmp ret_zero
@go:    cpx #0
        beq @root
        ldy sr_n                ; the move into the node captured: no repetition
        lda rec_flag,y
        bmi @norep
        jsr srch_rep
        bcc @norep
        rts
@norep: ldx eng_ply
        lda sr_half,x
        cmp #SRCH_DRAW_PLIES
        bcc @root
        jmp ret_zero
@root:  cpx #MAX_PLY
        bcc @deep
        jmp ev_evaluate
@deep:  ldy sr_n
        lda rec_flag,y
        and #REC_CHECK
        beq @noext
        jsr ext_ok
        bcc @noext
        inc sr_d                ; check extension
@noext: lda sr_d
        beq @qs
        bpl @full
@qs:    stx sr_qs0              ; the horizon: qsearch plies count from here
        jmp srch_qsearch
@full:  sta fr_depth,x
        lda sr_a
        sta fr_al,x
        lda sr_a+1
        sta fr_ah,x
        lda sr_b
        sta fr_bl,x
        lda sr_b+1
        sta fr_bh,x
        ldy sr_n                ; a node with depth reads its key: bytes 1-3 if owed
        lda rec_flag,y
        and #REC_LAZY
        beq @keyed
        jsr srch_key_rest
        ; ---- TT probe
@keyed: lda #0
        sta sr_hf
        sta sr_ht
        inc srch_tt_probes
        bne @p1
        inc srch_tt_probes+1
        bne @p1
        inc srch_tt_probes+2
        bne @p1
        inc srch_tt_probes+3
@p1:    ldy sr_n
        ldx rec_k0,y            ; slot
        lda tt_df,x
        and #3
        beq @miss
        lda rec_k2,y
        cmp tt_lock_lo,x
        bne @miss
        lda rec_k3,y
        cmp tt_lock_hi,x
        bne @miss
        inc srch_tt_hits
        bne @h1
        inc srch_tt_hits+1
        bne @h1
        inc srch_tt_hits+2
        bne @h1
        inc srch_tt_hits+3
@h1:    lda tt_from,x
        sta sr_hf
        lda tt_to,x
        sta sr_ht
        ldy eng_ply
        beq @miss               ; no cutoff at the root
        lda tt_df,x
        lsr a
        lsr a
        cmp fr_depth,y
        bcc @miss               ; slot depth < depth
        lda tt_sc_lo,x
        sta sr_v
        lda tt_sc_hi,x
        sta sr_v+1
        jsr tt_adjust_in
        lda tt_df,x
        and #3
        cmp #FLAG_EXACT
        beq @cut
        cmp #FLAG_LOWER
        bne @upper
        LT16 sr_v, sr_v+1, {fr_bl,y}, {fr_bh,y}
        bpl @cut                ; s >= beta
        bmi @miss
@upper: LT16 {fr_al,y}, {fr_ah,y}, sr_v, sr_v+1
        bmi @miss               ; s > alpha
@cut:   rts
@miss:  jsr iir_reduce
        jsr srch_rfp
        bcs @cut                ; reverse futility: sr_v = the eval
        jsr srch_null
        bcc @gen
        rts                     ; the null move cut (sr_v = beta), or a stop (0)
@gen:   SRCH_PTRS_FORGET        ; the generation moves mg_fptr/mg_tptr
        jsr srch_generate
        bcc @room
        jmp ev_evaluate         ; C set: no room on the move stack for the list
@room:  ldx eng_ply
        lda mv_count,x
        bne @have
        jmp ret_mated
@have:  lda #1
        sta sr_killers_on       ; killers on
        jsr srch_order          ; (its picks key the bad captures: srch_lazy_bad)
        ldx eng_ply
        lda #0
        sta fr_i,x
        sta fr_mf,x
        sta fr_mt,x
        lda #<(-SRCH_INF)
        sta fr_sl,x
        lda #>(-SRCH_INF)
        sta fr_sh,x
        ; ---- the move loop
@loop:  ldx eng_ply
        lda fr_i,x
        cmp mv_count,x
        bcc @pick
        jmp @end
@pick:  jsr srch_pick
        ldx eng_ply
        bne @make
        lda sr_mask             ; root noise, drawn before the move is made
        beq @nonz
        lsr a
        adc #0
        sta sr_t0               ; (mask + 1) / 2
        jsr lfsr_byte
        and sr_mask
        sec
        sbc sr_t0
@nonz:  sta sr_noise
@make:  jsr srch_make
        ldx eng_ply
        dex
        lda fr_depth,x
        sec
        sbc #1
        sta sr_d
        lda fr_i,x
        bne @null
        jsr win_full
        jsr srch_search
        jsr neg_noise
        jmp @back
@null:  jsr lmr_ok
        bcc @pvs
        dec sr_d                ; a late quiet move: depth - 2 first
        jsr win_null
        jsr srch_search
        jsr neg_noise
        lda sr_stopped
        bne @back
        ldx eng_ply
        dex
        LT16 {fr_al,x}, {fr_ah,x}, sr_v, sr_v+1
        bpl @back               ; v <= alpha: the reduced search holds
        lda fr_depth,x
        sec
        sbc #1
        sta sr_d
@pvs:   jsr win_null
        jsr srch_search
        jsr neg_noise
        lda sr_stopped
        bne @back
        ldx eng_ply
        dex
        LT16 {fr_al,x}, {fr_ah,x}, sr_v, sr_v+1
        bpl @back               ; v <= alpha
        LT16 sr_v, sr_v+1, {fr_bl,x}, {fr_bh,x}
        bpl @back               ; v >= beta
        lda fr_depth,x
        sec
        sbc #1
        sta sr_d
        jsr win_full
        jsr srch_search
        jsr neg_noise
@back:  jsr srch_unmake
        lda sr_stopped
        beq @cont
        jmp ret_zero
@cont:  ldx eng_ply
        LT16 {fr_sl,x}, {fr_sh,x}, sr_v, sr_v+1
        bmi @better
        jmp @next
@better:
        lda sr_v
        sta fr_sl,x
        lda sr_v+1
        sta fr_sh,x
        LT16 {fr_al,x}, {fr_ah,x}, sr_v, sr_v+1
        bmi @raise
        jmp @next
@raise: lda sr_v
        sta fr_al,x
        lda sr_v+1
        sta fr_ah,x
        jsr load_move
        lda pos_from
        sta fr_mf,x
        lda pos_to
        sta fr_mt,x
        cpx #SRCH_PV_PLIES
        bcs @nopv
        jsr pv_update
@nopv:  LT16 sr_v, sr_v+1, {fr_bl,x}, {fr_bh,x}
        bmi @next
        ldy pos_to              ; beta cutoff
        lda eng_board,y
        bne @end
        jsr srch_reward
        jmp @end
@next:  ldx eng_ply
        inc fr_i,x
        jmp @loop
        ; ---- store in the TT (not ban scores), return best
@end:   ldx eng_ply
        lda fr_sl,x
        sta sr_v
        lda fr_sh,x
        sta sr_v+1
        jsr tt_store
        ldx eng_ply
        lda fr_sl,x
        sta sr_v
        lda fr_sh,x
        sta sr_v+1
        rts
.endproc

;;
; TT store of the node at ply X with best = sr_v (docs/search.md: ban scores are not
; stored; mate scores as distance from the node; replacement rule of tt.py).
; Clobbers: A, Y, sr_t0-sr_t3, sr_key.  X preserved.
.proc tt_store
        ; |best| into sr_t0/sr_t1
        lda sr_v
        sta sr_t0
        lda sr_v+1
        sta sr_t1
        bpl @pos
        lda #0
        sec
        sbc sr_v
        sta sr_t0
        lda #0
        sbc sr_v+1
        sta sr_t1
@pos:   lda sr_t0
        cmp #<(SRCH_WIN + 1)
        lda sr_t1
        sbc #>(SRCH_WIN + 1)
        bcc @ok                 ; |best| <= WIN
        lda sr_t0
        cmp #<(SRCH_BAN + 1)
        lda sr_t1
        sbc #>(SRCH_BAN + 1)
        bcs @ok                 ; a mate score
        rts                     ; a ban score
@ok:    ; flag
        LT16 sr_v, sr_v+1, {fr_bl,x}, {fr_bh,x}
        bmi @notlow
        lda #FLAG_LOWER
        bne @flag
@notlow:
        lda fr_mf,x
        beq @upper
        lda #FLAG_EXACT
        bne @flag
@upper: lda #FLAG_UPPER
@flag:  sta sr_t2
        ; score to store in sr_t0/sr_t1
        lda sr_v
        sta sr_t0
        lda sr_v+1
        sta sr_t1
        LT16 #<SRCH_WIN, #>SRCH_WIN, sr_v, sr_v+1
        bpl @nwin
        lda sr_t0
        clc
        adc eng_ply
        sta sr_t0
        bcc @slot
        inc sr_t1
        jmp @slot
@nwin:  LT16 sr_v, sr_v+1, #<(-SRCH_WIN), #>(-SRCH_WIN)
        bpl @slot
        lda sr_t0
        sec
        sbc eng_ply
        sta sr_t0
        bcs @slot
        dec sr_t1
@slot:  ldy sr_n
        lda rec_k2,y
        sta sr_key+2
        lda rec_k3,y
        sta sr_key+3
        lda rec_k0,y
        tay                     ; Y = slot
        lda #0
        sta sr_t3               ; same
        lda tt_df,y
        and #3
        beq @write
        lda tt_lock_lo,y
        cmp sr_key+2
        bne @deep
        lda tt_lock_hi,y
        cmp sr_key+3
        bne @deep
        inc sr_t3
@deep:  lda tt_df,y
        lsr a
        lsr a
        cmp fr_depth,x
        beq @write
        bcc @write
        rts                     ; a deeper draft, this position's or another's: keep
@write: lda sr_key+2
        sta tt_lock_lo,y
        lda sr_key+3
        sta tt_lock_hi,y
        lda sr_t0
        sta tt_sc_lo,y
        lda sr_t1
        sta tt_sc_hi,y
        lda fr_depth,x
        asl a
        asl a
        ora sr_t2
        sta tt_df,y
        lda fr_mf,x
        bne @move
        lda sr_t3
        bne @done               ; same position and no move: keep the old move
@move:  lda fr_mf,x
        sta tt_from,y
        lda fr_mt,x
        sta tt_to,y
@done:  rts
.endproc

; ---------------------------------------------------------------------- qsearch()

.segment "ENGINE"               ; bank 0 (mapped while the engine thinks): the fixed bank is full
;;
; Delta pruning (docs/search.md, qsearch()) of the capture pos_from -> pos_to just
; picked at the qsearch node of ply eng_ply, called only while it is switched on
; (RULE_DELTA; srch_qsearch tests the bit): when the node is not in check and
; stand + value(victim on pos_to) + QS_DELTA <= alpha (the node's current alpha,
; fr_al/fr_ah), the capture is not searched.  stand is evaluated again (the sums are
; the node's: every child was unmade).
; @return C set: skip the move
; Clobbers: A, X, Y, sr_v, sr_t0, sr_t1, sr_t3, sr_ptr1.  Cycles: ~15 in check, ~150
.proc qs_delta_skip
        ldy sr_n
        lda rec_flag,y
        and #REC_CHECK
        bne @no                 ; in check: every evasion is searched
        ldx pos_to
        lda eng_board,x
        jsr ev_value            ; A = the victim's value
        sta sr_t0
        jsr ev_evaluate         ; sr_v = stand
        lda sr_t0               ; sr_t0/sr_t1 = stand + value + QS_DELTA
        clc
        adc #<QS_DELTA
        bcc @c0
        clc
        inc sr_v+1
@c0:    adc sr_v
        sta sr_t0
        lda sr_v+1
        adc #>QS_DELTA
        sta sr_t1
        ldx eng_ply
        LT16 {fr_al,x}, {fr_ah,x}, sr_t0, sr_t1
        bpl @yes                ; alpha >= stand + value + QS_DELTA: skip it
@no:    clc
        rts
@yes:
::srch_delta_skip:              ; hook: a capture skipped (tests count them)
        sec
        rts
.endproc

;;
; The quiescence's skip of a defended cheaper victim (docs/search.md, qsearch()) for the
; capture pos_from -> pos_to just picked at the qsearch node of ply eng_ply, called only
; while it is switched on (RULE_QS_SEE; srch_qsearch tests the bit): when the node is
; not in check, MVV(victim) < MVV(taker) (mvv1) and the opponent attacks pos_to on the
; board before the move (pos_setup_side, pos_attacked: a pawn beside the square counts
; on either half, as in the twin's Searcher.defended), the capture is not searched.
; @return C set: skip the move
; Clobbers: A, X, Y, sr_t0, the per-side variables of pos_setup_side.
; Cycles: ~25 in check, ~60 when the victim is worth at least its taker, ~500 with the
;         attack test
.proc qs_see_skip
        ldy sr_n
        lda rec_flag,y
        and #REC_CHECK
        bne @no                 ; in check: every evasion is searched
        ldx pos_from
        lda eng_board,x
        and #15
        tax
        lda mvv1,x
        sta sr_t0               ; MVV(taker)
        ldx pos_to
        lda eng_board,x
        and #15
        tax
        lda mvv1,x              ; MVV(victim)
        cmp sr_t0
        bcs @no                 ; worth at least its taker: searched
        jsr pos_setup_att       ; the enemy kinds of the side to move
        lda pos_to
        sta att_sq
        jsr pos_attacked        ; C set: the opponent attacks the target
        bcs @yes
@no:    clc
        rts
@yes:
::srch_see_skip:                ; hook: a capture skipped (tests count them)
        sec
        rts
.endproc

;;
; The check extension's limit (docs/search.md, search()): may a search() node in check
; of depth sr_d be extended?  Always, unless the rule is on (RULE_EXT_LIMIT); then only
; at depth >= CHECK_EXT_MIN_DEPTH.  Bank 0.
; @return C set: extend.  Clobbers: A.  Cycles: ~20
.proc ext_ok
        RULE_ON RULE_EXT_LIMIT, yes
        lda sr_d
        bmi no
        cmp #CHECK_EXT_MIN_DEPTH
        bcs yes
no:
::srch_ext_cut:                 ; hook: a node in check not extended (tests count them)
        clc
        rts
yes:    sec
        rts
.endproc

;;
; The deeper late-move reduction (docs/search.md, search()), lmr_ok's tail when it
; reduces the move just made at parent ply X: while the rule is on (RULE_LMR_DEEP), a
; move searched LMR_DEEP_MOVE-th or later (fr_i) at a node of depth >= LMR_DEEP_DEPTH
; (fr_depth) gets one ply more (dec sr_d: the caller's depth - 2 becomes depth - 3).
; @param X  the parent ply.  @return C set (reduce)
; Clobbers: A.  X, Y preserved.  Cycles: ~15 off, ~30 on
.proc lmr_deep
        RULE_ON RULE_LMR_DEEP, done
        lda fr_i,x
        cmp #LMR_DEEP_MOVE
        bcc done
        lda fr_depth,x
        cmp #LMR_DEEP_DEPTH
        bcc done
::srch_lmr_deep:                ; hook: a reduction by two plies (tests count them)
        dec sr_d
done:   sec
        rts
.endproc
.segment "CODE"


;;
; Quiescence at ply eng_ply: stand pat and captures; every evasion in check
; (docs/search.md, qsearch()).  Its PV row stays as it is: a qsearch node's moves are no
; PV, and the one reader, a search() parent's pv_update, has a search() node as child
; (srch_search, which empties pv_len[ply] on entry, also before it goes to the horizon).
; @param sr_a alpha, sr_b beta.  @return sr_v
; Clobbers: everything.  Recursive.
.proc srch_qsearch
        ldx eng_ply
        lda sr_stopped
        beq @go
        jmp ret_zero
@go:    ldy sr_n
        lda rec_flag,y
        and #REC_CHECK
        beq @quiet
        cpx #MAX_PLY
        bcs @eval
        jsr @win
        SRCH_PTRS_FORGET
        jsr mg_generate         ; in check: every evasion
        bcc @room
@eval:  jmp ev_evaluate         ; the deepest ply, or no room on the move stack
@room:  ldx eng_ply
        lda mv_count,x
        bne @some
        jmp ret_mated
@some:  lda #<(-SRCH_MATE)
        sta fr_sl,x
        lda #>(-SRCH_MATE)
        sta fr_sh,x
        jmp @order
@quiet: EV_EVALUATE             ; stand pat (sr_a/sr_b kept)
        LT16 sr_v, sr_v+1, sr_b, sr_b+1
        bmi @under
        rts                     ; stand >= beta
@under: lda sr_qs               ; a level without quiescence: stand pat only
        beq @ret
        cpx #MAX_PLY            ; the deepest ply: stand pat (no room on the move
        bcc @qs                 ; stack: the generation lists nothing, the same)
@ret:   rts
@qs:    lda sr_v                ; window of the node (alpha raised to stand pat)
        sta fr_sl,x
        lda sr_v+1
        sta fr_sh,x
        lda sr_b
        sta fr_bl,x
        lda sr_b+1
        sta fr_bh,x
        LT16 sr_a, sr_a+1, sr_v, sr_v+1
        bpl @alpha              ; stand <= alpha
        lda sr_v
        sta sr_a
        lda sr_v+1
        sta sr_a+1
@alpha: lda sr_a
        sta fr_al,x
        lda sr_a+1
        sta fr_ah,x
@gen:   SRCH_PTRS_FORGET
        jsr mg_generate_captures_nc ; the legal captures, in legal-list order (not in check)
        jsr qs_recap_only       ; deep: recaptures only; X = eng_ply, A = mv_count,x
        bne @capts
        jmp @end                ; no capture: the stand pat
@capts: jsr srch_order_q        ; captures only: no hash move, no killers
        jmp @first
@order: lda #0
        sta sr_hf
        sta sr_ht
        sta sr_killers_on       ; no killers
        ldx eng_ply
        jsr srch_order
@first: ldx eng_ply
        lda #0
        sta fr_i,x
@loop:  ldx eng_ply
        lda fr_i,x
        cmp mv_count,x
        bcc @pick
        jmp @end
@pick:  jsr srch_pick_q
        RULE_ON RULE_QS_SEE, @delta
        jsr qs_see_skip
        bcs @skip
@delta: RULE_ON RULE_DELTA, @make
        jsr qs_delta_skip
        bcc @make
@skip:  ldx eng_ply
        jmp @next               ; skipped (a defended cheaper victim, or delta pruning):
                                ; not searched, not a node
@make:  jsr srch_make_q          ; no key, no 100-ply counter: quiescence below
        ldx eng_ply
        dex
        SUB16X #0, #0, fr_bl, fr_bh, sr_a
        SUB16X #0, #0, fr_al, fr_ah, sr_b
        jsr srch_qsearch
        RSUB_V #0, #0
        jsr srch_unmake
        lda sr_stopped
        beq @cont
        jmp ret_zero
@cont:  ldx eng_ply
        LT16 {fr_sl,x}, {fr_sh,x}, sr_v, sr_v+1
        bpl @next
        lda sr_v
        sta fr_sl,x
        lda sr_v+1
        sta fr_sh,x
        LT16 {fr_al,x}, {fr_ah,x}, sr_v, sr_v+1
        bpl @next
        lda sr_v
        sta fr_al,x
        lda sr_v+1
        sta fr_ah,x
        LT16 sr_v, sr_v+1, {fr_bl,x}, {fr_bh,x}
        bmi @next
        jmp @end                ; v >= beta
@next:  inc fr_i,x
        jmp @loop
@end:   ldx eng_ply
        lda fr_sl,x
        sta sr_v
        lda fr_sh,x
        sta sr_v+1
        rts
@win:   lda sr_a                ; the window of ply X (eng_ply)
        sta fr_al,x
        lda sr_a+1
        sta fr_ah,x
        lda sr_b
        sta fr_bl,x
        lda sr_b+1
        sta fr_bh,x
        rts
.endproc

