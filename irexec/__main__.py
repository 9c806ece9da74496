"""``python -m irexec``: the same command line as ``irexec``."""

from .cli import main

main()
