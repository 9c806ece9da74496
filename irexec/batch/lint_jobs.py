"""``irexec lint -j N``: the models of a lint run checked on N worker processes (or a local Dask
cluster, with Dask installed), their findings reported in the order of the files, as one process
would report them."""

from __future__ import annotations

from .engines import run_all


def _check_one(_ref, index: int, path: str, weights):
    from dataclasses import replace

    from ..check.lint import check

    # (Without the error behind each finding: it may hold the parser's state, which does not cross
    # processes, and the command prints findings only.)
    return index, [replace(f, cause=None) for f in check(path, weights).findings]


def check_all(files: list, weights, jobs: int) -> list:
    """Each file's findings (a list per file, in the files' order)."""
    found = [None] * len(files)

    def done(row):
        index, findings = row
        found[index] = findings

    run_all(_check_one, [(i, path, weights) for i, path in enumerate(files)], jobs, None, lambda local: None, done)
    return found
