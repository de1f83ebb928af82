; play_panel.s: the game screen's drawing: screen on/off and palette, the side panel
; (turn, level, moves in notation, pieces taken, status line, result) and the move
; brackets.
.include "play.inc"               ; and through it nes, engine, ui, ui_tiles

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
    ldy #CHR_BANK_GAME         ; the board's tiles
    jsr mmc1_chr1_select
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
    ptr_at play_mode_lo, play_mode_hi
    ldx #PANEL_L
    ldy #PANEL_MODE_Y
    jsr ui_text
    jsr play_draw_unresult
    jsr play_draw_level
    jsr play_draw_turn
    jsr play_draw_notes
    jsr play_draw_captures
    jmp play_draw_result
.endproc


;;
; "LEVEL n" on the panel; in a puzzle its goal ("MATE IN 2", "TO WIN", "TO DRAW");
; nothing with two players (no CPU plays).  Clobbers: A, X, Y.
.proc play_draw_level
    lda save_kind
    cmp #START_PUZZLE
    beq @goal
    lda game_mode
    cmp #MODE_TWO
    bne @level
    ptr txt_blank
    jmp @show
@goal:
    ldx save_index
    lda pz_goal,x
    beq @mate
    cmp #GOAL_WIN
    bne @draw
    ptr txt_to_win
    jmp @show
@draw:
    ptr txt_to_draw
    jmp @show
@mate:
    lda pz_mate_in,x
    ora #'0'
    sta play_line + 8
    ldx #7
:   lda txt_mate_in,x
    sta play_line,x
    dex
    bpl :-
    lda #0
    sta play_line + 9
    ptr play_line
@show:
    ldx #PANEL_L
    ldy #PANEL_LEVEL_Y + 1
    jmp ui_text
@level:
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
    ldx #PANEL_L
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
    ldx #PANEL_L
    ldy #PANEL_TURN_Y
    jsr ui_glyph
    pla                        ; the row in the side's ink ("TO MOVE", 将军 too)
    ldy #PANEL_TURN_Y / 2
    jsr play_row_attr
    lda game_check
    bne @check
    lda #$FF                   ; not in check: "TO MOVE" beside the disc
    ldx #PANEL_CHECK_X
    ldy #PANEL_TURN_Y
    jsr ui_glyph
    lda #$FF
    ldx #PANEL_CHECK_X + 2
    ldy #PANEL_TURN_Y
    jsr ui_glyph
    ptr txt_to_move
    ldx #PANEL_L + 2
    ldy #PANEL_TURN_Y + 1
    jmp ui_text
@check:                        ; in check: 将军 in its place
    ptr txt_blank7
    ldx #PANEL_L + 2
    ldy #PANEL_TURN_Y + 1
    jsr ui_text
    lda #GL_JIANG
    ldx #PANEL_CHECK_X
    ldy #PANEL_TURN_Y
    jsr ui_glyph
    lda #GL_JUN
    ldx #PANEL_CHECK_X + 2
    ldy #PANEL_TURN_Y
    jmp ui_glyph
.endproc

;;
; Sets the palette of the panel's attribute areas on attribute row Y (all PANEL_AREAS
; of them, from PANEL_X / 2: the panel's glyphs start at the odd column PANEL_L and
; straddle two areas) to A.
; Clobbers: A, X, Y, ui_tmp, ui_tmp2, ui_ptr.
.proc play_row_attr
    sta play_attr_pal
    sty play_attr_row
    ldx #PANEL_X / 2
@area:
    txa
    pha
    lda play_attr_pal
    ldy play_attr_row
    jsr ui_set_attr
    pla
    tax
    inx
    cpx #PANEL_X / 2 + PANEL_AREAS
    bcc @area
    rts
.endproc

;;
; The last NOTES moves in Chinese notation, oldest first, each in its mover's colour.
; Clobbers: A, X, Y, ui_tmp, play_cap/play_sq/play_item (as nd_note/nd_offset/nd_glyph).
.proc play_draw_notes
    lda #0
    sta nd_note               ; note number
@note:
    lda nd_note
    asl a
    asl a
    adc nd_note               ; * NOTE_SIZE
    sta nd_offset                ; offset of the note
    lda #0
    sta nd_glyph              ; glyph number
