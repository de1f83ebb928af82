; save.s: the battery save, version 2 (docs/save_format.md): the game block at
; $7D00-$7FFF (header, start position, move list, checksum) and the puzzle block at
; $7CF0-$7CFF.  The game block is the game in progress itself: game.s plays from its
; start position and appends to its move list; save_write completes the header and the
; checksum after every move.  A block whose magic, ranges, checksum, start position or
; moves do not hold is refused as a whole (the menu says so); a version-1 save is
; refused with its own message.
.include "nes.inc"
.include "engine.inc"
.include "ui.inc"
.include "starts.inc"          ; start_place, start_slot_bits (pyharness/gen/gen_starts.py)

.segment "ZEROPAGE"
SAVE_NONE = 0
SAVE_OK   = 1
SAVE_BAD  = 2
SAVE_OLD  = 3                  ; a version-1 save: refused, with its own message
SAVE_DONE = 4                  ; a finished game (result byte set): kept for xq65 pgn
.exportzp SAVE_NONE, SAVE_OK, SAVE_BAD, SAVE_OLD, SAVE_DONE
GAME_BLOCK_SUMMED = $2FE       ; bytes under the game block's checksum
PZ_BLOCK_SUMMED = $0E          ; bytes under the puzzle block's checksum

.segment "UIDATA"
save_magic_text: .byte "XQ65"
save_pz_text:    .byte "XQPZ"

.segment "UI"

;;
; Sums (save_s1, save_s2) over the game block's first GAME_BLOCK_SUMMED bytes.
; Clobbers: A, X.  Cycles: ~23,000
.proc save_sum_all
    lda #0
    sta save_s1
    sta save_s2
    tax
@p0:
    lda save_magic,x
    jsr save_add
    inx
    bne @p0
@p1:
    lda save_magic + $100,x
    jsr save_add
    inx
    bne @p1
@p2:
    lda save_magic + $200,x
    jsr save_add
    inx
    cpx #<GAME_BLOCK_SUMMED
    bne @p2
    rts
.endproc
.assert save_sum - save_magic = GAME_BLOCK_SUMMED && <save_magic = 0, error, "game block sum"
.assert GAME_BLOCK_SUMMED .mod 256 = 256 - 2, error, "save_write's magic term: 766 = -2 mod 256"

;;
; s1 += A + 1; s2 += s1 (8-bit, wrapping).  Clobbers: A.
.proc save_add
    sec
    adc save_s1
    sta save_s1
    clc
    adc save_s2
    sta save_s2
    rts
.endproc

;;
; Completes the game block for the game in progress: header (mode, level, flip, nply,
; result), reserved bytes and the entries past nply zeroed, checksum, magic last.  The
; start position and the moves are already in the block.  Call after every move, undo
; and result.
; Clobbers: A, X, Y.  Cycles: ~35,000
.proc save_write
    lda #0
    sta save_magic             ; invalid while we write: a power cut leaves no save
    ldx #3                     ; the rest of the magic now (the sum counts it)
@magic:
    lda save_magic_text,x
    sta save_magic,x
    dex
    bne @magic
    lda game_mode
    sta save_mode
    lda game_level
    sta save_level
    lda game_flip
    sta save_flip
    lda game_nply
    sta save_nply
    lda game_nply_hi
    sta save_nply+1
    lda game_result
    sta save_result
    lda #SAVE_VERSION
    sta save_version
    lda #0
    ldx #14
@res:
    sta save_reserved,x
    dex
    bpl @res
    sta save_reserved2
    sta save_reserved2+1
    lda game_nply              ; entries past nply: 0
    ldx game_nply_hi
    jsr game_rec_ptr
@zero:
    lda game_rp+1
    cmp #>save_reserved2
    bne :+
    lda game_rp
    cmp #<save_reserved2
    beq @zeroed
:   lda #0
    tay
    sta (game_rp),y
    inc game_rp
    bne @zero
    inc game_rp+1
    bne @zero
@zeroed:
    jsr save_sum_all           ; (with the first magic byte 0: add what "X" adds, once
    lda save_s1                ; to s1 and to each of the 766 partial sums in s2:
    clc                        ; 766 = -2 mod 256)
    adc save_magic_text
    sta save_sum
    lda save_s2
    sec
    sbc #<(2 * 'X')
    sta save_sum+1
    lda save_magic_text        ; the magic's first byte last: the save is valid
    sta save_magic
    rts
.endproc

