; game.s: the game in progress: the root position (piece list + side), the game record
; (in the battery-backed save area), legal moves at the root, play/undo, the referee.
; The engine (asm/engine) does the chess: eng_load, mg_generate, pos_make, pos_in_check,
; called through their far_ trampolines (asm/nes/far.s: the engine has its own bank).
.include "nes.inc"
.include "engine.inc"
.include "ui.inc"

NO_CAPTURE_PLIES = 100
CHECK_BIT = $80                ; in game_rec_cap: the move gave check

.segment "ZEROPAGE"

.segment "BSS"

.segment "SAVE"
; The battery-backed game (save.s checks and writes the header and the checksum).

.segment "UIDATA"
; the start position's piece list (docs/encoding.md: indices by ascending square)
game_start_pieces:
    .byte $C7, $C6, $C8, $C5, $C9, $C4, $CA, $C3, $CB, $A4, $AA, $93, $95, $97, $99, $9B
    .byte $37, $36, $38, $35, $39, $34, $3A, $33, $3B, $54, $5A, $63, $65, $67, $69, $6B

.segment "UI"

;;
; Sets up the start position with an empty record (engine root and game record too).
; Clobbers: A, X, Y, engine scratch.
.proc game_new
    lda #0
    sta game_nply
    sta game_result
    jmp game_reload
.endproc

;;
; Rebuilds the engine's root and its game record (eng_load, eng_game_new, then
; eng_game_push for each of the first game_nply moves of our record, trusted legal),
; then game_pieces, game_side, the root moves (game_gen) and game_check.
; Clobbers: A, X, Y, engine scratch.  Cycles: ~12,000 + ~5,000 per move
.proc game_reload
    ldx #31
@copy:
    lda game_start_pieces,x
    sta eng_in_pieces,x
    dex
    bpl @copy
    lda #0
    sta eng_in_side
    jsr far_eng_load
    lda #0                     ; plies since the last capture
    jsr far_eng_game_new
    lda #0
    sta game_tmp
@next:
    ldx game_tmp
    cpx game_nply
    bcs @done
    lda game_rec_from,x
    sta pos_from
    lda game_rec_to,x
    sta pos_to
    jsr far_eng_game_push
    inc game_tmp
    bne @next
@done:
    jmp game_root_changed
.endproc

;;
; After the engine's root changed: copies its piece list and side, generates the root
; moves (game_gen), sets game_check.
; Clobbers: A, X, Y, engine scratch.
.proc game_root_changed
    ldx #31
@copy:
    lda eng_piece_sq,x
    sta game_pieces,x
    dex
    bpl @copy
    lda eng_side
    sta game_side
    jsr game_gen
    jmp game_set_check
.endproc

;;
; Generates the legal moves of the engine's root (ply 0); mg_fptr/mg_tptr point at the
; list, mg_count holds its length.
; Clobbers: A, X, Y, engine scratch.  Cycles: ~4,000
.proc game_gen
    lda #0
    sta eng_ply
    jsr far_mg_generate
    ldx #0
    jsr far_mg_set_ptrs
    lda mv_count
    sta mg_count
    rts
.endproc

;;
; Is pos_from -> pos_to in the legal list made by game_gen?
; @return   C set if legal
; Clobbers: A, Y.
.proc game_is_legal
    ldy mg_count
@next:
    dey
    cpy #$FF
    beq @no
    lda (mg_fptr),y
    cmp pos_from
    bne @next
    lda (mg_tptr),y
    cmp pos_to
    bne @next
    PREDICATE_END
.endproc

;;
; Plays pos_from -> pos_to (legal at the root: game_is_legal) and appends it to our
; record and to the engine's (eng_game_push); then the new root's moves and game_check.
; Does nothing when the record is full (the referee ends the game first).
; Clobbers: A, X, Y, engine scratch.  Cycles: ~10,000
.proc game_push
    ldx game_nply
    cpx #GAME_MAX_PLY
    bcs @done
    lda pos_from
    sta game_rec_from,x
    lda pos_to
    sta game_rec_to,x
    ldy pos_to
    lda eng_board,y
    sta game_rec_cap,x
    inc game_nply
    jsr far_eng_game_push
    jsr game_root_changed
    lda game_check
    beq @done
    ldx game_nply
    lda game_rec_cap-1,x
    ora #CHECK_BIT
    sta game_rec_cap-1,x
@done:
    rts
.endproc

;;
; game_check = 1 if the side to move (engine root) is in check, else 0.
; Clobbers: A, X, Y.
.proc game_set_check
    jsr far_pos_in_check
    lda #0
    rol a
    sta game_check
    rts
.endproc

;;
; Takes back the last move of the record (no-op on an empty record); the record keeps
; it (game_redo plays it again).  Uses eng_game_pop, or rebuilds the engine's record
; when the move has left its window.
; Clobbers: A, X, Y, engine scratch.
.proc game_pop
    lda game_nply
    beq @done
    dec game_nply
    lda #0
    sta game_result
    jsr far_eng_game_pop
    bcs @rebuild
    jmp game_root_changed
@rebuild:
    jmp game_reload
@done:
    rts
.endproc

;;
; Plays again record move game_nply (after game_pop), checking that it is legal.
; @return   C clear if it was played; C set if it is not legal here (nothing done)
; Clobbers: A, X, Y, engine scratch.
.proc game_redo
    ldx game_nply
    lda game_rec_from,x
    sta pos_from
    lda game_rec_to,x
    sta pos_to
    jsr game_is_legal
    bcc @illegal
    jsr game_push
    clc
    rts
@illegal:
    sec
    rts
.endproc

;;
; The referee at the root: eng_game_result (docs/rules.md: no legal move, perpetual
; check, repetition, 100 plies without capture, no attacking piece), then a full record
; (GAME_MAX_PLY: draw).  Sets game_result (RES_*) and game_winner; regenerates the root
; moves (the engine's referee reuses the list of ply 0).
; @return   A = game_result, Z set when the game goes on
; Clobbers: A, X, Y, engine scratch.
.proc game_judge
    jsr far_eng_game_result
    tax
    lda game_res_of,x
    cpx #RESULT_NO_MOVES
    bne @other
    ldy game_check
    bne @other
    lda #RES_STALEMATE
@other:
    sta game_result
    lda eng_result_winner
    sta game_winner
    lda game_result
    bne @gen
    lda game_nply
    cmp #GAME_MAX_PLY
    bcc @gen
    lda #RES_TOOLONG
    sta game_result
    lda #WIN_DRAW
    sta game_winner
@gen:
    jsr game_gen
    lda game_result
    rts
.endproc

; engine RESULT_* -> RES_*
game_res_of:
    .byte RES_NONE, RES_MATE, RES_PERPETUAL, RES_REPEAT, RES_NOCAPTURE, RES_MATERIAL
.assert RESULT_NO_ATTACK = 5 && RESULT_PERPETUAL = 2, error, "game_res_of order"
.assert WINNER_RED = WIN_RED && WINNER_BLACK = WIN_BLACK && WINNER_DRAW = WIN_DRAW, error, "winner codes"
