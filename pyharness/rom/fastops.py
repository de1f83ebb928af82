"""Faster equivalents of py65's 6502 instructions, for the simulator's hot loop.

py65 runs an instruction through three to six method calls (the opcode's method, the
addressing mode, ByteAt, WordAt, FlagsNZ). The engine's searches spend most of their
simulated time in a few dozen opcodes, so `install(mpu)` gives one MPU a copy of its
class's instruction table in which every opcode of `fast_opcodes()` is a single function
with the addressing mode and the flags written out. Each does exactly what py65's does:
the same reads and writes of memory (in the same order), the same registers, flags,
`pc` and `excycles`; py65's cycle table is untouched, so the cycle counts are py65's.
Decimal-mode ADC and SBC fall back to py65's own code.

`tests/test_fastops.py` proves it: every replaced opcode against py65's on random
registers, flags and memory, and whole searches run both ways to the same cycle.
Set XQ65_STOCK_MPU=1 to run py65's table unchanged.
"""
from __future__ import annotations

import os

from py65.devices.mpu6502 import MPU

#: N and Z of a byte, as py65's FlagsNZ sets them
NZ = tuple(2 if v == 0 else v & 0x80 for v in range(256))

# addressing modes: code that leaves the effective address in `ea` (reading the operand
# bytes at `pc`, the byte after the opcode), and the operand's length
_MODES = {
    "imm": ("ea = pc", 1),
    "zpg": ("ea = m[pc]", 1),
    "zpx": ("ea = (mpu.x + m[pc]) & 0xFF", 1),
    "zpy": ("ea = (mpu.y + m[pc]) & 0xFF", 1),
    "abs": ("ea = m[pc] + (m[pc + 1] << 8)", 2),
    "abx": ("b = m[pc] + (m[pc + 1] << 8)\n"
            "ea = (b + mpu.x) & 0xFFFF\n"
            "if mpu.addcycles and (b & 0xFF00) != (ea & 0xFF00):\n"
            "    mpu.excycles += 1", 2),
    "aby": ("b = m[pc] + (m[pc + 1] << 8)\n"
            "ea = (b + mpu.y) & 0xFFFF\n"
            "if mpu.addcycles and (b & 0xFF00) != (ea & 0xFF00):\n"
            "    mpu.excycles += 1", 2),
    "inx": ("z = (m[pc] + mpu.x) & 0xFF\n"
            "ea = m[z] + (m[(z + 1) & 0xFF] << 8)", 1),
    "iny": ("z = m[pc]\n"
            "b = m[z] + (m[(z + 1) & 0xFF] << 8)\n"
            "ea = (b + mpu.y) & 0xFFFF\n"
            "if mpu.addcycles and (b & 0xFF00) != (ea & 0xFF00):\n"
            "    mpu.excycles += 1", 1),
}

# operations on the effective address `ea`
_LOAD = "v = m[ea]\nmpu.{r} = v\nmpu.p = (mpu.p & ~0x82) | NZ[v]"
_LOGIC = "v = mpu.a {o} m[ea]\nmpu.a = v\nmpu.p = (mpu.p & ~0x82) | NZ[v]"
_COMPARE = ("t = m[ea]\nr = mpu.{r}\np = mpu.p & ~0x83\n"
            "if r == t:\n    p |= 3\nelif r > t:\n    p |= 1\n"
            "mpu.p = p | ((r - t) & 0x80)")
_ADC = ("d = m[ea]\na = mpu.a\nres = d + a + (mpu.p & 1)\np = mpu.p & ~0xC3\n"
        "if (~(a ^ d) & (a ^ res)) & 0x80:\n    p |= 0x40\n"
        "if res > 0xFF:\n    p |= 1\n    res &= 0xFF\n"
        "mpu.p = p | NZ[res]\nmpu.a = res")
_SBC = ("d = m[ea]\na = mpu.a\nres = a + (~d & 0xFF) + (mpu.p & 1)\n"
        "p = mpu.p & ~0xC3\n"
        "if ((a ^ d) & (a ^ res)) & 0x80:\n    p |= 0x40\n"
        "v = res & 0xFF\n"
        "if res > 0xFF:\n    p |= 1\n"
        "mpu.p = p | NZ[v]\nmpu.a = v")
