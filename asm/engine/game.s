; game.s -- the game record and the referee at the root (docs/rules.md, docs/search.md).
;
; The record (rec_k0..3 = key bytes, rec_flag = REC_CHECK | REC_CAPTURE) holds the game
; positions 0..game_n (a window of at most GAME_MAX; when it is full the oldest position
; drops out: only positions since the last capture matter, at most 100 back) and, above
; game_n, the positions of the search path.  gm_from/gm_to/gm_cap undo game move i (from
; entry i to i + 1).  The engine position always stays at ply 0 between game calls.
.include "engine.inc"

; The game bank (bank 2, docs/cartridge.md): these routines run between thinks, called
; through the trampolines far_eng_game_* (asm/nes/far.s) or by the harness; they reach
; the engine bank's routines through the trampolines too (far_<routine>: ~230 cycles a
; call). Nothing here runs inside a think.
.import far_zob_full, far_pos_in_check, far_pos_make, far_pos_unmake, far_mg_generate

.segment "ENGINE_GAME"

;;
; Stores sr_key and flag A as record entry X.
; Clobbers: A.  Cycles: 43 with RTS
.export rec_store
.proc rec_store
        sta rec_flag,x
        lda sr_key
        sta rec_k0,x
        lda sr_key+1
        sta rec_k1,x
        lda sr_key+2
        sta rec_k2,x
        lda sr_key+3
        sta rec_k3,x
        rts
.endproc

;;
; Computes the key and check flag of the current position and stores them as entry
; game_n, with REC_CAPTURE when A is nonzero.
; Clobbers: A, X, Y, sr_*.  Cycles: ~4,500
.proc game_record_root
        sta sr_t1
        jsr far_zob_full
        jsr far_pos_in_check    ; C = in check
        lda #0
        rol a                   ; REC_CHECK = 1
        ldx sr_t1
        beq @nocap
        ora #REC_CAPTURE
@nocap: ldx game_n
        jmp rec_store
.endproc

;;
; Starts a game record at the current position (call after eng_load): entry 0 only.
; @param A  plies since the last capture (the FEN half-move field; 0 for a new game)
; @return   game_n = 0, game_half = game_half0 = A
; Clobbers: A, X, Y, sr_*.  Cycles: ~4,500
.proc eng_game_new
        sta game_half
        sta game_half0
        lda #0
        sta game_n
        sta eng_ply
        jmp game_record_root
.endproc

;;
; Plays the game move pos_from -> pos_to (legal, of the side to move) at the root and
; appends the new position to the record (key, check flag, capture flag).  The position
; stays at ply 0.  When the window is full, the oldest position drops out (that move can
; no longer be taken back).
; @param pos_from, pos_to
; Clobbers: A, X, Y, sr_*, everything pos_make / pos_in_check clobber.  Cycles: ~5,000
.proc eng_game_push
        lda game_n
        cmp #GAME_MAX - 1
        bcc @room
        ; drop entry 0: shift the record and the undo lists down by one
        ldx #0
@shift: lda rec_k0+1,x
        sta rec_k0,x
        lda rec_k1+1,x
        sta rec_k1,x
        lda rec_k2+1,x
        sta rec_k2,x
        lda rec_k3+1,x
        sta rec_k3,x
        lda rec_flag+1,x
        sta rec_flag,x
        lda gm_from+1,x
        sta gm_from,x
        lda gm_to+1,x
        sta gm_to,x
        lda gm_cap+1,x
        sta gm_cap,x
        inx
        cpx game_n
        bcc @shift
        ; plies since the last capture at the new entry 0
        lda rec_flag
        bmi @cap0
        inc game_half0
        bne @dec
        dec game_half0          ; saturate at 255
        bne @dec
@cap0:  lda #0
        sta game_half0
@dec:   dec game_n
@room:  ldx game_n
        lda pos_from
        sta gm_from,x
        ldy pos_to
        tya
        sta gm_to,x
        lda eng_board,y
        sta gm_cap,x
        sta sr_t2
        lda #0
        sta eng_ply
        jsr far_pos_make
        lda #0
        sta eng_ply
        lda sr_t2
        beq @quiet
        lda #0
        sta game_half
        beq @rec
@quiet: inc game_half
        bne @rec
        dec game_half           ; saturate at 255
