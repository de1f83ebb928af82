; play.s: the game screen and its loop: the player's turn (cursor, pick, drop), the
; side panel, the pause menu, the result.
.include "nes.inc"
.include "engine.inc"
.include "ui.inc"
.include "ui_tiles.inc"

.import vram_begin, vram_put, vram_end, nt_make, nt_out, ui_piece_glyph
.import ui_hl_sq, ui_attr
.importzp vram_direct, ui_hl_n, game_check, snd_on
.importzp SND_MOVE, SND_CAPTURE, SND_CHECK, SND_ILLEGAL, SND_GAMEOVER, SND_SELECT

.macro ptr addr
    lda #<addr
    sta ui_ptr
    lda #>addr
    sta ui_ptr+1
.endmacro

SEL_OAM  = 16                  ; OAM bytes 16..31: selection brackets
LAST_OAM = 32                  ; 32..63: last move brackets (from, to)
SEL_PAL  = 1
LAST_PAL = 2
CURSOR_START_C = 4             ; the cursor starts on the near central pawn
CURSOR_START_R = 6
DEMO_PAUSE = 30                ; frames between demo moves at least
NOTE_SIZE = 5                  ; 4 glyph codes + mover side

.segment "ZEROPAGE"
play_sel:   .res 1             ; selected square (0 none)
play_sq:    .res 1             ; square under the cursor
play_item:  .res 1             ; pause menu item
play_last_from: .res 1         ; last move (0 none)
play_last_to:   .res 1
play_cap:   .res 1
play_think_frames: .res 2      ; frames the last srch_think took (tests read it)
.exportzp play_sel, play_think_frames

.segment "BSS"
play_notes: .res NOTES * NOTE_SIZE
play_line:  .res PANEL_W + 1   ; a line of Latin text being built
.export play_notes

.segment "UIDATA"
play_game_palette:
    .byte $37, $17, $27, $0F,  $37, $17, $30, $16,  $37, $17, $30, $0F,  $37, $1A, $3A, $0F
    .byte $37, $12, $30, $0F,  $37, $1A, $30, $0F,  $37, $24, $30, $0F,  $37, $16, $30, $0F
INK_RED   = $16
INK_BLACK = $0F
txt_mode_red:   .byte "YOU RED", 0
txt_mode_black: .byte "YOU BLACK", 0
txt_mode_two:   .byte "2 PLAYERS", 0
txt_mode_demo:  .byte "CPU DEMO", 0
play_mode_lo: .byte <txt_mode_red, <txt_mode_black, <txt_mode_two, <txt_mode_demo
play_mode_hi: .byte >txt_mode_red, >txt_mode_black, >txt_mode_two, >txt_mode_demo
txt_level:   .byte "LEVEL ", 0
txt_to_move: .byte "TO MOVE", 0
txt_blank:   .byte "  "          ; 9 spaces; txt_blank7: the last 7
txt_blank7:  .byte "       ", 0
txt_illegal: .byte "ILLEGAL", 0
txt_thinking: .byte "CPU D0 00", 0
txt_engine_err: .byte "ENGINE ?", 0
txt_hint:    .byte "HINT: A", 0
txt_start:   .byte "START:NEW", 0
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
PM_UNDO = 0
PM_HINT = 1
PM_FLIP = 2
PM_LEVEL = 3
PM_SOUND = 4
PM_NEW = 5
PM_RESIGN = 6
PM_RESUME = 7
PM_ITEMS = 8
txt_pm0: .byte "< UNDO  >", 0
txt_pm1: .byte "< HINT  >", 0
txt_pm2: .byte "< FLIP  >", 0
txt_pm3: .byte "< LEVEL >", 0
txt_pm4: .byte "< SOUND >", 0
txt_pm5: .byte "<  NEW  >", 0
txt_pm6: .byte "<RESIGN >", 0
txt_pm7: .byte "<RESUME >", 0
play_pm_lo: .byte <txt_pm0, <txt_pm1, <txt_pm2, <txt_pm3, <txt_pm4, <txt_pm5, <txt_pm6, <txt_pm7
play_pm_hi: .byte >txt_pm0, >txt_pm1, >txt_pm2, >txt_pm3, >txt_pm4, >txt_pm5, >txt_pm6, >txt_pm7
txt_sure:  .byte "SURE? A/B", 0
txt_on:    .byte "SOUND ON", 0
txt_off:   .byte "SOUND OFF", 0
play_kind_letter: .byte "KAEHRCP"

