"""Xiangqi PGN in and out (the form XQ programs read: `[Format "ICCS"]`, `H2-E2`).

`write_pgn(SavedGame) -> str` writes the tags `Game`, `Event`, `Site`, `Date`, `Red`,
`Black` (the CPU named with its level), `Result`, `Format` and `FEN` (when the start is
not the standard one), the moves as `H2-E2` with the Chinese notation as a comment.

`read_pgn(text) -> PgnGame` reads one game: ICCS moves (`H2-E2`, `h2e2`), WXF
(`C2.5`, `C2=5`, `H8+7`, tandems `R+.4`, `17+1`) and Chinese (`炮二平五`, `马8进7`,
traditional forms too), `{comments}` and `;` comments, `$n` glyphs and move numbers;
variations `( ... )` are skipped; `[FEN]` is honoured. Every move is checked legal in
turn; a bad one raises PgnError naming the ply and the token.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..reference.board import BLACK, RED, START_FEN
from ..reference.errors import Xq65Error
from ..reference.game import Game
from ..reference.levels import all_levels
from ..reference.notation import chinese, wxf
from ..reference.position import Move, Position
from .savefile import (KIND_HANDICAP, KIND_PUZZLE, KIND_SETUP, MAX_PLIES, SavedGame,
                       result_codes)

EVENT = "xq65 game"
SITE = "xq65 (NES cartridge)"
PLAYER = "Player"
#: the tags written first, in this order (the Seven Tag Roster with Red/Black)
TAG_ORDER = ("Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
#: nesting of ( ... ) variations a reader follows before it refuses the file
MAX_VARIATION_DEPTH = 32


class PgnError(Xq65Error):
    """A PGN text that cannot be read as one legal xiangqi game."""


@dataclass
class PgnGame:
    """One game read from PGN: the tags, the start FEN, the ICCS moves, the result."""

    tags: dict[str, str] = field(default_factory=dict)
    fen: str = START_FEN
    moves: list[str] = field(default_factory=list)
    result: str = "*"


# ---------------------------------------------------------------- writing

def cpu_name(level: int) -> str:
    """The CPU as a player name, e.g. "xq65 level 3 (中级 Medium)"."""
    lv = all_levels()[level - 1]
    return f"xq65 level {level} ({lv.name_zh} {lv.name_en})"


def player_names(mode: int, level: int) -> tuple[str, str]:
    """(Red, Black) of a save's mode: 0 player Red, 1 player Black, 2 two players, 3 CPU."""
    cpu = cpu_name(level)
    return ((PLAYER, cpu), (cpu, PLAYER), (PLAYER, PLAYER), (cpu, cpu))[mode]


def result_text(game: SavedGame) -> tuple[str, str]:
    """(PGN result, reason) of a save: the ROM's result code read against the rules."""
    name = result_codes().get(game.result, "NONE")
    if game.result == 0 or name == "NONE":
        return "*", ""
    final = game.replay()
    loser = final.position.side
    if name in ("MATE", "STALEMATE", "RESIGN"):
        why = {"MATE": "checkmate", "STALEMATE": "stalemate", "RESIGN": "resignation"}[name]
        return ("0-1" if loser == RED else "1-0"), why
    if name == "PERPETUAL":
        judged = final.result()
        if judged is not None and judged.winner is not None:
            return ("1-0" if judged.winner == RED else "0-1"), "perpetual check"
        return "*", "perpetual check"
    why = {"REPEAT": "repetition", "NOCAPTURE": "100 plies without capture",
           "MATERIAL": "no attacking pieces", "TOOLONG": "the record is full"}
    return "1/2-1/2", why.get(name, name.lower())


def _event(game: SavedGame) -> str:
    if game.kind == KIND_HANDICAP:
        return f"{EVENT}, handicap {game.index + 1}"
    if game.kind == KIND_PUZZLE:
        return f"{EVENT}, puzzle {game.index + 1}"
    if game.kind == KIND_SETUP:
        return f"{EVENT}, set-up position"
    return EVENT


