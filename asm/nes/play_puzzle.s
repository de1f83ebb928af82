; play_puzzle.s: a puzzle game's verdict (docs/ui.md "Puzzles"): after every move of a
; game started from a puzzle (save_kind = START_PUZZLE), whether its goal is reached;
; a solved puzzle is marked in the battery's puzzle block.
.include "play.inc"               ; and through it nes, engine, ui, ui_tiles, starts

.import save_pz_solve
PZ_DRAW_PLIES = 40             ; a "draw" goal: held when 40 plies pass without a loss

.segment "UIDATA"
txt_solved: .byte "SOLVED!  ", 0
txt_failed: .byte "UNSOLVED ", 0
.assert PANEL_W >= 9, error, "the verdicts fit the panel"

.segment "UI"

;;
; The puzzle's verdict after a move (nothing outside a puzzle game).  The player plays
; game_mode's side (game_set_pz).  Goals (assets/puzzles.txt): "mate N" is solved by a
; checkmate of the player's within the player's first N moves (ply 2N - 1) and failed
; at that ply without one; "win" by any end the player wins; "draw" by a drawn end or
; by PZ_DRAW_PLIES plies without a loss.  Any end the player does not win (or, for
; "draw", loses) fails.  The verdict replaces the mode line of the panel (SOLVED! or
; UNSOLVED); solved marks the puzzle in the puzzle block (save_pz_solve).
; Clobbers: A, X, Y.
.proc play_pz_check
    lda save_kind
    cmp #START_PUZZLE
    bne @done
    ldx save_index
    lda pz_goal,x
    beq @mate
    cmp #GOAL_WIN
    beq @win
    lda game_result            ; draw
    beq @held
    lda game_winner
    cmp #WIN_DRAW
    beq @solved
    bne @failed
@held:
    lda game_nply_hi
    bne @done
    lda game_nply
    cmp #PZ_DRAW_PLIES
    beq @solved
@done:
    rts
@win:
    lda game_result
    beq @done
    lda game_winner
    cmp game_mode
    beq @solved
    bne @failed
@mate:
    lda pz_mate_in,x           ; 2N - 1: the player's Nth move
    asl a
    sec
    sbc #1
    sta ui_tmp
    lda game_result
    beq @count
    cmp #RES_MATE
    bne @failed
    lda game_winner
    cmp game_mode
    bne @failed
    lda game_nply_hi
    bne @failed
    lda ui_tmp
    cmp game_nply              ; solved when nply <= 2N - 1
    bcs @solved
    bcc @failed
@count:
    lda game_nply_hi
    bne @done
    lda game_nply
    cmp ui_tmp
    bne @done
@failed:
    ptr txt_failed
    jmp @say
@solved:
    jsr save_pz_solve
    ptr txt_solved
@say:
    ldx #PANEL_L
    ldy #PANEL_MODE_Y
    jmp ui_text
.endproc
.export play_pz_check
