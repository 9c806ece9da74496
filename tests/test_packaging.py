"""What an installed irexec needs beyond its Python files. Run from an empty folder, so that the
installed package is imported (in a checkout's own folder, the checkout would be). This checks
the packaging where irexec is installed as a package, as the CI does; an editable install maps to
the checkout, where the files are found anyway."""
from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_lint_finds_its_schema_wherever_irexec_is_installed(tmp_path):
    model = os.path.join(ROOT, "models", "kv_cache_update.xml")
    done = subprocess.run([sys.executable, "-m", "irexec", "lint", model], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "1 model checked: 0 errors, 0 warnings" in done.stderr, done.stderr


def test_the_rules_pages_are_installed_with_irexec(tmp_path):
    done = subprocess.run([sys.executable, "-m", "irexec", "rules", "S001"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    with open(os.path.join(ROOT, "docs", "rules.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.index("## S001\n")
    assert done.stdout.startswith("## S001\n") and done.stdout.rstrip() == text[start:text.index("\n## ", start)].rstrip()
