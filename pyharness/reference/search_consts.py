"""The constants of the reference search (docs/search.md "Constants"): scores, sizes,
ordering keys, null move and late-move reductions. pyharness/gen/gen_levels.py writes them into
build/engine_consts.inc under the 6502's names, so the asm uses these very numbers."""
from __future__ import annotations

MATE = 10000          # mated at ply p scores p - MATE
BAN = 9900            # perpetual check: the checker scores p - BAN at ply p
WIN = 9800            # |score| > WIN: a mate or ban score
INF = 20000           # the root window; beyond any score plus noise
DRAW = 0
MAX_PLY = 32          # search() and qsearch() return the static eval at this ply
POLL_MASK = 15        # frame counter and move-now flag are polled when nodes & 15 == 0 (~2 frames)
HIST_MAX_INC = 128    # history increment: min(depth * depth, 128)
DRAW_PLIES = 100      # plies without a capture that make a draw
HALFMOVE_MAX = 255    # the counter saturates here (one byte in the asm; >= DRAW_PLIES)

PV_PLIES = 12         # the PV is recorded at plies 0..11, at most 12 - ply moves
MOVE_STACK_CAP = 1024 # the asm move stack (MV_CAP): moves of all plies of the path
GEN_RESERVE = 128     # free slots a generation needs (the asm's MG_MAX)
NULL_R = 2            # null-move reduction: the null move is searched at depth - 1 - NULL_R
NULL_MIN_DEPTH = 2    # null move tried at search() nodes of depth >= 2 (after extension)
#: piece indexes 5..10 of a side (N N R R C C): a null move needs one on the board
NULL_MAJORS = range(5, 11)
LMR_MIN_DEPTH = 3     # late-move reduction at search() nodes of depth >= 3 (after extension)
LMR_DEEP_MOVE = 8     # ... and by one ply more for the moves searched 9th and later (i >= 8)
LMR_DEEP_DEPTH = 4    # ... at nodes of depth >= 4, when lmr_deep is on
LMR_MIN_MOVE = 3      # ... for the moves searched 4th and later (i >= 3)
IIR_MIN_DEPTH = 3     # a search() node (ply > 0) of depth >= 3 without a hash move searches one ply less
#: the bits of the switchable rules in the asm's srch_rules byte (which toggles them
#: against SRCH_RULES_DEFAULT, 0 = defaults); their defaults are SearchRules' (search_types.py)
RULE_IIR = 1
RULE_DELTA = 2
RULE_RFP = 4
RULE_QS_RECAP = 8
RULE_QS_SEE = 16
RULE_BAD_CAPS = 32
RULE_LMR_DEEP = 64
RULE_EXT_LIMIT = 128
CHECK_EXT_MIN_DEPTH = 2   # with ext_limit on, a node in check is extended at depth >= 2 only
PLAN_CHANGED_HALVES = 2   # time management: the next iteration is predicted to take at least
                          # t * PLAN_CHANGED_HALVES / 2 (t: the last one's frames) after one
                          # that changed the best move (plan.py; 3: the rule before), and
PLAN_KEPT_HALVES = 4      # t * PLAN_KEPT_HALVES / 2 after one that kept it (3: the rule before)
RECAP_MIN_DEPTH = 3   # with a frame cap, a recapture best in iterations d-1 and d ends the
RECAP_DEPTH = 4       # search when d >= max(3, min(max_depth - 1, 4)) (L4: 3, L5: 4)
RFP_MAX_DEPTH = 2     # a search() node (ply > 0, not in check) of depth <= 2 whose static
RFP_MARGIN = 100      # eval - RFP_MARGIN * depth >= beta (|beta| < WIN) returns the eval
QS_RECAP_PLY = 2      # qsearch plies (below the search() horizon) after which only captures
                      # onto the square of the last move are searched (out of check)
QS_DELTA = 100        # qsearch skips a capture when stand + victim's value + QS_DELTA <= alpha

#: MVV/LVA values by type K A B N R C P
MVV_LVA_VALUE = (6, 2, 2, 4, 5, 4, 1)
#: 8-bit ordering keys: hash 255; captures 137..182; killers 131, 130; bad captures 129;
#: quiet 0..127
KEY_HASH = 255
KEY_CAPTURE = 136
KEY_KILLER1 = 131
KEY_KILLER2 = 130
KEY_BAD_CAPTURE = 129 # a defended victim worth less than its taker: after the killers, above history
