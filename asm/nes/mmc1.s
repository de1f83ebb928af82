; mmc1.s: serial writes to the MMC1 registers (nesdev wiki "MMC1") and the PRG bank
; switch of the cartridge (docs/cartridge.md). Fixed bank: every bank sees it.
;
; The MMC1 takes a register value as 5 serial writes; an NMI that writes the mapper
; between two of them would corrupt the value (the classic MMC1 hazard). The rule here:
; the main thread switches banks only with mmc1_select, which writes mmc1_bank first;
; the NMI switches only with mmc1_nmi_map, which resets the shift register and sets
; mmc1_nmi_hit, and it puts mmc1_bank back before it returns. mmc1_select writes its 5
; bits again whenever it finds mmc1_nmi_hit set, so the bank it leaves mapped is always
; mmc1_bank (tests/test_cart_banks.py injects the NMI before every instruction).
.include "nes.inc"

; The 5 serial writes of A's bits 0-4 to the MMC1 register `reg` (A ends shifted right 4).
.macro MMC1_SERIAL reg
  .repeat 4
    sta reg
    lsr a
  .endrepeat
    sta reg
.endmacro

.segment "ZEROPAGE"

.segment "UI"

;;
; Main thread, UI bank (the screens that choose their tiles): maps the 4 KB CHR bank Y
; at PPU $1000 (nmi.s's pattern table of the background and the sprites).  Safe
; against the NMI as mmc1_select is: when an NMI used the mapper during the writes,
; they start again.  Called with rendering off (a switch mid-frame would tear).
; @param Y  CHR bank (CHR_BANK_GAME, CHR_BANK_MENU)
; Clobbers: A.  X, Y preserved.  Cycles: 48 through the rts (+ 44 more when an NMI
; used the mapper during the writes)
.proc mmc1_chr1_select
@again:
    lda #0
    sta mmc1_nmi_hit
    lda #$80
    sta MMC1_CTRL              ; reset the shift register (drops a stale partial write)
    tya
    MMC1_SERIAL MMC1_CHR1
    lda mmc1_nmi_hit
    bne @again
    rts
.endproc

.segment "CODE"

;;
; Writes A to the MMC1 control register ($8000) with 5 serial writes (reset only).
; @param A  value (bits 0-4)
; Clobbers: A.  Cycles: 32 + jsr/rts
.proc mmc1_write_ctrl
    MMC1_SERIAL MMC1_CTRL
    rts
.endproc

;;
; Writes A to the MMC1 CHR bank 0 register ($A000) (reset only).
; @param A  value (bits 0-4)
; Clobbers: A.  Cycles: 32 + jsr/rts
.proc mmc1_write_chr0
    MMC1_SERIAL MMC1_CHR0
    rts
.endproc

;;
; Main thread: maps PRG bank A at $8000 (bit 4 clear keeps PRG-RAM enabled) and keeps
; it in mmc1_bank. Safe against the NMI (see the top of this file): when an NMI used
; the mapper during the writes, they start again.
; @param A  bank (0-15)
; Clobbers: A, C.  X, Y preserved.  Cycles: 56 through the rts (+ 48 more when an NMI
; used the mapper during the writes)
.proc mmc1_select
    sta mmc1_bank
@again:
    lda #0
    sta mmc1_nmi_hit
    lda #$80
    sta MMC1_CTRL              ; reset the shift register (drops a stale partial write)
    lda mmc1_bank
    MMC1_SERIAL MMC1_PRG
    lda mmc1_nmi_hit
    bne @again
    rts
.endproc

;;
; NMI only: maps PRG bank A at $8000 without changing mmc1_bank, and sets mmc1_nmi_hit
; so that an interrupted mmc1_select writes its bank again. The NMI calls it twice: to
; map the UI bank, then with mmc1_bank to give the main thread its bank back.
; @param A  bank (0-15)
; Clobbers: A, X.  Cycles: 43 through the rts
.proc mmc1_nmi_map
    ldx #$80
    stx MMC1_CTRL              ; reset: a partial write of the main thread is dropped
    stx mmc1_nmi_hit
    MMC1_SERIAL MMC1_PRG
    rts
.endproc