@rec:   inc game_n
        lda sr_t2
        jmp game_record_root
.endproc

;;
; Takes back the last game move.
; @return   C clear, or C set (nothing changed) when no move is kept
; Clobbers: A, X, Y, sr_t0.  Cycles: ~80 + 20 per ply back to the last capture
.proc eng_game_pop
        lda game_n
        bne @ok
        sec
        rts
@ok:    dec game_n
        ldx game_n
        lda gm_from,x
        sta undo_from
        lda gm_to,x
        sta undo_to
        lda gm_cap,x
        sta undo_cap
        lda #1
        sta eng_ply
        jsr far_pos_unmake      ; ply 0 again
        ; game_half = plies back to the last capture (or game_half0 + n)
        ldx game_n
        lda #0
        sta sr_t0
@scan:  lda rec_flag,x
        bmi @found
        txa
        beq @base
        inc sr_t0
        dex
        jmp @scan
@base:  lda sr_t0
        clc
        adc game_half0
        bcc @set
        lda #255
        bne @set
@found: lda sr_t0
@set:   sta game_half
        clc
        rts
.endproc

;;
; Judges the current game position (docs/rules.md, in its order): no legal move (the side
; to move loses); 4th occurrence (perpetual check loses, else draw); 100 plies without
; capture (draw); no rook, horse, cannon or pawn (draw).
; @return   A = eng_result_reason (RESULT_*; 0: the game goes on), eng_result_winner
;           (WINNER_RED / WINNER_BLACK / WINNER_DRAW); Z from A
; Clobbers: A, X, Y, sr_t0-sr_t2, the generator's state (the list of ply 0).
;           Cycles: ~3,000 + 40 per recorded position
.proc eng_game_result
        lda #0
        sta eng_ply
        jsr far_mg_generate
        lda mg_count
        bne @moves
        lda eng_side
        eor #1
        sta eng_result_winner
        lda #RESULT_NO_MOVES
        jmp @out
@moves: ; count earlier occurrences of the current key
        ldx game_n
        lda #1
        sta sr_t0               ; occurrences
@back:  dex
        cpx #$FF
        beq @norep
        lda rec_k0,x
        ldy game_n
        cmp rec_k0,y
        bne @back
        lda rec_k1,x
        cmp rec_k1,y
        bne @back
        lda rec_k2,x
        cmp rec_k2,y
        bne @back
        lda rec_k3,x
        cmp rec_k3,y
        bne @back
        inc sr_t0
        lda sr_t0
        cmp #4
        bne @back
        ; X = first of the four: who checked on every move since?
        lda #REC_CHECK
        sta sr_t1               ; own_all: moves into entries with n - j odd
        sta sr_t2               ; opp_all: n - j even
        ldy #0                  ; parity of n - j, j from n down to X + 1
        stx sr_t0
        ldx game_n
@cyc:   lda rec_flag,x
        and #REC_CHECK
        cpy #0
        bne @own
        and sr_t2
        sta sr_t2
        jmp @nx
@own:   and sr_t1
        sta sr_t1
@nx:    tya
        eor #1
        tay
        dex
        cpx sr_t0
        bne @cyc
        lda sr_t1
        beq @ownno
        lda sr_t2
        bne @draw               ; both always checked
        lda eng_side            ; the side to move checked perpetually: it loses
        eor #1
        jmp @perp
@ownno: lda sr_t2
        beq @draw
        lda eng_side            ; the opponent did: the side to move wins
@perp:  sta eng_result_winner
        lda #RESULT_PERPETUAL
        jmp @out
@draw:  lda #RESULT_REPETITION
        jmp @drawn
@norep: lda game_half
        cmp #SRCH_DRAW_PLIES
        bcc @mat
        lda #RESULT_100_PLIES
        jmp @drawn
@mat:   lda #0
        ldx #10
@or:    ora eng_piece_sq+5,x    ; horses, rooks, cannons, pawns of Red (5..15)
        ora eng_piece_sq+21,x   ; and of Black (21..31)
        dex
        bpl @or
        tax
        bne @going
        lda #RESULT_NO_ATTACK
@drawn: ldx #WINNER_DRAW
        stx eng_result_winner
@out:   sta eng_result_reason
        rts
@going: lda #RESULT_NONE
        sta eng_result_reason
        rts
.endproc