def write_pgn(game: SavedGame, date: str = "????.??.??") -> str:
    """The PGN text of `game` (IllegalMoveError when a move is not legal in turn)."""
    red, black = player_names(game.mode, game.level)
    result, why = result_text(game)
    tags = {"Game": "Chinese Chess", "Event": _event(game), "Site": SITE, "Date": date,
            "Round": "-", "Red": red, "Black": black, "Result": result, "Format": "ICCS"}
    pos = Position.from_fen(game.fen)
    start = Position.from_fen(START_FEN)
    if (pos.board_fen(), pos.side) != (start.board_fen(), start.side) \
            or (pos.halfmove, pos.fullmove) != (0, 1):
        tags["FEN"] = pos.fen()
    lines = [f'[{k} "{v}"]' for k, v in tags.items()]
    lines.append("")
    words: list[str] = []
    for i, text in enumerate(game.moves):
        move = pos.parse_move(text)
        if pos.side == RED:
            words.append(f"{pos.fullmove}.")
        elif i == 0:
            words.append(f"{pos.fullmove}...")
        iccs = move.iccs().upper()
        words.append(f"{iccs[:2]}-{iccs[2:]} {{{chinese(pos, move)}}}")
        pos.push(move)
    if why:
        words.append(f"{{{why}}}")
    words.append(result)
    lines.extend(_wrap(words))
    return "\n".join(lines) + "\n"


def _wrap(words: list[str], width: int = 79) -> list[str]:
    out, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            out.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    if line:
        out.append(line)
    return out


# ---------------------------------------------------------------- reading

_TOKEN = re.compile(r"""
    \[\s*(?P<tag>[A-Za-z0-9_]+)\s+"(?P<val>(?:[^"\\]|\\.)*)"\s*\]   # [Tag "value"]
  | \{(?P<brace>[^}]*)\}?                                        # {comment}
  | ;[^\n]*                                                      # ; comment
  | (?P<open>\()                                                 # variation
  | (?P<close>\))
  | \$\d+                                                        # NAG
  | (?P<word>[^\s{}()\[\];]+)
  | (?P<bad>[\[\]])
""", re.X)

_ICCS = re.compile(r"([a-iA-I])([0-9])-?([a-iA-I])([0-9])")
_MOVE_NUMBER = re.compile(r"\d+\.+(.*)")

_CN_MAP = {}
for _chars, _to in (("帅帥将將", "K"), ("仕士", "A"), ("相象", "B"), ("马馬傌", "N"),
                    ("车車俥", "R"), ("炮砲包", "C"), ("兵卒", "P"), ("进進", "+"),
                    ("退", "-"), ("平", "."), ("前", "f"), ("中", "m"), ("后後", "r")):
    for _c in _chars:
        _CN_MAP[_c] = _to
for _i, _c in enumerate("一二三四五六七八九"):
    _CN_MAP[_c] = str(_i + 1)
for _i, _c in enumerate("１２３４５６７８９"):
    _CN_MAP[_c] = str(_i + 1)


def _norm_chinese(text: str) -> str:
    return "".join(_CN_MAP.get(c, c) for c in text)


def _norm_wxf(text: str) -> str:
    t = text.upper().replace("=", ".").replace("N", "H").replace("B", "E")
    return t


def _is_chinese(text: str) -> bool:
    return any(ord(c) > 0x2000 for c in text)


def parse_move_text(pos: Position, text: str) -> Move:
    """One move of a PGN in `pos`: ICCS, WXF or Chinese; PgnError when it is none of
    them or is not legal here."""
    m = _ICCS.fullmatch(text)
    if m:
        try:
            return pos.parse_move("".join(m.groups()).lower())
        except Xq65Error as exc:
            raise PgnError(str(exc)) from None
    legal = pos.legal_moves()
    if _is_chinese(text):
        want = _norm_chinese(text)
        found = [mv for mv in legal if _norm_chinese(chinese(pos, mv)) == want]
        kind = "Chinese"
    else:
        want = _norm_wxf(text)
        found = [mv for mv in legal if _norm_wxf(wxf(pos, mv)) == want]
        if not found and re.fullmatch(r"[A-Z][1-9][+.-][1-9]", want):
            # a tandem written with its file ("R8-2" where pyffish writes "R+-2")
            found = [mv for mv in legal if _plain_wxf(pos, mv) == want]
        kind = "WXF"
    if len(found) == 1:
        return found[0]
    if not found:
        raise PgnError(f"{text!r} is no legal move here ({kind} read; "
                       f"legal: {', '.join(wxf(pos, mv) for mv in legal[:12])}"
                       f"{', ...' if len(legal) > 12 else ''})")
    raise PgnError(f"{text!r} could be {' or '.join(mv.iccs() for mv in found)}")


