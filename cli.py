#!/usr/bin/env python3
"""Run irexec from a checkout without installing it: ``python cli.py run models/x.xml --random``."""

import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def _missing(name: str) -> None:
    sys.stderr.write(
        f"error: irexec needs {name!r}, which is not installed: run "
        f"'pip install -e .' here (or 'pip install lxml numpy networkx click ml_dtypes')\n"
    )
    sys.exit(1)


# A checkout without its dependencies: say what to install, in one line. irexec imports most of
# them only when a command needs them, so they are looked for (not imported) first.
for _name in ("click", "numpy", "lxml", "ml_dtypes", "networkx"):
    if importlib.util.find_spec(_name) is None:
        _missing(_name)
try:
    from irexec.cli import main  # noqa: E402
except ImportError as e:
    _missing(getattr(e, "name", None) or str(e))

if __name__ == "__main__":
    main()