;;
; Forgets the save (NEW, or a new game over it): the magic goes, the block is no
; longer a save.
; Clobbers: A.
.proc save_clear
    lda #0
    sta save_magic
    sta save_magic+1
    rts
.endproc

;;
; Checks the game block's magic, version, ranges, reserved bytes and checksum (the start
; position and the moves are checked by save_load).
; @return   save_state = SAVE_NONE (no save), SAVE_OK, SAVE_BAD (damaged or of another
;           version), SAVE_OLD (a version-1 save) or SAVE_DONE (a valid finished game)
; Clobbers: A, X.
.proc save_check
    ldx #3
@magic:
    lda save_magic,x
    cmp save_magic_text,x
    bne @v1
    dex
    bpl @magic
    jsr save_fields_bad
    bcs @bad
    jsr save_sum_all
    lda save_s1
    cmp save_sum
    bne @bad
    lda save_s2
    cmp save_sum+1
    bne @bad
    lda #SAVE_OK
    ldx save_result
    beq @set
    lda #SAVE_DONE
    bne @set
@v1:
    ldx #3                     ; the magic of a version-1 save
@old:
    lda SAVE_V1_MAGIC,x
    cmp save_magic_text,x
    bne @other
    dex
    bpl @old
    lda #SAVE_OLD
    bne @set
@other:
    lda save_magic             ; "XQ" of another layout, or nothing
    cmp save_magic_text
    bne @none
    lda save_magic+1
    cmp save_magic_text+1
    beq @bad
@none:
    lda #SAVE_NONE
    beq @set
@bad:
    lda #SAVE_BAD
@set:
    sta save_state
    rts
.endproc

; save_index bound (exclusive) by start kind: 0 for the standard start and a set-up
save_index_max: .byte 1, HANDICAP_COUNT, PUZZLE_COUNT, 1
.assert START_STD = 0 && START_HCAP = 1 && START_PUZZLE = 2 && START_SETUP = 3, error, "kinds"

;;
; Are a game block field out of its range or a reserved byte not 0 (save_check)?
; @return   C set if so
; Clobbers: A, X.
.proc save_fields_bad
    lda save_version
    cmp #SAVE_VERSION
    bne @bad
    lda save_mode
    cmp #MODES
    bcs @bad
    lda save_level
    beq @bad
    cmp #LEVEL_COUNT + 1
    bcs @bad
    lda save_flip
    cmp #2                     ; 0 or 1 (game_flip is tested as a byte: $80 would stick)
    bcs @bad
    ldx save_kind
    cpx #START_KINDS
    bcs @bad
    lda save_index
    cmp save_index_max,x
    bcs @bad
    lda save_side
    cmp #2
    bcs @bad
    lda save_half
    cmp #100
    bcs @bad
    lda save_fullmove          ; 1..9999
    ora save_fullmove+1
    beq @bad
    lda save_fullmove
    cmp #<10000
    lda save_fullmove+1
    sbc #>10000
    bcs @bad
    lda save_nply              ; 0..GAME_MAX_PLY
    cmp #<(GAME_MAX_PLY + 1)
    lda save_nply+1
    sbc #>(GAME_MAX_PLY + 1)
    bcs @bad
    lda save_result
    cmp #RES_TOOLONG + 1
    bcs @bad
    lda save_reserved2
    ora save_reserved2+1
    ldx #14
@res:
    ora save_reserved,x
    dex
    bpl @res
    tax
    bne @bad
    clc
    rts
@bad:
    sec
    rts
.endproc

;;
; Marks the save refused for good: its checksum is inverted, so save_check answers
; SAVE_BAD from now on (the menu says so and offers no CONTINUE) until a new game's
; save_write overwrites it.
; Clobbers: A.
.proc save_refuse
    lda save_sum
    eor #$FF
    sta save_sum
    lda #SAVE_BAD
    sta save_state
    rts
.endproc

;;
; Is the start position of the game block (save_pieces, save_side) a legal xiangqi
; position?  Every piece on a square its slot's type may stand on (start_place,
; start_slot_bits), no square twice, both kings, and the side not to move not in check
; (flying general included: pos_in_check).  Loads the engine with the position.
; @return   C clear if legal
; Clobbers: A, X, Y, engine scratch.  Cycles: ~25,000
.proc save_start_legal
    lda save_pieces
    beq @bad
    lda save_pieces + PIECES_SIDE
    beq @bad
    ldx #31
@slot:
    ldy save_pieces,x
    beq @next
    lda start_place,y
    and start_slot_bits,x
    beq @bad
    stx game_tmp
    tya
