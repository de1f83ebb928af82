; think.s -- srch_start (the limits, the book) and srch_think: iterative deepening under
; the level's limits, root noise and slips, time management, the root PV (docs/search.md
; "think").
.include "engine.inc"
.include "search.inc"

.segment "ENGINE_GAME"          ; the game bank: srch_start, run before the think

; ---------------------------------------------------------------------- think()

;;
; The first half of every think (docs/search.md, think()): the limits of srch_level and
; the overrides into sr_*, every output zeroed, the LFSR seeded from srch_seed ($ACE1
; for 0) and stepped LFSR_WARMUP_BYTES times; then, when the level (or srch_use_book)
; has the book on, book_probe (book.s).  A book move is answered as a think: srch_best_*
; = srch_pv_* = the move, srch_pv_len 1, srch_from_book 1, score, depth, nodes and
; counters 0, C set, and srch_think is not called.  Else C clear (no LFSR byte drawn)
; and the caller calls srch_think next, which goes on from what this left in sr_*.  It
; runs in the game bank, outside the engine's view: the UI through far_srch_start, the
; harness as AsmEngine.think.
; @param srch_level 1..LEVEL_COUNT (0: srch_depth, no noise, no book, no frame cap),
;        srch_seed; optional overrides srch_depth (0 = level's), srch_frames +
;        srch_frames_set, srch_node_limit (0 = none), srch_use_book (0 = level's, 1 off,
;        2 on), srch_rules (sr_rules = srch_rules | the level's level_rules), srch_null_on
;        (sr_null = srch_null_on | the level's level_null); game_n (the
;        root's record entry), ply 0
; @return C set: a book move (the outputs above), sr_armed 0; C clear: none, the limits
;        in sr_*, sr_armed 1 (srch_think runs once per srch_start)
; Clobbers: A, X, Y, sr_*, the list of ply 0, the TT's from/to/score-low bytes.
;        Cycles (py65, with the book's bank switches): ~660 with the book off; ~8,500 to
;        ~9,500 for a book move of the position as it is, ~11,700 for none (the mirror
;        tried), ~15,400 for a move of the mirror
.proc srch_start
        ; ---- limits
        lda #0
        sta sr_flimit
        sta sr_flimit+1
        sta sr_mask
        sta sr_book
        sta sr_slip
        lda #1
        sta sr_qs
        lda #SRCH_MAX_DEPTH
        sta sr_maxdepth
        lda srch_null_on        ; the null move: the caller's switch, or the level's
        sta sr_null
        lda srch_rules          ; the rules: the caller's toggles, and the level's on
        sta sr_rules
        ldx srch_level
        beq @over
        dex
        ora level_rules,x
        sta sr_rules
        lda level_null,x
        ora sr_null
        sta sr_null
        lda level_depth,x
        beq @d0
        sta sr_maxdepth
@d0:    lda level_frames_lo,x
        sta sr_flimit
        lda level_frames_hi,x
        sta sr_flimit+1
        lda level_noise_mask,x
        sta sr_mask
        lda level_book,x
        sta sr_book
        lda level_qs,x
        sta sr_qs
        lda level_slip,x
        sta sr_slip
@over:  lda srch_depth
        beq @f
        sta sr_maxdepth
@f:     lda srch_frames_set
        beq @b
        lda srch_frames
        sta sr_flimit
        lda srch_frames+1
        sta sr_flimit+1
@b:     lda srch_use_book
        beq @outs
        lsr a                   ; 1 -> 0 (off), 2 -> 1 (on)
        sta sr_book
@outs:  lda srch_node_limit      ; a node limit at all? (srch_make tests this byte)
        ora srch_node_limit+1
        ora srch_node_limit+2
        ora srch_node_limit+3
        sta sr_nlim
        ; ---- outputs and counters
        lda #0
        ldx #3
@zero4: sta srch_nodes,x
        sta srch_tt_probes,x
        sta srch_tt_hits,x
        dex
        bpl @zero4
        sta srch_best_from
        sta srch_best_to
        sta srch_score
        sta srch_score+1
        sta srch_depth_done
        sta srch_pv_len
        sta srch_from_book
        sta srch_stopped
        sta sr_stopped
        sta sr_noise
        sta eng_ply
        sta sr_tm_el
        sta sr_tm_el+1
        sta sr_armed
        ; ---- LFSR: seed ($ACE1 for 0), 16 steps
        lda srch_seed
        sta sr_lfsr
        lda srch_seed+1
        sta sr_lfsr+1
        ora sr_lfsr
        bne @seeded
        lda #<LFSR_ZERO
        sta sr_lfsr
        lda #>LFSR_ZERO
        sta sr_lfsr+1
@seeded:
.repeat ::LFSR_WARMUP_BYTES        ; (:: the global constant: the count must be known here)
        jsr lfsr_byte
.endrepeat
        ; ---- the book
        lda sr_book
        beq @none
        jsr book_probe          ; C set: pos_from/pos_to
        bcc @none
        lda #1
        sta srch_from_book
        jsr srch_answer_one     ; (the fixed bank)
        sec
        rts
@none:  inc sr_armed           ; 1: srch_think may run (once)
        clc
        rts
.endproc

.segment "CODE"                 ; fixed bank: the engine's view (docs/cartridge.md)

;;
; Chooses the engine's move at the root (ply 0, after eng_game_new/eng_game_push) by
; iterative deepening until the level's depth, the node budget, the frame cap or
; srch_move_now, which stop every iteration, the first one included (docs/search.md,
; think()), after srch_start (the game bank: the limits, the outputs zeroed, the LFSR
; seeded, the book), which every think runs first; when srch_start answered C set (a
; book move) srch_think is not called.  The last completed iteration's move is
; returned; stopped inside iteration 1, the best root move completed so far (pv[0],
; score fr_s[0]), else the first root move searched (move-stack slot 0, score 0), with
; srch_depth_done = 0.  A root with a legal move always gets one.
; @param what srch_start left in sr_* (the limits), sr_armed 1, the LFSR,
;        srch_move_now, frame_count, srch_node_limit
; @return srch_best_from/to (0,0: no legal move), srch_score, srch_depth_done (updated
;        after every iteration; 0 if iteration 1 was stopped), srch_nodes, srch_pv_*,
;        srch_from_book (0), srch_stopped,
;        srch_tt_probes/hits, sr_armed 0.  The position is unchanged (ply 0).  Without
;        srch_start since the last think (sr_armed not 1) it searches nothing: sr_armed
;        $FF, srch_best_from/to 0, srch_pv_len 0 (the harness raises ThinkOrderError).
; Clobbers: everything.  Cycles: level 1 ~0.2 s ... level 5 up to its 30 s cap (a cap
;        is passed by at most one poll, 16 nodes)
.proc srch_think
        ldx sr_armed            ; 1: srch_start answered C clear since the last think
        dex
        beq @armed
        ldx #$FF                ; else refused (sr_* may be another think's): no move
        stx sr_armed
        inx
        stx srch_best_from
        stx srch_best_to
        stx srch_pv_len
        rts
@armed: stx sr_armed            ; 0: the next think needs srch_start again
        ; ---- root state
        lda game_n
        sta sr_n
        lda game_half
        sta sr_half
        jsr ev_full
        ldx eng_ply             ; the root's sums (per ply: ev_s0..3)
        lda ev_sum
        sta ev_s0,x
        lda ev_sum+1
        sta ev_s1,x
        lda ev_sum+2
        sta ev_s2,x
        lda ev_sum+3
        sta ev_s3,x
        ; ---- clear TT flags, killers, history
        lda #0
        tax
@clr:   sta tt_df,x
        sta hist,x
        sta hist+256,x
        cpx #HIST_BYTES - 512
        bcs @c2
        sta hist+512,x
@c2:    cpx #MAX_PLY + 1
        bcs @c3
        sta kill1_f,x
        sta kill1_t,x
        sta kill2_f,x
        sta kill2_t,x
@c3:    inx
        bne @clr
@fc:    lda frame_count+1       ; torn-read safe (the NMI ticks it)
        sta sr_start+1
        lda frame_count
        sta sr_start
        lda frame_count+1
        cmp sr_start+1
        bne @fc
        ; ---- root moves
        jsr mg_generate
        lda mv_count
        bne @some
        lda #<(-SRCH_MATE)
        sta srch_score
        lda #>(-SRCH_MATE)
        sta srch_score+1
        rts
@some:  cmp #1
        bne @iter
        ldx #0
        jsr mg_set_ptrs
        ldy #0
        lda (mg_fptr),y
        sta pos_from
        lda (mg_tptr),y
        sta pos_to
        jmp srch_answer_one
        ; ---- iterative deepening
@iter:  lda #1
        sta sr_iter
@it:    lda sr_iter
        sta sr_d
        lda #<(-SRCH_INF)
        sta sr_a
        lda #>(-SRCH_INF)
        sta sr_a+1
        lda #<SRCH_INF
        sta sr_b
        lda #>SRCH_INF
        sta sr_b+1
        lda #0
        sta eng_ply
        jsr srch_search
        lda sr_stopped
        bne @stop
        ldx #0                  ; sr_t0 = 1: the same best move as the last iteration
        lda pv_from             ; (read before root_pv overwrites srch_best_*)
        cmp srch_best_from
        bne @chg
        lda pv_to
        cmp srch_best_to
        bne @chg
        inx
@chg:   stx sr_t0
        jsr root_pv
        lda sr_v
        sta srch_score
        lda sr_v+1
        sta srch_score+1
        lda sr_iter
        sta srch_depth_done
        ; a mate or ban found: |score| > WIN
        LT16 #<SRCH_WIN, #>SRCH_WIN, sr_v, sr_v+1
        bmi @done
        LT16 sr_v, sr_v+1, #<(-SRCH_WIN), #>(-SRCH_WIN)
        bmi @done
        lda sr_iter
        cmp sr_maxdepth
        bcs @done
        lda sr_flimit           ; a frame cap: time for the next iteration?
        ora sr_flimit+1
        beq @next
        jsr think_recapture     ; a clear recapture: no
        bcs @done
        jsr srch_plan
        bcs @done
@next:  inc sr_iter
        jmp @it
@stop:  lda #1
        sta srch_stopped
        lda sr_iter
        cmp #2
        bcs @done               ; d > 1: the last completed iteration stands
        ; ---- stopped inside iteration 1: the root's best completed move (pv[0], its
        ; value fr_s[0]), else the first move of the root's order (slot 0 after
        ; pick(0)), score 0; srch_depth_done stays 0
        lda pv_len
        beq @first
        lda fr_sl
        sta srch_score
        lda fr_sh
        sta srch_score+1
        jsr root_pv
        jmp think_slip
@first: ldx #0
        jsr mg_set_ptrs
        ldy #0
        lda (mg_fptr),y
        sta pv_from
        lda (mg_tptr),y
        sta pv_to
        lda #1
        sta pv_len              ; srch_score stays 0 (cleared above)
        jsr root_pv
@done:  jmp think_slip          ; every answer of a search (not the book's) may slip
.endproc
;;
; srch_think's last step after a search (levels with a slip, assets/levels.txt):
; with chance sr_slip/256 (lfsr_byte < sr_slip) the answer becomes root move
; lfsr_byte mod count of mg_generate's list (generation order) and the PV that move
; alone; the score stays (docs/search.md "Slips").
; Clobbers: A, X, Y, engine scratch.  Cycles: ~60, ~4,000 when it slips (mg_generate)
.proc think_slip
        lda sr_slip
        beq @done
        jsr lfsr_byte
        cmp sr_slip
        bcs @done
        lda #0
        sta eng_ply
        jsr mg_generate         ; the root's legal moves (the search restored the root)
        jsr lfsr_byte
@mod:   cmp mv_count
        bcc @got
        sbc mv_count            ; C set
        jmp @mod
@got:   pha
        ldx #0
        jsr mg_set_ptrs
        pla
        tay
        lda (mg_fptr),y
        sta srch_best_from
        sta srch_pv_from
        lda (mg_tptr),y
        sta srch_best_to
        sta srch_pv_to
        lda #1
        sta srch_pv_len
@done:  rts
.endproc

;;
; Time management (docs/search.md, think(); plan.py IterationPlan): after an
; iteration, with E = frames since the start and t = E - sr_tm_el (the frames the
; iteration took), the next one is not started when E + p > sr_flimit, p the predicted
; cost: t * PLAN_KEPT_HALVES / 2 (4: 2 t), or t * PLAN_CHANGED_HALVES / 2 (2: t) when
; the iteration changed the best move (sr_t0 = 0, as think sets it for
; think_recapture).  sr_tm_el = E.
; @param sr_t0  1: the iteration's best move was the last one's; 0: it changed
; @return C set: do not start the next iteration
; Clobbers: A, Y, sr_t0-sr_t3, sr_ptr0.  Cycles: ~110
.proc srch_plan
        ldy sr_t0               ; Y = 0: the best move changed
@fc:    lda frame_count+1       ; torn-read safe (the NMI ticks it)
        sta sr_t1
        lda frame_count
        sta sr_t0
        lda frame_count+1
        cmp sr_t1
        bne @fc
        lda sr_t0               ; E = frame_count - sr_start
        sec
        sbc sr_start
        sta sr_t0
        lda sr_t1
        sbc sr_start+1
        sta sr_t1
        lda sr_t0               ; t = E - sr_tm_el; sr_tm_el = E
        sec
        sbc sr_tm_el
        sta sr_t2
        lda sr_t1
        sbc sr_tm_el+1
        sta sr_t3
        lda sr_t0
        sta sr_tm_el
        lda sr_t1
        sta sr_tm_el+1
.if ::PLAN_CHANGED_HALVES <> 2 || ::PLAN_KEPT_HALVES <> 4
        .error "srch_plan predicts t after a change, 2 t after a kept move (search_consts.py)"
.endif
        lda #0                  ; sr_ptr0 = t after a kept best move, 0 after a change
        sta sr_ptr0
        sta sr_ptr0+1
        tya
        beq @p
        lda sr_t2
        sta sr_ptr0
        lda sr_t3
        sta sr_ptr0+1
@p:     lda sr_ptr0             ; p = t + sr_ptr0 (a carry: beyond any cap)
        clc
        adc sr_t2
        sta sr_ptr0
        lda sr_ptr0+1
        adc sr_t3
        sta sr_ptr0+1
        bcs @no
        lda sr_ptr0             ; + E
        adc sr_t0
        sta sr_ptr0
        lda sr_ptr0+1
        adc sr_t1
        sta sr_ptr0+1
        bcs @no
        lda sr_flimit           ; cap < E + p: no
        cmp sr_ptr0
        lda sr_flimit+1
        sbc sr_ptr0+1
        bcc @no
        clc
        rts
@no:    sec
        rts
.endproc

.segment "ENGINE"               ; bank 0 (mapped while the engine thinks): the fixed bank is full
;;
; The clear-recapture rule (docs/search.md, think(); search.py iterate): with a frame
; cap, after iteration sr_iter >= max(RECAP_MIN_DEPTH, min(sr_maxdepth - 1,
; RECAP_DEPTH)) (sr_iter < sr_maxdepth: tested by the caller) whose best move was also the last
; iteration's (sr_t0 = 1), stop when the last game move captured (gm_cap) and the best
; move takes the piece that captured (its target is that move's, gm_to).
; @param sr_t0 1: the same best move as the iteration before
; @return C set: stop (srch_best_* is the recapture)
; Clobbers: A, X.  Cycles: ~15-50
.proc think_recapture
        lda sr_t0
        beq @no
        ldx sr_maxdepth         ; the depth threshold
        dex
        cpx #RECAP_DEPTH
        bcc @lo
        ldx #RECAP_DEPTH
@lo:    cpx #RECAP_MIN_DEPTH
        bcs @th
        ldx #RECAP_MIN_DEPTH
@th:    cpx sr_iter             ; threshold <= sr_iter
        beq @go
        bcs @no
@go:
        ldx game_n
        beq @no                 ; no game move kept
        lda gm_cap-1,x
        beq @no                 ; the last move did not capture
        lda gm_to-1,x
        cmp srch_best_to
        beq @yes
@no:    clc
        rts
@yes:
::srch_recap_stop:              ; hook: the recapture ends the search (tests count them)
        sec
        rts
.endproc
.segment "CODE"


;;
; A one-move answer (srch_start's book move, srch_think's single legal move):
; srch_best_* = srch_pv_* = pos_from/pos_to, srch_pv_len 1.
; Clobbers: A.
.proc srch_answer_one
        lda pos_from
        sta srch_best_from
        sta srch_pv_from
        lda pos_to
        sta srch_best_to
        sta srch_pv_to
        lda #1
        sta srch_pv_len
        rts
.endproc

;;
; The root's PV row (pv_len[0], pv_from/pv_to[0..]) becomes the result:
; srch_best_from/to = its first move, srch_pv_* = the row.
; Clobbers: A, X.
.proc root_pv
        lda pv_from
        sta srch_best_from
        lda pv_to
        sta srch_best_to
        ldx pv_len
        stx srch_pv_len
@pv:    dex
        bmi @done
        lda pv_from,x
        sta srch_pv_from,x
        lda pv_to,x
        sta srch_pv_to,x
        jmp @pv
@done:  rts
.endproc
