; eng_ram.s -- every byte of engine RAM (documented in docs/ram_map.md).
.include "engine.inc"

.exportzp eng_side, eng_ply, mg_count, mg_fptr, mg_tptr, pos_from, pos_to
.exportzp att_sq, pf_depth, pf_nodes
.exportzp mg_from, mg_to, mg_cap, mg_ksq, mg_own
.exportzp mg_mask, mg_todanger, mg_pdanger, mg_stamp, mg_p1, mg_p2, mg_k1
.exportzp mg_palbit, mg_halfbit, mg_side16, mg_fwd
.exportzp att_rook, att_cannon, att_horse, att_pawn, att_king, att_pawndir
.exportzp att_horses, att_cannons, att_hnear
.exportzp eng_tmp0, pf_full, pf_leaf, gc_skx, gc_dir, gc_t
.export eng_zp_start, eng_zp_end, eng_bss_start, eng_bss_end, eng_wram_start, eng_wram_end
.export mg_dmap

.segment "ZEROPAGE"
eng_zp_start:
eng_side:     .res 1
eng_ply:      .res 1
mg_count:     .res 1
mg_fptr:      .res 2
mg_tptr:      .res 2
pos_from:     .res 1
pos_to:       .res 1
att_sq:       .res 1
pf_depth:     .res 1
pf_nodes:     .res 4
; generator state (private)
mg_from:      .res 1        ; square of the piece being generated
mg_to:        .res 1        ; target being emitted
mg_cap:       .res 1        ; board byte saved by the full legality test
mg_ksq:       .res 1        ; own king square
mg_incheck:   .res 1        ; nonzero: side to move is in check (checks found, >= 1)
mg_own:       .res 1        ; own side tag (RED_TAG / BLACK_TAG)
mg_stamp:     .res 1        ; mg_dmap[sq] = mg_stamp: sq needs the full legality test
mg_p1:        .res 1        ; king-ray scan: first and second piece squares
mg_p2:        .res 1
mg_k1:        .res 1        ; kind of the first piece
mg_todanger:  .res 1        ; nonzero: mg_scan stamped target squares (cannon p1)
mg_mask:      .res 1        ; $FF, or 0 while a stamped piece generates (all tested)
mg_pdanger:   .res 1        ; nonzero: mg_scan stamped a piece square (pin, horse leg)
mg_palbit:    .res 1        ; eng_sqflags bit of own palace
mg_halfbit:   .res 1        ; eng_sqflags bit of own half
mg_side16:    .res 1        ; 0 red, 16 black: piece-list offset of the side
mg_fwd:       .res 1        ; pawn forward step (-16 red, +16 black)
; attack test (set by mg_setup_side / pos_in_check)
att_rook:     .res 1        ; enemy kinds
att_cannon:   .res 1
att_horse:    .res 1
att_pawn:     .res 1
att_king:     .res 1
att_pawndir:  .res 1        ; square of the frontal enemy pawn relative to the king
att_horses:   .res 1        ; nonzero: the enemy has a horse on the board
att_hnear:    .res 1        ; nonzero: an enemy horse on the own half (near the palace)
att_cannons:  .res 1        ; nonzero: the enemy has a cannon on the board
eng_tmp0:     .res 1
pf_full:      .res 1        ; eng_perft: 0 bulk, 1 full (set by its entries)
pf_leaf:      .res 1        ; eng_perft_full: leaf index over make/unmake
; pos_gives_check (private)
gc_skx:       .res 1        ; KIND_BLACK bit of the mover's kinds
gc_dir:       .res 1        ; the ray scanned for `to` (DIR_*), $FF none
gc_t:         .res 1        ; relation byte (gc_rel) being decoded
eng_zp_end:

.segment "BSS"
eng_bss_start:
eng_in_pieces: .res 32
eng_in_side:  .res 1
eng_piece_sq: .res 32
mv_base_lo:   .res MAX_PLY + 1
mv_base_hi:   .res MAX_PLY + 1
mv_count:     .res MAX_PLY
undo_from:    .res MAX_PLY
undo_to:      .res MAX_PLY
undo_cap:     .res MAX_PLY
pf_idx:       .res MAX_PLY
eng_bss_end:

.segment "WRAM"
.align 256
eng_wram_start:
eng_board:    .res 256
mg_dmap:      .res 256      ; legality-filter map (stamped), see movegen.s
mv_from_stk:  .res MV_CAP
mv_to_stk:    .res MV_CAP
eng_wram_end:

.assert <eng_board = 0, error, "eng_board must be page aligned"
.assert <mg_dmap = 0, error, "mg_dmap must be page aligned"
.assert <mv_from_stk = 0, error, "move stack must be page aligned"
