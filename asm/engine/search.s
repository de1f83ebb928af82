; search.s -- iterative deepening PVS with quiescence, TT, killers, history, root noise:
; the 6502 twin of pyharness/reference/search.py.  docs/search.md is the contract; every
; rule below is written there, in the same order.
;
; search() and qsearch() recurse with JSR; their per-ply state lives in the fr_* frames
; (asm/include/engine_ram.inc) indexed by eng_ply.  Inputs sr_d (depth), sr_a (alpha), sr_b (beta);
; output sr_v.  Scores are 16-bit signed.
.include "engine.inc"

.importzp frame_count
.import zob_full, zob_sq90, zob_k4, zob_sq_lo, zob_sq_hi, ev_page
.importzp ZOB_SQ_FIRST, ZOB_SIDE0, ZOB_SIDE1, ZOB_SIDE2, ZOB_SIDE3
.import level_depth, level_frames_lo, level_frames_hi, level_noise_mask, level_book
.import level_qs, level_slip
.import book_probe
.export srch_make_done, lfsr_byte, srch_search, srch_qsearch, srch_order, srch_pick
.export srch_reward, srch_rep, srch_unmake_done, srch_null_try, srch_null_cut
.export srch_lmr_try

; KEY_*, HIST_MAX_INC, FLAG_*, LFSR_*, NULL_R, NULL_MIN_DEPTH: engine_consts.inc
ORD_FULL     = $80          ; fr_ost: every key computed (else stage-1 moves left)
ORD_SORTED   = $C0          ; fr_ost: ORD_FULL, and the unpicked keys are in non-increasing order
REC_NULL     = $40          ; rec_flag: a null move led here (with REC_CAPTURE)
LMR_MIN_DEPTH = 3           ; late-move reduction at nodes of depth >= 3 (search.py LMR_MIN_DEPTH)
LMR_MIN_MOVE = 3            ; ... for the moves with i >= 3 (search.py LMR_MIN_MOVE)

.segment "RODATA"
; MVV/LVA by piece index within its side (K A A B B N N R R C C P P P P P)
mvv1:   MVV1_ROW
mvv8:   MVV8_ROW
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

.segment "CODE"                 ; fixed bank (bank 0 holds the movegen and the tables)

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
; Points mg_fptr/mg_tptr and sr_kptr at the list of ply X (mg_set_ptrs inline).
; Clobbers: A.  Cycles: 46 with RTS
.proc srch_ptrs
        lda mv_base_lo,x
        sta mg_fptr
        sta mg_tptr
        sta sr_kptr
        lda mv_base_hi,x
        clc
        adc #>mv_from_stk
        sta mg_fptr+1
        adc #>MV_CAP
        sta mg_tptr+1
        lda mv_base_hi,x
        clc
        adc #>ord_key
        sta sr_kptr+1
        rts
.endproc

; ---------------------------------------------------------------------- make / unmake