# read-modify-write: `t` in, `t` out, flags in `p` (memory: written after the flags,
# as py65 does)
_RMW = {
    "INC": "t = (t + 1) & 0xFF\nmpu.p = (mpu.p & ~0x82) | NZ[t]",
    "DEC": "t = (t - 1) & 0xFF\nmpu.p = (mpu.p & ~0x82) | NZ[t]",
    "ASL": "p = (mpu.p & ~0x83) | (t >> 7)\nt = (t << 1) & 0xFF\nmpu.p = p | NZ[t]",
    "LSR": "p = (mpu.p & ~0x83) | (t & 1)\nt >>= 1\nmpu.p = p | NZ[t]",
    "ROL": "c = mpu.p & 1\np = (mpu.p & ~0x83) | (t >> 7)\nt = ((t << 1) | c) & 0xFF\n"
           "mpu.p = p | NZ[t]",
    "ROR": "c = mpu.p & 1\np = (mpu.p & ~0x83) | (t & 1)\nt = (t >> 1) | (c << 7)\n"
           "mpu.p = p | NZ[t]",
}
_BIT = ("t = m[ea]\np = mpu.p & ~0xC2\n"
        "if (mpu.a & t) == 0:\n    p |= 2\nmpu.p = p | (t & 0xC0)")

# implied instructions: the whole body
_IMPLIED = {
    "TAX": "v = mpu.a\nmpu.x = v\nmpu.p = (mpu.p & ~0x82) | NZ[v]",
    "TAY": "v = mpu.a\nmpu.y = v\nmpu.p = (mpu.p & ~0x82) | NZ[v]",
    "TXA": "v = mpu.x\nmpu.a = v\nmpu.p = (mpu.p & ~0x82) | NZ[v]",
    "TYA": "v = mpu.y\nmpu.a = v\nmpu.p = (mpu.p & ~0x82) | NZ[v]",
    "TSX": "v = mpu.sp\nmpu.x = v\nmpu.p = (mpu.p & ~0x82) | NZ[v]",
    "TXS": "mpu.sp = mpu.x",
    "INX": "v = (mpu.x + 1) & 0xFF\nmpu.x = v\nmpu.p = (mpu.p & ~0x82) | NZ[v]",
    "INY": "v = (mpu.y + 1) & 0xFF\nmpu.y = v\nmpu.p = (mpu.p & ~0x82) | NZ[v]",
    "DEX": "v = (mpu.x - 1) & 0xFF\nmpu.x = v\nmpu.p = (mpu.p & ~0x82) | NZ[v]",
    "DEY": "v = (mpu.y - 1) & 0xFF\nmpu.y = v\nmpu.p = (mpu.p & ~0x82) | NZ[v]",
    "CLC": "mpu.p &= ~0x01",
    "SEC": "mpu.p |= 0x01",
    "CLV": "mpu.p &= ~0x40",
    "CLI": "mpu.p &= ~0x04",
    "SEI": "mpu.p |= 0x04",
    "CLD": "mpu.p &= ~0x08",
    "NOP": "pass",
    "PHA": "m = mpu.memory\nm[mpu.sp + 0x100] = mpu.a & 0xFF\nmpu.sp = (mpu.sp - 1) & 0xFF",
    "PLA": "m = mpu.memory\nsp = (mpu.sp + 1) & 0xFF\nmpu.sp = sp\nv = m[sp + 0x100]\n"
           "mpu.a = v\nmpu.p = (mpu.p & ~0x82) | NZ[v]",
    "RTS": "m = mpu.memory\nsp = (mpu.sp + 1) & 0xFF\nlo = m[sp + 0x100]\n"
           "sp = (sp + 1) & 0xFF\nhi = m[sp + 0x100]\nmpu.sp = sp\n"
           "mpu.pc = lo + (hi << 8) + 1",
}

# branches: the flag and whether the branch is taken when it is set
_BRANCHES = {"BPL": (0x80, False), "BMI": (0x80, True), "BVC": (0x40, False),
             "BVS": (0x40, True), "BCC": (0x01, False), "BCS": (0x01, True),
             "BNE": (0x02, False), "BEQ": (0x02, True)}