.segment "UI"

;;
; Turns rendering and the NMI off (after the next NMI), for full-screen drawing with
; vram_direct set.  Clobbers: A.
.proc ui_screen_off
    lda #0
    sta nmi_ppu_mask
    jsr nes_wait_nmi
    lda nmi_ppu_ctrl
    and #<~CTRL_NMI
    sta PPUCTRL
    lda #1
    sta vram_direct
    rts
.endproc

;;
; Turns the NMI back on; the next NMI turns rendering on.  Clobbers: A.
.proc ui_screen_on
    lda #0
    sta vram_direct
    lda #MASK_BG | MASK_SPR | MASK_BG_LEFT | MASK_SPR_LEFT
    sta nmi_ppu_mask
    bit PPUSTATUS
    lda nmi_ppu_ctrl
    sta PPUCTRL
    jmp nes_wait_nmi
.endproc

;;
; Clears nametable 0 and the attribute shadow (rendering off).  Clobbers: A, X, Y.
.proc ui_clear_screen
    bit PPUSTATUS
    lda #>PPU_NT0
    sta PPUADDR
    lda #0
    sta PPUADDR
    ldy #4
    ldx #0
@loop:
    sta PPUDATA
    inx
    bne @loop
    dey
    bne @loop
    ldx #63
@attr:
    sta ui_attr,x
    dex
    bpl @attr
    rts
.endproc

;;
; Loads the game palettes into the shadow (uploaded by the next NMI).
; Clobbers: A, X.
.proc ui_game_palette
    ldx #31
@copy:
    lda play_game_palette,x
    sta nmi_palette,x
    dex
    bpl @copy
    inc nmi_palette_dirty
    rts
.endproc

;;
; Draws the whole game screen (board and panel) from the game state: rendering off
; for the board, the panel through the VRAM buffer.  Clobbers: A, X, Y.
.proc play_draw_screen
    jsr ui_screen_off
    jsr ui_clear_screen
    lda #0
    sta ui_hl_n
    jsr ui_draw_board
    jsr ui_screen_on
    jsr ui_game_palette
    jmp play_draw_panel
.endproc

;;
; Draws the whole side panel (mode, level, turn, check, notes, captures, result).
; Clobbers: A, X, Y.
.proc play_draw_panel
    ldx game_mode
    lda play_mode_lo,x
    sta ui_ptr
    lda play_mode_hi,x
    sta ui_ptr+1
    ldx #PANEL_X
    ldy #PANEL_LEVEL_Y
    jsr ui_text
    jsr play_draw_level
    ptr txt_to_move
    ldx #PANEL_X + 2
    ldy #PANEL_TURN_Y + 1
    jsr ui_text
    jsr play_draw_turn
    jsr play_draw_notes
    jsr play_draw_captures
    jmp play_draw_result
.endproc


;;
; "LEVEL n" on the panel.  Clobbers: A, X, Y.
.proc play_draw_level
    ldx #0
@copy:
    lda txt_level,x
    sta play_line,x
    beq @num
    inx
    bne @copy
@num:
    lda game_level
    ora #'0'
    sta play_line,x
    lda #0
    sta play_line+1,x
    ptr play_line
    ldx #PANEL_X
    ldy #PANEL_LEVEL_Y + 1
    jmp ui_text
.endproc

;;
; The side to move (a king disc) and 将军 when in check.  Clobbers: A, X, Y.
.proc play_draw_turn
    ldx #PG_SHUAI
    lda #PAL_RED
    ldy game_side
    beq :+
    ldx #PG_JIANG_B
    lda #PAL_BLACK
