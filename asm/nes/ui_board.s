; ui_board.s: drawing the board and the side panel (through the VRAM buffer, or
; directly while rendering is off: vram_direct).
.include "nes.inc"
.include "engine.inc"
.include "ui.inc"
UI_CELL_TABLE = 1

; ui_t0..ui_t3 = A, A+1, A+2, A+3: the four tiles of a 2x2 glyph (C clear: no carry).
.macro FOUR_TILES
    sta ui_t0
    adc #1
    sta ui_t1
    adc #1
    sta ui_t2
    adc #1
    sta ui_t3
.endmacro
.segment "UIDATA"             ; the table of ui_tiles.inc lands in the UI bank
.include "ui_tiles.inc"

.import vram_begin, vram_put, vram_end, ui_piece_glyph



.segment "ZEROPAGE"

.segment "BSS"

.segment "UI"

;;
; Square of screen cell (X = column 0..8, Y = row 0..9), board flipped or not.
; @return   A = square
; Clobbers: A.
.proc ui_sq_of_cell
    lda game_flip
    bne @flipped
    tya
    asl a
    asl a
    asl a
    asl a
    adc #$33                   ; (3 + r) * 16 + 3 + c   (C clear: r < 16)
    stx ui_tmp
    adc ui_tmp
    rts
@flipped:
    tya
    asl a
    asl a
    asl a
    asl a
    sta ui_tmp
    lda #$CB                   ; (12 - r) * 16 + 11 - c
    sec
    sbc ui_tmp
    stx ui_tmp
    sec
    sbc ui_tmp
    rts
.endproc

;;
; Screen cell of square A.
; @return   X = column, Y = row
; Clobbers: A.
.proc ui_cell_of_sq
    pha
    and #$0F
    sec
    sbc #3
    tax
    pla
    lsr a
    lsr a
    lsr a
    lsr a
    sec
    sbc #3
    tay
    lda game_flip
    beq @done
    txa
    eor #$FF
    clc
    adc #9                     ; 8 - c
    tax
    tya
    eor #$FF
    clc
    adc #10                    ; 9 - r
    tay
@done:
    rts
.endproc

;;
; Is square A in the highlight list?  @return C set if yes.  Clobbers: X.
.proc ui_is_hl
    ldx ui_hl_n
@next:
    dex
    bmi @no
    cmp ui_hl_sq,x
    bne @next
    PREDICATE_END
.endproc

;;
; Draws screen cell (X = column, Y = row) from eng_board: a piece disc in its side's
; palette, or the empty cell (PAL_HILITE if highlighted).
; Clobbers: A, X, Y.  Cycles: ~600 (buffered)
.proc ui_draw_cell
    stx ui_c
    sty ui_r
    jsr ui_sq_of_cell
    tax
    lda eng_board,x
    beq @empty
    pha                        ; board value
    txa
    jsr ui_is_hl               ; a capture target gets the highlight palette
    lda #0
    rol a
    sta ui_pal                 ; 1 if highlighted
    pla
    tax
    lda eng_kind,x
    tax
    and #KIND_BLACK
    beq :+
    lda #PAL_BLACK - PAL_RED
:   clc
    adc #PAL_RED
    ldy ui_pal
    beq :+
    lda #PAL_HILITE
:   sta ui_pal
    lda ui_piece_glyph,x
    asl a
    asl a
    adc #UI_PIECE_BASE
    FOUR_TILES
    jmp ui_put_cell
@empty:
    txa
    jsr ui_is_hl
    lda #PAL_BOARD
    bcc :+
    lda #PAL_HILITE
:   sta ui_pal
    lda ui_r                   ; table index (r * 9 + c) * 4
    asl a
    asl a
    asl a
    adc ui_r
    adc ui_c
    asl a
    asl a
    tax
    bcs @high                  ; index >= 256
    lda ui_cell_tiles,x
    sta ui_t0
    lda ui_cell_tiles+1,x
    sta ui_t1
    lda ui_cell_tiles+2,x
    sta ui_t2
    lda ui_cell_tiles+3,x
    sta ui_t3
    jmp ui_put_cell
@high:
    lda ui_cell_tiles+256,x
    sta ui_t0
    lda ui_cell_tiles+257,x
    sta ui_t1
    lda ui_cell_tiles+258,x
    sta ui_t2
    lda ui_cell_tiles+259,x
    sta ui_t3
    jmp ui_put_cell
.endproc

;;
; Writes the metatile ui_t0..ui_t3 with palette ui_pal at board cell ui_c, ui_r
; (rows RIVER_ROW.. sit one cell lower: the river band is a row of its own).
; Clobbers: A, X, Y.
.proc ui_put_cell
    lda ui_c
    asl a
    adc #BOARD_X
    tax
    lda ui_r
    asl a
    cmp #RIVER_ROW * 2
    bcc :+
    adc #1                     ; C set: + 2 (below the river band)
:   adc #BOARD_Y
    tay
    jsr ui_put_meta
    lda ui_c
    clc
    adc #BOARD_X / 2
    tax
    lda ui_r
    CELL_AREA_ROW
    tay
    lda ui_pal
    jmp ui_set_attr
.endproc

;;
; Writes the 2x2 tiles ui_t0..ui_t3 at tile column X, row Y (even or odd).
; Clobbers: A, X, Y.
.proc ui_put_meta
    jsr ui_tile_addr           ; ui_ptr = PPU address
    lda ui_ptr+1
    ldx ui_ptr
    ldy #2
    jsr vram_begin
    lda ui_t0
    jsr vram_put
    lda ui_t1
    jsr vram_put
    jsr vram_end
    lda ui_ptr
    clc
    adc #32
    tax
    lda ui_ptr+1
    adc #0
    ldy #2
    jsr vram_begin
    lda ui_t2
    jsr vram_put
    lda ui_t3
    jsr vram_put
    jmp vram_end
