"""Long-running differential fuzzing of the sizing pass's families (see fuzz/README.md):

    python fuzz/fuzz_families.py --minutes 10             # random graphs over a growing length
    python fuzz/fuzz_families.py --replay 1234            # rerun one seed, print where the runs differ

Each case is a random graph (tests/helpers/familylib.py) stepped through lengths that grow by one, jump,
grow again and go back down, run by irexec with families and with a concrete sizing pass each step; the runs
must agree at every step (outputs bit for bit, or the same error line). A case that differs, or
raises anything but irexec's own errors, is a finding: its seed is printed and saved as
``families-<seed>.txt`` under --out.
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests"))
sys.path.insert(0, HERE)

from seed_loop import Case, parser, run  # noqa: E402

from helpers import familylib  # noqa: E402


def one(seed: int, path: str):
    """A finding's text for case ``seed``, or None."""
    try:
        return familylib.check(seed, path)
    except Exception:
        return traceback.format_exc()


def main(argv=None) -> int:
    args = parser(__doc__, os.path.join(HERE, "findings")).parse_args(argv)
    path = os.path.join(tempfile.mkdtemp(prefix="families-"), "case.xml")
    return run(args, "families", lambda seed: Case(one(seed, path)), "the runs agree")


if __name__ == "__main__":
    sys.exit(main())
