; perft.s -- leaf counting over the legal move generator.
.include "engine.inc"


.segment "ENGINE"

;;
; Counts the leaves of the legal move tree of depth pf_depth from the current position.
; Two entries: eng_perft counts in bulk (at depth 1 the generated count is added, no
; make/unmake); eng_perft_full makes and unmakes every leaf move (the "perft leaf"
; of docs/cycle_budget.md: make + legality + unmake, generation amortised; legality is the generator's).
; @param pf_depth  depth, 0..MAX_PLY-1-eng_ply
; @return   pf_nodes = 32-bit little-endian leaf count; position and ply unchanged
; Clobbers: A, X, Y, pf_full, pf_leaf, everything the generator clobbers.  Cycles per
;           leaf at depth 3 over the public positions: ~131 bulk, ~327 full (xq65 bench
;           movegen)
.proc eng_perft
        lda #0
        beq set                 ; always
full:   lda #1
set:    sta pf_full
        lda #0
        sta pf_nodes
        sta pf_nodes+1
        sta pf_nodes+2
        sta pf_nodes+3
        lda pf_depth
        bne rec
        inc pf_nodes
        rts
rec:    ; fall into pf_node with A = depth
.endproc
eng_perft_full = eng_perft::full

;;
; One node of depth A >= 1 at ply eng_ply: generates; at depth 1 adds the count to
; pf_nodes (bulk) or makes, counts and unmakes each move (pf_full set); else makes each
; move, recurses with A - 1 and unmakes.
; @param A  depth >= 1
; Clobbers: A, X, Y, pf_leaf.  Cycles: ~110 own per call, plus the generator (full
;           leaves: ~196 per leaf, 47 own + pos_make + pos_unmake)
.proc pf_node
        pha
        jsr mg_generate
        pla
        cmp #2
        bcs @inner
        lda pf_full
        bne @full
        lda mg_count
        clc
        adc pf_nodes
        sta pf_nodes
        bcc @leaf
        inc pf_nodes+1
        bne @leaf
        inc pf_nodes+2
        bne @leaf
        inc pf_nodes+3
@leaf:  rts
@full:  ldy mg_count             ; leaves in reverse list order (any order counts);
        beq @leaf               ; mg_fptr/mg_tptr still point at this ply's list
@fl:    dey
        sty pf_leaf             ; index, kept over make/unmake
        lda (mg_fptr),y
        sta pos_from
        lda (mg_tptr),y
        sta pos_to
        jsr pos_make
        inc pf_nodes
        bne @counted
        inc pf_nodes+1
        bne @counted
        inc pf_nodes+2
        bne @counted
        inc pf_nodes+3
@counted:
        jsr pos_unmake
        ldy pf_leaf
        bne @fl
        rts
@inner: sbc #1                  ; C set: depth - 1
        pha
        ldx eng_ply
        lda #0
        sta pf_idx,x
@loop:  ldx eng_ply
        lda pf_idx,x
        cmp mv_count,x
        bcs @done
        inc pf_idx,x
        tay
        jsr mg_set_ptrs
        lda (mg_fptr),y
        sta pos_from
        lda (mg_tptr),y
        sta pos_to
        jsr pos_make
        pla
        pha
        jsr pf_node
        jsr pos_unmake
        jmp @loop
@done:  pla
        rts
.endproc
