; book.s -- opening book lookup (docs/search.md, "Opening book").
.include "engine.inc"
.include "book.inc"

.export book_probe

.segment "CODE"

;;
; Looks the root position up in the book.  (Stub until the lookup lands.)
; @return   C set and pos_from/pos_to = the book move; C clear: no book move
.proc book_probe
        clc
        rts
.endproc
