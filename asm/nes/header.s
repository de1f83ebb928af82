; header.s: the NES 2.0 header of the xq65 cartridge (nesdev wiki "NES 2.0").
; Mapper 1 (MMC1, SKROM class), 8 x 16 KB PRG-ROM (128 KB), 2 x 8 KB CHR-ROM, battery,
; 8 KB PRG-NVRAM and no volatile PRG-RAM, NTSC timing.

PRG_BANKS_16K = 8         ; docs/cartridge.md; asm/cfg/xiangqi.cfg has one PRGn area each
CHR_BANKS_8K  = 2         ; 16 KB: four 4 KB banks (docs/cartridge.md "CHR-ROM")
MAPPER        = 1
HDR_BATTERY   = $02
HDR_NES20     = $08       ; byte 7 bits 2-3 = %10
NVRAM_SHIFT   = 7         ; 64 << 7 = 8192 bytes

.segment "HEADER"
    .byte "NES", $1A
    .byte PRG_BANKS_16K
    .byte CHR_BANKS_8K
    .byte ((MAPPER & $0F) << 4) | HDR_BATTERY     ; byte 6: mapper low nibble, battery, V/H by mapper
    .byte (MAPPER & $F0) | HDR_NES20              ; byte 7: mapper mid nibble, NES 2.0 id
    .byte $00                                     ; byte 8: mapper bits 8-11, submapper 0
    .byte $00                                     ; byte 9: PRG/CHR size MSBs
    .byte NVRAM_SHIFT << 4                        ; byte 10: PRG-NVRAM 8 KB, no PRG-RAM = $70
    .byte $00                                     ; byte 11: no CHR-RAM
    .byte $00                                     ; byte 12: NTSC
    .byte $00, $00, $00                           ; bytes 13-15
