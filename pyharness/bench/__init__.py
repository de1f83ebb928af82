"""Benchmarks of the ROM's engine under py65: move generation (`movegen`), the search
level by level (`search`) and their PNG plots (`plot`)."""
