; snd.s: sound effects on pulse channel 1.  The main thread requests (snd_play), the
; NMI plays (snd_tick), so sound keeps going while the CPU thinks.
.include "nes.inc"
.include "ui.inc"

SQ1_SWEEP = $4001
SQ1_LO    = $4002
SQ1_HI    = $4003
VOL       = $B8                ; duty 50 %, length halted, constant volume 8
BUZZ      = $7A                ; duty 25 %, volume 10
OFF       = $B0                ; volume 0

; effect numbers for snd_play
SND_MOVE    = 1
SND_CAPTURE = 2
SND_CHECK   = 3
SND_ILLEGAL = 4
SND_GAMEOVER = 5
SND_SELECT  = 6
.exportzp SND_MOVE, SND_CAPTURE, SND_CHECK, SND_ILLEGAL, SND_GAMEOVER, SND_SELECT

.segment "ZEROPAGE"

.segment "UIDATA"
; notes: control ($4000), timer lo, timer hi, frames; frames = 0 ends the effect.
; Timer = 1,789,773 / (16 f) - 1 (NTSC).
.define NOTE(ctl, t, n) .byte ctl, <(t), >(t), n
snd_notes:
    NOTE OFF, 0, 0                          ; offset 0: idle
snd_move:     NOTE VOL, 126, 2              ; A5
              NOTE VOL, 169, 2              ; E5
              NOTE OFF, 0, 0
snd_capture:  NOTE VOL|2, 142, 4            ; G5
              NOTE VOL|2, 212, 5            ; C5
              NOTE OFF, 0, 0
snd_check:    NOTE VOL|3, 126, 6
              NOTE OFF, 126, 3
              NOTE VOL|3, 126, 8
              NOTE OFF, 0, 0
snd_illegal:  NOTE BUZZ, 1016, 12           ; low buzz
              NOTE OFF, 0, 0
snd_gameover: NOTE VOL|2, 212, 10
              NOTE VOL|2, 284, 10
              NOTE VOL|2, 427, 20
              NOTE OFF, 0, 0
snd_select:   NOTE VOL, 169, 2
              NOTE OFF, 0, 0
snd_start:    .byte 0, snd_move - snd_notes, snd_capture - snd_notes, snd_check - snd_notes
              .byte snd_illegal - snd_notes, snd_gameover - snd_notes, snd_select - snd_notes
.assert snd_start - snd_notes < 256, error, "snd_notes must fit in 256 bytes"

.segment "UI"

;;
; Enables pulse 1 and the sound.  Call once at reset.
; Clobbers: A.
.proc snd_init
    lda #$01
    sta SND_CHN
    lda #OFF
    sta SQ1_VOL
    lda #$08                   ; sweep off (negate bit keeps low notes audible)
    sta SQ1_SWEEP
    lda #1
    sta snd_on
    rts
.endproc

;;
; Requests effect A (SND_*); the NMI starts it.  Ignored while the sound is off.
; Clobbers: nothing.
.proc snd_play
    sta snd_req
    rts
.endproc

;;
; NMI part: starts a requested effect, advances the current one by a frame.
; Clobbers: A, X.  Cycles: ~30 idle, ~80 on a note change
.proc snd_tick
    ldx snd_req
    beq @running
    lda #0
    sta snd_req
    lda snd_on
    beq @running
    lda snd_start,x
    tax
    bne @note
@running:
    lda snd_left
    beq @idle
    dec snd_left
    bne @idle
    lda snd_pos
    clc
    adc #4
    tax
@note:
    stx snd_pos
    lda snd_notes,x
    sta SQ1_VOL
    lda snd_notes+3,x
    sta snd_left
    beq @idle
    lda snd_notes+1,x
    sta SQ1_LO
    lda snd_notes+2,x
    sta SQ1_HI
@idle:
    rts
.endproc
