; levels.s -- the level tables generated from assets/levels.txt (build/levels.inc).
.include "levels.inc"

.export level_depth, level_frames_lo, level_frames_hi, level_noise_mask, level_book
.export level_qs, level_slip, level_rules, level_null
