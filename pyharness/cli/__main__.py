"""`python -m pyharness.cli`: the same as `xq65`."""
import sys

from . import main

sys.exit(main(prog_name="xq65"))
