; menu.s: the menu after the title: mode, level, start position (standard or a
; handicap of assets/handicaps.txt), new game, continue the saved game.
.include "nes.inc"
.include "engine.inc"          ; LEVEL_COUNT
.include "ui.inc"
.include "starts.inc"          ; HANDICAP_COUNT, hcap_name_lo/hi
.import game_set_hcap, game_set_pz, save_pz_check, save_pz_solved_p

.importzp SAVE_OK, SAVE_BAD, SAVE_OLD
.import play_mode_lo, play_mode_hi

.macro ptr addr
    lda #<addr
    sta ui_ptr
    lda #>addr
    sta ui_ptr+1
.endmacro

MENU_X     = 6                 ; labels
MENU_VAL_X = 13                ; values
MENU_Y     = 8                 ; first row; rows are 2 apart, 3 above LEVEL (its names'
                               ; glyphs stand on its row and fill the row above): menu_row_y
ROW_MODE   = 0
ROW_LEVEL  = 1
ROW_START  = 2                 ; the start position: STANDARD or a handicap
ROW_NEW    = 3
ROW_CONT   = 4
START_CHOICES = 1 + HANDICAP_COUNT + PUZZLE_COUNT ; STANDARD, the handicaps, the puzzles
.assert START_CHOICES <= 255, error, "menu_start is a byte"
MENU_ROWS_MAX = ROW_CONT + 1
.exportzp ROW_CONT
MENU_Y_LEVEL = MENU_Y + 3
MENU_Y_START = MENU_Y_LEVEL + 2
MENU_Y_NEW   = MENU_Y_START + 2
MENU_Y_CONT  = MENU_Y_NEW + 2
UI_MENU_TABLE = 1              ; ui_tiles.inc: the level names (menu_level_*), menu bank

.segment "ZEROPAGE"

.segment "UIDATA"
txt_title: .byte "XIANGQI  CHINESE CHESS", 0
txt_mode:  .byte "MODE", 0
txt_level: .byte "LEVEL", 0
txt_start: .byte "START", 0
txt_std:   .byte "STANDARD        ", 0
.assert HCAP_NAME_MAX = 16, error, "txt_std: as wide as a handicap's name"
txt_new:   .byte "NEW GAME", 0
txt_puz:   .byte "PUZ "
txt_g_mate: .byte "MATE  ", 0
txt_g_win: .byte "WIN   ", 0
txt_g_draw: .byte "DRAW  ", 0
menu_goal_lo: .byte <txt_g_mate, <txt_g_win, <txt_g_draw
menu_goal_hi: .byte >txt_g_mate, >txt_g_win, >txt_g_draw
.assert GOAL_MATE = 0 && GOAL_WIN = 1 && GOAL_DRAW = 2, error, "menu_goal order"
txt_ok:    .byte " OK", 0
txt_not_ok: .byte "   ", 0
txt_cont:  .byte "CONTINUE", 0
txt_bad:   .byte "SAVED GAME CORRUPT: REFUSED", 0
txt_old:   .byte "SAVE OF AN OLDER VERSION:", 0
txt_help:  .byte "UP/DOWN  LEFT/RIGHT  A", 0
txt_m0: .byte "YOU PLAY RED  ", 0
txt_m1: .byte "YOU PLAY BLACK", 0
txt_m2: .byte "TWO PLAYERS   ", 0
txt_m3: .byte "CPU VS CPU    ", 0
menu_mode_lo: .byte <txt_m0, <txt_m1, <txt_m2, <txt_m3
menu_mode_hi: .byte >txt_m0, >txt_m1, >txt_m2, >txt_m3
; the level names (menu_level_lo/hi, menu_level_bot_lo/hi): generated from
; assets/levels.txt with their glyphs' tiles by pyharness/gen/ui2chr.py (ui_tiles.inc)
menu_row_y: .byte MENU_Y, MENU_Y_LEVEL, MENU_Y_START, MENU_Y_NEW, MENU_Y_CONT
.assert * - menu_row_y = MENU_ROWS_MAX, error, "a Y for every row"
.include "ui_tiles.inc"        ; the level names as tile strings (in UIDATA)
txt_arrow: .byte ">", 0
txt_space: .byte " ", 0
txt_cont_level: .byte "  LEVEL ", 0
txt_sure_new: .byte "SAVED GAME GOES: SURE? A/B", 0
txt_sure_off: .byte "                          ", 0
txt_loading: .byte "LOADING...", 0
MENU_CONT_INFO_Y = MENU_Y_CONT + 2 ; a blank row under CONTINUE, then the
                               ; saved game's mode and level
