; play.s: the game screen's loop: the player's turn (cursor, pick, drop), the CPU's
; turn and hints, moves and undo, the king's flash.  The panel and the screen helpers
; are in play_panel.s, the pause menu in play_pause.s; play.inc holds what they share.
.include "play.inc"               ; and through it nes, engine, ui, ui_tiles

.segment "BSS"
.export play_mode_lo, play_mode_hi

.segment "UIDATA"
play_game_palette:
    .byte $37, $17, $27, $0F,  $37, $17, $30, $16,  $37, $17, $30, $0F,  $37, $1A, $3A, $0F
    .byte $37, $12, $30, $0F,  $37, $1A, $30, $0F,  $37, $24, $30, $0F,  $37, $16, $30, $0F
txt_mode_red:   .byte "YOU RED", 0
txt_mode_black: .byte "YOU BLACK", 0
txt_mode_two:   .byte "2 PLAYERS", 0
txt_mode_demo:  .byte "CPU DEMO", 0
play_mode_lo: .byte <txt_mode_red, <txt_mode_black, <txt_mode_two, <txt_mode_demo
play_mode_hi: .byte >txt_mode_red, >txt_mode_black, >txt_mode_two, >txt_mode_demo
txt_level:   .byte "LEVEL ", 0
txt_mate_in: .byte "MATE IN "
txt_to_win:  .byte "TO WIN   ", 0
txt_to_draw: .byte "TO DRAW  ", 0
txt_to_move: .byte "TO MOVE", 0
txt_blank:   .byte "  "          ; 9 spaces; txt_blank7: the last 7
txt_blank7:  .byte "       ", 0
txt_illegal: .byte "ILLEGAL", 0
txt_no_moves: .byte "NO MOVES", 0
txt_no_piece: .byte "NO PIECE", 0
txt_not_yours: .byte "NOT YOURS", 0
txt_secs:    .byte " SEC", 0
txt_think_hint: .byte "HINT...", 0
txt_sel:     .byte "SELECT:", 0
txt_move_now: .byte "MOVE NOW", 0
txt_b:       .byte "B:", 0
txt_cancel:  .byte "CANCEL", 0
txt_engine_err: .byte "ENGINE ?", 0
txt_hint:    .byte "HINT: A", 0
txt_red_won:   .byte "RED WON", 0
txt_black_won: .byte "BLACK WON", 0
txt_draw:      .byte "DRAW", 0
play_win_gl1: .byte GL_HONG, GL_HEI, GL_HEDRAW
play_win_gl2: .byte GL_SHENG, GL_SHENG, GL_QICHESS
play_win_pal: .byte PAL_RED, PAL_BLACK, PAL_BOARD
play_win_lo: .byte <txt_red_won, <txt_black_won, <txt_draw
play_win_hi: .byte >txt_red_won, >txt_black_won, >txt_draw
txt_r1: .byte "CHECKMATE", 0
txt_r2: .byte "STALEMATE", 0
txt_r3: .byte "PERPETUAL", 0
txt_r4: .byte "REPEATED", 0
txt_r5: .byte "100 PLIES", 0
txt_r6: .byte "MATERIAL", 0
txt_r7: .byte "RESIGNED", 0
txt_r8: .byte "TOO LONG", 0
play_res_lo: .byte 0, <txt_r1, <txt_r2, <txt_r3, <txt_r4, <txt_r5, <txt_r6, <txt_r7, <txt_r8
play_res_hi: .byte 0, >txt_r1, >txt_r2, >txt_r3, >txt_r4, >txt_r5, >txt_r6, >txt_r7, >txt_r8
; pause menu
txt_pm0: .byte "< UNDO  >", 0
txt_pm1: .byte "< HINT  >", 0
txt_pm2: .byte "< FLIP  >", 0
txt_pm3: .byte "< LEVEL >", 0
txt_pm4: .byte "< SOUND >", 0
txt_pm5: .byte "<  NEW  >", 0
txt_pm6: .byte "<RESIGN >", 0
txt_pm7: .byte "<RESUME >", 0
txt_pm8: .byte "<REVIEW >", 0
play_pm_lo: .byte <txt_pm0, <txt_pm1, <txt_pm2, <txt_pm3, <txt_pm4, <txt_pm5, <txt_pm6, <txt_pm7, <txt_pm8
play_pm_hi: .byte >txt_pm0, >txt_pm1, >txt_pm2, >txt_pm3, >txt_pm4, >txt_pm5, >txt_pm6, >txt_pm7, >txt_pm8
.assert * - play_pm_hi = PM_ITEMS, error, "a text per pause menu item"
txt_sure:  .byte "SURE? A/B", 0
txt_no_undo: .byte "NO UNDO", 0
; result screen choices (Left/Right, A; Start = MENU)
txt_rs0: .byte "< MENU  >", 0
txt_rs1: .byte "<REMATCH>", 0
txt_rs2: .byte "< UNDO  >", 0
play_rs_lo: .byte <txt_rs0, <txt_rs1, <txt_rs2, <txt_pm8
play_rs_hi: .byte >txt_rs0, >txt_rs1, >txt_rs2, >txt_pm8
.assert * - play_rs_hi = RS_ITEMS, error, "a text per result screen choice"
txt_left:  .byte " LEFT", 0
txt_on:    .byte "SOUND ON", 0
txt_off:   .byte "SOUND OFF", 0
play_cap_order: .byte KIND_R, KIND_N, KIND_C, KIND_B, KIND_A, KIND_P   ; taken slots
.assert * - play_cap_order = CAP_SLOTS, error, "a slot per kind but the king"

