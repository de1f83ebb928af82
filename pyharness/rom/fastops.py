"""Faster equivalents of py65's 6502 instructions, for the simulator's hot loop.

py65 runs an instruction through three to six method calls (the opcode's method, the
addressing mode, ByteAt, WordAt, FlagsNZ), and its step() sets four attributes around
them. `step_table(mpu)` gives the simulator's run loop one function per opcode,
`fn(mpu, pc) -> cycles`: it runs the instruction whose opcode is at `pc`, leaves the
next `pc` in the MPU and returns the cycles it took. For the opcodes of `fast_opcodes()`
(all but BRK, RTI, PHP, PLP, SED and JMP indirect) the function has the addressing mode,
the flags and the cycle count written out; it does exactly what py65's step() does:
the same reads and writes of memory (in the same order), the same registers, flags and
`pc`, py65's cycles (its cycle table, plus its extra cycles for a crossed page or a
taken branch). The others, and decimal-mode ADC and SBC, run py65's own code.

`tests/test_fastops.py` proves it: every opcode against py65's step on random
registers, flags and memory, and whole searches run both ways to the same cycle.
Set XQ65_STOCK_MPU=1 to run py65's own code for every opcode.
"""
from __future__ import annotations

import os

from py65.devices.mpu6502 import MPU

from ..errors import Xq65Error

#: the opcodes the run loop stops at (BRK, SED) or checks after (PLP, RTI)
OP_BRK, OP_SED, OP_PLP, OP_RTI = 0x00, 0xF8, 0x28, 0x40
FLAG_DECIMAL = 0x08

#: N and Z of a byte, as py65's FlagsNZ sets them
NZ = tuple(2 if v == 0 else v & 0x80 for v in range(256))

# addressing modes: code that leaves the effective address in `ea`, reading the operand
# bytes after the opcode at `pc`; `{X}` marks where a crossed page costs one cycle more
# (py65's extracycles), and the operand's length
_MODES = {
    "imm": ("ea = pc + 1", 1),
    "zpg": ("ea = m[pc + 1]", 1),
    "zpx": ("ea = (mpu.x + m[pc + 1]) & 0xFF", 1),
    "zpy": ("ea = (mpu.y + m[pc + 1]) & 0xFF", 1),
    "abs": ("ea = m[pc + 1] + (m[pc + 2] << 8)", 2),
    "abx": ("b = m[pc + 1] + (m[pc + 2] << 8)\n"
            "ea = (b + mpu.x) & 0xFFFF{X}", 2),
    "aby": ("b = m[pc + 1] + (m[pc + 2] << 8)\n"
            "ea = (b + mpu.y) & 0xFFFF{X}", 2),
    "inx": ("z = (m[pc + 1] + mpu.x) & 0xFF\n"
            "ea = m[z] + (m[(z + 1) & 0xFF] << 8)", 1),
    "iny": ("z = m[pc + 1]\n"
            "b = m[z] + (m[(z + 1) & 0xFF] << 8)\n"
            "ea = (b + mpu.y) & 0xFFFF{X}", 1),
}
_PAGE = "\nif (b & 0xFF00) != (ea & 0xFF00):\n    cyc += 1"

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
# read-modify-write: `t` in, `t` out (memory is written after the flags, as py65 does)
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

# implied instructions (one byte): the whole body
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
}

# branches: the flag and whether the branch is taken when it is set
_BRANCHES = {"BPL": (0x80, False), "BMI": (0x80, True), "BVC": (0x40, False),
             "BVS": (0x40, True), "BCC": (0x01, False), "BCS": (0x01, True),
             "BNE": (0x02, False), "BEQ": (0x02, True)}
_BRANCH = ("if {test}:\n"
           "    off = mpu.memory[pc + 1]\n"
           "    pc += 2\n"
           "    t = pc - (off ^ 0xFF) - 1 if off & 0x80 else pc + off\n"
           "    mpu.pc = t & 0xFFFF\n"
           "    if (pc & 0xFF00) != (t & 0xFF00):\n"
           "        return {base} + 2\n"
           "    return {base} + 1\n"
           "mpu.pc = (pc + 2) & 0xFFFF\n"
           "return {base}")

# whole bodies, pc and cycles included
_WHOLE = {
    ("JSR", "abs"): ("m = mpu.memory\nret = (pc + 2) & 0xFFFF\n"
                     "m[mpu.sp + 0x100] = (ret >> 8) & 0xFF\nsp = (mpu.sp - 1) & 0xFF\n"
                     "m[sp + 0x100] = ret & 0xFF\nmpu.sp = (sp - 1) & 0xFF\n"
                     "mpu.pc = (m[pc + 1] + (m[pc + 2] << 8)) & 0xFFFF\nreturn {base}"),
    ("JMP", "abs"): ("m = mpu.memory\nmpu.pc = (m[pc + 1] + (m[pc + 2] << 8)) & 0xFFFF\n"
                     "return {base}"),
    ("RTS", "imp"): ("m = mpu.memory\nsp = (mpu.sp + 1) & 0xFF\nlo = m[sp + 0x100]\n"
                     "sp = (sp + 1) & 0xFF\nhi = m[sp + 0x100]\nmpu.sp = sp\n"
                     "mpu.pc = (lo + (hi << 8) + 1) & 0xFFFF\nreturn {base}"),
}


def _indent(code: str, n: int = 4) -> str:
    return "\n".join(" " * n + line for line in code.splitlines())


