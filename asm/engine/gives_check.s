; gives_check.s -- "does the move just made give check?" from what the move changed.
;
; srch_make needs, after every pos_make, whether the side now to move (the defender) is
; in check.  pos_in_check answers it from scratch (~450 cycles: four king rays, horses,
; pawns).  pos_gives_check answers the same question from the move alone, because the
; defender was not in check before the move (it is the mover's turn only after the
; defender's legal move; the reference rejects a FEN whose side not to move is in check).
; An attack on the defender's king K after the move must therefore come from a square
; the move changed (docs/cycle_budget.md, "Check after a move", has the argument):
;
;   (a) the landing square `to`: the mover attacks K from there: a horse with its leg
;       empty, a pawn beside K or in front of it;  a rook, cannon or king only along a
;       line of K, and then (c) below scans that line;
;   (b) the vacated square `from`: on a line of K, it may have been the block of a rook
;       (of the king, on the file) or a screen of a double-screened cannon: scan the ray
;       from K through `from`;  as a diagonal neighbour of K, it may have been the leg
;       of a horse: test the two horse squares that use it;
;   (c) `to` on a line of K (occupied now: a new screen, or the mover itself): scan the
;       ray from K through `to`.
;
; Nothing else changed on the board (a capture replaces a piece on `to`, it opens no
; line), pawn attacks depend on the pawn's square only, and a ray that holds neither
; square looks as before.  A ray scan decides its whole ray, so when `from` and `to` lie
; on the same ray from K it is scanned once.
.include "engine.inc"
.include "engine_macros.inc"



; gc_rel[(sq - K) & $FF]: how square sq relates to the king square K.  K lies in a
; palace (file16 6..8), so sq - K = 16 * dr + df with |df| <= 5 and |dr| <= 9: the file
; and rank classes and the short deltas are unambiguous modulo 256 (only the direction
; of a far file square is not: dr = 7 and dr = -9 share a byte, so the direction comes
; from comparing sq with K).
GC_FILE  = $01              ; same file (sq != K)
GC_RANK  = $02              ; same rank (sq != K)
GC_LINE  = GC_FILE | GC_RANK
GC_LEG   = $04              ; diagonal neighbour of K: the leg of two horse squares
GC_HORSE = $08              ; a horse here attacks K when the leg gc_diag[idx] is empty
GC_ADJ   = $10              ; orthogonal neighbour (with GC_FILE or GC_RANK): pawn square
.export gc_rel              ; (the evasions of movegen.s: can a move from sq uncover K?)
.exportzp GC_LINE, GC_LEG, GC_FILE
.export gc_skx_of, gc_scan_n, gc_scan_s, gc_scan_w, gc_scan_e   ; (mg_capt_line)
; bits 6-7: idx 0..3 of the diagonal K-17, K-15, K+15, K+17 (GC_LEG, GC_HORSE)

DIR_N = 0                   ; gc_dir: the ray that (c) scanned, $FF none
DIR_S = 1
DIR_W = 2
DIR_E = 3

.segment "ENGINE_CHECK"     ; fixed bank, page aligned (docs/cartridge.md)

gc_rel:
.repeat 256, I
    DF .set ((I + 8) & 15) - 8
    DRM .set ((I - DF) >> 4) & 15
    D .set I - (I >= 128) * 256
    CLS .set 0
  .if DF = 0 && DRM <> 0
    CLS .set CLS | GC_FILE
  .endif
  .if DRM = 0 && DF <> 0
    CLS .set CLS | GC_RANK
  .endif
  .if D = 1 || D = -1 || D = 16 || D = -16
    CLS .set CLS | GC_ADJ
  .endif
  .if D = -17
    CLS .set CLS | GC_LEG | $00
  .elseif D = -15
    CLS .set CLS | GC_LEG | $40
  .elseif D = 15
    CLS .set CLS | GC_LEG | $80
  .elseif D = 17
    CLS .set CLS | GC_LEG | $C0
  .elseif D = -33 || D = -18
    CLS .set CLS | GC_HORSE | $00
  .elseif D = -31 || D = -14
    CLS .set CLS | GC_HORSE | $40
  .elseif D = 14 || D = 31
    CLS .set CLS | GC_HORSE | $80
  .elseif D = 18 || D = 33
    CLS .set CLS | GC_HORSE | $C0
  .endif
    .byte CLS
.endrepeat
.assert <gc_rel = 0, error, "gc_rel must be page aligned"

gc_diag: .byte <-17, <-15, 15, 17   ; by idx: the leg square relative to K
gc_hv:   .byte <-16, <-16, 16, 16   ; by idx: the two horse squares that use the leg,
gc_hh:   .byte <-1, 1, <-1, 1       ; relative to the leg (leg + v, leg + h)
gc_kidx: .byte 0, 16                ; by eng_side (the defender): its king's piece index
gc_skx_of: .byte KIND_BLACK, 0      ; by eng_side: KIND_BLACK bit of the mover's kinds
gc_behind: .byte 16, <-16           ; by eng_side: the one K neighbour no mover pawn
                                    ; attacks from (behind K as the pawn walks)

; One ray from K (att_sq): C set if its first piece is a mover's rook (or, on the file,
; the mover's king: flying general) or its second piece is a mover's cannon.
.macro GC_SCAN step
        .local l1, l2, yes, no
        ldx att_sq
l1:
        ADVANCE step
        lda eng_board,x
        beq l1
        NOCROSS l1
        tay
        lda eng_kind,y
        eor gc_skx              ; the mover's kinds -> plain KIND_*
  .if step = 16 || step = -16
        beq yes                 ; KIND_K: the kings face (never after a legal move)
  .endif
        cmp #KIND_R
        beq yes
        cpy #OFFBOARD
        beq no
l2:
        ADVANCE step
        lda eng_board,x
        beq l2
        NOCROSS l2
        tay
        lda eng_kind,y
        eor gc_skx
        cmp #KIND_C
        beq yes
no:     clc
        rts
yes:    sec
        rts
.endmacro

;;
; Ray scan from K = att_sq toward the north for pos_gives_check (gc_scan_s/_w/_e: the
; other three directions).
; @param att_sq  the defender's king square; gc_skx the mover's KIND_BLACK bit
; @return   C set if the ray gives check
; Clobbers: A, X, Y.
.proc gc_scan_n
        GC_SCAN -16
.endproc

;;
; The ray scan toward the south, as gc_scan_n.  @return C set if the ray gives check
; Clobbers: A, X, Y.
.proc gc_scan_s
        GC_SCAN 16
.endproc

;;
; The ray scan toward the west, as gc_scan_n.  @return C set if the ray gives check
; Clobbers: A, X, Y.
.proc gc_scan_w
        GC_SCAN -1
.endproc

;;
; The ray scan toward the east, as gc_scan_n.  @return C set if the ray gives check
; Clobbers: A, X, Y.
.proc gc_scan_e
        GC_SCAN 1
.endproc

;;
; Is the side to move in check, after pos_make of a legal move?  The same boolean as
; pos_in_check, from the squares the move changed (header of this file).  Requires that
; the side to move was not in check before the move (true after any legal move from a
; legal position).
; @param pos_from, pos_to  the move pos_make just made (eng_side: the defender)
; @return   C set if the side to move is in check; att_sq = its king square (as
;           pos_in_check leaves it; the other pos_setup_side variables are not set)
; Clobbers: A, X, Y, att_sq, gc_skx, gc_dir, gc_t.  Cycles (with RTS, no JSR):
;           54 when neither square bears on K (most moves), up to ~390 with two long
;           ray scans; mean 116 over every legal move of the public perft positions to
;           depth 2 (pos_in_check 482 on the same moves), 103 over the legal moves of 500
;           random positions (pos_in_check 463); in the search 104 a node with its scans
;           (docs/cycle_budget.md "Check after a move")
.proc pos_gives_check
        ldx eng_side            ; the defender
        ldy gc_kidx,x
        lda eng_piece_sq,y
        sta att_sq              ; K
        lda pos_to
        sec
        sbc att_sq
        tay
        lda gc_rel,y
        bne to_rel
        lda pos_from            ; `to` bears on nothing: only `from` can
        sec
        sbc att_sq
        tay
        lda gc_rel,y
        bne from_first
no:     clc
        rts
yes:    sec
        rts

from_first:                     ; A = relation of `from`, X = eng_side
        sta gc_t
        lda gc_skx_of,x
        sta gc_skx
        lda #$FF
        sta gc_dir              ; no ray scanned
        jmp from_rel

        ; ---- (a) and (c): the landing square -------------------------------------------
to_rel:                         ; A = relation of `to`, X = eng_side
        sta gc_t
        lda gc_skx_of,x
        sta gc_skx
        lda #$FF
        sta gc_dir
        lda gc_t
        and #GC_HORSE
        beq to_nohorse
        ldx pos_to              ; a horse square of K: is the mover a horse?
        ldy eng_board,x
        lda eng_kind,y
        and #7
        cmp #KIND_N
        bne from_part
        lda gc_t                ; idx (bits 6-7) -> the leg K + gc_diag[idx]
        asl a
        rol a
        rol a
        and #3
        tax
        lda gc_diag,x
        clc
        adc att_sq
        tax
        lda eng_board,x
        beq yes                 ; leg empty: the horse gives check
        bne from_part           ; (always)
to_nohorse:
        lda gc_t
        and #GC_ADJ
        beq to_line
        ldx pos_to              ; an orthogonal neighbour of K: is the mover a pawn?
        ldy eng_board,x
        lda eng_kind,y
        and #7
        cmp #KIND_P
        bne to_line
        lda pos_to
        sec
        sbc att_sq
        ldx eng_side
        cmp gc_behind,x
        bne yes                 ; beside K (crossed: K's rank is beyond the river) or
                                ; in front of it
to_line:
        lda gc_t
        and #GC_LINE
        beq from_part           ; (a leg square: a piece landing there only blocks)
        and #GC_FILE
        beq to_rank
        lda pos_to
        cmp att_sq
        bcs to_s
        lda #DIR_N
        sta gc_dir
        jsr gc_scan_n
        bcs yes1
        bcc from_part
to_s:   lda #DIR_S
        sta gc_dir
        jsr gc_scan_s
        bcs yes1
        bcc from_part
to_rank:
        lda pos_to
        cmp att_sq
        bcs to_e
        lda #DIR_W
        sta gc_dir
        jsr gc_scan_w
        bcs yes1
        bcc from_part
to_e:   lda #DIR_E
        sta gc_dir
        jsr gc_scan_e
        bcc from_part
yes1:   sec
        rts
no1:    clc
        rts

        ; ---- (b): the vacated square -----------------------------------------------------
from_part:
        lda pos_from
        sec
        sbc att_sq
        tay
        lda gc_rel,y
        beq no1
        sta gc_t
from_rel:                       ; gc_t = relation of `from`; gc_skx, gc_dir set
        lda gc_t
        and #GC_LEG
        bne from_leg
        lda gc_t
        and #GC_LINE
        beq no1                  ; (a horse square: nothing stands there now)
        and #GC_FILE
        beq from_rank
        lda pos_from
        cmp att_sq
        bcs from_s
        lda gc_dir
        cmp #DIR_N
        beq no1                  ; the same ray as `to`: scanned
        jmp gc_scan_n
from_s: lda gc_dir
        cmp #DIR_S
        beq no1
        jmp gc_scan_s
from_rank:
        lda pos_from
        cmp att_sq
        bcs from_e
        lda gc_dir
        cmp #DIR_W
        beq no1
        jmp gc_scan_w
from_e: lda gc_dir
        cmp #DIR_E
        beq no1
        jmp gc_scan_e

from_leg:                       ; `from` was the leg of the horse squares leg+v, leg+h
        lda gc_t
        asl a
        rol a
        rol a
        and #3
        tay
        lda pos_from
        clc
        adc gc_hv,y
        tax
        lda eng_board,x
        tax
        lda eng_kind,x
        eor gc_skx
        cmp #KIND_N
        beq yes1
        lda pos_from
        clc
        adc gc_hh,y
        tax
        lda eng_board,x
        tax
        lda eng_kind,x
        eor gc_skx
        cmp #KIND_N
        beq yes2
        clc
        rts
yes2:   sec
        rts
.endproc
