"""``python -m irexec.openvino PROGRAM.py [ARGS...]``: a program written for openvino, run on irexec."""

import sys

from ._runner import main

if __name__ == "__main__":
    sys.exit(main())