_BRANCH = ("pc = mpu.pc\n"
           "if {test}:\n"
           "    mpu.excycles += 1\n"
           "    off = mpu.memory[pc]\n"
           "    pc += 1\n"
           "    t = pc - (off ^ 0xFF) - 1 if off & 0x80 else pc + off\n"
           "    if (pc & 0xFF00) != (t & 0xFF00):\n"
           "        mpu.excycles += 1\n"
           "    mpu.pc = t & 0xFFFF\n"
           "else:\n"
           "    mpu.pc = pc + 1")

_JSR = ("m = mpu.memory\npc = mpu.pc\nret = (pc + 1) & 0xFFFF\n"
        "m[mpu.sp + 0x100] = (ret >> 8) & 0xFF\nsp = (mpu.sp - 1) & 0xFF\n"
        "m[sp + 0x100] = ret & 0xFF\nmpu.sp = (sp - 1) & 0xFF\n"
        "mpu.pc = m[pc] + (m[pc + 1] << 8)")
_JMP = "m = mpu.memory\npc = mpu.pc\nmpu.pc = m[pc] + (m[pc + 1] << 8)"


def _indent(code: str, n: int = 4) -> str:
    return "\n".join(" " * n + line for line in code.splitlines())


def _body(name: str, mode: str) -> str | None:
    """The body of the fast function of (name, mode), or None when there is none."""
    if mode in ("imp", "acc") or name in _BRANCHES or name in ("JSR", "JMP"):
        if name in _BRANCHES:
            flag, when_set = _BRANCHES[name]
            return _BRANCH.format(test=f"mpu.p & {flag:#04x}" if when_set
                                  else f"not mpu.p & {flag:#04x}")
        if name == "JSR" and mode == "abs":
            return _JSR
        if name == "JMP" and mode == "abs":
            return _JMP
        if mode == "acc" and name in _RMW:
            return "t = mpu.a\n" + _RMW[name] + "\nmpu.a = t"
        if mode == "imp":
            return _IMPLIED.get(name)
        return None
    if mode not in _MODES:
        return None
    addr, size = _MODES[mode]
    if name in ("LDA", "LDX", "LDY"):
        op = _LOAD.format(r=name[2].lower())
    elif name in ("STA", "STX", "STY"):
        op = f"m[ea] = mpu.{name[2].lower()}"
    elif name in ("AND", "ORA", "EOR"):
        op = _LOGIC.format(o={"AND": "&", "ORA": "|", "EOR": "^"}[name])
    elif name in ("CMP", "CPX", "CPY"):
        op = _COMPARE.format(r={"CMP": "a", "CPX": "x", "CPY": "y"}[name])
    elif name == "ADC":
        op = _ADC
    elif name == "SBC":
        op = _SBC
    elif name in ("INC", "DEC", "ASL", "LSR", "ROL", "ROR"):
        op = "t = m[ea]\n" + _RMW[name] + "\nm[ea] = t"
    elif name == "BIT":
        op = _BIT
    else:
        return None
    head = "m = mpu.memory\npc = mpu.pc\n"
    if name in ("ADC", "SBC"):                 # decimal mode: py65's own code
        head = "if mpu.p & 0x08:\n    return stock(mpu)\n" + head
    return head + addr + "\n" + op + f"\nmpu.pc = pc + {size}"


def _build() -> dict[int, object]:
    table: dict[int, object] = {}
    for op in range(256):
        name, mode = MPU.disassemble[op]
        body = _body(name, mode)
        if body is None:
            continue
        src = f"def op_{op:02x}(mpu):\n{_indent(body)}\n"
        scope = {"NZ": NZ, "stock": MPU.instruct[op]}
        exec(compile(src, f"<fastops {name} {mode}>", "exec"), scope)
        table[op] = scope[f"op_{op:02x}"]
    return table


_FAST = _build()


def fast_opcodes() -> dict[int, object]:
    """Opcode -> its fast function (the opcodes `install` replaces)."""
    return dict(_FAST)


def stock_requested() -> bool:
    """True when XQ65_STOCK_MPU asks for py65's instruction table unchanged."""
    return os.environ.get("XQ65_STOCK_MPU", "") not in ("", "0")


def install(mpu: MPU) -> None:
    """Give `mpu` its own instruction table with the fast functions in place (nothing
    when XQ65_STOCK_MPU is set)."""
    if stock_requested():
        return
    table = list(type(mpu).instruct)
    for op, fn in _FAST.items():
        table[op] = fn
    mpu.instruct = table


__all__ = ["install", "fast_opcodes", "stock_requested", "NZ"]
