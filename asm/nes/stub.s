; stub.s: the MMC1 reset stub, once at the end of EACH 16 KB bank (nesdev wiki
; "Programming MMC1"). At power-on the MMC1 may map any bank at $C000, so every bank
; carries these 16 bytes at $FFF0: they reset the mapper (a write with bit 7 set also
; sets PRG mode 3, last bank fixed at $C000) and jump into the fixed bank.
.include "nes.inc"

.macro RESET_STUB name
  .proc name
    sei
    ldx #$FF
    txs
    stx MMC1_CTRL           ; bit 7 set: reset the shift register, fix last bank
    jmp nes_reset           ; in the fixed bank, now mapped at $C000
  .endproc
  .assert * = $FFFA, error, "reset stub must end exactly at the vectors"
    .addr nes_nmi, name, nes_irq
.endmacro

.segment "STUB0"
RESET_STUB reset_stub0

.segment "STUB1"
RESET_STUB reset_stub1

.segment "STUB2"
RESET_STUB reset_stub2

.segment "STUB3"
RESET_STUB reset_stub3

.segment "STUB4"
RESET_STUB reset_stub4

.segment "STUB5"
RESET_STUB reset_stub5

.segment "STUB6"
RESET_STUB reset_stub6

.segment "STUB7"
RESET_STUB reset_stub7
