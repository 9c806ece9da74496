"""How much of a long fuzz or corpus sweep (a test marked ``sweep``) runs: a bounded slice by default,
as CI runs it, or all of it with ``pytest --sweep=full`` (tests/conftest.py sets IREXEC_SWEEP before
any test module is imported, so module-level settings can read it)."""

import os

FULL = os.environ.get("IREXEC_SWEEP") == "full"


def size(full: int, bounded: int) -> int:
    """``full`` under --sweep=full, else ``bounded``."""
    return full if FULL else bounded