;;
; Makes pos_from -> pos_to with the key, the eval sums, the record (key, check flag,
; capture flag), the 100-ply counter; counts the node and polls the limits
; (docs/search.md, make()).  THE one place where a node is counted.
; Everything inline (docs/cycle_budget.md, "Search"): the sums are saved per ply for
; srch_unmake, the victim's and the mover's values come from one PST pointer (page per
; piece code, ev_page), the child key is written straight into the record from the
; parent's entry (key blocks per square: one pointer per square, Y = kind*4 + byte; the
; side key is folded in as immediates, ZOB_SIDE0..3 exported as zero-page constants), and the board is updated as pos_make does.
; @param pos_from, pos_to  a legal move of the side to move
; Clobbers: A, X, Y, sr_key (the victim's key), sr_ptr0/1, sr_t0-sr_t2, att_sq, gc_*.
; Cycles: own ~375 quiet, ~470 capture (437 a node on mid-01..04 at depth 3), + 22 the
;         node count and poll (srch_make_done), + pos_gives_check (~104)
.proc srch_make
        ldx eng_ply
        lda ev_sum              ; the sums of this ply, for srch_unmake
        sta ev_sv0,x
        lda ev_sum+1
        sta ev_sv1,x
        lda ev_sum+2
        sta ev_sv2,x
        lda ev_sum+3
        sta ev_sv3,x
        lda #0
        sta sr_ptr0             ; PST pointer: page set per piece
        ldy pos_to
        lda zob_sq_lo-ZOB_SQ_FIRST,y
        sta sr_ptr1             ; key block of the target square
        lda zob_sq_hi-ZOB_SQ_FIRST,y
        sta sr_ptr1+1
        lda eng_board,y
        sta sr_t2               ; victim
        beq @nocap
        tax                     ; --- the victim: its key into sr_key, its value out
        ldy zob_k4-RED_TAG,x
        lda (sr_ptr1),y
        sta sr_key
        iny
        lda (sr_ptr1),y
        sta sr_key+1
        iny
        lda (sr_ptr1),y
        sta sr_key+2
        iny
        lda (sr_ptr1),y
        sta sr_key+3
        lda ev_page-RED_TAG,x
        sta sr_ptr0+1
        lda eng_side
        bne @vred               ; Black moves: the victim is Red
        lda pos_to              ; a Black victim: square 254 - to
        eor #$FF
        tay
        dey
        lda ev_sum+2
        sec
        sbc (sr_ptr0),y
        sta ev_sum+2
        bcs @nocap
        dec ev_sum+3
        bcc @nocap              ; always
@vred:  ldy pos_to
        lda ev_sum
        sec
        sbc (sr_ptr0),y
        sta ev_sum
        bcs @nocap
        dec ev_sum+1
@nocap: ldx pos_from            ; --- the mover: sum[side] += value(to) - value(from)
        lda eng_board,x
        sta sr_t1
        tax
        lda ev_page-RED_TAG,x
        sta sr_ptr0+1
        lda eng_side
        bne @mblk
        ldy pos_to
        lda (sr_ptr0),y
        ldy pos_from
        sec
        sbc (sr_ptr0),y         ; C clear: negative, A = delta + 256
        bcc @rneg
        clc
        adc ev_sum
        sta ev_sum
        bcc @key
        inc ev_sum+1
        bcs @key                ; always
@rneg:  adc ev_sum
        sta ev_sum
        bcs @key
        dec ev_sum+1
        bcc @key                ; always
@mblk:  lda pos_to              ; Black: squares rotated, 254 - sq
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
        bcc @bneg
        clc
        adc ev_sum+2
        sta ev_sum+2
        bcc @key
        inc ev_sum+3
        bcs @key                ; always
@bneg:  adc ev_sum+2
        sta ev_sum+2
        bcs @key
        dec ev_sum+3
@key:   ldy zob_k4-RED_TAG,x    ; --- rec_k[n+1] = rec_k[n] ^ mover(from) ^ mover(to)
        ldx pos_from            ;     ^ side (^ victim(to))
        lda zob_sq_lo-ZOB_SQ_FIRST,x
        sta sr_ptr0             ; key block of the source square
        lda zob_sq_hi-ZOB_SQ_FIRST,x
        sta sr_ptr0+1
        ldx sr_n
        lda sr_t2
        beq @kq
        lda (sr_ptr0),y
        eor (sr_ptr1),y
        eor sr_key
        eor #ZOB_SIDE0
        eor rec_k0,x
        sta rec_k0+1,x
        iny
        lda (sr_ptr0),y
        eor (sr_ptr1),y
        eor sr_key+1
        eor #ZOB_SIDE1
        eor rec_k1,x
        sta rec_k1+1,x
        iny
        lda (sr_ptr0),y
        eor (sr_ptr1),y
        eor sr_key+2
        eor #ZOB_SIDE2
        eor rec_k2,x
        sta rec_k2+1,x
        iny
        lda (sr_ptr0),y
        eor (sr_ptr1),y
        eor sr_key+3
        eor #ZOB_SIDE3
        eor rec_k3,x
        sta rec_k3+1,x
        jmp @half
@kq:    lda (sr_ptr0),y
        eor (sr_ptr1),y
        eor #ZOB_SIDE0
        eor rec_k0,x
        sta rec_k0+1,x
        iny
        lda (sr_ptr0),y
        eor (sr_ptr1),y
        eor #ZOB_SIDE1
        eor rec_k1,x
        sta rec_k1+1,x
        iny
        lda (sr_ptr0),y
        eor (sr_ptr1),y
        eor #ZOB_SIDE2
        eor rec_k2,x
        sta rec_k2+1,x
        iny
        lda (sr_ptr0),y
        eor (sr_ptr1),y
        eor #ZOB_SIDE3
        eor rec_k3,x
        sta rec_k3+1,x
@half:  ldx eng_ply             ; --- plies since the last capture
        lda #0
        ldy sr_t2
        bne @hset
        lda sr_half,x
        cmp #SRCH_HALF_MAX
        beq @hset               ; 255 stays 255 (saturating; >= DRAW_PLIES either way)
        adc #1                  ; C clear (A < 255): +1
@hset:  sta sr_half+1,x
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
        lda #0
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
; Takes back the last srch_make: board and side (as pos_unmake), record index, eval
; sums (restored from the per-ply save, ev_sv0..3).
; Clobbers: A, X, Y, sr_t0, sr_t1.  Cycles: 109 a node with RTS (mid-01..04, depth 3)
.proc srch_unmake
        dec sr_n
        dec eng_ply
        ldx eng_ply
        lda ev_sv0,x
        sta ev_sum
        lda ev_sv1,x
        sta ev_sum+1
        lda ev_sv2,x
        sta ev_sum+2
        lda ev_sv3,x
        sta ev_sum+3
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
; @return   C set and sr_v = the score when it repeats; C clear otherwise
; Clobbers: A, X, Y, sr_t0-sr_t2.  Cycles: ~30 + 35 per position since the last capture
.proc srch_rep
        lda #REC_CHECK
        sta sr_t0               ; own_all: moves into k with n - k odd (the mover's own)
        sta sr_t1               ; opp_all: n - k even
        lda #0
        sta sr_t2               ; (n - k) & 1
        ldx sr_n                ; k
@loop:  txa
        beq @none
        lda rec_flag,x
        bmi @none               ; the move into k captured
        and #REC_CHECK
        ldy sr_t2
        bne @own
        and sr_t1
        sta sr_t1
        jmp @next
@own:   and sr_t0
        sta sr_t0
@next:  dex
        lda sr_t2
        eor #1
        sta sr_t2
        bne @loop               ; n - k odd: the other side was to move
        ldy sr_n
        lda rec_k0,x
        cmp rec_k0,y
        bne @loop
        lda rec_k1,x
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

; ---------------------------------------------------------------------- 16-bit helpers

; N flag = (a < b), signed 16-bit.  Clobbers A.
.macro LT16 al, ah, bl, bh
        lda al
        cmp bl
        lda ah
        sbc bh
        bvc :+
        eor #$80
:
.endmacro

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
; sr_a = noise - beta, sr_b = noise - alpha.
; Clobbers: A, sr_t0, sr_t1.  X preserved.
.proc win_full
        jsr noise16
        lda sr_t0
        sec
        sbc fr_bl,x
        sta sr_a
        lda sr_t1
        sbc fr_bh,x
        sta sr_a+1
        lda sr_t0
        sec
        sbc fr_al,x
        sta sr_b
        lda sr_t1
        sbc fr_ah,x
        sta sr_b+1
        rts
.endproc

;;
; Null window (-a - 1, -a) of parent ply X: sr_b = noise - alpha, sr_a = sr_b - 1.
; Clobbers: A, sr_t0, sr_t1.  X preserved.
.proc win_null
        jsr noise16
        lda sr_t0
        sec
        sbc fr_al,x
        sta sr_b
        lda sr_t1
        sbc fr_ah,x
        sta sr_b+1
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
; sr_v = noise(parent ply) - sr_v, with the parent ply = eng_ply - 1.
; Clobbers: A, X, sr_t0, sr_t1.
.proc neg_noise
        ldx eng_ply
        dex
        jsr noise16
        lda sr_t0
        sec
        sbc sr_v
        sta sr_v
        lda sr_t1
        sbc sr_v+1
        sta sr_v+1
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

; ---------------------------------------------------------------------- ordering
;
; The keys are the ones of docs/search.md "Move ordering", and the moves are searched in
; the same sequence, but the history keys are computed lazily (docs/search.md "Lazy keys
; in the 6502 engine").  At node start (stage 1) the hash move, the captures and the
; killers get their real keys (>= 129) and every other move the piece code of its mover
; ($10..$2F: 1..128, below every stage-1 key, and it needs no board later).  fr_ost[ply]:
;   0..127    stage 1: the number of unpicked stage-1 moves, all in slots < fr_end[ply];
;   ORD_FULL  every unpicked key is real;
;   ORD_SORTED  and slots i..count-1 are in non-increasing key order (srch_order_fill
;             saw it, or a scan found the maximum 1, the least key): pick(i) takes slot
;             i without a scan, and the rest stays in order.
; The history keys are stored as (history >> 1) + 1 (1..128): every key is >= 1.  They
; are computed when no stage-1 move is left, or earlier by srch_reward (before the
; history changes) for every ancestor still in stage 1.

;;
; Node start: stage-1 keys of the list of ply X.  A hash move in the list is swapped
; into slot 0 (what pick(0) would do) and gets 255.
; @param X  ply; sr_hf/sr_ht hash move (0 = none); sr_killers_on (lo) nonzero: use killers
; Clobbers: A, X, Y, sr_t1-sr_t3, sr_ptr0, sr_ptr1, sr_ptr2 (lo).
; Cycles: ~50 per quiet move, ~75 per capture (+ ~15 per move before the hash move)
.proc srch_order
        stx sr_t1
        jsr srch_ptrs
        lda sr_killers_on
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

;;
; Stage-1 keys of slots Y..count-1 of ply sr_t1 (pointers set): captures
; 135 + 8 * MVV(victim) - MVV(attacker), killers (sr_ptr0/sr_ptr1 = from/to of killer
; 1/2) 130/129, other moves the mover's piece code.  fr_ost = the number of stage-1
; moves, fr_end = 1 + the last one's slot (Y when none).
; Clobbers: A, X, Y, sr_t2, sr_t3, sr_ptr2 (lo).  Cycles: ~50 per quiet move, ~75 per
;           capture
.proc srch_order_stage1
        ldx sr_t1
        lda mv_count,x
        sta sr_t2
        sty sr_t3               ; end
        lda #0
        sta fr_ost,x
@loop:  cpy sr_t2
        bcs @done
        lda (mg_tptr),y
        tax
        lda eng_board,x
        bne @capt
        txa
        cmp sr_ptr0+1
        beq @k1
@notk1: cmp sr_ptr1+1
        beq @k2
@later: lda (mg_fptr),y
        tax
        lda eng_board,x         ; the mover: a provisional key
        sta (sr_kptr),y
        iny
        bne @loop
@k1:    lda (mg_fptr),y
        cmp sr_ptr0
        bne @k1no
        lda #KEY_KILLER1
        bne @stage1
@k1no:  txa
        bne @notk1
@k2:    lda (mg_fptr),y
        cmp sr_ptr1
        bne @later
        lda #KEY_KILLER2
        bne @stage1
@capt:  and #15
        tax
        lda mvv8,x
        sta sr_ptr2
        lda (mg_fptr),y
        tax
        lda eng_board,x
        and #15
        tax
        lda sr_ptr2
        sec
        sbc mvv1,x
        clc
        adc #KEY_CAPTURE - 1
@stage1:
        sta (sr_kptr),y
        iny
        sty sr_t3
        ldx sr_t1
        inc fr_ost,x
        bne @loop
@done:  ldx sr_t1
        lda sr_t3
        sta fr_end,x
        rts
.endproc

;;
; History keys (history[type][sq90(to)] >> 1) + 1 of the slots Y..count-1 of ply sr_t1
; that hold a provisional key (a piece code, < 128; pointers set); fr_ost = ORD_SORTED
; when the keys of the slots Y..count-1 (stage-1 keys included) are in non-increasing
; order, else ORD_FULL.  Reads no board: runs at any ply.
; Clobbers: A, X, Y, sr_t2, sr_t3, sr_ptr0 (lo), sr_ptr2.  Cycles: ~65 per quiet move
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
        bmi @have               ; a stage-1 key
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
; Before the history changes (srch_reward at ply X): every ancestor ply 0..X-1 still in
; stage 1 gets its history keys now, from the history its node started with (nothing
; changed it since: this is the first change under that node).  The unpicked slots
; (after fr_i) are done.
; Clobbers: A, X, Y, sr_t1-sr_t3, sr_ptr0 (lo), sr_ptr2, sr_ptr3, the list pointers.
; Cycles: ~15 per ancestor, plus ~60 per key computed
.proc srch_order_flush
        stx sr_reward_ply       ; the rewarding ply
        ldx #0
@loop:  cpx sr_reward_ply
        bcs @done
        lda fr_ost,x
        bmi @next
        stx sr_t1
        jsr srch_ptrs
        ldy fr_i,x
        iny
        jsr srch_order_fill
        ldx sr_t1
@next:  inx
        bne @loop
@done:  rts
.endproc

;;
; Selection-sort step: swaps the FIRST maximum key of moves i..count-1 into place i and
; loads that move into pos_from/pos_to (computing the history keys first when no
; stage-1 move is left).  pick(0) takes a hash move in slot 0 without a scan; else the
; scan runs backwards from the last candidate slot (fr_end in stage 1) and keeps the
; lowest slot of the maximum.
; @param A  i; X  ply
; Clobbers: A, X, Y, sr_t0-sr_t3, sr_ptr0 (lo), sr_ptr2.
; Cycles: ~12 per move scanned, ~90 a pick (~45 without a scan: hash move, ORD_SORTED),
;         plus the keys it computes
.proc srch_pick
        sta sr_t0               ; i
        stx sr_t1               ; ply
        jsr srch_ptrs
        lda fr_ost,x
        bmi @full
        beq @fill               ; no stage-1 move left: the history keys
        sec
        sbc #1
        sta fr_ost,x            ; this pick takes a stage-1 move
        ldy sr_t0
        bne @s1
        lda (sr_kptr),y
        cmp #KEY_HASH
        beq @take               ; pick(0) of the hash move
@s1:    lda fr_end,x
        bne @scan
@fill:  ldy sr_t0
        jsr srch_order_fill
        ldx sr_t1
        lda fr_ost,x
@full:  asl a
        bmi @take               ; ORD_SORTED: the first maximum is slot i
        lda mv_count,x
@scan:  clc                     ; A = end of the candidates (> i)
        sbc sr_t0
        tay                     ; Y = last - i
        lda sr_kptr
        clc
        adc sr_t0
        sta sr_ptr2
        lda sr_kptr+1
        adc #0
        sta sr_ptr2+1           ; sr_ptr2 -> key of slot i
        lda (sr_ptr2),y
        sty sr_t2
        clc
        sbc #0                  ; A = best key - 1 (keys are >= 1)
        dey
        bmi @won
@loop:  cmp (sr_ptr2),y
        bcc @upd                ; key >= best: a lower slot of the maximum
        dey
        bpl @loop
        bmi @won
@upd:   lda (sr_ptr2),y
        sbc #0                  ; C clear: key - 1
        sty sr_t2
        dey
        bpl @loop
@won:   tax
        bne @w1
        ldx sr_t1               ; the maximum is 1: every key left is 1
        lda #ORD_SORTED         ; (in stage 1 the maximum is >= 129)
        sta fr_ost,x
@w1:    lda sr_t2
        beq @take
        clc
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
@take:  ldy sr_t0
        lda (mg_fptr),y
        sta pos_from
        lda (mg_tptr),y
        sta pos_to
        rts
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

;;
; C set when the move stack has no room for a generation at ply X
; (mv_base[X] + MG_MAX > MV_CAP).  Clobbers: A.
.proc stack_full
        lda mv_base_lo,x
        cmp #<(MV_CAP - MG_MAX + 1)
        lda mv_base_hi,x
        sbc #>(MV_CAP - MG_MAX + 1)
        rts
.endproc

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
        lda srch_null_on        ; off unless the caller asks (docs/search.md)
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

;;
; Late-move reduction test (docs/search.md, search()) for the move just made at parent
; ply X: i >= LMR_MIN_MOVE, depth >= LMR_MIN_DEPTH, the node not in check, the move
; quiet, no killer of ply X and giving no check.  (For i >= 1 the move is never the
; hash move, which pick(0) takes; so this is the twin's "key < KEY_KILLER2".)
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
        sec
        rts
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
        inc sr_d                ; check extension
@noext: lda sr_d
        beq @qs
        bpl @full
@qs:    jmp srch_qsearch
@full:  sta fr_depth,x
        lda sr_a
        sta fr_al,x
        lda sr_a+1
        sta fr_ah,x
        lda sr_b
        sta fr_bl,x
        lda sr_b+1
        sta fr_bh,x
        ; ---- TT probe
        lda #0
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
@miss:  jsr srch_null
        bcc @gen
        rts                     ; the null move cut (sr_v = beta), or a stop (0)
@gen:   ldx eng_ply
        jsr stack_full
        bcc @room
        jmp ev_evaluate
@room:  jsr mg_generate
        ldx eng_ply
        lda mv_count,x
        bne @have
        jmp ret_mated
@have:  lda #1
        sta sr_killers_on       ; killers on
        jsr srch_order
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
        bne @write
        lda tt_lock_hi,y
        cmp sr_key+3
        bne @write
        inc sr_t3
        lda tt_df,y
        lsr a
        lsr a
        cmp fr_depth,x
        beq @write
        bcc @write
        rts                     ; same position, deeper draft: keep
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

;;
; Quiescence at ply eng_ply: stand pat and captures; every evasion in check
; (docs/search.md, qsearch()).
; @param sr_a alpha, sr_b beta.  @return sr_v
; Clobbers: everything.  Recursive.
.proc srch_qsearch
        ldx eng_ply
        lda #0
        sta pv_len,x
        lda sr_stopped
        beq @go
        jmp ret_zero
@go:    cpx #MAX_PLY
        bcs @eval
        jsr stack_full
        bcc @room
@eval:  jmp ev_evaluate
@room:  ldy sr_n
        lda rec_flag,y
        and #REC_CHECK
        beq @quiet
        jsr @win
        jsr mg_generate         ; in check: every evasion
        ldx eng_ply
        lda mv_count,x
        bne @some
        jmp ret_mated
@some:  lda #<(-SRCH_MATE)
        sta fr_sl,x
        lda #>(-SRCH_MATE)
        sta fr_sh,x
        jmp @order
@quiet: jsr ev_evaluate         ; stand pat (sr_a/sr_b kept)
        LT16 sr_v, sr_v+1, sr_b, sr_b+1
        bmi @under
        rts                     ; stand >= beta
@under: lda sr_qs               ; a level without quiescence: stand pat only
        bne @qs
        rts
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
@gen:   jsr mg_generate_captures_nc ; the legal captures, in legal-list order (not in check)
@order: lda #0
        sta sr_hf
        sta sr_ht
        sta sr_killers_on       ; no killers
        ldx eng_ply
        jsr srch_order
        ldx eng_ply
        lda #0
        sta fr_i,x
@loop:  ldx eng_ply
        lda fr_i,x
        cmp mv_count,x
        bcc @pick
        jmp @end
@pick:  jsr srch_pick
        jsr srch_make
        ldx eng_ply
        dex
        lda #0
        sec
        sbc fr_bl,x
        sta sr_a
        lda #0
        sbc fr_bh,x
        sta sr_a+1
        lda #0
        sec
        sbc fr_al,x
        sta sr_b
        lda #0
        sbc fr_ah,x
        sta sr_b+1
        jsr srch_qsearch
        lda #0
        sec
        sbc sr_v
        sta sr_v
        lda #0
        sbc sr_v+1
        sta sr_v+1
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

; ---------------------------------------------------------------------- think()

;;
; Chooses the engine's move at the root (ply 0, after eng_game_new/eng_game_push):
; book (levels 3-5), else iterative deepening until the level's depth, the node budget,
; the frame cap or srch_move_now, which stop every iteration, the first one included
; (docs/search.md, think()).  The last completed iteration's move is returned; stopped
; inside iteration 1, the best root move completed so far (pv[0], score fr_s[0]), else
; the first root move searched (move-stack slot 0, score 0), with srch_depth_done = 0.
; A root with a legal move always gets one.
; @param srch_level 1..5 (0: srch_depth, no noise, no book, no frame cap), srch_seed,
;        srch_move_now, frame_count; optional overrides srch_depth (0 = level's),
;        srch_frames + srch_frames_set, srch_node_limit (0 = none), srch_use_book
;        (0 = level's, 1 = off, 2 = on)
; @return srch_best_from/to (0,0: no legal move), srch_score, srch_depth_done (updated
;        after every iteration; 0 if iteration 1 was stopped), srch_nodes, srch_pv_*,
;        srch_from_book, srch_stopped,
;        srch_tt_probes/hits.  The position is unchanged (ply 0).
; Clobbers: everything.  Cycles: level 1 ~0.2 s ... level 5 up to its 30 s cap (a cap
;        is passed by at most one poll, 16 nodes)
.proc srch_think
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
        ldx srch_level
        beq @over
        dex
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
        ; ---- root state
        lda game_n
        sta sr_n
        lda game_half
        sta sr_half
        jsr ev_full
        ; ---- book
        lda sr_book
        beq @nobook
        jsr book_probe          ; C set: pos_from/pos_to
        bcc @nobook
        lda #1
        sta srch_from_book
        jmp @single
@nobook:
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
@single:
        lda pos_from
        sta srch_best_from
        sta srch_pv_from
        lda pos_to
        sta srch_best_to
        sta srch_pv_to
        lda #1
        sta srch_pv_len
        rts
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
; Time management (docs/search.md, think(); search.py IterationPlan): after an
; iteration, with E = frames since the start and t = E - sr_tm_el (the frames the
; iteration took), the next one is not started when E + t + t / 2 > sr_flimit.
; sr_tm_el = E.
; @return C set: do not start the next iteration
; Clobbers: A, sr_t0-sr_t3, sr_ptr0.  Cycles: ~110
.proc srch_plan
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
        lda sr_t3               ; sr_ptr0 = t + t / 2 (a carry: beyond any cap)
        lsr a
        sta sr_ptr0+1
        lda sr_t2
        ror a
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
        lda sr_flimit           ; cap < E + t + t / 2: no
        cmp sr_ptr0
        lda sr_flimit+1
        sbc sr_ptr0+1
        bcc @no
        clc
        rts
@no:    sec
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