:   pha
    txa
    ora #NT_PIECE
    ldx #PANEL_X
    ldy #PANEL_TURN_Y
    jsr ui_glyph
    pla
    ldx #PANEL_X / 2
    ldy #PANEL_TURN_Y / 2
    jsr ui_set_attr
    ; check warning
    lda #$FF
    ldx game_check
    beq :+
    lda #GL_JIANG
:   ldx #PANEL_X
    ldy #PANEL_CHECK_Y
    jsr ui_glyph
    lda #$FF
    ldx game_check
    beq :+
    lda #GL_JUN
:   ldx #PANEL_X + 2
    ldy #PANEL_CHECK_Y
    jsr ui_glyph
    lda #PAL_RED
    ldx #PANEL_X / 2
    ldy #PANEL_CHECK_Y / 2
    jsr ui_set_attr
    lda #PAL_RED
    ldx #PANEL_X / 2 + 1
    ldy #PANEL_CHECK_Y / 2
    jmp ui_set_attr
.endproc

;;
; The last NOTES moves in Chinese notation, oldest first, each in its mover's colour.
; Clobbers: A, X, Y, ui_tmp.
.proc play_draw_notes
    lda #0
    sta play_cap               ; note number
@note:
    lda play_cap
    asl a
    asl a
    adc play_cap               ; * NOTE_SIZE
    sta play_sq                ; (scratch) offset
    lda #0
    sta play_item              ; (scratch) glyph number
@glyph:
    lda play_sq
    clc
    adc play_item
    tax
    lda play_notes,x
    pha
    lda play_item
    asl a
    adc #PANEL_X
    tax
    lda play_cap
    asl a
    adc #PANEL_NOTES_Y
    tay
    pla
    jsr ui_glyph
    ; palette of the glyph's area: the mover's
    ldx play_sq
    lda play_notes+4,x
    clc
    adc #PAL_RED
    pha
    lda play_item
    clc
    adc #PANEL_X / 2
    tax
    lda play_cap
    clc
    adc #PANEL_NOTES_Y / 2
    tay
    pla
    jsr ui_set_attr
    inc play_item
    lda play_item
    cmp #4
    bcc @glyph
    inc play_cap
    lda play_cap
    cmp #NOTES
    bcc @note
    lda #0
    sta play_item
    rts
.endproc

;;
; Clears the notes (blank glyphs).  Clobbers: A, X.
.proc play_clear_notes
    ldx #NOTES * NOTE_SIZE - 1
    lda #$FF
@clr:
    sta play_notes,x
    dex
    bpl @clr
    lda #0
    ldx #4
@side:
    sta play_notes,x           ; mover of each note: red (blank glyphs anyway)
    inx
    inx
    inx
    inx
    inx
    cpx #NOTES * NOTE_SIZE
    bcc @side
    rts
.endproc

;;
; Appends nt_out (mover game_side) to the notes, dropping the oldest.
; Clobbers: A, X.
.proc play_push_note
    ldx #0
@shift:
    lda play_notes+NOTE_SIZE,x
    sta play_notes,x
    inx
    cpx #(NOTES - 1) * NOTE_SIZE
    bcc @shift
    ldx #3
@copy:
    lda nt_out,x
    sta play_notes + (NOTES - 1) * NOTE_SIZE,x
    dex
    bpl @copy
    lda game_side
    sta play_notes + (NOTES - 1) * NOTE_SIZE + 4
    rts
.endproc

;;
; Recomputes the notes of the last NOTES moves of the record (after undo or load):
; takes them back, then plays them again, noting each.
; Clobbers: A, X, Y, engine scratch.
.proc play_rebuild_notes
    jsr play_clear_notes
    ldx #0
@back:
    cpx #NOTES
    bcs @forward
    lda game_nply
    beq @forward
    txa
    pha
    jsr game_pop
    pla
    tax
    inx
    bne @back
@forward:
    stx play_item              ; moves to replay
