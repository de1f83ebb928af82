; srch_ram.s -- RAM of the search, evaluation and game record (docs/ram_map.md).
.include "engine.inc"

.exportzp sr_key, sr_ptr0, sr_ptr1, sr_ptr2, sr_ptr3, sr_t0, sr_t1, sr_t2, sr_t3
.exportzp sr_d, sr_a, sr_b, sr_v, sr_n, sr_lfsr, sr_kptr, sr_noise
.exportzp sr_stopped, sr_hf, sr_ht, sr_nlim
.exportzp ev_sum
.export srch_zp_start, srch_zp_end, srch_bss_start, srch_bss_end
.export srch_wram_start, srch_wram_end
.export eng_result_winner, eng_result_reason, game_n, game_half, game_half0
.export rec_k0, rec_k1, rec_k2, rec_k3, rec_flag
.export gm_from, gm_to, gm_cap
.export srch_level, srch_seed, srch_move_now, srch_depth, srch_frames, srch_frames_set
.export srch_node_limit, srch_use_book, srch_null_on
.export srch_best_from, srch_best_to, srch_score, srch_depth_done, srch_nodes
.export srch_pv_from, srch_pv_to, srch_pv_len, srch_from_book, srch_stopped
.export srch_tt_probes, srch_tt_hits
.export sr_half, kill1_f, kill1_t, kill2_f, kill2_t, pv_len, pv_from, pv_to
.export sr_maxdepth, sr_flimit, sr_mask, sr_book, sr_start, sr_iter, sr_tm_el
.export tt_lock_lo, tt_lock_hi, tt_from, tt_to, tt_sc_lo, tt_sc_hi, tt_df
.export ord_key, hist, ev_sv0, ev_sv1, ev_sv2, ev_sv3, fr_ost, fr_end
.export fr_al, fr_ah, fr_bl, fr_bh, fr_sl, fr_sh, fr_depth, fr_i, fr_mf, fr_mt

.segment "ZEROPAGE"
srch_zp_start:
sr_key:     .res 4          ; working key (make, zob_full)
sr_ptr0:    .res 2          ; Zobrist plane pointers / scratch pointers
sr_ptr1:    .res 2
sr_ptr2:    .res 2
sr_ptr3:    .res 2
sr_kptr:    .res 2          ; -> ordering keys of the current ply's list
sr_t0:      .res 1          ; scratch
sr_t1:      .res 1
sr_t2:      .res 1
sr_t3:      .res 1
sr_d:       .res 1          ; search input: depth (signed)
sr_a:       .res 2          ; search input: alpha
sr_b:       .res 2          ; search input: beta
sr_v:       .res 2          ; search output: value
sr_n:       .res 1          ; record index of the current position
sr_lfsr:    .res 2          ; LFSR state
sr_noise:   .res 1          ; root noise of the move being searched (signed)
sr_stopped: .res 1          ; nonzero: a limit stopped the search
sr_hf:      .res 1          ; hash move of the node being ordered
sr_ht:      .res 1
ev_sum:     .res 4          ; eval sums: red lo, red hi, black lo, black hi
sr_nlim:    .res 1          ; nonzero: srch_node_limit is set (srch_think)
srch_zp_end:

