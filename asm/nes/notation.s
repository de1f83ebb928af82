; notation.s: Chinese move notation (炮二平五, 马8进7, 前炮平五, 二兵平六, 前七进一) for the
; side panel, the asm twin of pyharness/reference/notation.py chinese().
.include "nes.inc"
.include "engine.inc"
.include "ui.inc"
.include "ui_tiles.inc"

.segment "ZEROPAGE"

.segment "BSS"

.segment "UIDATA"
; first and last piece index (within a side) of each kind K A B N R C P
nt_kind_lo: .byte 0, 1, 3, 5, 7, 9, 11
nt_kind_hi: .byte 0, 2, 4, 6, 8, 10, 15
; kind (| KIND_BLACK) -> piece disc glyph
ui_piece_glyph:
    .byte PG_SHUAI, PG_SHI_R, PG_XIANG_R, PG_MA, PG_JU, PG_PAO, PG_BING, 0
    .byte PG_JIANG_B, PG_SHI_B, PG_XIANG_B, PG_MA, PG_JU, PG_PAO, PG_ZU, 0
.export ui_piece_glyph

.segment "UI"

;;
; Writes the Chinese notation of pos_from -> pos_to into nt_out (4 glyph codes).
; @param pos_from, pos_to  a legal move of game_side; the engine holds the position
;                          before it (eng_board, eng_piece_sq: game_gen)
; Clobbers: A, X, Y, nt_* scratch.  Cycles: ~1,000 (~2,000 for pawns)
.proc nt_make
    ldx pos_from
    lda eng_board,x
    tax
    lda eng_kind,x
    and #7
    sta nt_kind
    tax
    lda nt_kind_lo,x
    ldy game_side
    beq :+
    ora #16
:   sta nt_lo
    lda nt_kind_hi,x
    ldy game_side
    beq :+
    ora #16
:   sta nt_hi
    lda pos_from
    and #$0F
    sta nt_f0
    lda pos_from
    lsr a
    lsr a
    lsr a
    lsr a
    sta nt_r0
    ; step forward (rank16 difference, positive = forward for the mover)
    lda pos_to
    lsr a
    lsr a
    lsr a
    lsr a
    sta nt_tmp                 ; r1
    lda game_side
    bne @black_step
    lda nt_r0
    sec
    sbc nt_tmp
    jmp @step
@black_step:
    lda nt_tmp
    sec
    sbc nt_r0
@step:
    ldx #GL_PING
    tay                        ; Y = step (signed)
    beq @verb
    ldx #GL_JIN
    tya
    bpl @verb
    ldx #GL_TUI
    eor #$FF                   ; |step|
    clc
    adc #1
    tay
@verb:
    stx nt_verb
    sty nt_num
    ; diagonal movers and sideways moves: the target file
    cpx #GL_PING
    beq @target_file
    lda nt_kind
    cmp #KIND_A
    beq @target_file
    cmp #KIND_B
    beq @target_file
    cmp #KIND_N
    bne @tandem
@target_file:
    lda pos_to
    jsr nt_file_number
    sta nt_num
@tandem:
    ; own pieces of the kind on the from-file, and those in front of the mover
    lda #0
    sta nt_on
    sta nt_index
    ldx nt_lo
@scan:
    lda eng_piece_sq,x
    beq @scan_next
    and #$0F
    cmp nt_f0
    bne @scan_next
    inc nt_on
    lda eng_piece_sq,x
    lsr a
    lsr a
    lsr a
    lsr a                      ; rank16 of the other piece
    ldy game_side
    bne @black_front
    cmp nt_r0                  ; red: in front = smaller rank16
    bcs @scan_next
    inc nt_index
    bcc @scan_next
@black_front:
    cmp nt_r0                  ; black: in front = larger rank16
    beq @scan_next
    bcc @scan_next
    inc nt_index
@scan_next:
    inx
    cpx nt_hi
    bcc @scan
    beq @scan
    ; third and fourth glyph: verb and number
    lda nt_verb
    sta nt_out+2
    lda nt_num
    jsr nt_number
    sta nt_out+3
    lda nt_on
    cmp #2
    bcc @plain
    lda nt_kind
    cmp #KIND_A
    beq @plain
    cmp #KIND_B
    beq @plain
    ; prefix: 前/后, 前/中/后, or 一..五
    ldx nt_index
    lda nt_on
    cmp #2
    bne @three
    lda nt_prefix2,x
    bne @prefix
@three:
    cmp #3
    bne @ordinal
    lda nt_prefix3,x
    bne @prefix
@ordinal:
    txa                        ; GL_YI + index
@prefix:
    sta nt_out
    lda nt_kind
    cmp #KIND_P
    bne @name_second
    jsr nt_pawn_files
    cmp #2
    bcc @name_second
    lda pos_from               ; several pawn files: the file, no name
    jsr nt_file_number
    jsr nt_number
    sta nt_out+1
    rts
@name_second:
    jsr nt_piece
    sta nt_out+1
    rts
@plain:
    jsr nt_piece
    sta nt_out
    lda pos_from
    jsr nt_file_number
    jsr nt_number
    sta nt_out+1
    rts
.endproc

nt_prefix2: .byte GL_QIAN, GL_HOU
nt_prefix3: .byte GL_QIAN, GL_ZHONG, GL_HOU

;;
; Piece glyph code of the mover.  Clobbers: A, X.
.proc nt_piece
    lda nt_kind
    ldx game_side
    beq :+
    ora #KIND_BLACK
:   tax
    lda ui_piece_glyph,x
    ora #NT_PIECE
    rts
.endproc

;;
; File number 1..9 of square A counted from the mover's right.
; Clobbers: A, X.
.proc nt_file_number
    and #$0F
    ldx game_side
    bne @black
    eor #$FF
    sec
    adc #12                    ; 12 - file16
    rts
@black:
    sec
    sbc #2                     ; file16 - 2
    rts
.endproc

;;
; Glyph code of number A (1..9) for the mover: Chinese for Red, Arabic for Black.
; Clobbers: A, X.
.proc nt_number
    ldx game_side
    bne @black
    clc
    adc #<(NT_TEXT + GL_YI - 1)
    rts
@black:
    ora #NT_DIGIT
    rts
.endproc

;;
; Files holding two or more of the mover's pawns.
; @return   A = count
; Clobbers: A, X, Y, nt_tmp.
.proc nt_pawn_files
    lda #0
    sta nt_tmp
    ldy #3                     ; file16 3..11
@file:
    sty nt_verb                ; (nt_verb is stored in nt_out already)
    lda #0
    sta nt_num
    ldx nt_lo
@pawn:
    lda eng_piece_sq,x
    beq @next
    and #$0F
    cmp nt_verb
    bne @next
    inc nt_num
@next:
    inx
    cpx nt_hi
    bcc @pawn
    beq @pawn
    lda nt_num
    cmp #2
    bcc @no
    inc nt_tmp
@no:
    iny
    cpy #12
    bcc @file
    lda nt_tmp
    rts
.endproc
