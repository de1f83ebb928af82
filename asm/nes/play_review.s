; play_review.s: game review (docs/ui.md "Review"): from the result screen or the pause
; menu, step backward and forward through the record -- the board, the last-move frame,
; the notes and the pieces taken follow -- and play on from the ply shown.
.include "play.inc"               ; and through it nes, engine, ui, ui_tiles

.segment "UIDATA"
txt_rv_help1: .byte "A:PLAY ON", 0
txt_rv_help2: .byte "B:BACK", 0
.assert PANEL_W >= 9, error, "A:PLAY ON"

.segment "UI"

;;
; The review loop.  Left / Right: one ply back / forward; Up / Down: to the start / to
; the end of the record; A: play on from the ply shown (the record is cut there, the
; result is cleared, the save rewritten); B or Start: back to where the review began
; (the record's end, its result as it was).  The status line shows "n/N" (ply shown /
; plies in the record).  The save is not written while stepping.
; @return   C set if the player plays on from here; C clear if the game is as before
; Clobbers: everything.
.proc play_review
    lda game_nply
    sta rv_end
    lda game_nply_hi
    sta rv_end+1
    lda game_result
    sta rv_result
    lda game_winner
    sta rv_winner
    jsr play_flash_off
    jsr play_deselect
    lda #0
    sta ui_nmi_cursor
    sta ui_show_cursor
    sta game_result            ; (RES_NONE; restored at the end) the rows the result
    jsr play_draw_unresult     ; borrowed: the level, the side to move and the notes
    jsr play_draw_level        ; while stepping
    jsr play_draw_turn
    jsr play_draw_notes
    PANEL_TEXT txt_rv_help1, PANEL_RESULT_Y
    PANEL_TEXT txt_rv_help2, PANEL_RESULT_Y + 1
@show:
    jsr play_rv_status
@wait:
    jsr ev_get
    beq @wait
    tay
    and #PAD_LEFT
    beq @right
    jsr play_rv_back
    bcs @show                  ; at the start already
    bcc @drawn
@right:
    tya
    and #PAD_RIGHT
    beq @up
    jsr play_rv_fwd
    bcs @show                  ; at the end already
    bcc @drawn
@up:
    tya
    and #PAD_UP
    beq @down
@to_start:
    jsr play_rv_back
    bcc @to_start
    bcs @drawn
@down:
    tya
    and #PAD_DOWN
    beq @keys
@to_end:
    jsr play_rv_fwd
    bcc @to_end
@drawn:
    jsr play_rv_panel
    jmp @show
@keys:
    tya
    and #PAD_A
    bne @play_on
    tya
    and #PAD_B | PAD_START
    beq @wait
@back:                         ; to the end of the record, result as it was
    jsr play_rv_fwd
    bcc @back
    jsr play_rv_panel          ; (its takebacks clear game_result: restored after)
    lda rv_result
    sta game_result
    lda rv_winner
    sta game_winner
    jsr play_draw_result
    jsr play_status_clear
    clc
    rts
@play_on:
    lda #RES_NONE
    sta game_result
    jsr play_draw_panel
    jsr play_rv_panel
    jsr play_status_clear
    jsr save_write             ; the record ends here now
    sec
    rts
.endproc

;;
; One ply back (the board's two squares redrawn).
; @return   C set if there was none (at the start)
; Clobbers: everything.
.proc play_rv_back
    lda game_nply
    ora game_nply_hi
    beq @none
    jsr play_undo_one
    clc
    rts
@none:
    sec
    rts
.endproc

;;
; One ply forward along the record (the board's two squares redrawn).
; @return   C set if there was none (at the end of the record)
; Clobbers: everything.
.proc play_rv_fwd
    lda game_nply
    cmp rv_end
    lda game_nply_hi
    sbc rv_end+1
    bcs @none
    jsr game_rec_top
    lda pos_to
    pha
    lda pos_from
    pha
    jsr game_redo
    pla
    jsr ui_draw_sq
    pla
    jsr ui_draw_sq
    clc
    rts
@none:
    sec
    rts
.endproc

;;
; After steps: the notes, the side to move, the pieces taken and the last-move frame
; of the ply shown.  Clobbers: everything.
.proc play_rv_panel
    jsr play_rebuild_notes
    jsr play_draw_turn
    jsr play_draw_notes
    jsr play_draw_captures
    jmp play_set_last
.endproc

;;
; The status line: "n/N", ply shown / plies in the record.  Clobbers: A, X, Y.
.proc play_rv_status
    ldy #0
    lda game_nply
    ldx game_nply_hi
    jsr play_num3
    lda #'/'
    sta play_line,y
    iny
    lda rv_end
    ldx rv_end+1
    jsr play_num3
    lda #0
    sta play_line,y
    ptr play_line
    jmp play_status
.endproc

;;
; Writes X:A (0..999) in decimal at play_line + Y, without leading zeros; Y past it.
; Clobbers: A, X, ui_tmp, ui_tmp2.
.proc play_num3
    sta ui_tmp
    stx ui_tmp2
    lda #0
    sta rv_digits              ; nonzero once a digit was written
    ldx #0
@place:
    lda #'0'
    sta rv_digit
@sub:
    lda ui_tmp
    sec
    sbc play_pow10,x
    pha
    lda ui_tmp2
    sbc #0
    bcc @done_digit
    sta ui_tmp2
    pla
    sta ui_tmp
    inc rv_digit
    bne @sub
@done_digit:
    pla
    lda rv_digit
    cpx #2
    beq @put                   ; the ones always
    cmp #'0'
    bne @put
    lda rv_digits
    beq @skip
    lda rv_digit
@put:
    sta play_line,y
    iny
    sta rv_digits
@skip:
    inx
    cpx #3
    bcc @place
    rts
.endproc
play_pow10: .byte 100, 10, 1