.segment "UI"

;;
; Enters the game screen for the game in game_* (new or restored) and plays it until
; the player leaves (new game from the pause menu or after the result).
; Clobbers: everything.  Returns to the menu.
.proc play_run
    lda #0
    sta play_sel
    sta ui_thinking
    jsr game_gen
    jsr game_set_check
    jsr play_rebuild_notes
    jsr play_draw_screen
    jsr play_set_last
    lda #CURSOR_START_C
    sta ui_cur_c
    lda #CURSOR_START_R
    sta ui_cur_r
    jsr play_cursor_on
    jsr ev_flush
    jsr game_judge
@loop:
    lda game_result
    bne @over
    jsr play_cpu_turn_p
    bcc @human
    jsr play_cpu_move
    bcc @loop
    rts                        ; the player left (NEW in the pause menu)
@human:
    jsr play_flash_king
    jsr play_human_event
    bcc @loop
    rts                        ; the player left
@over:
    jsr play_flash_off
    jsr play_deselect
    jsr save_write             ; the result (also of a resignation), for xq65 pgn
    lda #0
    sta ui_nmi_cursor
    sta ui_show_cursor         ; no cursor on the result screen
    sta play_item
    jsr play_draw_result
@show:
    ldx play_item
    ptr_at play_rs_lo, play_rs_hi
    jsr play_status
@wait:
    jsr ev_get
    beq @wait
    tay
    and #PAD_START
    bne @menu
    tya
    and #PAD_RIGHT
    beq :+
    inc play_item
    lda play_item
    cmp #RS_ITEMS
    bcc @show
    lda #0
    sta play_item
    beq @show
:   tya
    and #PAD_LEFT
    beq :+
    dec play_item
    bpl @show
    lda #RS_ITEMS - 1
    sta play_item
    bne @show
:   tya
    and #PAD_A
    beq @wait
    lda play_item
    cmp #RS_UNDO
    beq @undo
    cmp #RS_REVIEW
    bne :+
    jsr play_review
    bcs @played_on
    lda #RS_REVIEW             ; back on the result screen, on REVIEW (the review's
    sta play_item              ; drawing borrowed play_item)
    jmp @show
:   cmp #RS_REMATCH
    bne @menu
    jsr save_clear             ; rematch: a new game, same mode and level
    jsr game_new
    jmp play_run
@menu:                         ; (the finished game stays in the save with its result)
    lda #0
    sta ui_show_cursor
    rts
@undo:                         ; take back the move that ended the game (after a
    jsr play_undo_one          ; resignation: the last move before it)
    jsr play_cpu_turn_p        ; against the CPU: back to the player's turn
    bcc @resumed
    lda game_mode
    cmp #MODE_DEMO
    beq @resumed
    jsr play_undo_one
@resumed:
    lda #RES_NONE
    sta game_result
    jsr play_after_undo
@played_on:
    jsr play_draw_panel
    jsr play_status_clear
    jsr play_cursor_on
    jmp @loop
.endproc

