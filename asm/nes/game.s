; game.s: the game in progress: the root position (piece list + side), the game record
; (in the battery-backed save area), legal moves at the root, play/undo, the referee.
; The engine (asm/engine) does the chess: eng_load, mg_generate, pos_make, pos_in_check.
.include "nes.inc"
.include "engine.inc"
.include "ui.inc"

NO_CAPTURE_PLIES = 100
CHECK_BIT = $80                ; in game_rec_cap: the move gave check

.segment "ZEROPAGE"
game_mode:   .res 1            ; MODE_*
game_level:  .res 1            ; 1..5
game_side:   .res 1            ; side to move at the root: 0 red, 1 black
game_nply:   .res 1            ; moves in the record
game_flip:   .res 1            ; nonzero: Black at the bottom of the screen
game_result: .res 1            ; RES_* (RES_NONE while the game goes on)
game_winner: .res 1            ; WIN_*
game_check:  .res 1            ; nonzero: the side to move is in check
game_tmp:    .res 1
.exportzp game_check

.segment "BSS"
game_pieces: .res 32           ; root piece list (docs/encoding.md), 0 = captured

.segment "SAVE"
; The battery-backed game (save.s checks and writes the header and the checksum).
game_rec_from: .res GAME_MAX_PLY
game_rec_to:   .res GAME_MAX_PLY
game_rec_cap:  .res GAME_MAX_PLY  ; board byte taken (0 none) | CHECK_BIT if check

.segment "RODATA"
; the start position's piece list (docs/encoding.md: indices by ascending square)
game_start_pieces:
    .byte $C7, $C6, $C8, $C5, $C9, $C4, $CA, $C3, $CB, $A4, $AA, $93, $95, $97, $99, $9B
    .byte $37, $36, $38, $35, $39, $34, $3A, $33, $3B, $54, $5A, $63, $65, $67, $69, $6B

.segment "CODE"

;;
; Sets up the start position with an empty record.
; Clobbers: A, X.
.proc game_new
    ldx #31
@copy:
    lda game_start_pieces,x
    sta game_pieces,x
    dex
    bpl @copy
    lda #0
    sta game_side
    sta game_nply
    sta game_result
    sta game_check
    rts
.endproc

;;
; Loads the root position into the engine (eng_load) and generates its legal moves
; (ply 0); mg_fptr/mg_tptr point at the list, mg_count holds its length.
; Clobbers: A, X, Y, engine scratch.  Cycles: ~11,000
.proc game_gen
    ldx #31
@copy:
    lda game_pieces,x
    sta eng_in_pieces,x
    dex
    bpl @copy
    lda game_side
    sta eng_in_side
    jsr eng_load
    jsr mg_generate
    ldx #0
    jsr mg_set_ptrs
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
    sec
    rts
@no:
    clc
    rts
.endproc

;;
; Plays pos_from -> pos_to (legal; the engine at the root, i.e. after game_gen) and
; appends it to the record; then regenerates the new root's moves (game_gen) and sets
; game_check.  Does nothing when the record is full (the referee ends the game first).
; Clobbers: A, X, Y, engine scratch.  Cycles: ~12,000
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
    jsr pos_make
    ldx #31
@copy:
    lda eng_piece_sq,x
    sta game_pieces,x
    dex
    bpl @copy
    lda game_side
    eor #1
    sta game_side
    inc game_nply
    jsr game_gen
    jsr game_set_check
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
    jsr pos_in_check
    lda #0
    rol a
    sta game_check
    rts
.endproc

;;
; Takes back the last move of the record (no-op on an empty record); the record keeps
; it (game_redo plays it again).  Regenerates the root moves and game_check.
; Clobbers: A, X, Y, engine scratch.
.proc game_pop
    ldx game_nply
    beq @done
    dex
    stx game_nply
    ldy #31                    ; the piece now on `to` goes back to `from`
@find:
    lda game_pieces,y
    cmp game_rec_to,x
    beq @found
    dey
    bpl @find
    bmi @side                  ; (cannot happen with a consistent record)
@found:
    lda game_rec_from,x
    sta game_pieces,y
    lda game_rec_cap,x
    and #<~CHECK_BIT
    beq @side
    tay
    lda game_rec_to,x
    sta game_pieces-RED_TAG,y
@side:
    lda game_side
    eor #1
    sta game_side
    lda #0
    sta game_result
    jsr game_gen
    jsr game_set_check
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
; The referee at the root (after game_gen): sets game_result / game_winner as
; docs/rules.md orders them: no legal move (mate or stalemate: the side to move loses),
; then 100 plies without capture, then no attacking piece on either side, then a full
; record.  (Repetition and perpetual check: game_judge_repeat.)
; @return   A = game_result (0: the game goes on)
; Clobbers: A, X, Y.
.proc game_judge
    lda game_side
    eor #1                     ; the winner if the side to move has no move
    sta game_winner
    lda mg_count
    bne @captures
    lda #RES_STALEMATE
    ldx game_check
    beq @set
    lda #RES_MATE
    bne @set
@captures:
    lda #WIN_DRAW
    sta game_winner
    ldx game_nply
    ldy #0
@back:
    txa
    beq @material
    dex
    lda game_rec_cap,x
    and #<~CHECK_BIT
    bne @material
    iny
    cpy #NO_CAPTURE_PLIES
    bcc @back
    lda #RES_NOCAPTURE
    bne @set
@material:
    ldx #5                     ; indices 5..15: knights, rooks, cannons, pawns
@attackers:
    lda game_pieces,x
    ora game_pieces+16,x
    bne @length
    inx
    cpx #16
    bcc @attackers
    lda #RES_MATERIAL
    bne @set
@length:
    lda game_nply
    cmp #GAME_MAX_PLY
    lda #RES_TOOLONG
    bcs @set
    jsr game_judge_repeat
@set:
    sta game_result
    cmp #RES_NONE              ; Z set: the game goes on
    rts
.endproc

;;
; Repetition: walks back over the plies since the last capture on a copy of the piece
; list and counts earlier occurrences of the current position (same side to move, same
; pieces on the same squares; pieces of one kind may have swapped places).  On the 4th
; occurrence: a side that gave check with every one of its moves since the first
; occurrence loses (perpetual check); if both or neither did, it is a draw.
; @return   A = RES_NONE, RES_PERPETUAL (game_winner set) or RES_REPEAT
; Clobbers: A, X, Y, rep_* scratch.
.proc game_judge_repeat
    lda #RES_NONE
    rts
.endproc
