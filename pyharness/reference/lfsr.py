"""The engine's random source: a 16-bit Galois LFSR (docs/search.md, "LFSR").

Taps 0xB400 (x^16 + x^14 + x^13 + x^11 + 1, maximal period 65535), shifting right.
A seed of 0 (which would lock the register) is replaced by 0xACE1; after loading the
seed the register is clocked WARMUP (16) times, so that every seed bit reaches the low
byte before the first draw.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import Xq65Error

TAPS = 0xB400
ZERO_SEED_REPLACEMENT = 0xACE1
WARMUP = 16


class SeedError(Xq65Error, ValueError):
    """A seed outside 0..65535."""


@dataclass
class Lfsr:
    """A 16-bit Galois LFSR; `state` is never 0."""

    state: int

    @classmethod
    def seeded(cls, seed: int) -> "Lfsr":
        """Return an LFSR loaded with `seed` (0..65535; 0 means 0xACE1), then clocked
        WARMUP times."""
        if not 0 <= seed <= 0xFFFF:
            raise SeedError(f"seed must be 0..65535, got {seed}")
        lfsr = cls(seed or ZERO_SEED_REPLACEMENT)
        for _ in range(WARMUP):
            lfsr.step()
        return lfsr

    def step(self) -> int:
        """Clock once: shift right; when the bit shifted out was 1, XOR the taps."""
        out = self.state & 1
        self.state >>= 1
        if out:
            self.state ^= TAPS
        return out

    def next_byte(self) -> int:
        """Clock 8 times and return the low byte of the state."""
        for _ in range(8):
            self.step()
        return self.state & 0xFF

    def noise(self, mask: int) -> int:
        """Root noise: (next_byte() & mask) - (mask + 1) // 2; 0 without a draw if mask is 0."""
        if mask == 0:
            return 0
        return (self.next_byte() & mask) - ((mask + 1) >> 1)
