"""The engine protocols UCI and UCCI (`xq65 uci`): the cartridge's search for GUIs and
tournament managers.

One module per concern: `lines` reads bounded input lines, `commands` parses the
commands of both dialects, `dialects` formats what the engine says in each, `budget`
turns a `go` into search limits and a wall deadline, `runner` runs the asm or twin
search so that it can be stopped and reports its iterations, and `session` holds the
state (position, options, the search thread) and answers every command.
"""
