"""The loop the seeded differential fuzzers share (fuzz_families.py, fuzz_plain_ir.py): their
command line (--minutes, --seed, --out, --replay), a case per seed until the time is up, each
finding printed on one line and saved under --out, a count printed once a minute."""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Case:
    """What one seed gave: ``finding`` (its text) or None; ``headline``, the finding's line;
    ``files``, more to save beside it (extension -> bytes); ``counts``, what to tally (a name ->
    how many, as "read the quick way")."""

    finding: str | None
    headline: str = ""
    files: dict = field(default_factory=dict)
    counts: dict = field(default_factory=dict)


def parser(doc: str, default_out: str) -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=0, help="the first case's seed (then +1 a case)")
    ap.add_argument("--out", default=default_out)
    ap.add_argument("--replay", type=int, metavar="SEED", help="rerun one case")
    return ap


def run(args, prefix: str, case: Callable[[int], Case | None], agree: str) -> int:
    """Cases from ``args.seed`` on for ``args.minutes`` (``case(seed)``: None to leave a seed out),
    or the one case ``args.replay`` (``agree``: what to say when it finds nothing). Exit status 1
    when anything was found."""
    if args.replay is not None:
        found = case(args.replay)
        print(found.finding if found is not None and found.finding else f"seed {args.replay}: {agree}")
        return 1 if found is not None and found.finding else 0
    end, seed, cases, findings, tally = time.monotonic() + args.minutes * 60, args.seed, 0, 0, {}
    minute = time.monotonic() + 60
    while time.monotonic() < end:
        found = case(seed)
        if found is not None:
            cases += 1
            for name, n in found.counts.items():
                tally[name] = tally.get(name, 0) + n
            if found.finding:
                findings += 1
                os.makedirs(args.out, exist_ok=True)
                with open(os.path.join(args.out, f"{prefix}-{seed}.txt"), "w") as f:
                    f.write(found.finding + "\n")
                for ext, data in found.files.items():
                    with open(os.path.join(args.out, f"{prefix}-{seed}.{ext}"), "wb") as f:
                        f.write(data)
                print(f"seed {seed}: {found.headline or found.finding.splitlines()[-1]}", flush=True)
        if time.monotonic() > minute:
            print(f"{cases} cases{_counts(tally)}, {findings} findings", flush=True)
            minute += 60
        seed += 1
    print(
        f"{cases} cases (seeds {args.seed}..{seed - 1}{'; ' + _counts(tally)[2:-1] if tally else ''}), "
        f"{findings} findings"
    )
    return 1 if findings else 0


def _counts(tally: dict) -> str:
    return f" ({', '.join(f'{n} {name}' for name, n in tally.items())})" if tally else ""
