; input.s: the pad as the NMI sees it: auto-repeat, the board cursor, the event queue.
.include "nes.inc"
.include "ui.inc"
.include "ui_tiles.inc"
.include "engine.inc"

REPEAT_DELAY = 16              ; frames a D-pad button is held before it repeats
REPEAT_RATE  = 4               ; then one repeat every 4 frames
DPAD = PAD_UP | PAD_DOWN | PAD_LEFT | PAD_RIGHT
CURSOR_OAM = 0                 ; OAM bytes 0..15: the cursor's four corner sprites
CURSOR_PAL = 0                 ; sprite palette of the cursor

.segment "ZEROPAGE"

.segment "BSS"
.assert (EVQ_SIZE & (EVQ_SIZE - 1)) = 0, error, "EVQ_SIZE: power of two"

.segment "UI"

;;
; NMI part after the PPU work: reads the pad, adds D-pad repeats (REPEAT_DELAY, then
; every REPEAT_RATE frames), moves the cursor when ui_nmi_cursor, queues the other
; buttons in ev_q (dropped when full; Select while thinking is "move now", not queued),
; draws the cursor sprites, runs the sound.
; Clobbers: A, X, Y.  Cycles: ~400-500 (pad ~150, cursor ~120, sound ~80)
.proc ui_nmi_tick
    jsr pad_read
    lda pad_new
    sta nmi_ev
    lda pad_cur
    and #DPAD
    beq @no_repeat
    lda pad_new
    and #DPAD
    beq @held
    lda #REPEAT_DELAY
    sta nmi_rep
    bne @no_repeat
@held:
    dec nmi_rep
    bne @no_repeat
    lda #REPEAT_RATE
    sta nmi_rep
    lda pad_cur
    and #DPAD
    ora nmi_ev
    sta nmi_ev
@no_repeat:
    lda ui_thinking
    beq @cursor
    inc ui_think_sub           ; the bar: one more tile every ui_bar_step frames
    lda ui_think_sub
    cmp ui_bar_step
    bcc :+
    lda #0
    sta ui_think_sub
    lda ui_bar_n
    cmp #PANEL_W
    bcs :+
    inc ui_bar_n
:   inc ui_sec_fr              ; the seconds used: one more every FRAMES_PER_SEC
    lda ui_sec_fr
    cmp #FRAMES_PER_SEC
    bcc @sec_done
    lda #0
    sta ui_sec_fr
    inc ui_sec_lo
    lda ui_sec_lo
    cmp #'9' + 1
    bcc @sec_done
    lda #'0'
    sta ui_sec_lo
    lda ui_sec_hi              ; ' ' ($20) -> '0' ($30), '0'..'9' kept; then + 1
    ora #$10
    clc
    adc #1
    sta ui_sec_hi
