"""xq65 harness: build, simulate, reference engine, emulator access."""