def _plain_wxf(pos: Position, move: Move) -> str:
    """WXF with the file always written (no +/- tandem mark)."""
    from ..reference.notation import WXF_LETTERS, _parts
    side, ptype, file_no, direction, number = _parts(pos, move)
    return f"{WXF_LETTERS[ptype]}{file_no}{direction}{number}"


def read_pgn(text: str, max_plies: int = MAX_PLIES) -> PgnGame:
    """Read the one game of a PGN text; PgnError saying what is wrong and where."""
    text = text.lstrip("\ufeff")              # a byte-order mark some editors write
    game = PgnGame()
    pos: Position | None = None
    depth = 0
    seen_moves = ended = False
    for m in _TOKEN.finditer(text):
        if m.group("open"):
            depth += 1
            if depth > MAX_VARIATION_DEPTH:
                raise PgnError(f"variations nested deeper than {MAX_VARIATION_DEPTH}")
            continue
        if m.group("close"):
            if depth == 0:
                raise PgnError("a ')' closes no variation")
            depth -= 1
            continue
        if depth:
            continue
        if m.group("bad"):
            raise PgnError(f"a malformed tag near {text[m.start():m.start() + 30]!r}")
        if ended and (m.group("tag") or m.group("word")):
            raise PgnError("text after the result: the file holds more than one game "
                           "(save one game at a time)")
        if m.group("tag"):
            if seen_moves:
                raise PgnError("a tag after the moves: the file holds more than one game "
                               "(save one game at a time)")
            game.tags[m.group("tag")] = m.group("val").replace('\\"', '"')
            continue
        word = m.group("word")
        if word is None:
            continue
        if pos is None:
            game.fen = game.tags.get("FEN", START_FEN).strip() or START_FEN
            try:
                pos = Position.from_fen(game.fen)
            except Xq65Error as exc:
                raise PgnError(f"the [FEN] tag is not a legal position: {exc}") from None
        if word in RESULTS:
            game.result = word
            ended = True
            continue
        num = _MOVE_NUMBER.fullmatch(word)
        if num:
            word = num.group(1)
            if not word:
                continue
        if word.isdigit():
            continue
        word = word.rstrip("!?#")
        if len(word) >= 5 and word.endswith("+") and word[-2].isdigit():
            word = word[:-1]                    # a check mark after the move
        if len(game.moves) >= max_plies:
            raise PgnError(f"more than {max_plies} plies: the save holds {max_plies}")
        seen_moves = True
        try:
            move = parse_move_text(pos, word)
        except PgnError as exc:
            ply = len(game.moves) + 1
            raise PgnError(f"move {ply} ({'Red' if pos.side == RED else 'Black'}), "
                           f"{word!r}: {exc}") from None
        pos.push(move)
        game.moves.append(move.iccs())
    if depth:
        raise PgnError("a variation '(' is never closed")
    if pos is None:
        if not game.tags:
            raise PgnError("no PGN game in the text (no tags, no moves)")
        game.fen = game.tags.get("FEN", START_FEN).strip() or START_FEN
        try:
            Position.from_fen(game.fen)
        except Xq65Error as exc:
            raise PgnError(f"the [FEN] tag is not a legal position: {exc}") from None
    return game


def result_code_for(fen: str, moves: list[str], pgn_result: str = "*") -> int:
    """The ROM's result code for a game read from PGN: the rules' verdict on the final
    position, else a resignation when the PGN gives the win to the side not to move,
    else 0 (in progress)."""
    codes = {v: k for k, v in result_codes().items()}
    game = Game(fen)
    for mv in moves:
        game.push(mv)
    judged = game.result()
    if judged is not None:
        name = {"checkmate": "MATE", "stalemate": "STALEMATE",
                "perpetual check": "PERPETUAL", "repetition": "REPEAT",
                "100 plies without capture": "NOCAPTURE",
                "no attacking pieces": "MATERIAL"}[judged.reason]
        return codes[name]
    side = game.position.side
    if (pgn_result == "1-0" and side == BLACK) or (pgn_result == "0-1" and side == RED):
        return codes["RESIGN"]
    return 0


def ended_early(fen: str, moves: list[str]) -> tuple[int, str] | None:
    """(ply, reason) when the rules end the game before its last move, else None."""
    game = Game(fen)
    for i, mv in enumerate(moves):
        judged = game.result()
        if judged is not None:
            return i, judged.reason
        game.push(mv)
    return None