;;
; While the side to move is in check (game_check) its king's cell flashes: every 16
; frames it switches to PAL_BOARD (an orange face) and back (the 将军 text stays).
; play_flash_off (also the way back when the check is over) redraws the cell.
; Clobbers: A, X, Y.
.proc play_flash_king
    lda game_check
    beq play_flash_off
    lda frame_count
    and #16
    beq play_flash_off
    lda play_flash_sq
    bne @done                  ; on already
    lda game_side
    asl a
    asl a
    asl a
    asl a
    tax
    lda game_pieces + PIECE_K,x
    sta play_flash_sq
    jsr ui_cell_of_sq
    txa
    clc
    adc #BOARD_X / 2
    tax
    tya
    CELL_AREA_ROW
    tay
    lda #PAL_BOARD
    jmp ui_set_attr
@done:
    rts
.endproc

;;
; Ends a king flash: redraws the flashed cell as it is.  Clobbers: A, X, Y.
.proc play_flash_off
    lda play_flash_sq
    beq @done
    ldx #0
    stx play_flash_sq
    jmp ui_draw_sq
@done:
    rts
.endproc

;;
; Shows the board cursor and lets the NMI move it (hidden in the CPU-vs-CPU demo).
; Clobbers: A.
.proc play_cursor_on
    lda #1
    sta ui_nmi_cursor
    lda game_mode
    cmp #MODE_DEMO
    beq :+
    lda #1
    bne :++
:   lda #0
:   sta ui_show_cursor
    rts
.endproc

;;
; Is it the CPU's turn?  @return C set if yes.  Clobbers: A.
.proc play_cpu_turn_p
    lda game_mode
    cmp #MODE_TWO
    beq @no
    cmp #MODE_DEMO
    beq @yes
    cmp game_side              ; MODE_RED (0): CPU is black (1) and vice versa
    beq @no
    PREDICATE_END
.endproc

;;
; Runs srch_think for the side to move (seed: frame_count): at game_level for the
; CPU; for a hint (play_hint_mode != 0) with HINT_FRAMES, no noise, the book on.
; While it runs the panel says THINKING (or HINT...) over a bar that fills as the
; frame cap is used (the NMI draws it), and SELECT: MOVE NOW (or B: CANCEL).  Select
; is "move now" (also when pressed just before the think began: play_early_mnow or
; still queued); during a hint B cancels (ui_hint_cancel).  play_think_frames = the
; frames it took.  Regenerates the root moves afterwards (the search reuses the
; move stack).
; @return   pos_from/pos_to = the move; C set if it is not legal (never played then)
; Clobbers: everything.
.proc play_think
    lda #0
    sta ui_idle                ; busy until the next ev_get (the tests read this)
    sta ui_hint_cancel
    ptr txt_think_hint
    lda play_hint_mode
    bne :+
    jsr play_think_secs        ; the CPU: " 0/30 SEC" (the NMI counts the seconds)
    ptr play_line
:   jsr play_status
    ptr txt_blank
    ldx #PANEL_L
    ldy #PANEL_BAR_Y
    jsr ui_text
    ptr txt_sel
    lda play_hint_mode
    beq :+
    ptr txt_b
:   ldx #PANEL_L
    ldy #PANEL_RESULT_Y
    jsr ui_text
    ptr txt_move_now
    lda play_hint_mode
    beq :+
    ptr txt_cancel
:   ldx #PANEL_L
    ldy #PANEL_RESULT_Y + 1
    jsr ui_text
@drain:
    lda vram_len               ; the indicator writes the PPU itself: buffer empty first
    beq @go
    jsr nes_wait_nmi
    jmp @drain
@go:
    lda #0
    sta srch_move_now
    sta srch_depth
    sta srch_frames_set
    sta srch_use_book
    sta srch_node_limit
    sta srch_node_limit+1
    sta srch_node_limit+2
    sta srch_node_limit+3
    sta srch_depth_done
    sta ui_think_sub
    sta ui_bar_n
    ldx game_level             ; the CPU: the level's cap
    lda level_frames_lo-1,x
    sta srch_frames
    lda level_frames_hi-1,x
    sta srch_frames+1
    lda play_hint_mode
    beq :+
    ldx #0                     ; a hint: no level (no noise), its own cap, the book
    stx srch_level
    inx
    stx srch_frames_set
    inx
    stx srch_use_book          ; 2: on
    lda #<HINT_FRAMES
    sta srch_frames
    lda #>HINT_FRAMES
    sta srch_frames+1
    jmp @bar