@again:
    lda play_item
    beq @done
    ldx game_nply
    lda game_rec_from,x
    sta pos_from
    lda game_rec_to,x
    sta pos_to
    jsr nt_make
    jsr play_push_note
    jsr game_redo
    dec play_item
    jmp @again
@done:
    rts
.endproc

;;
; Pieces taken so far, as letters (KAEHRCP): black ones on rows PANEL_CAPB_Y(+1) in
; black, red ones on PANEL_CAPR_Y(+1) in red.
; Clobbers: A, X, Y.
.proc play_draw_captures
    lda #BLACK_TAG
    sta play_cap
    lda #PANEL_CAPB_Y
    jsr play_capture_rows
    lda #RED_TAG
    sta play_cap
    lda #PANEL_CAPR_Y
    jsr play_capture_rows
    ; palettes
    ldx #PANEL_X / 2
@attr:
    txa
    pha
    lda #PAL_BLACK
    ldy #PANEL_CAPB_Y / 2
    jsr ui_set_attr
    pla
    pha
    tax
    lda #PAL_RED
    ldy #PANEL_CAPR_Y / 2
    jsr ui_set_attr
    pla
    tax
    inx
    cpx #PANEL_X / 2 + 5
    bcc @attr
    rts
.endproc

;;
; Two rows of letters of the pieces of side tag play_cap taken, from row A.
; Clobbers: A, X, Y, play_sq, play_item.
.proc play_capture_rows
    sta play_sq                ; row
    lda #0
    sta play_item              ; record index
@row:
    ldy #0                     ; letters on this row
@scan:
    cpy #PANEL_W
    bcs @flush
    ldx play_item
    cpx game_nply
    bcs @pad
    inc play_item
    lda game_rec_cap,x
    and #$3F
    beq @scan
    tax
    and #$30
    cmp play_cap
    bne @scan
    lda eng_kind,x
    and #7
    tax
    lda play_kind_letter,x
    sta play_line,y
    iny
    bne @scan
@pad:
    lda #' '
    sta play_line,y
    iny
    cpy #PANEL_W
    bcc @pad
@flush:
    lda #0
    sta play_line,y
    ptr play_line
    ldx #PANEL_X
    ldy play_sq
    jsr ui_text
    inc play_sq
    lda play_sq
    and #1
    bne @row
    rts
.endproc

;;
; The result lines (blank while the game goes on).  Clobbers: A, X, Y.
.proc play_draw_result
    lda game_result
    bne @over
    ptr txt_blank
    ldx #PANEL_X
    ldy #PANEL_RESULT_Y
    jsr ui_text
    ptr txt_blank
    ldx #PANEL_X
    ldy #PANEL_RESULT_Y + 1
    jmp ui_text
@over:
    lda #$FF                   ; no side to move any more
    ldx #PANEL_X
    ldy #PANEL_TURN_Y
    jsr ui_glyph
    ptr txt_blank7
    ldx #PANEL_X + 2
    ldy #PANEL_TURN_Y + 1
    jsr ui_text
    ldx game_winner            ; 红胜 / 黑胜 / 和棋 in big glyphs where 将军 goes
    lda play_win_gl1,x
    ldx #PANEL_X
    ldy #PANEL_CHECK_Y
    jsr ui_glyph
    ldx game_winner
    lda play_win_gl2,x
    ldx #PANEL_X + 2
    ldy #PANEL_CHECK_Y
    jsr ui_glyph
    ldx game_winner
    lda play_win_pal,x
    pha
    ldx #PANEL_X / 2
    ldy #PANEL_CHECK_Y / 2
    jsr ui_set_attr
    pla
    ldx #PANEL_X / 2 + 1
    ldy #PANEL_CHECK_Y / 2
    jsr ui_set_attr
    ptr txt_blank
    ldx #PANEL_X
    ldy #PANEL_RESULT_Y
    jsr ui_text
    ldx game_winner
    lda play_win_lo,x
    sta ui_ptr
    lda play_win_hi,x
    sta ui_ptr+1
    ldx #PANEL_X
    ldy #PANEL_RESULT_Y
    jsr ui_text
    ptr txt_blank
    ldx #PANEL_X
    ldy #PANEL_RESULT_Y + 1
    jsr ui_text
    ldx game_result
    lda play_res_lo,x
    sta ui_ptr
    lda play_res_hi,x
    sta ui_ptr+1
    ldx #PANEL_X
    ldy #PANEL_RESULT_Y + 1
    jmp ui_text
