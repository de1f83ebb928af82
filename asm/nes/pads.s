; pads.s: controller 1 reading.
.include "nes.inc"

.segment "ZEROPAGE"

.segment "UI"

;;
; Reads controller 1 (standard pad) once.
; @return pad_cur = buttons held (PAD_* bits), pad_new = pressed since last call
; Clobbers: A.  Cycles: ~150
; (Not DPCM-safe: the game plays no DPCM samples.)
.proc pad_read
    lda pad_cur
    pha                        ; previous state
    lda #1
    sta JOY1
    sta pad_cur                ; ring counter: the 1 falls into carry after 8 bits
    lsr a                      ; A = 0
    sta JOY1
@bit:
    lda JOY1
    and #%00000011             ; standard pad or Famicom expansion pad
    cmp #1                     ; C = button
    rol pad_cur
    bcc @bit
    pla
    eor #$FF
    and pad_cur
    sta pad_new
    rts
.endproc