:   stx srch_level
@bar:
    lda save_kind              ; not the standard start: the book is off (it holds the
    beq :+                     ; standard game's openings; the twin: use_book False)
    lda #1
    sta srch_use_book
:                              ; ui_bar_step = cap / PANEL_W frames a bar tile (>= 1)
    lda srch_frames
    sta ui_tmp
    lda srch_frames+1
    sta ui_tmp2
    ldy #0
@div:
    lda ui_tmp
    sec
    sbc #PANEL_W
    sta ui_tmp
    lda ui_tmp2
    sbc #0
    sta ui_tmp2
    bcc @divd
    iny
    bne @div
    dey
@divd:
    tya
    bne :+
    iny
:   sty ui_bar_step
    lda frame_count
    sta srch_seed
    sta play_think_frames
    lda frame_count+1
    sta srch_seed+1
    sta play_think_frames+1
    lda play_hint_mode
    clc
    adc #1
    sta ui_thinking            ; 1: the CPU, 2: a hint (the NMI: B cancels)
    ; a Select (or, for a hint, a B) pressed before ui_thinking was set is still queued
    ; or was seen by play_cpu_move: move now
    lda play_early_mnow
    sta srch_move_now
    lda #0
    sta play_early_mnow
    ldx ev_tail
@scan:
    cpx ev_head
    beq @scanned
    lda ev_q,x
    jsr ui_think_buttons
    sta ev_q,x
    inx
    txa
    and #EVQ_SIZE - 1
    tax
    jmp @scan
@scanned:
    jsr far_srch_start         ; limits and the book (the game bank): C set = a book move
    bcs @thought
    jsr far_srch_think
@thought:
    lda #0
    sta ui_thinking
    ptr txt_blank              ; the bar and the help lines go
    ldx #PANEL_L
    ldy #PANEL_BAR_Y
    jsr ui_text
    jsr play_draw_result
    sec
    lda frame_count
    sbc play_think_frames
    sta play_think_frames
    lda frame_count+1
    sbc play_think_frames+1
    sta play_think_frames+1
    jsr game_gen
    lda srch_best_from
    sta pos_from
    lda srch_best_to
    sta pos_to
    jsr game_is_legal          ; never trust: only a legal move is played
    bcc @bad
    clc
    rts
@bad:
    ptr txt_engine_err
    jsr play_status
    sec
    rts
.endproc

;;
; The CPU's status line while it thinks, in play_line: " 0/cc SEC", cc = its level's
; frame cap in seconds, rounded up (at most 99); sets the seconds the NMI counts (ui_sec_*) to 0.
; Clobbers: A, X, Y, ui_tmp, ui_tmp2.
.proc play_think_secs
    ldx game_level
    lda level_frames_lo-1,x
    sta ui_tmp
    lda level_frames_hi-1,x
    sta ui_tmp2
    ldy #0                     ; seconds: frames / FRAMES_PER_SEC, rounded up
@div:
    lda ui_tmp
    ora ui_tmp2
    beq @got
    iny
    cpy #99                    ; (2 digits: a cap of 99 s or more shows 99)
    bcs @got
    lda ui_tmp
    sec
    sbc #FRAMES_PER_SEC
    sta ui_tmp
    lda ui_tmp2
    sbc #0
    sta ui_tmp2
    bcs @div
@got:
    tya
    ldx #'0' - 1               ; tens
@tens:
    inx
    sec
    sbc #10
    bcs @tens
    adc #10 + '0'
    sta play_line + 4
    cpx #'0'
    bne :+
    ldx #' '
:   stx play_line + 3
    lda #'/'
    sta play_line + 2
    lda #' '
    sta ui_sec_hi
    sta play_line
    lda #'0'
    sta ui_sec_lo
    sta play_line + 1
    lda #0
    sta ui_sec_fr
    ldx #0
@secs:
    lda txt_secs,x
    sta play_line + 5,x
    beq @done
    inx
    bne @secs
@done:
    rts
.endproc
.assert PANEL_W >= 9, error, "play_think_secs: 9 characters"

;;
; The CPU's move (modes 0, 1 and the demo).  Start first opens the pause menu (the
; way out of a demo); an engine answer that is not a legal move is never played: the
; game waits for Start then.
; @return   C set if the player left the game (NEW in the pause menu)
; Clobbers: everything.
.proc play_cpu_move
    jsr ev_get
    tay
    and #PAD_SELECT            ; pressed right after the player's move: move now
    ora play_early_mnow
    sta play_early_mnow
    tya
    and #PAD_START
    beq @think
    jmp play_pause