MENU_SURE_Y = MENU_CONT_INFO_Y + 2 ; the question (the row of the CORRUPT line); LOADING...
MENU_LOADING_X = 11
MENU_HELP_Y = 25
.assert MENU_SURE_Y < MENU_HELP_Y && MENU_HELP_Y <= 26, error, "menu rows"

.segment "BSS"

.segment "UI"

;;
; Runs the menu until the player starts a game: sets game_mode, game_level, game_flip
; and either a new game or the restored save (save_load).
; Clobbers: everything.
.proc menu_run
    lda #0
    sta ui_nmi_cursor
    sta menu_row
    jsr save_check
    jsr save_pz_check          ; a damaged puzzle block reads as nothing solved
    jsr ui_screen_off
    ldy #CHR_BANK_MENU         ; the font, glyphs and the level names
    jsr mmc1_chr1_select
    jsr ppu_clear_oam          ; no brackets of the last game
    jsr ui_clear_screen
    ptr txt_title
    ldx #5
    ldy #5
    jsr ui_text
    ptr txt_mode
    ldx #MENU_X
    ldy #MENU_Y
    jsr ui_text
    ptr txt_level
    ldx #MENU_X
    ldy #MENU_Y_LEVEL
    jsr ui_text
    ptr txt_start
    ldx #MENU_X
    ldy #MENU_Y_START
    jsr ui_text
    ptr txt_new
    ldx #MENU_X
    ldy #MENU_Y_NEW
    jsr ui_text
    lda #ROW_NEW + 1
    sta menu_rows
    lda save_state
    cmp #SAVE_OK
    bne @no_save
    lda save_mode              ; the menu shows the saved game's mode and level
    sta game_mode
    lda save_level
    sta game_level
    inc menu_rows
    ptr txt_cont
    ldx #MENU_X
    ldy #MENU_Y_CONT
    jsr ui_text
    lda save_mode              ; what CONTINUE resumes: "YOU RED  LEVEL 3"
    and #MODES - 1
    tax
    lda play_mode_lo,x
    sta ui_ptr
    lda play_mode_hi,x
    sta ui_ptr+1
    ldx #MENU_X + 2
    ldy #MENU_CONT_INFO_Y
    jsr ui_text
    ptr txt_cont_level
    ldx #MENU_X + 11
    ldy #MENU_CONT_INFO_Y
    jsr ui_text
    lda save_level
    and #7
    ora #'0'
    sta menu_digit
    lda #0
    sta menu_digit+1
    ptr menu_digit
    ldx #MENU_X + 19
    ldy #MENU_CONT_INFO_Y
    jsr ui_text
    lda #ROW_CONT
    sta menu_row
@no_save:
    lda save_state
    cmp #SAVE_BAD
    bne @old
    ptr txt_bad
    bne @say                   ; (ptr leaves A = >txt_bad, not 0)
@old:
    cmp #SAVE_OLD
    bne @help
    ptr txt_old
@say:
    ldx #3
    ldy #MENU_SURE_Y
    jsr ui_text
@help:
    ptr txt_help
    ldx #5
    ldy #MENU_HELP_Y
    jsr ui_text
    jsr menu_values
    jsr ui_screen_on
    jsr ui_game_palette
    jsr ev_flush