@glyph:
    lda nd_offset
    clc
    adc nd_glyph
    tax
    lda play_notes,x
    pha
    lda nd_glyph
    asl a
    adc #PANEL_L
    tax
    lda nd_note
    asl a
    adc #PANEL_NOTES_Y
    tay
    pla
    jsr ui_glyph
    inc nd_glyph
    lda nd_glyph
    cmp #4
    bcc @glyph
    ldx nd_offset                ; the row in the mover's ink
    lda play_notes+4,x
    clc
    adc #PAL_RED
    pha
    lda nd_note
    clc
    adc #PANEL_NOTES_Y / 2
    tay
    pla
    jsr play_row_attr
    inc nd_note
    lda nd_note
    cmp #NOTES
    bcc @note
    lda #0
    sta nd_glyph
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
    ora game_nply_hi
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
    jsr game_rec_top
    jsr nt_make
    jsr play_push_note
    jsr game_redo
    dec play_item
    jmp @again
@done:
    rts
.endproc

;;
; Pieces taken so far, as small piece discs grouped by kind with a count (车 2): black
; ones on rows PANEL_CAPB_Y.. in black ink, red ones on PANEL_CAPR_Y.. in red.
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
    lda #PAL_BLACK
    ldy #PANEL_CAPB_Y / 2
    jsr play_row_attr
    lda #PAL_BLACK
    ldy #PANEL_CAPB_Y / 2 + 1
    jsr play_row_attr
    lda #PAL_RED
    ldy #PANEL_CAPR_Y / 2
    jsr play_row_attr
    lda #PAL_RED
    ldy #PANEL_CAPR_Y / 2 + 1
    jmp play_row_attr
.endproc

;;
; The pieces of side tag play_cap taken, from row A: counted by kind (play_line), then
; one slot per kind taken, in play_cap_order, CAP_PER_ROW slots to a row of discs:
; the kind's disc and, beside its lower half, the count when more than one; the slots
; left are blanked.
; Clobbers: A, X, Y, play_sq, play_line, play_cap_*, ui_tmp, ui_ptr.
.proc play_capture_rows
    sta play_sq                ; first row
    ldx #KIND_P
    lda #0
@zero:
    sta play_line,x
    dex
    bpl @zero
    ldx #31                    ; taken: on the board at the start, not now
@scan:
    lda save_pieces,x
    beq @next
    lda game_pieces,x
    bne @next
    txa
    clc
    adc #RED_TAG               ; the board value of piece x (docs/encoding.md)
    tay
    and #$30
    cmp play_cap
    bne @next
    lda eng_kind,y
    and #7
    tay
    lda play_line,y
    clc
    adc #1
    sta play_line,y
@next:
    dex
    bpl @scan
@counted:
    lda #0
    sta play_cap_slot
    sta play_cap_ord
@slot:
    ldx play_cap_ord           ; the next kind taken, if any
    cpx #CAP_SLOTS
    bcs @empty
    inc play_cap_ord
    lda play_cap_order,x
    tax
    ldy play_line,x
    beq @slot
    sty play_cap_n
    txa
    ldx play_cap
    cpx #BLACK_TAG
    bne :+
    ora #KIND_BLACK
:   tax
    lda ui_piece_glyph,x
    ora #NT_PIECE
    bne @draw
@empty:
    lda #0
    sta play_cap_n
    lda #$FF
@draw:
    pha
    jsr play_cap_slot_xy
    pla
    jsr ui_glyph
    lda #' '                   ; the count beside the disc's lower half
    ldx play_cap_n
    cpx #2
    bcc :+
    txa
    ora #'0'
:   sta play_cap_txt
    lda #0
    sta play_cap_txt+1
    ptr play_cap_txt
    jsr play_cap_slot_xy
    inx
    inx
    iny
    jsr ui_text
    inc play_cap_slot
    lda play_cap_slot
    cmp #CAP_SLOTS
    bcc @slot
    rts
.endproc

;;
; Tile column X and row Y of capture slot play_cap_slot (rows from play_sq).
; Clobbers: A, X, Y, ui_tmp.
.proc play_cap_slot_xy
    lda play_cap_slot
    ldy play_sq
@row:
    cmp #CAP_PER_ROW
    bcc @col
    sbc #CAP_PER_ROW
    iny
    iny
    bne @row
@col:
    sta ui_tmp                 ; 3 tiles a slot
    asl a
    adc ui_tmp
    adc #PANEL_L
    tax
    rts
.endproc
.assert CAP_PER_ROW = 3, error, "play_cap_slot_xy: 3 slots a row"

