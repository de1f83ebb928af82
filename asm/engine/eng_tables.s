; eng_tables.s -- constant tables of the engine, computed at assembly time.
.include "engine.inc"

.segment "ENGINE_TABLES"       ; fixed bank, page aligned (docs/cartridge.md)
.align 256
; eng_kind[v]: the kind of board value v (KIND_* | KIND_BLACK), KIND_NONE otherwise.
eng_kind:
.repeat 256, I
  .if I >= $10 && I < $30
    .byte PIECE_TYPE {I} + (I >= BLACK_TAG) * KIND_BLACK ; docs/encoding.md
  .else
    .byte KIND_NONE
  .endif
.endrepeat

; eng_sqflags[sq]: palace and half membership of the playing squares (0 off board).
eng_sqflags:
.repeat 256, I
  .if (I >> 4) >= 3 && (I >> 4) <= 12 && (I & 15) >= 3 && (I & 15) <= 11
    RANK .set I >> 4
    MIDFILE .set (I & 15) >= 6 && (I & 15) <= 8
    PAL .set (RANK >= 10 && MIDFILE) * SQF_RED_PALACE + (RANK <= 5 && MIDFILE) * SQF_BLACK_PALACE
    HALF .set ((I & $80) <> 0) * SQF_RED_HALF + ((I & $80) = 0) * SQF_BLACK_HALF
    .byte PAL + HALF
  .else
    .byte 0
  .endif
.endrepeat

; eng_up16[sq] = sq - 16, eng_down16[sq] = sq + 16 (mod 256): vertical steps by lookup.
eng_up16:
.repeat 256, I
    .byte (I - 16) & $FF
.endrepeat
eng_down16:
.repeat 256, I
    .byte (I + 16) & $FF
.endrepeat

.assert <eng_up16 = 0 && <eng_down16 = 0, error, "step tables must be page aligned"
.assert <eng_kind = 0, error, "eng_kind must be page aligned"
.assert <eng_sqflags = 0, error, "eng_sqflags must be page aligned"
