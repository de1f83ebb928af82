; save.s: the battery-backed game (PRG-RAM, segment SAVE): header + the game record of
; game.s + a checksum.  A save whose magic, ranges, checksum or moves do not hold is
; refused (the menu says so); it never reaches the board.
.include "nes.inc"
.include "engine.inc"
.include "ui.inc"

.segment "SAVE"

.segment "ZEROPAGE"
SAVE_NONE = 0
SAVE_OK   = 1
SAVE_BAD  = 2
.exportzp SAVE_NONE, SAVE_OK, SAVE_BAD

.segment "UIDATA"
save_magic_text: .byte "XQ65"

.segment "UI"

;;
; Sums (save_s1, save_s2) over the header (mode, level, flip, nply) and the first nply
; entries of the three record arrays.
; Clobbers: A, X.
.proc save_sum_all
    lda #0
    sta save_s1
    sta save_s2
    ldx #3
@head:
    lda save_mode,x
    jsr save_add
    dex
    bpl @head
    ldx #0
@rec:
    cpx save_nply
    bcs @done
    lda game_rec_from,x
    jsr save_add
    lda game_rec_to,x
    jsr save_add
    lda game_rec_cap,x
    jsr save_add
    inx
    bne @rec
@done:
    rts
.endproc

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
; Writes the header and the checksum of the game in progress (the record itself is
; already in the save area).  Call after every move and undo.
; Clobbers: A, X.  Cycles: ~60 per ply of the record (~15,000 at 250 plies)
.proc save_write
    lda #0
    sta save_magic             ; invalid while we write: a power cut leaves no save
    lda game_mode
    sta save_mode
    lda game_level
    sta save_level
    lda game_flip
    sta save_flip
    lda game_nply
    sta save_nply
    jsr save_sum_all
    lda save_s1
    sta save_sum
    lda save_s2
    sta save_sum+1
    ldx #3
@magic:
    lda save_magic_text,x
    sta save_magic,x
    dex
    bpl @magic
    rts
.endproc

;;
; Forgets the save (a finished game is not continued).
; Clobbers: A.
.proc save_clear
    lda #0
    sta save_magic
    sta save_magic+1
    rts
.endproc

;;
; Checks the save: magic, ranges and checksum.
; @return   save_state = SAVE_NONE (no magic), SAVE_OK or SAVE_BAD
; Clobbers: A, X.
.proc save_check
    ldx #3
@magic:
    lda save_magic,x
    cmp save_magic_text,x
    bne @none
    dex
    bpl @magic
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
    lda save_nply
    cmp #GAME_MAX_PLY + 1
    bcs @bad
    jsr save_sum_all
    lda save_s1
    cmp save_sum
    bne @bad
    lda save_s2
    cmp save_sum+1
    bne @bad
    lda #SAVE_OK
    bne @set
@none:
    lda #SAVE_NONE
    beq @set
@bad:
    lda #SAVE_BAD
@set:
    sta save_state
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
; Restores the saved game (save_state must be SAVE_OK): mode, level, flip, and the
; moves replayed from the start position.  Each move must be legal there, its stored
; capture byte must be the one the replay records (victim | CHECK_BIT), and the game
; must not be over before it (the referee, game_judge, runs before every move).
; @return   C clear on success; C set if a move failed (the save is then refused for
;           good, save_refuse, and the game is a new one: the menu runs again)
; Clobbers: A, X, Y, engine scratch.  Cycles: ~20,000 per saved move (game_judge +
;           game_redo)
.proc save_load
    lda save_mode
    sta game_mode
    lda save_level
    sta game_level
    lda save_flip
    sta game_flip
    jsr game_new
    jsr game_gen
@next:
    lda game_nply
    cmp save_nply
    bcs @ok
    jsr game_judge             ; over already: a further move cannot be in a save
    bne @bad
    ldx game_nply
    lda game_rec_cap,x
    sta save_s1                ; (scratch: the sums are recomputed at every check)
    jsr game_redo
    bcs @bad
    ldx game_nply
    lda game_rec_cap-1,x
    cmp save_s1
    beq @next
@bad:
    jsr save_refuse
    jsr game_new
    jsr game_gen
    sec
    rts
@ok:
    clc
    rts
.endproc
