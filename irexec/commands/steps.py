"""``irexec run --steps N`` and ``--dump-state DIR``: N inferences on the model's request (its
variables carried from each step to the next), each step's inputs from its files (``{step}`` in a
path) or drawn at random, and every file written once all the steps have run."""

from __future__ import annotations

import statistics

import click

from ..api.model import read_model
from ..errors import IRExecError, UsageError, one_line
from ..io.inputs import load_inputs, parse_shape_specs
from ..io.outputs import check_output_file, format_table, save_npz_atomic
from ..io.profile import profile_table
from ..io.random_inputs import random_inputs
from ..io.state import STEP, check_state_target, for_step, write_state
from ..limits import parse_size
from ..run.profiling import Profiler
from .running import run_repeated, warn_waived


def run_steps(
    model,
    weights,
    input_specs,
    use_random,
    seed,
    shape_specs,
    output,
    max_bytes,
    profile,
    repeat,
    reference,
    dump_dir,
    steps,
    state_dir,
    check=True,
):
    """``--steps N`` and ``--dump-state``: N inferences on the model's request, each step's inputs
    from its files or drawn at random, every file written once all of them have run."""
    for flag, given in (("--repeat", repeat > 1), ("--compare", reference), ("--dump", dump_dir)):
        if given and steps > 1:
            raise UsageError(f"{flag} runs one inference: not with --steps")
    if output and steps > 1 and STEP not in output:
        raise UsageError(f"-o '{output}': with --steps the path must hold '{STEP}' (one .npz per step)")
    m = read_model(model, weights, parse_size(max_bytes) if max_bytes else None, check=check)
    warn_waived(m)
    shapes = parse_shape_specs(m, shape_specs)
    if output:
        check_output_file(for_step(output, 0))
    if state_dir:
        check_state_target(state_dir)
    profiler = Profiler() if profile else None
    per_step, walls = [], []
    feeds = None
    for k in range(steps):
        try:
            if feeds is None or any(STEP in spec for spec in input_specs) or use_random:
                feeds = load_inputs(m, input_specs, step=k)
                made = random_inputs(m, feeds, shapes, seed + k) if use_random else {}
                feeds.update(made)
            results, wall = run_repeated(m, feeds, 1, None, set(made), profiler)
        except IRExecError as e:
            if steps > 1:
                e.message = f"{e.message} (at step {k})"
                e.args = (e.message,)
            raise
        walls += wall
        per_step.append(results)
    if output:
        for k, results in enumerate(per_step):
            save_npz_atomic(for_step(output, k), results)
    if state_dir:
        write_state(state_dir, m.name, [(s.name, s.state) for s in m.query_state()])
    for k, results in enumerate(per_step):
        if output:
            click.echo(f"step {k}: wrote {len(results)} output(s) to {one_line(for_step(output, k))}")
        else:
            click.echo((f"step {k}:\n" if steps > 1 else "") + format_table(m, results))
    if profiler:
        click.echo(profile_table(profiler.get_profiling_info(), steps, statistics.median(walls)))
    if state_dir:
        click.echo(f"wrote {len(m.variables)} variable(s) to {one_line(state_dir)} (listed in its index.json)")
