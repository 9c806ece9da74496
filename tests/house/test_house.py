"""The house's habits, kept by the suite so CI runs them: ruff's lint and format clean over the whole
tree, and the type checker clean over the stages it covers (pyproject.toml's [tool.ruff] and
[tool.mypy]). Each tool runs in the checkout, as a developer runs it; the versions are pinned in the
test extras, since a newer ruff formats differently."""

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _tool(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize(
    "args",
    [("ruff", "check", "--no-cache", "."), ("ruff", "format", "--check", "--no-cache", ".")],
    ids=["lint", "format"],
)
def test_ruff_is_clean(args):
    done = _tool(*args)
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]


def test_the_type_checker_is_clean_on_its_stages(tmp_path):
    # (a cache of its own: a fresh machine starts cold, and the checkout's stays untouched)
    done = _tool("mypy", "--cache-dir", str(tmp_path / "mypy"))
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]
    assert done.stdout.startswith("Success: no issues found"), done.stdout


def test_the_package_says_it_is_typed():
    assert os.path.isfile(os.path.join(ROOT, "irexec", "py.typed"))


@pytest.mark.skipif(
    shutil.which("git") is None or not os.path.isdir(os.path.join(ROOT, ".git")), reason="a git checkout"
)
def test_ruff_sees_every_python_file_git_tracks():
    # An exclude that grows too wide would pass the checks above by checking nothing.
    tracked = subprocess.run(["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    done = _tool("ruff", "check", "--no-cache", "--show-files", ".")
    seen = {os.path.relpath(line.strip(), ROOT) for line in done.stdout.splitlines() if line.strip().endswith(".py")}
    assert set(tracked) - seen == set()
