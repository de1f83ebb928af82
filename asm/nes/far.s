; far.s: the engine's entry points for the other banks (docs/cartridge.md "Calling the
; engine from a UI bank"). The engine bank, the game bank and the UI banks share
; $8000-$BFFF, so code of one never calls a routine of another directly: it calls
; far_<routine>, which maps the routine's bank, calls <routine> and maps the caller's
; bank back. A, X, Y go in and come back unchanged by the trampoline, and so do the flags
; the routine returns. Fixed bank. To add one: a FAR (engine bank) or FAR_GAME (game
; bank) line below and its name in nes.inc.
.include "nes.inc"
.include "engine.inc"

ENGINE_BANK = <.bank(mg_generate)    ; the bank the engine thinks in
GAME_BANK = <.bank(eng_game_new)     ; the game record and the referee (asm/engine/game.s)
.import pz_fetch, book_mirror_key
PZ_BANK = <.bank(pz_fetch)           ; the puzzles' piece lists (asm/nes/starts.s)

.segment "ZEROPAGE"

.segment "CODE"

;;
; Trampoline body, first half (jsr from a FAR trampoline): puts mmc1_bank on the stack
; under its caller's return address and maps the engine bank (far_enter_game: the game
; bank).
; @param A, X, Y  passed through to the routine
; Clobbers: flags (A, X, Y kept).  Cycles: ~115 through the rts (mmc1_select included)
.proc far_enter
    sta far_a
    lda #ENGINE_BANK
enter:                         ; A = the bank to map, far_a = the caller's A
    sta far_b
    stx far_x
    pla                        ; return address, low byte
    tax
    pla                        ; high byte
    sta far_t
    lda mmc1_bank
    pha                        ; the caller's bank, for far_leave
    lda far_t
    pha
    txa
    pha
    lda far_b
    jsr mmc1_select
    ldx far_x
    lda far_a
    rts
.endproc

;;
; far_enter for a routine of the game bank (jsr from a FAR_GAME trampoline).
; @param A, X, Y  passed through to the routine
; Clobbers: flags (A, X, Y kept).  Cycles: ~120 through far_enter's rts
.proc far_enter_game
    sta far_a
    lda #GAME_BANK
    jmp far_enter::enter
.endproc

;;
; Trampoline body, second half (jmp from a FAR trampoline, the caller's bank on top of
; the stack): maps that bank back and returns to the trampoline's caller.
; @param A, X, Y, flags  the routine's results, kept
; Clobbers: nothing.  Cycles: ~95 through the final rts (mmc1_select included)
.proc far_leave
    php
    sta far_a
    pla
    sta far_t                  ; the routine's flags
    pla                        ; the caller's bank
    jsr mmc1_select            ; clobbers A and C only
    lda far_t
    pha
    lda far_a
    plp
    rts
.endproc

.macro FAR routine, enter
  .ident(.concat("far_", .string(routine))):
  .ifblank enter
    jsr far_enter
  .else
    jsr enter
  .endif
    jsr routine
    jmp far_leave
.endmacro

.macro FAR_GAME routine
    FAR routine, far_enter_game
.endmacro

;; Trampolines (9 bytes each): far_<routine> = <routine> called from another bank; each
;; call costs ~230 cycles more than the routine (py65: far_mg_set_ptrs 262, mg_set_ptrs 32).
;; The engine bank's, for the UI bank and (the last six) for the game bank:
FAR eng_load
FAR srch_think
FAR mg_set_ptrs
FAR mg_generate
FAR pos_in_check
FAR pos_make
FAR pos_unmake
FAR zob_full
FAR book_mirror_key
;; The game bank's, for the UI bank:
FAR_GAME eng_game_new
FAR_GAME eng_game_push
FAR_GAME eng_game_pop
FAR_GAME eng_game_result
FAR_GAME srch_start
;; The puzzle bank's, for the UI bank (after the engine's code: FIXED_TAIL)
.segment "FIXED_TAIL"
;;
; far_enter for a routine of the puzzle bank (jsr from its trampoline).
; @param A, X, Y  passed through to the routine
; Clobbers: flags (A, X, Y kept).  Cycles: ~120 through far_enter's rts
.proc far_enter_pz
    sta far_a
    lda #PZ_BANK
    jmp far_enter::enter
.endproc

FAR pz_fetch, far_enter_pz
