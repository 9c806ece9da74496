#!/usr/bin/env python3
"""Run irexec from a checkout without installing it: ``python cli.py run models/x.xml --random``."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

try:
    from irexec.cli import main  # noqa: E402
except ImportError as e:  # (a checkout without its dependencies: say what to install, in one line)
    missing = getattr(e, "name", None) or str(e)
    sys.stderr.write(f"error: irexec needs {missing!r}, which is not installed: run "
                     f"'pip install -e .' here (or 'pip install lxml numpy networkx click ml_dtypes')\n")
    sys.exit(1)

if __name__ == "__main__":
    main()