.endproc

;;
; Writes the string at ui_ptr on the status line (cleared first).
; Clobbers: A, X, Y.
.proc play_status
    lda ui_ptr
    pha
    lda ui_ptr+1
    pha
    ptr txt_blank
    ldx #PANEL_X
    ldy #PANEL_STATUS_Y
    jsr ui_text
    pla
    sta ui_ptr+1
    pla
    sta ui_ptr
    ldx #PANEL_X
    ldy #PANEL_STATUS_Y
    jmp ui_text
.endproc

;;
; Clears the status line.  Clobbers: A, X, Y.
.proc play_status_clear
    ptr txt_blank
    ldx #PANEL_X
    ldy #PANEL_STATUS_Y
    jmp ui_text
.endproc

;;
; Places the four bracket sprites at OAM offset X around square A (0: hide), palette Y.
; Clobbers: A, X, Y, ui_tmp, ui_tmp2.
.proc play_brackets
    sty ui_tmp2
    cmp #0
    bne @show
    lda #$FF
    sta oam_buf,x
    sta oam_buf+4,x
    sta oam_buf+8,x
    sta oam_buf+12,x
    rts
@show:
    stx ui_tmp
    jsr ui_cell_of_sq          ; X = column, Y = row
    txa
    clc
    adc #BOARD_X / 2
    asl a
    asl a
    asl a
    asl a
    pha
    tya
    clc
    adc #BOARD_Y / 2
    asl a
    asl a
    asl a
    asl a
    ldx ui_tmp
    sec
    sbc #1
    sta oam_buf,x
    sta oam_buf+4,x
    clc
    adc #8
    sta oam_buf+8,x
    sta oam_buf+12,x
    pla
    sta oam_buf+3,x
    sta oam_buf+11,x
    clc
    adc #8
    sta oam_buf+7,x
    sta oam_buf+15,x
    lda #UI_SPR_CORNER
    sta oam_buf+1,x
    sta oam_buf+5,x
    sta oam_buf+9,x
    sta oam_buf+13,x
    lda ui_tmp2
    sta oam_buf+2,x
    ora #$40
    sta oam_buf+6,x
    ora #$80
    sta oam_buf+14,x
    and #$BF
    sta oam_buf+10,x
    rts
.endproc

;;
; Shows the last move's brackets (play_last_from/to; 0 hides).  Clobbers: A, X, Y.
.proc play_show_last
    lda play_last_from
    ldx #LAST_OAM
    ldy #LAST_PAL
    jsr play_brackets
    lda play_last_to
    ldx #LAST_OAM + 16
    ldy #LAST_PAL
    jmp play_brackets
.endproc

;;
; Sets play_last_from/to from the record's last move (0 if none).  Clobbers: A, X.
.proc play_set_last
    lda #0
    sta play_last_from
    sta play_last_to
    ldx game_nply
    beq @done
    lda game_rec_from-1,x
    sta play_last_from
    lda game_rec_to-1,x
    sta play_last_to
@done:
    jmp play_show_last
.endproc

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
    lda #1
    sta ui_show_cursor
    sta ui_nmi_cursor
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
    jsr play_human_event
    bcc @loop
    rts                        ; the player left
@over:
    lda #0
    sta ui_nmi_cursor
    jsr play_draw_result
    ptr txt_start
    jsr play_status
@wait:
    jsr ev_get
    and #PAD_START | PAD_A
    beq @wait
    jsr save_clear
    lda #0
    sta ui_show_cursor
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
@yes:
    sec
    rts
@no:
    clc
    rts
.endproc