@loop:
    jsr ev_get
    beq @loop
    tay
    and #PAD_DOWN
    beq @up
    ldx menu_row
    inx
    cpx menu_rows
    bcs @loop
    stx menu_row
    jsr menu_values
    jmp @loop
@up:
    tya
    and #PAD_UP
    beq @lr
    lda menu_row
    beq @loop
    dec menu_row
    jsr menu_values
    jmp @loop
@lr:
    tya
    and #PAD_A | PAD_START     ; on any row: start (CONTINUE resumes, else a new game)
    bne @go
    tya
    and #PAD_LEFT | PAD_RIGHT
    beq @loop
    ldx menu_row
    cpx #ROW_NEW
    bcs @loop
    tya
    and #PAD_LEFT
    bne @minus
    jsr menu_change_plus
    jmp @loop
@minus:
    jsr menu_change_minus
    jmp @loop
@go:
    lda #0
    sta game_flip
    lda game_mode
    cmp #MODE_BLACK
    bne :+
    inc game_flip
:   lda menu_row
    cmp #ROW_CONT
    beq @continue
    jsr menu_confirm_new       ; a valid save would be overwritten: ask first
    bcs :+
    jmp @loop
:   lda menu_start
    bne :+
    jsr game_set_std
    jmp game_new
:   cmp #HANDICAP_COUNT + 1
    bcs :+
    sbc #0                     ; (C clear: - 1)
    jsr game_set_hcap
    jmp game_new
:   sbc #HANDICAP_COUNT + 1    ; (C set)
    jsr game_set_pz            ; the player's side and level 5: the puzzle's
    jmp game_new
@continue:
    ptr txt_loading            ; the replay of a long save takes up to ~3.5 s: say so
    ldx #MENU_LOADING_X
    ldy #MENU_SURE_Y
    jsr ui_text
@show:
    jsr nes_wait_nmi           ; on the screen before the replay starts
    lda vram_len
    bne @show
    jsr save_load              ; C set: refused (the menu says so, the game is new)
    bcc :+
    jmp menu_run
:   rts
.endproc

;;
; Next value of the mode or level row.  Clobbers: everything.
.proc menu_change_plus
    ldx menu_row
    bne @level
    INC_WRAP game_mode, 0, MODES - 1
    jmp menu_values
@level:
    cpx #ROW_START
    bne @lv
    INC_WRAP menu_start, 0, START_CHOICES - 1
    jmp menu_values
@lv:
    INC_WRAP game_level, 1, LEVEL_COUNT
    jmp menu_values
.endproc

;;
; Previous value of the mode or level row.  Clobbers: everything.
.proc menu_change_minus
    ldx menu_row
    bne @level
    ldx game_mode
    dex
    bpl :+
    ldx #MODES - 1
:   stx game_mode
    jmp menu_values
@level:
    cpx #ROW_START
    bne @lv
    ldx menu_start
    dex
    cpx #$FF
    bne :+
    ldx #START_CHOICES - 1
:   stx menu_start
    jmp menu_values
@lv:
    ldx game_level
    dex
    bne :+
    ldx #LEVEL_COUNT
:   stx game_level
    jmp menu_values
.endproc

;;
; Draws the values and the row arrow.  Clobbers: everything.
.proc menu_values
    ldx game_mode
    lda menu_mode_lo,x
    sta ui_ptr
    lda menu_mode_hi,x
    sta ui_ptr+1
    ldx #MENU_VAL_X
    ldy #MENU_Y
    jsr ui_text
    ldx game_level
    lda menu_level_lo-1,x
    sta ui_ptr
    lda menu_level_hi-1,x
    sta ui_ptr+1
    ldx #MENU_VAL_X
    ldy #MENU_Y_LEVEL
    jsr ui_text
    ldx game_level             ; the glyphs' top halves, on the row above
    lda menu_level_top_lo-1,x
    sta ui_ptr
    lda menu_level_top_hi-1,x
    sta ui_ptr+1
    ldx #MENU_VAL_X
    ldy #MENU_Y_LEVEL - 1
    jsr ui_text
    ldx menu_start             ; the start: STANDARD, handicap menu_start - 1 or a puzzle
    bne :+
    ptr txt_std
    jmp @start