.endproc

;;
; ui_ptr = $2000 + Y * 32 + X (tile column X, row Y).
; Clobbers: A.
.proc ui_tile_addr
    tya
    lsr a
    lsr a
    lsr a
    ora #>PPU_NT0
    sta ui_ptr+1
    tya
    asl a
    asl a
    asl a
    asl a
    asl a
    stx ui_ptr
    ora ui_ptr
    sta ui_ptr
    rts
.endproc

;;
; Sets the palette of 16x16 area (X = column 0..15, Y = row 0..14) to A in the shadow
; ui_attr and queues the attribute byte.
; Clobbers: A, X, Y.
.proc ui_set_attr
    and #3
    sta ui_tmp                 ; palette
    lda #3
    sta ui_tmp2                ; mask
    txa                        ; shift = (ay & 1) * 4 + (ax & 1) * 2
    and #1
    beq :+
    asl ui_tmp
    asl ui_tmp
    asl ui_tmp2
    asl ui_tmp2
:   tya
    and #1
    beq :+
    asl ui_tmp
    asl ui_tmp
    asl ui_tmp
    asl ui_tmp
    asl ui_tmp2
    asl ui_tmp2
    asl ui_tmp2
    asl ui_tmp2
:   tya                        ; byte = (ay >> 1) * 8 + (ax >> 1)
    lsr a
    asl a
    asl a
    asl a
    sta ui_ptr
    txa
    lsr a
    ora ui_ptr
    tay
    lda ui_tmp2
    eor #$FF
    and ui_attr,y
    ora ui_tmp
    cmp ui_attr,y
    beq @same
    sta ui_attr,y
    pha
    tya
    ora #<PPU_ATTR0
    tax
    lda #>PPU_ATTR0
    ldy #1
    jsr vram_begin
    pla
    jsr vram_put
    jmp vram_end
@same:
    rts
.endproc

;;
; Draws all 90 cells and the river band (use with vram_direct, or expect ~40 frames
; of buffer traffic).
; Clobbers: A, X, Y.
.proc ui_draw_board
    ldy #0
@row:
    ldx #0
@cell:
    txa
    pha
    tya
    pha
    jsr ui_draw_cell
    pla
    tay
    pla
    tax
    inx
    cpx #9
    bcc @cell
    iny
    cpy #10
    bcc @row
    ldx #0                     ; the river band (palette 0, drawn once)
@river:
    txa
    pha
    asl a
    asl a
    tay
    lda ui_river_tiles,y
    sta ui_t0
    lda ui_river_tiles+1,y
    sta ui_t1
    lda ui_river_tiles+2,y
    sta ui_t2
    lda ui_river_tiles+3,y
    sta ui_t3
    pla
    pha
    asl a
    adc #BOARD_X
    tax
    ldy #BOARD_Y + RIVER_ROW * 2
    jsr ui_put_meta
    pla
    tax
    inx
    cpx #9
    bcc @river
    rts
.endproc

;;
; Draws square A (if on the board) again.
; Clobbers: A, X, Y.
.proc ui_draw_sq
    jsr ui_cell_of_sq
    jmp ui_draw_cell
.endproc

;;
; Writes the zero-terminated Latin string at ui_ptr at tile column X, row Y.
; Clobbers: A, X, Y, ui_ptr (string pointer kept in ui_str).
.proc ui_text
    lda ui_ptr
    sta ui_str
    lda ui_ptr+1
    sta ui_str+1
    jsr ui_tile_addr
    ldy #0
@len:
    lda (ui_str),y
    beq @got
    iny
    bne @len
@got:
    tya
    beq @done
    lda ui_ptr+1
    ldx ui_ptr
    jsr vram_begin
    ldy #0
@put:
    lda (ui_str),y
    beq @end
    jsr vram_put
    iny
    bne @put
@end:
    jmp vram_end
@done:
    rts
.endproc

;;
; Writes glyph code A (NT_* of nt_out; 0..$3F text, $40+ piece disc, $80+n digit n,
; $FF blank) as 2x2 tiles at tile column X, row Y.
; Clobbers: A, X, Y.
.proc ui_glyph
    cmp #$FF
    beq @blank
    cmp #NT_DIGIT
    bcs @digit
    cmp #NT_PIECE
    bcc @text
    and #$3F
    asl a
    asl a
    adc #UI_PIECE_BASE
    bcc @four
@text:
    asl a
    asl a
    adc #UI_TEXT_BASE
@four:
    FOUR_TILES
    jmp ui_put_meta
@digit:                        ; 4 tiles of ui_digit_tiles (the digit centred)
    stx ui_tmp
    and #$0F
    asl a
    asl a
    tax
    lda ui_digit_tiles - 4,x
    sta ui_t0
    lda ui_digit_tiles - 3,x
    sta ui_t1
    lda ui_digit_tiles - 2,x
    sta ui_t2
    lda ui_digit_tiles - 1,x
    sta ui_t3
    ldx ui_tmp
    jmp ui_put_meta
@blank:
    lda #0
    sta ui_t0
    sta ui_t1
    sta ui_t2
    sta ui_t3
    jmp ui_put_meta
.endproc

.segment "ZEROPAGE"
