"""Parsing the commands of UCI and UCCI into values (no state, no output).

Every parser raises `CommandError` with one line that says what is wrong; the session
reports it as `info string` and keeps its state.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from ..errors import Xq65Error

#: the largest number a `go` field keeps (larger ones are clamped: a limit that far
#: away is no limit)
NUMBER_MAX = 10**12


class CommandError(Xq65Error, ValueError):
    """A command that cannot be obeyed as written."""


@dataclass(frozen=True)
class PositionCommand:
    """`position startpos|fen FEN [moves M...]`: `fen` None means the start position."""

    fen: str | None
    moves: tuple[str, ...] = ()


@dataclass
class GoCommand:
    """The fields of a `go` (times in milliseconds, None when not given).

    UCCI's `time`/`increment` (the side to move's own clock) fill both sides' fields.
    `warnings` lists the words that were not understood (the search goes ahead).
    """

    depth: int | None = None
    nodes: int | None = None
    movetime: int | None = None
    wtime: int | None = None
    btime: int | None = None
    winc: int | None = None
    binc: int | None = None
    movestogo: int | None = None
    mate: int | None = None
    infinite: bool = False
    ponder: bool = False
    draw: bool = False
    searchmoves: tuple[str, ...] = ()
    warnings: list[str] = field(default_factory=list)

    def clock(self, side: int) -> tuple[int | None, int]:
        """(time left, increment) of `side` (0 red, 1 black), in milliseconds."""
        left = self.wtime if side == 0 else self.btime
        inc = self.winc if side == 0 else self.binc
        return left, inc or 0


def parse_position(args: list[str]) -> PositionCommand:
    """`startpos [moves ...]` or `fen F1 .. F6 [moves ...]` (the words after `position`)."""
    if not args:
        raise CommandError("position needs startpos or fen FEN")
    head = args[0].lower()
    rest = args[1:]
    lowered = [a.lower() for a in rest]
    cut = lowered.index("moves") if "moves" in lowered else len(rest)
    moves = tuple(rest[cut + 1:])
    if head == "startpos":
        if cut != 0:
            raise CommandError(f"position startpos: unexpected {' '.join(rest[:cut])!r} "
                               "(want: position startpos [moves ...])")
        return PositionCommand(None, moves)
    if head == "fen":
        if cut == 0:
            raise CommandError("position fen: the FEN is missing")
        return PositionCommand(" ".join(rest[:cut]), moves)
    raise CommandError(f"position: want startpos or fen, got {args[0]!r}")


def _number(word: str, value: str | None) -> int:
    if value is None:
        raise CommandError(f"go {word}: a number is missing")
    try:
        number = int(value)
    except ValueError:
        raise CommandError(f"go {word}: {value!r} is not a whole number") from None
    return max(0, min(number, NUMBER_MAX))


#: UCI's go words that take a number, by the GoCommand field they fill
_UCI_NUMBERS = {"depth": "depth", "nodes": "nodes", "movetime": "movetime",
                "wtime": "wtime", "btime": "btime", "winc": "winc", "binc": "binc",
                "movestogo": "movestogo", "mate": "mate"}
#: UCCI's own go words (the mover's clock; the opponent's is read and ignored)
_UCCI_NUMBERS = {"depth": "depth", "nodes": "nodes", "time": "time",
                 "increment": "increment", "movestogo": "movestogo",
                 "opptime": None, "oppincrement": None, "oppmovestogo": None,
                 "movetime": "movetime"}


def parse_go(args: list[str], ucci: bool = False, millis: bool = True) -> GoCommand:
    """The words after `go`. `ucci`: UCCI's words (time, increment, draw, ...), whose
    times are seconds unless `millis` (UCCI's usemillisec). Raises CommandError for a
    malformed number; unknown words end up in `warnings`."""
    go = GoCommand()
    table = _UCCI_NUMBERS if ucci else _UCI_NUMBERS
    scale = 1 if (millis or not ucci) else 1000
    i = 0
    while i < len(args):
        word = args[i].lower()
        i += 1
        if word in ("infinite", "ponder") or (word == "draw" and ucci):
            setattr(go, word, True)
        elif word == "depth" and ucci and i < len(args) and args[i].lower() == "infinite":
            go.infinite = True
            i += 1
        elif word == "searchmoves" and not ucci:
            moves = []
            while i < len(args) and args[i].lower() not in _UCI_NUMBERS \
                    and args[i].lower() not in ("infinite", "ponder"):
                moves.append(args[i])
                i += 1
            go.searchmoves = tuple(moves)
        elif word in table:
            value = _number(word, args[i] if i < len(args) else None)
            i += 1
            target = table[word]
            if target is None:
                continue
            if target in ("time", "increment"):
                ms = min(value * scale, NUMBER_MAX)
                if target == "time":
                    go.wtime = go.btime = ms
                else:
                    go.winc = go.binc = ms
            elif target == "movetime":
                go.movetime = min(value * scale, NUMBER_MAX)
            else:
                setattr(go, target, value)
        else:
            go.warnings.append(word)
    return go


@dataclass(frozen=True)
class SetOption:
    """`setoption name N [value V]` (UCI) or `setoption N [V]` (UCCI, as uci2wb sends it)."""

    name: str
    value: str | None


def parse_setoption(args: list[str]) -> SetOption:
    """The words after `setoption`, in either form."""
    if not args:
        raise CommandError("setoption needs an option name")
    if args[0].lower() == "name":
        rest = args[1:]
        lowered = [a.lower() for a in rest]
        if "value" in lowered:
            cut = lowered.index("value")
            name, value = " ".join(rest[:cut]), " ".join(rest[cut + 1:])
        else:
            name, value = " ".join(rest), None
        if not name:
            raise CommandError("setoption name: the name is missing")
        return SetOption(name, value)
    return SetOption(args[0], " ".join(args[1:]) or None)
