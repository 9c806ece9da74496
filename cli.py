#!/usr/bin/env python3
"""Run irexec from a checkout without installing it: ``python cli.py run models/x.xml --random``."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from irexec.cli import main  # noqa: E402

if __name__ == "__main__":
    main()
