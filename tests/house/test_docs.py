"""The docs show real output: every ```console block in docs/*.md and README.md is run and compared.

In a block, a line starting with ``$ `` is a command, run by bash (``irexec`` is this checkout's
CLI, and ``python`` and ``python3`` the interpreter running the tests, whatever PATH holds;
``echo "exit $?"`` shows an exit status), and the lines after it, up to the next command, are what it prints (lines starting with ``> `` right after a
command continue it) (stdout, then stderr). A line ``...``
matches any number of lines. Commands run in a scratch folder laid out as the repository's root,
with copies of ``models/`` and ``docs/examples/`` (one folder per page): an example runs as written
from the root of a checkout, and a command that writes files leaves the checkout alone. Output that cannot
repeat (timings) belongs in a ```text block, which is not checked.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

import irexec

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGES = sorted(
    [os.path.join(ROOT, "docs", f) for f in os.listdir(os.path.join(ROOT, "docs")) if f.endswith(".md")]
    + [os.path.join(ROOT, "README.md")]
)
_BLOCK = re.compile(r"^```console\n(.*?)^```", re.S | re.M)


def examples():
    for page in PAGES:
        with open(page, encoding="utf-8") as f:
            text = f.read()
        for m in _BLOCK.finditer(text):
            line = text.count("\n", 0, m.start()) + 2
            cmd, out = None, []
            name = os.path.relpath(page, ROOT)
            for i, row in enumerate(m.group(1).splitlines()):
                if row.startswith("$ "):
                    if cmd is not None:
                        yield pytest.param(name, cmd, out, id=f"{name}:{cmd_line}")  # noqa: F821
                    cmd, out, cmd_line = row[2:], [], line + i
                elif row.startswith("> ") and cmd is not None and not out:
                    cmd += "\n" + row[2:]  # a command continued, as a shell shows it
                else:
                    out.append(row)
            if cmd is not None:
                yield pytest.param(name, cmd, out, id=f"{name}:{cmd_line}")


def matches(expected: list, got: list) -> bool:
    """Line by line, with ``...`` standing for any number of lines."""
    if not expected:
        return not got
    if expected[0] == "...":
        return any(matches(expected[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and got[0] == expected[0] and matches(expected[1:], got[1:])


_SCRATCH = {}


@pytest.fixture
def scratch(tmp_path_factory, page):
    """One folder per page: the commands on a page share it, in order, as a reader's would."""
    if page in _SCRATCH:
        return _SCRATCH[page]
    where = tmp_path_factory.mktemp("docs")
    _SCRATCH[page] = where
    shutil.copytree(os.path.join(ROOT, "models"), where / "models")
    if os.path.isdir(os.path.join(ROOT, "docs", "examples")):
        # Where they are in the repository: every example runs as written from its root.
        shutil.copytree(os.path.join(ROOT, "docs", "examples"), where / "docs" / "examples")
    _shims(where / "bin")
    return where


def _shims(folder) -> None:
    """``irexec``, ``python`` and ``python3`` in ``folder``, each running this interpreter (a
    script rather than a link: a link to a virtual environment's python outside it loses the
    environment)."""
    folder.mkdir()
    for name, args in (("irexec", " -m irexec"), ("python", ""), ("python3", "")):
        shim = folder / name
        shim.write_text(f'#!/bin/sh\nexec "{sys.executable}"{args} "$@"\n')
        shim.chmod(0o755)


def _env(scratch) -> dict:
    """The commands' environment: the shims first on PATH, this checkout importable."""
    return dict(
        os.environ,
        PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""),
        PATH=str(scratch / "bin") + os.pathsep + os.environ["PATH"],
        COLUMNS="100",
        NO_COLOR="1",
    )


def test_examples_run_this_interpreter(tmp_path, monkeypatch):
    """``python``, ``python3`` and ``irexec`` in an example are this interpreter, even when PATH
    already holds others (here a decoy folder put first)."""
    decoy = tmp_path / "decoy"
    decoy.mkdir()
    for name in ("python", "python3", "irexec"):
        (decoy / name).write_text("#!/bin/sh\necho decoy\n")
        (decoy / name).chmod(0o755)
    monkeypatch.setenv("PATH", str(decoy) + os.pathsep + os.environ["PATH"])
    _shims(tmp_path / "bin")
    show = "import sys; print(sys.executable)"
    cmd = f"python -c '{show}'; python3 -c '{show}'; irexec --version"
    proc = subprocess.run(["bash", "-c", cmd], cwd=tmp_path, capture_output=True, text=True, env=_env(tmp_path))
    assert proc.stdout.splitlines() == [sys.executable, sys.executable, f"irexec, version {irexec.__version__}"], (
        proc.stdout + proc.stderr
    )


def test_pages_have_examples():
    assert any(True for _ in examples())


@pytest.mark.parametrize("page,cmd,expected", list(examples()))
def test_example(page, cmd, expected, scratch):
    proc = subprocess.run(
        ["bash", "-c", cmd], cwd=scratch, capture_output=True, text=True, env=_env(scratch), timeout=120
    )
    got = [row.rstrip() for row in (proc.stdout + proc.stderr).splitlines()]
    want = [row.rstrip() for row in expected]
    assert matches(want, got), "\n".join(["expected:"] + want + ["got:"] + got)
