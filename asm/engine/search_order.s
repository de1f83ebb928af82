; search_order.s -- move ordering (lazy keys, picks), history rewards, the PV update
; (docs/search.md "ordering").
.include "engine.inc"
.include "search.inc"

.segment "CODE"                 ; fixed bank: the engine's view (docs/cartridge.md)

; ---------------------------------------------------------------------- ordering
;
; The keys are the ones of docs/search.md "Move ordering", and the moves are searched in
; the same sequence, but the history keys are computed lazily (docs/search.md "Lazy keys
; in the 6502 engine").  At node start (stage 1) the hash move, the captures and the
; killers get their real keys (>= 129; srch_lazy_bad lowers a search() node's bad
; capture to KEY_BAD_CAPTURE, still a stage-1 key, when a pick selects it) and every other move 0.  fr_ost[ply]:
;   0..127    stage 1: the number of unpicked stage-1 moves, all in slots < fr_end[ply];
;   ORD_FULL  every unpicked key is real;
;   ORD_SORTED  and slots i..count-1 are in non-increasing key order (srch_order_fill
;             saw it, or a scan found the maximum 1, the least key): pick(i) takes slot
;             i without a scan, and the rest stays in order.
; The history keys are stored as (history >> 1) + 1 (1..128): every key is >= 1 once
; they are in.  They are computed when no stage-1 move is left, or earlier by
; srch_reward (before the history changes) for every ancestor still in stage 1, on that
; ancestor's board (srch_order_flush).

;;
; Node start: stage-1 keys of the list of ply X.  A hash move in the list is swapped
; into slot 0 (what pick(0) would do) and gets 255.
; @param X  ply; sr_hf/sr_ht hash move (0 = none); sr_killers_on (lo) nonzero: use killers
; Clobbers: A, X, Y, sr_t1-sr_t3, sr_ptr0, sr_ptr1, sr_ptr2 (lo).
; Cycles: ~50 per quiet move, ~75 per capture (+ ~15 per move before the hash move)
.proc srch_order
        stx sr_t1
        SRCH_PTRS
        lda sr_killers_on
        sta fr_bad,x            ; a search() node: its picks test pending bad captures
        beq @nokill
        lda kill1_f,x
        sta sr_ptr0
        lda kill1_t,x
        sta sr_ptr0+1
        lda kill2_f,x
        sta sr_ptr1
        lda kill2_t,x
        sta sr_ptr1+1
        jmp @hash
@nokill:
        sta sr_ptr0+1           ; no move goes to square 0: no killer matches
        sta sr_ptr1+1
@hash:  ldy #0
        lda sr_hf
        beq @stage
        lda mv_count,x
        sta sr_t2
@find:  lda (mg_tptr),y
        cmp sr_ht
        beq @to
@fnext: iny
        cpy sr_t2
        bcc @find
        ldy #0
@stage: jmp srch_order_stage1
@to:    lda (mg_fptr),y
        cmp sr_hf
        bne @fnext
        tya
        beq @h0
        sty sr_t3               ; slot h <- slot 0, slot 0 <- the hash move
        ldy #0
        lda (mg_fptr),y
        tax
        lda (mg_tptr),y
        ldy sr_t3
        sta (mg_tptr),y
        txa
        sta (mg_fptr),y
        ldy #0
        lda sr_hf
        sta (mg_fptr),y
        lda sr_ht
        sta (mg_tptr),y
@h0:    lda #KEY_HASH
        sta (sr_kptr),y         ; Y = 0
        iny
        jsr srch_order_stage1   ; slots 1..count-1
        ldx sr_t1
        inc fr_ost,x            ; the hash move is a stage-1 move
        rts
.endproc

; Stores key A into slot Y and keeps the first maximum: sr_ptr2+1 = the largest key so
; far, sr_best = its lowest slot (srch_order_q, srch_order_stage1; srch_pick takes it at
; pick(0) without a scan).
.macro KEY_MAX
; (anonymous labels only: a named one would end the caller's @-label scope)
        sta (sr_kptr),y
        cmp sr_ptr2+1
        bcc :+
        beq :+                  ; a tie keeps the lower slot (the first maximum)
        sta sr_ptr2+1
        sty sr_best
:
.endmacro

;;
; Node start of a quiescence list out of check (captures only, count >= 1): the capture
; key of every slot (srch_order_stage1's), fr_ost = ORD_FULL (srch_pick_q scans without
; stages; fr_end is not kept), sr_best = the slot of the first maximum (srch_pick_q's
; pick(0) takes it without a scan).
; @param X  ply
; Clobbers: A, X, Y, sr_t1, sr_t2, sr_ptr2, sr_best.
; Cycles: ~65 per capture
.proc srch_order_q
        stx sr_t1
        SRCH_PTRS
        lda #ORD_FULL           ; srch_pick_q: no stages
        sta fr_ost,x
        asl a                   ; 0: no bad-capture test (srch_lazy_bad)
        sta fr_bad,x
        sta sr_ptr2+1           ; the maximum key so far
        lda mv_count,x
        sta sr_t2
        ldy #0
@loop:  lda (mg_tptr),y         ; 135 + 8 * MVV(victim) - MVV(attacker)
        tax
        lda eng_board,x
        MVV_LVA_KEY
        KEY_MAX
        iny
        cpy sr_t2
        bcc @loop
        rts
.endproc

; stage 1 marks the killers' empty targets with KILL_MARK and writes the end mark (to-square
; 0, OFFBOARD) into the slot after the list
KILL_MARK = $01                 ; not EMPTY, not a piece, below RED_TAG, not negative
.assert KILL_MARK <> EMPTY && KILL_MARK < RED_TAG && OFFBOARD >= $80, error, "KILL_MARK"
.assert MG_BOUND < MG_MAX, error, "the end mark needs a free slot after the list"

;;
; Stage-1 keys of slots Y..count-1 of ply sr_t1 (pointers set): captures
; 135 + 8 * MVV(victim) - MVV(attacker), killers (sr_ptr0/sr_ptr1 = from/to of killer
; 1/2; to-square 0: none) 130/129, other moves 0 (their history keys come later,
; srch_order_fill).  fr_ost = the number of stage-1 moves, fr_end = 1 + the last one's
; slot (Y when none), sr_best = the slot of the first maximum key (when fr_ost > 0: the
; pick(0) of a list without a hash move takes it without a scan).  One board load a move
; finds captures, killers and the end: the killers' empty targets hold KILL_MARK during
; the loop, and the to-square after the last move is 0 (OFFBOARD) -- written into the
; next ply's free slots.
; Clobbers: A, X, Y, sr_t2, sr_t3, sr_ptr2, sr_best.  Cycles: ~24 per quiet move, ~80 per
;           capture, ~75 a call
.proc srch_order_stage1
        ldx sr_t1
        lda #0
        sta sr_ptr2+1           ; the maximum key so far (a stage-1 key is >= 129)
        sta fr_ost,x
        sty sr_t3               ; end
        ldy mv_count,x
        sta (mg_tptr),y         ; to-square 0 after the last move
        ldx sr_ptr0+1           ; killer targets: marked when empty (square 0: OFFBOARD)
        lda eng_board,x
        bne @m2
        lda #KILL_MARK
        sta eng_board,x
@m2:    ldx sr_ptr1+1
        lda eng_board,x
        bne @go
        lda #KILL_MARK
        sta eng_board,x
@go:    ldy sr_t3
@loop:  lda (mg_tptr),y
        tax
        lda eng_board,x
        bne @spec
        sta (sr_kptr),y         ; 0: a quiet move
        iny
        bne @loop               ; always (Y <= MG_BOUND)
@spec:  bmi @done               ; the end mark
        cmp #RED_TAG
        bcs @capt
        lda #0                  ; a killer's target: 0 unless the move is the killer
        sta (sr_kptr),y
        cpx sr_ptr0+1
        beq @k1
@notk1: cpx sr_ptr1+1
        beq @k2
@next:  iny
        bne @loop               ; always
@k1:    lda (mg_fptr),y
        cmp sr_ptr0
        bne @notk1              ; X = to
        lda #KEY_KILLER1
        bne @stage1
@k2:    lda (mg_fptr),y
        cmp sr_ptr1
        bne @next
        lda #KEY_KILLER2
        bne @stage1
@capt:  MVV_LVA_KEY
@stage1:
        KEY_MAX
        iny
        sty sr_t3
        ldx sr_t1
        inc fr_ost,x
        bne @loop               ; always
@done:  ldx sr_ptr0+1           ; the killer targets back to EMPTY
        lda eng_board,x
        cmp #KILL_MARK
        bne @u2
        lda #EMPTY
        sta eng_board,x
@u2:    ldx sr_ptr1+1
        lda eng_board,x
        cmp #KILL_MARK
        bne @u3
        lda #EMPTY
        sta eng_board,x
@u3:    ldx sr_t1
        lda sr_t3
        sta fr_end,x
        rts
.endproc

;;
; History keys (history[type][sq90(to)] >> 1) + 1 of the slots Y..count-1 of ply sr_t1
; that hold no key yet (0; pointers set), the mover read from the board (the node's own:
; srch_order_flush takes the board back for an ancestor); fr_ost = ORD_SORTED when the
; keys of the slots Y..count-1 (stage-1 keys included) are in non-increasing order, else
; ORD_FULL.
; Clobbers: A, X, Y, sr_t2, sr_t3, sr_ptr0 (lo), sr_ptr2.  Cycles: ~75 per quiet move
.proc srch_order_fill
        ldx sr_t1
        lda #ORD_SORTED
        sta fr_ost,x
        lda mv_count,x
        sta sr_t2
        lda #$FF
        sta sr_ptr0             ; the previous key ($FF: none yet)
@loop:  cpy sr_t2
        bcs @done
        lda (sr_kptr),y
        bne @have               ; a stage-1 key
        lda (mg_fptr),y
        tax
        lda eng_board,x         ; the mover
        tax
        lda hist_row_lo-RED_TAG,x
        sta sr_ptr2
        lda hist_row_hi-RED_TAG,x
        sta sr_ptr2+1
        lda (mg_tptr),y
        tax
        sty sr_t3
        ldy zob_sq90,x
        lda (sr_ptr2),y
        lsr a
        clc
        adc #1
        ldy sr_t3
        sta (sr_kptr),y
@have:  cmp sr_ptr0
        beq @next
        sta sr_ptr0
        bcc @next               ; key < the previous one
        ldx sr_t1               ; a key rises: not in order
        lda #ORD_FULL
        sta fr_ost,x
@next:  iny
        bne @loop
@done:  rts
.endproc


;;
; Selection-sort step: swaps the FIRST maximum key of moves i..count-1 into place i and
; loads that move into pos_from/pos_to (computing the history keys first when no
; stage-1 move is left).  pick(0) takes a hash move in slot 0 without a scan; else the
; scan (srch_pick_scan) runs backwards from the last candidate slot (fr_end in stage 1)
; and keeps the lowest slot of the maximum.
; @param A  i; X  ply
; Clobbers: A, X, Y, sr_t0-sr_t3, sr_ptr0 (lo), sr_ptr2.
; Cycles: ~12 per move scanned, ~90 a pick (~45 without a scan: hash move, ORD_SORTED),
;         plus the keys it computes
.proc srch_pick
        sta sr_t0               ; i
        stx sr_t1               ; ply
        SRCH_PTRS
        lda fr_ost,x
        bmi @full
        beq @fill               ; no stage-1 move left: the history keys
        sec
        sbc #1
        sta fr_ost,x            ; this pick takes a stage-1 move
        lda #KEY_BAD_CAPTURE - 1 ; stage 1: the maximum is a stage-1 key (>= 129)
        sta sr_t3
        ldy sr_t0
        bne @s1
        lda (sr_kptr),y
        cmp #KEY_HASH
        beq @take               ; pick(0) of the hash move
        lda sr_best             ; pick(0): stage 1 found the first maximum
        sta sr_t2
        jmp srch_pick_w1
@s1:    lda fr_end,x
        jmp srch_pick_scan      ; (> i)
@fill:  ldy sr_t0
        jsr srch_order_fill
        ldx sr_t1
        lda fr_ost,x
@full:  asl a
        bpl @all                ; ORD_SORTED: the first maximum is slot i
@take:  ldy sr_t0
        lda (mg_fptr),y
        sta pos_from
        lda (mg_tptr),y
        sta pos_to
        rts
@all:   lda #0                  ; every key is >= 1
        sta sr_t3
        lda mv_count,x
        jmp srch_pick_scan
.endproc

;;
; srch_pick for a quiescence list: a list of srch_order_q (captures, fr_ost = ORD_FULL:
; every key computed) is scanned over i..count-1 without stages; an evasion list
; (srch_order, fr_ost a stage-1 count) goes to srch_pick.  srch_pick_scan is the scan,
; swap and load of both: A = end of the candidates (> i), sr_t3 = a bound below the
; maximum key (best - 1 to start with), sr_t0 = i, sr_t1 = ply, pointers set.
; @param A  i; X  ply
; Clobbers: A, X, Y, sr_t0-sr_t3, sr_ptr0 (lo), sr_ptr2.
; Cycles: ~12 per move scanned, ~75 a pick
.proc srch_pick_q
        ldy fr_ost,x
        bmi @caps
        jmp srch_pick
@caps:  sta sr_t0               ; i
        stx sr_t1               ; ply
        SRCH_PTRS
        lda sr_t0
        bne @scan
        lda sr_best             ; pick(0): srch_order_q found the first maximum
        sta sr_t2
        jmp srch_pick_won       ; (fr_bad = 0: no bad-capture test)
@scan:  lda #0                  ; every key is >= 1
        sta sr_t3
        lda mv_count,x
::srch_pick_scan:
        tay                     ; A = end of the candidates (> i), sr_t3 = a bound
        dey                     ; below the maximum; Y = last
        cpy sr_t0
        beq ps_one0             ; one candidate: slot i
        lda sr_t0
        bne ps_scani
        lda sr_t3               ; i = 0: the keys from sr_kptr; A = best key - 1
ps_loop0: cmp (sr_kptr),y
        bcc ps_upd0             ; key >= best: a lower slot of the maximum
        dey
        bpl ps_loop0
        bmi ps_won
ps_upd0: lda (sr_kptr),y
        sbc #0                  ; C clear: key - 1
        sty sr_t2
        dey
        bpl ps_loop0
        bmi ps_won
ps_one0: ldx sr_t1
        lda fr_bad,x
        beq ps_one
        lda #0
        sta sr_t2               ; a search() list, one candidate: slot i wins
        beq ps_lazy             ; always
ps_scani: tya
        sec
        sbc sr_t0
        tay                     ; Y = last - i
        lda sr_kptr
        clc
        adc sr_t0
        sta sr_ptr2
        lda sr_kptr+1
        adc #0
        sta sr_ptr2+1           ; sr_ptr2 -> key of slot i
        lda sr_t3               ; A = best key - 1
ps_loop: cmp (sr_ptr2),y
        bcc ps_upd              ; key >= best: a lower slot of the maximum
        dey
        bpl ps_loop
        bmi ps_won
ps_upd: lda (sr_ptr2),y
        sbc #0                  ; C clear: key - 1
        sty sr_t2
        dey
        bpl ps_loop
ps_won: tax
        bne ps_w1
        ldx sr_t1               ; the maximum is 1: every key left is 1
        lda #ORD_SORTED         ; (in stage 1 the maximum is >= 129)
        sta fr_ost,x
ps_w1:
::srch_pick_w1:                 ; (srch_pick's pick(0) in stage 1: slot sr_t2 wins)
        ldx sr_t1
        lda fr_bad,x
        bne ps_lazy             ; a search() list: the winner may be a bad capture
::srch_pick_won:                ; (srch_lazy_bad's way back: slot i + sr_t2 wins)
        lda sr_t2
        bne ps_swap
ps_one: ldy sr_t0               ; j = i
        lda (mg_fptr),y
        sta pos_from
        lda (mg_tptr),y
        sta pos_to
        rts
ps_swap: clc
        adc sr_t0
        sta sr_t2               ; j
        tay
        lda (mg_fptr),y
        sta pos_from
        lda (mg_tptr),y
        sta pos_to
        ldy sr_t0               ; slot j <- slot i (the key of slot i is not read again)
        lda (sr_kptr),y
        tax
        lda (mg_fptr),y
        sta sr_t3
        lda (mg_tptr),y
        ldy sr_t2
        sta (mg_tptr),y
        lda sr_t3
        sta (mg_fptr),y
        txa
        sta (sr_kptr),y
        ldy sr_t0
        lda pos_from
        sta (mg_fptr),y
        lda pos_to
        sta (mg_tptr),y
        rts
ps_lazy: jmp srch_lazy_bad
.endproc

;;
; Halves every history entry (logical shift right).
; Clobbers: A, X.  Cycles: ~7,000
.proc hist_halve
        ldx #0
@loop:  lsr hist,x
        lsr hist+256,x
        cpx #HIST_BYTES - 512
        bcs @skip
        lsr hist+512,x
@skip:  inx
        bne @loop
        rts
.endproc

;;
; A quiet move caused a beta cutoff: killers of ply X, history += min(depth^2, 128)
; (all halved first if the entry would pass 255).
; The keys its ancestors still owe are computed first (srch_order_flush).
; @param X  ply; pos_from/pos_to the move (before it is made)
; Clobbers: A, X, Y, sr_t0-sr_t3, sr_ptr0 (lo), sr_ptr2, sr_ptr3, the list pointers.
.proc srch_reward
        txa
        pha
        jsr srch_order_flush
        pla
        tax
        lda pos_from
        cmp kill1_f,x
        bne @new
        lda pos_to
        cmp kill1_t,x
        beq @hist
@new:   lda kill1_f,x
        sta kill2_f,x
        lda kill1_t,x
        sta kill2_t,x
        lda pos_from
        sta kill1_f,x
        lda pos_to
        sta kill1_t,x
@hist:  ldy fr_depth,x
        lda sq_clip,y
        sta sr_t0
        ldx pos_from
        ldy eng_board,x
        lda hist_row_lo-RED_TAG,y
        sta sr_ptr2
        lda hist_row_hi-RED_TAG,y
        sta sr_ptr2+1
        ldx pos_to
        ldy zob_sq90,x
        lda (sr_ptr2),y
        clc
        adc sr_t0
        bcc @store
        jsr hist_halve
        lda (sr_ptr2),y
        clc
        adc sr_t0
@store: sta (sr_ptr2),y
        rts
.endproc

;;
; pv[ply] = move + pv[ply + 1] (X = ply < PV_PLIES; move in pos_from/pos_to).
; Clobbers: A, Y, sr_t0-sr_t2.  X preserved.
.proc pv_update
        ldy pv_row,x
        lda pos_from
        sta pv_from,y
        lda pos_to
        sta pv_to,y
        sty sr_t2               ; destination - 1
        lda pv_len+1,x
        sta sr_t0               ; moves to copy
        clc
        adc #1
        sta pv_len,x
        lda pv_row+1,x
        sta sr_t1               ; source
@copy:  lda sr_t0
        beq @done
        inc sr_t2
        ldy sr_t1
        lda pv_from,y
        ldy sr_t2
        sta pv_from,y
        ldy sr_t1
        lda pv_to,y
        ldy sr_t2
        sta pv_to,y
        inc sr_t1
        dec sr_t0
        jmp @copy
@done:  rts
.endproc



.segment "ENGINE_TAIL"          ; bank 0, after the eval tables: the fixed bank is full

;;
; search()'s bad captures (docs/search.md "Move ordering"), tested lazily: srch_pick_scan
; comes here at a search() node (fr_bad nonzero: srch_order sets it, srch_order_q clears
; it) once it has found the winner, slot j = sr_t0 + sr_t2 (i + the winner's offset), in
; stage 1 (sr_t3 = KEY_BAD_CAPTURE - 1) or over the whole list (ORD_FULL, sr_t3 = 0:
; srch_order_flush).  While the rule is on
; (RULE_BAD_CAPS), a winner with a capture key (KEY_CAPTURE .. KEY_HASH - 1) whose victim
; is worth less than its taker (mvv1) and whose target the opponent defends on the node's
; board (pos_setup_side, pos_attacked: the qsearch's defender test, Searcher.defended)
; gets KEY_BAD_CAPTURE -- after the killers, before every history key -- and the scan runs
; again; otherwise the pick goes on at srch_pick_won.  Each capture is tested once at
; most: a winner is taken at once, a lowered key is no capture key.  The twin's
; pick_search; the sequence is the one of keying every such capture at node start.
; Clobbers: A, X, Y, sr_ptr2, att_sq and the per-side variables.
; Cycles: ~25 a stage-1 pick of a killer, the hash move or a qsearch evasion, ~70 a
;         capture worth at least its taker, ~550 with the attack test
.proc srch_lazy_bad
        RULE_ON RULE_BAD_CAPS, won
        lda sr_t2
        clc
        adc sr_t0
        tay                     ; j
        lda (sr_kptr),y
        cmp #KEY_CAPTURE
        bcc won                 ; a killer, or a capture lowered already
        cmp #KEY_HASH
        beq won
        lda (mg_tptr),y
        tax
        lda eng_board,x
        and #15
        tax
        lda mvv1,x
        sta sr_ptr2             ; MVV(victim)
        lda (mg_fptr),y
        tax
        lda eng_board,x
        and #15
        tax
        lda sr_ptr2
        cmp mvv1,x
        bcs won                 ; worth at least its taker
        sty sr_ptr2+1
        jsr pos_setup_att       ; the enemy kinds of the side to move
        ldy sr_ptr2+1
        lda (mg_tptr),y
        sta att_sq
        jsr pos_attacked        ; C set: the opponent defends the target
        bcc won
::srch_bad_cap:                 ; hook: a capture keyed KEY_BAD_CAPTURE (tests count them)
        ldy sr_ptr2+1
        lda #KEY_BAD_CAPTURE
        sta (sr_kptr),y
        ldx sr_t1
        lda fr_end,x            ; stage 1: up to fr_end
        bit sr_t3
        bmi again
        lda mv_count,x          ; ORD_FULL (an ancestor flushed by srch_order_flush)
again:  jmp srch_pick_scan      ; the scan again (sr_t0, sr_t1, sr_t3 kept)
won:    jmp srch_pick_won
.endproc

;;
; Before the history changes (srch_reward at ply X): every ancestor ply 0..X-1 still in
; stage 1 gets its history keys now, from the history its node started with (nothing
; changed it since: this is the first change under that node) and on its own board:
; the moves of plies X-1..0 are taken back on the board (null plies moved nothing) and
; made again one by one, each ancestor's keys filled in before its move is.  The
; unpicked slots (after fr_i) are done.  A search() ancestor's list becomes ORD_FULL even
; when its keys are in order: its captures not yet picked are still untested for the bad
; captures, and a pick must scan to test the one it selects (srch_lazy_bad).  Bank 0.
; Clobbers: A, X, Y, sr_t0-sr_t3, sr_ptr0 (lo), sr_ptr2, sr_ptr3, the list pointers.
; Cycles: ~45 per ancestor, plus ~75 per key computed
.proc srch_order_flush
        stx sr_reward_ply       ; the rewarding ply
        lda sr_n
        sta sr_t0               ; record index of the position after ply x's move
@back:  dex                     ; --- the board of ply 0
        bmi @up
        ldy sr_t0
        dec sr_t0
        lda rec_flag,y
        and #REC_NULL
        bne @back               ; a null move: nothing on the board
        ldy undo_to,x           ; board[from] = board[to], board[to] = victim
        lda eng_board,y
        ldy undo_from,x
        sta eng_board,y
        ldy undo_to,x
        lda undo_cap,x
        sta eng_board,y
        jmp @back
@up:    ldx #0                  ; --- up again: keys of ply x, then its move
@loop:  cpx sr_reward_ply
        bcs @done
        lda fr_ost,x
        bmi @redo
        stx sr_t1
        jsr srch_ptrs
        ldy fr_i,x
        iny
        jsr srch_order_fill
        ldx sr_t1
        lda fr_bad,x
        beq @redo
        lda #ORD_FULL           ; a search() node: a capture picked later may still
        sta fr_ost,x            ; be a bad one (srch_lazy_bad), so its list is no sorted list
@redo:  inc sr_t0
        ldy sr_t0
        lda rec_flag,y
        and #REC_NULL
        bne @next
        ldy undo_from,x         ; board[to] = board[from], board[from] = empty
        lda eng_board,y
        ldy undo_to,x
        sta eng_board,y
        ldy undo_from,x
        lda #EMPTY
        sta eng_board,y
@next:  inx
        bne @loop
@done:  rts
.endproc
