"""compare's ``--html FILE``: the path checked before the run (which may be long), the page written
after it in one piece."""

from __future__ import annotations

import os

import click

from .. import files
from ..errors import UsageError, one_line


def check_html(path: str) -> None:
    """Refuse an --html path that cannot be written (stdout, a directory, a missing folder)."""
    if path == "-":
        raise UsageError("--html: the report goes to stdout; name a file for the page")
    how, where = files.output_target(path, UsageError)
    folder = os.path.dirname(where) if how == "file" else None
    if folder is not None and not os.path.isdir(folder):
        raise UsageError(f"cannot write '{one_line(path)}': no folder '{one_line(os.path.dirname(path) or '.')}'")


def write_html(path: str, page: str) -> None:
    data = page.encode("utf-8")
    files.write_atomic(path, lambda f: f.write(data), UsageError)  # (a temporary file, renamed onto it)
    click.echo(f"wrote HTML to {one_line(path)}", err=True)
