"""``irexec run --inputs ... --outputs DIR``: the command line of a batch (irexec.batch runs it)."""

from __future__ import annotations

import json

import click

from ..errors import UsageError
from ..io.compare_outputs import DEFAULT_ATOL, DEFAULT_RTOL
from ..limits import parse_size


def run_batch_command(model, weights, max_bytes, inputs, outputs, compare_dir, jobs, scheduler, rtol, atol, **single):
    """``--inputs``: the batch job (irexec.batch), its JSON summary on stdout."""
    if not inputs or not outputs:
        raise UsageError("a batch needs both --inputs and --outputs")
    flags = {
        "input_specs": "-i",
        "use_random": "--random",
        "output": "-o",
        "profile": "--profile",
        "reference": "--compare",
        "dump_dir": "--dump",
        "state_dir": "--dump-state",
    }
    clash = [flag for key, flag in flags.items() if single[key]] + (["--steps"] if single["steps"] > 1 else [])
    if clash:
        raise UsageError(f"--inputs runs a batch: {', '.join(clash)} cannot be used with it")
    for flag, value in (("--rtol", rtol), ("--atol", atol)):
        if value is not None and not value >= 0:
            raise UsageError(f"{flag} must be a number >= 0, got {value}")
    if (rtol is not None or atol is not None) and not compare_dir:
        raise UsageError("--rtol and --atol need --compare-dir (or --compare)")
    from ..batch import run_batch

    summary = run_batch(
        model,
        weights,
        inputs,
        outputs,
        jobs,
        scheduler,
        parse_size(max_bytes) if max_bytes else None,
        compare_dir,
        DEFAULT_RTOL if rtol is None else rtol,
        DEFAULT_ATOL if atol is None else atol,
    )
    click.echo(json.dumps(summary, indent=2))
    failed = summary["failed"] or summary["missing"] or summary.get("compare", {}).get("mismatched_samples")
    if failed:
        raise SystemExit(1)
