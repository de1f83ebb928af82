; book.s -- opening book lookup (docs/search.md, "Opening book"), levels 3-5.
;
; The book runs outside the engine's view (docs/cartridge.md): book_probe and the book's
; tables (build/book.inc, segment ENGINE_BOOK) sit in the game bank (bank 2) beside the
; game record and srch_start (think.s), which calls the probe before a think; they reach
; the engine bank through the trampolines far_mg_generate and far_book_mirror_key.  The
; mirror helpers, which read the Zobrist keys of the engine bank, stay in the fixed bank.
.include "engine.inc"
.include "book.inc"
.include "engine_macros.inc"

.import zob_xor, zob_xor_side, lfsr_byte
.import far_mg_generate, far_book_mirror_key
.export book_probe, book_mirror_key

.segment "CODE"                 ; fixed bank: the mirror helpers
;;
; Left-right mirror of square A: file16 f -> 14 - f.  @return A.  Clobbers: sr_t2.
.proc book_mirror
        pha
        and #$0F
        sta sr_t2
        lda #14
        sec
        sbc sr_t2
        sta sr_t2
        pla
        and #$F0
        ora sr_t2
        rts
.endproc

;;
; Key of the left-right mirror image of the position into sr_key.
; Clobbers: A, X, Y, sr_ptr0, sr_t0, sr_t2.  Cycles: ~4,500
.proc book_mirror_key
        ZOB_SUM 1
.endproc

.segment "ENGINE_GAME"          ; the game bank: run between thinks

;;
; The square of 90-index A (0..89, rank-major from Red's a0 as the book packs it):
; $33 + 16 * (A / 9) + A mod 9, as zob_sq_of90 (engine bank) holds it.
; @return A.  Clobbers: Y, sr_t2.  Cycles: 23 to 221 with RTS. A rank up costs 22 more
.proc book_sq
        ldy #$33                ; the square of index 0
@rank:  cmp #9
        bcc @file
        sbc #9                  ; (C set)
        pha
        tya
        adc #15                 ; (C set) + 16: the next rank
        tay
        pla
        jmp @rank
@file:  sta sr_t2
        tya
        clc
        adc sr_t2
        rts
.endproc

;;
; Looks the root position (record entry game_n) up in the book: the entries with its
; 16-bit key whose move is legal, in table order; if none, the same for the mirrored
; position (moves mirrored back).  With candidates, one LFSR byte r is drawn, reduced by
; the total weight W while r >= W, and the first candidate whose running weight sum
; exceeds r is chosen.  Candidates are collected in tt_from/tt_to/tt_sc_lo (scratch:
; the TT is cleared after the book).
; @return   C set and pos_from/pos_to = the book move; C clear: no book move (no draw)
; Clobbers: A, X, Y, sr_a, sr_b, sr_d (as bk_key, bk_count/bk_weight, bk_mirrored),
;           sr_t0-sr_t2, sr_key, the list of ply 0.
;           Cycles: ~8,000 (~14,000 when the mirror is tried; two far calls: ~460 each)
.proc book_probe
        lda #0
        sta eng_ply
        sta bk_mirrored         ; 0 direct, 1 mirrored
        jsr far_mg_generate
        ldx game_n
        lda rec_k2,x
        sta bk_key
        lda rec_k3,x
        sta bk_key+1
@pass:  lda #0
        sta bk_count            ; candidates
        sta bk_weight           ; total weight
        ldx #0
@ent:   cpx book_count
        bcc @more
        jmp @endp
@more:  lda book_key_lo,x
        cmp bk_key
        bne @nx
        lda book_key_hi,x
        cmp bk_key+1
        bne @nx
        lda book_mv_lo,x        ; from90 = bits 0-6
        and #$7F
        jsr book_sq
        sta pos_from
        lda book_mv_lo,x        ; to90 = bits 7-13
        asl a
        lda book_mv_hi,x
        rol a
        and #$7F
        jsr book_sq
        sta pos_to
        lda book_mv_hi,x        ; weight - 1 = bits 14-15
        rol a
        rol a
        rol a
        and #3
        sta sr_t1
        inc sr_t1
        lda bk_mirrored
        beq @legal
        lda pos_from
        jsr book_mirror
        sta pos_from
        lda pos_to
        jsr book_mirror
        sta pos_to
@legal: ldy mv_count
@scan:  dey
        bmi @nx
        lda mv_from_stk,y       ; the list of ply 0 starts at the stack base
        cmp pos_from
        bne @scan
        lda mv_to_stk,y
        cmp pos_to
        bne @scan
        ldy bk_count
        lda pos_from
        sta tt_from,y
        lda pos_to
        sta tt_to,y
        lda sr_t1
        sta tt_sc_lo,y
        clc
        adc bk_weight
        sta bk_weight
        inc bk_count
@nx:    inx
        jmp @ent
@endp:  lda bk_count
        bne @choose
        lda bk_mirrored
        bne @none
        inc bk_mirrored
        jsr far_book_mirror_key
        lda sr_key+2
        sta bk_key
        lda sr_key+3
        sta bk_key+1
        jmp @pass
@none:  clc
        rts
@choose:
        jsr lfsr_byte
@red:   cmp bk_weight
        bcc @got
        sbc bk_weight
        jmp @red
@got:   sta sr_t0               ; r
        lda #0
        sta sr_t1               ; running sum
        ldy #0
@pick:  lda sr_t1
        clc
        adc tt_sc_lo,y
        sta sr_t1
        lda sr_t0
        cmp sr_t1
        bcc @take
        iny
        jmp @pick
@take:  lda tt_from,y
        sta pos_from
        lda tt_to,y
        sta pos_to
        sec
        rts
.endproc
