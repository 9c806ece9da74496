"""Long-running differential fuzzing of the sizing pass's families (see fuzz/README.md):

    python fuzz/fuzz_families.py --minutes 10             # random graphs over a growing length
    python fuzz/fuzz_families.py --replay 1234            # rerun one seed, print where the runs differ

Each case is a random graph (tests/familylib.py) stepped through lengths that grow by one, jump,
grow again and go back down, run by irexec with families and with a concrete sizing pass each step; the runs
must agree at every step (outputs bit for bit, or the same error line). A case that differs, or
raises anything but irexec's own errors, is a finding: its seed is printed and saved as
``families-<seed>.txt`` under --out.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests"))

import familylib  # noqa: E402


def one(seed: int, path: str):
    """A finding's text for case ``seed``, or None."""
    try:
        return familylib.check(seed, path)
    except Exception:
        return traceback.format_exc()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=0, help="the first case's seed (then +1 a case)")
    ap.add_argument("--out", default=os.path.join(HERE, "findings"))
    ap.add_argument("--replay", type=int, metavar="SEED", help="rerun one case")
    args = ap.parse_args(argv)
    work = tempfile.mkdtemp(prefix="families-")
    path = os.path.join(work, "case.xml")
    if args.replay is not None:
        found = one(args.replay, path)
        print(found or f"seed {args.replay}: the runs agree")
        return 1 if found else 0
    end, seed, cases, findings = time.monotonic() + args.minutes * 60, args.seed, 0, 0
    minute = time.monotonic() + 60
    while time.monotonic() < end:
        found = one(seed, path)
        cases += 1
        if found:
            findings += 1
            os.makedirs(args.out, exist_ok=True)
            with open(os.path.join(args.out, f"families-{seed}.txt"), "w") as f:
                f.write(found + "\n")
            print(f"seed {seed}: {found.splitlines()[-1]}", flush=True)
        if time.monotonic() > minute:
            print(f"{cases} cases, {findings} findings", flush=True)
            minute += 60
        seed += 1
    print(f"{cases} cases (seeds {args.seed}..{seed - 1}), {findings} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