;;
; The result lines.  Game over, each line between blank rows: 红胜 / 黑胜 / 和棋 in big
; glyphs in the winner's ink where the level and the side to move were (nobody moves
; any more), who won in the same ink, why on the oldest note's rows (the last
; NOTES - 1 moves stay).  Otherwise the result rows are blank (play_draw_panel gives
; the borrowed rows back).  Clobbers: A, X, Y.
.proc play_draw_result
    lda game_result
    bne @over
    PANEL_TEXT txt_blank, PANEL_RESULT_Y
    ptr txt_blank
    ldx #PANEL_L
    ldy #PANEL_RESULT_Y + 1
    jmp ui_text
@over:
    lda #PANEL_WIN_GL_Y - 1    ; rows PANEL_WIN_GL_Y - 1 .. PANEL_WHY_Y + 1 blank
    sta play_attr_row
@blank:
    ptr txt_blank
    ldx #PANEL_L
    ldy play_attr_row
    jsr ui_text
    inc play_attr_row
    lda play_attr_row
    cmp #PANEL_WHY_Y + 2
    bcc @blank
    ldx game_winner
    lda play_win_gl1,x
    ldx #PANEL_L
    ldy #PANEL_WIN_GL_Y
    jsr ui_glyph
    ldx game_winner
    lda play_win_gl2,x
    ldx #PANEL_L + 2
    ldy #PANEL_WIN_GL_Y
    jsr ui_glyph
    ldx game_winner            ; the glyphs' and "RED WON"'s attribute rows
    lda play_win_pal,x
    ldy #PANEL_WIN_GL_Y / 2
    jsr play_row_attr
    ldx game_winner
    lda play_win_pal,x
    ldy #PANEL_WIN_GL_Y / 2 + 1
    jsr play_row_attr
    ldx game_winner
    lda play_win_pal,x
    ldy #PANEL_WIN_Y / 2
    jsr play_row_attr
    lda #PAL_BOARD             ; why: in the board's ink
    ldy #PANEL_WHY_Y / 2
    jsr play_row_attr
    ldx game_winner
    ptr_at play_win_lo, play_win_hi
    ldx #PANEL_L
    ldy #PANEL_WIN_Y
    jsr ui_text
    ldx game_result
    ptr_at play_res_lo, play_res_hi
    ldx #PANEL_L
    ldy #PANEL_WHY_Y
    jmp ui_text
.endproc
.assert PANEL_WHY_Y / 2 = PANEL_WIN_Y / 2 + 1 && PANEL_WIN_GL_Y / 2 + 2 = PANEL_WIN_Y / 2, error, "result rows' ink"

;;
; Gives back the rows the result screen borrowed (rows PANEL_WIN_GL_Y - 1 ..
; PANEL_WIN_Y: blank, the board's ink), before the level, the side to move and the
; notes are drawn again.  Clobbers: A, X, Y.
.proc play_draw_unresult
    lda #PANEL_WIN_GL_Y - 1
    sta play_attr_row
@blank:
    ptr txt_blank
    ldx #PANEL_L
    ldy play_attr_row
    jsr ui_text
    inc play_attr_row
    lda play_attr_row
    cmp #PANEL_WIN_Y + 1
    bcc @blank
    lda #PAL_BOARD
    ldy #PANEL_WIN_GL_Y / 2
    jsr play_row_attr
    lda #PAL_BOARD
    ldy #PANEL_WIN_GL_Y / 2 + 1
    jsr play_row_attr
    lda #PAL_BOARD
    ldy #PANEL_WIN_Y / 2
    jsr play_row_attr
    rts
.endproc

;;
; Writes the string at ui_ptr on the status line (cleared first).
; Clobbers: A, X, Y.
.proc play_status
    lda ui_ptr
    pha
    lda ui_ptr+1
    pha
    PANEL_TEXT txt_blank, PANEL_STATUS_Y
    pla
    sta ui_ptr+1
    pla
    sta ui_ptr
    ldx #PANEL_L
    ldy #PANEL_STATUS_Y
    jmp ui_text
.endproc

;;
; Clears the status line.  Clobbers: A, X, Y.
.proc play_status_clear
    ptr txt_blank
    ldx #PANEL_L
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
    CELL_PIXEL_X
    pha
    tya
    CELL_PIXEL_Y
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
    lda game_nply
    ora game_nply_hi
    beq @done
    jsr game_rec_last
    lda pos_from
    sta play_last_from
    lda pos_to
    sta play_last_to
@done:
    jmp play_show_last
.endproc

