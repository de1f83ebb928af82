"""xq65 harness: build, simulate, reference engine, emulator access."""

#: the cyclic garbage collector's first threshold in the harness's long runs (the CLI,
#: the tests): CPython's default, 700 allocations, makes it sweep every few nodes of a
#: search; at 50,000 the twin's and the simulator's searches run 15-20 % faster
#: (docs/journal.md, "One lean run loop")
GC_GEN0_THRESHOLD = 50_000


def tune_gc() -> None:
    """Raise the collector's first threshold to GC_GEN0_THRESHOLD (the others kept)."""
    import gc
    gc.set_threshold(GC_GEN0_THRESHOLD, *gc.get_threshold()[1:])
