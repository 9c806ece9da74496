"""Graphviz's ``dot``, run on the DOT ``irexec show`` makes: found on PATH, run without a shell,
stopped after a timeout, its output kept in memory so a failure writes no file."""

from __future__ import annotations

import shutil
import subprocess

from ..errors import ExecutionError, UsageError


def dot_executable() -> str:
    """Graphviz's ``dot``, or a UsageError saying it is missing (checked before any work)."""
    exe = shutil.which("dot")
    if exe is None:
        raise UsageError(
            "Graphviz's dot is not installed (not found on PATH), so --svg and --png "
            "cannot be made; use --dot FILE to write the graph as DOT instead"
        )
    return exe


def render(dot_text: str, fmt_name: str, timeout: float, exe: str | None = None) -> bytes:
    """Lay the graph out with Graphviz: the SVG or PNG bytes (kept in memory, so that a failed
    run leaves no file behind)."""
    exe = exe or dot_executable()
    try:
        proc = subprocess.run(
            [exe, f"-T{fmt_name}"], input=dot_text.encode("utf-8"), capture_output=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        raise ExecutionError(
            f"Graphviz's dot did not finish within {timeout:g} s; use a longer --timeout, or --dot FILE"
        ) from None
    except OSError as e:
        raise ExecutionError(f"cannot run Graphviz's dot: {e.strerror or e}") from None
    if proc.returncode != 0 or not proc.stdout:
        why = next(
            (ln for ln in proc.stderr.decode("utf-8", "replace").splitlines() if ln.strip()),
            f"exit status {proc.returncode}",
        )
        raise ExecutionError(f"Graphviz's dot failed making {fmt_name.upper()}: {why.strip()}")
    return proc.stdout