.segment "BSS"
srch_bss_start:
; ---- inputs / outputs (engine.inc) ----
srch_level:      .res 1
srch_seed:       .res 2
srch_move_now:   .res 1
srch_depth:      .res 1
srch_frames:     .res 2
srch_frames_set: .res 1
srch_node_limit: .res 4
srch_use_book:   .res 1
srch_null_on:    .res 1     ; in: nonzero = null-move pruning on (0, the default: off)
srch_best_from:  .res 1
srch_best_to:    .res 1
srch_score:      .res 2
srch_depth_done: .res 1
srch_nodes:      .res 4
srch_pv_len:     .res 1
srch_pv_from:    .res SRCH_PV_PLIES
srch_pv_to:      .res SRCH_PV_PLIES
srch_from_book:  .res 1
srch_stopped:    .res 1
srch_tt_probes:  .res 4
srch_tt_hits:    .res 4
eng_result_winner: .res 1
eng_result_reason: .res 1
game_n:          .res 1     ; record index of the root (the current game position)
game_half:       .res 1     ; plies since the last capture at the root
game_half0:      .res 1     ; plies since the last capture at record entry 0
; ---- search state ----
sr_maxdepth:     .res 1     ; iteration limit
sr_flimit:       .res 2     ; frame cap (0 = none)
sr_mask:         .res 1     ; root noise mask
sr_book:         .res 1     ; book on/off
sr_start:        .res 2     ; frame_count at the start
sr_iter:         .res 1     ; depth of the running iteration
sr_tm_el:        .res 2     ; frames since the start when the last iteration ended
sr_half:         .res MAX_PLY + 1 ; per ply: plies since the last capture
kill1_f:         .res MAX_PLY + 1 ; killers per ply
kill1_t:         .res MAX_PLY + 1
kill2_f:         .res MAX_PLY + 1
kill2_t:         .res MAX_PLY + 1
pv_len:          .res MAX_PLY + 1 ; triangular PV: length per ply (0 beyond PV_PLIES)
pv_from:         .res 78    ; row of ply p at pv_row[p], 12 - p moves
pv_to:           .res 78
ev_sv0:          .res MAX_PLY   ; per ply: ev_sum before srch_make (srch_unmake restores)
ev_sv1:          .res MAX_PLY
ev_sv2:          .res MAX_PLY
ev_sv3:          .res MAX_PLY
fr_ost:          .res MAX_PLY + 1 ; per ply: ordering stage (search.s "ordering")
fr_end:          .res MAX_PLY + 1 ; per ply: 1 + the last slot of a stage-1 key
srch_bss_end:

.segment "WRAM"
.align 256
srch_wram_start:
; transposition table, structure of arrays, slot = key byte 0
tt_lock_lo: .res TT_ENTRIES
tt_lock_hi: .res TT_ENTRIES
tt_from:    .res TT_ENTRIES
tt_to:      .res TT_ENTRIES
tt_sc_lo:   .res TT_ENTRIES
tt_sc_hi:   .res TT_ENTRIES
tt_df:      .res TT_ENTRIES     ; depth << 2 | flag (0 empty, 1 upper, 2 lower, 3 exact)
ord_key:    .res MV_CAP         ; ordering key of every move-stack slot (page aligned)
hist:       .res HIST_BYTES     ; history by piece type and sq90
; the record: game window then search path (key bytes, flags)
rec_k0:     .res REC_CAP
rec_k1:     .res REC_CAP
rec_k2:     .res REC_CAP
rec_k3:     .res REC_CAP
rec_flag:   .res REC_CAP
; undo of the game moves kept (move from record entry i to i + 1)
gm_from:    .res GAME_MAX
gm_to:      .res GAME_MAX
gm_cap:     .res GAME_MAX
; per-ply frames of search()/qsearch()
fr_al:      .res MAX_PLY + 1    ; alpha
fr_ah:      .res MAX_PLY + 1
fr_bl:      .res MAX_PLY + 1    ; beta
fr_bh:      .res MAX_PLY + 1
fr_sl:      .res MAX_PLY + 1    ; best
fr_sh:      .res MAX_PLY + 1
fr_depth:   .res MAX_PLY + 1    ; depth after the check extension
fr_i:       .res MAX_PLY + 1    ; index of the move being searched
fr_mf:      .res MAX_PLY + 1    ; best move (0,0 none)
fr_mt:      .res MAX_PLY + 1
srch_wram_end:

.assert <tt_lock_lo = 0 && <ord_key = 0, error, "TT and ordering keys page aligned"
.assert TT_ENTRIES = 256, error, "slot = key byte 0 needs 256 entries"
