; game.s: the game in progress: the root position (piece list + side), the game record
; (the battery save's game block: its start position and move list, save.s), legal
; moves at the root, play/undo, the referee.
; The engine (asm/engine) does the chess: eng_load, mg_generate, pos_make, pos_in_check,
; called through their far_ trampolines (asm/nes/far.s: the engine has its own bank).
.include "nes.inc"
.include "engine.inc"
.include "ui.inc"
.include "starts.inc"

NO_CAPTURE_PLIES = 100

.segment "UIDATA"
; the start position's piece list (docs/encoding.md: indices by ascending square)
game_start_pieces:
    .byte $C7, $C6, $C8, $C5, $C9, $C4, $CA, $C3, $CB, $A4, $AA, $93, $95, $97, $99, $9B
    .byte $37, $36, $38, $35, $39, $34, $3A, $33, $3B, $54, $5A, $63, $65, $67, $69, $6B

.segment "UI"

;;
; Makes the standard start the game block's start position (kind START_STD, Red to
; move, clocks 0 and 1).  game_new then starts the game there.
; Clobbers: A, X.
.proc game_set_std
    ldx #31
@copy:
    lda game_start_pieces,x
    sta save_pieces,x
    dex
    bpl @copy
    lda #START_STD
    sta save_kind
    lda #0
    sta save_index
    sta save_side
set_clocks:
    lda #0
    sta save_half
    sta save_fullmove+1
    lda #1
    sta save_fullmove
    rts
.endproc

;;
; Makes handicap A (0..HANDICAP_COUNT-1, a line of assets/handicaps.txt) the game
; block's start position (kind START_HCAP).  game_new then starts the game there.
; Clobbers: A, X, Y, ui_ptr.
.proc game_set_hcap
    sta save_index
    tax
    lda hcap_pieces_lo,x
    sta ui_ptr
    lda hcap_pieces_hi,x
    sta ui_ptr+1
    lda hcap_side,x
    sta save_side
    ldy #31
@copy:
    lda (ui_ptr),y
    sta save_pieces,y
    dey
    bpl @copy
    lda #START_HCAP
    sta save_kind
    jmp game_set_std::set_clocks
.endproc
.export game_set_hcap

;;
; Makes puzzle A (0..PUZZLE_COUNT-1, a line of assets/puzzles.txt) the game block's
; start position (kind START_PUZZLE): the player plays the side to move (game_mode
; MODE_RED or MODE_BLACK, the board turned to it), the CPU defends at full strength
; (game_level = LEVEL_COUNT).  game_new then starts the game there.
; Clobbers: A, X, Y, ui_ptr.
.proc game_set_pz
    sta save_index
    tax
    jsr far_pz_fetch           ; save_pieces (from the puzzle bank)
    ldx save_index
    lda pz_side,x
    sta save_side
    sta game_mode
    sta game_flip
    lda #LEVEL_COUNT
    sta game_level
    lda #START_PUZZLE
    sta save_kind
    jmp game_set_std::set_clocks
.endproc
.assert MODE_RED = 0 && MODE_BLACK = 1, error, "game_set_pz: the mode is the side"
.export game_set_pz

;;
; Starts the game at the game block's start position with an empty record (engine root
; and game record too).
; Clobbers: A, X, Y, engine scratch.
.proc game_new
    lda #0
    sta game_nply
    sta game_nply_hi
    sta game_result
    jmp game_reload
.endproc

;;
; game_rp = the address of record entry X:A (ply, high byte in X): save_moves + 2 * ply.
; Clobbers: A.
.proc game_rec_ptr
    stx game_rp+1
    asl a
    rol game_rp+1
    clc
    adc #<save_moves
    sta game_rp
    lda game_rp+1
    adc #>save_moves
    sta game_rp+1
    rts
.endproc

;;
; pos_from, pos_to = record move X:A (ply, high byte in X).
; Clobbers: A, Y.
.proc game_rec_get
    jsr game_rec_ptr
    ldy #0
    lda (game_rp),y
    sta pos_from
    iny
    lda (game_rp),y
    sta pos_to
    rts
.endproc

;;
; pos_from, pos_to = record move game_nply (the first not played: after game_pop, the
; move taken back).  Clobbers: A, X, Y.
.proc game_rec_top
    lda game_nply
    ldx game_nply_hi
    jmp game_rec_get
.endproc

;;
; pos_from, pos_to = the last move played (record move game_nply - 1; game_nply > 0).
; Clobbers: A, X, Y.
.proc game_rec_last
    lda game_nply
    ldx game_nply_hi
    sec
    sbc #1
    bcs :+
    dex
:   jmp game_rec_get
.endproc

;;
; Rebuilds the engine's root and its game record (eng_load of the start position,
; eng_game_new, then eng_game_push for each of the first game_nply moves of our record,
; trusted legal), then game_pieces, game_side, the root moves (game_gen) and game_check.
; Clobbers: A, X, Y, engine scratch.  Cycles: ~12,000 + ~5,000 per move
.proc game_reload
    ldx #31
@copy:
    lda save_pieces,x
    sta eng_in_pieces,x
    dex
    bpl @copy
    lda save_side
    sta eng_in_side
    jsr far_eng_load
    lda save_half              ; plies since the last capture
    jsr far_eng_game_new
    lda #0
    sta game_i
    sta game_i+1
@next:
    lda game_i
    cmp game_nply
    lda game_i+1
    sbc game_nply_hi
    bcs @done
    lda game_i
    ldx game_i+1
    jsr game_rec_get
    jsr far_eng_game_push
    inc game_i
    bne @next
    inc game_i+1
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
    lda game_nply
    cmp #<GAME_MAX_PLY
    lda game_nply_hi
    sbc #>GAME_MAX_PLY
    bcs @done
    lda game_nply
    ldx game_nply_hi
    jsr game_rec_ptr
    ldy #0
    lda pos_from
    sta (game_rp),y
    iny
    lda pos_to
    sta (game_rp),y
    inc game_nply
    bne :+
    inc game_nply_hi
:   jsr far_eng_game_push
    jmp game_root_changed
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
    ora game_nply_hi
    beq @done
    lda game_nply
    bne :+
    dec game_nply_hi
:   dec game_nply
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
    jsr game_rec_top
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
    cmp #<GAME_MAX_PLY
    lda game_nply_hi
    sbc #>GAME_MAX_PLY
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
