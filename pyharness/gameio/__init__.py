"""Games in and out of the cartridge: the battery save (savefile, startpos) and PGN
(pgn); docs/save_format.md is the reference page."""
