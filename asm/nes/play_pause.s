; play_pause.s: the pause menu (undo, hint, flip, level, sound, new, resign, resume)
; and its questions.
.include "play.inc"               ; and through it nes, engine, ui, ui_tiles

.segment "UI"

;;
; The pause menu on the status line: Left/Right choose, A does, B/Start leave.
; @return   C set if the player left the game (new game)
; Clobbers: everything.
.proc play_pause
    jsr play_deselect
    lda #0
    sta ui_nmi_cursor
    sta play_item
@show:
    ldx play_item
    ptr_at play_pm_lo, play_pm_hi
    jsr play_status
@wait:
    jsr ev_get
    beq @wait
    tay
    and #PAD_RIGHT
    beq @left
@right:
    inc play_item
    lda play_item
    cmp #PM_ITEMS
    bcc :+
    lda #0
    sta play_item
:   jsr play_pm_skip_p
    bcs @right
@show_j:
    jmp @show
@left:
    tya
    and #PAD_LEFT
    beq @keys
@prev:
    dec play_item
    bpl :+
    lda #PM_ITEMS - 1
    sta play_item
:   jsr play_pm_skip_p
    bcs @prev
    jmp @show
@keys:
    tya
    and #PAD_B | PAD_START
    beq :+
    jmp @resume
:
    tya
    and #PAD_A
    bne :+
    jmp @wait
:   lda play_item
    cmp #PM_UNDO
    bne @not_undo
    jsr play_can_undo          ; nothing of the player's to take back: say so
    bcs :+
    lda #SND_ILLEGAL
    jsr snd_play
    ptr txt_no_undo
    jsr play_status
    jmp @wait
:   jsr play_undo_one
    jsr play_cpu_turn_p        ; against the CPU: back to the player's turn
    bcc :+
    jsr play_undo_one
:   jsr play_after_undo
    jmp @resume
@not_undo:
    cmp #PM_FLIP
    bne @not_flip
    lda game_flip
    eor #1
    sta game_flip
    jsr play_draw_screen
    jsr play_set_last
    jsr save_write
    jmp @resume
@not_flip:
    cmp #PM_LEVEL
    bne @not_level
    INC_WRAP game_level, 1, LEVEL_COUNT
    jsr play_draw_level
    jsr save_write
    jmp @show
@not_level:
    cmp #PM_SOUND
    bne @not_sound
    lda snd_on
    eor #1
    sta snd_on
    ptr txt_on
    lda snd_on
    bne :+
    ptr txt_off
:   jsr play_status
    jmp @wait
@not_sound:
    cmp #PM_NEW
    bne @not_new
    jsr play_confirm           ; the saved game goes: ask first
    bcs :+
    jmp @show
:   jsr save_clear
    lda #0
    sta ui_show_cursor
    sec
    rts
@not_new:
    cmp #PM_RESIGN
    bne @not_resign
    jsr play_confirm
    bcs :+
    jmp @show
:   lda #RES_RESIGN
    sta game_result
    lda game_side
    eor #1
    sta game_winner
    jsr save_write             ; the result byte: kept for xq65 pgn, not CONTINUEd
    lda #SND_GAMEOVER
    jsr snd_play
    jmp @resume
@not_resign:
    cmp #PM_REVIEW
    bne @not_review
    jsr play_review            ; (played on or not: the game goes on from what is shown)
    jsr play_cursor_on
    jmp @resume
@not_review:
    cmp #PM_HINT
    bne @resume                ; PM_RESUME
    lda #1
    sta ui_nmi_cursor
    jsr play_hint
    clc
    rts
@resume:
    jsr play_status_clear
    lda #1
    sta ui_nmi_cursor
    clc
    rts
.endproc

;;
; Is pause menu item play_item left out?  LEVEL is, when no CPU plays at a level of
; the menu's: two players, or a puzzle (the CPU defends at full strength).
; @return   C set if it is left out
; Clobbers: A.
.proc play_pm_skip_p
    lda play_item
    cmp #PM_LEVEL
    bne @no
    lda game_mode
    cmp #MODE_TWO
    beq @yes
    lda save_kind
    cmp #START_PUZZLE
    bne @no
    PREDICATE_END
.endproc

;;
; Is there a move of the player's to take back?  No when no move was played, nor
; against the CPU when its first move (you play Black) is the only one.
; @return   C set if UNDO has something to take back
; Clobbers: A.
.proc play_can_undo
    lda game_nply_hi
    bne @yes
    lda game_nply
    beq @no
    cmp #1
    bne @yes
    lda game_mode
    cmp #MODE_BLACK
    beq @no
    PREDICATE_END
.endproc

;;
; "SURE? A/B" on the status line; waits for a button.
; @return   C set if it was A
; Clobbers: A, X, Y.
.proc play_confirm
    ptr txt_sure
    jsr play_status
@wait:
    jsr ev_get
    beq @wait
    asl a                      ; PAD_A is bit 7
    rts
.endproc

