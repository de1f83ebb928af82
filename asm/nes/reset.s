; reset.s: power-on/reset initialisation in the fixed bank (after the MMC1 stub).
.include "nes.inc"

; control: vertical mirroring, 16 KB PRG banks with $C000 fixed to the last bank,
; 4 KB CHR banks ($0000: the title's, set here; $1000: the screen's, set by nes_main,
; menu_run and play_draw_screen with mmc1_chr1_select)
MMC1_CTRL_VALUE = MMC1_MIRROR_VERT | MMC1_PRG_FIX_LAST | MMC1_CHR_4K

.segment "CODE"

;;
; Reset handler, entered from the reset stub with I set and S = $FF.
; Silences the APU IRQs, waits two vblanks for the PPU to warm up, clears the
; internal RAM $0000-$07FF, sets up the MMC1 (the UI bank of nes_main at $8000), then
; jumps to nes_main.
; Never returns.
.proc nes_reset
    sei
    cld
    ldx #$FF
    txs
    inx                       ; X = 0
    stx PPUCTRL               ; no NMI
    stx PPUMASK               ; rendering off
    stx DMC_FREQ              ; no DMC IRQ
    stx SND_CHN               ; all channels off
    lda #$40
    sta APU_FRAME             ; no APU frame IRQ
    bit PPUSTATUS             ; clear a vblank flag left from before reset
@vblank1:
    bit PPUSTATUS
    bpl @vblank1

    ; clear RAM while the PPU warms up (X = 0)
    txa
@clear:
    sta $0000,x
    sta $0100,x
    sta $0200,x
    sta $0300,x
    sta $0400,x
    sta $0500,x
    sta $0600,x
    sta $0700,x
    inx
    bne @clear

@vblank2:
    bit PPUSTATUS
    bpl @vblank2

    lda #$80
    sta MMC1_CTRL             ; reset the shift register again (no stale bits)
    lda #MMC1_CTRL_VALUE
    jsr mmc1_write_ctrl
    lda #CHR_BANK_TITLE
    jsr mmc1_write_chr0
    lda #<.bank(nes_main)      ; the UI bank (mmc1_bank = it: the NMI restores it)
    jsr mmc1_select
    jmp nes_main
.endproc
