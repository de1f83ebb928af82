; levels.s -- the level table and search constants generated from assets/levels.txt.
; (Kept apart from engine.inc: levels.inc repeats MAX_PLY and the score constants.)
.include "levels.inc"

.export level_depth, level_frames_lo, level_frames_hi, level_noise_mask, level_book
.export mvv_lva_value