@sec_done:
    lda nmi_ev                 ; Select (and B in a hint) are consumed here, A and B
    jsr ui_think_buttons       ; dropped: not queued (on the player's turn Select would
    sta nmi_ev                 ; ask for a hint, A would act behind the player's back)
@cursor:
    lda ui_nmi_cursor
    beq @queue
    jsr ui_cursor_step
@queue:
    lda nmi_ev
    beq @sprite
    lda ev_head
    clc
    adc #1
    and #EVQ_SIZE - 1
    cmp ev_tail
    beq @sprite                ; full: drop
    ldx ev_head
    sta ev_head
    lda nmi_ev
    sta ev_q,x
@sprite:
    jsr ui_cursor_sprite
    jmp snd_tick
.endproc

;;
; While the CPU thinks (ui_thinking): Select in A sets srch_move_now ("move now": the
; search stops at its next poll); during a hint (ui_thinking = 2) B does too and sets
; ui_hint_cancel.  A and B are dropped (never queued for after the think: nothing
; happens behind the player's back); Start and the D-pad stay.  Used by the NMI and
; by play_think for events queued before.
; @param    A = buttons
; @return   A = the buttons without Select, A and B
; Clobbers: A, Y (X kept).  Cycles: ~30
.proc ui_think_buttons
    tay
    and #PAD_SELECT
    beq @b
    sta srch_move_now
@b: lda ui_thinking
    cmp #2
    bne @cpu
    tya
    and #PAD_B
    beq @cpu
    sta srch_move_now
    sta ui_hint_cancel
@cpu:
    tya
    and #<~(PAD_SELECT | PAD_B | PAD_A)
    rts
.endproc

;;
; Moves the cursor by the D-pad bits of nmi_ev (clamped to the board) and clears them.
; Clobbers: A.  Cycles: ~40
.proc ui_cursor_step
    lda nmi_ev
    and #PAD_RIGHT
    beq @left
    lda ui_cur_c
    cmp #8
    bcs @left
    inc ui_cur_c
@left:
    lda nmi_ev
    and #PAD_LEFT
    beq @down
    lda ui_cur_c
    beq @down
    dec ui_cur_c
@down:
    lda nmi_ev
    and #PAD_DOWN
    beq @up
    lda ui_cur_r
    cmp #9
    bcs @up
    inc ui_cur_r
@up:
    lda nmi_ev
    and #PAD_UP
    beq @done
    lda ui_cur_r
    beq @done
    dec ui_cur_r
@done:
    lda nmi_ev
    and #<~DPAD
    sta nmi_ev
    rts
.endproc

;;
; Writes the four corner sprites of the cursor (OAM 0..3) at cell ui_cur_c, ui_cur_r,
; or hides them when ui_show_cursor is 0.
; Clobbers: A, X.  Cycles: ~90
.proc ui_cursor_sprite
    lda ui_show_cursor
    bne @show
    lda #$FF
    sta oam_buf + CURSOR_OAM + 0
    sta oam_buf + CURSOR_OAM + 4
    sta oam_buf + CURSOR_OAM + 8
    sta oam_buf + CURSOR_OAM + 12
    rts
@show:
    lda ui_cur_r
    CELL_PIXEL_Y
    tax
    dex                        ; OAM Y is the line above the sprite
    stx oam_buf + CURSOR_OAM + 0
    stx oam_buf + CURSOR_OAM + 4
    txa
    clc
    adc #8
    sta oam_buf + CURSOR_OAM + 8
    sta oam_buf + CURSOR_OAM + 12
    lda ui_cur_c
    CELL_PIXEL_X
    sta oam_buf + CURSOR_OAM + 3
    sta oam_buf + CURSOR_OAM + 11
    adc #8
    sta oam_buf + CURSOR_OAM + 7
    sta oam_buf + CURSOR_OAM + 15
    lda #UI_SPR_CORNER
    sta oam_buf + CURSOR_OAM + 1
    sta oam_buf + CURSOR_OAM + 5
    sta oam_buf + CURSOR_OAM + 9
    sta oam_buf + CURSOR_OAM + 13
    lda #CURSOR_PAL
    sta oam_buf + CURSOR_OAM + 2
    lda #CURSOR_PAL | $40
    sta oam_buf + CURSOR_OAM + 6
    lda #CURSOR_PAL | $80
    sta oam_buf + CURSOR_OAM + 10
    lda #CURSOR_PAL | $C0
    sta oam_buf + CURSOR_OAM + 14
    rts
.endproc

;;
; Takes the next event from the queue.  ui_idle tells the tests that the main thread
; is waiting for input (the game state in RAM is consistent then).
; @return   A = buttons (PAD_* bits), Z set when the queue was empty (A = 0)
; Clobbers: A, X.  Cycles: ~25
.proc ev_get
    ldx ev_tail
    cpx ev_head
    beq @empty
    lda #0
    sta ui_idle
    lda ev_q,x
    pha
    inx
    txa
    and #EVQ_SIZE - 1
    sta ev_tail
    pla
    rts
@empty:
    lda #1
    sta ui_idle
    lda #0
    rts
.endproc

;;
; Empties the event queue.
; Clobbers: A.
.proc ev_flush
    lda ev_head
    sta ev_tail
    rts
.endproc

;;
; Empties the event queue and tells what was in it (ui_idle untouched, unlike ev_get).
; @return   A = the OR of the dropped events' buttons (PAD_* bits), Z set when none
; Clobbers: A, X.  Cycles: ~12 + ~25 an event
.proc ev_drain
    lda #0
    ldx ev_tail
@next:
    cpx ev_head
    beq @done
    ora ev_q,x
    pha
    inx
    txa
    and #EVQ_SIZE - 1
    tax
    pla
    jmp @next
@done:
    stx ev_tail
    ora #0
    rts
.endproc