:   cpx #HANDICAP_COUNT + 1
    bcc :+
    jsr menu_pz_value
    jmp @arrows
:   lda hcap_name_lo-1,x
    sta ui_ptr
    lda hcap_name_hi-1,x
    sta ui_ptr+1
@start:
    ldx #MENU_VAL_X
    ldy #MENU_Y_START
    jsr ui_text
@arrows:
    lda #0
    sta ui_tmp2
@arrow:
    ptr txt_space
    lda ui_tmp2
    cmp menu_row
    bne :+
    ptr txt_arrow
:   ldx ui_tmp2
    ldy menu_row_y,x
    ldx #MENU_X - 2
    jsr ui_text
    inc ui_tmp2
    lda ui_tmp2
    cmp #MENU_ROWS_MAX
    bcc @arrow
    rts
.endproc

;;
; The START row's value for puzzle menu_start - HANDICAP_COUNT - 1: "PUZ 12 MATE 2 OK"
; (its number from 1, its goal, OK when solved: the puzzle list).
; Clobbers: everything.
.proc menu_pz_value
    lda menu_start
    sec
    sbc #HANDICAP_COUNT + 1
    sta ui_tmp2                ; the puzzle
    ldx #3
:   lda txt_puz,x
    sta play_line,x
    dex
    bpl :-
    ldx ui_tmp2                ; its number from 1, 2 digits
    inx
    txa
    ldy #'0' - 1
@tens:
    iny
    sec
    sbc #10
    bcs @tens
    adc #10 + '0'
    sta play_line + 5
    cpy #'0'
    bne :+
    ldy #' '
:   sty play_line + 4
    lda #' '
    sta play_line + 6
    lda #0
    sta play_line + 7
    ptr play_line
    ldx #MENU_VAL_X
    ldy #MENU_Y_START
    jsr ui_text
    ldx ui_tmp2                ; the goal
    lda pz_goal,x
    tay
    lda menu_goal_lo,y
    sta ui_ptr
    lda menu_goal_hi,y
    sta ui_ptr+1
    ldx #MENU_VAL_X + 7
    ldy #MENU_Y_START
    jsr ui_text
    ldx ui_tmp2
    lda pz_goal,x
    bne :+
    lda pz_mate_in,x
    ora #'0'
    sta play_line
    lda #0
    sta play_line + 1
    ptr play_line
    ldx #MENU_VAL_X + 12
    ldy #MENU_Y_START
    jsr ui_text
:   ldx ui_tmp2
    jsr save_pz_solved_p
    ptr txt_not_ok
    bcc :+
    ptr txt_ok
:   ldx #MENU_VAL_X + 13
    ldy #MENU_Y_START
    jmp ui_text
.endproc

;;
; A new game over a valid save: asks "SAVED GAME GOES: SURE? A/B" and waits for a
; button.  A clears the save (as the pause menu's NEW does); anything else keeps it
; and takes the question away.  Without a valid save it does not ask.
; @return   C set if the new game may start
; Clobbers: everything.
.proc menu_confirm_new
    lda save_state
    cmp #SAVE_OK
    bne @yes
    ptr txt_sure_new
    ldx #3
    ldy #MENU_SURE_Y
    jsr ui_text
    jsr ev_flush
@wait:
    jsr ev_get
    beq @wait
    and #PAD_A
    php
    ptr txt_sure_off
    ldx #3
    ldy #MENU_SURE_Y
    jsr ui_text
    plp
    bne @clear
    clc
    rts
@clear:
    jsr save_clear
@yes:
    sec
    rts
.endproc