@dup:                          ; no earlier slot on the same square
    dex
    bmi @undup
    cmp save_pieces,x
    beq @bad
    bne @dup
@undup:
    ldx game_tmp
@next:
    dex
    bpl @slot
    ldx #31
@copy:
    lda save_pieces,x
    sta eng_in_pieces,x
    dex
    bpl @copy
    lda save_side
    eor #1                     ; the side not to move must not be in check
    sta eng_in_side
    jsr far_eng_load
    jsr far_pos_in_check
    bcs @bad
    clc
    rts
@bad:
    sec
    rts
.endproc

;;
; Restores the saved game (save_state must be SAVE_OK): mode, level, flip, the start
; position (checked: save_start_legal), and the moves replayed from it.  Each move must
; be legal there and the game must not be over before it (the referee, game_judge, runs
; before every move).
; @return   C clear on success; C set if the start or a move failed (the save is then
;           refused for good, save_refuse, and the game is a new one: the menu runs again)
; Clobbers: A, X, Y, engine scratch.  Cycles: ~20,000 per saved move (game_judge +
;           game_redo)
.proc save_load
    lda save_mode
    sta game_mode
    lda save_level
    sta game_level
    lda save_flip
    sta game_flip
    jsr save_start_legal
    bcs @bad
    jsr game_new
@next:
    lda game_nply
    cmp save_nply
    lda game_nply_hi
    sbc save_nply+1
    bcs @ok
    jsr game_judge             ; over already: a further move cannot be in a save
    bne @bad
    jsr game_redo
    bcc @next
@bad:
    jsr save_refuse
    jsr game_set_std
    jsr game_new
    sec
    rts
@ok:
    clc
    rts
.endproc

;;
; Is the puzzle block valid (magic and checksum)?  If not, it is rewritten as "nothing
; solved" (the game block is never touched).
; Clobbers: A, X.
.proc save_pz_check
    ldx #3
@magic:
    lda pz_magic,x
    cmp save_pz_text,x
    bne @reset
    dex
    bpl @magic
    jsr save_pz_sum
    lda save_s1
    cmp pz_sum
    bne @reset
    lda save_s2
    cmp pz_sum+1
    bne @reset
    lda pz_reserved
    ora pz_reserved+1
    bne @reset
    rts
@reset:
    lda #0
    ldx #PZ_BLOCK_SUMMED + 1
@zero:
    sta pz_magic,x
    dex
    bpl @zero
    ; fall through: save_pz_write
.endproc

;;
; Writes the puzzle block's magic and checksum (after a change of the solved bits).
; Clobbers: A, X.
.proc save_pz_write
    lda #0
    sta pz_reserved
    sta pz_reserved+1
    ldx #3
@magic:
    lda save_pz_text,x
    sta pz_magic,x
    dex
    bpl @magic
    jsr save_pz_sum
    lda save_s1
    sta pz_sum
    lda save_s2
    sta pz_sum+1
    rts
.endproc

;;
; Sums (save_s1, save_s2) over the puzzle block's first PZ_BLOCK_SUMMED bytes.
; Clobbers: A, X.
.proc save_pz_sum
    lda #0
    sta save_s1
    sta save_s2
    tax
@next:
    lda pz_magic,x
    jsr save_add
    inx
    cpx #PZ_BLOCK_SUMMED
    bne @next
    rts
.endproc
.assert pz_sum - pz_magic = PZ_BLOCK_SUMMED, error, "puzzle block sum"

;;
; Is puzzle X solved (its bit in the puzzle block)?
; @return   C set if so
; Clobbers: A, Y.
.proc save_pz_solved_p
    jsr save_pz_at
    and pz_solved,y
    beq @no
    sec
    rts
@no:
    clc
    rts
.endproc

;;
; Marks puzzle X solved and rewrites the puzzle block.
; Clobbers: A, Y.
.proc save_pz_solve
    jsr save_pz_at
    ora pz_solved,y
    sta pz_solved,y
    txa
    pha
    jsr save_pz_write
    pla
    tax
    rts
.endproc

;;
; Y = X >> 3 (the byte of puzzle X's bit), A = 1 << (X & 7) (the bit).
; Clobbers: A, Y, save_s1.
.proc save_pz_at
    txa
    lsr a
    lsr a
    lsr a
    sta save_s1
    txa
    and #7
    tay
    lda save_pz_bits,y
    ldy save_s1
    rts
.endproc
save_pz_bits: .byte $01, $02, $04, $08, $10, $20, $40, $80
.export save_pz_solved_p, save_pz_solve
.export save_pz_check, save_pz_write