def _body(op: int) -> str | None:
    """The body of the fast function of an opcode, or None when py65's code runs."""
    name, mode = MPU.disassemble[op]
    base = MPU.cycletime[op]
    if (name, mode) in _WHOLE:
        return _WHOLE[name, mode].format(base=base)
    if name in _BRANCHES:
        flag, when_set = _BRANCHES[name]
        test = f"mpu.p & {flag:#04x}" if when_set else f"not mpu.p & {flag:#04x}"
        return _BRANCH.format(test=test, base=base)
    if mode == "acc" and name in _RMW:
        return "t = mpu.a\n" + _RMW[name] + f"\nmpu.a = t\nmpu.pc = (pc + 1) & 0xFFFF\nreturn {base}"
    if mode == "imp":
        code = _IMPLIED.get(name)
        return None if code is None else code + f"\nmpu.pc = (pc + 1) & 0xFFFF\nreturn {base}"
    if mode not in _MODES:
        return None
    addr, size = _MODES[mode]
    if name in ("LDA", "LDX", "LDY"):
        action = _LOAD.format(r=name[2].lower())
    elif name in ("STA", "STX", "STY"):
        action = f"m[ea] = mpu.{name[2].lower()}"
    elif name in ("AND", "ORA", "EOR"):
        action = _LOGIC.format(o={"AND": "&", "ORA": "|", "EOR": "^"}[name])
    elif name in ("CMP", "CPX", "CPY"):
        action = _COMPARE.format(r={"CMP": "a", "CPX": "x", "CPY": "y"}[name])
    elif name == "ADC":
        action = _ADC
    elif name == "SBC":
        action = _SBC
    elif name in _RMW:
        action = "t = m[ea]\n" + _RMW[name] + "\nm[ea] = t"
    elif name == "BIT":
        action = _BIT
    else:
        return None
    page = _PAGE if MPU.extracycles[op] else ""
    head = f"m = mpu.memory\ncyc = {base}\n"
    if name in ("ADC", "SBC"):                 # decimal mode: py65's own code
        head = "if mpu.p & 0x08:\n    return stock(mpu, pc)\n" + head
    return (head + addr.format(X=page) + "\n" + action
            + f"\nmpu.pc = (pc + {size + 1}) & 0xFFFF\nreturn cyc")


def _stock_step(op: int, fn=None):
    """py65's step() for one opcode, as a table function (`fn`: the instruction's code,
    default py65's)."""
    fn = fn or MPU.instruct[op]
    base = MPU.cycletime[op]
    add = MPU.extracycles[op]

    def step(mpu, pc):
        mpu.pc = (pc + 1) & 0xFFFF
        mpu.excycles = 0
        mpu.addcycles = add
        fn(mpu)
        mpu.pc &= 0xFFFF
        return base + mpu.excycles
    step.__name__ = f"py65_{op:02x}"
    return step


def _build() -> dict[int, object]:
    table: dict[int, object] = {}
    for op in range(256):
        body = _body(op)
        if body is None:
            continue
        name, mode = MPU.disassemble[op]
        src = f"def op_{op:02x}(mpu, pc):\n{_indent(body)}\n"
        scope = {"NZ": NZ, "stock": _stock_step(op)}
        exec(compile(src, f"<fastops {name} {mode}>", "exec"), scope)
        table[op] = scope[f"op_{op:02x}"]
    return table


_FAST = _build()


def fast_opcodes() -> dict[int, object]:
    """Opcode -> its written-out function (the opcodes that do not run py65's code)."""
    return dict(_FAST)


def stock_requested() -> bool:
    """True when XQ65_STOCK_MPU asks for py65's own code for every opcode."""
    return os.environ.get("XQ65_STOCK_MPU", "") not in ("", "0")


def stock_table(mpu: MPU) -> list:
    """The run loop's table that runs `mpu`'s own instruction code for every opcode."""
    return [_stock_step(op, mpu.instruct[op]) for op in range(256)]


def step_table(mpu: MPU) -> list:
    """The run loop's table for `mpu`: `table[op](mpu, pc) -> cycles` (py65's code for
    every opcode when XQ65_STOCK_MPU is set)."""
    table = stock_table(mpu)
    if not stock_requested():
        for op, fn in _FAST.items():
            table[op] = fn
    return table


class LeanStop(Xq65Error):
    """Raised by the run loop's table entries for BRK and SED (before they run) and for
    PLP and RTI (after they ran, when they set D); Sim turns it into a SimError."""

    def __init__(self, op: int, pc: int, spent: int = 0):
        super().__init__(op, pc, spent)
        self.op, self.pc, self.spent = op, pc, spent


def lean_table(steps: list) -> list:
    """`steps` with BRK and SED replaced by entries that raise LeanStop, and PLP and RTI
    wrapped to raise it when they leave the decimal flag set."""
    table = list(steps)

    def stopper(op):
        def stop(mpu, pc):
            raise LeanStop(op, pc)
        return stop

    def checked(op, fn):
        def step(mpu, pc):
            spent = fn(mpu, pc)
            if mpu.p & FLAG_DECIMAL:
                raise LeanStop(op, pc, spent)
            return spent
        return step
    for op in (OP_BRK, OP_SED):
        table[op] = stopper(op)
    for op in (OP_PLP, OP_RTI):
        table[op] = checked(op, steps[op])
    return table


__all__ = ["step_table", "stock_table", "fast_opcodes", "stock_requested", "NZ", "lean_table",
           "LeanStop", "OP_BRK", "OP_SED", "OP_PLP", "OP_RTI", "FLAG_DECIMAL"]
