"""What an installed irexec needs beyond its Python files. Run from an empty folder, so that the
installed package is imported (in a checkout's own folder, the checkout would be). This checks
the packaging where irexec is installed as a package, as the CI does; an editable install maps to
the checkout, where the files are found anyway."""

from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_lint_finds_its_schema_wherever_irexec_is_installed(tmp_path):
    model = os.path.join(ROOT, "models", "kv_cache_update.xml")
    done = subprocess.run(
        [sys.executable, "-m", "irexec", "lint", model], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "1 model checked: 0 errors, 0 warnings" in done.stderr, done.stderr


def test_the_rules_pages_are_installed_with_irexec(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "irexec", "rules", "S001"], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    with open(os.path.join(ROOT, "docs", "rules.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.index("## S001\n")
    assert (
        done.stdout.startswith("## S001\n")
        and done.stdout.rstrip() == text[start : text.index("\n## ", start)].rstrip()
    )


# Most dependencies are imported when a command needs them, not at start: one missing still
# gives one line, from `python -m irexec` (or the installed script) and from the checkout's cli.py.
def _without(module: str, argv: list, entry: str) -> subprocess.CompletedProcess:
    code = f"import runpy, sys; sys.modules[{module!r}] = None; sys.argv = {argv!r}; " + (
        "runpy.run_module('irexec', run_name='__main__', alter_sys=True)"
        if entry == "module"
        else f"runpy.run_path({os.path.join(ROOT, 'cli.py')!r}, run_name='__main__')"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_a_missing_dependency_is_one_line_when_a_command_imports_it():
    model = os.path.join(ROOT, "models", "kv_cache_update.xml")
    for argv in (["irexec", "run", model, "--random"], ["irexec", "--help"]):  # (--help imports every command)
        done = _without("lxml", argv, "module")
        assert (done.returncode, done.stdout) == (1, ""), done.stderr
        assert done.stderr == "error: irexec needs 'lxml', which is not installed: run 'pip install lxml'\n"
    shown = _without("lxml", ["irexec", "--debug", "run", model, "--random"], "module")
    assert shown.returncode == 1 and "Traceback" in shown.stderr
    assert shown.stderr.endswith("error: irexec needs 'lxml', which is not installed: run 'pip install lxml'\n")


def test_the_checkout_script_names_a_missing_dependency_before_importing_it():
    done = _without(
        "ml_dtypes", ["cli.py", "run", os.path.join(ROOT, "models", "kv_cache_update.xml"), "--random"], "path"
    )
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        "error: irexec needs 'ml_dtypes', which is not installed: run 'pip install -e .' here "
        "(or 'pip install lxml numpy networkx click ml_dtypes')\n"
    )
