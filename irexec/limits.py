"""The memory budget: the most bytes any one tensor may take. A shape over it is refused before
anything is allocated — a Const's unpacked values, a --random input, or any intermediate the
shape-inference pass can size in advance.

Default: half the machine's physical memory, at most 16 GiB; override per model with
``read_model(..., max_tensor_bytes=N)``, on the command line with ``--max-bytes``, or for the
process with the ``IREXEC_MAX_TENSOR_BYTES`` environment variable.
"""

from __future__ import annotations

import os
import re

from .errors import UsageError

_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def physical_memory() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


def parse_size(text: str) -> int:
    """``"4G"``, ``"512m"``, ``"1000000"`` -> bytes."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*", str(text), re.I)
    if not m:
        raise UsageError(f"'{text}' is not a size (use a number of bytes, or e.g. 512M, 4G)")
    value = int(float(m.group(1)) * _UNITS[m.group(2).lower()])
    if value <= 0:
        raise UsageError(f"the size must be positive, got '{text}'")
    return value


def default_max_tensor_bytes() -> int:
    env = os.environ.get("IREXEC_MAX_TENSOR_BYTES")
    if env:
        return parse_size(env)
    mem = physical_memory()
    return min(mem // 2, 16 << 30) if mem else 4 << 30


def fmt_bytes(n: int) -> str:
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n} bytes"
