; mmc1.s: serial writes to the MMC1 registers (nesdev wiki "MMC1").
.include "nes.inc"

.segment "CODE"

;;
; Writes A to the MMC1 control register ($8000) with 5 serial writes.
; @param A  value (bits 0-4)
; Clobbers: A.  Cycles: 32 + jsr/rts
.proc mmc1_write_ctrl
    sta MMC1_CTRL
    lsr a
    sta MMC1_CTRL
    lsr a
    sta MMC1_CTRL
    lsr a
    sta MMC1_CTRL
    lsr a
    sta MMC1_CTRL
    rts
.endproc

;;
; Writes A to the MMC1 PRG bank register ($E000); bit 4 clear keeps PRG-RAM enabled.
; @param A  value (bits 0-4)
; Clobbers: A.  Cycles: 32 + jsr/rts
.proc mmc1_write_prg
    sta MMC1_PRG
    lsr a
    sta MMC1_PRG
    lsr a
    sta MMC1_PRG
    lsr a
    sta MMC1_PRG
    lsr a
    sta MMC1_PRG
    rts
.endproc

;;
; Writes A to the MMC1 CHR bank 0 register ($A000).
; @param A  value (bits 0-4)
; Clobbers: A.  Cycles: 32 + jsr/rts
.proc mmc1_write_chr0
    sta MMC1_CHR0
    lsr a
    sta MMC1_CHR0
    lsr a
    sta MMC1_CHR0
    lsr a
    sta MMC1_CHR0
    lsr a
    sta MMC1_CHR0
    rts
.endproc
