; far.s: the engine's entry points for the UI banks (docs/cartridge.md "Calling the
; engine from a UI bank"). The engine bank and the UI banks share $8000-$BFFF, so UI
; code never calls an engine routine directly: it calls far_<routine>, which maps the
; engine bank, calls <routine> and maps the caller's bank back. A, X, Y go in and come
; back unchanged by the trampoline, and so do the flags the routine returns.
; Fixed bank. To add one: a FAR line below and its name in nes.inc.
.include "nes.inc"
.include "engine.inc"

ENGINE_BANK = <.bank(mg_generate)    ; the bank the engine thinks in

.segment "ZEROPAGE"

.segment "CODE"

;;
; Trampoline body, first half (jsr from a FAR trampoline): puts mmc1_bank on the stack
; under its caller's return address and maps the engine bank.
; @param A, X, Y  passed through to the routine
; Clobbers: flags (A, X, Y kept).  Cycles: ~110 through the rts (mmc1_select included)
.proc far_enter
    sta far_a
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
    lda #ENGINE_BANK
    jsr mmc1_select
    ldx far_x
    lda far_a
    rts
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

.macro FAR routine
  .ident(.concat("far_", .string(routine))):
    jsr far_enter
    jsr routine
    jmp far_leave
.endmacro

;; Trampolines (9 bytes each): far_<routine> = <routine> called from a UI bank; each
;; call costs 225 cycles more than the routine (py65: far_mg_set_ptrs 257, mg_set_ptrs 32).
FAR eng_load
FAR eng_game_new
FAR eng_game_push
FAR eng_game_pop
FAR eng_game_result
FAR mg_generate
FAR mg_set_ptrs
FAR pos_in_check
FAR srch_think