;;
; Runs srch_think for the side to move at game_level (seed: frame_count), with the
; thinking indicator ("CPU D3 12": depth reached, seconds) kept by the NMI and Select
; meaning "move now".  play_think_frames = the frames it took.  Regenerates the root
; moves afterwards (the search reuses the move stack).
; @return   pos_from/pos_to = the move; C set if it is not legal (never played then)
; Clobbers: everything.
.proc play_think
    lda #0
    sta ui_idle                ; busy until the next ev_get (the tests read this)
    ptr txt_thinking
    jsr play_status
@drain:
    lda vram_len               ; the indicator writes the PPU itself: buffer empty first
    beq @go
    jsr nes_wait_nmi
    jmp @drain
@go:
    lda game_level
    sta srch_level
    lda frame_count
    sta srch_seed
    sta play_think_frames
    lda frame_count+1
    sta srch_seed+1
    sta play_think_frames+1
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
    sta ui_think_s1
    sta ui_think_s10
    lda #1
    sta ui_thinking
    jsr far_srch_think
    lda #0
    sta ui_thinking
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
; The CPU's move (modes 0, 1 and the demo).  Start first opens the pause menu (the
; way out of a demo); an engine answer that is not a legal move is never played: the
; game waits for Start then.
; @return   C set if the player left the game (NEW in the pause menu)
; Clobbers: everything.
.proc play_cpu_move
    jsr ev_get
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
; A hint for the side to move: the engine's move at the current level; its piece is
; picked up and the cursor put on its destination (A plays it).
; Clobbers: everything.
.proc play_hint
    jsr play_deselect
    jsr play_think
    bcs @done
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
    beq @buzz
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
    sec
    rts
@no:
    clc
    rts
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
    lda #SND_ILLEGAL
    jsr snd_play
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
    jmp snd_play
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
play_hl_count: .res 1
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
    jsr ui_draw_sq_river
    lda play_last_to
    jsr ui_draw_sq_river
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
    jsr save_write
    jsr game_judge
    beq @done
    lda #SND_GAMEOVER
    jsr snd_play
@done:
    rts
.endproc

;;
; Takes back one move on the screen: record, squares, notes, panel.
; Clobbers: everything.
.proc play_undo_one
    lda game_nply
    beq @done
    jsr game_pop
    ldx game_nply
    lda game_rec_from,x
    jsr ui_draw_sq_river
    ldx game_nply
    lda game_rec_to,x
    jsr ui_draw_sq_river
@done:
    rts
.endproc

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
    lda play_pm_lo,x
    sta ui_ptr
    lda play_pm_hi,x
    sta ui_ptr+1
    jsr play_status
@wait:
    jsr ev_get
    beq @wait
    tay
    and #PAD_RIGHT
    beq @left
    inc play_item
    lda play_item
    cmp #PM_ITEMS
    bcc @show_j
    lda #0
    sta play_item
@show_j:
    jmp @show
@left:
    tya
    and #PAD_LEFT
    beq @keys
    dec play_item
    bpl @show_j
    lda #PM_ITEMS - 1
    sta play_item
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
    jsr play_undo_one
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
    ldx game_level
    inx
    cpx #LEVEL_COUNT + 1
    bcc :+
    ldx #1
:   stx game_level
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
    jsr save_clear
    lda #0
    sta ui_show_cursor
    sec
    rts
@not_new:
    cmp #PM_RESIGN
    bne @not_resign
    ptr txt_sure
    jsr play_status
@sure:
    jsr ev_get
    beq @sure
    and #PAD_A
    bne :+
    jmp @show
:   lda #RES_RESIGN
    sta game_result
    lda game_side
    eor #1
    sta game_winner
    lda #SND_GAMEOVER
    jsr snd_play
    jmp @resume
@not_resign:
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
; After takebacks: notes, panel, last move, save.  Clobbers: everything.
.proc play_after_undo
    jsr play_rebuild_notes
    jsr play_draw_turn
    jsr play_draw_notes
    jsr play_draw_captures
    jsr play_set_last
    jmp save_write
.endproc