@think:
    lda game_mode
    cmp #MODE_DEMO
    bne :+
    lda #DEMO_PAUSE
    sta play_item
@pause:
    jsr nes_wait_nmi           ; a demo move every DEMO_PAUSE frames at least
    dec play_item
    bne @pause
:   jsr play_think
    bcs @stuck
    jsr play_status_clear
    jsr play_do_move
    clc
    rts
@stuck:
    jsr ev_get
    and #PAD_START
    beq @stuck
    jmp play_pause
.endproc

;;
; A hint for the side to move: the engine's move with the hint's own budget
; (HINT_FRAMES, no noise); its piece is picked up and the cursor put on its
; destination (A plays it).  B during the search cancels it (nothing picked up).
; Buttons pressed in the HINT_GRACE frames after it is shown are dropped, but for B:
; a B among them drops the hint's selection, as B does on the player's turn.
; Clobbers: everything.
.proc play_hint
    jsr play_deselect
    lda #0
    sta play_early_mnow
    inc play_hint_mode
    jsr play_think
    lda #0
    sta play_hint_mode
    bcs @done
    lda ui_hint_cancel
    beq @show
    jmp play_status_clear
@show:
    lda pos_to
    pha
    lda pos_from
    sta play_sq
    jsr play_select
    pla
    jsr ui_cell_of_sq
    stx ui_cur_c
    sty ui_cur_r
    ptr txt_hint
    jsr play_status
    lda #HINT_GRACE            ; a button pressed before the hint could be seen is
    sta play_item              ; dropped: A must not play a move nobody saw
@grace:
    jsr nes_wait_nmi
    dec play_item
    bne @grace
    jsr ev_drain
    and #PAD_B
    beq @done
    jsr play_deselect          ; a B in the grace: the hint is put back
    jsr play_status_clear
@done:
    rts
.endproc

;;
; Handles one event of the player's turn.
; @return   C set if the player left the game (new game)
; Clobbers: everything.
.proc play_human_event
    jsr ev_get
    beq @none
    tay
    and #PAD_A
    bne @a
    tya
    and #PAD_B
    bne @b
    tya
    and #PAD_START
    bne @start
    tya
    and #PAD_SELECT
    bne @hint
@none:
    clc
    rts
@b:
    jsr play_deselect
    jsr play_status_clear
    clc
    rts
@start:
    jmp play_pause
@hint:
    jsr play_hint
    clc
    rts
@a:
    ldx ui_cur_c
    ldy ui_cur_r
    jsr ui_sq_of_cell
    sta play_sq
    jsr play_own_p
    bcc @not_own
    lda play_sq
    cmp play_sel
    php
    jsr play_deselect
    plp
    beq @done                  ; A on the selected piece: drop the selection
    jmp play_select
@not_own:
    lda play_sel
    bne @try
    ptr txt_no_piece           ; nothing selected: say what is wrong, no "ILLEGAL"
    ldx play_sq
    lda eng_board,x
    beq @say
    ptr txt_not_yours
@say:
    lda #SND_ILLEGAL
    jsr snd_play
    jsr play_status
    clc
    rts
@try:
    sta pos_from
    lda play_sq
    sta pos_to
    jsr game_is_legal
    bcc @buzz
    jsr play_deselect
    jsr play_do_move
@done:
    clc
    rts
@buzz:
    lda #SND_ILLEGAL
    jsr snd_play
    ptr txt_illegal
    jsr play_status
    clc
    rts
.endproc

;;
; Does play_sq hold a piece of the side to move?  @return C set if yes.  Clobbers: A, X.
.proc play_own_p
    ldx play_sq
    lda eng_board,x
    beq @no
    ldx game_side
    and play_own_tag,x
    beq @no
    PREDICATE_END
.endproc
play_own_tag: .byte RED_TAG, BLACK_TAG

