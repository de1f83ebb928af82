; perft.s -- leaf counting over the legal move generator.
.include "engine.inc"

.segment "ENGINE"

;;
; Counts the leaves of the legal move tree of depth pf_depth from the current position
; (bulk counting: at depth 1 the generated count is added, no make/unmake).
; @param pf_depth  depth, 0..MAX_PLY-1-eng_ply
; @return   pf_nodes = 32-bit little-endian leaf count; position and ply unchanged
; Clobbers: A, X, Y, everything the generator clobbers.  Cycles: ~146 per leaf at depth 3
;           over the public positions, 113 at the start position (xq65 bench movegen)
.proc eng_perft
        lda #0
        sta pf_nodes
        sta pf_nodes+1
        sta pf_nodes+2
        sta pf_nodes+3
        lda pf_depth
        bne @rec
        inc pf_nodes
        rts
@rec:   ; fall into pf_node with A = depth
.endproc

;;
; One node of depth A >= 1 at ply eng_ply: generates; at depth 1 adds the count to
; pf_nodes, else makes each move, recurses with A - 1 and unmakes.
; @param A  depth >= 1
; Clobbers: A, X, Y.  Cycles: ~110 own per call, plus the generator
.proc pf_node
        pha
        jsr mg_generate
        pla
        cmp #2
        bcs @inner
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