;;
; Selects the piece on play_sq: highlights its legal destinations (captures in the
; enemy's ink on a tinted disc), brackets it.  A piece without moves buzzes.
; Clobbers: everything.
.proc play_select
    lda #0
    sta ui_hl_n
    ldy #0
@scan:
    cpy mg_count
    bcs @scanned
    lda (mg_fptr),y
    cmp play_sq
    bne @next
    lda (mg_tptr),y
    ldx ui_hl_n
    cpx #HL_MAX
    bcs @next
    sta ui_hl_sq,x
    inc ui_hl_n
@next:
    iny
    bne @scan
@scanned:
    lda ui_hl_n
    bne @some
    lda #SND_ILLEGAL           ; a piece without a legal move: buzz, nothing taken
    jsr snd_play
    ptr txt_no_moves
    jsr play_status
    clc
    rts
@some:
    lda play_sq
    sta play_sel
    ; palette 3 ink = the enemy's
    lda #INK_BLACK
    ldx game_side
    beq :+
    lda #INK_RED
:   sta nmi_palette + PAL_HILITE * 4 + 3
    inc nmi_palette_dirty
    lda ui_hl_n
    sta play_hl_count
    jsr play_draw_hl
    lda play_sel
    ldx #SEL_OAM
    ldy #SEL_PAL
    jsr play_brackets
    jsr play_status_clear
    lda #SND_SELECT
    jsr snd_play
    clc
    rts
.endproc

;;
; Redraws the squares of the highlight list.  Clobbers: everything.
.proc play_draw_hl
    lda #0
    sta play_item
@next:
    ldx play_item
    cpx play_hl_count
    bcs @done
    lda ui_hl_sq,x
    jsr ui_draw_sq
    inc play_item
    bne @next
@done:
    lda #0
    sta play_item
    rts
.endproc

.segment "ZEROPAGE"
.segment "UI"

;;
; Drops the selection: removes the highlights and the brackets.
; Clobbers: everything.
.proc play_deselect
    lda ui_hl_n
    sta play_hl_count
    lda #0
    sta ui_hl_n
    sta play_sel
    jsr play_draw_hl
    lda #0
    sta play_hl_count
    ldx #SEL_OAM
    jmp play_brackets
.endproc


;;
; Plays pos_from -> pos_to (legal) for the side to move: notation, record, screen,
; sound, referee, save.
; Clobbers: everything.
.proc play_do_move
    jsr nt_make
    jsr play_push_note
    ldx pos_to
    lda eng_board,x
    sta play_cap
    lda pos_from
    sta play_last_from
    lda pos_to
    sta play_last_to
    jsr game_push
    lda play_last_from
    jsr ui_draw_sq
    lda play_last_to
    jsr ui_draw_sq
    jsr play_show_last
    jsr play_draw_turn
    jsr play_draw_notes
    lda play_cap
    beq :+
    jsr play_draw_captures
:   jsr play_status_clear
    lda #SND_MOVE
    ldx play_cap
    beq :+
    lda #SND_CAPTURE
:   ldx game_check
    beq :+
    lda #SND_CHECK
:   jsr snd_play
    jsr game_judge
    php
    jsr save_write             ; the result byte too: a finished game stays for xq65 pgn
    jsr play_pz_check          ; a puzzle: solved?
    plp
    beq @going
    lda #SND_GAMEOVER
    jmp snd_play
@going:
    jmp play_ply_warn
.endproc

;;
; From ply PLY_WARN on, the status line says how many plies the record has left
; ("40 LEFT"): at GAME_MAX_PLY the game ends, a draw (TOO LONG).
; Clobbers: A, X, Y, ui_tmp, ui_tmp2.
.proc play_ply_warn
    lda game_nply
    cmp #<PLY_WARN
    lda game_nply_hi
    sbc #>PLY_WARN
    bcc @done
    lda #<GAME_MAX_PLY
    sec
    sbc game_nply
    pha
    lda #>GAME_MAX_PLY
    sbc game_nply_hi
    tax
    pla
    ldy #0
    jsr play_num3
    ldx #0
@left:
    lda txt_left,x
    sta play_line,y
    beq @say
    iny
    inx
    bne @left
@say:
    ptr play_line
    jmp play_status
@done:
    rts
.endproc

;;
; Takes back one move on the screen: record, squares, notes, panel.
; Clobbers: everything.
.proc play_undo_one
    lda game_nply
    ora game_nply_hi
    beq @done
    jsr game_pop
    jsr game_rec_top
    lda pos_to
    pha
    lda pos_from
    jsr ui_draw_sq
    pla
    jsr ui_draw_sq
@done:
    rts
.endproc

;;
; After takebacks: notes, panel, last move, save.  Clobbers: everything.
.proc play_after_undo
    jsr play_rebuild_notes
    jsr play_draw_turn
    jsr play_draw_notes
    jsr play_draw_captures
    jsr play_set_last
    jmp save_write
.endproc
